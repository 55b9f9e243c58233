// The window in people's words, at the size people use: a 400-file folder
// at 1280×900 organized and applied; nothing scrolls sideways; no tool
// line, flag, variable, command or word of the other language in the
// page's text before or after Apply; the counts the page says equal the
// table's and the disk's. Also: the page's language and the new folders'
// names are two choices; History lists this folder's sessions first and
// every other folder's, a gone folder's without Undo; a second tab shows
// the history before it takes over. Writes target/ui-400-before.png and
// target/ui-400-after.png.

import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { check, equal } from "../lib/harness.mjs";
import { ROOT, sandbox, smallFolder, startUi } from "../lib/tidyup.mjs";
import * as ui from "../lib/ui.mjs";
import { JARGON } from "./words.mjs";

/** The size the issue of people's words names. */
const VIEWPORT = { width: 1280, height: 900 };

/** Where the screenshots of the 400-file window go (not committed). */
export const BEFORE_APPLY = join(ROOT, "target", "ui-400-before.png");
export const AFTER_APPLY = join(ROOT, "target", "ui-400-after.png");

/** Han characters: the other language on an English page. */
const HAN = /[\u3400-\u9fff]/;

/** 400 files of many kinds, ASCII names, with two folders already there. */
function fourHundred(box) {
  const dir = join(box.root, "Shared drive");
  mkdirSync(join(dir, "Projects"), { recursive: true });
  writeFileSync(join(dir, "Projects", "plan.txt"), "plan\n");
  const kinds = ["pdf", "jpg", "png", "mp3", "mp4", "txt", "docx", "xlsx", "zip", "csv", "md", "epub", "svg", "srt", "iso", "heic"];
  for (let i = 0; i < 400; i++) {
    const ext = kinds[i % kinds.length];
    writeFileSync(join(dir, `item ${String(i).padStart(3, "0")} of the quarter.${ext}`), `content ${i} ${ext}\n`);
  }
  return dir;
}

/** The page's whole visible text. */
const pageText = (page) => page.evaluate(() => document.body.innerText);

/** Checks what a person reads: no sideways scroll, no terminal words, one
 * language. `when` names the moment for the failure. */
async function readsForPeople(page, when) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  check(scroll <= client, `${when}: the page scrolls sideways at 1280 px (${scroll} > ${client})`);
  const text = await pageText(page);
  check(!text.includes("[tool]"), `${when}: a tool line on the page:\n${text}`);
  for (const word of JARGON) check(!word.test(text), `${when}: the page says ${word}:\n${text}`);
  const han = text.split("\n").filter((line) => HAN.test(line));
  // The language menu names 中文 as the way to Chinese: that is its own word.
  const foreign = han.filter((line) => !/^\s*(中文|中文（文档、图片…）)\s*$/.test(line));
  equal(foreign, [], `${when}: words of the other language on an English page`);
  return text;
}

/** The numbers of a text such as "400 of 400 files will move into 13 folders". */
const numbers = (text) => (text.match(/\d[\d,]*/g) || []).map((n) => Number(n.replace(/,/g, "")));

export async function fourHundredFlow(scope, browser) {
  const box = sandbox(scope);
  const dir = fourHundred(box);
  const server = await startUi(scope, box, dir, ["--lang", "en"]);
  const page = await browser.newPage(VIEWPORT);
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);
  await ui.open(page, server.url);
  const plan = await ui.organize(page);
  const rows = ui.rows(plan);
  const moves = rows.filter((r) => r.to !== null && r.to !== undefined);
  const folders = new Set(moves.map((r) => r.to)).size;
  check(rows.length >= 390, `a plan for the 400 files: ${rows.length} rows`);

  await readsForPeople(page, "before Apply");
  // The counts the page says are the table's.
  const summary = await page.evaluate(() => document.querySelector(".plan-summary").textContent);
  equal(numbers(summary).slice(0, 3), [moves.length, rows.length, folders], `the table's summary: ${summary}`);
  const planned = await page.evaluate(() => document.querySelector("#activity .planned")?.textContent ?? "");
  equal(numbers(planned).slice(0, 2), [moves.length, folders], `the activity's plan line: ${planned}`);
  const stages = await page.evaluate(() => [...document.querySelectorAll("#activity p")].map((p) => p.textContent));
  check(stages.length <= 6, `one line per stage, not one per file: ${stages.length} lines\n${stages.join("\n")}`);
  mkdirSync(join(ROOT, "target"), { recursive: true });
  await page.screenshot(BEFORE_APPLY);

  const report = await ui.apply(page);
  equal(report.moved, moves.length, "the report counts the files the table moves");
  const text = await readsForPeople(page, "after Apply");
  check(text.includes(`${moves.length} files moved`), `the page says how many files moved:\n${text}`);
  // The disk agrees with the table, row by row.
  const misplaced = moves.filter((r) => !existsSync(join(dir, r.to, r.name)) || existsSync(join(dir, r.from, r.from_name ?? r.name)));
  equal(misplaced.map((r) => `${r.name} → ${r.to}`), [], "rows whose file is not where the table said");
  await page.screenshot(AFTER_APPLY);
  equal(page.errors, [], "no script error on the page");
}

