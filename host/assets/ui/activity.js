// The activity log: what tidyup is doing, in the page's own words, one
// line per stage (looking over the folder, working out what each file is,
// planning where each goes), each line counting as it goes, then the plan
// with the counts its table has. The core's tool lines are the terminal's
// words; the page reads only their names and counts. The model's answer is
// shown only when no plan follows it (a question, or why nothing moves).

import { $, page } from "./page.js";

const MAX_LOG = 400;

/** The stage of each tool the core runs; a tool not named here plans. */
const STAGES = {
  list_files: "look",
  summarize_folder: "look",
  find_files: "look",
  get_file_type: "classify",
  read_file: "classify",
};

let stages = new Map(); // stage -> its line and counts
let answers = []; // the model's answers of this run, in order
let streaming = ""; // an answer streaming in
let planned = false; // the run's plan has its line
let lastPlan = null; // the id of the plan last given its line

/** A core event (`ports::Event`, internally tagged by `kind`, or
 * externally tagged as `{"tool": {...}}`). */
function coreEvent(wrapper) {
  let event = wrapper.event ?? wrapper;
  if (event && typeof event === "object" && !event.kind) {
    const keys = Object.keys(event);
    if (keys.length === 1 && event[keys[0]] && typeof event[keys[0]] === "object") {
      event = { kind: keys[0], ...event[keys[0]] };
    }
  }
  return event || {};
}

function logLine(className, text) {
  const log = $("activity");
  const line = document.createElement("p");
  line.className = className;
  line.textContent = text;
  log.append(line);
  while (log.childElementCount > MAX_LOG) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
  $("activity-box").hidden = false;
  return line;
}

/** Empties the log (a new run starts). */
export function clearActivity() {
  $("activity").replaceChildren();
  stages = new Map();
  answers = [];
  streaming = "";
  planned = false;
}

/** The line of `stage`, made on its first event. */
function stage(name) {
  let s = stages.get(name);
  if (!s || !s.line.isConnected) {
    s = { line: logLine("stage", ""), count: 0, items: 0, failed: 0, done: 0, total: 0, subjects: new Set() };
    stages.set(name, s);
  }
  return s;
}

/** Words the line of stage `name` as its counts now say. */
function paintStage(name, s) {
  const { w } = page;
  let text;
  if (name === "look") text = w.stage_look(s.items);
  else if (name === "classify") text = w.stage_classify(s.subjects.size || s.count);
  else text = s.total ? w.stage_plan_progress(s.done, s.total) : w.stage_plan;
  if (s.failed) text += ` ${w.stage_failed(s.failed)}`;
  s.line.textContent = text;
}

/** Adds a `core` event to the log, as its stage's line. */
export function showCore(wrapper) {
  const event = coreEvent(wrapper);
  switch (event.kind) {
    case "tool": {
      if (event.not_run || (event.failed && event.not_found)) return;
      const name = STAGES[event.name] || "plan";
      const s = stage(name);
      s.count += 1;
      if (event.failed) s.failed += 1;
      else {
        s.items += Number(event.items) || 0;
        if (event.subject) s.subjects.add(event.subject);
      }
      paintStage(name, s);
      return;
    }
    case "progress": {
      const s = stage("plan");
      s.done = Number(event.done) || 0;
      s.total = Number(event.total) || 0;
      paintStage("plan", s);
      return;
    }
    case "answer_delta":
      streaming += event.text || "";
      return;
    case "answer":
      answers.push(event.streamed ? streaming : event.text || "");
      streaming = "";
      return;
    case "notice":
      if (event.text) logLine("notice", event.text);
      return;
    default:
      return;
  }
}

/** The plan came: its line, with the counts of its table; an empty plan
 * says why with the model's first answer, if any. `plan` is a `plan`
 * event. */
export function showPlanned(plan) {
  const groups = plan.groups || [];
  const rows = groups.flatMap((g) => g.rows || []);
  if (plan.plan === lastPlan && planned) return; // the same plan again (a reconnection)
  lastPlan = plan.plan;
  planned = true;
  if (!rows.length) {
    const why = answers.map((text) => text.trim()).find(Boolean);
    logLine(why ? "answer" : "planned", why || page.w.empty_plan);
    return;
  }
  const moves = rows.filter((r) => r.to !== null && r.to !== undefined);
  const folders = new Set(moves.map((r) => r.to)).size;
  const made = groups.filter((g) => g.new && g.destination !== null && g.destination !== undefined).length;
  logLine("planned", page.w.stage_planned(moves.length, folders, made, rows.length - moves.length));
}

/** A run ended: with no plan, the model's last answer (a reply to what
 * the person said, or why nothing moves). */
export function finishActivity() {
  const last = answers.map((text) => text.trim()).filter(Boolean).pop();
  if (!planned && last) logLine("answer", last);
  answers = [];
  planned = false;
}
