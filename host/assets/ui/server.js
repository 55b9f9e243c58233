// Talking to the server: the JSON POSTs of docs/UI.md, with the tab's id.

import { alertText, page } from "./page.js";

/** POSTs `body` to `path`: `{ ok, status, data }`, never a throw. */
export async function post(path, body) {
  let res;
  try {
    res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Tidyup-Tab": page.tab || "new" },
      body: JSON.stringify(body ?? {}),
    });
  } catch (err) {
    return { ok: false, status: 0, data: { error: String(err && err.message ? err.message : err) } };
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  return { ok: res.ok, status: res.status, data };
}

/** POSTs an action; a refusal becomes a visible alert. */
export async function act(path, body) {
  const answer = await post(path, body);
  if (!answer.ok) alertText((answer.data && answer.data.error) || `${page.w.error} (${answer.status})`);
  return answer;
}
