// History: the past sessions in the aside, newest first, each with its
// Undo button, and the question undo asks before it runs.

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

/** Newest first when every `when` is a date; else as the server sent them. */
function newestFirst(sessions) {
  const times = sessions.map((s) => (typeof s.when === "number" ? s.when : Date.parse(String(s.when).replace(" ", "T"))));
  if (times.some((t) => Number.isNaN(t))) return sessions;
  return sessions.map((s, i) => [s, times[i]]).sort((a, b) => b[1] - a[1]).map(([s]) => s);
}

/** Lists `sessions` (a `history` event's) in the aside. */
export function showHistory(sessions) {
  const { w } = page;
  page.history = newestFirst(sessions);
  sessions = page.history;
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
