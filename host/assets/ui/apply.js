// The phase, the plan, apply, its progress and the report (and undo): what
// the window shows and enables in each phase (`paint`), the plan table while
// the person reviews it, the progress bar while files move, then the report.

import { renderPlanTable } from "./plan-table.js";
import { $, page, tidyup } from "./page.js";
import { act } from "./server.js";
import { clearActivity, finishActivity } from "./activity.js";

/** Records the session's phase and repaints; a new run clears the old. */
export function setPhase(phase) {
  const before = tidyup.phase;
  tidyup.phase = phase;
  if (phase !== "running" && phase !== "applying") page.stopping = false;
  if (phase === "running" && before !== "running") {
    // a new run: the old plan and report are over
    clearPlan();
    hideReport();
    clearActivity();
  }
  if (before === "running" && phase !== "running") finishActivity();
  if (phase === "review" && page.action === null) hideReport();
  paint();
  if (phase === "review" && before !== "review" && tidyup.plan) {
    // the plan is what the person waits for: bring it into view
    // (at once: a smooth scroll would move what a click is aimed at)
    $("plan-section").scrollIntoView({ block: "start" });
  }
}

/** Shows and enables what the phase allows. */
export function paint() {
  const { w, action, ended, planHandle } = page;
  const phase = tidyup.phase;
  const busy = phase === "running" || phase === "applying" || action !== null || !page.tab;
  $("phase").textContent = page.stopping ? w.stopping : w[`phase_${phase}`] || "";
  $("stop").hidden = !(phase === "running" || phase === "applying" || action !== null);
  // Stop sits by what it stops: the activity while planning, the progress bar while applying
  const stopHome = phase === "applying" || action !== null ? $("progress-box") : $("run-stop");
  if ($("stop").parentElement !== stopHome) stopHome.append($("stop"));
  $("stop").disabled = ended || page.stopping;
  const plan = tidyup.plan;
  const empty = Boolean(plan) && !(plan.groups || []).some((group) => (group.rows || []).length);
  const showPlan = Boolean(plan) &&
    (phase === "review" || action === "apply" || (phase === "applying" && action === null) || (phase === "idle" && empty));
  $("apply-line").hidden = empty;
  $("activity-box").classList.toggle("compact", showPlan);
  $("plan-section").hidden = !showPlan;
  if (planHandle) planHandle.setDisabled(ended || busy);
  $("progress-box").hidden = action === null && phase !== "applying";
  $("activity-box").hidden = $("activity").childElementCount === 0;
  for (const id of ["organize", "request", "choose-folder", "provider", "model", "base-url", "names", "read-contents"]) {
    $(id).disabled = ended || busy;
  }
  $("lang").disabled = ended;
  $("undo").disabled = ended || busy;
  for (const button of document.querySelectorAll("#history-list button[data-undo]")) button.disabled = ended || busy;
  $("history-refresh").disabled = ended;
  paintApply();
}

function paintApply() {
  const { w, planHandle } = page;
  const apply = $("apply");
  const dry = Boolean(tidyup.state && tidyup.state.dry_run);
  const count = planHandle ? planHandle.selection().length : 0;
  apply.textContent = dry ? w.save_plan : w.apply(count);
  const busy = tidyup.phase === "applying" || page.action !== null || !page.tab;
  apply.disabled = page.ended || busy || count === 0;
  $("apply-hint").textContent = count === 0 && planHandle ? w.nothing_ticked : "";
}

function clearPlan() {
  if (page.planHandle) page.planHandle.destroy();
  page.planHandle = null;
  tidyup.plan = null;
}

/** Draws a `plan` event's table. */
export function showPlan(plan) {
  // the same plan again (the stream reconnected): keep the person's edits
  if (page.planHandle && tidyup.plan && tidyup.plan.plan === plan.plan) return;
  clearPlan();
  tidyup.plan = plan;
  $("plan-title").textContent = page.w.plan_title;
  page.planHandle = renderPlanTable($("plan"), plan, { lang: page.lang, onChange: paintApply });
  paint();
}

