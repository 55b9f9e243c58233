// An in-memory file system for the core's file requests (docs/ABI.md,
// `fs_call`; fsrequest.js), rooted at a virtual absolute path such as
// `/demo`. Files have a size and a time but no content: the tools only
// move, list and classify. Errors follow what Linux (the native host's
// RealFs) answers: the path apart, the system's words as the detail. Its
// `call` answers at once (no Promise), so a host without JSPI can serve the
// core's synchronous file calls from it; `await` on it works as well.

import { ErrorCode, HostError, composed, perItem, sample } from "./fsrequest.js";

const now = () => Math.floor(Date.now() / 1000);

/** Linux's words for the failures this file system mimics. */
const OS = Object.freeze({
  NOT_FOUND: "No such file or directory (os error 2)",
  NOT_A_DIRECTORY: "Not a directory (os error 20)",
  IS_A_DIRECTORY: "Is a directory (os error 21)",
  EXISTS: "File exists (os error 17)",
  INVALID: "Invalid argument (os error 22)",
  NOT_EMPTY: "Directory not empty (os error 39)",
});

const fail = (code, path, detail) => new HostError(code, { path, detail });

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
 * `..`; throws `denied` (with the path) for anything outside the root, so
 * the model cannot reach past the folder the user chose.
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
  if (!String(path).startsWith("/") || !inside) throw new HostError(ErrorCode.DENIED, { path });
  return parts.slice(rootParts.length);
}

/** A base: answers every op of the ABI, the composable ones by `composed`. */
export class MemFs {
  /** `files`: [{path: "a/b.txt", size}] relative to `root`. */
  constructor(root, files = [], modified = now()) {
    this.root = root;
    this.top = { kind: "dir", children: new Map(), modified };
    for (const file of files) {
      const parts = file.path.split("/");
      const dir = this.#mkdirs(file.path, parts.slice(0, -1), modified);
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

  /** Answers one `fs_call` request at once (see fsrequest.js). */
  call(request) {
    const { path } = request;
    switch (request.op) {
      case "stat": return this.#stat(path);
      case "list": return this.#list(path);
      case "create_dir_all": this.#mkdirs(path, components(this.root, path)); return null;
      case "rename": return this.#rename(request.from, request.to);
      case "remove_file": return this.#remove(path, "file");
      case "remove_dir_all": return this.#remove(path, "dir");
      case "read_bytes": return sample(this.#bytes(path), request.head, request.tail);
      case "digests": return perItem(request.paths, (each) => this.#digest(each));
      default: return composed(this, request);
    }
  }

  /**
   * A file's content digest. The files have no content, so each is its own:
   * no two files are ever the same (a file keeps its digest when moved).
   */
  #digest(path) {
    return `memfs-file-${this.#file(path).id}`;
  }

  /** A file's bytes: the demo's files have a size but no content, so none. */
  #bytes(path) {
    this.#file(path);
    return new Uint8Array(0);
  }

  /** The file node at `path`; not_found, is_a_directory otherwise. */
  #file(path) {
    const node = this.#node(path, components(this.root, path));
    if (!node) throw fail(ErrorCode.NOT_FOUND, path, OS.NOT_FOUND);
    if (node.kind !== "file") throw fail(ErrorCode.IS_A_DIRECTORY, path, OS.IS_A_DIRECTORY);
    return node;
  }

  /** The node at `parts` (of `path`), or null; throws not_a_directory past a file. */
  #node(path, parts) {
    let node = this.top;
    for (const part of parts) {
      if (node.kind !== "dir") throw fail(ErrorCode.NOT_A_DIRECTORY, path, OS.NOT_A_DIRECTORY);
      node = node.children.get(part);
      if (!node) return null;
    }
    return node;
  }

  #mkdirs(path, parts, modified = now()) {
    let node = this.top;
    for (const part of parts) {
      let child = node.children.get(part);
      if (!child) {
        child = { kind: "dir", children: new Map(), modified };
        node.children.set(part, child);
        node.modified = modified;
      } else if (child.kind !== "dir") {
        throw fail(ErrorCode.ALREADY_EXISTS, path, OS.EXISTS);
      }
      node = child;
    }
    return node;
  }

  /** The parent directory node and the last name; not_found if the parent is missing. */
  #parentOf(path) {
    const parts = components(this.root, path);
    if (parts.length === 0) throw fail(ErrorCode.PROTECTED, path);
    const parent = this.#node(path, parts.slice(0, -1));
    if (!parent) throw fail(ErrorCode.NOT_FOUND, path, OS.NOT_FOUND);
    if (parent.kind !== "dir") throw fail(ErrorCode.NOT_A_DIRECTORY, path, OS.NOT_A_DIRECTORY);
    return { parent, name: parts.at(-1), parts };
  }

  #stat(path) {
    const parts = components(this.root, path);
    const node = this.#node(path, parts);
    return node ? entry(parts.at(-1) ?? this.root.split("/").pop(), node) : null;
  }

  #list(path) {
    const node = this.#node(path, components(this.root, path));
    if (!node) throw fail(ErrorCode.NOT_FOUND, path, OS.NOT_FOUND);
    if (node.kind !== "dir") throw fail(ErrorCode.NOT_A_DIRECTORY, path, OS.NOT_A_DIRECTORY);
    return [...node.children].map(([name, child]) => entry(name, child));
  }

  #rename(from, to) {
    const src = this.#parentOf(from);
    const dst = this.#parentOf(to);
    const node = src.parent.children.get(src.name);
    if (!node) throw fail(ErrorCode.NOT_FOUND, from, OS.NOT_FOUND);
    if (node === this.#node(to, dst.parts)) return null; // same entry
    const inside = dst.parts.length > src.parts.length && src.parts.every((p, i) => dst.parts[i] === p);
    if (node.kind === "dir" && inside) throw fail(ErrorCode.IO, to, OS.INVALID);
    const existing = dst.parent.children.get(dst.name);
    if (existing) {
      if (node.kind === "file" && existing.kind === "dir") throw fail(ErrorCode.IO, to, OS.IS_A_DIRECTORY);
      if (node.kind === "dir" && existing.kind !== "dir") throw fail(ErrorCode.NOT_A_DIRECTORY, to, OS.NOT_A_DIRECTORY);
      if (existing.kind === "dir" && existing.children.size > 0) throw fail(ErrorCode.IO, to, OS.NOT_EMPTY);
    }
    src.parent.children.delete(src.name);
    dst.parent.children.set(dst.name, node);
    src.parent.modified = dst.parent.modified = now();
    return null;
  }

  /** Removes the `kind` ("file" or "dir", with its contents) at `path`. */
  #remove(path, kind) {
    const { parent, name } = this.#parentOf(path);
    const node = parent.children.get(name);
    if (!node) throw fail(ErrorCode.NOT_FOUND, path, OS.NOT_FOUND);
    if (kind === "file" && node.kind === "dir") throw fail(ErrorCode.IO, path, OS.IS_A_DIRECTORY);
    if (kind === "dir" && node.kind !== "dir") throw fail(ErrorCode.NOT_A_DIRECTORY, path, OS.NOT_A_DIRECTORY);
    parent.children.delete(name);
    parent.modified = now();
    return null;
  }
}
