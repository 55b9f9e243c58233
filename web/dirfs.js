// The core's file requests (fsrequest.js) on a real folder, through the
// File System Access API: a FileSystemDirectoryHandle from
// `showDirectoryPicker()` (or, in the tests, the origin-private file
// system, which has the same API). The folder appears to the core at a
// virtual absolute path, `/NAME`. A failure names the request's path and
// carries the API's own words (`NotFoundError: ...`) as its detail.

import { ErrorCode, HostError, composed, perItem, sample, sha256 } from "./fsrequest.js";
import { components } from "./memfs.js";

/** The ABI error code of a DOMException's name. */
const CODES = {
  NotFoundError: ErrorCode.NOT_FOUND,
  NotAllowedError: ErrorCode.PERMISSION_DENIED,
  SecurityError: ErrorCode.PERMISSION_DENIED,
  TypeMismatchError: ErrorCode.NOT_A_DIRECTORY,
  InvalidModificationError: ErrorCode.IO,
};

/** `e` as a HostError about `path`: a HostError as it is, a DOMException in its own words. */
function hostError(e, path) {
  if (e instanceof HostError) return e;
  return new HostError(CODES[e?.name] ?? ErrorCode.IO, { path, detail: e?.name ? `${e.name}: ${e.message}` : String(e) });
}

const fail = (code, path, detail) => new HostError(code, { path, detail });
const seconds = (ms) => Math.floor(ms / 1000);

/** A base: answers every op of the ABI, the composable ones by `composed`. */
export class DirFs {
  constructor(handle, root = `/${handle.name || "picked"}`) {
    this.handle = handle;
    this.root = root;
  }

  /** Answers one `fs_call` request (a Promise; see fsrequest.js). */
  call(request) {
    const { path } = request;
    switch (request.op) {
      case "stat": return this.#run(path, () => this.#stat(path));
      case "list": return this.#run(path, () => this.#list(path));
      case "create_dir_all": return this.#run(path, () => this.#dir(components(this.root, path), true).then(() => null));
      case "rename": return this.#run(request.from, () => this.#rename(request.from, request.to));
      case "remove_file": return this.#run(path, () => this.#remove(path, "file"));
      case "remove_dir_all": return this.#run(path, () => this.#remove(path, "directory"));
      case "read_bytes": return this.#run(path, async () => sample(await this.#file(path), request.head, request.tail));
      case "digests":
        // The file's own bytes, read in slices of its Blob, never whole into the page.
        return perItem(request.paths, (each) => this.#run(each, async () =>
          sha256(await (await this.#file(each)).slice(0, request.limit ?? undefined).arrayBuffer())));
      default: return composed(this, request);
    }
  }

  /** Runs `action`, its failure a HostError about `path`. */
  async #run(path, action) {
    try {
      return await action();
    } catch (e) {
      throw hostError(e, path);
    }
  }

  /** The directory handle at `parts`; `create` makes missing ones. */
  async #dir(parts, create = false) {
    let dir = this.handle;
    for (const part of parts) dir = await dir.getDirectoryHandle(part, { create });
    return dir;
  }

  /** The handle at `parts` (file or directory), or null when nothing is there. */
  async #handle(parts) {
    if (parts.length === 0) return this.handle;
    let parent;
    try {
      parent = await this.#dir(parts.slice(0, -1));
    } catch (e) {
      if (e.name === "NotFoundError") return null;
      throw e;
    }
    for (const get of ["getFileHandle", "getDirectoryHandle"]) {
      try {
        return await parent[get](parts.at(-1));
      } catch (e) {
        if (e.name !== "TypeMismatchError" && e.name !== "NotFoundError") throw e;
      }
    }
    return null;
  }

  /** An ABI ENTRY. Directories have no time in this API: "now" stands in. */
  async #entry(name, handle) {
    let size = 0, ms = Date.now(), kind = "dir";
    if (handle.kind === "file") {
      const file = await handle.getFile();
      [size, ms, kind] = [file.size, file.lastModified, "file"];
    }
    const modified = seconds(ms);
    return { name, kind, size, modified, utc_offset: -new Date(ms).getTimezoneOffset() * 60 };
  }

  async #stat(path) {
    const parts = components(this.root, path);
    const handle = await this.#handle(parts);
    return handle ? this.#entry(parts.at(-1) ?? this.handle.name, handle) : null;
  }

  async #list(path) {
    const handle = await this.#handle(components(this.root, path));
    if (!handle) throw fail(ErrorCode.NOT_FOUND, path);
    if (handle.kind !== "directory") throw fail(ErrorCode.NOT_A_DIRECTORY, path);
    const entries = [];
    for await (const [name, child] of handle.entries()) entries.push(await this.#entry(name, child));
    return entries;
  }

  /** The file at `path` as a Blob (read in slices, never whole). */
  async #file(path) {
    const handle = await this.#handle(components(this.root, path));
    if (!handle) throw fail(ErrorCode.NOT_FOUND, path);
    if (handle.kind !== "file") throw fail(ErrorCode.IS_A_DIRECTORY, path);
    return handle.getFile();
  }

  /** Moves a file or folder: `move()` where the browser has it, else copy then delete. */
  async #rename(from, to) {
    const src = components(this.root, from), dst = components(this.root, to);
    if (src.length === 0) throw fail(ErrorCode.PROTECTED, from);
    if (dst.length === 0) throw fail(ErrorCode.PROTECTED, to);
    const handle = await this.#handle(src);
    if (!handle) throw fail(ErrorCode.NOT_FOUND, from);
    if (src.join("/") === dst.join("/")) return null;
    const target = await this.#dir(dst.slice(0, -1)).catch((e) => {
      throw hostError(e, to);
    });
    const existing = await this.#handle(dst);
    if (existing) {
      if (handle.kind === "file" && existing.kind === "directory") throw fail(ErrorCode.IO, to, "Is a directory");
      if (handle.kind === "directory" && existing.kind === "file") throw fail(ErrorCode.NOT_A_DIRECTORY, to);
      await target.removeEntry(dst.at(-1)); // a file, or an empty folder (else it throws)
    }
    if (handle.kind === "file" && typeof handle.move === "function") {
      await handle.move(target, dst.at(-1));
      return null;
    }
    await copy(handle, target, dst.at(-1));
    const parent = await this.#dir(src.slice(0, -1));
    await parent.removeEntry(src.at(-1), { recursive: true });
    return null;
  }

  /** Removes the `kind` ("file" or "directory", with its contents) at `path`. */
  async #remove(path, kind) {
    const parts = components(this.root, path);
    if (parts.length === 0) throw fail(ErrorCode.PROTECTED, path);
    const handle = await this.#handle(parts);
    if (!handle) throw fail(ErrorCode.NOT_FOUND, path);
    if (handle.kind !== kind) {
      throw kind === "file" ? fail(ErrorCode.IO, path, "Is a directory") : fail(ErrorCode.NOT_A_DIRECTORY, path);
    }
    await (await this.#dir(parts.slice(0, -1))).removeEntry(parts.at(-1), { recursive: kind === "directory" });
    return null;
  }
}

/** Copies a file or folder handle into `dir` under `name`. */
async function copy(handle, dir, name) {
  if (handle.kind === "file") {
    const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
    await writable.write(await handle.getFile());
    await writable.close();
    return;
  }
  const into = await dir.getDirectoryHandle(name, { create: true });
  for await (const [childName, child] of handle.entries()) await copy(child, into, childName);
}
