// The plan table: one row per file, grouped by destination (docs/UI.md,
// "The plan table"). Shared by the window of `tidyup ui` and the static page
// (`web/`): it knows the plan's JSON shape and nothing of where it came from.
//
// `renderPlanTable(container, table, { lang, onChange })` draws the table
// into `container` and returns
//   selection()      -> [{ id, to? }]: the ticked rows; `to` only where the
//                       destination was changed (relative to the folder)
//   setDisabled(bool)   every control on or off (while applying)
//   setLang(lang)       redraws the page's own words in another language
//   destroy()           removes everything it added
// `onChange({ ticked, total, folders, deletes })` runs after each change.
// Large plans stay light: beyond ROWS_OPEN rows the groups start collapsed,
// an open group shows PAGE rows at a time, and the filter works on the data.
//
// Its parts, one module each (the static page copies them beside it):
// plan-dom.js (el, showModal), plan-selection.js (the rows as data, the
// selection), plan-filter.js (the filter), plan-render.js (the drawing),
// plan-destination.js (the change-destination dialog); this file holds the
// table's state `t`, builds it, wires the person's changes and returns the
// handle.

import { words } from "./i18n.js";
import { el } from "./plan-dom.js";
import { changed, dest, folderName, isDelete, selection } from "./plan-selection.js";
import { buildTools, filtering, haystack } from "./plan-filter.js";
import { PAGE, ROWS_OPEN, buildGroupHead, buildLeft, paintGroupHead, paintRow, refresh, renderGroup } from "./plan-render.js";
import { buildDialog } from "./plan-destination.js";

export { showModal } from "./plan-dom.js";
export { checkFolder } from "./plan-destination.js";

export function renderPlanTable(container, table, { lang = "en", onChange } = {}) {
  const groups = (table.groups || []).map((g, index) => ({ g, index, rows: [], expanded: false, shown: PAGE }));
  const rows = [];
  const byId = new Map();
  for (const G of groups) {
    for (const r of G.g.rows || []) {
      const row = { r, group: G, included: true, to: undefined, el: null, hay: "" };
      row.hay = haystack(row);
      G.rows.push(row);
      rows.push(row);
      byId.set(String(r.id), row);
    }
  }
  const startOpen = rows.length <= ROWS_OPEN;
  for (const G of groups) G.expanded = startOpen;

  /** The table's state, shared by its parts. */
  const t = {
    table,
    onChange,
    w: words(lang),
    disabled: false,
    filterText: "",
    filterKind: "",
    filterTimer: 0,
    extraFolders: new Set(),
    groups,
    rows,
    byId,
    kinds: [...new Set(rows.map((row) => row.r.kind).filter(Boolean))].sort(),
    root: el("div", { class: "plan-table" }),
    tableEl: el("table"),
    noMatch: el("p", { class: "no-match", hidden: true }),
    summary: el("p", { class: "plan-summary", "aria-live": "polite" }),
    leftBox: el("section", { class: "plan-left" }),
  };
  const { root, tableEl } = t;
  const dialog = buildDialog(t);
  container.append(root);
  build();

  function build() {
    const { w } = t;
    root.replaceChildren();
    const tools = buildTools(t, () => refresh(t));
    tableEl.replaceChildren(
      el("caption", { text: w.plan_caption(table.folder || "") }),
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          ...["col_tick", "col_name", "col_kind", "col_size", "col_from", "col_to", "col_why"].map((key) =>
            el("th", { scope: "col", class: key.slice(4), text: w[key] }),
          ),
        ),
      ),
    );
    for (const G of groups) {
      G.tbody = el("tbody", { "data-destination": G.g.destination ?? "", "data-trash": G.g.destination == null });
      G.head = buildGroupHead(t, G);
      tableEl.append(G.tbody);
      for (const row of G.rows) row.el = null;
    }
    if (rows.length) root.append(tools, el("div", { class: "table-scroll" }, tableEl), t.noMatch, t.summary);
    else root.append(el("p", { class: "empty-plan", text: w.empty_plan }));
    buildLeft(t);
    root.append(t.leftBox, dialog.node);
    dialog.relabel();
    refresh(t);
    setDisabled(t.disabled);
  }

  // ---- the person's changes -----------------------------------------------

  tableEl.addEventListener("change", (event) => {
    const target = event.target;
    if (target.dataset.rowTick !== undefined) {
      const row = byId.get(target.dataset.rowTick);
      row.included = target.checked;
      paintRow(t, row);
      paintGroupHead(t, row.group);
      changed(t);
    } else if (target.dataset.groupToggle !== undefined) {
      const G = groups[Number(target.dataset.groupToggle)];
      for (const row of G.rows) {
        row.included = target.checked;
        paintRow(t, row);
      }
      paintGroupHead(t, G);
      changed(t);
    }
  });

  // Enter ticks a checkbox as Space does (people try both)
  tableEl.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.type === "checkbox" && !event.target.disabled) {
      event.preventDefault();
      event.target.click();
    }
  });

  tableEl.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || t.disabled) return;
    const { w } = t;
    const data = button.dataset;
    if (data.changeTo !== undefined) {
      const row = byId.get(data.changeTo);
      dialog.open([row], w.dest_title(row.r.name), dest(row), button);
    } else if (data.changeGroup !== undefined) {
      const G = groups[Number(data.changeGroup)];
      const targets = G.rows.filter((row) => !isDelete(row));
      const shown = folderName(t, G.g.destination);
      dialog.open(targets, w.dest_title_group(G.rows.length, shown), G.g.destination, button);
    } else if (data.expand !== undefined) {
      const G = groups[Number(data.expand)];
      G.expanded = button.getAttribute("aria-expanded") !== "true";
      renderGroup(t, G, false);
      G.head.querySelector("[data-expand]").focus();
    } else if (data.more !== undefined) {
      const G = groups[Number(data.more)];
      const next = G.matches[G.shown];
      G.shown += PAGE;
      renderGroup(t, G, filtering(t));
      if (next && next.el) next.el.querySelector("[data-row-tick]").focus();
    }
  });

  // ---- the handle ---------------------------------------------------------

  function setDisabled(value) {
    t.disabled = Boolean(value);
    root.classList.toggle("disabled", t.disabled);
    for (const control of root.querySelectorAll("input, select, button")) {
      if (control.closest("dialog")) continue;
      control.disabled = t.disabled;
    }
    if (t.disabled && dialog.node.open) dialog.node.close();
  }

  return {
    selection: () => selection(t),
    setDisabled,
    setLang(next) {
      t.w = words(next);
      build();
    },
    destroy() {
      clearTimeout(t.filterTimer);
      if (dialog.node.open) dialog.node.close();
      root.remove();
    },
  };
}
