// History: the past sessions in the aside, this folder's first, each
// newest first with its Undo button, and the question undo asks before it
// runs.

import { showModal } from "./plan-table.js";
import { $, page, tidyup } from "./page.js";
import { paint, undo } from "./apply.js";

let confirmSession = null;

/** `when` (a `YYYY-MM-DD HH:MM:SS` or a timestamp) in the page's language. */
function formatWhen(when) {
  let date = null;
  if (typeof when === "number") date = new Date(when < 1e12 ? when * 1000 : when);
  else if (typeof when === "string" && /^\d{4}-\d\d-\d\d/.test(when)) date = new Date(when.replace(" ", "T"));
  if (!date || Number.isNaN(date.getTime())) return String(when ?? "");
  return date.toLocaleString(page.lang === "zh" ? "zh-CN" : "en", { dateStyle: "medium", timeStyle: "short" });
}

/** This folder's sessions first (`here`), then the others; each part
 * newest first when every `when` is a date, else as the server sent them. */
function ordered(sessions) {
  const times = sessions.map((s) => (typeof s.when === "number" ? s.when : Date.parse(String(s.when).replace(" ", "T"))));
  const dated = !times.some((t) => Number.isNaN(t));
  return sessions
    .map((s, i) => [s, dated ? times[i] : -i])
    .sort((a, b) => Number(Boolean(b[0].here)) - Number(Boolean(a[0].here)) || b[1] - a[1])
    .map(([s]) => s);
}

/** A heading inside the list: the sessions below it are of this folder or
 * of others. */
function heading(text) {
  const li = document.createElement("li");
  li.className = "history-heading";
  li.setAttribute("role", "presentation");
  li.textContent = text;
  return li;
}

/** One session: when, what started it, its folder, its counts, and its
 * Undo (none once undone, for one that changed nothing, or whose folder is
 * gone). */
function item(s) {
  const { w } = page;
  const kinds = { session: w.kind_session, watch: w.kind_watch, mcp: w.kind_mcp, window: w.kind_window };
  const li = document.createElement("li");
  li.dataset.session = s.id;
  li.className = `history-item kind-${s.kind || "session"}${s.undone ? " undone" : ""}${s.gone ? " gone" : ""}`;
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
  if (s.undone || s.gone) {
    const done = document.createElement("span");
    done.className = `badge ${s.undone ? "undone" : "gone"}`;
    done.textContent = s.undone ? w.undone : w.folder_gone;
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
}

/** Lists `sessions` (a `history` event's) in the aside: this folder's
 * first, under headings when there are others too. */
export function showHistory(sessions) {
  const { w } = page;
  page.history = ordered(sessions);
  const here = page.history.filter((s) => s.here);
  const others = page.history.filter((s) => !s.here);
  const items = [];
  if (here.length && others.length) items.push(heading(w.history_here));
  items.push(...here.map(item));
  if (others.length) items.push(heading(w.history_others));
  items.push(...others.map(item));
  $("history-list").replaceChildren(...items);
  $("history-empty").hidden = page.history.length > 0;
  paint();
}

/** Asks before undoing the session `id` (its button is `opener`). */
export function confirmUndo(id, opener) {
  // a session just applied may not be listed yet: its id starts with its time
  const stamp = /^(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d)/.exec(String(id));
  const when = stamp ? `${stamp[1]}-${stamp[2]}-${stamp[3]} ${stamp[4]}:${stamp[5]}:${stamp[6]}` : "";
  const s = page.history.find((item) => String(item.id) === String(id)) ||
    { id, when, folder: (tidyup.state && tidyup.state.folder) || "" };
  confirmSession = s.id;
  $("confirm-text").textContent = page.w.confirm_undo_text(formatWhen(s.when), s.folder || "");
  showModal($("confirm-dialog"), opener);
  $("confirm-cancel").focus();
}

/** The person said yes: closes the question and undoes. */
export function confirmed() {
  $("confirm-dialog").close();
  if (confirmSession !== null) undo(confirmSession);
  confirmSession = null;
}
