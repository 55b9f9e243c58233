// The dry run: a view over a folder (any file system of the page) that
// reads through to the real items but keeps every change in memory, as
// host/src/fs/overlay.rs does for the CLI. The core's next listing sees the
// planned state; the folder itself is never touched. Each change is a step
// of the plan: {op: "create_folder", path}, {op: "move", from, to, size},
// {op: "delete", path, size}, absolute paths as the core wrote them, in
// order: what the core's plan table is made from and what "Apply" carries
// out for real.

import { ErrorCode, HostError } from "./host.js";
import { components, entry } from "./memfs.js";
import { TRASH } from "./guarded.js";

const NEW_DIR = Object.freeze({ newDir: true });
const now = () => Math.floor(Date.now() / 1000);

export class OverlayFs {
  constructor(inner) {
    this.inner = inner;
    this.root = inner.root;
    /** Changed paths (relative, "/"-joined): NEW_DIR, or {real} (a real item shown here). */
    this.nodes = new Map();
    /** Paths (relative) the plan moved away or deleted. */
    this.gone = new Set();
    this.steps = [];
  }

  #abs(rel) {
    return rel ? `${this.root}/${rel}` : this.root;
  }

  /** Where a relative path leads: {real: rel}, NEW_DIR, or null (nothing). */
  #resolve(rel) {
    const parts = rel ? rel.split("/") : [];
    for (let i = parts.length; i >= 0; i--) {
      const key = parts.slice(0, i).join("/");
      const node = this.nodes.get(key);
      if (node) {
        if (node.newDir) return i === parts.length ? NEW_DIR : null;
        return { real: [node.real, ...parts.slice(i)].filter(Boolean).join("/") };
      }
      if (i > 0 && this.gone.has(key)) return null;
    }
    return { real: rel };
  }

  #rel(path) {
    return components(this.root, path).join("/");
  }

  async #statRel(rel) {
    const to = this.#resolve(rel);
    const name = rel.split("/").at(-1) || this.root.split("/").at(-1);
    if (!to) return null;
    if (to.newDir) return entry(name, { kind: "dir", modified: now() });
    const found = await this.inner.stat(this.#abs(to.real));
    return found ? { ...found, name } : null;
  }

  async stat(path) {
    return this.#statRel(this.#rel(path));
  }

  async list(path) {
    const rel = this.#rel(path);
    const to = this.#resolve(rel);
    if (!to) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory");
    const out = new Map();
    if (!to.newDir) {
      for (const item of await this.inner.list(this.#abs(to.real))) {
        const child = rel ? `${rel}/${item.name}` : item.name;
        const at = this.#resolve(child);
        if (at && !at.newDir && at.real === (to.real ? `${to.real}/${item.name}` : item.name)) out.set(item.name, item);
      }
    }
    for (const key of this.nodes.keys()) {
      const parent = key.includes("/") ? key.slice(0, key.lastIndexOf("/")) : "";
      if (parent !== rel || key === "") continue;
      const found = await this.#statRel(key);
      if (found) out.set(found.name, found);
    }
    return [...out.values()];
  }

  async readBytes(path) {
    const to = this.#resolve(this.#rel(path));
    if (!to) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory");
    if (to.newDir) throw new HostError(ErrorCode.IS_A_DIRECTORY, "Is a directory");
    return this.inner.readBytes(this.#abs(to.real));
  }

  get digest() {
    if (!this.inner.digest) return undefined;
    return async (path, limit) => {
      const to = this.#resolve(this.#rel(path));
      if (!to || to.newDir) throw new HostError(ErrorCode.NOT_FOUND, "No such file");
      return this.inner.digest(this.#abs(to.real), limit);
    };
  }

  async createDirAll(path) {
    const parts = components(this.root, path);
    for (let i = 1; i <= parts.length; i++) {
      const rel = parts.slice(0, i).join("/");
      const found = await this.#statRel(rel);
      if (found?.kind === "dir") continue;
      if (found) throw new HostError(ErrorCode.ALREADY_EXISTS, "File exists");
      this.#set(rel, NEW_DIR);
      this.steps.push({ op: "create_folder", path: this.#abs(rel) });
    }
    return null;
  }

  /** Moves an item in the plan; never replaces one (nothing is replaced in a plan). */
  async rename(from, to) {
    const src = this.#rel(from), dst = this.#rel(to);
    if (!src || !dst) throw new HostError(ErrorCode.DENIED, "cannot move the folder itself");
    const item = await this.#statRel(src);
    if (!item) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory");
    if (src === dst) return null;
    if (dst.startsWith(`${src}/`)) throw new HostError(ErrorCode.IO, "Invalid argument");
    if (await this.#statRel(dst)) throw new HostError(ErrorCode.ALREADY_EXISTS, `${to} already exists`);
    const parent = dst.includes("/") ? dst.slice(0, dst.lastIndexOf("/")) : "";
    const above = await this.#statRel(parent);
    if (!above) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory");
    if (above.kind !== "dir") throw new HostError(ErrorCode.NOT_A_DIRECTORY, "Not a directory");
    const node = this.#resolve(src);
    // What the plan changed inside a folder moves with it.
    const folder = item.kind === "dir";
    const inside = folder ? [...this.nodes].filter(([key]) => key.startsWith(`${src}/`)) : [];
    const goneInside = folder ? [...this.gone].filter((key) => key.startsWith(`${src}/`)) : [];
    this.#remove(src, folder);
    this.#set(dst, node.newDir ? NEW_DIR : { real: node.real });
    for (const [key, value] of inside) this.#set(dst + key.slice(src.length), value);
    for (const key of goneInside) this.gone.add(dst + key.slice(src.length));
    this.steps.push({ op: "move", from: this.#abs(src), to: this.#abs(dst), size: item.size });
    return null;
  }

  async removeFile(path) {
    return this.#delete(path, "file");
  }

  async removeDirAll(path) {
    return this.#delete(path, "dir");
  }

  async #delete(path, kind) {
    const rel = this.#rel(path);
    if (!rel) throw new HostError(ErrorCode.DENIED, "cannot remove the folder itself");
    const item = await this.#statRel(rel);
    if (!item) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory");
    if (kind === "file" && item.kind === "dir") throw new HostError(ErrorCode.IO, "Is a directory");
    if (kind === "dir" && item.kind !== "dir") throw new HostError(ErrorCode.NOT_A_DIRECTORY, "Not a directory");
    this.#remove(rel, item.kind === "dir");
    this.steps.push({ op: "delete", path: this.#abs(rel), size: item.size });
    return null;
  }

  /** Shows `value` at `rel`. */
  #set(rel, value) {
    this.gone.delete(rel);
    this.nodes.set(rel, value);
  }

  /** Takes `rel` (and, for a `folder`, everything the plan put under it) out of the view. */
  #remove(rel, folder) {
    this.nodes.delete(rel);
    if (folder) {
      for (const key of [...this.nodes.keys()]) if (key.startsWith(`${rel}/`)) this.nodes.delete(key);
      for (const key of [...this.gone]) if (key.startsWith(`${rel}/`)) this.gone.delete(key);
    }
    this.gone.add(rel);
  }

  /** The planned tree as {relative path: size}, like the file systems' snapshot. */
  async snapshot() {
    const out = {};
    const walk = async (rel) => {
      const items = await this.list(this.#abs(rel));
      if (items.length === 0 && rel) out[`${rel}/`] = 0;
      for (const item of items) {
        const child = rel ? `${rel}/${item.name}` : item.name;
        if (item.kind === "dir") await walk(child);
        else out[child] = item.size;
      }
    };
    await walk("");
    return out;
  }
}

/**
 * The dry run where the core's file calls must be answered at once (a
 * browser without JSPI): the changes go to `copy`, an in-memory copy of the
 * folder (memfs.js's `clone()`), and are recorded as the same steps as
 * OverlayFs's. As GuardedFs does, it never shows the folder's trash and
 * refuses any path in it. Every method answers synchronously.
 */
export class RecordingFs {
  constructor(copy) {
    this.inner = copy;
    this.root = copy.root;
    this.steps = [];
  }

  /** The components of `path` below the root; refuses the trash. */
  #parts(path) {
    const parts = components(this.root, path);
    if (parts[0] === TRASH) throw new HostError("tidyup_data", `${path} is tidyup's own data (its trash)`);
    return parts;
  }

  stat(path) { this.#parts(path); return this.inner.stat(path); }
  readBytes(path) { this.#parts(path); return this.inner.readBytes(path); }
  digest(path, limit) { this.#parts(path); return this.inner.digest(path, limit); }

  list(path) {
    const top = this.#parts(path).length === 0;
    return this.inner.list(path).filter((item) => !top || item.name !== TRASH);
  }

  createDirAll(path) {
    const parts = this.#parts(path);
    for (let i = 1; i <= parts.length; i++) {
      const folder = [this.root, ...parts.slice(0, i)].join("/");
      if (this.inner.stat(folder)) continue;
      this.inner.createDirAll(folder);
      this.steps.push({ op: "create_folder", path: folder });
    }
    return null;
  }

  rename(from, to) {
    this.#parts(from);
    this.#parts(to);
    const item = this.inner.stat(from);
    if (item && this.inner.stat(to) && components(this.root, from).join("/") !== components(this.root, to).join("/")) {
      throw new HostError(ErrorCode.ALREADY_EXISTS, `${to} already exists`);
    }
    this.inner.rename(from, to);
    if (components(this.root, from).join("/") !== components(this.root, to).join("/")) {
      this.steps.push({ op: "move", from: this.#abs(from), to: this.#abs(to), size: item.size });
    }
    return null;
  }

  removeFile(path) {
    this.#parts(path);
    const item = this.inner.stat(path);
    this.inner.removeFile(path);
    this.steps.push({ op: "delete", path: this.#abs(path), size: item.size });
    return null;
  }

  removeDirAll(path) {
    this.#parts(path);
    const item = this.inner.stat(path);
    this.inner.removeDirAll(path);
    this.steps.push({ op: "delete", path: this.#abs(path), size: item.size });
    return null;
  }

  #abs(path) {
    return [this.root, ...components(this.root, path)].join("/");
  }
}
