// The window in Chinese, the window after an apply, and the screenshots
// for the README (Chromium, 1280×800, light scheme). The screenshots are
// written into docs/screenshots only when TIDYUP_SCREENSHOTS names it, so
// a test run never rewrites the committed ones.

import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";

import { check, equal } from "../lib/harness.mjs";
import { ROOT, demo, diff, fill, sandbox, snapshot, startUi } from "../lib/tidyup.mjs";
import * as ui from "../lib/ui.mjs";

/** Where screenshots go, or null when none is asked for. */
export const SHOTS = process.env.TIDYUP_SCREENSHOTS || null;

/** `docs/screenshots/ui-NAME.png` when asked for, else null. */
export function shot(name) {
  if (!SHOTS) return null;
  mkdirSync(SHOTS, { recursive: true });
  return join(SHOTS, `ui-${name}.png`);
}

/** `tidyup ui --lang zh`: the page and the plan in Chinese. */
export async function chineseFlow(scope, browser) {
  const box = sandbox(scope);
  const dir = demo(box, join(box.root, "下载"));
  const server = await startUi(scope, box, dir, ["--lang", "zh"]);
  const page = await browser.newPage();
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);
  await ui.open(page, server.url);
  equal(await page.evaluate(() => document.documentElement.lang), "zh", "the page's language");
  equal(await page.evaluate(() => document.getElementById("organize").textContent.trim()), "整理", "the Organize button in Chinese");
  const plan = await ui.organize(page);
  const heads = await page.evaluate(() => [...document.querySelectorAll("#plan thead th")].map((th) => th.textContent.trim()));
  check(heads.every((h) => /[\u4e00-\u9fff]/.test(h)), `the plan's headers in Chinese: ${heads}`);
  // Each row says its kind, size and why, in the session's language.
  const han = /[\u4e00-\u9fff]/;
  const bare = ui.rows(plan).filter((r) => !han.test(r.kind ?? "") || !r.size_text || !han.test(r.why?.text ?? ""));
  const shown = bare.slice(0, 3).map((r) => [r.name, r.kind, r.size_text, r.why]);
  equal([bare.length, shown], [0, []], "rows without a kind, size or reason in Chinese (how many, the first three)");
  if (shot("plan-zh")) await page.screenshot(shot("plan-zh"));
  equal(page.errors, [], "no script error on the page");
}

/**
 * The plan table of the demo folder, applied; then a large folder chosen
 * through the folder dialog, its apply's progress; then the History.
 */
export async function screenshots(scope, browser) {
  const box = sandbox(scope);
  const dir = demo(box, join(box.root, "Downloads"));
  const big = join(box.root, "Old backup");
  mkdirSync(big);
  fill(big, 3000);
  const server = await startUi(scope, box, dir, ["--lang", "en"]);
  const page = await browser.newPage();
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);
  await ui.open(page, server.url);
  const plan = await ui.organize(page);
  // One row unticked and one destination changed, as a person would.
  const first = plan.groups.find((g) => g.rows.length >= 3) ?? plan.groups[0];
  await ui.untickRow(page, first.rows[1].id);
  await ui.changeDestination(page, first.rows[2].id, "Keep");
  await page.evaluate(() => {
    document.getElementById("plan-section").scrollIntoView({ block: "start" });
    for (const box of document.querySelectorAll("#plan .table-scroll")) box.scrollTop = 0;
  });
  await page.screenshot(shot("plan"));
  await ui.apply(page);

  await ui.chooseFolder(page, big);
  await ui.organize(page);
  const reports = await ui.reportCount(page);
  await page.click("#apply");
  await page.waitForFunction(() => {
    const p = document.getElementById("progress");
    return !document.getElementById("progress-box").hidden && p.value / p.max > 0.05 && p.value / p.max < 0.8;
  }, null, { timeout: 120_000 });
  await page.evaluate(() => document.getElementById("progress-box").scrollIntoView({ block: "center" }));
  await page.screenshot(shot("progress"));
  await ui.waitForReport(page, reports, { timeout: 300_000 });
  await page.waitForFunction(() => document.querySelectorAll("#history-list > [data-session]").length >= 2);
  // The first session undone from the History, as its badge then shows.
  const [, older] = await ui.historyShown(page);
  await ui.undoFromHistory(page, older.session);
  await page.waitForFunction((id) => document.querySelector(`#history-list > [data-session="${id}"].undone`), older.session);
  await page.evaluate(() => document.getElementById("history").scrollIntoView({ block: "start" }));
  await page.screenshot(shot("history"));
  equal(page.errors, [], "no script error on the page");
}

