// The page's promises on a folder, over any file system of the page
// (memfs.js, dirfs.js): nothing is deleted for good, and every change is
// journaled before it happens.
//
// - One judgement of every request (`refusal`, through fsrequest.js's
//   `judged`): each path it names must lie in the chosen folder (`denied`),
//   the folder itself is never moved or removed (`protected`), and the
//   trash, a folder inside the chosen one (`.tidyup-trash/`), is tidyup's
//   own data: any path in it is refused (`tidyup_data`) and it is never
//   listed, so neither a model nor a plan sees or touches it. A batch loses
//   only its refused items, each answered by its refusal.
// - A deleted (or replaced) item is moved into the trash, under its
//   session's id.
// - Each change is a journal record (journal.js) written and committed
//   before the change; a change that then fails gets a `failed` record.
//
// `GuardedFs` is what the core's file calls reach when a session changes
// the folder for real; changes.js reverses a session from its records.

import {
  Access, ErrorCode, HostError, composed, createDirAll, judged, rename, stat,
} from "./fsrequest.js";
import { components } from "./memfs.js";

/** The trash folder's name, inside the chosen folder. */
export const TRASH = ".tidyup-trash";

/** Whether `parts` (components below the root) lie in the trash. */
export const inTrash = (parts) => parts[0] === TRASH;

/**
 * The page's judgement of one path a request names (`{path, access}`, see
 * fsrequest.js's `paths`) on the folder at `root`: its refusal, or null.
 */
export function refusal(root, { path, access }) {
  let parts;
  try {
    parts = components(root, path);
  } catch (e) {
    return e;
  }
  if (inTrash(parts)) return new HostError(ErrorCode.TIDYUP_DATA, { path });
  if (parts.length === 0 && access === Access.CHANGE) return new HostError(ErrorCode.PROTECTED, { path });
  return null;
}

/** `entries` of the folder at `path` below `root`, the trash left out of the root's. */
export function shown(root, path, entries) {
  return components(root, path).length === 0 ? entries.filter((e) => e.name !== TRASH) : entries;
}

/**
 * A wrapper: judges every request, answers the listings (trash hidden) and
 * the changes (journaled, deletes into the trash) itself, and passes every
 * other request to its inner layer unchanged.
 */
export class GuardedFs {
  /**
   * `inner`: the folder's file system; `journal`: where records go (none
   * for a view that only reads); `meta`: what the journal session is
   * (`kind`, a picked folder's `handle`). The session begins with the first
   * change, so a session that changes nothing leaves no history.
   */
  constructor(inner, journal = null, meta = {}) {
    this.inner = inner;
    this.root = inner.root;
    this.journal = journal;
    this.meta = meta;
    this.session = null;
    this.counts = { moved: 0, trashed: 0 };
    this.#stored = 0;
  }

  #stored;

  /** Answers one `fs_call` request (a Promise; see fsrequest.js). */
  async call(request) {
    return judged(request, (at) => refusal(this.root, at), (allowed) => this.#carry(allowed));
  }

  async #carry(request) {
    const { path } = request;
    switch (request.op) {
      case "list": return shown(this.root, path, await this.inner.call(request));
      case "count": return components(this.root, path).length === 0 ? composed(this, request) : this.inner.call(request);
      case "create_dir_all": return this.#createDirAll(path);
      case "rename": return this.#rename(request.from, request.to);
      case "remove_file": return this.#remove(path, "file");
      case "remove_dir_all": return this.#remove(path, "dir");
      // Each move through #rename, so each is journaled.
      case "move_batch": return composed(this, request);
      default: return this.inner.call(request);
    }
  }

  #abs(parts) {
    return [this.root, ...parts].join("/");
  }

  /** This file system's journal session, begun on first use. */
  async #session() {
    if (!this.journal) throw new HostError(ErrorCode.UNSUPPORTED, { detail: "this view of the folder only reads" });
    this.session ??= await this.journal.begin({ ...this.meta, folder: this.root });
    return this.session.id;
  }

  /** Writes `record` ahead of `change`, and a `failed` record if it throws. */
  async #journaled(record, change) {
    const id = await this.#session();
    await this.journal.append(id, record);
    try {
      return await change();
    } catch (e) {
      await this.journal.append(id, { op: "failed" });
      throw e;
    }
  }

  /** Stores the counts of what this session moved and trashed, when they changed. */
  async saveCounts() {
    const total = this.counts.moved + this.counts.trashed;
    if (!this.session || total === this.#stored) return;
    this.#stored = total;
    await this.journal.update(this.session.id, { ...this.counts });
  }

  /** Makes each missing folder of `path`, journaling each one first. */
  async #createDirAll(path) {
    const parts = components(this.root, path);
    for (let i = 1; i <= parts.length; i++) {
      const folder = this.#abs(parts.slice(0, i));
      const found = await stat(this.inner, folder);
      if (found?.kind === "dir") continue;
      if (found) throw new HostError(ErrorCode.ALREADY_EXISTS, { path: folder });
      await this.#journaled({ op: "created", path: folder }, () => createDirAll(this.inner, folder));
    }
    return null;
  }

  /**
   * Moves an item. An item already at `to` (that the move would replace)
   * goes to the trash first.
   */
  async #rename(from, to) {
    const item = await stat(this.inner, from);
    if (!item) throw new HostError(ErrorCode.NOT_FOUND, { path: from });
    const existing = await stat(this.inner, to);
    if (existing && components(this.root, from).join("/") !== components(this.root, to).join("/")) {
      await this.#toTrash(to, existing);
    }
    const record = { op: "moved", from, to, size: item.size, modified: item.modified, kind: item.kind };
    await this.#journaled(record, () => rename(this.inner, from, to));
    this.counts.moved++;
    return null;
  }

  /** Puts the `kind` ("file" or "dir") at `path` into the trash. */
  async #remove(path, kind) {
    const item = await stat(this.inner, path);
    if (!item) throw new HostError(ErrorCode.NOT_FOUND, { path });
    if (kind === "file" && item.kind === "dir") throw new HostError(ErrorCode.IO, { path, detail: "Is a directory" });
    if (kind === "dir" && item.kind !== "dir") throw new HostError(ErrorCode.NOT_A_DIRECTORY, { path });
    await this.#toTrash(path, item);
    return null;
  }

  /** Puts the item at `path` into this session's trash folder. */
  async #toTrash(path, item) {
    const name = components(this.root, path).at(-1);
    const folder = this.#abs([TRASH, await this.#session()]);
    await createDirAll(this.inner, folder);
    const trash = `${folder}/${this.counts.trashed + 1}-${name}`;
    const record = { op: "trashed", path, trash, size: item.size, modified: item.modified, kind: item.kind };
    await this.#journaled(record, () => rename(this.inner, path, trash));
    this.counts.trashed++;
  }
}
