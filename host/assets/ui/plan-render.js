// The plan table's drawing: a group's head (its tick, its folder, Change and
// Show files), its rows (drawn only when the group is open, PAGE at a time),
// the files left alone, and repainting after a change.
// `t` is the table's state (plan-table.js).

import { el } from "./plan-dom.js";
import { changed, dest, folderName, isDelete } from "./plan-selection.js";
import { filtering, matches } from "./plan-filter.js";

/** Beyond this many rows the groups start collapsed. */
export const ROWS_OPEN = 300;
/** The rows an open group shows at a time. */
export const PAGE = 200;

export function buildGroupHead(t, G) {
  const { w } = t;
  const folder = G.g.destination;
  const shown = folder == null ? w.to_trash : folderName(t, folder);
  const box = el("input", { type: "checkbox", "data-group-toggle": G.index, checked: true });
  box.setAttribute("aria-label", w.include_group(G.rows.length, shown));
  const th = el(
    "th",
    { scope: "rowgroup", colspan: "4" },
    el("span", { class: folder == null ? "group-name trash" : "group-name" }),
    G.g.new ? el("span", { class: "mark new", text: w.new_mark }) : null,
    el("span", { class: "count" }),
  );
  // the actions sit beside the header cell, so the folder's name alone heads the group
  const actions = el("td", { class: "group-actions", colspan: "2" });
  if (folder != null) {
    actions.append(
      el("button", { type: "button", class: "link", "data-change-group": G.index, "aria-label": w.change_group_to(shown), text: w.change_group }),
    );
  }
  actions.append(el("button", { type: "button", class: "link", "data-expand": G.index, "aria-expanded": "false" }));
  return el("tr", { class: "group-head" }, el("td", { class: "tick" }, box), th, actions);
}

function buildRow(t, row) {
  const r = row.r;
  const tr = el("tr", { "data-row-id": r.id, class: isDelete(row) ? "file-row trash" : "file-row" });
  const box = el("input", { type: "checkbox", "data-row-tick": r.id, "aria-label": t.w.include(r.name) });
  const name = el("th", { scope: "row", class: "name" }, el("span", { text: r.name }));
  if (r.from_name && r.from_name !== r.name) name.append(el("span", { class: "from-name", text: r.from_name }));
  // a cloud drive's online-only file: moved as it is, never downloaded
  if (r.online_only) name.append(el("span", { class: "mark online", text: t.w.online_mark, title: t.w.online_title }));
  tr.append(
    el("td", { class: "tick" }, box),
    name,
    el("td", { class: "kind", text: r.kind || "" }),
    el("td", { class: "size", text: r.size_text || "" }),
    el("td", { class: "from", text: folderName(t, r.from ?? "") }),
    buildTo(t, row),
    buildWhy(r.why),
  );
  row.el = tr;
  paintRow(t, row);
  return tr;
}

function buildWhy(why) {
  const td = el("td", { class: "why" });
  if (!why) return td;
  td.dataset.why = why.type || "";
  td.textContent = why.text || ""; // worded by the core: "rule 2: *.pdf → Papers", "same bytes as a.pdf"
  return td;
}

function buildTo(t, row) {
  const { w } = t;
  const cell = el("td", { class: "to" });
  if (isDelete(row)) {
    cell.append(el("span", { class: "dest trash", text: w.to_trash }));
    return cell;
  }
  cell.append(
    el("s", { class: "was" }),
    el("span", { class: "dest" }),
    el("span", { class: "mark changed", text: w.changed }),
    el("button", { type: "button", class: "link", "data-change-to": row.r.id, "aria-label": w.change_to(row.r.name), text: w.change }),
  );
  return cell;
}

