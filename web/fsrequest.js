// The one request every file system of the page answers, as the core's
// file systems do (core-wasm/src/ports/fs_request.rs and files.rs): a layer
// has one method, `call(request)`, taking the `fs_call` request exactly as
// docs/ABI.md defines it ({op: "stat", path}, {op: "move_batch", moves},
// ...) and answering its `ok` value, or throwing a HostError.
//
// A base answers the ops it does and hands every other to `composed`,
// which makes the composable ones of others and refuses the rest with
// `unsupported`; a wrapper answers the ops it cares about and passes every
// other request to its inner layer unchanged. `paths` is what a request
// names, which a guard judges with `judged`. The typed helpers (`stat`,
// `list`, ...) are for the page's own code.
//
// A layer may answer at once or with a Promise: `after` and `perItem` keep
// an answer synchronous wherever every step is, so memfs.js can serve a
// host without JSPI.

/**
 * The ABI's error codes the page sends (docs/ABI.md lists them all; the
 * core reads an unknown code as a plain failure). `is_a_directory` is one
 * of those unknown to the core: its detail is shown as it is.
 */
export const ErrorCode = Object.freeze({
  ALREADY_EXISTS: "already_exists",
  BAD_REQUEST: "bad_request",
  CONNECT: "connect",
  DENIED: "denied",
  HOST: "host",
  IO: "io",
  IS_A_DIRECTORY: "is_a_directory",
  NOT_A_DIRECTORY: "not_a_directory",
  NOT_FOUND: "not_found",
  PERMISSION_DENIED: "permission_denied",
  PROTECTED: "protected",
  TIDYUP_DATA: "tidyup_data",
  TIMEOUT: "timeout",
  TRANSPORT: "transport",
  UNSUPPORTED: "unsupported",
});

/**
 * `PATH: DETAIL`, the path, the detail, or the code when neither is known:
 * a neutral rendering of an error's data (the core's `HostError` display),
 * for logs and the page's own messages. Reads an old `message` too.
 */
export function describe({ code, path, detail, message }) {
  if (path != null && detail != null) return `${path}: ${detail}`;
  return path ?? detail ?? message ?? code;
}

/**
 * A failure of the page's host, as data: `code`, the `path` it concerns
 * and `detail`, the system's own words (e.g. a DOMException's `name:
 * message`), each when known; never a sentence wording the code (the core
 * words it). It crosses to the core as `{code, path?, detail?}`.
 */
export class HostError extends Error {
  constructor(code, { path, detail } = {}) {
    super(describe({ code, path, detail }));
    this.code = code;
    if (path != null) this.path = String(path);
    if (detail != null) this.detail = String(detail);
  }

  toJSON() {
    const wire = { code: this.code };
    if (this.path != null) wire.path = this.path;
    if (this.detail != null) wire.detail = this.detail;
    return wire;
  }
}

/** Anything thrown, as a HostError: a HostError as it is, anything else `io` in its own words. */
export function hostError(e) {
  if (e instanceof HostError) return e;
  return new HostError(ErrorCode.IO, { detail: e?.message ?? String(e) });
}

/** The refusal of a request no layer carries out. */
export function unsupported(request) {
  return new HostError(ErrorCode.UNSUPPORTED, { detail: `this host does not do ${request.op}` });
}

/**
 * `f(value)`, once `value` settles when it is a Promise: synchronous when
 * `value` is not. (Not named `then`: `import()` of a module exporting
 * `then` would treat the module as a Promise.)
 */
export function after(value, f) {
  return value instanceof Promise ? value.then(f) : f(value);
}

/**
 * `run(item)` for each item, in order, each as `{ok: value}` or `{err:
 * HostError}`: the per-item answer of a batch. Synchronous while every run is.
 */
export function perItem(items, run) {
  const results = [];
  const from = (start) => {
    for (let i = start; i < items.length; i++) {
      let value;
      try {
        value = run(items[i]);
      } catch (e) {
        results.push({ err: hostError(e) });
        continue;
      }
      if (value instanceof Promise) {
        return value.then((v) => results.push({ ok: v ?? null }), (e) => results.push({ err: hostError(e) }))
          .then(() => from(i + 1));
      }
      results.push({ ok: value ?? null });
    }
    return results;
  };
  return from(0);
}

/** What a request does to a path it names, as the guard tells requests apart. */
export const Access = Object.freeze({ READ: "read", CREATE: "create", CHANGE: "change" });

/** The fields of each op that is not a batch that name a path, with what the op does to it. */
const SINGLE = {
  stat: [["path", Access.READ]],
  list: [["path", Access.READ]],
  count: [["path", Access.READ]],
  read_bytes: [["path", Access.READ]],
  create_dir_all: [["path", Access.CREATE]],
  remove_file: [["path", Access.CHANGE]],
  remove_dir_all: [["path", Access.CHANGE]],
  rename: [["from", Access.CHANGE], ["to", Access.CHANGE]],
};

/** The batch ops: the field holding their items, and what they do to each item's paths. */
const BATCH = {
  stat_many: { field: "paths", access: Access.READ },
  digests: { field: "paths", access: Access.READ },
  move_batch: { field: "moves", access: Access.CHANGE },
};

const array = (value) => (Array.isArray(value) ? value : []);
/** The paths one item of a batch names: a path, or a move's `from` and `to`. */
const itemPaths = (item) => (typeof item === "string" ? [item] : [item?.from, item?.to]);

/** How many items a batch request carries; null for any other. */
export function items(request) {
  const batch = BATCH[request.op];
  return batch ? array(request[batch.field]).length : null;
}

