// What the browser test's groups share: a tiny harness (named groups of
// assertions, "N passed, M failed") and helpers that drive the page like a
// person would.

import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** How long one step of the page (a start, a turn) may take. */
export const TIMEOUT = 30_000;

/** Groups that passed and failed so far. */
export const results = { passed: 0, failed: 0 };

/** Runs one named group of assertions; a throw fails the group, not the run. */
export async function group(name, body) {
  try {
    await body();
    results.passed++;
    console.log(`ok   ${name}`);
  } catch (e) {
    results.failed++;
    console.log(`FAIL ${name}\n     ${String(e.stack || e).replaceAll("\n", "\n     ")}`);
  }
}

export function check(cond, message) {
  if (!cond) throw new Error(message);
}

export function equal(actual, expected, message) {
  const [a, b] = [JSON.stringify(actual), JSON.stringify(expected)];
  if (a !== b) throw new Error(`${message}\n  actual:   ${a.slice(0, 2000)}\n  expected: ${b.slice(0, 2000)}`);
}

/** Fills the setup form like a user and starts a session. */
export async function startSession(page, { provider, baseUrl = "https://api.openai.com/v1", apiKey = "", model = "gpt-4o-mini", folder = "demo", readContents = false }) {
  await page.check(`input[name="folder"][value="${folder}"]`);
  await page.setChecked("#read-contents", readContents);
  await page.selectOption("#provider", provider);
  await page.fill("#base-url", baseUrl);
  await page.fill("#api-key", apiKey);
  await page.fill("#model", model);
  const sessions = await page.evaluate(() => window.tidyup.sessions);
  await page.click("#start");
  await page.waitForFunction((n) => window.tidyup.sessions > n && !document.getElementById("line").disabled,
    sessions, { timeout: TIMEOUT });
}

/** Types one line, waits for the turn to end; returns {outcome, ms, events}. */
export async function send(page, line) {
  const before = await page.evaluate(() => [window.tidyup.turns.length, window.tidyup.events.length]);
  await page.fill("#line", line);
  await page.click("#send");
  await page.waitForFunction((n) => window.tidyup.turns.length > n && !window.tidyup.busy, before[0], { timeout: TIMEOUT });
  return page.evaluate((k) => ({ ...window.tidyup.turns.at(-1), events: window.tidyup.events.slice(k) }), before[1]);
}

/** Every file under dir as {relative path: size}, like the page's snapshot. */
export function walk(dir, root = dir, out = {}) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, root, out);
    else out[relative(root, path)] = statSync(path).size;
  }
  return out;
}

/** An object with its keys in code-point order, to compare trees. */
export const sorted = (obj) => Object.fromEntries(Object.entries(obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
