// The page: choose a folder and a provider, then chat with the agent, or
// "Organize": a dry run whose steps become the core's plan table, to review,
// apply (journaled, deletes into the folder's trash) and undo. The console
// shows the core's events as the CLI prints them; the tree on the right is
// re-read from the file system while tools run; the history lists the
// folder's journaled sessions, each with its undo.
//
// `window.tidyup` exposes the state the browser test reads (core hash,
// events, turn times, the folder tree); nothing in it is needed by a user.

import { CoreSession, hasJspi, loadCore, openChatStream, postChat, yieldToPage } from "./host.js";
import { MemFs } from "./memfs.js";
import { snapshot } from "./fsrequest.js";
import { DirFs } from "./dirfs.js";
import { pageWords } from "./words.js";
import { review } from "./review.js";

const $ = (id) => document.getElementById(id);
const ui = {
  log: $("log"), line: $("line"), send: $("send"), start: $("start"), tree: $("tree"),
  treeTitle: $("tree-title"), info: $("core-info"), pickedRadio: $("picked-radio"),
  pickedName: $("picked-name"), pickHint: $("pick-hint"), organize: $("organize"), planPanel: $("plan-panel"),
  plan: $("plan"), apply: $("apply"), stop: $("stop"), progress: $("progress"), report: $("report"),
  history: $("history"), notice: $("browser-notice"),
};

const state = {
  core: null, demoFiles: [], session: null, files: null, picked: null, lastRender: 0, renderMs: 0,
  base: null, journal: null, idb: null, plan: null, plans: 0, stopAsked: false,
};
const tidyup = (window.tidyup = { events: [], turns: [], busy: false, sessions: 0, plans: 0, applied: 0, undone: 0, progress: [] });
const lang = () => $("lang").value;
const words = () => pageWords(lang());
const { useFolder, renderHistory, organize, apply } = review({
  state, ui, tidyup, $, lang, words, print, onEvent, renderTree, afterChange, setInputEnabled, pickedFiles,
});

// ---- console -------------------------------------------------------------

function print(kind, text) {
  const div = document.createElement("div");
  div.className = kind;
  div.textContent = text;
  ui.log.append(div);
  ui.log.scrollTop = ui.log.scrollHeight;
}

function onEvent(event) {
  tidyup.events.push(event);
  if (event.kind === "answer_delta") {
    // Streamed text grows one line of the console until the answer ends.
    if (!ui.log.lastElementChild || ui.log.lastElementChild.className !== "streaming") print("streaming", "");
    ui.log.lastElementChild.textContent += event.text;
    return;
  }
  if (event.kind === "answer" && event.streamed) {
    if (ui.log.lastElementChild) ui.log.lastElementChild.className = "answer";
    return;
  }
  if (event.kind === "progress") {
    // A bulk move: one line that counts up, replaced by the tool's own line.
    if (!ui.log.lastElementChild || ui.log.lastElementChild.className !== "progress") print("progress", "");
    ui.log.lastElementChild.textContent = `${event.text}: ${event.done}/${event.total}`;
    return;
  }
  if (event.kind === "tool" && ui.log.lastElementChild?.className === "progress") ui.log.lastElementChild.remove();
  print(event.kind, event.text);
}

// ---- folder tree ---------------------------------------------------------

/** Items shown per folder of the tree; the rest are counted on one line. */
const TREE_ITEMS_PER_FOLDER = 100;
const byName = new Intl.Collator().compare;

/**
 * Renders a {path: size} snapshot as nested lists, folders first, at most
 * TREE_ITEMS_PER_FOLDER items a folder: a repaint costs the same on a
 * folder of 100 files and of 100,000.
 */
