// The session as one window holds it: one tab owns it and another may take
// it over, Ctrl-C ends it; the folder dialog's usual places.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { check, equal } from "../lib/harness.mjs";
import { sandbox, smallFolder, snapshot, startUi } from "../lib/tidyup.mjs";
import * as ui from "../lib/ui.mjs";

/** One tab owns the session: a second is told so, and may take it over; Ctrl-C ends it. */
export async function twoTabs(scope, browser) {
  const box = sandbox(scope);
  const dir = smallFolder(box);
  // Ended as Ctrl-C in the terminal ends it.
  const server = await startUi(scope, box, dir, ["--lang", "en"], {}, { stopSignal: "SIGINT" });
  const first = await browser.newPage();
  scope.defer(() => first.close());
  ui.explainWith(scope, first, server);
  await ui.open(first, server.url);
  const second = await browser.newPage();
  scope.defer(() => second.close());
  // The second tab reaches the same window as `localhost`, which is allowed.
  await second.goto(server.url.replace("127.0.0.1", "localhost"));
  await second.waitFor("#conflict");
  check(await second.evaluate(() => document.getElementById("organize").disabled), "the second tab cannot organize");
  await second.click("#take-over");
  await second.waitForFunction(() => document.getElementById("conflict").hidden && !document.getElementById("organize").disabled);
  await first.waitFor("#taken-over");
  check(await first.evaluate(() => document.getElementById("organize").disabled), "the first tab cannot organize any more");
  const plan = await ui.organize(second);
  check(plan.groups.length > 0, "the tab that took over organizes");
  equal([...first.errors, ...second.errors], [], "no script error on either page");
}

/** The folder dialog lists the usual places; one chosen, the session is there. */
export async function places(scope, browser) {
  const box = sandbox(scope);
  const dir = join(box.home, "Downloads");
  const desktop = join(box.home, "Desktop");
  for (const folder of [dir, desktop, join(box.home, "Documents")]) mkdirSync(folder);
  writeFileSync(join(dir, "a.pdf"), "a");
  writeFileSync(join(desktop, "holiday.jpg"), "jpg");
  writeFileSync(join(desktop, "notes.txt"), "notes");
  const server = await startUi(scope, box, dir, ["--lang", "en"]);
  const page = await browser.newPage();
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);
  await ui.open(page, server.url);
  await page.click("#choose-folder");
  await page.waitFor("#folder-dialog[open]");
  await page.waitFor("#places button[data-path]");
  const listed = await page.evaluate(() => [...document.querySelectorAll("#places button[data-path]")].map((b) => b.dataset.path));
  for (const folder of [dir, desktop, join(box.home, "Documents")]) check(listed.includes(folder), `${folder} among the places: ${listed}`);
  await page.press("Escape");
  await page.waitFor("#folder-dialog[open]", { hidden: true });
  await page.click("#choose-folder");
  await page.waitFor("#places button[data-path]");
  await page.click(`#places button[data-path="${desktop}"]`);
  await page.waitForFunction((p) => window.tidyup.state && window.tidyup.state.folder === p, desktop);
  const plan = await ui.organize(page);
  equal(ui.rows(plan).map((r) => r.name).sort(), ["holiday.jpg", "notes.txt"], "the plan is of the chosen folder");
  equal(page.errors, [], "no script error on the page");
}

/**
 * `--dry-run`: Apply only saves the plan (the folder stays as it was, and
 * there is nothing to undo); the plan's filter narrows the rows shown.
 */
export async function dryRun(scope, browser) {
  const box = sandbox(scope);
  const dir = smallFolder(box);
  const before = snapshot(dir);
  const server = await startUi(scope, box, dir, ["--lang", "en", "--dry-run"]);
  const page = await browser.newPage();
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);
  await ui.open(page, server.url);
  check((await ui.state(page)).dry_run, "the state says dry run");
  const plan = await ui.organize(page);

  await page.fill("#plan-filter", "report");
  await page.waitForFunction(() =>
    [...document.querySelectorAll("#plan tr[data-row-id]")].filter((tr) => tr.getClientRects().length).length === 1);
  const shown = await page.evaluate(() =>
    [...document.querySelectorAll("#plan tr[data-row-id]")].filter((tr) => tr.getClientRects().length).map((tr) => tr.querySelector("th").textContent));
  equal(shown.map((t) => t.includes("report.pdf")), [true], "the filter shows report.pdf alone");
  await page.fill("#plan-filter", "");
  await page.waitForFunction((n) =>
    [...document.querySelectorAll("#plan tr[data-row-id]")].filter((tr) => tr.getClientRects().length).length === n, ui.rows(plan).length);

  const report = await ui.apply(page);
  equal(snapshot(dir), before, "a dry run's apply changes nothing on disk");
  const saved = report.lines.join("\n").match(/tidyup apply "([^"]+)"/);
  check(saved, `the report names the saved plan: ${JSON.stringify(report.lines)}`);
  check(await page.evaluate(() => document.getElementById("undo").hidden), "nothing to undo");
  equal(page.errors, [], "no script error on the page");
}