/** Sends the ticked rows to be carried out. */
export async function apply() {
  if (!page.planHandle || !tidyup.plan) return;
  const rows = page.planHandle.selection();
  if (!rows.length) return paintApply();
  page.action = "apply";
  showProgress({ done: 0, total: rows.length, name: "" });
  paint();
  $("progress-box").scrollIntoView({ block: "nearest" });
  const answer = await act("api/apply", { plan: tidyup.plan.plan, rows });
  if (!answer.ok) {
    page.action = null;
    paint();
  }
}

/** Shows a `progress` event on the bar. */
export function showProgress(progress) {
  const { w } = page;
  const bar = $("progress");
  bar.max = Math.max(1, progress.total || 0);
  bar.value = Math.min(progress.done || 0, bar.max);
  const name = progress.name || "";
  const say = page.action === "undo" ? w.progress_undoing : w.progress_moving;
  $("progress-text").textContent = name ? say(progress.done, progress.total, name) : w.progress_plain(progress.done, progress.total);
  $("progress-box").hidden = false;
}

function hideReport() {
  page.report = null;
  $("report").hidden = true;
}

/** Shows a `report` event: apply or undo is over. */
export function showReport(event) {
  const { w } = page;
  const wasUndo = page.action === "undo";
  const focusWasLost = !document.activeElement || document.activeElement === document.body ||
    Boolean(document.activeElement.closest("#plan-section, #report, .run"));
  page.report = { ...event, undo: wasUndo };
  page.action = null;
  if (!wasUndo) {
    // carried out: the session starts afresh, and what the dry run said
    // of its plan is over; the report says what happened
    clearPlan();
    clearActivity();
  }
  page.stopping = false;
  $("report-title").textContent = event.title || w.report;
  showReportLines(event.lines || []);
  $("report-counts").textContent = (wasUndo ? w.report_undo_counts : w.report_counts)(event.moved || 0, event.left || 0);
  $("report-stopped").hidden = !event.stopped;
  const dry = Boolean(tidyup.state && tidyup.state.dry_run);
  $("report-counts").hidden = dry && !wasUndo;
  $("undo").hidden = wasUndo || dry || !event.session;
  $("report").hidden = false;
  $("progress-box").hidden = true;
  paint();
  if (focusWasLost) {
    const title = $("report-title");
    title.tabIndex = -1;
    title.focus();
  }
}

/** The report's lines; a long report (a saved plan's every step) keeps its
 * first and last lines in view and the rest behind "Show all". */
function showReportLines(lines) {
  const item = (line) => {
    const li = document.createElement("li");
    li.textContent = line;
    return li;
  };
  const list = $("report-lines");
  if (lines.length <= 12) return list.replaceChildren(...lines.map(item));
  const middle = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = page.w.show_all_lines(lines.length - 4);
  const inner = document.createElement("ul");
  inner.append(...lines.slice(2, -2).map(item));
  middle.append(summary, inner);
  const holder = document.createElement("li");
  holder.className = "report-more";
  holder.append(middle);
  list.replaceChildren(...lines.slice(0, 2).map(item), holder, ...lines.slice(-2).map(item));
}

/** Redraws the plan's and the report's words in the page's language. */
export function relabelRun() {
  const { w, planHandle, report } = page;
  $("plan-title").textContent = w.plan_title;
  if (planHandle) planHandle.setLang(page.lang);
  if (report) {
    $("report-title").textContent = report.title || w.report;
    showReportLines(report.lines || []);
    $("report-counts").textContent = (report.undo ? w.report_undo_counts : w.report_counts)(report.moved || 0, report.left || 0);
  }
}

/** Undoes `session` (default: the last of this window). */
export async function undo(session) {
  page.action = "undo";
  showProgress({ done: 0, total: 0, name: "" });
  paint();
  const answer = await act("api/undo", session ? { session } : {});
  if (!answer.ok) {
    page.action = null;
    $("progress-box").hidden = true;
    paint();
  }
}
