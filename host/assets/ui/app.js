// The window of `tidyup ui`: a view of the session the native host runs.
// It claims the session for this tab, reads the session's events from one
// stream (api/events) and sends the person's actions as small JSON POSTs;
// docs/UI.md is the contract. Every word comes from i18n.js.
//
// Hooks for the browser tests (stable; nothing else here is):
//   #organize (submits #request with it), #request, #apply, #stop, #undo
//   (the report's), #history (the aside), #history-list > [data-session]
//   with button[data-undo], #confirm-dialog / #confirm-ok (undo's question),
//   #choose-folder, #folder-dialog, #folder-path, #folder-ok, #places button[data-path],
//   #provider, #model, #base-url, #lang (the page's language), #names (the
//   new folders' language), #read-contents, #start-line,
//   #plan table, tr[data-row-id], tbody[data-destination],
//   input[data-group-toggle], input[data-row-tick], button[data-change-to],
//   button[data-change-group], button[data-expand], #destination-dialog,
//   #destination-pick, #destination-new, #destination-ok, #progress,
//   #progress-text, #report, #activity, #alerts (a failed model call's
//   button[data-open-settings]), #taken-over, #take-over.
// `window.tidyup` = { state, events, plan, phase }: for tests only.
//
// The window's parts, one module each: page.js (what they share),
// server.js (the POSTs), connection.js (the claim and the event stream),
// setup.js (the settings header, the folder dialog, the language),
// activity.js (the activity log), apply.js (the phase, the plan, apply,
// progress and the report), history.js (the aside and undo's question);
// this file wires the controls to them and starts the window.

import { $, page } from "./page.js";
import { act } from "./server.js";
import { claim, loadHistory } from "./connection.js";
import { chooseFolder, openFolderDialog, setLang, settings } from "./setup.js";
import { apply, paint } from "./apply.js";
import { confirmUndo, confirmed } from "./history.js";

function wire() {
  $("organize-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const request = $("request").value.trim();
    act("api/organize", request ? { request } : {});
  });
  $("stop").addEventListener("click", async () => {
    page.stopping = true;
    paint();
    const answer = await act("api/stop", {});
    if (!answer.ok) {
      page.stopping = false;
      paint();
    }
  });
  $("apply").addEventListener("click", apply);
  // the report's Undo asks as History's Undo does
  $("undo").addEventListener("click", () => {
    if (page.report && page.report.session) confirmUndo(page.report.session, $("undo"));
  });
  $("history-list").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-undo]");
    if (button && !button.disabled) confirmUndo(button.dataset.undo, button);
  });
  $("history-refresh").addEventListener("click", loadHistory);
  $("confirm-cancel").addEventListener("click", () => $("confirm-dialog").close());
  $("confirm-form").addEventListener("submit", (event) => {
    event.preventDefault();
    confirmed();
  });
  $("choose-folder").addEventListener("click", openFolderDialog);
  $("places").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-path]");
    if (button) chooseFolder(button.dataset.path);
  });
  $("folder-form").addEventListener("submit", (event) => {
    event.preventDefault();
    chooseFolder($("folder-path").value);
  });
  $("folder-cancel").addEventListener("click", () => $("folder-dialog").close());
  $("provider").addEventListener("change", () => {
    const provider = $("provider").value;
    for (const field of document.querySelectorAll(".model-field")) field.hidden = provider === "offline";
    settings({ provider });
  });
  $("model").addEventListener("change", () => settings({ model: $("model").value.trim() }));
  $("base-url").addEventListener("change", () => settings({ base_url: $("base-url").value.trim() }));
  $("read-contents").addEventListener("change", () => settings({ read_contents: $("read-contents").checked }));
  $("names").addEventListener("change", () => settings({ names: $("names").value }));
  $("lang").addEventListener("change", () => {
    const next = $("lang").value;
    setLang(next);
    if (page.tab && !page.ended) settings({ lang: next });
  });
  $("take-over").addEventListener("click", () => claim(true));
  $("read-contents").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      $("read-contents").click();
    }
  });
}

wire();
setLang(page.lang);
claim(false);