/** The page's language and the new folders' names are two choices: Chinese
 * words on the page leave the folders English, and the other way round. */
export async function twoLanguagesFlow(scope, browser) {
  const box = sandbox(scope);
  const dir = smallFolder(box);
  const server = await startUi(scope, box, dir, ["--lang", "en"]);
  const page = await browser.newPage();
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);
  await ui.open(page, server.url);

  await page.select("#lang", "zh");
  await page.waitForFunction(() => document.documentElement.lang.startsWith("zh") && window.tidyup.state.lang === "zh");
  const zhPage = await ui.organize(page);
  const destinations = zhPage.groups.map((g) => g.destination).filter(Boolean);
  check(destinations.length > 0 && destinations.every((d) => !HAN.test(d)), `a Chinese page renamed the folders: ${destinations}`);
  check(HAN.test(await page.evaluate(() => document.getElementById("organize").textContent)), "the page speaks Chinese");
  equal(await page.evaluate(() => document.getElementById("names").value), "en", "the folders' language is still English");

  await page.select("#lang", "en");
  await page.waitForFunction(() => window.tidyup.state.lang === "en");
  await page.select("#names", "zh");
  await page.waitForFunction(() => window.tidyup.state.names === "zh" && !document.getElementById("organize").disabled);
  const zhNames = await ui.organize(page);
  const named = zhNames.groups.map((g) => g.destination).filter(Boolean);
  check(named.some((d) => HAN.test(d)), `new folders named in Chinese: ${named}`);
  equal(await page.evaluate(() => document.documentElement.lang), "en", "the page stays English");
  check(!HAN.test(await page.evaluate(() => document.getElementById("organize").textContent)), "the page's own words stay English");
  equal(page.errors, [], "no script error on the page");
}

/** History: this folder's sessions first, other folders' after, a gone
 * folder's session marked and without Undo; a second tab shows it before
 * it takes over. */
export async function historyFlow(scope, browser) {
  const box = sandbox(scope);
  // A session in another folder, which is then deleted.
  const elsewhere = join(box.root, "Old stuff");
  mkdirSync(elsewhere);
  for (const name of ["a.pdf", "b.jpg"]) writeFileSync(join(elsewhere, name), `${name}\n`);
  {
    const other = await startUi(scope, box, elsewhere, ["--lang", "en"]);
    const page = await browser.newPage();
    await ui.open(page, other.url);
    await ui.organize(page);
    await ui.apply(page);
    await page.close();
    other.child.kill("SIGTERM");
    await new Promise((done) => other.child.once("exit", done));
  }
  rmSync(elsewhere, { recursive: true, force: true });

  const dir = smallFolder(box);
  const server = await startUi(scope, box, dir, ["--lang", "en"]);
  const page = await browser.newPage();
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);
  await ui.open(page, server.url);
  await ui.organize(page);
  const report = await ui.apply(page);
  await page.waitForFunction((id) => Boolean(document.querySelector(`#history-list > [data-session="${id}"]`)), report.session);
  const listed = await page.evaluate(() =>
    [...document.querySelectorAll("#history-list > li")].map((li) => ({
      id: li.dataset.session ?? null,
      heading: li.classList.contains("history-heading") ? li.textContent : null,
      undo: Boolean(li.querySelector("button[data-undo]")),
      gone: li.classList.contains("gone"),
      text: li.textContent,
    })),
  );
  const sessions = listed.filter((item) => item.id);
  equal(sessions.length, 2, `both folders' sessions are listed: ${JSON.stringify(listed)}`);
  equal(sessions[0].id, report.session, "this folder's session comes first");
  check(sessions[0].undo && !sessions[0].gone, "this folder's session has its Undo");
  check(sessions[1].gone && !sessions[1].undo && sessions[1].text.includes("Folder gone"), `the gone folder's session: ${JSON.stringify(sessions[1])}`);
  equal(listed.filter((item) => item.heading).map((item) => item.heading), ["This folder", "Other folders"], "the headings");

  // A second tab, before it takes over: the history, never "nothing done".
  const second = await browser.newPage();
  scope.defer(() => second.close());
  await second.goto(server.url);
  await second.waitFor("#conflict:not([hidden])");
  await second.waitForFunction(() => document.querySelectorAll("#history-list > [data-session]").length === 2);
  check(await second.evaluate(() => document.getElementById("history-empty").hidden), "the second tab says nothing was done");
  equal([...page.errors, ...second.errors], [], "no script error on either page");
}
