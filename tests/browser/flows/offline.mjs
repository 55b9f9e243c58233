// The whole flow with the offline planner, the same steps in each browser:
// keyboard to Organize, the plan as an accessible table, untick a row and a
// group, change a destination through the dialog (Escape closes it),
// apply, check the disk, undo, check the disk byte for byte.

import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { check, equal } from "../lib/harness.mjs";
import { demo, diff, sandbox, snapshot, startUi } from "../lib/tidyup.mjs";
import * as ui from "../lib/ui.mjs";

/** The new folder the test moves one file into by hand. */
const PICKED = "Picked by hand";

export async function offlineFlow(scope, browser) {
  const box = sandbox(scope);
  const dir = demo(box, join(box.root, "messy"));
  writeFileSync(join(dir, "report.pdf"), "%PDF-1.4\n% a report\n");
  const before = snapshot(dir);
  const server = await startUi(scope, box, dir, ["--lang", "en"]);
  const page = await browser.newPage();
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);

  await ui.open(page, server.url);
  // Keyboard: Tab reaches Organize, Enter starts it.
  await ui.tabTo(page, "organize");
  await page.press("Enter");
  const plan = await ui.waitForPlan(page);
  equal(snapshot(dir), before, "the plan is a dry run: the folder is as before");

  await checkTable(page, plan);

  // The rows to change: report.pdf unticked; a whole other group unticked;
  // one row of a third group moved into a new folder.
  const all = ui.rows(plan);
  const report = all.find((r) => r.name === "report.pdf");
  check(report, `no row for report.pdf in the plan: ${JSON.stringify(all.map((r) => r.name))}`);
  const groups = plan.groups.filter((g) => g.destination !== null && g.destination !== report.group);
  check(groups.length >= 2, `the plan has too few groups to untick one and change another: ${plan.groups.map((g) => g.destination)}`);
  const dropped = groups.find((g) => g.rows.length >= 2) ?? groups[0];
  const changedRow = groups.find((g) => g !== dropped).rows[0];

  await ui.untickRow(page, report.id);
  await ui.untickGroup(page, dropped.destination);

  // Escape closes the dialog and changes nothing; focus goes back.
  await ui.openDestination(page, changedRow.id);
  await page.press("Escape");
  await page.waitFor("#destination-dialog[open]", { hidden: true });
  const focus = await page.evaluate(() => document.activeElement?.dataset?.changeTo ?? null);
  equal(focus, changedRow.id, "after Escape, focus is back on the row's Change button");
  await ui.changeDestination(page, changedRow.id, PICKED);

  const unticked = new Set([report.id, ...dropped.rows.map((r) => r.id)]);
  const expected = ui.expectedAfter(before, plan, { unticked, changed: { [changedRow.id]: PICKED } });
  const result = await ui.apply(page);
  const after = snapshot(dir);
  const files = ui.filesOf(after);
  equal(diff(expected, files), [], "after apply, each file is where the edited plan put it");
  check(files["report.pdf"], "the unticked report.pdf stayed where it was");
  for (const row of dropped.rows) {
    const from = join(row.from || "", row.from_name || row.name);
    check(before[from] === after[from] || before[`${from}/`] === after[`${from}/`], `${from} of the unticked group stayed where it was`);
  }
  if (dropped.new) check(!existsSync(join(dir, dropped.destination)), `the unticked group's new folder ${dropped.destination} was made`);
  check(existsSync(join(dir, PICKED, changedRow.name)), `${changedRow.name} is in the new folder ${PICKED}`);
  const moved = all.length - unticked.size;
  equal([result.moved, result.stopped], [moved, false], "the report counts the moved files");
  check(
    (await page.evaluate(() => window.tidyup.events.filter((e) => e.kind === "progress").length)) > 0,
    "apply sent progress events",
  );

  await ui.undo(page);
  const restored = snapshot(dir);
  equal(diff(before, restored), [], "after undo, the folder is as before, byte for byte");
  equal(restored, before, "after undo, every path and hash as before");
  equal(page.errors, [], "no script error on the page");
}

/** The plan is a real table: column headers, labelled checkboxes. */
async function checkTable(page, plan) {
  const facts = await page.evaluate(() => {
    const table = document.querySelector("#plan table");
    const heads = [...table.querySelectorAll("thead th")].map((th) => [th.getAttribute("scope"), th.textContent.trim()]);
    const boxes = [...table.querySelectorAll("tr[data-row-id]")].map((tr) => ({
      id: tr.dataset.rowId,
      label: tr.querySelector("input[type=checkbox]")?.getAttribute("aria-label") ?? "",
    }));
    return { role: table.getAttribute("role"), heads, boxes };
  });
  check(facts.role === null || facts.role === "table", `the plan's role is ${facts.role}`);
  equal(facts.heads.map(([s]) => s), facts.heads.map(() => "col"), "the plan's header cells are column headers");
  check(facts.heads.length >= 6 && facts.heads.every(([, text]) => text), `header row: ${JSON.stringify(facts.heads)}`);
  const names = new Map(ui.rows(plan).map((r) => [r.id, r.name]));
  for (const { id, label } of facts.boxes) {
    check(label.includes(names.get(id)), `row ${id}'s checkbox is named ${JSON.stringify(label)}, without ${names.get(id)}`);
  }
  if (page.browser === "chromium") {
    // The accessibility tree as assistive technology reads it.
    const raw = page.raw;
    equal(await raw.getByRole("table").count(), 1, "one table");
    check((await raw.getByRole("columnheader").count()) >= 6, "the table has column headers");
    equal(await raw.getByRole("checkbox", { name: /report\.pdf/ }).count(), 1, "a checkbox named after report.pdf");
    equal(await raw.getByRole("button", { name: /Organize/ }).count() >= 1, true, "an Organize button");
  }
}