function renderSnapshot(tree) {
  const root = { dirs: new Map(), files: [] };
  for (const [path, size] of Object.entries(tree)) {
    const parts = path.split("/");
    const isDir = path.endsWith("/");
    if (isDir) parts.pop();
    let node = root;
    for (const part of isDir ? parts : parts.slice(0, -1)) {
      if (!node.dirs.has(part)) node.dirs.set(part, { dirs: new Map(), files: [] });
      node = node.dirs.get(part);
    }
    if (!isDir) node.files.push([parts.at(-1), size]);
  }
  const build = (node) => {
    const ul = document.createElement("ul");
    const dirs = [...node.dirs].sort((a, b) => byName(a[0], b[0]));
    const files = node.files.sort((a, b) => byName(a[0], b[0]));
    const shown = TREE_ITEMS_PER_FOLDER;
    for (const [name, child] of dirs.slice(0, shown)) {
      const li = document.createElement("li");
      li.className = "dir";
      li.innerHTML = "<span></span>";
      li.firstChild.textContent = `${name}/`;
      li.append(build(child));
      ul.append(li);
    }
    for (const [name, size] of files.slice(0, Math.max(0, shown - dirs.length))) {
      const li = document.createElement("li");
      li.textContent = name;
      const small = document.createElement("span");
      small.className = "size";
      small.textContent = formatSize(size);
      li.append(small);
      ul.append(li);
    }
    const hidden = dirs.length + files.length - shown;
    if (hidden > 0) {
      const li = document.createElement("li");
      li.className = "more";
      li.textContent = `… and ${hidden.toLocaleString("en-US")} more`;
      ul.append(li);
    }
    return ul;
  };
  ui.tree.replaceChildren(...build(root).childNodes);
}

