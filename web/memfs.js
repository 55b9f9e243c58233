// An in-memory file system for the core's file primitives (docs/ABI.md,
// `fs_call`), rooted at a virtual absolute path such as `/demo`. Files have a
// size and a time but no content: the tools only move, list and classify.
// Errors follow what Linux (the native host's RealFs) answers. Its methods
// answer at once (no Promise), so a host without JSPI can serve the core's
// synchronous file calls from it; `await` on them works as well.

import { ErrorCode, HostError } from "./host.js";

const now = () => Math.floor(Date.now() / 1000);

/** An ABI ENTRY for a node; utc_offset is the browser's zone at that time. */
export function entry(name, node) {
  return {
    name,
    kind: node.kind,
    size: node.kind === "file" ? node.size : 0,
    modified: node.modified,
    utc_offset: -new Date(node.modified * 1000).getTimezoneOffset() * 60,
  };
}

/**
 * Splits an absolute path into components below `root`, resolving `.` and
 * `..`; throws `denied` for anything outside the root, so the model cannot
 * reach past the folder the user chose.
 */
export function components(root, path) {
  const parts = [];
  for (const part of String(path).split(/[\\/]+/)) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  const rootParts = root.split("/").filter(Boolean);
  const inside = rootParts.every((part, i) => parts[i] === part);
  if (!String(path).startsWith("/") || !inside) {
    throw new HostError(ErrorCode.DENIED, `${path} is outside ${root}, the folder this page may change`);
  }
  return parts.slice(rootParts.length);
}

export class MemFs {
  /** `files`: [{path: "a/b.txt", size}] relative to `root`. */
  constructor(root, files = [], modified = now()) {
    this.root = root;
    this.top = { kind: "dir", children: new Map(), modified };
    for (const file of files) {
      const parts = file.path.split("/");
      const dir = this.#mkdirs(parts.slice(0, -1), modified);
      dir.children.set(parts.at(-1), { kind: "file", size: file.size, modified, id: this.#nextId++ });
    }
  }

  #nextId = 1;

  /** A copy of the whole tree, to change without touching this one. */
  clone() {
    const copy = new MemFs(this.root);
    const deep = (node) => (node.kind === "dir"
      ? { ...node, children: new Map([...node.children].map(([name, child]) => [name, deep(child)])) }
      : { ...node });
    copy.top = deep(this.top);
    copy.#nextId = this.#nextId;
    return copy;
  }

  /**
   * A file's content digest. The files have no content, so each is its own:
   * no two files are ever the same (a file keeps its digest when moved).
   */
  digest(path) {
    const node = this.#node(components(this.root, path));
    if (!node) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory (os error 2)");
    if (node.kind !== "file") throw new HostError(ErrorCode.IS_A_DIRECTORY, "Is a directory (os error 21)");
    return `memfs-file-${node.id}`;
  }

  /** The node at `parts`, or null; throws not_a_directory past a file. */
  #node(parts) {
    let node = this.top;
    for (const part of parts) {
      if (node.kind !== "dir") throw new HostError(ErrorCode.NOT_A_DIRECTORY, "Not a directory (os error 20)");
      node = node.children.get(part);
      if (!node) return null;
    }
    return node;
  }

  #mkdirs(parts, modified = now()) {
    let node = this.top;
    for (const part of parts) {
      let child = node.children.get(part);
      if (!child) {
        child = { kind: "dir", children: new Map(), modified };
        node.children.set(part, child);
        node.modified = modified;
      } else if (child.kind !== "dir") {
        throw new HostError(ErrorCode.ALREADY_EXISTS, "File exists (os error 17)");
      }
      node = child;
    }
    return node;
  }

  /** The parent directory node and the last name; not_found if the parent is missing. */
  #parentOf(path) {
    const parts = components(this.root, path);
    if (parts.length === 0) throw new HostError(ErrorCode.DENIED, `${path} is the root of this page's folder`);
    const parent = this.#node(parts.slice(0, -1));
    if (!parent) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory (os error 2)");
    if (parent.kind !== "dir") throw new HostError(ErrorCode.NOT_A_DIRECTORY, "Not a directory (os error 20)");
    return { parent, name: parts.at(-1), parts };
  }

  stat(path) {
    const parts = components(this.root, path);
    const node = this.#node(parts);
    return node ? entry(parts.at(-1) ?? this.root.split("/").pop(), node) : null;
  }

  /** A file's bytes: the demo's files have a size but no content, so none. */
  readBytes(path) {
    const node = this.#node(components(this.root, path));
    if (!node) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory (os error 2)");
    if (node.kind !== "file") throw new HostError(ErrorCode.IS_A_DIRECTORY, "Is a directory (os error 21)");
    return new Uint8Array(0);
  }

  list(path) {
    const node = this.#node(components(this.root, path));
    if (!node) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory (os error 2)");
    if (node.kind !== "dir") throw new HostError(ErrorCode.NOT_A_DIRECTORY, "Not a directory (os error 20)");
    return [...node.children].map(([name, child]) => entry(name, child));
  }

  createDirAll(path) {
    this.#mkdirs(components(this.root, path));
    return null;
  }

  rename(from, to) {
    const src = this.#parentOf(from);
    const dst = this.#parentOf(to);
    const node = src.parent.children.get(src.name);
    if (!node) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory (os error 2)");
    if (node === this.#node(dst.parts)) return null; // same entry
    const inside = dst.parts.length > src.parts.length && src.parts.every((p, i) => dst.parts[i] === p);
    if (node.kind === "dir" && inside) throw new HostError(ErrorCode.IO, "Invalid argument (os error 22)");
    const existing = dst.parent.children.get(dst.name);
    if (existing) {
      if (node.kind === "file" && existing.kind === "dir") throw new HostError(ErrorCode.IO, "Is a directory (os error 21)");
      if (node.kind === "dir" && existing.kind !== "dir") throw new HostError(ErrorCode.NOT_A_DIRECTORY, "Not a directory (os error 20)");
      if (existing.kind === "dir" && existing.children.size > 0) throw new HostError(ErrorCode.IO, "Directory not empty (os error 39)");
    }
    src.parent.children.delete(src.name);
    dst.parent.children.set(dst.name, node);
    src.parent.modified = dst.parent.modified = now();
    return null;
  }

  removeFile(path) {
    const { parent, name } = this.#parentOf(path);
    const node = parent.children.get(name);
    if (!node) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory (os error 2)");
    if (node.kind === "dir") throw new HostError(ErrorCode.IO, "Is a directory (os error 21)");
    parent.children.delete(name);
    parent.modified = now();
    return null;
  }

  removeDirAll(path) {
    const { parent, name } = this.#parentOf(path);
    const node = parent.children.get(name);
    if (!node) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory (os error 2)");
    if (node.kind !== "dir") throw new HostError(ErrorCode.NOT_A_DIRECTORY, "Not a directory (os error 20)");
    parent.children.delete(name);
    parent.modified = now();
    return null;
  }

  /** The whole tree as {relative path: size} for files, `path/` for empty dirs. */
  snapshot() {
    const out = {};
    const walk = (node, prefix) => {
      if (node.children.size === 0 && prefix) out[prefix + "/"] = 0;
      for (const [name, child] of node.children) {
        const path = prefix ? `${prefix}/${name}` : name;
        if (child.kind === "dir") walk(child, path);
        else out[path] = child.size;
      }
    };
    walk(this.top, "");
    return out;
  }
}
