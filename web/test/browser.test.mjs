// Browser test of web/: the CLI's core .wasm in headless Chromium (JSPI),
// driven through the page like a person would, against
//   - a mock chat-completions server (scripted tool calls), and
//   - the built-in offline planner, compared with the CLI on a real folder,
//     and on large folders (large_folders.mjs);
//   - a real (origin-private) folder organized as a dry run, reviewed in the
//     plan table, applied, reloaded and undone (safe_folder.mjs);
//   - the page's file systems, each answering one request (requests.mjs).
// Everything listens on 127.0.0.1 only and is closed at the end.
// Run through web/test/run.sh, which builds and exports what this needs.

import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, rmSync, copyFileSync, existsSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { TIMEOUT, check, equal, group, results, send, sorted, startSession, walk } from "./harness.mjs";
import { largeFolderGroups } from "./large_folders.mjs";
import { safeFolderGroups } from "./safe_folder.mjs";
import { requestGroups } from "./requests.mjs";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const web = join(repo, "web/dist");
const tidyupBin = process.env.TIDYUP_BIN || join(repo, "target/debug/tidyup");
const chromiumBin = process.env.CHROMIUM || "/usr/bin/chromium";
const cliCore = join(repo, "target/core-wasm/wasm32-unknown-unknown/core-wasm/tidyup_core.wasm");

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

// ---- servers on 127.0.0.1 ---------------------------------------------------

function listen(handler) {
  return new Promise((ok) => {
    const server = createServer(handler);
    server.listen(0, "127.0.0.1", () => ok({ server, url: `http://127.0.0.1:${server.address().port}` }));
  });
}

/** Serves web/ as static files; remembers the bytes of the core it served. */
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css",
  ".json": "application/json", ".wasm": "application/wasm" };
const served = {};
function staticHandler(req, res) {
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const file = resolve(web, "." + (path.endsWith("/") ? path + "index.html" : path));
  if (!file.startsWith(web + "/") || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end("not found");
    return;
  }
  const bytes = readFileSync(file);
  served[path] = bytes;
  res.writeHead(200, { "Content-Type": TYPES[extname(file)] || "application/octet-stream" }).end(bytes);
}

/** A chat-completions server on another origin (so CORS is exercised). */
const mock = { requests: [], preflights: 0, script: [] };
function mockHandler(req, res) {
  const cors = { "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Headers": "authorization, content-type", "Access-Control-Allow-Methods": "POST" };
  if (req.method === "OPTIONS") {
    mock.preflights++;
    res.writeHead(204, cors).end();
    return;
  }
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const json = JSON.parse(body);
    mock.requests.push({ path: req.url, authorization: req.headers.authorization, body: json });
    if (req.url.startsWith("/fail/")) {
      res.writeHead(500, { ...cors, "Content-Type": "application/json" })
        .end(JSON.stringify({ error: { message: "the mock is down", type: "server_error" } }));
      return;
    }
    const reply = mock.script.shift() ?? { content: "(script exhausted)" };
    const message = reply.calls
      ? { role: "assistant", content: null, tool_calls: reply.calls.map(([name, args], i) => ({
          id: `call_${mock.requests.length}_${i}`, type: "function",
          function: { name, arguments: JSON.stringify(args) } })) }
      : { role: "assistant", content: reply.content };
    res.writeHead(200, { ...cors, "Content-Type": "application/json" }).end(JSON.stringify({
      id: `mock-${mock.requests.length}`, object: "chat.completion", model: json.model,
      choices: [{ index: 0, message, finish_reason: reply.calls ? "tool_calls" : "stop" }],
    }));
  });
}

// ---- the run ----------------------------------------------------------------

