// The window of `tidyup ui`: a view of the session the native host runs.
// It claims the session for this tab, reads the session's events from one
// stream (api/events) and sends the person's actions as small JSON POSTs;
// docs/UI.md is the contract. Every word comes from i18n.js.
//
// Hooks for the browser tests (stable; nothing else here is):
//   #organize (submits #request with it), #request, #apply, #stop, #undo
//   (the report's), #history (the aside), #history-list > [data-session]
//   with button[data-undo], #confirm-dialog / #confirm-ok (undo's question),
//   #choose-folder, #folder-dialog, #folder-path, #folder-ok, #places button[data-path],
//   #provider, #model, #base-url, #lang, #read-contents, #start-line,
//   #plan table, tr[data-row-id], tbody[data-destination],
//   input[data-group-toggle], input[data-row-tick], button[data-change-to],
//   button[data-change-group], button[data-expand], #destination-dialog,
//   #destination-pick, #destination-new, #destination-ok, #progress,
//   #progress-text, #report, #activity, #alerts, #taken-over, #take-over.
// `window.tidyup` = { state, events, plan, phase }: for tests only.

import { htmlLang, words } from "./i18n.js";
import { renderPlanTable, showModal } from "./plan-table.js";

const $ = (id) => document.getElementById(id);
const tidyup = (window.tidyup = { state: null, events: [], plan: null, phase: "idle" });
const MAX_EVENTS = 20000;
const MAX_LOG = 400;

let lang = (navigator.language || "").toLowerCase().startsWith("zh") ? "zh" : "en";
let w = words(lang);
let tab = null;
let stream = null;
let ended = false; // another tab took the session over
let planHandle = null;
let report = null;
let action = null; // "apply" | "undo" while one runs
let stopping = false;
let history = [];
let answer = null; // the activity line an answer streams into
let coreProgress = null;

// ---- talking to the server ----------------------------------------------

async function post(path, body) {
  let res;
  try {
    res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Tidyup-Tab": tab || "new" },
      body: JSON.stringify(body ?? {}),
    });
  } catch (err) {
    return { ok: false, status: 0, data: { error: String(err && err.message ? err.message : err) } };
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  return { ok: res.ok, status: res.status, data };
}

/** POSTs an action; a refusal becomes a visible alert. */
async function act(path, body) {
  const answer = await post(path, body);
  if (!answer.ok) alertText((answer.data && answer.data.error) || `${w.error} (${answer.status})`);
  return answer;
}

async function claim(takeOver) {
  const answer = await post("api/claim", { take_over: takeOver });
  if (answer.status === 409) {
    $("conflict-text").textContent = (answer.data && answer.data.error) || w.claim_conflict;
    $("conflict").hidden = false;
    setAllDisabled(true);
    $("take-over").disabled = false;
    $("take-over").focus();
    return;
  }
  if (!answer.ok || !answer.data || !answer.data.tab) {
    alertText((answer.data && answer.data.error) || `${w.error} (${answer.status})`);
    return;
  }
  tab = answer.data.tab;
  $("conflict").hidden = true;
  setAllDisabled(false);
  openStream();
  loadHistory();
}

function openStream() {
  if (stream) stream.close();
  stream = new EventSource(`api/events?tab=${encodeURIComponent(tab)}`);
  stream.addEventListener("open", () => {
    $("connection").hidden = true;
  });
  stream.addEventListener("message", (message) => {
    let event;
    try {
      event = JSON.parse(message.data);
    } catch {
      return;
    }
    handle(event);
  });
  stream.addEventListener("error", () => {
    if (!ended) $("connection").hidden = false;
  });
}

async function loadHistory() {
  try {
    const res = await fetch("api/history");
    if (!res.ok) return;
    const data = await res.json();
    showHistory(Array.isArray(data) ? data : data.sessions || []);
  } catch {
    /* the history event will come */
  }
}

// ---- events ---------------------------------------------------------------

function handle(event) {
  tidyup.events.push(event);
  if (tidyup.events.length > MAX_EVENTS) tidyup.events.splice(0, tidyup.events.length - MAX_EVENTS);
  switch (event.kind) {
    case "state":
      showState(event);
      break;
    case "core":
      showCore(event);
      break;
    case "plan":
      showPlan(event);
      break;
    case "progress":
      showProgress(event);
      break;
    case "report":
      showReport(event);
      break;
    case "history":
      showHistory(event.sessions || []);
      break;
    case "error":
      alertText(event.text);
      break;
    case "taken_over":
      takenOver();
      break;
    default:
      break;
  }
}

