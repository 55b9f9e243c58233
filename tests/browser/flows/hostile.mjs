// Requests tidyup must refuse: a page on another origin (127.0.0.1 and
// `localhost` at another port) that knows the secret address, the tab and
// the plan as if they had leaked; forged Host headers (DNS rebinding); a
// wrong or missing secret. Nothing may change on disk, and the window that
// owns the session keeps it.

import { check, equal } from "../lib/harness.mjs";
import { raw, startHostile } from "../lib/hostile.mjs";
import { sandbox, smallFolder, snapshot, startUi } from "../lib/tidyup.mjs";
import * as ui from "../lib/ui.mjs";

/** A browser on two hostile origins tries every kind of request. */
export async function hostileFlow(scope, browser, { screenshot = null } = {}) {
  const box = sandbox(scope);
  const dir = smallFolder(box);
  const server = await startUi(scope, box, dir, ["--lang", "en"]);
  const owner = await browser.newPage();
  scope.defer(() => owner.close());
  ui.explainWith(scope, owner, server);
  await ui.recordStreams(owner);
  await ui.open(owner, server.url);
  const plan = await ui.organize(owner);
  const tab = await ui.tabOf(owner);
  check(typeof tab === "string" && tab, `the page's tab id: ${tab}`);
  const ids = ui.rows(plan).map((r) => r.id);
  const before = snapshot(dir);

  const hostile = await startHostile(scope);
  const attacker = await browser.newPage();
  scope.defer(() => attacker.close());
  const seen = [];
  // The pair shown in the screenshot last: a page at localhost against 127.0.0.1.
  const pairs = [["127.0.0.1", "127.0.0.1"], ["127.0.0.1", "localhost"], ["localhost", "localhost"], ["localhost", "127.0.0.1"]];
  for (const [from, to] of pairs) {
    {
      const target = `http://${to}:${server.port}/${server.secret}/`;
      await attacker.goto(hostile.url(from, { target, tab, plan: plan.plan, rows: ids.join(",") }));
      await attacker.waitForFunction((t) => window.hostile && window.hostile.done && window.hostile.target === t, target);
      const rows = await attacker.evaluate(() => window.hostile.rows);
      for (const row of rows) seen.push({ ...row, from, to });
      // What tidyup answers the same requests, from this origin.
      const answers = await replay(server, hostile.origin(from), tab, plan.plan, ids, to);
      await attacker.evaluate((list) => {
        const cells = [...document.querySelectorAll("#rows tr td:nth-child(3)")];
        list.forEach((text, i) => cells[i] && (cells[i].textContent = text));
      }, answers.map((a) => (a.status === 403 ? "refused: 403 Forbidden" : `ANSWERED ${a.status}`)));
      for (const a of answers) equal([a.what, a.status], [a.what, 403], `tidyup's answer to ${a.what} from ${hostile.origin(from)}`);
    }
  }
  const bad = seen.filter((r) => !/^(refused|sent blind)/.test(r.outcome));
  equal(bad, [], "the hostile page could read or do nothing");
  check(seen.length === 4 * 7, `every try was made (${seen.length})`);

  // DNS rebinding: a name that resolves to 127.0.0.1 sends its own Host.
  const base = `/${server.secret}/`;
  const wrong = server.secret.replace(/^./, (c) => (c === "0" ? "1" : "0"));
  const more = [
    ["GET with a rebinding Host (node)", await raw(server.port, "GET", base, { Host: `rebind.attacker.example:${server.port}` }), 403],
    ["GET api/history with a rebinding Host (node)", await raw(server.port, "GET", `${base}api/history`, { Host: `rebind.attacker.example:${server.port}` }), 403],
    ["GET with a wrong secret (node)", await raw(server.port, "GET", `/${wrong}/`), 404],
    ["GET without the secret (node)", await raw(server.port, "GET", "/"), 404],
  ];
  for (const [what, answer, status] of more) equal([what, answer.status], [what, status], "tidyup's answer");

  equal(snapshot(dir), before, "nothing changed on disk");
  const owned = await owner.evaluate(() => document.getElementById("taken-over").hidden);
  check(owned, "the window that owns the session was not taken over");
  equal(owner.errors, [], "no script error on the owner's page");

  await attacker.evaluate((list) => {
    for (const [what, status] of list) {
      const tr = document.createElement("tr");
      for (const text of [what, "—", `refused: ${status} ${status === 403 ? "Forbidden" : "Not Found"}`]) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.append(td);
      }
      document.getElementById("rows").append(tr);
    }
    document.getElementById("status").textContent = "done: nothing changed on disk, and the window that owns the session kept it";
  }, more.map(([what, answer]) => [what, answer.status]));
  if (screenshot) await attacker.screenshot(screenshot);
}

/**
 * The hostile page's requests again from node with the same headers a
 * browser sends (its Origin, Sec-Fetch-Site), to see tidyup's status.
 */
