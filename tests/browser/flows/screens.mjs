// The window in Chinese, and the screenshots for the README (Chromium,
// 1280×800, light scheme). The screenshots are written only when
// TIDYUP_SCREENSHOTS names a folder (docs/screenshots), so a test run
// never rewrites the committed ones.

import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { check, equal } from "../lib/harness.mjs";
import { demo, fill, sandbox, startUi } from "../lib/tidyup.mjs";
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
