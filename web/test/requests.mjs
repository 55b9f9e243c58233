// Browser groups on the page's file systems as the core reaches them: each
// layer (memfs.js, dirfs.js, guarded.js, overlay.js) answers one request,
// `call(request)`, the `fs_call` request of docs/ABI.md; a wrapper passes
// what it does not know to its inner layer unchanged; a guard refuses only
// the items of a batch it must; a failure crosses as {code, path?, detail?}.
// The modules are imported in the page, as the page imports them.

import { check, equal, group, sorted } from "./harness.mjs";

export async function requestGroups(page, { api, mock }) {
  await group("stat_many is answered by every file system of the page, per item", async () => {
    const answers = await page.evaluate(async () => {
      const { MemFs } = await import("/memfs.js");
      const { DirFs } = await import("/dirfs.js");
      const { GuardedFs } = await import("/guarded.js");
      const { OverlayFs, RecordingFs } = await import("/overlay.js");
      const opfs = await navigator.storage.getDirectory();
      await opfs.removeEntry("req", { recursive: true }).catch(() => {});
      const dir = await opfs.getDirectoryHandle("req", { create: true });
      await dir.getFileHandle("a.txt", { create: true });
      const memory = () => new MemFs("/req", [{ path: "a.txt", size: 0 }]);
      const layers = {
        memfs: memory(),
        dirfs: new DirFs(dir),
        guarded: new GuardedFs(memory()),
        overlay: new OverlayFs(new GuardedFs(memory())),
        recording: new RecordingFs(memory()),
      };
      const request = { op: "stat_many", paths: ["/req/a.txt", "/req/none.txt", "/elsewhere/b.txt"] };
      const out = {};
      for (const [name, files] of Object.entries(layers)) {
        const answer = await files.call(request);
        out[name] = JSON.parse(JSON.stringify(answer)).map((item) =>
          (item.ok ? { ok: [item.ok.name, item.ok.kind] } : item));
      }
      return out;
    });
    const expected = [{ ok: ["a.txt", "file"] }, { ok: null }, { err: { code: "denied", path: "/elsewhere/b.txt" } }];
    for (const [name, answer] of Object.entries(answers)) equal(answer, expected, `${name}: one result per path`);
  });

  await group("a move_file asks its companions in one stat_many crossing, answered by the page", async () => {
    mock.script = [
      { calls: [["create_folder", { path: "Docs" }], ["move_file", { source: "a.pdf", destination: "Docs/a.pdf" }]] },
      { content: "done" },
    ];
    const seen = await page.evaluate(async (baseUrl) => {
      const { CoreSession, loadCore, postChat } = await import("/host.js");
      const { MemFs } = await import("/memfs.js");
      const base = new MemFs("/req", [{ path: "a.pdf", size: 3 }]);
      const crossings = [];
      const files = {
        root: base.root,
        call(request) {
          const answer = base.call(request);
          crossings.push({ op: request.op, answer });
          return answer;
        },
      };
      const { module } = await loadCore("core/tidyup_core.wasm");
      const config = { target_dir: "/req", model: "m", lang: "en", provider: "remote", calls: { stream: false } };
      const events = [];
      const session = await CoreSession.start(module, {
        chat: (body) => postChat({ baseUrl, apiKey: "k" }, body), files, onEvent: (e) => events.push(e),
      }, config);
      await session.send("file a.pdf");
      session.free();
      return { crossings, results: events.filter((e) => e.kind === "tool").map((e) => e.result) };
    }, `${api.url}/v1`);
    equal(seen.results[1], "Moved a.pdf to /req/Docs/a.pdf", "the move");
    const many = seen.crossings.filter((c) => c.op === "stat_many");
    equal(many.length, 1, `one stat_many crossing: ${JSON.stringify(seen.crossings.map((c) => c.op))}`);
    check(many[0].answer.length > 0 && many[0].answer.every((item) => item.ok === null), JSON.stringify(many[0].answer));
  });

  await group("a wrapper passes an op it does not know to its inner layer unchanged; the base refuses it", async () => {
    const seen = await page.evaluate(async () => {
      const { MemFs } = await import("/memfs.js");
      const { GuardedFs } = await import("/guarded.js");
      const { OverlayFs, RecordingFs } = await import("/overlay.js");
      const { MemoryJournal } = await import("/journal.js");
      const request = { op: "frobnicate", path: "/req/a.txt", how: { hard: true } };
      const out = {};
      const stacks = {
        guarded: (base) => new GuardedFs(base, new MemoryJournal()),
        overlay: (base) => new OverlayFs(new GuardedFs(base)),
        recording: (base) => new RecordingFs(base),
      };
      for (const [name, wrap] of Object.entries(stacks)) {
        const memfs = new MemFs("/req", [{ path: "a.txt", size: 1 }]);
        const reached = [];
        const base = { root: memfs.root, call: (r) => (reached.push(JSON.parse(JSON.stringify(r))), memfs.call(r)) };
        let failure = null;
        try {
          await wrap(base).call(request);
        } catch (e) {
          failure = { code: e.code, wire: JSON.parse(JSON.stringify(e)) };
        }
        out[name] = { reached, failure };
      }
      return out;
    });
    for (const [name, { reached, failure }] of Object.entries(seen)) {
      equal(reached, [{ op: "frobnicate", path: "/req/a.txt", how: { hard: true } }], `${name}: the base got the request as it was`);
      equal(failure?.code, "unsupported", `${name}: the base refuses an op it does not do`);
      check(!("message" in failure.wire), `${name}: no message crosses: ${JSON.stringify(failure.wire)}`);
    }
  });

  await group("a batch loses only its refused items, each answered by its refusal; the others are journaled and go through", async () => {
    const seen = await page.evaluate(async () => {
      const { MemFs } = await import("/memfs.js");
      const { GuardedFs } = await import("/guarded.js");
      const { MemoryJournal } = await import("/journal.js");
      const { snapshot } = await import("/fsrequest.js");
      const memfs = new MemFs("/req", [{ path: "a.txt", size: 1 }, { path: "b.txt", size: 2 }, { path: "c.txt", size: 3 },
        { path: "Docs/c.txt", size: 4 }]);
      const journal = new MemoryJournal();
      const files = new GuardedFs(memfs, journal);
      const answer = await files.call({ op: "move_batch", moves: [
        { from: "/req/a.txt", to: "/req/Docs/a.txt" },
        { from: "/req/b.txt", to: "/req/.tidyup-trash/b.txt" },
        { from: "/etc/passwd", to: "/req/passwd" },
        { from: "/req/c.txt", to: "/req/Docs/c.txt" },
      ] });
      const records = await journal.records(files.session.id);
      return { answer: JSON.parse(JSON.stringify(answer)), tree: await snapshot(memfs), records: records.map((r) => r.op + " " + (r.to ?? r.path)) };
    });
    equal(seen.answer, [
      { ok: null },
      { err: { code: "tidyup_data", path: "/req/.tidyup-trash/b.txt" } },
      { err: { code: "denied", path: "/etc/passwd" } },
      { err: { code: "already_exists", path: "/req/Docs/c.txt" } },
    ], "one result per move, in order");
    equal(sorted(seen.tree), sorted({ "Docs/a.txt": 1, "Docs/c.txt": 4, "b.txt": 2, "c.txt": 3 }), "only the allowed move happened");
    equal(seen.records, ["moved /req/Docs/a.txt"], "the move journaled");
  });

  await group("a real folder's failure crosses as {code, path, detail}: the API's own words, the path apart", async () => {
    const failure = await page.evaluate(async () => {
      const { DirFs } = await import("/dirfs.js");
      const opfs = await navigator.storage.getDirectory();
      await opfs.removeEntry("req", { recursive: true }).catch(() => {});
      const dir = await opfs.getDirectoryHandle("req", { create: true });
      await dir.getFileHandle("a.txt", { create: true });
      try {
        await new DirFs(dir).call({ op: "list", path: "/req/a.txt/inside" });
        return null;
      } catch (e) {
        return JSON.parse(JSON.stringify(e));
      }
    });
    equal([failure?.code, failure?.path], ["not_a_directory", "/req/a.txt/inside"], JSON.stringify(failure));
    check(/^TypeMismatchError: /.test(failure.detail) && !("message" in failure), JSON.stringify(failure));
  });
}
