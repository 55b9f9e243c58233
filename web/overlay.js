// The dry run: a view over a folder (any file system of the page) that
// reads through to the real items but keeps every change in memory, as
// host/src/fs/overlay.rs does for the CLI. The core's next listing sees the
// planned state; the folder itself is never touched. Each change is a step
// of the plan: {op: "create_folder", path}, {op: "move", from, to, size},
// {op: "delete", path, size}, absolute paths as the core wrote them, in
// order: what the core's plan table is made from and what "Apply" carries
// out for real.
//
// Both are wrappers (fsrequest.js): they answer what a plan changes or
// shows differently, make `count`, `stat_many` and `move_batch` of their own
// answers, and pass every other request to their inner layer unchanged.

import {
  ErrorCode, HostError, composed, hostError, judged, list, stat, withRefusals,
} from "./fsrequest.js";
import { components, entry } from "./memfs.js";
import { refusal, shown } from "./guarded.js";

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
    const found = await stat(this.inner, this.#abs(to.real));
    return found ? { ...found, name } : null;
  }

  /** Answers one `fs_call` request (a Promise; see fsrequest.js). */
  async call(request) {
    const { path } = request;
    switch (request.op) {
      case "stat": return this.#statRel(this.#rel(path));
      case "list": return this.#list(path);
      case "read_bytes": return this.inner.call({ ...request, path: this.#real(path) });
      case "digests": return this.#digests(request);
      case "create_dir_all": return this.#createDirAll(path);
      case "rename": return this.#rename(request.from, request.to);
      case "remove_file": return this.#delete(path, "file");
      case "remove_dir_all": return this.#delete(path, "dir");
      case "count":
      case "stat_many":
      case "move_batch":
        return composed(this, request);
      default: return this.inner.call(request);
    }
  }

  async #list(path) {
    const rel = this.#rel(path);
    const to = this.#resolve(rel);
    if (!to) throw new HostError(ErrorCode.NOT_FOUND, { path });
    const out = new Map();
    if (!to.newDir) {
      for (const item of await list(this.inner, this.#abs(to.real))) {
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

  /** The real path of the file the view shows at `path`; not_found, is_a_directory otherwise. */
  #real(path) {
    const to = this.#resolve(this.#rel(path));
    if (!to) throw new HostError(ErrorCode.NOT_FOUND, { path });
    if (to.newDir) throw new HostError(ErrorCode.IS_A_DIRECTORY, { path });
    return this.#abs(to.real);
  }

  /** The digests of the real files the view shows: one request to the inner layer. */
  async #digests(request) {
    const refused = [], real = [];
    for (const path of request.paths) {
      try {
        real.push(this.#real(path));
        refused.push(null);
      } catch (e) {
        refused.push(hostError(e));
      }
    }
    const answers = real.length > 0 ? await this.inner.call({ ...request, paths: real }) : [];
    return withRefusals(answers, refused);
  }

  async #createDirAll(path) {
    const parts = components(this.root, path);
    for (let i = 1; i <= parts.length; i++) {
      const rel = parts.slice(0, i).join("/");
      const found = await this.#statRel(rel);
      if (found?.kind === "dir") continue;
      if (found) throw new HostError(ErrorCode.ALREADY_EXISTS, { path: this.#abs(rel) });
      this.#set(rel, NEW_DIR);
      this.steps.push({ op: "create_folder", path: this.#abs(rel) });
    }
    return null;
  }

  /** Moves an item in the plan; never replaces one (nothing is replaced in a plan). */
  async #rename(from, to) {
    const src = this.#rel(from), dst = this.#rel(to);
    if (!src) throw new HostError(ErrorCode.PROTECTED, { path: from });
    if (!dst) throw new HostError(ErrorCode.PROTECTED, { path: to });
    const item = await this.#statRel(src);
    if (!item) throw new HostError(ErrorCode.NOT_FOUND, { path: from });
    if (src === dst) return null;
    if (dst.startsWith(`${src}/`)) throw new HostError(ErrorCode.IO, { path: to, detail: "Invalid argument" });
    if (await this.#statRel(dst)) throw new HostError(ErrorCode.ALREADY_EXISTS, { path: to });
    const parent = dst.includes("/") ? dst.slice(0, dst.lastIndexOf("/")) : "";
    const above = await this.#statRel(parent);
    if (!above) throw new HostError(ErrorCode.NOT_FOUND, { path: this.#abs(parent) });
    if (above.kind !== "dir") throw new HostError(ErrorCode.NOT_A_DIRECTORY, { path: this.#abs(parent) });
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

  async #delete(path, kind) {
    const rel = this.#rel(path);
    if (!rel) throw new HostError(ErrorCode.PROTECTED, { path });
    const item = await this.#statRel(rel);
    if (!item) throw new HostError(ErrorCode.NOT_FOUND, { path });
    if (kind === "file" && item.kind === "dir") throw new HostError(ErrorCode.IO, { path, detail: "Is a directory" });
    if (kind === "dir" && item.kind !== "dir") throw new HostError(ErrorCode.NOT_A_DIRECTORY, { path });
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
}

/**
 * The dry run where the core's file calls must be answered at once (a
 * browser without JSPI): the changes go to `copy`, an in-memory copy of the
 * folder (memfs.js's `clone()`), and are recorded as the same steps as
 * OverlayFs's. It judges every request as GuardedFs does (the folder's
 * trash never shown, any path in it refused) and answers each at once.
 */
export class RecordingFs {
  constructor(copy) {
    this.inner = copy;
    this.root = copy.root;
    this.steps = [];
  }

  /** Answers one `fs_call` request at once (see fsrequest.js). */
  call(request) {
    return judged(request, (at) => refusal(this.root, at), (allowed) => this.#carry(allowed));
  }

  #carry(request) {
    const { path } = request;
    switch (request.op) {
      case "list": return shown(this.root, path, this.inner.call(request));
      case "create_dir_all": return this.#createDirAll(path);
      case "rename": return this.#rename(request.from, request.to);
      case "remove_file":
      case "remove_dir_all":
        return this.#delete(request);
      // `count` of this view's listing (trash hidden), each move through #rename.
      case "count":
      case "move_batch":
        return composed(this, request);
      default: return this.inner.call(request);
    }
  }

  #createDirAll(path) {
    const parts = components(this.root, path);
    for (let i = 1; i <= parts.length; i++) {
      const folder = [this.root, ...parts.slice(0, i)].join("/");
      if (stat(this.inner, folder)) continue;
      this.inner.call({ op: "create_dir_all", path: folder });
      this.steps.push({ op: "create_folder", path: folder });
    }
    return null;
  }

  #rename(from, to) {
    const same = components(this.root, from).join("/") === components(this.root, to).join("/");
    const item = stat(this.inner, from);
    if (item && !same && stat(this.inner, to)) throw new HostError(ErrorCode.ALREADY_EXISTS, { path: to });
    this.inner.call({ op: "rename", from, to });
    if (!same) this.steps.push({ op: "move", from: this.#abs(from), to: this.#abs(to), size: item.size });
    return null;
  }

  #delete(request) {
    const item = stat(this.inner, request.path);
    this.inner.call(request);
    this.steps.push({ op: "delete", path: this.#abs(request.path), size: item.size });
    return null;
  }

  #abs(path) {
    return [this.root, ...components(this.root, path)].join("/");
  }
}