function showState(state) {
  tidyup.state = state;
  if (state.lang && state.lang !== lang) setLang(state.lang);
  $("folder").textContent = state.folder || w.no_folder;
  fillProviders(state);
  // a field being typed in keeps what the person typed
  if (document.activeElement !== $("model")) $("model").value = state.model || "";
  if (document.activeElement !== $("base-url")) $("base-url").value = state.base_url || "";
  $("read-contents").checked = Boolean(state.read_contents);
  $("start-line").textContent = state.start_line || "";
  $("mode-lines").replaceChildren(
    ...(state.mode_lines || []).map((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      return li;
    }),
  );
  $("watching").hidden = !state.watching;
  setPhase(state.phase || "idle");
}

function fillProviders(state) {
  const select = $("provider");
  const names = ["offline", ...(state.providers || []).filter((name) => name !== "offline")];
  if (state.provider && !names.includes(state.provider)) names.push(state.provider);
  const key = `${lang}\n${names.join("\n")}`;
  if (select.dataset.key !== key) select.replaceChildren(
    ...names.map((name) => {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = name === "offline" ? w.provider_offline : name;
      return option;
    }),
  );
  select.dataset.key = key;
  select.value = state.provider || "offline";
  const offline = select.value === "offline";
  for (const field of document.querySelectorAll(".model-field")) field.hidden = offline;
}

function setPhase(phase) {
  const before = tidyup.phase;
  tidyup.phase = phase;
  if (phase !== "running" && phase !== "applying") stopping = false;
  if (phase === "running" && before !== "running") {
    // a new run: the old plan and report are over
    clearPlan();
    hideReport();
    $("activity").replaceChildren();
    answer = null;
    coreProgress = null;
  }
  if (phase === "review" && action === null) hideReport();
  paint();
  if (phase === "review" && before !== "review" && tidyup.plan) {
    // the plan is what the person waits for: bring it into view
    // (at once: a smooth scroll would move what a click is aimed at)
    $("plan-section").scrollIntoView({ block: "start" });
  }
}

/** Shows and enables what the phase allows. */
function paint() {
  const phase = tidyup.phase;
  const busy = phase === "running" || phase === "applying" || action !== null || !tab;
  $("phase").textContent = stopping ? w.stopping : w[`phase_${phase}`] || "";
  $("stop").hidden = !(phase === "running" || phase === "applying" || action !== null);
  // Stop sits by what it stops: the activity while planning, the progress bar while applying
  const stopHome = phase === "applying" || action !== null ? $("progress-box") : $("run-stop");
  if ($("stop").parentElement !== stopHome) stopHome.append($("stop"));
  $("stop").disabled = ended || stopping;
  const plan = tidyup.plan;
  const empty = Boolean(plan) && !(plan.groups || []).some((group) => (group.rows || []).length);
  const showPlan = Boolean(plan) &&
    (phase === "review" || action === "apply" || (phase === "applying" && action === null) || (phase === "idle" && empty));
  $("apply-line").hidden = empty;
  $("activity-box").classList.toggle("compact", showPlan);
  $("plan-section").hidden = !showPlan;
  if (planHandle) planHandle.setDisabled(ended || busy);
  $("progress-box").hidden = action === null && phase !== "applying";
  $("activity-box").hidden = $("activity").childElementCount === 0;
  for (const id of ["organize", "request", "choose-folder", "provider", "model", "base-url", "read-contents"]) {
    $(id).disabled = ended || busy;
  }
  $("lang").disabled = ended;
  $("undo").disabled = ended || busy;
  for (const button of document.querySelectorAll("#history-list button[data-undo]")) button.disabled = ended || busy;
  $("history-refresh").disabled = ended;
  paintApply();
}

function paintApply() {
  const apply = $("apply");
  const dry = Boolean(tidyup.state && tidyup.state.dry_run);
  const count = planHandle ? planHandle.selection().length : 0;
  apply.textContent = dry ? w.save_plan : w.apply(count);
  const busy = tidyup.phase === "applying" || action !== null || !tab;
  apply.disabled = ended || busy || count === 0;
  $("apply-hint").textContent = count === 0 && planHandle ? w.nothing_ticked : "";
}

// ---- the activity log ------------------------------------------------------

/** A core event (`ports::Event`, internally tagged by `kind`, or
 * externally tagged as `{"tool": {...}}`), as one short line. */
function coreEvent(wrapper) {
  let event = wrapper.event ?? wrapper;
  if (event && typeof event === "object" && !event.kind) {
    const keys = Object.keys(event);
    if (keys.length === 1 && event[keys[0]] && typeof event[keys[0]] === "object") {
      event = { kind: keys[0], ...event[keys[0]] };
    }
  }
  return event || {};
}