/**
 * Every path `request` names, in order, as `{item, path, access}` (`item`:
 * which item of a batch, else 0): what a guard judges. An op this page does
 * not know is judged by every path it carries as a change.
 */
export function paths(request) {
  const batch = BATCH[request.op];
  if (batch) {
    return array(request[batch.field]).flatMap((item, index) =>
      itemPaths(item).map((path) => ({ item: index, path, access: batch.access })));
  }
  const fields = SINGLE[request.op];
  if (fields) return fields.map(([field, access]) => ({ item: 0, path: request[field], access }));
  const named = [request.path, request.from, request.to, ...array(request.paths), ...array(request.moves).flatMap(itemPaths)];
  return named.filter((path) => path !== undefined).map((path) => ({ item: 0, path, access: Access.CHANGE }));
}

/** Whether the request may change anything (creates, moves or removes). */
export function changes(request) {
  return paths(request).some((at) => at.access !== Access.READ);
}

/** The batch `request` with only the items `keep(index)` says yes to, in order. */
export function keeping(request, keep) {
  const { field } = BATCH[request.op];
  return { ...request, [field]: array(request[field]).filter((_, index) => keep(index)) };
}

/**
 * The answer of a whole batch, from the `answers` to the items that were
 * asked and `refused` (one per item: its HostError, or null when asked).
 */
export function withRefusals(answers, refused) {
  let next = 0;
  return refused.map((refusal) => (refusal
    ? { err: refusal }
    : answers[next++] ?? { err: new HostError(ErrorCode.HOST, { detail: "a batch answered fewer items than asked" }) }));
}

/**
 * `request` judged on the paths it names by `refusal({item, path,
 * access})` (a HostError, or null when allowed), then carried out by
 * `carry(request)`. A batch loses only its refused items, each answered by
 * its refusal; any other request is refused whole by its first refusal.
 */
export function judged(request, refusal, carry) {
  const count = items(request);
  if (count == null) {
    for (const at of paths(request)) {
      const refused = refusal(at);
      if (refused) throw refused;
    }
    return carry(request);
  }
  const refused = new Array(count).fill(null);
  for (const at of paths(request)) refused[at.item] ??= refusal(at);
  if (refused.every((r) => r == null)) return carry(request);
  if (refused.every((r) => r != null)) return withRefusals([], refused);
  return after(carry(keeping(request, (index) => refused[index] == null)), (answers) => withRefusals(answers, refused));
}

/**
 * The ops that can be made of others, made of them on `files`: `count` of
 * `list`, `stat_many` of `stat`, `move_batch` of `stat` and `rename` (never
 * replacing), `digests` of `read_bytes` (SHA-256 of the bytes). Any other op
 * is refused with `unsupported`. A base hands it what it does not answer.
 */
export function composed(files, request) {
  switch (request.op) {
    case "count":
      return after(list(files, request.path), (entries) => entries.length);
    case "stat_many":
      return perItem(array(request.paths), (path) => stat(files, path));
    case "move_batch":
      return perItem(array(request.moves), ({ from, to }) => after(stat(files, to), (found) => {
        if (found) throw new HostError(ErrorCode.ALREADY_EXISTS, { path: to });
        return rename(files, from, to);
      }));
    case "digests":
      return perItem(array(request.paths), async (path) => {
        const head = request.limit ?? Number.MAX_SAFE_INTEGER;
        const sample = await files.call({ op: "read_bytes", path, head, tail: 0 });
        return sha256(Uint8Array.from(atob(sample.head), (c) => c.charCodeAt(0)));
      });
    default:
      throw unsupported(request);
  }
}

// ---- typed helpers, for the page's own code ---------------------------------

export const stat = (files, path) => files.call({ op: "stat", path });
export const list = (files, path) => files.call({ op: "list", path });
export const createDirAll = (files, path) => files.call({ op: "create_dir_all", path });
export const rename = (files, from, to) => files.call({ op: "rename", from, to });
export const removeFile = (files, path) => files.call({ op: "remove_file", path });
export const removeDirAll = (files, path) => files.call({ op: "remove_dir_all", path });

/**
 * The tree under `files.root` as {relative path: size} for files and
 * `path/` for empty folders, as `files` lists it (the page's folder view).
 */
export async function snapshot(files) {
  const out = {};
  const walk = async (prefix) => {
    const entries = await list(files, prefix ? `${files.root}/${prefix}` : files.root);
    if (entries.length === 0 && prefix) out[`${prefix}/`] = 0;
    for (const entry of entries) {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.kind === "dir") await walk(path);
      else out[path] = entry.size;
    }
  };
  await walk("");
  return out;
}

// ---- bytes --------------------------------------------------------------------

/**
 * The ABI's FileSample of `bytes` (a Uint8Array of the whole file, or a
 * Blob): the first `head` bytes and the last `tail` after them, as base64.
 * Synchronous for a Uint8Array.
 */
export function sample(bytes, head, tail) {
  const size = bytes.size ?? bytes.length;
  const headEnd = Math.min(size, head);
  const tailStart = Math.max(headEnd, size - tail);
  const answer = (first, last) => ({ size, head: base64(first), tail: base64(last) });
  if (bytes instanceof Uint8Array) return answer(bytes.subarray(0, headEnd), bytes.subarray(tailStart));
  const read = async (from, to) => new Uint8Array(await bytes.slice(from, to).arrayBuffer());
  return Promise.all([read(0, headEnd), read(tailStart, size)]).then(([first, last]) => answer(first, last));
}

function base64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The SHA-256 of `bytes` (an ArrayBuffer or a view), as hex. */
export async function sha256(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}
