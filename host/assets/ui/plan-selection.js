// The plan table's rows as data: where each goes, which are ticked, the
// summary of what would happen and the selection sent to apply.
// `t` is the table's state (plan-table.js).

/** A row that goes to the trash (its destination cannot change). */
export function isDelete(row) {
  return row.r.to === null || row.r.to === undefined;
}

/** Where the row goes now: the person's choice, else the plan's. */
export function dest(row) {
  return row.to !== undefined ? row.to : row.r.to;
}

/** A folder relative to the plan's folder, as the page shows it. */
export function folderName(t, path) {
  return path === "" ? t.w.this_folder : path;
}

function stats(t) {
  let ticked = 0;
  let deletes = 0;
  const folders = new Set();
  for (const row of t.rows) {
    if (!row.included) continue;
    ticked += 1;
    if (isDelete(row)) deletes += 1;
    else folders.add(dest(row));
  }
  return { ticked, total: t.rows.length, folders: folders.size, deletes };
}

/** After each change: the summary line, then `onChange`. */
export function changed(t) {
  const s = stats(t);
  t.summary.textContent = t.w.summary(s.ticked - s.deletes, s.total, s.folders) + (s.deletes ? t.w.summary_trash(s.deletes) : "");
  if (t.onChange) t.onChange(s);
}

/** The ticked rows: `[{ id, to? }]`, `to` only where it was changed. */
export function selection(t) {
  const out = [];
  for (const row of t.rows) {
    if (!row.included) continue;
    const item = { id: row.r.id };
    if (row.to !== undefined && row.to !== row.r.to) item.to = row.to;
    out.push(item);
  }
  return out;
}
