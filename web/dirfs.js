// The core's file primitives on a real folder, through the File System
// Access API: a FileSystemDirectoryHandle from `showDirectoryPicker()` (or,
// in the tests, the origin-private file system, which has the same API).
// The folder appears to the core at a virtual absolute path, `/NAME`.

import { ErrorCode, HostError } from "./host.js";
import { components } from "./memfs.js";

/** Maps a DOMException from the API to an ABI error code. */
function hostError(e) {
  if (e instanceof HostError) return e;
  const code = {
    NotFoundError: "not_found",
    NotAllowedError: "permission_denied",
    SecurityError: "permission_denied",
    TypeMismatchError: "not_a_directory",
    InvalidModificationError: "io",
  }[e.name] ?? "io";
  return new HostError(code, `${e.name}: ${e.message}`);
}

const seconds = (ms) => Math.floor(ms / 1000);

export class DirFs {
  constructor(handle, root = `/${handle.name || "picked"}`) {
    this.handle = handle;
    this.root = root;
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

  async #run(action) {
    try {
      return await action();
    } catch (e) {
      throw hostError(e);
    }
  }

  stat(path) {
    return this.#run(async () => {
      const parts = components(this.root, path);
      const handle = await this.#handle(parts);
      return handle ? this.#entry(parts.at(-1) ?? this.handle.name, handle) : null;
    });
  }

  list(path) {
    return this.#run(async () => {
      const handle = await this.#handle(components(this.root, path));
      if (!handle) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory");
      if (handle.kind !== "directory") throw new HostError(ErrorCode.NOT_A_DIRECTORY, "Not a directory");
      const entries = [];
      for await (const [name, child] of handle.entries()) entries.push(await this.#entry(name, child));
      return entries;
    });
  }

  /** The file as a Blob (read in slices, never whole). */
  readBytes(path) {
    return this.#run(async () => {
      const handle = await this.#handle(components(this.root, path));
      if (!handle) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory");
      if (handle.kind !== "file") throw new HostError(ErrorCode.IS_A_DIRECTORY, "Is a directory");
      return handle.getFile();
    });
  }

  createDirAll(path) {
    return this.#run(async () => {
      await this.#dir(components(this.root, path), true);
      return null;
    });
  }

  /** Moves a file or folder: `move()` where the browser has it, else copy then delete. */
  rename(from, to) {
    return this.#run(async () => {
      const src = components(this.root, from), dst = components(this.root, to);
      if (src.length === 0 || dst.length === 0) throw new HostError(ErrorCode.DENIED, "cannot move the folder itself");
      const handle = await this.#handle(src);
      if (!handle) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory");
      if (src.join("/") === dst.join("/")) return null;
      const target = await this.#dir(dst.slice(0, -1));
      const existing = await this.#handle(dst);
      if (existing) {
        if (handle.kind === "file" && existing.kind === "directory") throw new HostError(ErrorCode.IO, "Is a directory");
        if (handle.kind === "directory" && existing.kind === "file") throw new HostError(ErrorCode.NOT_A_DIRECTORY, "Not a directory");
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
    });
  }

  removeFile(path) {
    return this.#run(async () => {
      const parts = components(this.root, path);
      const handle = await this.#handle(parts);
      if (!handle) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory");
      if (handle.kind !== "file") throw new HostError(ErrorCode.IO, "Is a directory");
      await (await this.#dir(parts.slice(0, -1))).removeEntry(parts.at(-1));
      return null;
    });
  }

  removeDirAll(path) {
    return this.#run(async () => {
      const parts = components(this.root, path);
      if (parts.length === 0) throw new HostError(ErrorCode.DENIED, "cannot remove the folder itself");
      const handle = await this.#handle(parts);
      if (!handle) throw new HostError(ErrorCode.NOT_FOUND, "No such file or directory");
      if (handle.kind !== "directory") throw new HostError(ErrorCode.NOT_A_DIRECTORY, "Not a directory");
      await (await this.#dir(parts.slice(0, -1))).removeEntry(parts.at(-1), { recursive: true });
      return null;
    });
  }

  /** The whole tree as {relative path: size} for files, `path/` for empty dirs. */
  async snapshot() {
    const out = {};
    const walk = async (dir, prefix) => {
      let empty = true;
      for await (const [name, child] of dir.entries()) {
        empty = false;
        const path = prefix ? `${prefix}/${name}` : name;
        if (child.kind === "directory") await walk(child, path);
        else out[path] = (await child.getFile()).size;
      }
      if (empty && prefix) out[prefix + "/"] = 0;
    };
    await walk(this.handle, "");
    return out;
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
