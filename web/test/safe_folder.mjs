// Browser groups on the page's promises for a real folder (an origin-private
// one, through dirfs.js): organize runs as a dry run whose steps become the
// core's plan table; the ticked rows are applied for real, journaled in
// IndexedDB; the journal survives a reload; undo puts every byte back; a
// delete lands in the folder's trash, which neither the model nor the plan
// ever sees.

import { TIMEOUT, check, equal, group, startSession, send, sorted } from "./harness.mjs";

const FOLDER = "tidy-safe";

/** Makes the origin-private folder FOLDER afresh with `files` ({path: text}). */
async function makeFolder(page, files) {
  await page.evaluate(async ({ name, files }) => {
    const opfs = await navigator.storage.getDirectory();
    await opfs.removeEntry(name, { recursive: true }).catch(() => {});
    const root = await opfs.getDirectoryHandle(name, { create: true });
    for (const [path, text] of Object.entries(files)) {
      let dir = root;
      const parts = path.split("/");
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
      const w = await (await dir.getFileHandle(parts.at(-1), { create: true })).createWritable();
      await w.write(text);
      await w.close();
    }
  }, { name: FOLDER, files });
}

/** Picks FOLDER in the page, as the folder picker would. */
async function pick(page) {
  await page.evaluate(async (name) => {
    const opfs = await navigator.storage.getDirectory();
    await window.tidyup.usePickedFolder(await opfs.getDirectoryHandle(name));
  }, FOLDER);
}

/** Every file of FOLDER with its bytes as text, and every empty folder as `path/`. */
function contents(page) {
  return page.evaluate(async (name) => {
    const out = {};
    const walk = async (dir, prefix) => {
      let empty = true;
      for await (const [child, handle] of dir.entries()) {
        empty = false;
        const path = prefix ? `${prefix}/${child}` : child;
        if (handle.kind === "directory") await walk(handle, path);
        else out[path] = await (await handle.getFile()).text();
      }
      if (empty && prefix) out[`${prefix}/`] = "";
    };
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(name), "");
    return out;
  }, FOLDER);
}

/** Waits until the page's counter `key` passes `n` and nothing runs. */
function waitFor(page, key, n) {
  return page.waitForFunction(([k, m]) => window.tidyup[k] > m && !window.tidyup.busy, [key, n], { timeout: TIMEOUT });
}

