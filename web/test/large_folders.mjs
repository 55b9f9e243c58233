// Browser groups on large folders (more than 200 entries, where the core
// switches to its bulk tools): the offline planner on 10,000 generated
// in-memory files, compared with the CLI on the same files on disk, with
// the page's main thread watched during each turn; and the same planner on
// an origin-private folder, whose moves go through dirfs.js in batches.

import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { check, equal, group, send, sorted, startSession, walk } from "./harness.mjs";

/** The longest the page's main thread may be busy without a break during a turn. */
const MAX_GAP_MS = 1_000;

const pad = (n) => String(n).padStart(4, "0");

/** The generated kinds of files: how many, their names, their category and its folder. */
const KINDS = [
  [3000, (i) => `IMG_${pad(i)}.jpg`, "图片", "Images"],
  [1000, (i) => `Screenshot 2026-01-${pad(i)}.png`, "图片", "Images"],
  [1000, (i) => `invoice_2026-${pad(i)}.pdf`, "文档", "Documents"],
  [500, (i) => `会议记录 ${i}.docx`, "文档", "Documents"],
  [1000, (i) => `track ${pad(i)}.mp3`, "音频", "Audio"],
  [800, (i) => `clip_${i}.MP4`, "视频", "Videos"],
  [700, (i) => `module_${i}.py`, "代码", "Code"],
  [500, (i) => `backup-${i}.zip`, "压缩包", "Archives"],
  [500, (i) => `setup_${i}.exe`, "安装包", "Installers"],
  [1000, (i) => `data_${i}.bin`, "其他", "Others"],
];

/** 10,000 files to sort, plus a hidden file and a subfolder that stay. */
function generatedFolder() {
  const files = [], organized = {}, counts = {};
  let n = 0;
  for (const [count, name, category, folder] of KINDS) {
    for (let i = 0; i < count; i++) {
      const file = { path: name(i), size: (n++ * 37) % 4096 };
      files.push(file);
      organized[`${folder}/${file.path}`] = file.size;
    }
    counts[folder] = { category, count: (counts[folder]?.count ?? 0) + count };
  }
  for (const kept of [{ path: ".hidden", size: 7 }, { path: "old/keep.txt", size: 9 }]) {
    files.push(kept);
    organized[kept.path] = kept.size;
  }
  return { files, organized, counts };
}

/** Writes the files (sparse, with their sizes) under dir, for the CLI. */
function writeFolder(dir, files) {
  for (const { path, size } of files) {
    const file = join(dir, path);
    mkdirSync(join(file, ".."), { recursive: true });
    closeSync(openSync(file, "w"));
    truncateSync(file, size);
    // Its own path at its start, so no two files have the same bytes (the
    // in-memory folder's files are all different too).
    if (size > 0) writeFileSync(file, Buffer.from(path).subarray(0, size), { flag: "r+" });
  }
}

/** `1,234` for 1234, as the core writes counts. */
const digits = (n) => n.toLocaleString("en-US");

/**
 * Starts watching the page's main thread: the longest gap between
 * `requestAnimationFrame` callbacks and between `setTimeout(0)` ticks.
 */
function watchMainThread(page) {
  return page.evaluate(() => {
    const watch = (window.mainThreadWatch = { running: true, frameGap: 0, tickGap: 0, frames: 0, ticks: 0 });
    let lastFrame = performance.now(), lastTick = lastFrame;
    const frame = () => {
      const now = performance.now();
      watch.frameGap = Math.max(watch.frameGap, now - lastFrame);
      [lastFrame, watch.frames] = [now, watch.frames + 1];
      if (watch.running) requestAnimationFrame(frame);
    };
    const tick = () => {
      const now = performance.now();
      watch.tickGap = Math.max(watch.tickGap, now - lastTick);
      [lastTick, watch.ticks] = [now, watch.ticks + 1];
      if (watch.running) setTimeout(tick, 0);
    };
    requestAnimationFrame(frame);
    setTimeout(tick, 0);
  });
}

/** Stops the watch; resolves to what it saw. */
function stopWatching(page) {
  return page.evaluate(() => {
    window.mainThreadWatch.running = false;
    return window.mainThreadWatch;
  });
}

/** Sends a line while watching the main thread; checks the page stayed responsive. */
async function responsiveTurn(page, line) {
  await watchMainThread(page);
  const turn = await send(page, line);
  const watch = await stopWatching(page);
  check(watch.frames > 1 && watch.ticks > 1, `the watch ran: ${JSON.stringify(watch)}`);
  const gap = Math.max(watch.frameGap, watch.tickGap);
  check(gap < MAX_GAP_MS, `"${line}": the main thread was busy ${gap.toFixed(0)} ms without a break (at most ${MAX_GAP_MS})`);
  return { ...turn, watch };
}

const answerOf = (turn) => turn.events.filter((e) => e.kind === "answer").map((e) => e.text).join("\n");
const toolsOf = (turn) => turn.events.filter((e) => e.kind === "tool");

