// What every part of the window shares: `$`, the page's state (one object,
// so each module reads and sets the same values), the test handle
// `window.tidyup` and the alerts. It imports nothing of the window's own.

import { words } from "./i18n.js";

export const $ = (id) => document.getElementById(id);
export const tidyup = (window.tidyup = { state: null, events: [], plan: null, phase: "idle" });

/** The window's state; each field is set by the module named beside it. */
export const page = {
  // the session's language, which the server writes into the page: the
  // one place it comes from, so every tab speaks as the session does
  lang: document.documentElement.lang === "zh" ? "zh" : "en", // setup.js
  w: null, // words(lang), with lang
  tab: null, // connection.js
  stream: null, // connection.js
  ended: false, // another tab took the session over (connection.js)
  planHandle: null, // apply.js
  report: null, // apply.js
  action: null, // "apply" | "undo" while one runs (apply.js)
  stopping: false, // apply.js, app.js
  history: [], // history.js
};
page.w = words(page.lang);

/** Shows `text` as a dismissable alert (the last five stay); `action`
 * (`{ label, run, data }`) adds a button that runs it, `data` its
 * `data-*` attributes. */
export function alertText(text, action = null) {
  const box = document.createElement("div");
  box.className = "alert";
  const p = document.createElement("p");
  p.textContent = text;
  if (action) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "secondary";
    button.textContent = action.label;
    Object.assign(button.dataset, action.data || {});
    button.addEventListener("click", action.run);
    p.append(" ", button);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "link";
  close.dataset.dismiss = "";
  close.textContent = "×";
  close.setAttribute("aria-label", page.w.dismiss);
  close.addEventListener("click", () => box.remove());
  box.append(p, close);
  $("alerts").append(box);
  while ($("alerts").childElementCount > 5) $("alerts").firstElementChild.remove();
}
