// The page's promises on a folder, over any file system of the page
// (memfs.js, dirfs.js): nothing is deleted for good, and every change is
// journaled before it happens.
//
// - The trash is a folder inside the chosen one, `.tidyup-trash/`: a
//   deleted (or replaced) item is moved there, under its session's id. The
//   trash is tidyup's own data: it is never listed, and any operation on a
//   path inside it is refused (`tidyup_data`), so neither a model nor a plan
//   sees or touches it.
// - Each change is a journal record (journal.js) written and committed
//   before the change; a change that then fails gets a `failed` record.
//
// `GuardedFs` is what the core's file calls reach when a session changes
// the folder for real; changes.js reverses a session from its records.

import { ErrorCode, HostError } from "./host.js";
import { components } from "./memfs.js";

/** The trash folder's name, inside the chosen folder. */
export const TRASH = ".tidyup-trash";

/** Refused: the path is tidyup's own data (docs/ABI.md's `tidyup_data`). */
function ownData(path) {
  return new HostError("tidyup_data", `${path} is tidyup's own data (its trash); it is never listed or changed`);
}

/** Whether `parts` (components below the root) lie in the trash. */
export const inTrash = (parts) => parts[0] === TRASH;

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

  /** The components of `path` below the root; refuses the trash. */
  #parts(path) {
    const parts = components(this.root, path);
    if (inTrash(parts)) throw ownData(path);
    return parts;
  }

  #abs(parts) {
    return [this.root, ...parts].join("/");
  }

  /** This file system's journal session, begun on first use. */
  async #session() {
    if (!this.journal) throw new HostError(ErrorCode.IO, "this view of the folder only reads");
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

  async stat(path) {
    this.#parts(path);
    return this.inner.stat(path);
  }

  async list(path) {
    const parts = this.#parts(path);
    const entries = await this.inner.list(path);
    return parts.length === 0 ? entries.filter((e) => e.name !== TRASH) : entries;
  }

  async readBytes(path) {
    this.#parts(path);
    return this.inner.readBytes(path);
  }

  get digest() {
    if (!this.inner.digest) return undefined;
    return async (path, limit) => {
      this.#parts(path);
      return this.inner.digest(path, limit);
    };
  }

  /** Makes each missing folder of `path`, journaling each one first. */
  async createDirAll(path) {
    const parts = this.#parts(path);
    for (let i = 1; i <= parts.length; i++) {
      const folder = this.#abs(parts.slice(0, i));
      const found = await this.inner.stat(folder);
      if (found?.kind === "dir") continue;
      if (found) throw new HostError(ErrorCode.ALREADY_EXISTS, `${folder} exists and is not a folder`);
      await this.#journaled({ op: "created", path: folder }, () => this.inner.createDirAll(folder));
    }
    return null;
  }

  /**
   * Moves an item. An item already at `to` (that the move would replace)
   * goes to the trash first.
   */
  async rename(from, to) {
    this.#parts(from);
    this.#parts(to);
    const item = await this.inner.stat(from);
    if (!item) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory");
    const existing = await this.inner.stat(to);
    if (existing && components(this.root, from).join("/") !== components(this.root, to).join("/")) {
      await this.#toTrash(to, existing);
    }
    const record = { op: "moved", from, to, size: item.size, modified: item.modified, kind: item.kind };
    await this.#journaled(record, () => this.inner.rename(from, to));
    this.counts.moved++;
    return null;
  }

  async removeFile(path) {
    const item = await this.#existing(path);
    if (item.kind === "dir") throw new HostError(ErrorCode.IO, "Is a directory");
    await this.#toTrash(path, item);
    return null;
  }

  async removeDirAll(path) {
    const item = await this.#existing(path);
    if (item.kind !== "dir") throw new HostError(ErrorCode.NOT_A_DIRECTORY, "Not a directory");
    await this.#toTrash(path, item);
    return null;
  }

  async #existing(path) {
    const parts = this.#parts(path);
    if (parts.length === 0) throw new HostError(ErrorCode.DENIED, "cannot remove the folder itself");
    const item = await this.inner.stat(path);
    if (!item) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory");
    return item;
  }

  /** Puts the item at `path` into this session's trash folder. */
  async #toTrash(path, item) {
    const name = components(this.root, path).at(-1);
    const folder = this.#abs([TRASH, await this.#session()]);
    await this.inner.createDirAll(folder);
    const trash = `${folder}/${this.counts.trashed + 1}-${name}`;
    const record = { op: "trashed", path, trash, size: item.size, modified: item.modified, kind: item.kind };
    await this.#journaled(record, () => this.inner.rename(path, trash));
    this.counts.trashed++;
  }

  /** The folder's tree as {relative path: size}, the trash left out. */
  async snapshot() {
    const all = await this.inner.snapshot();
    return Object.fromEntries(Object.entries(all).filter(([path]) => !inTrash(path.split("/"))));
  }
}
