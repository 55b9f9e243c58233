// How the window reaches the browser and where the key may go: the
// browser is handed a private file that redirects to the secret address
// (the address never on a command line), and a model address typed on the
// page with a key set is asked about in the key dialog before it is used.

import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { check, equal, STEP } from "../lib/harness.mjs";
import { sandbox, smallFolder, startUi } from "../lib/tidyup.mjs";
import * as ui from "../lib/ui.mjs";

/** The file the window gives the browser opens the window itself. */
export async function redirectFlow(scope, browser) {
  const box = sandbox(scope);
  const dir = smallFolder(box);
  // A stand-in for the desktop's opener: it writes down what it was given.
  const bin = join(box.root, "bin");
  mkdirSync(bin);
  const given = join(bin, "given");
  for (const name of ["xdg-open", "open"]) {
    writeFileSync(join(bin, name), `#!/bin/sh\nprintf '%s\\n' "$@" > '${given}.part' && mv '${given}.part' '${given}'\n`);
    chmodSync(join(bin, name), 0o755);
  }
  const server = await startUi(scope, box, dir, ["--lang", "en"], { PATH: `${bin}:${process.env.PATH}` }, { open: true });
  const start = Date.now();
  while (!existsSync(given) && Date.now() - start < STEP) await new Promise((done) => setTimeout(done, 50));
  const args = readFileSync(given, "utf8").trim().split("\n");
  equal(args.length, 1, `the opener was given one argument: ${JSON.stringify(args)}`);
  check(args[0].startsWith("file:///") && !args[0].includes(server.secret), `the opener was given the secret: ${args[0]}`);

  const page = await browser.newPage();
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);
  await page.goto(args[0]);
  const start2 = Date.now();
  while (page.raw.url() !== server.url && Date.now() - start2 < STEP) await new Promise((done) => setTimeout(done, 50));
  equal(page.raw.url(), server.url, "the file led the browser to the window");
  await ui.open(page, server.url);
  equal(page.errors, [], "no script error on the page");
}

/** A model address typed on the page, with a key set, waits for a yes. */
export async function keyFlow(scope, browser) {
  const box = sandbox(scope);
  const dir = smallFolder(box);
  const own = "http://127.0.0.1:9/v1";
  const typed = "http://127.0.0.1:10/v1";
  const server = await startUi(scope, box, dir, ["--lang", "en", "--base-url", own, "--model", "m"], {
    TIDYUP_API_KEY: "sk-test-dummy-key-0123456789",
  });
  const page = await browser.newPage();
  scope.defer(() => page.close());
  ui.explainWith(scope, page, server);
  await ui.open(page, server.url);
  const ask = async () => {
    await page.fill("#base-url", typed);
    await page.press("Tab");
    await page.waitFor("#key-dialog");
    const seen = await page.evaluate(() => ({
      text: document.getElementById("key-text").textContent,
      address: document.getElementById("key-address").textContent,
      focused: document.activeElement && document.activeElement.id,
    }));
    check(seen.text.includes(typed) && seen.text.includes("API key"), `the question says where the key goes: ${seen.text}`);
    equal([seen.address, seen.focused], [typed, "key-cancel"], "the address shown, Cancel focused");
  };

  await ask();
  await page.press("Escape");
  await page.waitFor("#key-dialog", { hidden: true });
  equal((await ui.state(page)).base_url, own, "declined: the key's address is as it was");
  // A dialog's close event comes as a task of its own after it is hidden,
  // and the page puts the field back when it handles that event.
  await page
    .waitForFunction((url) => document.getElementById("base-url").value === url, own)
    .catch(() => {});
  equal(await page.evaluate(() => document.getElementById("base-url").value), own, "and the field says so");

  await ask();
  await page.click("#key-ok");
  await page.waitFor("#key-dialog", { hidden: true });
  await page.waitForFunction((url) => window.tidyup.state.base_url === url, typed);
  equal(page.errors, [], "no script error on the page");
}
