// A hostile site: a second web server on 127.0.0.1 (also reached as
// `localhost`, another origin) whose page tries to drive a `tidyup ui`
// it should have no power over, as if the secret address had leaked. The
// page writes what its browser saw of each try into a table; the test adds
// what tidyup answered the same request (replayed from node with the same
// Origin, since a browser hides a cross-origin status from the page).

import http from "node:http";

/** The page's script: every try, each recorded as a row. */
const SCRIPT = String.raw`
const params = new URLSearchParams(location.search);
const target = params.get("target"); // http://127.0.0.1:PORT/SECRET/
const tab = params.get("tab") || "stolen";
const plan = params.get("plan") || "p1";
const ids = (params.get("rows") || "r1,r2,r3").split(",");
const rows = [];
window.hostile = { rows, done: false, target };
function show(what, outcome) {
  rows.push({ what, outcome });
  const tr = document.createElement("tr");
  for (const text of [what, outcome, ""]) {
    const td = document.createElement("td");
    td.textContent = text;
    tr.append(td);
  }
  document.getElementById("rows").append(tr);
}
async function tryFetch(what, path, init) {
  try {
    const r = await fetch(target + path, init);
    show(what, r.type === "opaque" ? "sent blind: opaque answer, nothing readable" : "ANSWERED " + r.status);
  } catch (e) {
    show(what, "refused: " + e.name + ": " + e.message);
  }
}
async function run() {
  const json = { "content-type": "application/json", "x-tidyup-tab": tab };
  const applyBody = JSON.stringify({ plan, rows: ids.map((id) => ({ id })) });
  await tryFetch("fetch POST api/claim", "api/claim", { method: "POST", headers: { "content-type": "application/json" }, body: '{"take_over":true}' });
  await tryFetch("fetch POST api/claim (no-cors)", "api/claim", { method: "POST", mode: "no-cors", body: '{"take_over":true}' });
  await tryFetch("fetch POST api/apply", "api/apply", { method: "POST", headers: json, body: applyBody });
  await tryFetch("fetch POST api/apply (no-cors)", "api/apply", { method: "POST", mode: "no-cors", body: applyBody });
  await tryFetch("fetch GET api/history", "api/history", {});
  await new Promise((done) => {
    const frame = document.createElement("iframe");
    frame.name = "sink";
    frame.onload = () => {
      // The frame's first load is its own empty page; the form's answer
      // comes from tidyup's origin, which this page may not look into.
      try {
        if (frame.contentWindow.location.href === "about:blank") return;
        show("form POST api/apply", "READ: " + frame.contentDocument.body.textContent.slice(0, 60));
      } catch (e) {
        show("form POST api/apply", "sent blind: the answer stays in another origin's frame");
      }
      done();
    };
    document.body.append(frame);
    const form = document.createElement("form");
    form.method = "POST";
    form.enctype = "text/plain";
    form.target = "sink";
    form.action = target + "api/apply";
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = applyBody.slice(0, -1) + ', "x": "';
    input.value = '"}';
    form.append(input);
    document.body.append(form);
    form.submit();
  });
  await new Promise((done) => {
    const source = new EventSource(target + "api/events?tab=" + encodeURIComponent(tab));
    source.onmessage = (e) => { show("EventSource api/events", "READ: " + e.data.slice(0, 60)); source.close(); done(); };
    source.onerror = () => { show("EventSource api/events", "refused: error event, no data"); source.close(); done(); };
  });
  window.hostile.done = true;
  document.getElementById("status").textContent = "done";
}
run();
`;

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Totally harmless page</title>
<style>
  body { font: 15px system-ui, sans-serif; margin: 2rem; color: #222; background: #fff; }
  h1 { font-size: 1.3rem; } code { background: #f3f3f3; padding: 0 .3em; }
  table { border-collapse: collapse; margin-top: 1rem; width: 100%; }
  th, td { border: 1px solid #ccc; padding: .35rem .6rem; text-align: left; vertical-align: top; }
  th { background: #f5f5f5; }
  td:nth-child(3) { font-weight: 600; color: #0a6b2c; }
  iframe { display: none; }
</style></head>
<body>
<h1>A page on another origin tries to drive <code>tidyup ui</code></h1>
<p>Origin: <code id="origin"></code> · target: <code id="target"></code> (secret, tab and plan as if leaked) · <span id="status">running…</span></p>
<table><thead><tr><th scope="col">try</th><th scope="col">what this page's browser saw</th><th scope="col">what tidyup answered the same request</th></tr></thead>
<tbody id="rows"></tbody></table>
<script>document.getElementById("origin").textContent = location.origin;
document.getElementById("target").textContent = new URLSearchParams(location.search).get("target")
  .replace(/([0-9a-f]{4})[0-9a-f]{28}/, "$1…");</script>
<script>${SCRIPT}</script>
</body></html>`;

/** Starts the hostile site; returns `{ port, url(host, hash), close() }`. */
export async function startHostile(scope) {
  const server = http.createServer((req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(PAGE);
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  const close = () => new Promise((done) => { server.closeAllConnections?.(); server.close(done); });
  scope.defer(close);
  const { port } = server.address();
  return {
    port,
    origin: (host) => `http://${host}:${port}`,
    // A query, not a hash: each try loads the page anew.
    url: (host, params) => `http://${host}:${port}/?${new URLSearchParams(params)}`,
  };
}

/**
 * One raw HTTP request from node, any headers allowed (a forged `Host`
 * too): `{ status, headers, body }`. An event stream is read only until its
 * headers arrive.
 */
export function raw(port, method, path, headers = {}, body = undefined) {
  return new Promise((done, fail) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers, setHost: !("Host" in headers || "host" in headers) }, (res) => {
      if (String(res.headers["content-type"] || "").startsWith("text/event-stream")) {
        done({ status: res.statusCode, headers: res.headers, body: "" });
        req.destroy();
        return;
      }
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => done({ status: res.statusCode, headers: res.headers, body: text }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    req.on("error", fail);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
