// The connection: claiming the session for this tab, the event stream
// (api/events) and each event handed to the part of the window it is for;
// another tab taking the session over ends this one.

import { $, alertText, page, tidyup } from "./page.js";
import { post } from "./server.js";
import { showCore, showPlanned } from "./activity.js";
import { paint, showPlan, showProgress, showReport } from "./apply.js";
import { showHistory } from "./history.js";
import { openSettings, showState } from "./setup.js";

const MAX_EVENTS = 20000;

/** Claims the session (`takeOver`: from another tab), then listens. */
export async function claim(takeOver) {
  const answer = await post("api/claim", { take_over: takeOver });
  if (answer.status === 409) {
    $("conflict-text").textContent = (answer.data && answer.data.error) || page.w.claim_conflict;
    $("conflict").hidden = false;
    setAllDisabled(true);
    $("take-over").disabled = false;
    $("take-over").focus();
    loadHistory(); // what was done, read-only until this tab takes over
    return;
  }
  if (!answer.ok || !answer.data || !answer.data.tab) {
    alertText((answer.data && answer.data.error) || `${page.w.error} (${answer.status})`);
    return;
  }
  page.tab = answer.data.tab;
  $("conflict").hidden = true;
  setAllDisabled(false);
  openStream();
  loadHistory();
}

function openStream() {
  if (page.stream) page.stream.close();
  const stream = (page.stream = new EventSource(`api/events?tab=${encodeURIComponent(page.tab)}`));
  stream.addEventListener("open", () => {
    $("connection").hidden = true;
  });
  stream.addEventListener("message", (message) => {
    let event;
    try {
      event = JSON.parse(message.data);
    } catch {
      return;
    }
    handle(event);
  });
  stream.addEventListener("error", () => {
    if (!page.ended) $("connection").hidden = false;
  });
}

/** Asks for the history (the `history` event brings it too). */
export async function loadHistory() {
  try {
    const res = await fetch("api/history");
    if (!res.ok) return;
    const data = await res.json();
    showHistory(Array.isArray(data) ? data : data.sessions || []);
  } catch {
    /* the history event will come */
  }
}

function handle(event) {
  tidyup.events.push(event);
  if (tidyup.events.length > MAX_EVENTS) tidyup.events.splice(0, tidyup.events.length - MAX_EVENTS);
  switch (event.kind) {
    case "state":
      showState(event);
      break;
    case "core":
      showCore(event);
      break;
    case "plan":
      showPlan(event);
      showPlanned(event);
      break;
    case "progress":
      showProgress(event);
      break;
    case "report":
      showReport(event);
      break;
    case "history":
      showHistory(event.sessions || []);
      break;
    case "error":
      // a failed model call names the setting it concerns: a way there
      alertText(
        event.text,
        event.settings
          ? { label: page.w.open_settings, run: () => openSettings(event.settings), data: { openSettings: event.settings } }
          : null,
      );
      break;
    case "taken_over":
      takenOver();
      break;
    default:
      break;
  }
}

function setAllDisabled(off) {
  for (const control of document.querySelectorAll("button, input, select")) {
    if (control.closest("#alerts")) continue;
    control.disabled = off;
  }
  if (page.planHandle) page.planHandle.setDisabled(off);
  if (!off) paint();
}

function takenOver() {
  page.ended = true;
  if (page.stream) page.stream.close();
  $("connection").hidden = true;
  $("taken-over").hidden = false;
  $("taken-over").tabIndex = -1;
  $("taken-over").focus();
  $("taken-over").scrollIntoView({ block: "start" });
  for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  setAllDisabled(true);
}
