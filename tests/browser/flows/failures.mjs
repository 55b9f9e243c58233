// A failed model call in the window: the page says what failed in words
// for people (no flag, variable or terminal command), in English and
// Chinese, with a button that opens the settings at the field concerned.

import { check, equal } from "../lib/harness.mjs";
import { fail, startProvider } from "../lib/mock-provider.mjs";
import { sandbox, smallFolder, startUi } from "../lib/tidyup.mjs";
import * as ui from "../lib/ui.mjs";
import { JARGON } from "./words.mjs";

const KEY = "sk-test-dummy-key-0123456789";

/** The provider refuses the key (English: the planner's field) or does not
 * know the model (Chinese: the model's field). */
const CASES = [
  { lang: "en", status: 401, message: "Incorrect API key provided", field: "provider", button: "Open settings" },
  { lang: "zh", status: 404, message: "The model `m` does not exist", field: "model", button: "打开设置" },
];

export async function failedCallFlow(scope, browser) {
  for (const { lang, status, message, field, button } of CASES) {
    const box = sandbox(scope);
    const dir = smallFolder(box);
    const provider = await startProvider(scope, [fail(status, message)]);
    const server = await startUi(scope, box, dir, ["--lang", lang, "--base-url", provider.baseUrl, "--model", "m"], {
      TIDYUP_API_KEY: KEY,
    });
    const page = await browser.newPage();
    scope.defer(() => page.close());
    ui.explainWith(scope, page, server);
    await ui.open(page, server.url);
    await page.click("#organize");
    await page.waitFor("#alerts button[data-open-settings]");
    const alert = await page.evaluate(() => {
      const box = document.querySelector("#alerts .alert");
      const open = box.querySelector("button[data-open-settings]");
      return { text: box.querySelector("p").textContent, button: open.textContent, setting: open.dataset.openSettings };
    });
    equal([alert.button, alert.setting], [button, field], `${lang}: the alert's button and the setting it opens`);
    check(alert.text.includes(message), `${lang}: the provider's own words are quoted: ${alert.text}`);
    check(lang !== "zh" || /[\u4e00-\u9fff]/.test(alert.text.replace(message, "")), `the alert in Chinese: ${alert.text}`);
    const text = await page.evaluate(() => document.body.innerText);
    for (const word of JARGON) check(!word.test(text), `${lang}: the page says ${word} after a failed call:\n${text}`);
    check(!text.includes("model call failed") && !text.includes("模型调用失败"), `${lang}: the terminal's line is not shown:\n${text}`);
    await page.click("#alerts button[data-open-settings]");
    const id = { provider: "provider", model: "model", base_url: "base-url" }[field];
    await page.waitForFunction((want) => document.activeElement?.id === want, id);
    equal(page.errors, [], `${lang}: no script error on the page`);
  }
}