function formatSize(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function renderTree() {
  if (!state.files) return;
  const started = performance.now();
  renderSnapshot(await snapshot(state.files));
  state.lastRender = performance.now();
  state.renderMs = state.lastRender - started;
}

/**
 * Between two file operations of a turn: repaints the tree now and then
 * (at most every 100 ms, and rarer when a repaint is slow, so that
 * repainting takes at most a fifth of the time), then yields to the page.
 */
async function afterChange() {
  if (performance.now() - state.lastRender > Math.max(100, 4 * state.renderMs)) await renderTree();
  await yieldToPage();
}

// ---- sessions --------------------------------------------------------------

async function startSession(event) {
  event?.preventDefault();
  setInputEnabled(false);
  state.session?.free();
  state.session = null;
  await useFolder();
  const provider = $("provider").value;
  // The key lives in this closure only; postChat sends it to baseUrl alone.
  const remote = { baseUrl: $("base-url").value.trim(), apiKey: $("api-key").value.trim() };
  // Streamed replies: answer text appears as it is generated.
  const calls = { stream: true };
  // Off unless asked: then read_file is declared and excerpts are sent.
  const read_contents = $("read-contents").checked;
  const config = { target_dir: state.files.root, model: $("model").value.trim(), lang: lang(), provider, calls, read_contents };
  ui.log.replaceChildren();
  tidyup.events.length = 0;
  ui.treeTitle.textContent = `Folder ${state.files.root}`;
  await renderTree();
  try {
    state.session = await CoreSession.start(state.core.module, {
      chat: (body) => postChat(remote, body), chatStream: (body) => openChatStream(remote, body),
      files: state.files, onEvent, afterChange,
    }, config);
  } catch (e) {
    print("error", `cannot start the core: ${e.message}`);
    return;
  }
  tidyup.sessions += 1;
  setInputEnabled(true);
  ui.line.focus();
}

async function sendLine(event) {
  event.preventDefault();
  const line = ui.line.value;
  if (!state.session || tidyup.busy) return;
  ui.line.value = "";
  print("user", line);
  setInputEnabled(false);
  tidyup.busy = true;
  const started = performance.now();
  let outcome;
  try {
    outcome = await state.session.send(line);
  } catch (e) {
    // A trap is fatal for this instance, as in the CLI.
    print("error", `the core stopped: ${e.message}`);
    state.session = null;
  }
  const ms = performance.now() - started;
  await state.files.saveCounts();
  tidyup.turns.push({ line, outcome, ms });
  await renderTree();
  await renderHistory();
  tidyup.busy = false;
  if (outcome === "quit") {
    print("notice", "Session ended.");
    state.session = null;
  }
  setInputEnabled(Boolean(state.session));
  ui.info.dataset.lastTurn = `${ms.toFixed(0)} ms`;
  showCoreInfo();
  ui.line.focus();
}

function setInputEnabled(enabled) {
  ui.line.disabled = ui.send.disabled = !enabled;
}

// ---- picking a real folder -------------------------------------------------

/**
 * Uses a directory handle as the "picked" folder (the picker, or a test's
 * OPFS), or `{root, files}` for an in-memory folder of such files (a
 * test's generated folder).
 */
function usePickedFolder(source) {
  state.picked = source;
  const name = source.root ?? (source.name ? `/${source.name}` : "/picked");
  ui.pickedName.textContent = name;
  ui.pickedRadio.disabled = false;
  ui.pickedRadio.checked = true;
  return useFolder().then(renderTree);
}

/** The file system of the picked folder. */
function pickedFiles() {
  const source = state.picked;
  return source.files ? new MemFs(source.root, source.files) : new DirFs(source);
}

async function pickFolder() {
  try {
    await usePickedFolder(await window.showDirectoryPicker({ mode: "readwrite" }));
  } catch (e) {
    if (e.name !== "AbortError") ui.pickHint.textContent = words().pick_failed(e.message);
  }
}

// ---- start-up --------------------------------------------------------------

/** The page's own words in the chosen language, and what this browser cannot do. */
function showWords() {
  const w = words();
  document.documentElement.lang = lang();
  ui.organize.textContent = w.organize;
  $("organize-hint").textContent = w.organize_hint;
  $("plan-heading").textContent = w.plan_heading;
  $("history-heading").textContent = w.history;
  ui.apply.textContent = w.apply;
  ui.stop.textContent = w.stop;
  ui.progress.setAttribute("aria-label", w.progress);
  state.plan?.view.setLang(lang());
  const missing = [!hasJspi() && w.no_jspi, !window.showDirectoryPicker && w.no_folders].filter(Boolean);
  ui.notice.hidden = missing.length === 0;
  ui.notice.textContent = missing.join(" ");
  if (state.journal) renderHistory();
}

function showCoreInfo() {
  const { sha256, size } = state.core;
  const last = ui.info.dataset.lastTurn ? ` · last turn ${ui.info.dataset.lastTurn}` : "";
  ui.info.textContent = `core tidyup_core.wasm · ${size} bytes · sha256 ${sha256}${last}`;
}

async function main() {
  $("setup").addEventListener("submit", startSession);
  $("prompt").addEventListener("submit", sendLine);
  $("pick").addEventListener("click", pickFolder);
  ui.organize.addEventListener("click", organize);
  ui.apply.addEventListener("click", apply);
  ui.stop.addEventListener("click", () => {
    state.stopAsked = true;
  });
  $("lang").addEventListener("change", showWords);
  document.querySelectorAll('input[name="folder"]').forEach((radio) =>
    radio.addEventListener("change", () => useFolder().then(renderTree)));
  showWords();
  if (!window.showDirectoryPicker || !hasJspi()) $("pick").disabled = true;
  if (!hasJspi()) {
    // Only what runs without JSPI: the demo folder, organized offline.
    ui.start.disabled = $("provider").disabled = true;
    $("provider").value = "offline";
  }
  const [core, demo] = await Promise.all([
    loadCore("core/tidyup_core.wasm"),
    fetch("core/demo-files.json", { cache: "no-store" }).then((r) => r.json()),
  ]);
  Object.assign(state, { core, demoFiles: demo });
  Object.assign(tidyup, {
    coreSha256: core.sha256,
    coreSize: core.size,
    snapshot: () => snapshot(state.files),
    history: () => state.session.history(),
    usePickedFolder,
    /** The folder as the core's sessions reach it (trash hidden, journaled). */
    files: () => state.files,
    organize,
  });
  showCoreInfo();
  if (!state.base) await useFolder();
  ui.treeTitle.textContent = `Folder ${state.base.root}`;
  await renderTree();
}

tidyup.ready = main();