function logLine(className, text) {
  const log = $("activity");
  const line = document.createElement("p");
  line.className = className;
  line.textContent = text;
  log.append(line);
  while (log.childElementCount > MAX_LOG) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
  $("activity-box").hidden = false;
  return line;
}

function showCore(wrapper) {
  const event = coreEvent(wrapper);
  const text = event.text || "";
  switch (event.kind) {
    case "answer_delta":
      if (!answer) answer = logLine("answer", "");
      answer.textContent += text;
      return;
    case "answer":
      if (!(event.streamed && answer)) logLine("answer", text);
      answer = null;
      return;
    case "progress":
      if (!coreProgress || !coreProgress.isConnected) coreProgress = logLine("progress", "");
      coreProgress.textContent = `${text} ${w.progress_plain(event.done, event.total)}`;
      return;
    case "usage":
    case "started": // the start line is shown with the settings
      return;
    case "tool":
      coreProgress = null;
      answer = null;
      logLine(event.failed ? "tool failed" : "tool", text);
      return;
    case "error":
      logLine("error", text);
      return;
    default:
      if (text) logLine(event.kind || "notice", text);
  }
}

// ---- the plan, apply and the report ---------------------------------------

function clearPlan() {
  if (planHandle) planHandle.destroy();
  planHandle = null;
  tidyup.plan = null;
}

function showPlan(plan) {
  // the same plan again (the stream reconnected): keep the person's edits
  if (planHandle && tidyup.plan && tidyup.plan.plan === plan.plan) return;
  clearPlan();
  tidyup.plan = plan;
  $("plan-title").textContent = w.plan_title;
  planHandle = renderPlanTable($("plan"), plan, { lang, onChange: paintApply });
  paint();
}

async function apply() {
  if (!planHandle || !tidyup.plan) return;
  const rows = planHandle.selection();
  if (!rows.length) return paintApply();
  action = "apply";
  showProgress({ done: 0, total: rows.length, name: "" });
  paint();
  $("progress-box").scrollIntoView({ block: "nearest" });
  const answer = await act("api/apply", { plan: tidyup.plan.plan, rows });
  if (!answer.ok) {
    action = null;
    paint();
  }
}

function showProgress(progress) {
  const bar = $("progress");
  bar.max = Math.max(1, progress.total || 0);
  bar.value = Math.min(progress.done || 0, bar.max);
  const name = progress.name || "";
  const say = action === "undo" ? w.progress_undoing : w.progress_moving;
  $("progress-text").textContent = name ? say(progress.done, progress.total, name) : w.progress_plain(progress.done, progress.total);
  $("progress-box").hidden = false;
}

function hideReport() {
  report = null;
  $("report").hidden = true;
}

function showReport(event) {
  const wasUndo = action === "undo";
  const focusWasLost = !document.activeElement || document.activeElement === document.body ||
    Boolean(document.activeElement.closest("#plan-section, #report, .run"));
  report = { ...event, undo: wasUndo };
  action = null;
  if (!wasUndo) clearPlan(); // carried out: the session starts afresh
  stopping = false;
  $("report-title").textContent = event.title || w.report;
  showReportLines(event.lines || []);
  $("report-counts").textContent = (wasUndo ? w.report_undo_counts : w.report_counts)(event.moved || 0, event.left || 0);
  $("report-stopped").hidden = !event.stopped;
  const dry = Boolean(tidyup.state && tidyup.state.dry_run);
  $("report-counts").hidden = dry && !wasUndo;
  $("undo").hidden = wasUndo || dry || !event.session;
  $("report").hidden = false;
  $("progress-box").hidden = true;
  paint();
  if (focusWasLost) {
    const title = $("report-title");
    title.tabIndex = -1;
    title.focus();
  }
}

/** The report's lines; a long report (a saved plan's every step) keeps its
 * first and last lines in view and the rest behind "Show all". */
function showReportLines(lines) {
  const item = (line) => {
    const li = document.createElement("li");
    li.textContent = line;
    return li;
  };
  const list = $("report-lines");
  if (lines.length <= 12) return list.replaceChildren(...lines.map(item));
  const middle = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = w.show_all_lines(lines.length - 4);
  const inner = document.createElement("ul");
  inner.append(...lines.slice(2, -2).map(item));
  middle.append(summary, inner);
  const holder = document.createElement("li");
  holder.className = "report-more";
  holder.append(middle);
  list.replaceChildren(...lines.slice(0, 2).map(item), holder, ...lines.slice(-2).map(item));
}