async function replay(server, origin, tab, plan, ids, to) {
  const base = `/${server.secret}/`;
  const host = `${to}:${server.port}`;
  const site = to === "127.0.0.1" && origin.includes("127.0.0.1") ? "same-site" : to === "localhost" && origin.includes("localhost") ? "same-site" : "cross-site";
  const common = { Host: host, Origin: origin, "Sec-Fetch-Site": site };
  const json = { ...common, "Content-Type": "application/json", "X-Tidyup-Tab": tab };
  const plain = { ...common, "Content-Type": "text/plain;charset=UTF-8" };
  const applyBody = JSON.stringify({ plan, rows: ids.map((id) => ({ id })) });
  const tries = [
    ["fetch POST api/claim", "POST", "api/claim", { ...common, "Content-Type": "application/json" }, '{"take_over":true}'],
    ["fetch POST api/claim (no-cors)", "POST", "api/claim", plain, '{"take_over":true}'],
    ["fetch POST api/apply", "POST", "api/apply", json, applyBody],
    ["fetch POST api/apply (no-cors)", "POST", "api/apply", plain, applyBody],
    ["fetch GET api/history", "GET", "api/history", common, undefined],
    ["form POST api/apply", "POST", "api/apply", plain, applyBody],
    ["EventSource api/events", "GET", `api/events?tab=${encodeURIComponent(tab)}`, { ...common, Accept: "text/event-stream" }, undefined],
  ];
  const out = [];
  for (const [what, method, path, headers, body] of tries) {
    const answer = await raw(server.port, method, base + path, headers, body);
    out.push({ what, status: answer.status });
    check(!Object.keys(answer.headers).some((h) => h.startsWith("access-control-")), `${what}: a CORS header in the answer`);
  }
  return out;
}

/** Wrong or missing secret: 404; forged Host: 403; no CORS anywhere. */
export async function addressChecks(scope) {
  const box = sandbox(scope);
  const dir = smallFolder(box);
  const server = await startUi(scope, box, dir, ["--lang", "en"]);
  const { port, secret } = server;
  const before = snapshot(dir);
  const good = `127.0.0.1:${port}`;
  const origin = `http://${good}`;
  const wrong = secret.replace(/^./, (c) => (c === "0" ? "1" : "0"));
  const cases = [
    // [what, method, path, headers, body, expected status]
    ["the page without the secret", "GET", "/", {}, undefined, 404],
    ["the page with a wrong secret", "GET", `/${wrong}/`, {}, undefined, 404],
    ["the page with half the secret", "GET", `/${secret.slice(0, 16)}/`, {}, undefined, 404],
    ["api/places without the secret", "GET", "/api/places", {}, undefined, 404],
    ["a claim with a wrong secret", "POST", `/${wrong}/api/claim`, { Origin: origin, "Content-Type": "application/json", "X-Tidyup-Tab": "x" }, "{}", 404],
    ["a claim without the secret", "POST", "/api/claim", { Origin: origin, "Content-Type": "application/json", "X-Tidyup-Tab": "x" }, "{}", 404],
    ["the page with a rebinding Host", "GET", `/${secret}/`, { Host: `attacker.example:${port}` }, undefined, 403],
    ["the page with a rebinding Host on port 80", "GET", `/${secret}/`, { Host: "attacker.example" }, undefined, 403],
    ["the page with a Host of another port", "GET", `/${secret}/`, { Host: `127.0.0.1:${port + 1}` }, undefined, 403],
    ["the page with a Host that ends in 127.0.0.1", "GET", `/${secret}/`, { Host: `x.127.0.0.1:${port}` }, undefined, 403],
    ["api/places with a rebinding Host", "GET", `/${secret}/api/places`, { Host: `attacker.example:${port}` }, undefined, 403],
    ["a claim with a rebinding Host", "POST", `/${secret}/api/claim`, { Host: `attacker.example:${port}`, Origin: `http://attacker.example:${port}`, "Content-Type": "application/json", "X-Tidyup-Tab": "x" }, "{}", 403],
    ["api/places from a cross-site fetch", "GET", `/${secret}/api/places`, { "Sec-Fetch-Site": "cross-site" }, undefined, 403],
    ["api/places with a foreign Origin", "GET", `/${secret}/api/places`, { Origin: "http://attacker.example" }, undefined, 403],
    ["a claim with Origin null", "POST", `/${secret}/api/claim`, { Origin: "null", "Content-Type": "application/json", "X-Tidyup-Tab": "x" }, "{}", 403],
    ["a claim without Origin", "POST", `/${secret}/api/claim`, { "Content-Type": "application/json", "X-Tidyup-Tab": "x" }, "{}", 403],
    ["a claim from the UI's host at another port", "POST", `/${secret}/api/claim`, { Origin: `http://127.0.0.1:${port + 1}`, "Content-Type": "application/json", "X-Tidyup-Tab": "x" }, "{}", 403],
    ["a CORS preflight", "OPTIONS", `/${secret}/api/claim`, { Origin: "http://attacker.example", "Access-Control-Request-Method": "POST" }, undefined, 403],
  ];
  const got = [];
  for (const [what, method, path, headers, body] of cases) {
    const answer = await raw(port, method, path, { Host: good, ...headers }, body);
    got.push([what, answer.status]);
    check(!answer.body.includes(secret), `${what}: the answer names the secret`);
    check(!Object.keys(answer.headers).some((h) => h.startsWith("access-control-")), `${what}: a CORS header in the answer`);
  }
  equal(got, cases.map(([what, , , , , status]) => [what, status]), "each refused with its status");

  // The same server answers the right requests (so the refusals above are not
  // a server that answers nothing).
  const page = await raw(port, "GET", `/${secret}/`, { Host: good });
  equal(page.status, 200, "the page with the secret");
  check(!Object.keys(page.headers).some((h) => h.startsWith("access-control-")), "no CORS header on the page");
  const viaLocalhost = await raw(port, "GET", `/${secret}/`, { Host: `localhost:${port}` });
  equal(viaLocalhost.status, 200, "the page through localhost");
  const claim = await raw(port, "POST", `/${secret}/api/claim`, { Host: good, Origin: origin, "Content-Type": "application/json", "X-Tidyup-Tab": "new" }, '{"take_over":false}');
  equal(claim.status, 200, `a claim from the page's own origin (${claim.body})`);
  equal(snapshot(dir), before, "nothing changed on disk");
}
