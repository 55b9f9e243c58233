// The adapter itself, on a static page served from 127.0.0.1: each step
// the flows use (click, fill, keys, waiting, evaluate, screenshot) works in
// this browser before any flow relies on it.

import http from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { check, equal } from "../lib/harness.mjs";

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>adapter</title></head><body>
<button id="open" type="button">Open</button><input id="name" aria-label="Name">
<dialog id="d"><form method="dialog"><input id="inside"><button id="ok">OK</button></form></dialog>
<p id="out"></p>
<script>
window.clicks = 0;
document.getElementById("open").onclick = () => { window.clicks++; document.getElementById("d").showModal(); };
document.getElementById("name").oninput = (e) => { document.getElementById("out").textContent = e.target.value; };
</script></body></html>`;

export async function adapterCheck(scope, browser) {
  const server = http.createServer((req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(PAGE);
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  scope.defer(() => new Promise((done) => server.close(done)));
  const page = await browser.newPage();
  scope.defer(() => page.close());
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.fill("#name", "report.pdf");
  await page.waitForFunction(() => document.getElementById("out").textContent === "report.pdf");
  await page.evaluate(() => document.getElementById("open").focus());
  await page.press("Enter");
  await page.waitFor("#d[open]");
  await page.press("Escape");
  await page.waitFor("#d[open]", { hidden: true });
  await page.click("#open");
  await page.waitFor("#d[open]");
  await page.click("#ok");
  await page.waitFor("#d[open]", { hidden: true });
  equal(await page.evaluate(() => window.clicks), 2, "Enter and a click each opened the dialog");
  const dir = mkdtempSync(join(tmpdir(), "tidyup-shot-"));
  scope.defer(() => rmSync(dir, { recursive: true, force: true }));
  await page.screenshot(join(dir, "a.png"));
  const png = readFileSync(join(dir, "a.png"));
  check(png.subarray(1, 4).toString() === "PNG", "a PNG screenshot");
  equal([png.readUInt32BE(16), png.readUInt32BE(20)], [1280, 800], "the screenshot's size");
  equal(page.errors, [], "no script error");
}