async function undo(session) {
  action = "undo";
  showProgress({ done: 0, total: 0, name: "" });
  paint();
  const answer = await act("api/undo", session ? { session } : {});
  if (!answer.ok) {
    action = null;
    $("progress-box").hidden = true;
    paint();
  }
}

// ---- history ---------------------------------------------------------------

function formatWhen(when) {
  let date = null;
  if (typeof when === "number") date = new Date(when < 1e12 ? when * 1000 : when);
  else if (typeof when === "string" && /^\d{4}-\d\d-\d\d/.test(when)) date = new Date(when.replace(" ", "T"));
  if (!date || Number.isNaN(date.getTime())) return String(when ?? "");
  return date.toLocaleString(lang === "zh" ? "zh-CN" : "en", { dateStyle: "medium", timeStyle: "short" });
}

/** Newest first when every `when` is a date; else as the server sent them. */
function newestFirst(sessions) {
  const times = sessions.map((s) => (typeof s.when === "number" ? s.when : Date.parse(String(s.when).replace(" ", "T"))));
  if (times.some((t) => Number.isNaN(t))) return sessions;
  return sessions.map((s, i) => [s, times[i]]).sort((a, b) => b[1] - a[1]).map(([s]) => s);
}

function showHistory(sessions) {
  history = newestFirst(sessions);
  sessions = history;
  const list = $("history-list");
  const kinds = { session: w.kind_session, watch: w.kind_watch, mcp: w.kind_mcp, window: w.kind_window };
  list.replaceChildren(
    ...sessions.map((s) => {
      const li = document.createElement("li");
      li.dataset.session = s.id;
      li.className = `history-item kind-${s.kind || "session"}${s.undone ? " undone" : ""}`;
      const when = formatWhen(s.when);
      const head = document.createElement("div");
      head.className = "history-when";
      head.textContent = when;
      const badge = document.createElement("span");
      badge.className = `badge kind-${s.kind || "session"}`;
      badge.textContent = kinds[s.kind] || s.kind || "";
      head.append(" ", badge);
      const folder = document.createElement("div");
      folder.className = "history-folder";
      folder.textContent = s.folder || "";
      const counts = document.createElement("div");
      counts.className = "history-counts";
      counts.textContent = w.history_counts(s.moved || 0, s.created || 0, s.trashed || 0);
      li.append(head, folder, counts);
      const changedNothing = [s.moved, s.created, s.trashed].every((n) => n === 0);
      if (s.undone) {
        const done = document.createElement("span");
        done.className = "badge undone";
        done.textContent = w.undone;
        li.append(done);
      } else if (!changedNothing) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "secondary small";
        button.dataset.undo = s.id;
        button.textContent = w.undo;
        button.setAttribute("aria-label", w.undo_session_label(when, s.folder || ""));
        li.append(button);
      }
      return li;
    }),
  );
  $("history-empty").hidden = sessions.length > 0;
  paint();
}

let confirmSession = null;

function confirmUndo(id, opener) {
  const s = history.find((item) => String(item.id) === String(id));
  if (!s) return;
  confirmSession = s.id;
  $("confirm-text").textContent = w.confirm_undo_text(formatWhen(s.when), s.folder || "");
  showModal($("confirm-dialog"), opener);
  $("confirm-cancel").focus();
}

// ---- settings and the folder ----------------------------------------------

/** Changes the session's settings; the new `state` comes as an event (and
 * as the answer). Refused, the page shows the settings as they were. */
async function settings(change) {
  const before = tidyup.state && { ...tidyup.state };
  const answer = await act("api/settings", change);
  if (answer.ok && answer.data && answer.data.phase) showState(answer.data);
  else if (!answer.ok && before) showState(before);
  return answer;
}

async function openFolderDialog() {
  const box = $("places");
  box.replaceChildren();
  $("folder-error").textContent = "";
  $("folder-path").value = (tidyup.state && tidyup.state.folder) || "";
  try {
    const res = await fetch("api/places");
    const places = res.ok ? await res.json() : [];
    for (const place of places) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "place";
      button.dataset.path = place.path;
      const label = document.createElement("span");
      label.className = "place-label";
      label.textContent = place.label;
      const path = document.createElement("span");
      path.className = "place-path";
      path.textContent = place.path;
      button.append(label, path);
      box.append(button);
    }
  } catch {
    /* the typed path still works */
  }
  showModal($("folder-dialog"), $("choose-folder"));
  (box.querySelector("button") || $("folder-path")).focus();
}

