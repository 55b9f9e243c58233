// Carrying out a reviewed plan, and undoing a session, on a folder of the
// page (any file system: memfs.js, dirfs.js).
//
// `applyPlan` runs the ticked rows of a dry run's plan (overlay.js's steps,
// the core's plan table's row ids) for real, through a GuardedFs (journal
// first, deletes into the trash), one step at a time, with progress and a
// stop between steps. `undoSession` reverses a journaled session, newest
// change first, from the records alone; a step whose item changed since (or
// whose place is taken) is refused and named, the others go on.

import { GuardedFs, TRASH } from "./guarded.js";
import { createDirAll, list, removeDirAll, removeFile, rename, stat } from "./fsrequest.js";
import { components } from "./memfs.js";

const parentOf = (path) => path.slice(0, path.lastIndexOf("/"));
const nameOf = (path) => path.slice(path.lastIndexOf("/") + 1);

/**
 * The plan's row steps, in order: the moves and deletes (create_folder
 * steps are not rows; a ticked move makes the folders it needs). Row `rN`
 * is the Nth of them, as the core's plan table numbers rows.
 */
export function rowSteps(steps) {
  return steps.filter((step) => step.op !== "create_folder").map((step, i) => ({ ...step, id: `r${i + 1}` }));
}

/**
 * Applies the `selection` ([{id, to?}], `to` a folder relative to the
 * root) of a plan's `steps` to `inner` under `journal`. `hooks.progress({done,
 * total, name})` after each step, `hooks.stopped()` asked before each.
 * Resolves to {session, moved, trashed, left: [{name, why}], stopped}.
 */
export async function applyPlan({ inner, journal, steps, selection, meta, words, hooks = {} }) {
  const chosen = new Map(selection.map((row) => [row.id, row]));
  const todo = rowSteps(steps).filter((step) => chosen.has(step.id));
  const files = new GuardedFs(inner, journal, meta);
  const report = { session: null, moved: 0, trashed: 0, left: [], stopped: false };
  let done = 0;
  for (const step of todo) {
    if (hooks.stopped?.()) {
      report.stopped = true;
      break;
    }
    const source = step.op === "move" ? step.from : step.path;
    try {
      const item = await stat(files, source);
      if (!item) throw new Error(words.apply_gone);
      if (step.op === "delete") {
        await (item.kind === "dir" ? removeDirAll(files, source) : removeFile(files, source));
        report.trashed++;
      } else {
        const to = chosen.get(step.id).to;
        const target = to != null ? [inner.root, to, nameOf(step.to)].filter(Boolean).join("/") : step.to;
        if (await stat(files, target)) throw new Error(words.apply_taken(target));
        await createDirAll(files, parentOf(target));
        await rename(files, source, target);
        report.moved++;
      }
    } catch (e) {
      report.left.push({ name: nameOf(source), why: words.failure(e) });
    }
    done++;
    await hooks.progress?.({ done, total: todo.length, name: nameOf(source) });
  }
  await files.saveCounts();
  report.session = files.session?.id ?? null;
  return report;
}

/**
 * Whether the item `now` is still what the record saw: a file of the same
 * size and modification time (a move keeps both), a folder still a folder.
 */
function unchanged(record, now) {
  if (!now || now.kind !== record.kind) return false;
  return record.kind === "dir" || (now.size === record.size && now.modified === record.modified);
}

/**
 * Reverses the session `id` of `journal` on `inner` (its folder's raw file
 * system). Resolves to {restored, refused: [text]}; the session is marked
 * undone when nothing was refused.
 */
export async function undoSession({ inner, journal, id, words, hooks = {} }) {
  const records = (await journal.effective(id)).reverse();
  const report = { restored: 0, refused: [] };
  let done = 0;
  const makeParent = async (path) => {
    const parent = parentOf(path);
    if (components(inner.root, parent).length > 0) await createDirAll(inner, parent);
  };
  for (const record of records) {
    try {
      if (record.op === "moved") {
        const now = await stat(inner, record.to);
        if (!now) report.refused.push(words.undo_gone(record.to));
        else if (!unchanged(record, now)) report.refused.push(words.undo_changed(record.to));
        else if (await stat(inner, record.from)) report.refused.push(words.undo_taken(record.from));
        else {
          await makeParent(record.from);
          await rename(inner, record.to, record.from);
          report.restored++;
        }
      } else if (record.op === "trashed") {
        if (await stat(inner, record.path)) report.refused.push(words.undo_taken(record.path));
        else if (!(await stat(inner, record.trash))) report.refused.push(words.undo_gone(record.trash));
        else {
          await makeParent(record.path);
          await rename(inner, record.trash, record.path);
          report.restored++;
        }
      } else if (record.op === "created") {
        const now = await stat(inner, record.path);
        if (now?.kind === "dir" && (await list(inner, record.path)).length === 0) await removeDirAll(inner, record.path);
      }
    } catch (e) {
      report.refused.push(words.failure(e));
    }
    done++;
    await hooks.progress?.({ done, total: records.length, name: nameOf(record.to ?? record.path) });
  }
  // The session's trash folder, once empty, and the trash itself.
  for (const folder of [`${inner.root}/${TRASH}/${id}`, `${inner.root}/${TRASH}`]) {
    // A file system may answer at once (memfs.js): no Promise to catch on.
    const now = await Promise.resolve().then(() => stat(inner, folder)).catch(() => null);
    if (now?.kind === "dir" && (await list(inner, folder)).length === 0) await removeDirAll(inner, folder);
  }
  if (report.refused.length === 0) await journal.update(id, { undone: true });
  return report;
}
