// Runs `tidyup ui` as a person would, but sandboxed: HOME, the XDG folders
// and tidyup's own config, data and cache variables all point into a
// temporary folder, so the journal, trash and config stay there. Also the
// disk checks the flows make: a folder's every path and every file's hash.

import { spawn, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, lstatSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { createInterface } from "node:readline";

import { check } from "./harness.mjs";

/** The repository's root and the binary the flows share (built by run.sh). */
export const ROOT = resolve(new URL("../../..", import.meta.url).pathname);
export const BINARY = process.env.TIDYUP_BINARY || join(ROOT, "target/debug/tidyup");

/**
 * One compiled core for every run of the binary, kept beside the build
 * (it is not a user's data): only the first run after a build compiles it.
 */
const CACHE = join(ROOT, "target", "browser-tests-cache");
mkdirSync(CACHE, { recursive: true });

/**
 * A fresh temporary folder for one test, removed when the test ends:
 * `{ root, home, env }` where `env` is the sandboxed environment.
 */
export function sandbox(scope) {
  const root = mkdtempSync(join(tmpdir(), "tidyup-ui-"));
  scope.defer(() => rmSync(root, { recursive: true, force: true }));
  const home = join(root, "home");
  for (const dir of ["home", "config", "data", "state", "xdg-cache"]) mkdirSync(join(root, dir));
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    TZ: "UTC",
    LANG: "C.UTF-8",
    XDG_CONFIG_HOME: join(root, "config"),
    XDG_DATA_HOME: join(root, "data"),
    XDG_STATE_HOME: join(root, "state"),
    XDG_CACHE_HOME: join(root, "xdg-cache"),
    TIDYUP_CONFIG: join(root, "config", "tidyup", "config.toml"),
    TIDYUP_DATA_DIR: join(root, "data", "tidyup"),
    TIDYUP_CACHE_DIR: CACHE,
    TIDYUP_RETRY_BASE_MS: "1",
  };
  return { root, home, env };
}

/** Makes the demo's messy folder at `dir` (`tidyup demo DIR`). */
export function demo(box, dir) {
  execFileSync(BINARY, ["demo", dir, "--lang", "en"], { env: box.env, stdio: "pipe" });
  return dir;
}

/**
 * Starts `tidyup ui DIR --no-open --port 0 ...args` in the sandbox (with
 * `open`, without `--no-open`: it opens the browser through `PATH`) and
 * reads the address from its first stdout line. Returns `{ url, port,
 * secret, base, output() }`. When the test ends it is stopped with SIGTERM
 * (or `stopSignal`: SIGINT is Ctrl-C) and must exit with status 0, without the secret in what it printed
 * after the address.
 */
export async function startUi(scope, box, dir, args = [], extraEnv = {}, { stopSignal = "SIGTERM", open = false } = {}) {
  const child = spawn(BINARY, ["ui", dir, ...(open ? [] : ["--no-open"]), "--port", "0", ...args], {
    env: { ...box.env, ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let secret = null;
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise((done) => child.on("exit", (code, signal) => done({ code, signal })));
  scope.defer(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(stopSignal);
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    const { code, signal } = await exited;
    clearTimeout(timer);
    check(code === 0, `tidyup ui ended with ${signal ?? `status ${code}`} after ${stopSignal}\n--- stderr ---\n${stderr}`);
    if (secret) {
      check(!stderr.includes(secret), `the secret was written to stderr:\n${stderr}`);
      check(!stdout.split("\n").slice(1).join("\n").includes(secret), `the secret was printed again:\n${stdout}`);
      // Nor in any file tidyup keeps: journal, plans, config, state.
      const kept = ["home", "config", "data", "state", "xdg-cache"].flatMap((d) => filesUnder(join(box.root, d)));
      const holding = kept.filter((file) => readFileSync(file).includes(secret));
      check(holding.length === 0, `the secret was written to ${holding.join(", ")}`);
    }
  });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise((done, fail) => {
    lines.once("line", done);
    exited.then(({ code, signal }) => fail(new Error(`tidyup ui exited (${signal ?? code}) before its address\n${stderr}`)));
  });
  lines.on("line", (line) => (stdout += `${line}\n`));
  stdout = `${first}\n`;
  const match = /^http:\/\/127\.0\.0\.1:(\d+)\/([0-9a-f]{32})\/$/.exec(first.trim());
  check(match, `the first line is not the address: ${JSON.stringify(first)}\n${stderr}`);
  const port = Number(match[1]);
  secret = match[2];
  return { url: first.trim(), port, secret, base: `http://127.0.0.1:${port}`, child, output: () => ({ stdout, stderr }) };
}

/** Every file under `dir`, as full paths. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/**
 * Every path under `dir` (folders end in "/") mapped to the SHA-256 of the
 * file's bytes ("dir" for a folder, "-> target" for a link), in code-point
 * order: two equal snapshots are the same folder byte for byte.
 */
export function snapshot(dir) {
  const out = {};
  const walk = (path) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      const rel = relative(dir, full);
      const stat = lstatSync(full);
      if (stat.isDirectory()) {
        out[`${rel}/`] = "dir";
        walk(full);
      } else if (stat.isSymbolicLink()) {
        out[rel] = "link";
      } else {
        out[rel] = createHash("sha256").update(readFileSync(full)).digest("hex");
      }
    }
  };
  walk(dir);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The differences of two snapshots, for a readable failure. */
export function diff(before, after) {
  const lines = [];
  for (const [path, hash] of Object.entries(before)) {
    if (!(path in after)) lines.push(`- ${path}`);
    else if (after[path] !== hash) lines.push(`~ ${path}`);
  }
  for (const path of Object.keys(after)) if (!(path in before)) lines.push(`+ ${path}`);
  return lines;
}

/** Writes `bytes` files named `name-N.ext` into `dir`, for a bigger folder. */
export function fill(dir, count, exts = ["pdf", "jpg", "mp3", "txt", "zip", "docx"]) {
  for (let i = 0; i < count; i++) {
    const ext = exts[i % exts.length];
    writeFileSync(join(dir, `file ${String(i).padStart(4, "0")}.${ext}`), `content of file ${i}\n`.repeat(1 + (i % 7)));
  }
}

/** A small folder the offline planner has a plan for. */
export function smallFolder(box) {
  const dir = join(box.root, "Desktop");
  mkdirSync(dir);
  for (const name of ["report.pdf", "invoice.pdf", "photo.jpg", "cat.png", "song.mp3", "notes.txt"]) {
    writeFileSync(join(dir, name), `${name}\n`);
  }
  return dir;
}
