// Stop during a large apply: the apply ends after the file in progress,
// the report says it stopped, every file is either where it was or where
// the plan put it (none lost, none half-moved), and undo puts back the
// ones that moved, byte for byte.

import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { check, equal } from "../lib/harness.mjs";
import { diff, fill, sandbox, snapshot, startUi } from "../lib/tidyup.mjs";
import * as ui from "../lib/ui.mjs";

export async function stopFlow(scope, browser) {
  const box = sandbox(scope);
  const dir = join(box.root, "Big");
  mkdirSync(dir);
  fill(dir, 3000);
  const before = snapshot(dir);
  const server = await startUi(scope, box, dir, ["--lang", "en"]);
  const page = await browser.newPage();
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);
  await ui.open(page, server.url);
  const plan = await ui.organize(page);
  const reports = await ui.reportCount(page);
  await page.click("#apply");
  // Stop once the apply is well under way and far from its end.
  await page.waitForFunction(() => {
    const p = document.getElementById("progress");
    return !document.getElementById("stop").hidden && p.value / p.max > 0.02 && p.value / p.max < 0.5;
  });
  await page.click("#stop");
  const report = await ui.waitForReport(page, reports, { timeout: 120_000 });
  check(report.stopped, `the report says it stopped: ${JSON.stringify(report)}`);
  const total = ui.rows(plan).length;
  check(report.moved > 0 && report.moved < total, `some but not all moved: ${report.moved} of ${total}`);
  equal(report.moved + report.left, total, "moved and left add up to the plan");
  check(await page.evaluate(() => !document.getElementById("report-stopped").hidden), "the page says it stopped");

  // Every file is where it was or where the plan put it; as many moved as the report says.
  const files = ui.filesOf(snapshot(dir));
  const where = new Map(ui.rows(plan).map((r) => [join(r.from || "", r.from_name || r.name), join(r.to, r.name)]));
  let moved = 0;
  for (const [path, hash] of Object.entries(ui.filesOf(before))) {
    const to = where.get(path);
    if (files[path] === hash) continue;
    check(to && files[to] === hash, `${path} is neither where it was nor at ${to}`);
    moved++;
  }
  equal(Object.keys(files).length, Object.keys(ui.filesOf(before)).length, "no file lost or added");
  equal(moved, report.moved, "the files moved are those the report counts");

  await ui.undo(page);
  equal(diff(ui.filesOf(before), ui.filesOf(snapshot(dir))), [], "after undo, every file is back");
  equal(snapshot(dir), before, "after undo, the folder is as before, byte for byte");
  equal(page.errors, [], "no script error on the page");
}