const tmp = mkdtempSync(join(tmpdir(), "tidyup-web-"));
const site = await listen(staticHandler);
const api = await listen(mockHandler);
const context = await chromium.launchPersistentContext(join(tmp, "profile"), {
  executablePath: chromiumBin,
  headless: true,
  timeout: TIMEOUT,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--no-first-run",
    "--disable-component-update", "--disable-sync"],
  viewport: { width: 1200, height: 820 },
});
const timings = [];
try {
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(TIMEOUT);
  page.on("pageerror", (e) => console.log(`     [page error] ${e.message}`));
  page.on("console", (m) => m.type() === "error" && console.log(`     [page console] ${m.text()}`));
  await page.goto(`${site.url}/`);
  await page.evaluate(() => window.tidyup.ready);
  const demoFiles = JSON.parse(readFileSync(join(web, "core/demo-files.json"), "utf8"));
  const demoTree = Object.fromEntries(demoFiles.map((f) => [f.path, f.size]));

  await group("the page runs the very .wasm the CLI embeds (same SHA-256)", async () => {
    const exported = join(tmp, "exported.wasm");
    const printed = execFileSync(tidyupBin, ["export-core", exported], { encoding: "utf8" }).split(/\s+/)[0];
    const inPage = await page.evaluate(() => window.tidyup.coreSha256);
    equal(sha256(readFileSync(exported)), printed, "export-core prints the hash of what it wrote");
    equal(inPage, printed, "hash of the bytes the page fetched and instantiated vs `tidyup export-core`");
    equal(sha256(readFileSync(cliCore)), printed, "hash of target/core-wasm/…/tidyup_core.wasm (the build the CLI embeds)");
    equal(sha256(served["/core/tidyup_core.wasm"]), printed, "hash of the bytes the server sent");
    console.log(`     core sha256 ${inPage} (${await page.evaluate(() => window.tidyup.coreSize)} bytes)`);
  });

  await group("the in-memory demo folder is the CLI's `tidyup demo` folder", async () => {
    const cliDemo = join(tmp, "cli-demo");
    execFileSync(tidyupBin, ["demo", cliDemo, "--lang", "en"]);
    equal(sorted(await page.evaluate(() => window.tidyup.snapshot())), sorted(walk(cliDemo)), "demo tree");
  });

  await group("one turn with tool calls against a chat-completions server (JSPI fetch)", async () => {
    mock.script = [
      { calls: [["list_files", { path: "." }], ["create_folder", { path: "Docs" }]] },
      { calls: [["move_file", { source: "meeting notes.txt", destination: "Docs/meeting notes.txt" }],
        ["get_file_type", { filename: "song.mp3" }],
        ["move_file", { source: "nope.txt", destination: "Docs/nope.txt" }]] },
      { content: "I moved meeting notes.txt into Docs." },
    ];
    await startSession(page, { provider: "remote", baseUrl: `${api.url}/v1`, apiKey: "test-key", model: "mock-model" });
    const started = await page.evaluate(() => window.tidyup.events[0]);
    equal(started, { kind: "started", target_dir: "/demo", text: "tidyup started. Target directory: /demo" }, "start event");
    const turn = await send(page, "put the meeting notes in a Docs folder");
    timings.push(["mock server, 3 model calls, 5 tools", turn.ms]);
    equal(turn.outcome, "answered", "outcome");
    const tools = turn.events.filter((e) => e.kind === "tool");
    equal(tools.map((e) => e.name), ["list_files", "create_folder", "move_file", "get_file_type", "move_file"], "tools run in order");
    check(tools[0].result.startsWith("50 items in /demo:"), `list_files result: ${tools[0].result.slice(0, 80)}`);
    check(tools[0].result.includes("meeting notes.txt"), "list_files names the files");
    equal(tools.slice(1).map((e) => e.result), ["Created folder: /demo/Docs",
      "Moved meeting notes.txt to /demo/Docs/meeting notes.txt", "音频", "Source does not exist: /demo/nope.txt"], "tool results");
    equal(tools[3].text, "[tool] get_file_type: 音频", "the console line of a tool, as the CLI prints it");
    equal(turn.events.filter((e) => e.kind === "answer").at(-1),
      { kind: "answer", text: "I moved meeting notes.txt into Docs.", streamed: false }, "final answer");
    const log = await page.textContent("#log");
    check(log.includes("[tool] move_file: Moved meeting notes.txt") && log.includes("I moved meeting notes.txt into Docs."), "the page shows tool lines and answer");
    check((await page.textContent("#tree")).includes("Docs/"), "the tree shows the new folder");
    const expected = { ...demoTree, "Docs/meeting notes.txt": demoTree["meeting notes.txt"] };
    delete expected["meeting notes.txt"];
    equal(sorted(await page.evaluate(() => window.tidyup.snapshot())), sorted(expected), "tree after the turn");
    // What the server saw: the key (on every call, nowhere else), the model, tool messages.
    equal(mock.requests.map((r) => r.authorization), ["Bearer test-key", "Bearer test-key", "Bearer test-key"], "Authorization");
    check(mock.preflights >= 1, "a CORS preflight reached the server");
    const last = mock.requests[2].body;
    equal(last.model, "mock-model", "model in the request");
    equal(last.tools.map((t) => t.function.name).sort(),
      ["create_folder", "delete_file", "get_file_type", "list_files", "move_file", "rename_file"], "tool declarations");
    const toolMessages = last.messages.filter((m) => m.role === "tool");
    equal(toolMessages.map((m) => m.tool_call_id), ["call_1_0", "call_1_1", "call_2_0", "call_2_1", "call_2_2"], "tool_call_ids");
    equal(toolMessages.map((m) => m.content), tools.map((e) => e.result), "tool messages carry the full results");
    check(!JSON.stringify(last).includes("test-key"), "the key never enters the request body");
    const roles = (await page.evaluate(() => window.tidyup.history())).map((m) => m.role);
    equal(roles, ["system", "user", "assistant", "tool", "tool", "assistant", "tool", "tool", "tool", "assistant"], "history");
  });

  await group("a failing provider is an error line, and the session goes on", async () => {
    await startSession(page, { provider: "remote", baseUrl: `${api.url}/fail`, apiKey: "k" });
    const turn = await send(page, "hello");
    equal(turn.outcome, "model_failed", "outcome on HTTP 500");
    check(turn.events.some((e) => e.kind === "error" && e.text.startsWith("model call failed:") && e.text.includes("the mock is down")),
      JSON.stringify(turn.events));
    const closed = await listen(() => {});
    const closedUrl = closed.url;
    await new Promise((ok) => closed.server.close(ok));
    await startSession(page, { provider: "remote", baseUrl: `${closedUrl}/v1`, apiKey: "k" });
    const refused = await send(page, "hello");
    equal(refused.outcome, "model_failed", "outcome when nothing listens");
    check(refused.events.some((e) => e.kind === "error" && e.text.includes("cannot reach")), JSON.stringify(refused.events));
    check(!(await page.isDisabled("#line")), "the input is enabled again");
  });

  await group("offline planner: organize, yes — same plan, report and tree as the CLI", async () => {
    await startSession(page, { provider: "offline" });
    const plan = await send(page, "organize");
    timings.push(["offline planner, \"organize\"", plan.ms]);
    equal(sorted(await page.evaluate(() => window.tidyup.snapshot())), sorted(demoTree), "nothing moves before yes");
    const done = await send(page, "yes");
    timings.push(["offline planner, \"yes\" (8 folders, 46 moves)", done.ms]);
    // Mid-session picture: the last tool lines and the start of the report.
    await page.evaluate(() => {
      const log = document.getElementById("log");
      const report = [...log.querySelectorAll(".answer")].at(-1);
      log.scrollTop = report.offsetTop - log.offsetTop - log.clientHeight + 110;
    });
    await page.screenshot({ path: join(repo, "target/web-screenshot.png") });
    const after = sorted(await page.evaluate(() => window.tidyup.snapshot()));
    // The CLI, on a real demo folder, with the same two lines.
    const cliDir = join(tmp, "cli-offline");
    execFileSync(tidyupBin, ["demo", cliDir, "--lang", "en"]);
    const stdout = execFileSync(tidyupBin, ["--provider", "offline", cliDir, "--lang", "en"], {
      input: "organize\nyes\nquit\n", encoding: "utf8",
      env: { HOME: tmp, XDG_CACHE_HOME: join(tmp, "cache"), TZ: "UTC", PATH: process.env.PATH, TIDYUP_BASE_URL: "http://127.0.0.1:9/v1" },
    });
    equal(after, sorted(walk(cliDir)), "browser tree vs the CLI's tree");
    check(after["Documents/Q3 Report.PDF"] && after["old stuff/photo.png"] && after[".DS_Store"], "files sorted, subfolders and hidden files kept");
    for (const turn of [plan, done]) {
      const answer = turn.events.filter((e) => e.kind === "answer").map((e) => e.text).join("\n");
      check(answer.length > 0, "an answer");
      check(stdout.includes(answer.replaceAll("/demo", cliDir)), `the CLI printed the same answer:\n${answer.slice(0, 300)}`);
    }
    check(done.events.filter((e) => e.kind === "tool" && e.name === "move_file").length === 46, "46 move_file lines");
  });

  await group("a real folder through the File System Access API (OPFS handle)", async () => {
    await page.evaluate(async () => {
      const opfs = await navigator.storage.getDirectory();
      await opfs.removeEntry("tidy-opfs", { recursive: true }).catch(() => {});
      const dir = await opfs.getDirectoryHandle("tidy-opfs", { create: true });
      const write = async (parent, name, text) => {
        const w = await (await parent.getFileHandle(name, { create: true })).createWritable();
        await w.write(text);
        await w.close();
      };
      await write(dir, "report.pdf", "x".repeat(100));
      await write(dir, "photo.JPG", "y".repeat(200));
      await write(dir, "song.mp3", "z".repeat(300));
      await write(dir, ".hidden", "h");
      await write(await dir.getDirectoryHandle("sub", { create: true }), "keep.txt", "k");
      window.tidyup.usePickedFolder(dir);
    });
    await startSession(page, { provider: "offline", folder: "picked" });
    equal((await page.evaluate(() => window.tidyup.events[0])).target_dir, "/tidy-opfs", "virtual root");
    await send(page, "organize");
    const done = await send(page, "yes");
    check(done.events.some((e) => e.kind === "answer" && e.text.includes("moved 3 of 3 files")), JSON.stringify(done.events.at(-1)));
    equal(sorted(await page.evaluate(() => window.tidyup.snapshot())),
      sorted({ ".hidden": 1, "Audio/song.mp3": 300, "Documents/report.pdf": 100, "Images/photo.JPG": 200, "sub/keep.txt": 1 }),
      "the folder after organizing");
    // Folder moves (copy, then delete) and renames on the same handle, through the mock.
    mock.script = [
      { calls: [["move_file", { source: "sub", destination: "Old/sub" }], ["rename_file", { path: "Audio/song.mp3", new_name: "tune.mp3" }],
        ["list_files", { path: "/etc" }]] },
      { content: "done" },
    ];
    await startSession(page, { provider: "remote", baseUrl: `${api.url}/v1`, apiKey: "k", folder: "picked" });
    const moved = await send(page, "tidy the rest");
    equal(moved.events.filter((e) => e.kind === "tool").map((e) => e.result.split(":")[0]),
      ["Moved sub to /tidy-opfs/Old/sub", "Renamed song.mp3 to tune.mp3", "tool execution failed"], "tool results");
    const outside = moved.events.filter((e) => e.kind === "tool").at(-1).result;
    check(outside.includes("the path is outside the allowed directories: /etc"), `no path outside the folder: ${outside}`);
    equal(sorted(await page.evaluate(() => window.tidyup.snapshot())),
      sorted({ ".hidden": 1, "Audio/tune.mp3": 300, "Documents/report.pdf": 100, "Images/photo.JPG": 200, "Old/sub/keep.txt": 1 }),
      "the folder after moving a folder and renaming a file");
  });

  await group("read_file reads a picked folder's file in the core, only when allowed", async () => {
    await page.evaluate(async () => {
      const opfs = await navigator.storage.getDirectory();
      await opfs.removeEntry("tidy-read", { recursive: true }).catch(() => {});
      const dir = await opfs.getDirectoryHandle("tidy-read", { create: true });
      const w = await (await dir.getFileHandle("scan0001.txt", { create: true })).createWritable();
      await w.write("Electricity bill, March 2024");
      await w.close();
      window.tidyup.usePickedFolder(dir);
    });
    const script = () => [{ calls: [["read_file", { path: "scan0001.txt" }]] }, { content: "done" }];
    mock.script = script();
    await startSession(page, { provider: "remote", baseUrl: `${api.url}/v1`, apiKey: "k", folder: "picked" });
    const off = await send(page, "what is it?");
    equal(off.events.find((e) => e.kind === "tool").result, "Error: unknown tool read_file", "not declared when off");
    mock.script = script();
    await startSession(page, { provider: "remote", baseUrl: `${api.url}/v1`, apiKey: "k", folder: "picked", readContents: true });
    const on = await send(page, "what is it?");
    const result = on.events.find((e) => e.kind === "tool").result;
    check(result.startsWith("Text file") && result.includes("Electricity bill, March 2024"), result);
  });

  await requestGroups(page, { api, mock });
  await largeFolderGroups(page, { tmp, tidyupBin, timings });
  await safeFolderGroups(page, { site, api, mock });
} finally {
  await context.close().catch(() => {});
  site.server.close();
  api.server.close();
  rmSync(tmp, { recursive: true, force: true });
}

// The screenshot: a CI artifact under target/, and the committed copy in docs/
// when there is none yet (or when UPDATE_DOCS_SCREENSHOT=1).
const shot = join(repo, "target/web-screenshot.png");
if (existsSync(shot)) {
  const docsShot = join(repo, "docs/web-screenshot.png");
  if (!existsSync(docsShot) || process.env.UPDATE_DOCS_SCREENSHOT === "1") copyFileSync(shot, docsShot);
  console.log(`screenshot: ${relative(repo, shot)}`);
}
for (const [what, ms] of timings) console.log(`turn time in the browser (${what}): ${ms.toFixed(1)} ms`);
console.log(`${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed ? 1 : 0);
