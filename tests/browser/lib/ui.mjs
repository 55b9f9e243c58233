// What a person does on the page of `tidyup ui`, step by step, through the
// page's own controls (ids and data attributes of host/assets/ui/), the
// same steps in either browser. `window.tidyup` (the page's test hook) is
// read only to know when a step has finished and what the plan said.

import { join } from "node:path";

import { check, STEP } from "./harness.mjs";

/** Opens the address and waits until the page has the session's state. */
export async function open(page, url) {
  await page.goto(url);
  await page.waitForFunction(
    () => Boolean(window.tidyup && window.tidyup.state && window.tidyup.state.phase) &&
      !document.getElementById("organize").disabled,
  );
}

/** What the page shows and has had, for a failure's explanation. */
export async function describe(page) {
  const seen = await page.evaluate(() => ({
    phase: window.tidyup?.phase,
    state: window.tidyup?.state && { phase: window.tidyup.state.phase, folder: window.tidyup.state.folder },
    events: (window.tidyup?.events ?? []).slice(-8).map((e) => JSON.stringify(e).slice(0, 300)),
    alerts: document.getElementById("alerts")?.textContent,
    phaseText: document.getElementById("phase")?.textContent,
  }));
  return `page: ${JSON.stringify(seen, null, 1)}\npage errors: ${JSON.stringify(page.errors)}`;
}

/** Explains a failure of `scope` with what `page` and `server` showed. */
export function explainWith(scope, page, server) {
  scope.explain(() => describe(page));
  if (server) scope.explain(() => `server stderr (last 3000 chars):\n${server.output().stderr.slice(-3000)}`);
}

/** The session's last `state` event, as the page got it. */
export const state = (page) => page.evaluate(() => window.tidyup.state);

/** Moves focus with Tab (at most 60 presses) until `id` has it. */
export async function tabTo(page, id) {
  for (let i = 0; i < 60; i++) {
    await page.press("Tab");
    if ((await page.evaluate(() => document.activeElement && document.activeElement.id)) === id) return;
  }
  throw new Error(`Tab never reached #${id}`);
}

/** Waits for a plan in the table; returns the plan event (docs/UI.md). */
export async function waitForPlan(page, previous = null) {
  await page.waitForFunction(
    (prev) => window.tidyup.plan && window.tidyup.plan.plan !== prev &&
      document.querySelector("#plan-section:not([hidden]) #plan table tbody"),
    previous,
  );
  return page.evaluate(() => window.tidyup.plan);
}

/** Chooses another folder through the folder dialog, typing its path. */
export async function chooseFolder(page, path) {
  await page.click("#choose-folder");
  await page.waitFor("#folder-dialog[open]");
  await page.fill("#folder-path", path);
  await page.click("#folder-ok");
  await page.waitForFunction((p) => window.tidyup.state && window.tidyup.state.folder === p, path);
}

/** Organizes with the Organize button (a click) and waits for the plan. */
export async function organize(page) {
  await page.click("#organize");
  return waitForPlan(page);
}

/** Every row of a plan with its group's destination. */
export function rows(plan) {
  return plan.groups.flatMap((g) => g.rows.map((r) => ({ ...r, group: g.destination })));
}

/** Unticks one row by its id. */
export async function untickRow(page, id) {
  await page.click(`input[data-row-tick="${id}"]`);
  check(!(await page.evaluate((i) => document.querySelector(`input[data-row-tick="${i}"]`).checked, id)), `row ${id} still ticked`);
}

/** Unticks a whole group by its destination. */
export async function untickGroup(page, destination) {
  const sel = `tbody[data-destination="${cssString(destination)}"] input[data-group-toggle]`;
  await page.click(sel);
  const ticked = await page.evaluate(
    (s) => [...document.querySelector(s).closest("tbody").querySelectorAll("input[data-row-tick]")].map((b) => b.checked),
    sel,
  );
  check(ticked.every((t) => !t), `a row of group ${destination} is still ticked: ${ticked}`);
}

/** Opens the change-destination dialog of row `id`. */
export async function openDestination(page, id) {
  await page.click(`button[data-change-to="${id}"]`);
  await page.waitFor("#destination-dialog[open]");
}

