// The JavaScript host of the tidyup core: the browser's counterpart of
// host/src/runtime/ (imports.rs, core_session.rs). It implements every import of `tidyup:host/v1`
// (docs/ABI.md) and wraps the exports in a small `CoreSession` class.
//
// The core is synchronous; `fetch` and the File System Access API are not.
// JS Promise Integration bridges the two: the async imports are wrapped in
// `WebAssembly.Suspending`, and `tidyup_agent_send` (the one export that can
// reach them) in `WebAssembly.promising`, so the wasm stack is suspended
// while a Promise is pending and resumed with its value. Without JSPI a
// session can still run on a file system that answers at once (memfs.js),
// with no model service: `caps.sync`. Every file call is one request to
// the page's file system, `files.call(request)` (fsrequest.js).

import { ErrorCode, HostError, changes, describe, hostError } from "./fsrequest.js";

export const IMPORT_MODULE = "tidyup:host/v1";
export const ABI_VERSION = 4;
/** The largest buffer accepted from the guest, as in the native host. */
const MAX_BUFFER = 64 << 20;
/** How long one model call may take before it fails with `timeout`. */
const CHAT_TIMEOUT_MS = 120_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Whether this browser has JSPI (Chromium 137+ has it without flags). */
export function hasJspi() {
  return typeof WebAssembly.Suspending === "function" && typeof WebAssembly.promising === "function";
}