/** Where the window after an apply goes: `window-after-apply.png` in the
 * screenshots' folder when asked for, else in target/. */
function afterApplyPath() {
  const folder = SHOTS ?? join(ROOT, "target");
  mkdirSync(folder, { recursive: true });
  return join(folder, "window-after-apply.png");
}

/** The report's line of files moved, as `{ folder: count }` ("" is the
 * folder itself): `4 files moved: 3 into Documents, 1 into Images.` or
 * `1 file moved into Documents.` */
function movedInto(line) {
  const place = (folder) => (folder === "this folder" ? "" : folder);
  const one = /^\d+ files? moved into (.+)\.$/.exec(line);
  if (one) return { [place(one[1])]: Number(/^\d+/.exec(line)[0]) };
  const each = /^\d+ files? moved: (.+)\.$/.exec(line);
  if (!each) return null;
  return Object.fromEntries(each[1].split(", ").map((part) => {
    const [, n, folder] = /^(\d+) into (.+)$/.exec(part);
    return [place(folder), Number(n)];
  }));
}

/**
 * The demo folder (fixed files, the offline planner) organized and applied
 * in the window: the "Done" report, with no dry run said above it, counts
 * what the disk shows (each folder's new files, the trash), and its
 * screenshot is taken (`window-after-apply.png`, 1,280 px wide).
 */
export async function afterApplyShot(scope, browser) {
  const box = sandbox(scope);
  const dir = demo(box, join(box.root, "Downloads"));
  const server = await startUi(scope, box, dir, ["--lang", "en", "--provider", "offline"]);
  const page = await browser.newPage();
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);
  await ui.open(page, server.url);
  const before = snapshot(dir);
  await ui.organize(page);
  equal(snapshot(dir), before, "the plan is a dry run: the folder is as before");
  const report = await ui.apply(page);
  const after = snapshot(dir);
  const gone = Object.keys(before).filter((path) => !path.endsWith("/") && !(path in after));
  const arrived = Object.keys(after).filter((path) => !path.endsWith("/") && !(path in before));
  equal(report.title, "Done", "the report's title");
  equal(report.moved, gone.length, `the report counts the files gone from where they were: ${diff(before, after).join(", ")}`);

  // The files moved, folder by folder, as the disk has them.
  const said = report.lines.map(movedInto).find(Boolean);
  check(said, `no line of files moved: ${JSON.stringify(report.lines)}`);
  const onDisk = {};
  for (const path of arrived) {
    const folder = dirname(path) === "." ? "" : dirname(path);
    onDisk[folder] = (onDisk[folder] ?? 0) + 1;
  }
  const sorted = (counts) => Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  equal(sorted(said), sorted(onDisk), "the files moved into each folder, as the report says them and as the disk has them");
  const trashed = report.lines.map((line) => /^(\d+) items? put in the trash\.$/.exec(line)).find(Boolean);
  equal(gone.length - arrived.length, trashed ? Number(trashed[1]) : 0, "the items put in the trash");

  // Above "Done", nothing says the changes were only a dry run.
  const text = await page.evaluate(() => document.body.innerText);
  const done = text.indexOf("Done");
  check(done >= 0, `the page says Done:\n${text}`);
  check(!/dry run/i.test(text.slice(0, text.indexOf(report.lines[0]))), `a dry run said above the report:\n${text}`);
  check(!/dry run/i.test(text), `the page still speaks of a dry run after the apply:\n${text}`);
  await page.evaluate(() => document.getElementById("report").scrollIntoView({ block: "center" }));
  await page.screenshot(afterApplyPath());
  equal(page.errors, [], "no script error on the page");
}
