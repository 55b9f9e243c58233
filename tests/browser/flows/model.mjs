// The flow with a model: a scripted OpenAI-compatible provider on
// 127.0.0.1 lists the folder and proposes a plan; on the window's go-ahead
// it makes two folders, moves three files, deletes a copy (into the trash),
// then answers. The window shows that plan as a table; one row is unticked;
// apply and undo as in the offline flow.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { mkdirSync } from "node:fs";

import { check, equal } from "../lib/harness.mjs";
import { call, startProvider, text, tools } from "../lib/mock-provider.mjs";
import { diff, sandbox, snapshot, startUi } from "../lib/tidyup.mjs";
import * as ui from "../lib/ui.mjs";

const KEY = "sk-test-dummy-key-0123456789";

export async function modelFlow(scope, browser) {
  const box = sandbox(scope);
  const dir = join(box.root, "Downloads");
  mkdirSync(dir);
  const files = {
    "report.pdf": "%PDF-1.4\n", "photo.jpg": "\xff\xd8\xff jpeg", "notes.txt": "notes\n", "song.mp3": "ID3", "song copy.mp3": "ID3",
  };
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  const provider = await startProvider(scope, [
    tools(call("call_1", "list_files", { path: "." })),
    text("Plan: report.pdf and notes.txt into Documents, photo.jpg into Pictures, the copy of song.mp3 deleted. Shall I go ahead?"),
    // The window's go-ahead ("yes") carries the plan out into the dry run.
    tools(call("call_2", "create_folder", { path: "Documents" }), call("call_3", "create_folder", { path: "Pictures" })),
    tools(
      call("call_4", "move_file", { source: "report.pdf", destination: "Documents/report.pdf" }),
      call("call_5", "move_file", { source: "notes.txt", destination: "Documents/notes.txt" }),
      call("call_6", "move_file", { source: "photo.jpg", destination: "Pictures/photo.jpg" }),
      call("call_7", "delete_file", { path: "song copy.mp3", confirm: true }),
    ),
    text("I put the documents in Documents and the photo in Pictures, and deleted the copy."),
  ]);
  const before = snapshot(dir);
  const server = await startUi(scope, box, dir, ["--lang", "en", "--base-url", provider.baseUrl, "--model", "m"], {
    TIDYUP_API_KEY: KEY,
  });
  const page = await browser.newPage();
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);
  await ui.open(page, server.url);
  const state = await ui.state(page);
  check(JSON.stringify([state.start_line, state.mode_lines]).includes("127.0.0.1"), `the start line names where requests go: ${JSON.stringify(state)}`);
  check(!JSON.stringify(state).includes(KEY), "the key is not in the page's state");

  const plan = await ui.organize(page);
  equal(snapshot(dir), before, "the model's plan is a dry run: the folder is as before");
  equal(provider.unused(), 0, "the model was asked five times");
  equal(provider.requests.length, 5, "and no more");
  const goAhead = provider.requests[2].body.messages.at(-1);
  equal([goAhead.role, goAhead.content], ["user", "yes"], "the window's go-ahead after the model's question");
  check(provider.requests.every((r) => r.authorization === `Bearer ${KEY}`), "each request carries the key");
  check(provider.requests.every((r) => r.body?.model === "m"), "each request names the model");
  const rows = ui.rows(plan);
  equal(
    rows.map((r) => [r.name, r.to ?? null]).sort(),
    [["notes.txt", "Documents"], ["photo.jpg", "Pictures"], ["report.pdf", "Documents"], ["song copy.mp3", null]],
    "the plan's rows",
  );
  equal(plan.deletes, 1, "one row deletes");
  check(await page.evaluate(() => Boolean(document.querySelector('#plan tbody[data-trash] tr[data-row-id]'))), "the delete shows as a trash row");

  const notes = rows.find((r) => r.name === "notes.txt");
  await ui.untickRow(page, notes.id);
  const expected = ui.expectedAfter(before, plan, { unticked: new Set([notes.id]) });
  const report = await ui.apply(page);
  equal(diff(expected, ui.filesOf(snapshot(dir))), [], "after apply, the ticked files moved, notes.txt stayed");
  equal(report.moved, 3, "the report counts the rows carried out (the one to the trash too)");
  // The deleted file went to tidyup's trash, not away for good.
  const trashed = Object.entries(snapshot(join(box.env.TIDYUP_DATA_DIR, "trash"))).filter(([path]) => path.endsWith("song copy.mp3"));
  equal(trashed.map(([, hash]) => hash), [before["song copy.mp3"]], "the deleted file is in the trash, whole");
  equal(provider.requests.length, 5, `apply asks the model nothing more; the last request: ${JSON.stringify(provider.requests.at(-1)?.body?.messages?.slice(-3))}`);

  // Undo from the History panel this time, with its question.
  await page.waitForFunction((id) => document.querySelector(`#history-list > [data-session="${id}"] button[data-undo]`), report.session);
  await ui.undoFromHistory(page, report.session);
  await page.waitForFunction((id) => document.querySelector(`#history-list > [data-session="${id}"].undone`), report.session);
  equal(diff(before, snapshot(dir)), [], "after undo, the folder is as before");
  equal(snapshot(dir), before, "byte for byte");
  equal(page.errors, [], "no script error on the page");
  // Last, so that all the above is known first: the report's "left where
  // they were" counts the file the person unticked too.
  equal(report.left, 1, `the report's left (notes.txt, unticked): ${JSON.stringify(report)}`);
}