export async function largeFolderGroups(page, { tmp, tidyupBin, timings }) {
  await group("offline planner on 10,000 in-memory files: a bounded plan, every file moved, the page responsive", async () => {
    const { files, organized, counts } = generatedFolder();
    const before = Object.fromEntries(files.map((f) => [f.path, f.size]));
    await page.evaluate((files) => window.tidyup.usePickedFolder({ root: "/big", files }), files);
    await startSession(page, { provider: "offline", folder: "picked" });
    equal((await page.evaluate(() => window.tidyup.events[0])).target_dir, "/big", "virtual root");

    const plan = await responsiveTurn(page, "organize");
    timings.push(["offline planner, \"organize\", 10,000 files", plan.ms]);
    equal(plan.outcome, "answered", "organize outcome");
    const looked = toolsOf(plan);
    check(looked.some((e) => e.name === "summarize_folder"), `the plan comes from summarize_folder: ${looked.map((e) => e.name)}`);
    for (const e of looked) check(e.result.length <= 20_000, `${e.name} gave ${e.result.length} characters`);
    check(looked.find((e) => e.name === "summarize_folder").result.length <= 4_000, "summarize_folder stays within 4,000 characters");
    const planText = answerOf(plan);
    check(planText.length <= 4_000 && planText.split("\n").length <= 60, `a short plan (${planText.length} characters):\n${planText}`);
    const items = files.filter((f) => !f.path.includes("/")).length + 1; // and the folder "old"
    check(planText.includes(`(${digits(items)} items)`), `the plan counts the items:\n${planText}`);
    for (const [folder, { category, count }] of Object.entries(counts)) {
      const heading = `${folder}/ (${category}, new folder, ${digits(count)} files`;
      check(planText.includes(heading), `the plan has "${heading}":\n${planText}`);
    }
    equal(sorted(await page.evaluate(() => window.tidyup.snapshot())), sorted(before), "nothing moves before yes");

    const done = await responsiveTurn(page, "yes");
    timings.push(["offline planner, \"yes\", 10,000 moves", done.ms]);
    equal(done.outcome, "answered", "yes outcome");
    // The go-ahead carries out the steps the plan was rehearsed into: one
    // move_files with every one of them.
    const moves = toolsOf(done).filter((e) => e.name === "move_files");
    equal(moves.length, 1, "one move_files carrying every step of the plan");
    const progress = done.events.filter((e) => e.kind === "progress");
    check(progress.some((e) => e.done === e.total && e.total === files.length - 2), "progress events count up to the plan's total");
    equal(sorted(await page.evaluate(() => window.tidyup.snapshot())), sorted(organized), "every file in its category folder");
    const report = answerOf(done);
    check(report.includes(`moved ${files.length - 2} of ${files.length - 2} files`), `the report counts the moves:\n${report}`);
    check(report.length <= 4_000, `a short report (${report.length} characters)`);
    equal(await page.locator("#log .progress").count(), 0, "the progress line gave way to the tool lines");
    // The tree shows a bounded part of each folder and counts the rest.
    const treeItems = await page.locator("#tree li").count();
    check(treeItems <= 12 * 101, `the tree shows ${treeItems} items`);
    const tree = await page.textContent("#tree");
    check(tree.includes("Images/") && tree.includes(`… and ${digits(counts.Images.count - 100)} more`), tree.slice(0, 300));
    const gaps = [plan, done].map((t) => Math.max(t.watch.frameGap, t.watch.tickGap).toFixed(0));
    console.log(`     longest main-thread gap: ${gaps[0]} ms during "organize", ${gaps[1]} ms during "yes" (rAF and setTimeout(0))`);

    // The CLI on the same files on disk says and does the same.
    const cliDir = join(tmp, "cli-large");
    writeFolder(cliDir, files);
    const stdout = execFileSync(tidyupBin, ["--provider", "offline", cliDir, "--lang", "en"], {
      input: "organize\nyes\nquit\n", encoding: "utf8", maxBuffer: 64 << 20,
      env: { HOME: tmp, XDG_CACHE_HOME: join(tmp, "cache"), TZ: "UTC", PATH: process.env.PATH, TIDYUP_BASE_URL: "http://127.0.0.1:9/v1" },
    });
    for (const text of [planText, report]) {
      check(stdout.includes(text.replaceAll("/big", cliDir)), `the CLI printed the same answer:\n${text.slice(0, 400)}`);
    }
    equal(sorted(walk(cliDir)), sorted(organized), "the CLI's tree");
  });

  await group("offline planner on a large origin-private folder: batched moves through dirfs.js", async () => {
    await page.evaluate(async () => {
      const opfs = await navigator.storage.getDirectory();
      await opfs.removeEntry("tidy-large", { recursive: true }).catch(() => {});
      const dir = await opfs.getDirectoryHandle("tidy-large", { create: true });
      for (let i = 0; i < 150; i++) await dir.getFileHandle(`IMG_${String(i).padStart(4, "0")}.jpg`, { create: true });
      for (let i = 0; i < 100; i++) await dir.getFileHandle(`notes ${i}.txt`, { create: true });
      await dir.getFileHandle(".hidden", { create: true });
      // A folder named Images already holds a file of the same name as one that moves.
      const images = await dir.getDirectoryHandle("Images", { create: true });
      const w = await (await images.getFileHandle("IMG_0001.jpg", { create: true })).createWritable();
      await w.write("older");
      await w.close();
      window.tidyup.usePickedFolder(dir);
    });
    await startSession(page, { provider: "offline", folder: "picked" });
    const plan = await send(page, "organize");
    check(toolsOf(plan).some((e) => e.name === "summarize_folder"), "a large-folder plan");
    check(answerOf(plan).includes("Images/ (图片, existing folder, 150 files"), answerOf(plan));
    const done = await send(page, "yes");
    check(answerOf(done).includes("moved 250 of 250 files"), answerOf(done));
    const expected = { ".hidden": 0, "Images/IMG_0001.jpg": 5, "Images/IMG_0001 (2).jpg": 0 };
    for (let i = 0; i < 150; i++) if (i !== 1) expected[`Images/IMG_${pad(i)}.jpg`] = 0;
    for (let i = 0; i < 100; i++) expected[`Documents/notes ${i}.txt`] = 0;
    equal(sorted(await page.evaluate(() => window.tidyup.snapshot())), sorted(expected),
      "every file moved, the older file kept, the newcomer renamed");
  });
}