/** Fetches the core, hashes exactly those bytes, and compiles them once. */
export async function loadCore(url) {
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new Error(`cannot fetch ${url}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const sha256 = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  const module = await WebAssembly.compile(bytes);
  return { module, sha256, size: bytes.length };
}

/** `{"ok": value}` / `{"err": {code, detail}}`, the ABI's result shape. */
const ok = (value) => ({ ok: value });
const err = (code, detail) => ({ err: { code, detail } });
/** A thrown failure as the ABI's `err` value: `{code, path?, detail?}` (HostError's JSON). */
const failed = (e) => ({ err: hostError(e) });

/**
 * POSTs one chat-completion body to `{baseUrl}/chat/completions` and hands
 * the response to `read`. The key is added here, so it never enters the
 * core, and goes to that address only. Resolves to the ABI result: any HTTP
 * answer is `ok` (what `read` made of it), no answer is `err`.
 */
async function sendChat({ baseUrl, apiKey }, body, read) {
  const headers = { "Content-Type": "application/json" };
  if (apiKey) headers.Authorization = `Bearer ${apiKey}`;
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CHAT_TIMEOUT_MS),
    });
    return ok(await read(response));
  } catch (e) {
    if (e.name === "TimeoutError") return err(ErrorCode.TIMEOUT, `no answer within ${CHAT_TIMEOUT_MS / 1000} s`);
    // fetch rejects with a TypeError for refused connections, DNS and CORS failures.
    if (e instanceof TypeError) return err(ErrorCode.CONNECT, `cannot reach ${baseUrl}: ${e.message}`);
    return err(ErrorCode.TRANSPORT, String(e.message || e));
  }
}

/** A whole reply: `{status, body}`. */
export function postChat(remote, body) {
  return sendChat(remote, body, async (response) => ({ status: response.status, body: await response.text() }));
}

/**
 * A streamed reply: a 2xx `text/event-stream` answer resolves to
 * `{ reply: {status, streaming: true}, reader }`; any other answer is read
 * whole (`{ reply }`).
 */
export function openChatStream(remote, body) {
  return sendChat(remote, body, async (response) => {
    const type = response.headers.get("content-type") || "";
    if (response.ok && type.startsWith("text/event-stream") && response.body) {
      return { reply: { status: response.status, streaming: true }, reader: response.body.getReader() };
    }
    return { reply: { status: response.status, body: await response.text() } };
  });
}

/** How long the core may hold the page's thread through read-only file calls before it yields. */
const YIELD_EVERY_MS = 50;

/** Resolves after one task of the page's event loop (input, timers and paint may run). */
export function yieldToPage() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * One agent in its own core instance.
 *
 * `caps` are the capabilities the page chose, as in the native HostState:
 * - `chat(body)`: async, resolves to an ABI result (e.g. `postChat`);
 * - `files`: a file system of the page: `files.call(request)` answers an
 *   `fs_call` request (fsrequest.js);
 * - `onEvent(event)`: receives each console event (`kind` and `text`, as
 *   docs/ABI.md lists them; a `page`, the whole plan on `show`, is printed
 *   like any other text; a `tool` event may also carry `subject`,
 *   `destination`, `items`, `not_found` and `not_run`, for a view that sums
 *   calls up: read them as optional);
 * - `afterChange()`: optional async hook after each mutating file call
 *   (the page yields there so the tree can repaint while tools run);
 * - `sync`: true to run without JSPI: every import answers at once, `files`
 *   must answer without Promises (memfs.js), and no model service is
 *   reached (the offline planner works).
 * Read-only file calls yield to the page too, once the core has held the
 * thread for YIELD_EVERY_MS since the last yield.
 */
export class CoreSession {
  static async start(module, caps, config) {
    const session = new CoreSession(caps);
    await session.#instantiate(module);
    const version = session.exports.tidyup_abi_version();
    if (version !== ABI_VERSION) {
      throw new Error(`the core speaks ABI version ${version}, this host speaks ${ABI_VERSION}`);
    }
    // agent_new only emits an event (a plain import): a normal call is enough.
    const packed = session.#withInput(JSON.stringify(config), (ptr, len) =>
      session.exports.tidyup_agent_new(ptr, len));
    session.handle = session.#readReply(packed);
    return session;
  }

  constructor(caps) {
    this.caps = caps;
    this.staged = null; // the result waiting for take_result
    this.stream = null; // the open event stream, if any
    this.cancelRequested = false;
    this.busy = false;
    this.lastYield = 0; // when a file call last let the page run
  }

  async #instantiate(module) {
    this.sync = Boolean(this.caps.sync);
    // Without JSPI these are replaced by #syncImports below.
    const suspending = (fn) => (this.sync ? fn : new WebAssembly.Suspending(fn));
    const imports = {
      [IMPORT_MODULE]: {
        // Async: suspends the core until the provider answers.
        chat_completion: suspending(async (ptr, len) => {
          const request = this.#readJson(ptr, len);
          if (request.err) return this.#stage(request);
          try {
            return this.#stage(await this.caps.chat(request.ok.body));
          } catch (e) {
            // A rejected Promise would trap the core; report it as a value.
            return this.#stage(err(ErrorCode.TRANSPORT, String(e.message || e)));
          }
        }),
        // Async too: the File System Access API only has Promises.
        fs_call: suspending(async (ptr, len) => {
          const request = this.#readJson(ptr, len);
          if (request.err) return this.#stage(request);
          let result;
          try {
            result = ok((await this.caps.files.call(request.ok)) ?? null);
          } catch (e) {
            result = failed(e);
          }
          if (changes(request.ok) && this.caps.afterChange) {
            await this.caps.afterChange();
            this.lastYield = performance.now();
          } else if (performance.now() - this.lastYield > YIELD_EVERY_MS) {
            await yieldToPage();
            this.lastYield = performance.now();
          }
          return this.#stage(result);
        }),
        // Streams: the host only moves text; the core parses the events.
        chat_stream_open: suspending(async (ptr, len) => {
          const request = this.#readJson(ptr, len);
          if (request.err) return this.#stage(request);
          this.stream = null;
          if (!this.caps.chatStream) {
            // A host without streaming answers whole; the core reads it so.
            return this.#stage(await this.caps.chat(request.ok.body));
          }
          const opened = await this.caps.chatStream(request.ok.body);
          if (opened.err) return this.#stage(opened);
          if (opened.ok.reader) this.stream = { reader: opened.ok.reader, decoder: new TextDecoder() };
          return this.#stage(ok(opened.ok.reply));
        }),
        chat_stream_read: suspending(async (_ptr, _len) => {
          const stream = this.stream;
          if (!stream) return this.#stage(ok(null));
          try {
            const { done, value } = await stream.reader.read();
            if (done) {
              this.stream = null;
              const rest = stream.decoder.decode();
              return this.#stage(ok(rest || null));
            }
            return this.#stage(ok(stream.decoder.decode(value, { stream: true })));
          } catch (e) {
            this.stream = null;
            return this.#stage(err(ErrorCode.TRANSPORT, String(e.message || e)));
          }
        }),
        // Retries wait here (the milliseconds arrive as a BigInt).
        sleep: suspending(async (milliseconds) => {
          await new Promise((resolve) => setTimeout(resolve, Number(milliseconds)));
          return this.cancelRequested ? 1 : 0;
        }),
        is_cancelled: () => (this.cancelRequested ? 1 : 0),
        emit: (ptr, len) => {
          const event = this.#readJson(ptr, len);
          if (event.ok) this.caps.onEvent(event.ok);
        },
        take_result: (dst, len) => {
          const staged = this.staged;
          this.staged = null;
          if (!staged || staged.length !== len >>> 0) return -1;
          const memory = new Uint8Array(this.exports.memory.buffer);
          if ((dst >>> 0) + staged.length > memory.length) return -1;
          memory.set(staged, dst >>> 0);
          return staged.length;
        },
      },
    };
    if (this.sync) Object.assign(imports[IMPORT_MODULE], this.#syncImports());
    const instance = await WebAssembly.instantiate(module, imports);
    this.exports = instance.exports;
    // The exports that may reach a suspending import return a Promise.
    this.sendPromising = this.sync
      ? async (...args) => instance.exports.tidyup_agent_send(...args)
      : WebAssembly.promising(instance.exports.tidyup_agent_send);
    this.goAheadPromising = this.sync
      ? async (...args) => instance.exports.tidyup_agent_go_ahead(...args)
      : WebAssembly.promising(instance.exports.tidyup_agent_go_ahead);
  }

  /** The imports of a session without JSPI: each answers at once. */
  #syncImports() {
    const noModel = () => this.#stage(err(ErrorCode.UNSUPPORTED, "a model service needs a browser with JSPI"));
    return {
      chat_completion: noModel,
      chat_stream_open: noModel,
      chat_stream_read: () => this.#stage(ok(null)),
      sleep: () => (this.cancelRequested ? 1 : 0),
      fs_call: (ptr, len) => {
        const request = this.#readJson(ptr, len);
        if (request.err) return this.#stage(request);
        try {
          const answer = this.caps.files.call(request.ok);
          if (answer instanceof Promise) {
            answer.catch(() => {});
            throw new HostError(ErrorCode.UNSUPPORTED, { detail: "this folder needs a browser with JSPI" });
          }
          return this.#stage(ok(answer ?? null));
        } catch (e) {
          return this.#stage(failed(e));
        }
      },
    };
  }

  /** Runs one user line to its end; resolves to the outcome ("answered", ...). */
  async send(line) {
    if (this.busy) throw new Error("a turn is already running");
    this.busy = true;
    this.cancelRequested = false;
    this.lastYield = performance.now();
    const bytes = encoder.encode(line);
    const ptr = this.#alloc(bytes);
    try {
      const packed = await this.sendPromising(this.handle, ptr, bytes.length);
      return this.#readReply(packed);
    } finally {
      this.exports.tidyup_dealloc(ptr, bytes.length);
      this.busy = false;
    }
  }

  /**
   * Runs the user's go-ahead for the plan waiting, given as a command (a
   * button) rather than typed: the offline planner carries its plan out
   * without reading the words.
   */
  async goAhead() {
    if (this.busy) throw new Error("a turn is already running");
    this.busy = true;
    this.cancelRequested = false;
    this.lastYield = performance.now();
    try {
      return this.#readReply(await this.goAheadPromising(this.handle));
    } finally {
      this.busy = false;
    }
  }

  /** Asks the running turn to stop at its next tool or wait. */
  cancel() {
    this.cancelRequested = true;
  }

  /** The conversation as the core would send it next. */
  history() {
    return this.#readReply(this.exports.tidyup_agent_history(this.handle));
  }

  free() {
    this.exports.tidyup_agent_free(this.handle);
  }

  /**
   * The plan table of a dry run (`tidyup_plan_table`, docs/UI.md): `request`
   * is {lang, input: {plan, folder, steps, entries, rules?}}. Pure: it calls
   * no import, so a plain call is enough.
   */
  planTable(request) {
    return this.#readReply(this.#withInput(JSON.stringify(request), (ptr, len) =>
      this.exports.tidyup_plan_table(ptr, len)));
  }

  /** Stages a result for take_result; returns its byte length. */
  #stage(result) {
    const bytes = encoder.encode(JSON.stringify(result));
    this.staged = bytes;
    return bytes.length;
  }

  /** Reads a guest buffer as JSON; failures become `err` values. */
  #readJson(ptr, len) {
    const start = ptr >>> 0, size = len >>> 0;
    const memory = new Uint8Array(this.exports.memory.buffer);
    if (size > MAX_BUFFER) return err(ErrorCode.BAD_REQUEST, `request of ${size} bytes is too large`);
    if (start + size > memory.length) return err(ErrorCode.BAD_REQUEST, "request buffer is outside guest memory");
    try {
      return ok(JSON.parse(decoder.decode(memory.subarray(start, start + size))));
    } catch (e) {
      return err(ErrorCode.BAD_REQUEST, `unreadable request: ${e.message}`);
    }
  }

  /** Copies bytes into a fresh guest buffer (the caller frees it). */
  #alloc(bytes) {
    const ptr = this.exports.tidyup_alloc(bytes.length);
    if (bytes.length > 0 && ptr === 0) throw new Error(`the core could not allocate ${bytes.length} bytes`);
    new Uint8Array(this.exports.memory.buffer).set(bytes, ptr >>> 0);
    return ptr;
  }

  #withInput(text, call) {
    const bytes = encoder.encode(text);
    const ptr = this.#alloc(bytes);
    try {
      return call(ptr, bytes.length);
    } finally {
      this.exports.tidyup_dealloc(ptr, bytes.length);
    }
  }

  /** Unpacks an i64 reply (a BigInt), reads and frees it, unwraps ok/err. */
  #readReply(packed) {
    const ptr = Number(BigInt.asUintN(64, packed) >> 32n);
    const len = Number(packed & 0xffffffffn);
    const text = decoder.decode(new Uint8Array(this.exports.memory.buffer, ptr, len));
    this.exports.tidyup_dealloc(ptr, len);
    const reply = JSON.parse(text);
    if (reply.err) throw new Error(`${describe(reply.err)} (${reply.err.code})`);
    return reply.ok;
  }
}
