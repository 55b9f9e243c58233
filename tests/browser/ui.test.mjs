// The browser tests of `tidyup ui`: the same flows in Chromium (Playwright)
// and Firefox (puppeteer-core over WebDriver BiDi), each against its own
// `tidyup ui` on a temporary folder. Run with tests/browser/run.sh; ends
// with "N passed, M failed". TIDYUP_BROWSERS=chromium (or firefox) runs one;
// TIDYUP_SCREENSHOTS=docs/screenshots writes the README's screenshots.

import { finish, test } from "./lib/harness.mjs";
import { launch } from "./lib/browsers.mjs";
import { accessibility } from "./flows/a11y.mjs";
import { adapterCheck } from "./flows/adapter.mjs";
import { addressChecks, hostileFlow } from "./flows/hostile.mjs";
import { dryRun, places, twoTabs } from "./flows/session.mjs";
import { modelFlow } from "./flows/model.mjs";
import { keyFlow, redirectFlow } from "./flows/opener.mjs";
import { offlineFlow } from "./flows/offline.mjs";
import { stopFlow } from "./flows/stop.mjs";
import { afterApplyShot, chineseFlow, screenshots, shot, SHOTS } from "./flows/screens.mjs";
import { afterApplyFlow, catalogueCheck, oneLanguageFlow } from "./flows/words.mjs";
import { failedCallFlow } from "./flows/failures.mjs";
import { fourHundredFlow, historyFlow, twoLanguagesFlow } from "./flows/people.mjs";

const names = (process.env.TIDYUP_BROWSERS || "chromium,firefox").split(",").filter(Boolean);
const only = process.env.TIDYUP_ONLY || "";

async function run(name, body, options) {
  if (only && !name.includes(only)) return;
  await test(name, body, options);
}

await run("server: a wrong or missing secret is 404, a forged Host or Origin 403", (scope) => addressChecks(scope));
await run("words: the window's words, in English and Chinese, name no flag, variable or command", () => catalogueCheck());

for (const name of names) {
  let browser = null;
  await test(`${name}: starts`, async (scope) => {
    browser = await launch(name);
    await adapterCheck(scope, browser);
  });
  if (!browser) continue;
  try {
    await run(`${name}: organize offline, untick a row and a group, change a destination, apply, undo`, (scope) =>
      offlineFlow(scope, browser));
    await run(`${name}: every control named, every text in AA contrast, in English and Chinese`, (scope) => accessibility(scope, browser));
    await run(`${name}: a page on another origin is refused`, (scope) =>
      hostileFlow(scope, browser, { screenshot: name === "chromium" ? shot("refused") : null }));
    await run(`${name}: opened through a private file that redirects to the window`, (scope) => redirectFlow(scope, browser));
    await run(`${name}: a model address typed with a key set waits for a yes`, (scope) => keyFlow(scope, browser));
    await run(`${name}: one language per page, the session's, in every tab`, (scope) => oneLanguageFlow(scope, browser));
    await run(`${name}: a failed model call is told for people, with a way to the settings`, (scope) => failedCallFlow(scope, browser));
    await run(`${name}: 400 files at 1280×900 in people's words, the page's counts the table's and the disk's`, (scope) =>
      fourHundredFlow(scope, browser), { timeout: 300_000 });
    await run(`${name}: the page's language and the new folders' names are two choices`, (scope) => twoLanguagesFlow(scope, browser));
    await run(`${name}: History lists this folder first and a gone folder without Undo, in a second tab too`, (scope) =>
      historyFlow(scope, browser));
    if (name === "chromium") {
      await run(`${name}: a model through a local provider plans, apply, undo`, (scope) => modelFlow(scope, browser));
      await run(`${name}: Stop during a large apply, then undo`, (scope) => stopFlow(scope, browser));
      await run(`${name}: one tab owns the session; another may take it over; Ctrl-C ends it`, (scope) => twoTabs(scope, browser));
      await run(`${name}: --dry-run: Apply saves the plan, the folder stays; the filter`, (scope) => dryRun(scope, browser));
      await run(`${name}: choose a folder among the usual places`, (scope) => places(scope, browser));
      await run(`${name}: the window in Chinese`, (scope) => chineseFlow(scope, browser));
      await run(`${name}: no sideways scroll; after an apply, what happened in words for people; Undo asks first`, (scope) =>
        afterApplyFlow(scope, browser));
      await run(`${name}: the demo folder applied: the Done report as the disk says, its screenshot`, (scope) =>
        afterApplyShot(scope, browser));
      if (SHOTS) await run(`${name}: screenshots into ${SHOTS}`, (scope) => screenshots(scope, browser), { timeout: 400_000 });
    }
  } finally {
    await browser.close().catch(() => {});
  }
}

finish();