/** Repaints a drawn row's tick and destination. */
export function paintRow(t, row) {
  const tr = row.el;
  if (!tr) return;
  tr.querySelector("[data-row-tick]").checked = row.included;
  tr.classList.toggle("off", !row.included);
  if (isDelete(row)) return;
  const changed = row.to !== undefined && row.to !== row.r.to;
  tr.classList.toggle("changed", changed);
  const was = tr.querySelector(".was");
  was.textContent = folderName(t, row.r.to);
  was.hidden = !changed;
  tr.querySelector(".dest").textContent = folderName(t, dest(row));
  tr.querySelector(".mark.changed").hidden = !changed;
}

/** Repaints a group's tick (all, some, none), folder and count. */
export function paintGroupHead(t, G) {
  const { w } = t;
  const included = G.rows.filter((row) => row.included).length;
  const box = G.head.querySelector("[data-group-toggle]");
  box.checked = included === G.rows.length && included > 0;
  box.indeterminate = included > 0 && included < G.rows.length;
  const name = G.head.querySelector(".group-name");
  name.replaceChildren();
  if (G.g.destination == null) {
    name.textContent = w.to_trash;
  } else {
    const targets = new Set(G.rows.map(dest));
    const moved = targets.size === 1 && !targets.has(G.g.destination) ? [...targets][0] : null;
    if (moved !== null) {
      name.append(el("s", { class: "was", text: folderName(t, G.g.destination) }), " ", el("span", { text: folderName(t, moved) }), " ");
      name.append(el("span", { class: "mark changed", text: w.changed }));
    } else {
      name.textContent = folderName(t, G.g.destination);
    }
  }
  const count = G.head.querySelector(".count");
  const total = G.rows.length;
  count.textContent = filtering(t) && G.matched !== total ? `${w.files(total)} · ${w.files_shown(G.matched, total)}` : w.files(total);
}

/** Redraws every group as the filter leaves it. */
export function refresh(t) {
  let matched = 0;
  for (const G of t.groups) {
    G.matches = G.rows.filter((row) => matches(t, row));
    G.matched = G.matches.length;
    matched += G.matched;
  }
  const autoOpen = filtering(t) && matched <= ROWS_OPEN;
  for (const G of t.groups) renderGroup(t, G, autoOpen);
  t.noMatch.textContent = t.w.no_match;
  t.noMatch.hidden = !(filtering(t) && matched === 0);
  changed(t);
}

/** Redraws one group: its head, and its matching rows when open. */
export function renderGroup(t, G, autoOpen) {
  const { w } = t;
  const open = G.expanded || autoOpen;
  G.tbody.hidden = filtering(t) && G.matched === 0;
  const toggle = G.head.querySelector("[data-expand]");
  toggle.setAttribute("aria-expanded", String(open));
  toggle.textContent = open ? w.hide_files : w.show_files;
  toggle.setAttribute("aria-label", `${open ? w.hide_files : w.show_files}: ${G.g.destination == null ? w.to_trash : folderName(t, G.g.destination)}`);
  paintGroupHead(t, G);
  const nodes = [G.head];
  if (open) {
    for (const row of G.matches.slice(0, G.shown)) nodes.push(row.el || buildRow(t, row));
    const rest = G.matches.length - G.shown;
    if (rest > 0) {
      const more = el("button", { type: "button", class: "link", "data-more": G.index, text: w.show_more(Math.min(rest, PAGE)), disabled: t.disabled });
      nodes.push(el("tr", { class: "more" }, el("td"), el("td", { colspan: "6" }, more)));
    }
  }
  G.tbody.replaceChildren(...nodes);
  if (t.disabled) for (const control of G.tbody.querySelectorAll("input, button")) control.disabled = true;
}

/** The files in use that no step touches (the first 500). */
export function buildLeft(t) {
  const { leftBox } = t;
  leftBox.replaceChildren();
  const left = t.table.left || [];
  if (!left.length) return;
  leftBox.append(el("h3", { text: t.w.left_title }));
  const list = el("ul");
  for (const item of left.slice(0, 500)) {
    list.append(el("li", {}, el("span", { class: "name", text: item.name }), item.why ? ` — ${item.why}` : ""));
  }
  if (left.length > 500) list.append(el("li", { text: `… +${left.length - 500}` }));
  leftBox.append(list);
}