/** Changes row `id`'s destination to the new folder `folder` via the dialog. */
export async function changeDestination(page, id, folder) {
  await openDestination(page, id);
  await page.fill("#destination-new", folder);
  await page.click("#destination-ok");
  await page.waitFor("#destination-dialog[open]", { hidden: true });
  const shown = await page.evaluate(
    (i) => document.querySelector(`tr[data-row-id="${i}"] td.to .dest`)?.textContent,
    id,
  );
  check(shown === folder, `row ${id} shows destination ${JSON.stringify(shown)}, not ${folder}`);
}

/** How many reports the page has had so far. */
export const reportCount = (page) => page.evaluate(() => window.tidyup.events.filter((e) => e.kind === "report").length);

/**
 * Records the addresses of the event streams the page opens, so
 * `tabOf` can read the tab id the page claimed; call before `open`.
 */
export const recordStreams = (page) =>
  page.initScript(() => {
    const Original = window.EventSource;
    window.__streams = [];
    window.EventSource = class extends Original {
      constructor(url, init) {
        super(url, init);
        window.__streams.push(String(url));
      }
    };
  });

/** The tab id this page claimed, from the address of its event stream. */
export const tabOf = (page) =>
  page.evaluate(() => {
    const url = (window.__streams || []).find((u) => u.includes("api/events?tab="));
    return url ? new URL(url, location.href).searchParams.get("tab") : null;
  });

/** Applies the ticked rows and waits for the report; returns it. */
export async function apply(page) {
  const reports = await reportCount(page);
  await page.click("#apply");
  return waitForReport(page, reports);
}

/** Waits for a report after the `count` seen before; returns it. */
export async function waitForReport(page, count, { timeout = STEP } = {}) {
  await page.waitForFunction(
    (n) => window.tidyup.events.filter((e) => e.kind === "report").length > n && !document.getElementById("report").hidden,
    count,
    { timeout },
  );
  return page.evaluate(() => window.tidyup.events.filter((e) => e.kind === "report").at(-1));
}

/** Undoes this window's last session with the report's Undo button,
 * confirming the question it asks (History's). */
export async function undo(page) {
  const reports = await reportCount(page);
  await page.click("#undo");
  await page.waitFor("#confirm-dialog[open]");
  await page.click("#confirm-ok");
  return waitForReport(page, reports);
}

/** Undoes a session from the History panel, confirming the question. */
export async function undoFromHistory(page, session) {
  const reports = await reportCount(page);
  await page.click(`#history-list > [data-session="${session}"] button[data-undo]`);
  await page.waitFor("#confirm-dialog[open]");
  await page.click("#confirm-ok");
  return waitForReport(page, reports);
}

/** The History panel's entries: [{ session, text, undo }]. */
export async function historyShown(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("#history-list > [data-session]")].map((li) => ({
      session: li.dataset.session,
      text: li.textContent.trim(),
      undo: Boolean(li.querySelector("button[data-undo]")),
    })),
  );
}

/** Where each path of the folder goes when the ticked rows are applied. */
export function expectedAfter(before, plan, { unticked = new Set(), changed = {} } = {}) {
  const moves = [];
  for (const row of rows(plan)) {
    if (unticked.has(row.id)) continue;
    const from = join(row.from || "", row.from_name || row.name);
    const to = row.to === null || row.to === undefined ? null : join(changed[row.id] ?? row.to, row.name);
    moves.push({ from, to });
  }
  const after = {};
  for (const [path, hash] of Object.entries(before)) {
    if (hash === "dir") continue;
    const move = moves.find((m) => path === m.from || path.startsWith(`${m.from}/`));
    if (!move) after[path] = hash;
    else if (move.to !== null) after[move.to + path.slice(move.from.length)] = hash;
  }
  return after;
}

/** Only the files of a snapshot (its folders left out). */
export const filesOf = (snap) => Object.fromEntries(Object.entries(snap).filter(([, h]) => h !== "dir"));

function cssString(text) {
  return String(text).replaceAll("\\", "\\\\").replaceAll('"', '\\"');
}
