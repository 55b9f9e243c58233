// The page's review flow on the chosen folder: its file system, journal
// and history (each session with its undo), and "Organize": a dry run whose
// steps become the core's plan table, to apply (journaled, progress, Stop).
// `review(page)` takes what app.js owns (its state, elements, console and
// tree) and returns the flow's entry points.

import { CoreSession, hasJspi, openChatStream, postChat, yieldToPage } from "./host.js";
import { list } from "./fsrequest.js";
import { MemFs } from "./memfs.js";
import { DirFs } from "./dirfs.js";
import { GuardedFs } from "./guarded.js";
import { OverlayFs, RecordingFs } from "./overlay.js";
import { IdbJournal, MemoryJournal } from "./journal.js";
import { applyPlan, undoSession } from "./changes.js";
import { renderPlanTable } from "./plan-table.js";

export function review(page) {
  const { state, ui, tidyup, $, lang, words, print, onEvent, renderTree, afterChange, setInputEnabled, pickedFiles } = page;

  // ---- the folder, its journal and history ----------------------------------

  /**
   * Takes up the chosen folder afresh (the demo folder is made anew): its
   * file system, its journal (IndexedDB for a picked folder, so it survives
   * a reload; memory for the in-memory folders), and the view the core's
   * sessions change it through (trash hidden, every change journaled first).
   */
  async function useFolder() {
    const usePicked = document.querySelector('input[name="folder"]:checked').value === "picked";
    state.base = usePicked ? pickedFiles() : new MemFs("/demo", state.demoFiles);
    if (state.base instanceof DirFs) {
      state.idb ??= await IdbJournal.open();
      state.journal = state.idb;
    } else {
      state.journal = new MemoryJournal();
    }
    state.files = guardedFiles("session");
    closePlan();
    await renderHistory();
  }

  /** The folder as the core changes it for real: trash hidden, changes journaled. */
  function guardedFiles(kind) {
    const handle = state.base instanceof DirFs ? state.base.handle : undefined;
    return new GuardedFs(state.base, state.journal, { kind, handle });
  }

  /** The journal's sessions of the current folder, the newest first. */
  async function folderSessions() {
    if (!state.journal) return [];
    const sessions = await state.journal.sessions(state.base.root);
    const same = [];
    for (const session of sessions) {
      const mine = !session.handle || !(state.base instanceof DirFs) || (await session.handle.isSameEntry(state.base.handle));
      if (mine) same.push(session);
    }
    return same;
  }

  let historyDrawn = 0;

  /** Draws the folder's history; of calls that overlap, the last one started wins. */
  async function renderHistory() {
    const w = words();
    const drawing = ++historyDrawn;
    const sessions = await folderSessions();
    if (drawing !== historyDrawn) return;
    tidyup.journalSessions = sessions.map(({ handle, ...rest }) => rest);
    if (sessions.length === 0) {
      const li = document.createElement("li");
      li.textContent = w.history_empty;
      ui.history.replaceChildren(li);
      return;
    }
    ui.history.replaceChildren(...sessions.map((session) => {
      const li = document.createElement("li");
      const text = document.createElement("span");
      text.textContent = w.history_row(session);
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = w.undo;
      button.setAttribute("aria-label", w.undo_of(session));
      button.dataset.undo = session.id;
      button.disabled = session.undone;
      button.addEventListener("click", () => undo(session.id));
      li.append(text, button);
      return li;
    }));
  }

  async function undo(id) {
    if (tidyup.busy) return;
    const w = words();
    tidyup.busy = true;
    setInputEnabled(false);
    try {
      const report = await undoSession({
        inner: state.base, journal: state.journal, id, words: w,
        hooks: { progress: (p) => showProgress(p) },
      });
      ui.report.textContent = w.undone(report);
      for (const text of report.refused) print("notice", text);
      tidyup.lastUndo = report;
    } catch (e) {
      print("error", w.failure(e));
    }
    ui.progress.hidden = true;
    tidyup.busy = false;
    tidyup.undone++;
    setInputEnabled(Boolean(state.session));
    await renderTree();
    await renderHistory();
  }

  // ---- organize: a dry run, the plan table, apply ----------------------------

  /**
   * Runs the session's request (the typed line, else "organize") on a dry-run
   * overlay of the folder, says yes to the plan there (nothing real changes),
   * and shows the overlay's steps as the core's plan table.
   */
  async function organize() {
    if (tidyup.busy || !state.core) return;
    const w = words();
    tidyup.busy = true;
    setInputEnabled(false);
    ui.organize.disabled = true;
    ui.report.textContent = w.planning;
    if (!state.base) await useFolder();
    closePlan();
    const view = new GuardedFs(state.base);
    // Without JSPI the core's file calls need answers at once: the dry run
    // then runs on an in-memory copy of the (in-memory) folder.
    const sync = !hasJspi();
    const overlay = sync ? new RecordingFs(state.base.clone()) : new OverlayFs(view);
    const provider = sync ? "offline" : $("provider").value;
    const remote = { baseUrl: $("base-url").value.trim(), apiKey: $("api-key").value.trim() };
    const config = {
      target_dir: overlay.root, model: $("model").value.trim(), lang: lang(), provider,
      calls: { stream: true }, read_contents: $("read-contents").checked, dry_run: true,
    };
    let session;
    try {
      session = await CoreSession.start(state.core.module, {
        chat: (body) => postChat(remote, body), chatStream: (body) => openChatStream(remote, body),
        files: overlay, onEvent, afterChange: yieldToPage, sync,
      }, config);
      const request = ui.line.value.trim() || "organize";
      ui.line.value = "";
      print("user", request);
      await session.send(request);
      if (overlay.steps.length === 0) {
        print("user", lang() === "zh" ? "好" : "yes");
        await session.goAhead();
      }
      const entries = await planEntries(view);
      const table = session.planTable({
        lang: lang(),
        input: { plan: `p${++state.plans}`, folder: overlay.root, steps: overlay.steps, entries },
      });
      showPlan(table, overlay.steps);
    } catch (e) {
      print("error", `the core stopped: ${e.message}`);
    } finally {
      session?.free();
      tidyup.busy = false;
      ui.organize.disabled = false;
      setInputEnabled(Boolean(state.session));
    }
  }

  function showPlan(table, steps) {
    const w = words();
    ui.report.textContent = "";
    ui.planPanel.hidden = false;
    ui.apply.textContent = w.apply;
    const view = renderPlanTable(ui.plan, table, { lang: lang() });
    state.plan = { table, steps, view };
    tidyup.plan = table;
    tidyup.plans++;
  }

  function closePlan() {
    state.plan?.view.destroy();
    state.plan = null;
    ui.plan.replaceChildren();
    ui.planPanel.hidden = true;
  }

  function showProgress({ done, total, name }) {
    ui.progress.hidden = false;
    ui.progress.max = Math.max(total, 1);
    ui.progress.value = done;
    ui.progress.setAttribute("aria-valuetext", `${done} / ${total}: ${name}`);
    tidyup.progress.push({ done, total, name });
    return afterChange();
  }

  /** Carries out the ticked rows for real, journaled, with progress and Stop. */
  async function apply() {
    if (!state.plan || tidyup.busy) return;
    const w = words();
    tidyup.busy = true;
    state.stopAsked = false;
    setInputEnabled(false);
    state.plan.view.setDisabled(true);
    ui.apply.disabled = ui.organize.disabled = true;
    ui.stop.hidden = false;
    ui.stop.textContent = w.stop;
    const handle = state.base instanceof DirFs ? state.base.handle : undefined;
    try {
      const report = await applyPlan({
        inner: state.base, journal: state.journal, steps: state.plan.steps, selection: state.plan.view.selection(),
        meta: { kind: "window", handle }, words: w,
        hooks: { progress: (p) => showProgress(p), stopped: () => state.stopAsked },
      });
      ui.report.textContent = w.applied(report);
      for (const { name, why } of report.left) print("notice", `${name}: ${why}`);
      tidyup.lastReport = report;
      closePlan();
    } catch (e) {
      print("error", w.failure(e));
      state.plan?.view.setDisabled(false);
    }
    ui.stop.hidden = ui.progress.hidden = true;
    ui.apply.disabled = ui.organize.disabled = false;
    tidyup.busy = false;
    tidyup.applied++;
    setInputEnabled(Boolean(state.session));
    await renderTree();
    await renderHistory();
  }

  return { useFolder, renderHistory, organize, apply };
}

/** The folder's top-level entries for the plan table, each folder (the
 * first 40) with the names of the files it holds (300 at most): the
 * evidence a row going into one of the person's folders is told by. */
async function planEntries(view) {
  const entries = (await list(view, view.root)).map((e) => ({ name: e.name, size: e.size, dir: e.kind === "dir" }));
  const folders = entries.filter((e) => e.dir && !e.name.startsWith(".")).slice(0, 40);
  for (const folder of folders) {
    try {
      const inside = await list(view, `${view.root.replace(/[\\/]+$/, "")}/${folder.name}`);
      folder.holds = inside.filter((e) => e.kind !== "dir" && !e.name.startsWith(".")).slice(0, 300).map((e) => e.name);
    } catch {
      // A folder that cannot be listed tells nothing.
    }
  }
  return entries;
}
