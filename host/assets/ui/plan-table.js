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

import { words } from "./i18n.js";

const ROWS_OPEN = 300;
const PAGE = 200;

/** `text` as a folder inside the plan's folder ("Work/2024"), or null. */
export function checkFolder(text) {
  const name = String(text ?? "").trim().replace(/\/+$/, "");
  if (!name || name.startsWith("/") || name.startsWith("\\") || /^[A-Za-z]:/.test(name)) return null;
  if (name.includes("\0")) return null;
  const parts = name.split(/[\/\\]/);
  if (parts.some((p) => p === "" || p === "." || p === "..")) return null;
  return parts.join("/");
}

const FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]:not([tabindex='-1'])";

/** Opens `dialog` as a modal: Tab stays inside, Escape closes, focus goes
 * back to `opener` when it closes. */
export function showModal(dialog, opener) {
  const trap = (event) => {
    if (event.key !== "Tab") return;
    const items = [...dialog.querySelectorAll(FOCUSABLE)].filter((el) => !el.disabled && !el.closest("[hidden]"));
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  dialog.addEventListener("keydown", trap);
  dialog.addEventListener(
    "close",
    () => {
      dialog.removeEventListener("keydown", trap);
      if (opener && opener.isConnected) opener.focus();
    },
    { once: true },
  );
  dialog.showModal();
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

export function renderPlanTable(container, table, { lang = "en", onChange } = {}) {
  let w = words(lang);
  let disabled = false;
  let filterText = "";
  let filterKind = "";
  let filterTimer = 0;
  const extraFolders = new Set();
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
  const kinds = [...new Set(rows.map((row) => row.r.kind).filter(Boolean))].sort();

  const root = el("div", { class: "plan-table" });
  const tableEl = el("table");
  const noMatch = el("p", { class: "no-match", hidden: true });
  const summary = el("p", { class: "plan-summary", "aria-live": "polite" });
  const leftBox = el("section", { class: "plan-left" });
  const dialog = buildDialog();
  let tools;
  container.append(root);
  build();

  function isDelete(row) {
    return row.r.to === null || row.r.to === undefined;
  }
  function dest(row) {
    return row.to !== undefined ? row.to : row.r.to;
  }
  function folderName(path) {
    return path === "" ? w.this_folder : path;
  }
  function haystack(row) {
    const r = row.r;
    const to = isDelete(row) ? "" : dest(row);
    return [r.name, r.from_name, r.kind, r.from, to, r.why && r.why.text].filter(Boolean).join("\n").toLowerCase();
  }
  function matches(row) {
    if (filterKind && row.r.kind !== filterKind) return false;
    return !filterText || row.hay.includes(filterText);
  }
  function filtering() {
    return Boolean(filterText || filterKind);
  }

  function build() {
    root.replaceChildren();
    tools = buildTools();
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
      G.head = buildGroupHead(G);
      tableEl.append(G.tbody);
      for (const row of G.rows) row.el = null;
    }
    if (rows.length) root.append(tools, el("div", { class: "table-scroll" }, tableEl), noMatch, summary);
    else root.append(el("p", { class: "empty-plan", text: w.empty_plan }));
    buildLeft();
    root.append(leftBox, dialog.node);
    dialog.relabel();
    refresh();
    setDisabled(disabled);
  }

  function buildTools() {
    const filterInput = el("input", {
      type: "search", id: "plan-filter", placeholder: w.filter_placeholder, value: filterText,
    });
    filterInput.value = filterText;
    filterInput.addEventListener("input", () => {
      clearTimeout(filterTimer);
      filterTimer = setTimeout(() => {
        filterText = filterInput.value.trim().toLowerCase();
        refresh();
      }, 120);
    });
    const kindSelect = el("select", { id: "plan-kind" }, el("option", { value: "", text: w.all_kinds }));
    for (const kind of kinds) kindSelect.append(el("option", { value: kind, text: kind }));
    kindSelect.value = filterKind;
    kindSelect.addEventListener("change", () => {
      filterKind = kindSelect.value;
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

  function buildGroupHead(G) {
    const folder = G.g.destination;
    const shown = folder == null ? w.to_trash : folderName(folder);
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

  function buildRow(row) {
    const r = row.r;
    const tr = el("tr", { "data-row-id": r.id, class: isDelete(row) ? "file-row trash" : "file-row" });
    const box = el("input", { type: "checkbox", "data-row-tick": r.id, "aria-label": w.include(r.name) });
    const name = el("th", { scope: "row", class: "name" }, el("span", { text: r.name }));
    if (r.from_name && r.from_name !== r.name) name.append(el("span", { class: "from-name", text: r.from_name }));
    tr.append(
      el("td", { class: "tick" }, box),
      name,
      el("td", { class: "kind", text: r.kind || "" }),
      el("td", { class: "size", text: r.size_text || "" }),
      el("td", { class: "from", text: folderName(r.from ?? "") }),
      buildTo(row),
      buildWhy(r.why),
    );
    row.el = tr;
    paintRow(row);
    return tr;
  }

  function buildWhy(why) {
    const td = el("td", { class: "why" });
    if (!why) return td;
    td.dataset.why = why.type || "";
    td.textContent = why.text || ""; // worded by the core: "rule 2: *.pdf → Papers", "same bytes as a.pdf"
    return td;
  }

  function buildTo(row) {
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

  function paintRow(row) {
    const tr = row.el;
    if (!tr) return;
    tr.querySelector("[data-row-tick]").checked = row.included;
    tr.classList.toggle("off", !row.included);
    if (isDelete(row)) return;
    const changed = row.to !== undefined && row.to !== row.r.to;
    tr.classList.toggle("changed", changed);
    const was = tr.querySelector(".was");
    was.textContent = folderName(row.r.to);
    was.hidden = !changed;
    tr.querySelector(".dest").textContent = folderName(dest(row));
    tr.querySelector(".mark.changed").hidden = !changed;
  }

  function paintGroupHead(G) {
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
        name.append(el("s", { class: "was", text: folderName(G.g.destination) }), " ", el("span", { text: folderName(moved) }), " ");
        name.append(el("span", { class: "mark changed", text: w.changed }));
      } else {
        name.textContent = folderName(G.g.destination);
      }
    }
    const count = G.head.querySelector(".count");
    const total = G.rows.length;
    count.textContent = filtering() && G.matched !== total ? `${w.files(total)} · ${w.files_shown(G.matched, total)}` : w.files(total);
  }

  function refresh() {
    let matched = 0;
    for (const G of groups) {
      G.matches = G.rows.filter(matches);
      G.matched = G.matches.length;
      matched += G.matched;
    }
    const autoOpen = filtering() && matched <= ROWS_OPEN;
    for (const G of groups) renderGroup(G, autoOpen);
    noMatch.textContent = w.no_match;
    noMatch.hidden = !(filtering() && matched === 0);
    changed();
  }

  function renderGroup(G, autoOpen) {
    const open = G.expanded || autoOpen;
    G.tbody.hidden = filtering() && G.matched === 0;
    const toggle = G.head.querySelector("[data-expand]");
    toggle.setAttribute("aria-expanded", String(open));
    toggle.textContent = open ? w.hide_files : w.show_files;
    toggle.setAttribute("aria-label", `${open ? w.hide_files : w.show_files}: ${G.g.destination == null ? w.to_trash : folderName(G.g.destination)}`);
    paintGroupHead(G);
    const nodes = [G.head];
    if (open) {
      for (const row of G.matches.slice(0, G.shown)) nodes.push(row.el || buildRow(row));
      const rest = G.matches.length - G.shown;
      if (rest > 0) {
        const more = el("button", { type: "button", class: "link", "data-more": G.index, text: w.show_more(Math.min(rest, PAGE)), disabled });
        nodes.push(el("tr", { class: "more" }, el("td"), el("td", { colspan: "6" }, more)));
      }
    }
    G.tbody.replaceChildren(...nodes);
    if (disabled) for (const control of G.tbody.querySelectorAll("input, button")) control.disabled = true;
  }

  function buildLeft() {
    leftBox.replaceChildren();
    const left = table.left || [];
    if (!left.length) return;
    leftBox.append(el("h3", { text: w.left_title }));
    const list = el("ul");
    for (const item of left.slice(0, 500)) {
      list.append(el("li", {}, el("span", { class: "name", text: item.name }), item.why ? ` — ${item.why}` : ""));
    }
    if (left.length > 500) list.append(el("li", { text: `… +${left.length - 500}` }));
    leftBox.append(list);
  }

  function stats() {
    let ticked = 0;
    let deletes = 0;
    const folders = new Set();
    for (const row of rows) {
      if (!row.included) continue;
      ticked += 1;
      if (isDelete(row)) deletes += 1;
      else folders.add(dest(row));
    }
    return { ticked, total: rows.length, folders: folders.size, deletes };
  }

  function changed() {
    const s = stats();
    summary.textContent = w.summary(s.ticked - s.deletes, s.total, s.folders) + (s.deletes ? w.summary_trash(s.deletes) : "");
    if (onChange) onChange(s);
  }

  // ---- the user's changes -------------------------------------------------

  tableEl.addEventListener("change", (event) => {
    const target = event.target;
    if (target.dataset.rowTick !== undefined) {
      const row = byId.get(target.dataset.rowTick);
      row.included = target.checked;
      paintRow(row);
      paintGroupHead(row.group);
      changed();
    } else if (target.dataset.groupToggle !== undefined) {
      const G = groups[Number(target.dataset.groupToggle)];
      for (const row of G.rows) {
        row.included = target.checked;
        paintRow(row);
      }
      paintGroupHead(G);
      changed();
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
    if (!button || disabled) return;
    const data = button.dataset;
    if (data.changeTo !== undefined) {
      const row = byId.get(data.changeTo);
      dialog.open([row], w.dest_title(row.r.name), dest(row), button);
    } else if (data.changeGroup !== undefined) {
      const G = groups[Number(data.changeGroup)];
      const targets = G.rows.filter((row) => !isDelete(row));
      const shown = folderName(G.g.destination);
      dialog.open(targets, w.dest_title_group(G.rows.length, shown), G.g.destination, button);
    } else if (data.expand !== undefined) {
      const G = groups[Number(data.expand)];
      G.expanded = button.getAttribute("aria-expanded") !== "true";
      renderGroup(G, false);
      G.head.querySelector("[data-expand]").focus();
    } else if (data.more !== undefined) {
      const G = groups[Number(data.more)];
      const next = G.matches[G.shown];
      G.shown += PAGE;
      renderGroup(G, filtering());
      if (next && next.el) next.el.querySelector("[data-row-tick]").focus();
    }
  });

  function setDestination(targets, folder) {
    for (const row of targets) {
      row.to = folder === row.r.to ? undefined : folder;
      row.hay = haystack(row);
      paintRow(row);
    }
    const touched = new Set(targets.map((row) => row.group));
    for (const G of touched) paintGroupHead(G);
    changed();
  }

  // ---- the change-destination dialog --------------------------------------

  function buildDialog() {
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
      setDestination(targets, undefined);
      node.close();
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const typed = input.value.trim();
      let folder;
      if (typed) {
        folder = checkFolder(typed);
        if (folder === null) {
          error.textContent = w.dest_bad;
          input.focus();
          return;
        }
        if (!(table.folders || []).includes(folder)) extraFolders.add(folder);
      } else if (pick.selectedIndex >= 0) {
        folder = pick.options[pick.selectedIndex]?.dataset.folder;
      }
      if (folder === undefined) {
        error.textContent = w.dest_empty;
        return;
      }
      setDestination(targets, folder);
      node.close();
    });
    return {
      node,
      relabel() {
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
        const all = [...new Set([...(table.folders || []), ...extraFolders])];
        if (current != null && !all.includes(current)) all.push(current);
        for (const folder of all) {
          const option = el("option", { text: folderName(folder) });
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

  // ---- the handle ---------------------------------------------------------

  function setDisabled(value) {
    disabled = Boolean(value);
    root.classList.toggle("disabled", disabled);
    for (const control of root.querySelectorAll("input, select, button")) {
      if (control.closest("dialog")) continue;
      control.disabled = disabled;
    }
    if (disabled && dialog.node.open) dialog.node.close();
  }

  return {
    selection() {
      const out = [];
      for (const row of rows) {
        if (!row.included) continue;
        const item = { id: row.r.id };
        if (row.to !== undefined && row.to !== row.r.to) item.to = row.to;
        out.push(item);
      }
      return out;
    },
    setDisabled,
    setLang(next) {
      w = words(next);
      build();
    },
    destroy() {
      clearTimeout(filterTimer);
      if (dialog.node.open) dialog.node.close();
      root.remove();
    },
  };
}
