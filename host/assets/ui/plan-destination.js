// The plan table's destination dialog (#destination-dialog): pick one of the
// plan's folders or type a new one (inside the plan's folder), for one row
// or a whole group; Reset puts back the plan's own destination.
// `t` is the table's state (plan-table.js).

import { el, showModal } from "./plan-dom.js";
import { changed, folderName } from "./plan-selection.js";
import { haystack } from "./plan-filter.js";
import { paintGroupHead, paintRow } from "./plan-render.js";

/** `text` as a folder inside the plan's folder ("Work/2024"), or null. */
export function checkFolder(text) {
  const name = String(text ?? "").trim().replace(/\/+$/, "");
  if (!name || name.startsWith("/") || name.startsWith("\\") || /^[A-Za-z]:/.test(name)) return null;
  if (name.includes("\0")) return null;
  const parts = name.split(/[\/\\]/);
  if (parts.some((p) => p === "" || p === "." || p === "..")) return null;
  return parts.join("/");
}

/** Sends `targets` (rows) to `folder`; `undefined` is the plan's own. */
export function setDestination(t, targets, folder) {
  for (const row of targets) {
    row.to = folder === row.r.to ? undefined : folder;
    row.hay = haystack(row);
    paintRow(t, row);
  }
  const touched = new Set(targets.map((row) => row.group));
  for (const G of touched) paintGroupHead(t, G);
  changed(t);
}

/** The dialog: `{ node, relabel(), open(rows, heading, current, opener) }`. */
export function buildDialog(t) {
  const { table } = t;
  const node = el("dialog", { id: "destination-dialog", "aria-modal": "true", "aria-labelledby": "destination-title", class: "dialog" });
  const title = el("h2", { id: "destination-title" });
  const pickLabel = el("label", { for: "destination-pick" });
  const pick = el("select", { id: "destination-pick", size: "6" });
  const newLabel = el("label", { for: "destination-new" });
  const input = el("input", { id: "destination-new", type: "text", autocomplete: "off", "aria-describedby": "destination-hint destination-error" });
  const hint = el("p", { id: "destination-hint", class: "hint" });
  const error = el("p", { id: "destination-error", class: "field-error", role: "alert" });
  const reset = el("button", { type: "button", class: "secondary", "data-reset": "" });
  const cancel = el("button", { type: "button", class: "secondary", "data-cancel": "" });
  const ok = el("button", { type: "submit", id: "destination-ok", class: "primary" });
  const form = el(
    "form",
    { novalidate: true },
    title,
    el("div", { class: "field" }, pickLabel, pick),
    el("div", { class: "field" }, newLabel, input, hint, error),
    el("div", { class: "dialog-buttons" }, reset, cancel, ok),
  );
  node.append(form);
  let targets = [];
  pick.addEventListener("change", () => {
    input.value = "";
    error.textContent = "";
  });
  pick.addEventListener("dblclick", () => form.requestSubmit());
  pick.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  input.addEventListener("input", () => {
    error.textContent = "";
  });
  cancel.addEventListener("click", () => node.close());
  reset.addEventListener("click", () => {
    setDestination(t, targets, undefined);
    node.close();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = input.value.trim();
    let folder;
    if (typed) {
      folder = checkFolder(typed);
      if (folder === null) {
        error.textContent = t.w.dest_bad;
        input.focus();
        return;
      }
      if (!(table.folders || []).includes(folder)) t.extraFolders.add(folder);
    } else if (pick.selectedIndex >= 0) {
      folder = pick.options[pick.selectedIndex]?.dataset.folder;
    }
    if (folder === undefined) {
      error.textContent = t.w.dest_empty;
      return;
    }
    setDestination(t, targets, folder);
    node.close();
  });
  return {
    node,
    relabel() {
      const { w } = t;
      pickLabel.textContent = w.dest_pick;
      newLabel.textContent = w.dest_new;
      hint.textContent = w.dest_new_hint;
      reset.textContent = w.dest_reset;
      cancel.textContent = w.cancel;
      ok.textContent = w.ok;
    },
    open(list, heading, current, opener) {
      if (!list.length) return;
      targets = list;
      title.textContent = heading;
      error.textContent = "";
      input.value = "";
      pick.replaceChildren();
      const all = [...new Set([...(table.folders || []), ...t.extraFolders])];
      if (current != null && !all.includes(current)) all.push(current);
      for (const folder of all) {
        const option = el("option", { text: folderName(t, folder) });
        option.dataset.folder = folder;
        option.selected = folder === current;
        pick.append(option);
      }
      reset.hidden = !list.some((row) => row.to !== undefined);
      showModal(node, opener);
      (pick.options.length ? pick : input).focus();
    },
  };
}
