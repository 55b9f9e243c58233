// The activity log: the core's events (tool lines, the streamed answer,
// progress) as short lines under the Organize button.

import { $, page } from "./page.js";

const MAX_LOG = 400;

let answer = null; // the activity line an answer streams into
let coreProgress = null;

/** A core event (`ports::Event`, internally tagged by `kind`, or
 * externally tagged as `{"tool": {...}}`), as one short line. */
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
  answer = null;
  coreProgress = null;
}

/** Adds a `core` event to the log. */
export function showCore(wrapper) {
  const event = coreEvent(wrapper);
  const text = event.text || "";
  switch (event.kind) {
    case "answer_delta":
      if (!answer) answer = logLine("answer", "");
      answer.textContent += text;
      return;
    case "answer":
      if (!(event.streamed && answer)) logLine("answer", text);
      answer = null;
      return;
    case "progress":
      if (!coreProgress || !coreProgress.isConnected) coreProgress = logLine("progress", "");
      coreProgress.textContent = `${text} ${page.w.progress_plain(event.done, event.total)}`;
      return;
    case "usage":
    case "started": // the start line is shown with the settings
      return;
    case "tool":
      coreProgress = null;
      answer = null;
      logLine(event.failed ? "tool failed" : "tool", text);
      return;
    default:
      if (text) logLine(event.kind || "notice", text);
  }
}
