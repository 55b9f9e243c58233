// The setup header and the folder dialog: the session's settings (folder,
// provider, model, address, contents opt-in, the language new folders are
// named in) as the `state` event says them, their changes sent back, and
// the page's words in its own language, a choice of its own.

import { htmlLang, words } from "./i18n.js";
import { showModal } from "./plan-table.js";
import { $, alertText, page, tidyup } from "./page.js";
import { post } from "./server.js";
import { paint, relabelRun, setPhase } from "./apply.js";
import { showHistory } from "./history.js";

/** Shows a `state` event: the settings, the start line and the phase. */
export function showState(state) {
  tidyup.state = state;
  if (state.lang && state.lang !== page.lang) setLang(state.lang);
  $("folder").textContent = state.folder || page.w.no_folder;
  fillProviders(state);
  // a field being typed in keeps what the person typed
  if (document.activeElement !== $("model")) $("model").value = state.model || "";
  if (document.activeElement !== $("base-url")) $("base-url").value = state.base_url || "";
  $("read-contents").checked = Boolean(state.read_contents);
  if (state.names) $("names").value = state.names;
  $("start-line").textContent = state.start_line || "";
  $("mode-lines").replaceChildren(
    ...(state.mode_lines || []).map((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      return li;
    }),
  );
  $("watching").hidden = !state.watching;
  setPhase(state.phase || "idle");
}

function fillProviders(state) {
  const select = $("provider");
  const names = ["offline", ...(state.providers || []).filter((name) => name !== "offline")];
  if (state.provider && !names.includes(state.provider)) names.push(state.provider);
  const key = `${page.lang}\n${names.join("\n")}`;
  if (select.dataset.key !== key) select.replaceChildren(
    ...names.map((name) => {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = name === "offline" ? page.w.provider_offline : name;
      return option;
    }),
  );
  select.dataset.key = key;
  select.value = state.provider || "offline";
  const offline = select.value === "offline";
  for (const field of document.querySelectorAll(".model-field")) field.hidden = offline;
}

/** Opens the settings at `setting` (`base_url`, `model` or `provider`, as
 * a failed model call names it): brought into view, that field focused. */
export function openSettings(setting) {
  const id = { base_url: "base-url", model: "model" }[setting] || "provider";
  const field = $(id);
  if (field.closest(".model-field")?.hidden) for (const f of document.querySelectorAll(".model-field")) f.hidden = false;
  $("setup-title").closest("section").scrollIntoView({ block: "start" });
  field.focus();
  if (field.select) field.select();
}

/** Changes the session's settings; the new `state` comes as an event (and
 * as the answer). A change that would send the API key to an address the
 * person's own settings do not name is asked about first (the server's
 * text, in the key dialog) and sent again with the confirmation only on a
 * yes. Refused or declined, the page shows the settings as they were. */
export async function settings(change) {
  const before = tidyup.state && { ...tidyup.state };
  let answer = await post("api/settings", change);
  const asked = answer.status === 409 && answer.data && answer.data.confirm;
  if (asked && (await confirmKey(answer.data))) {
    answer = await post("api/settings", { ...change, confirm: answer.data.confirm });
  }
  if (answer.ok && answer.data && answer.data.phase) showState(answer.data);
  else {
    if (!(answer.data && answer.data.confirm)) alertText((answer.data && answer.data.error) || `${page.w.error} (${answer.status})`);
    if (before) {
      showState(before);
      // even the field typed in: what it says was not made
      $("model").value = before.model || "";
      $("base-url").value = before.base_url || "";
    }
  }
  return answer;
}

/** Asks in the key dialog whether the key may go to the address `asked`
 * names: `true` only on the dialog's own confirm button. */
function confirmKey(asked) {
  const dialog = $("key-dialog");
  $("key-text").textContent = asked.error || "";
  $("key-address").textContent = asked.base_url || "";
  return new Promise((done) => {
    let yes = false;
    const form = $("key-form");
    const submit = (event) => {
      event.preventDefault();
      yes = true;
      dialog.close();
    };
    const cancel = () => dialog.close();
    form.addEventListener("submit", submit);
    $("key-cancel").addEventListener("click", cancel);
    dialog.addEventListener(
      "close",
      () => {
        form.removeEventListener("submit", submit);
        $("key-cancel").removeEventListener("click", cancel);
        done(yes);
      },
      { once: true },
    );
    showModal(dialog, document.activeElement);
    $("key-cancel").focus();
  });
}

/** Opens the folder dialog with the places the server offers. */
export async function openFolderDialog() {
  const box = $("places");
  box.replaceChildren();
  $("folder-error").textContent = "";
  $("folder-path").value = (tidyup.state && tidyup.state.folder) || "";
  try {
    const res = await fetch("api/places");
    const places = res.ok ? await res.json() : [];
    for (const place of places) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "place";
      button.dataset.path = place.path;
      const label = document.createElement("span");
      label.className = "place-label";
      label.textContent = place.label;
      const path = document.createElement("span");
      path.className = "place-path";
      path.textContent = place.path;
      button.append(label, path);
      box.append(button);
    }
  } catch {
    /* the typed path still works */
  }
  showModal($("folder-dialog"), $("choose-folder"));
  (box.querySelector("button") || $("folder-path")).focus();
}

/** Makes `path` the session's folder; a refusal stays in the dialog. */
export async function chooseFolder(path) {
  const folder = String(path || "").trim();
  if (!folder) return;
  const answer = await post("api/settings", { folder });
  if (!answer.ok) {
    $("folder-error").textContent = (answer.data && answer.data.error) || page.w.error;
    $("folder-path").focus();
    return;
  }
  $("folder-dialog").close();
}

/** Puts the whole page in `next` ("en" or "zh"). */
export function setLang(next) {
  page.lang = next === "zh" ? "zh" : "en";
  const w = (page.w = words(page.lang));
  document.documentElement.lang = htmlLang(page.lang);
  $("lang").value = page.lang;
  for (const node of document.querySelectorAll("[data-t]")) {
    const text = w[node.dataset.t];
    if (typeof text === "string") node.textContent = text;
  }
  for (const node of document.querySelectorAll("[data-t-placeholder]")) node.placeholder = w[node.dataset.tPlaceholder];
  for (const node of document.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", w[node.dataset.tLabel]);
  for (const node of document.querySelectorAll("[data-dismiss]")) node.setAttribute("aria-label", w.dismiss);
  if (tidyup.state) fillProviders(tidyup.state);
  $("folder").textContent = (tidyup.state && tidyup.state.folder) || w.no_folder;
  relabelRun();
  showHistory(page.history);
  paint();
}
