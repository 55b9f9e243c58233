// Accessible in both languages: every visible control has a name, and
// every visible text has WCAG AA contrast with what is behind it (4.5:1,
// 3:1 for large text; disabled controls are exempt, as WCAG says), on the
// page with a plan, a report and the History.

import { join } from "node:path";

import { equal } from "../lib/harness.mjs";
import { demo, sandbox, startUi } from "../lib/tidyup.mjs";
import * as ui from "../lib/ui.mjs";

/** In the page: controls without a name, and texts below AA contrast. */
function audit() {
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && !el.closest("[hidden]");
  };
  const nameOf = (el) => {
    if (el.getAttribute("aria-label")?.trim()) return el.getAttribute("aria-label").trim();
    const by = el.getAttribute("aria-labelledby");
    if (by) return by.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? "").join(" ").trim();
    if (el.labels && el.labels.length) return [...el.labels].map((l) => l.textContent).join(" ").trim();
    if (el.tagName === "BUTTON") return el.textContent.trim();
    return el.getAttribute("title")?.trim() ?? "";
  };
  const unnamed = [...document.querySelectorAll("button, input, select, textarea, a[href]")]
    .filter((el) => visible(el) && el.type !== "hidden" && !nameOf(el))
    .map((el) => el.outerHTML.slice(0, 120));

  const rgba = (text) => {
    const m = text.match(/rgba?\(([^)]+)\)/);
    if (!m) return [0, 0, 0, 0];
    const parts = m[1].split(/[,\s/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const over = (top, bottom) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1);
  };
  const background = (el) => {
    const layers = [];
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const bg = rgba(getComputedStyle(node).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    let color = [255, 255, 255, 1];
    for (const layer of layers.reverse()) color = over(layer, color);
    return color;
  };
  const luminance = ([r, g, b]) => {
    const f = (c) => {
      c /= 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const low = [];
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || seen.has(el) || !visible(el)) continue;
    seen.add(el);
    if (el.closest("button:disabled, input:disabled, select:disabled, .disabled, [aria-disabled=true], option")) continue;
    const style = getComputedStyle(el);
    if (Number(style.opacity) === 0) continue;
    const bg = background(el);
    const fg = over(rgba(style.color), bg);
    const [l1, l2] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < need) low.push(`${ratio.toFixed(2)} < ${need}: "${node.textContent.trim().slice(0, 40)}" (${style.color} on rgb(${bg.slice(0, 3).map(Math.round)}))`);
  }
  return { unnamed, low };
}

/** The audit itself finds a low contrast and a nameless control. */
export async function auditCheck(page) {
  await page.evaluate(() => {
    const p = document.createElement("p");
    p.id = "probe";
    p.style.cssText = "color:#aaa;background:#fff;font-size:14px";
    p.textContent = "faint";
    const input = document.createElement("input");
    input.id = "probe-input";
    p.append(input);
    document.body.prepend(p);
  });
  const { unnamed, low } = await page.evaluate(audit);
  await page.evaluate(() => document.getElementById("probe").remove());
  equal([unnamed.some((h) => h.includes("probe-input")), low.some((t) => t.includes("faint"))], [true, true], "the audit finds a planted faint text and a nameless input");
}

export async function accessibility(scope, browser) {
  const box = sandbox(scope);
  const dir = demo(box, join(box.root, "Downloads"));
  const server = await startUi(scope, box, dir, ["--lang", "en"]);
  const page = await browser.newPage();
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);
  await ui.open(page, server.url);
  await auditCheck(page);
  const found = {};
  found["en, start"] = await page.evaluate(audit);
  const plan = await ui.organize(page);
  await ui.untickRow(page, ui.rows(plan)[0].id);
  found["en, plan"] = await page.evaluate(audit);
  await ui.openDestination(page, ui.rows(plan)[1].id);
  found["en, the destination dialog"] = await page.evaluate(audit);
  await page.press("Escape");
  await page.waitFor("#destination-dialog[open]", { hidden: true });
  await ui.apply(page);
  await page.waitFor("#history-list > [data-session]");
  found["en, report and history"] = await page.evaluate(audit);
  await page.select("#lang", "zh");
  await page.waitForFunction(() => document.getElementById("organize").textContent.trim() === "整理");
  found["zh, report and history"] = await page.evaluate(audit);
  await ui.organize(page);
  found["zh, plan"] = await page.evaluate(audit);
  const problems = Object.entries(found).flatMap(([where, { unnamed, low }]) => [
    ...unnamed.map((html) => `${where}: a control without a name: ${html}`),
    ...low.map((text) => `${where}: contrast ${text}`),
  ]);
  equal([...new Set(problems)], [], "controls without a name and texts below WCAG AA contrast");
  equal(page.errors, [], "no script error on the page");
}