async function chooseFolder(path) {
  const folder = String(path || "").trim();
  if (!folder) return;
  const answer = await post("api/settings", { folder });
  if (!answer.ok) {
    $("folder-error").textContent = (answer.data && answer.data.error) || w.error;
    $("folder-path").focus();
    return;
  }
  $("folder-dialog").close();
}

// ---- language and the whole page ------------------------------------------

function setLang(next) {
  lang = next === "zh" ? "zh" : "en";
  w = words(lang);
  document.documentElement.lang = htmlLang(lang);
  $("lang").value = lang;
  for (const node of document.querySelectorAll("[data-t]")) {
    const text = w[node.dataset.t];
    if (typeof text === "string") node.textContent = text;
  }
  for (const node of document.querySelectorAll("[data-t-placeholder]")) node.placeholder = w[node.dataset.tPlaceholder];
  for (const node of document.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", w[node.dataset.tLabel]);
  for (const node of document.querySelectorAll("[data-dismiss]")) node.setAttribute("aria-label", w.dismiss);
  if (tidyup.state) fillProviders(tidyup.state);
  $("folder").textContent = (tidyup.state && tidyup.state.folder) || w.no_folder;
  $("plan-title").textContent = w.plan_title;
  if (planHandle) planHandle.setLang(lang);
  if (report) {
    $("report-title").textContent = report.title || w.report;
    showReportLines(report.lines || []);
    $("report-counts").textContent = (report.undo ? w.report_undo_counts : w.report_counts)(report.moved || 0, report.left || 0);
  }
  showHistory(history);
  paint();
}

function alertText(text) {
  const box = document.createElement("div");
  box.className = "alert";
  const p = document.createElement("p");
  p.textContent = text;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "link";
  close.dataset.dismiss = "";
  close.textContent = "×";
  close.setAttribute("aria-label", w.dismiss);
  close.addEventListener("click", () => box.remove());
  box.append(p, close);
  $("alerts").append(box);
  while ($("alerts").childElementCount > 5) $("alerts").firstElementChild.remove();
}

function setAllDisabled(off) {
  for (const control of document.querySelectorAll("button, input, select")) {
    if (control.closest("#alerts")) continue;
    control.disabled = off;
  }
  if (planHandle) planHandle.setDisabled(off);
  if (!off) paint();
}

function takenOver() {
  ended = true;
  if (stream) stream.close();
  $("connection").hidden = true;
  $("taken-over").hidden = false;
  $("taken-over").tabIndex = -1;
  $("taken-over").focus();
  $("taken-over").scrollIntoView({ block: "start" });
  for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  setAllDisabled(true);
}

// ---- wiring ----------------------------------------------------------------

function wire() {
  $("organize-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const request = $("request").value.trim();
    act("api/organize", request ? { request } : {});
  });
  $("stop").addEventListener("click", async () => {
    stopping = true;
    paint();
    const answer = await act("api/stop", {});
    if (!answer.ok) {
      stopping = false;
      paint();
    }
  });
  $("apply").addEventListener("click", apply);
  $("undo").addEventListener("click", () => {
    if (report && report.session) undo(report.session);
  });
  $("history-list").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-undo]");
    if (button && !button.disabled) confirmUndo(button.dataset.undo, button);
  });
  $("history-refresh").addEventListener("click", loadHistory);
  $("confirm-cancel").addEventListener("click", () => $("confirm-dialog").close());
  $("confirm-form").addEventListener("submit", (event) => {
    event.preventDefault();
    $("confirm-dialog").close();
    if (confirmSession !== null) undo(confirmSession);
    confirmSession = null;
  });
  $("choose-folder").addEventListener("click", openFolderDialog);
  $("places").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-path]");
    if (button) chooseFolder(button.dataset.path);
  });
  $("folder-form").addEventListener("submit", (event) => {
    event.preventDefault();
    chooseFolder($("folder-path").value);
  });
  $("folder-cancel").addEventListener("click", () => $("folder-dialog").close());
  $("provider").addEventListener("change", () => {
    const provider = $("provider").value;
    for (const field of document.querySelectorAll(".model-field")) field.hidden = provider === "offline";
    settings({ provider });
  });
  $("model").addEventListener("change", () => settings({ model: $("model").value.trim() }));
  $("base-url").addEventListener("change", () => settings({ base_url: $("base-url").value.trim() }));
  $("read-contents").addEventListener("change", () => settings({ read_contents: $("read-contents").checked }));
  $("lang").addEventListener("change", () => {
    const next = $("lang").value;
    setLang(next);
    if (tab && !ended) settings({ lang: next });
  });
  $("take-over").addEventListener("click", () => claim(true));
  $("read-contents").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      $("read-contents").click();
    }
  });
}

wire();
setLang(lang);
claim(false);