export async function safeFolderGroups(page, { site, api, mock }) {
  const before = {
    "report.pdf": "pdf ".repeat(30),
    "photo.JPG": "jpeg".repeat(50),
    "song.mp3": "mp3!".repeat(75),
    "notes.txt": "a note",
    ".hidden": "h",
    "sub/keep.txt": "kept",
  };

  await group("organize is a dry run shown as the core's plan table; apply carries out the ticked rows, one to a changed folder", async () => {
    await makeFolder(page, before);
    await pick(page);
    await page.selectOption("#provider", "offline");
    const plans = await page.evaluate(() => window.tidyup.plans);
    await page.click("#organize");
    await waitFor(page, "plans", plans);
    equal(sorted(await contents(page)), sorted(before), "nothing changes in a dry run");
    const table = await page.evaluate(() => window.tidyup.plan);
    const rows = table.groups.flatMap((g) => g.rows);
    equal(sorted(Object.fromEntries(rows.map((r) => [r.name, r.to]))),
      sorted({ "report.pdf": "Documents", "notes.txt": "Documents", "photo.JPG": "Images", "song.mp3": "Audio" }), "rows");
    check(table.groups.every((g) => g.new), "new folders");
    equal(rows.find((r) => r.name === "report.pdf").why, { type: "category", text: "by type: Documents" }, "why");
    equal(await page.locator("#plan table [data-row-tick]").count(), 4, "a checkbox per row");
    check(await page.locator("#plan table thead th").count() >= 5, "a header row");
    const song = rows.find((r) => r.name === "song.mp3");
    await page.getByRole("checkbox", { name: /song\.mp3/ }).uncheck();
    check(!(await page.isChecked(`[data-row-tick="${song.id}"]`)), "the row is unticked");
    // One destination changed to a new folder.
    const photo = rows.find((r) => r.name === "photo.JPG");
    await page.click(`[data-change-to="${photo.id}"]`);
    await page.fill("#destination-new", "Pictures/2024");
    await page.click("#destination-ok");
    const applied = await page.evaluate(() => window.tidyup.applied);
    await page.click("#apply");
    await waitFor(page, "applied", applied);
    const after = { ...before };
    for (const [name, folder] of [["report.pdf", "Documents"], ["notes.txt", "Documents"], ["photo.JPG", "Pictures/2024"]]) {
      after[`${folder}/${name}`] = after[name];
      delete after[name];
    }
    equal(sorted(await contents(page)), sorted(after), "the ticked rows moved (one to the folder chosen), the unticked file stayed, no Images folder made");
    const report = await page.evaluate(() => window.tidyup.lastReport);
    equal([report.moved, report.trashed, report.left.length], [3, 0, 0], "the report");
    const progress = await page.evaluate(() => window.tidyup.progress.slice(-3).map((p) => `${p.done}/${p.total}`));
    equal(progress, ["1/3", "2/3", "3/3"], "progress");
    const sessions = await page.evaluate(() => window.tidyup.journalSessions);
    equal([sessions[0].kind, sessions[0].moved, sessions[0].undone], ["window", 3, false], "journaled");
  });

  await group("the journal survives a reload; undo puts the folder back byte for byte", async () => {
    await page.reload();
    await page.evaluate(() => window.tidyup.ready);
    await pick(page);
    const sessions = await page.evaluate(() => window.tidyup.journalSessions);
    check(sessions.length >= 1 && sessions[0].kind === "window" && !sessions[0].undone, JSON.stringify(sessions));
    const undone = await page.evaluate(() => window.tidyup.undone);
    await page.click(`[data-undo="${sessions[0].id}"]`);
    await waitFor(page, "undone", undone);
    equal(await page.evaluate(() => window.tidyup.lastUndo.refused), [], "nothing refused");
    equal(sorted(await contents(page)), sorted(before), "byte for byte as before");
    check((await page.evaluate(() => window.tidyup.journalSessions))[0].undone, "marked undone");
    check(await page.isDisabled(`[data-undo="${sessions[0].id}"]`), "its undo is done");
  });

  await group("a delete lands in the folder's trash, hidden from the model, and is undone", async () => {
    await pick(page);
    const trashed = await page.evaluate(async (name) => {
      const files = window.tidyup.files();
      await files.call({ op: "remove_file", path: `/${name}/notes.txt` });
      await files.saveCounts();
      return files.session.id;
    }, FOLDER);
    const now = await contents(page);
    equal(now[`.tidyup-trash/${trashed}/1-notes.txt`], "a note", "in the trash, bytes kept");
    check(!("notes.txt" in now), "gone from its place");
    const refused = await page.evaluate(async (name) => {
      const files = window.tidyup.files();
      const listed = (await files.call({ op: "list", path: `/${name}` })).map((e) => e.name);
      const stat = await files.call({ op: "stat", path: `/${name}/.tidyup-trash` }).then(() => "allowed", (e) => e.code);
      return { listed, stat };
    }, FOLDER);
    check(!refused.listed.includes(".tidyup-trash"), `never listed: ${refused.listed}`);
    equal(refused.stat, "tidyup_data", "any operation on the trash is refused");
    // The model's own view of the folder.
    mock.script = [
      { calls: [["list_files", { path: "." }], ["list_files", { path: ".tidyup-trash" }],
        ["delete_file", { path: ".tidyup-trash" }]] },
      { content: "done" },
    ];
    await startSession(page, { provider: "remote", baseUrl: `${api.url}/v1`, apiKey: "k", folder: "picked" });
    const turn = await send(page, "what is here?");
    const results = turn.events.filter((e) => e.kind === "tool").map((e) => e.result);
    check(!results[0].includes(".tidyup-trash") && results[0].includes("report.pdf"), results[0]);
    check(!results[1].startsWith("0 items") && !results[1].includes("1-notes.txt"), `no listing of the trash: ${results[1]}`);
    check(!results[2].startsWith("Deleted"), `no delete of the trash: ${results[2]}`);
    equal((await contents(page))[`.tidyup-trash/${trashed}/1-notes.txt`], "a note", "the trash is untouched");
    await page.evaluate(() => window.tidyup.ready);
    const undone = await page.evaluate(() => window.tidyup.undone);
    await page.click(`[data-undo="${trashed}"]`);
    await waitFor(page, "undone", undone);
    equal(sorted(await contents(page)), sorted(before), "back from the trash, and the trash gone");
  });

  await group("undo refuses a step whose file changed since, and reverses the others", async () => {
    await makeFolder(page, before);
    await pick(page);
    await page.selectOption("#provider", "offline");
    const plans = await page.evaluate(() => window.tidyup.plans);
    await page.click("#organize");
    await waitFor(page, "plans", plans);
    const applied = await page.evaluate(() => window.tidyup.applied);
    await page.click("#apply");
    await waitFor(page, "applied", applied);
    await page.evaluate(async (name) => {
      const opfs = await navigator.storage.getDirectory();
      const docs = await (await opfs.getDirectoryHandle(name)).getDirectoryHandle("Documents");
      const w = await (await docs.getFileHandle("report.pdf")).createWritable();
      await w.write("edited since");
      await w.close();
    }, FOLDER);
    const report = await page.evaluate(() => window.tidyup.lastReport);
    equal([report.moved, report.left], [4, []], "all four moved");
    const undone = await page.evaluate(() => window.tidyup.undone);
    await page.click(`[data-undo="${report.session}"]`);
    await waitFor(page, "undone", undone);
    const refused = await page.evaluate(() => window.tidyup.lastUndo.refused);
    equal(refused, [`/${FOLDER}/Documents/report.pdf changed since; left as it is`], "the changed file is named");
    const expected = { ...before, "Documents/report.pdf": "edited since" };
    delete expected["report.pdf"];
    equal(sorted(await contents(page)), sorted(expected), "the others are back, the changed file stays");
    check(!(await page.evaluate(() => window.tidyup.journalSessions))[0].undone, "not marked undone");
  });

  await group("a model's plan with a delete: a trash row in the table, applied into the trash", async () => {
    await makeFolder(page, before);
    await pick(page);
    mock.script = [
      { calls: [["create_folder", { path: "Music" }], ["move_file", { source: "song.mp3", destination: "Music/song.mp3" }],
        ["delete_file", { path: "notes.txt", confirm: true }]] },
      { content: "Done: song.mp3 into Music, notes.txt deleted." },
    ];
    await page.selectOption("#provider", "remote");
    await page.fill("#base-url", `${api.url}/v1`);
    await page.fill("#api-key", "k");
    const plans = await page.evaluate(() => window.tidyup.plans);
    await page.click("#organize");
    await waitFor(page, "plans", plans);
    equal(sorted(await contents(page)), sorted(before), "nothing changes in a dry run");
    const table = await page.evaluate(() => window.tidyup.plan);
    equal(table.groups.map((g) => [g.destination, g.new, g.rows.map((r) => r.name)]),
      [["Music", true, ["song.mp3"]], [null, false, ["notes.txt"]]], "a group per destination, the delete's last");
    equal(table.deletes, 1, "one delete");
    check((await page.textContent("#plan")).includes("notes.txt"), "the delete's row is shown");
    const applied = await page.evaluate(() => window.tidyup.applied);
    await page.click("#apply");
    await waitFor(page, "applied", applied);
    const report = await page.evaluate(() => window.tidyup.lastReport);
    equal([report.moved, report.trashed], [1, 1], "the report");
    const after = await contents(page);
    equal(after["Music/song.mp3"], before["song.mp3"], "moved");
    equal(after[`.tidyup-trash/${report.session}/1-notes.txt`], before["notes.txt"], "in the trash, never deleted for good");
    const undone = await page.evaluate(() => window.tidyup.undone);
    await page.click(`[data-undo="${report.session}"]`);
    await waitFor(page, "undone", undone);
    equal(sorted(await contents(page)), sorted(before), "undone byte for byte");
  });

  await group("where the browser lacks what the page needs, it says so and names `tidyup ui`", async () => {
    const other = await page.context().newPage();
    await other.addInitScript(() => {
      delete window.showDirectoryPicker;
    });
    await other.goto(`${site.url}/`);
    await other.evaluate(() => window.tidyup.ready);
    const notice = await other.textContent("#browser-notice");
    check(notice.includes("File System Access API") && notice.includes("tidyup ui"), notice);
    await other.selectOption("#lang", "zh");
    check((await other.textContent("#browser-notice")).includes("tidyup ui"), "in Chinese too");
    check(await other.isDisabled("#pick"), "no folder picker");
    await other.close();
  });

  await group("without JSPI the demo folder is still organized, reviewed, applied and undone", async () => {
    const other = await page.context().newPage();
    await other.addInitScript(() => {
      delete WebAssembly.Suspending;
      delete WebAssembly.promising;
    });
    await other.goto(`${site.url}/`);
    await other.evaluate(() => window.tidyup.ready);
    const notice = await other.textContent("#browser-notice");
    check(notice.includes("JSPI") && notice.includes("tidyup ui") && notice.includes("demo"), notice);
    check(await other.isDisabled("#start") && await other.isDisabled("#pick"), "no sessions, no folder picker");
    const before = await other.evaluate(() => window.tidyup.snapshot());
    await other.click("#organize");
    await waitFor(other, "plans", 0);
    const table = await other.evaluate(() => window.tidyup.plan);
    const rows = table.groups.flatMap((g) => g.rows);
    equal(rows.length, 46, "a row per move of the demo");
    equal(sorted(await other.evaluate(() => window.tidyup.snapshot())), sorted(before), "a dry run changes nothing");
    await other.click("#apply");
    await waitFor(other, "applied", 0);
    const after = await other.evaluate(() => window.tidyup.snapshot());
    check(after["Documents/Q3 Report.PDF"] && !after["Q3 Report.PDF"], "applied");
    const [session] = await other.evaluate(() => window.tidyup.journalSessions);
    await other.click(`[data-undo="${session.id}"]`);
    await waitFor(other, "undone", 0);
    equal(sorted(await other.evaluate(() => window.tidyup.snapshot())), sorted(before), "undone");
    equal(await other.evaluate(() => window.tidyup.lastUndo?.refused), [], "the undo ran to its end, nothing refused");
    check((await other.evaluate(() => window.tidyup.journalSessions))[0].undone, "the session is marked undone");
    await other.close();
  });

  await group("a dry run of 10,000 files is one plan table; apply stops when asked; undo", async () => {
    const files = [];
    for (let i = 0; i < 5000; i++) files.push({ path: `IMG_${i}.jpg`, size: i % 977 }, { path: `doc ${i}.pdf`, size: i % 491 });
    await page.evaluate((files) => window.tidyup.usePickedFolder({ root: "/many", files }), files);
    await page.selectOption("#provider", "offline");
    const before = await page.evaluate(() => window.tidyup.snapshot());
    const plans = await page.evaluate(() => window.tidyup.plans);
    await page.click("#organize");
    await waitFor(page, "plans", plans);
    const groups = await page.evaluate(() => window.tidyup.plan.groups.map((g) => [g.destination, g.count]));
    equal(groups, [["Documents", 5000], ["Images", 5000]], "two groups, in the order the plan reaches them");
    equal(sorted(await page.evaluate(() => window.tidyup.snapshot())), sorted(before), "a dry run changes nothing");
    const applied = await page.evaluate(() => window.tidyup.applied);
    const progressed = await page.evaluate(() => window.tidyup.progress.length);
    await page.click("#apply");
    // Stop once the apply is under way: it stops after the file in progress.
    await page.waitForFunction((n) => window.tidyup.progress.length > n + 100, progressed, { timeout: TIMEOUT });
    await page.click("#stop");
    await waitFor(page, "applied", applied);
    const report = await page.evaluate(() => window.tidyup.lastReport);
    check(report.stopped && report.moved > 0 && report.moved < 10000, JSON.stringify(report));
    const after = await page.evaluate(() => window.tidyup.snapshot());
    const moved = Object.keys(after).filter((p) => p.startsWith("Images/") || p.startsWith("Documents/")).length;
    equal(moved, report.moved, "what the report says moved, and nothing else");
    const undone = await page.evaluate(() => window.tidyup.undone);
    await page.click(`[data-undo="${report.session}"]`);
    await waitFor(page, "undone", undone);
    equal(sorted(await page.evaluate(() => window.tidyup.snapshot())), sorted(before), "undone");
  });
}
