// The plan table's filter: a text box and a kind menu over the rows' data
// (name, kind, folders, reason), so a large plan filters without its rows
// being drawn. `t` is the table's state (plan-table.js).

import { el } from "./plan-dom.js";
import { dest, isDelete } from "./plan-selection.js";

/** What the filter's text is looked for in (lower case). */
export function haystack(row) {
  const r = row.r;
  const to = isDelete(row) ? "" : dest(row);
  return [r.name, r.from_name, r.kind, r.from, to, r.why && r.why.text].filter(Boolean).join("\n").toLowerCase();
}

export function matches(t, row) {
  if (t.filterKind && row.r.kind !== t.filterKind) return false;
  return !t.filterText || row.hay.includes(t.filterText);
}

export function filtering(t) {
  return Boolean(t.filterText || t.filterKind);
}

/** The filter's controls; `refresh()` runs when the filter changes. */
export function buildTools(t, refresh) {
  const { w } = t;
  const filterInput = el("input", {
    type: "search", id: "plan-filter", placeholder: w.filter_placeholder, value: t.filterText,
  });
  filterInput.value = t.filterText;
  filterInput.addEventListener("input", () => {
    clearTimeout(t.filterTimer);
    t.filterTimer = setTimeout(() => {
      t.filterText = filterInput.value.trim().toLowerCase();
      refresh();
    }, 120);
  });
  const kindSelect = el("select", { id: "plan-kind" }, el("option", { value: "", text: w.all_kinds }));
  for (const kind of t.kinds) kindSelect.append(el("option", { value: kind, text: kind }));
  kindSelect.value = t.filterKind;
  kindSelect.addEventListener("change", () => {
    t.filterKind = kindSelect.value;
    refresh();
  });
  return el(
    "div",
    { class: "plan-tools", role: "search" },
    el("label", { for: "plan-filter", text: w.filter }),
    filterInput,
    el("label", { for: "plan-kind", text: w.kind_filter }),
    kindSelect,
  );
}
