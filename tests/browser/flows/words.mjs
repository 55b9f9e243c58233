// What a person reads and sees around an apply: no sideways scroll at
// 1,280 px with long names; after an apply, what happened (files moved,
// into which folders) and nothing of the dry run; no flag, variable or
// terminal command anywhere; the report's Undo asks as History's does;
// one language per page, in every tab. Writes target/ui-after-apply.png.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { check, equal } from "../lib/harness.mjs";
import { ROOT, sandbox, smallFolder, startUi } from "../lib/tidyup.mjs";
import * as ui from "../lib/ui.mjs";

/** Where the screenshot after an apply goes (not committed). */
export const AFTER_APPLY = join(ROOT, "target", "ui-after-apply.png");

/** Words of the terminal a page must never show. */
export const JARGON = [/tidyup (undo|apply|ui|providers)/, /TIDYUP_/, /_API_KEY/, /(^|\s)--[a-z]/, /Applied \d+ steps?/, /Dry run/];

/** The page's whole visible text. */
const pageText = (page) => page.evaluate(() => document.body.innerText);

export async function afterApplyFlow(scope, browser) {
  const box = sandbox(scope);
  const dir = join(box.root, "Long names");
  mkdirSync(dir);
  const long = "Quarterly-report-of-the-regional-office-with-a-name-nobody-shortened-in-years";
  for (let i = 0; i < 4; i++) writeFileSync(join(dir, `${long}-${i}.pdf`), `%PDF-1.4 ${i}\n`);
  for (let i = 0; i < 3; i++) writeFileSync(join(dir, `holiday-photo-${i}.jpg`), `jpg ${i}`);
  for (let i = 0; i < 2; i++) writeFileSync(join(dir, `${long}-${i}.mp3`), `mp3 ${i}`);
  // No key: the page must not tell a person about variables or flags.
  const server = await startUi(scope, box, dir, ["--lang", "en"]);
  const page = await browser.newPage();
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);
  await ui.open(page, server.url);
  const plan = await ui.organize(page);

  const sideways = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  check(sideways[0] <= sideways[1], `the plan page scrolls sideways at 1280 px: scrollWidth ${sideways[0]} > clientWidth ${sideways[1]}`);

  // The words of a group's destination dialog.
  const pdfs = plan.groups.find((g) => g.rows.some((r) => r.name.endsWith(".pdf")));
  await page.click(`tbody[data-destination="${pdfs.destination}"] button[data-change-group]`);
  await page.waitFor("#destination-dialog[open]");
  const title = await page.evaluate(() => document.querySelector("#destination-dialog h2, #destination-dialog [id$=title]")?.textContent ?? "");
  equal(title, `Where should the 4 files going to ${pdfs.destination} go instead?`, "the group dialog's question");
  await page.press("Escape");
  await page.waitFor("#destination-dialog[open]", { hidden: true });

  const music = plan.groups.find((g) => g.rows.some((r) => r.name.endsWith(".mp3")));
  await ui.untickGroup(page, music.destination);
  const report = await ui.apply(page);
  const moved = ui.rows(plan).length - music.rows.length;
  equal(report.moved, moved, "the report counts the files moved");
  const text = await pageText(page);
  for (const word of JARGON) check(!word.test(text), `the page says ${word} after an apply:\n${text}`);
  check(text.includes(`${moved} files moved`), `the report says how many files moved:\n${text}`);
  check(!text.includes(music.destination) || !text.includes(`into ${music.destination}`), `the unticked ${music.destination} is not said to be moved into`);
  check(await page.evaluate(() => document.getElementById("activity-box").hidden), "the plan's dry-run activity is gone after the apply");
  mkdirSync(join(ROOT, "target"), { recursive: true });
  await page.screenshot(AFTER_APPLY);

  // The report's Undo asks first, as History's Undo does; Cancel changes nothing.
  const reports = await ui.reportCount(page);
  await page.click("#undo");
  await page.waitFor("#confirm-dialog[open]");
  await page.click("#confirm-cancel");
  await page.waitFor("#confirm-dialog[open]", { hidden: true });
  equal(await ui.reportCount(page), reports, "Cancel undoes nothing");
  const undone = await ui.undo(page);
  equal(undone.moved, moved, "as many files put back as moved");
  check((await pageText(page)).includes(`${moved} files put back`), "the page says how many files were put back");
  equal(page.errors, [], "no script error on the page");
}

/** A session in Chinese opened by a second tab of an English browser: the
 * page and the server's banner speak one language, the session's. */
export async function oneLanguageFlow(scope, browser) {
  const box = sandbox(scope);
  const dir = smallFolder(box);
  const server = await startUi(scope, box, dir, ["--lang", "zh"]);
  const first = await browser.newPage();
  scope.defer(() => first.close());
  ui.explainWith(scope, first, server);
  await ui.open(first, server.url);
  const second = await browser.newPage();
  scope.defer(() => second.close());
  await second.goto(server.url);
  await second.waitFor("#conflict:not([hidden])");
  const seen = await second.evaluate(() => ({
    lang: document.documentElement.lang,
    banner: document.getElementById("conflict-text").textContent,
    button: document.getElementById("take-over").textContent,
    organize: document.getElementById("organize").textContent,
  }));
  const han = /[\u4e00-\u9fff]/;
  check(seen.lang === "zh" && han.test(seen.banner) && han.test(seen.button) && han.test(seen.organize), `one language on the second tab: ${JSON.stringify(seen)}`);
  equal([...first.errors, ...second.errors], [], "no script error on either page");
}

/** Every word of the window's catalogue (host/assets/ui/i18n.js), in both
 * languages, each text made with sample values: no flag, variable or
 * terminal command; in Chinese, no command's English name either. */
export async function catalogueCheck() {
  const source = readFileSync(join(ROOT, "host/assets/ui/i18n.js"), "utf8");
  const { words } = await import(`data:text/javascript,${encodeURIComponent(source)}`);
  const commandNames = /\b(watch|undo|apply|mcp|demo|history|providers)\b/i;
  const bad = [];
  for (const lang of ["en", "zh"]) {
    for (const [key, value] of Object.entries(words(lang))) {
      const text = typeof value === "function" ? String(value(2, 3, "Documents")) : String(value);
      if (JARGON.some((word) => word.test(text))) bad.push(`${lang}.${key}: ${text}`);
      if (lang === "zh" && commandNames.test(text)) bad.push(`${lang}.${key}: ${text}`);
    }
  }
  equal(bad, [], "the window's words that name the terminal's flags, variables or commands");
}
