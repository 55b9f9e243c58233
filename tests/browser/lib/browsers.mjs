// One small adapter over two drivers, so every flow is written once and
// runs the same steps in both browsers: Chromium through Playwright, and
// Firefox through puppeteer-core over WebDriver BiDi. Debian's browsers
// only (never a downloaded build).

import { chromium } from "playwright-core";
import puppeteer from "puppeteer-core";

import { STEP } from "./harness.mjs";

export const CHROMIUM = process.env.TIDYUP_CHROMIUM || "/usr/bin/chromium";
export const FIREFOX = process.env.TIDYUP_FIREFOX || "/usr/bin/firefox-esr";

/** The size of every page: the screenshots' size too. */
export const VIEWPORT = { width: 1280, height: 800 };

/**
 * Starts a browser by name ("chromium" or "firefox"); returns
 * `{ name, newPage(viewport?), close() }` where a page is the adapter
 * below, of `viewport`'s size (default `VIEWPORT`).
 */
export async function launch(name) {
  if (name === "chromium") {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    return {
      name,
      raw: browser,
      async newPage(viewport = VIEWPORT) {
        const context = await browser.newContext({ viewport, colorScheme: "light", locale: "en-US" });
        return playwrightPage(await context.newPage(), context);
      },
      close: () => browser.close(),
    };
  }
  if (name === "firefox") {
    const browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX,
      headless: true,
      protocolTimeout: STEP,
      extraPrefsFirefox: { "intl.accept_languages": "en-US", "ui.systemUsesDarkTheme": 0 },
    });
    return {
      name,
      raw: browser,
      async newPage(viewport = VIEWPORT) {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        await page.setViewport(viewport);
        return puppeteerPage(page, context);
      },
      close: () => browser.close(),
    };
  }
  throw new Error(`unknown browser ${name}`);
}

/** Errors the page threw, shared by both adapters: a flow checks none came. */
function collectErrors(page) {
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e?.message ?? e)));
  return errors;
}

function playwrightPage(page, context) {
  const errors = collectErrors(page);
  return {
    browser: "chromium",
    raw: page,
    errors,
    goto: (url) => page.goto(url, { timeout: STEP }),
    initScript: (fn) => page.addInitScript(fn),
    click: (sel) => page.click(sel, { timeout: STEP }),
    fill: (sel, text) => page.fill(sel, text, { timeout: STEP }),
    select: (sel, value) => page.selectOption(sel, value, { timeout: STEP }).then(() => undefined),
    press: (key) => page.keyboard.press(key),
    waitFor: (sel, { hidden = false, timeout = STEP } = {}) =>
      page.waitForSelector(sel, { state: hidden ? "hidden" : "visible", timeout }).then(() => undefined),
    waitForFunction: (fn, arg, { timeout = STEP } = {}) =>
      page.waitForFunction(fn, arg, { timeout, polling: 100 }).then((handle) => handle.jsonValue()),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    screenshot: (path, { fullPage = false } = {}) => page.screenshot({ path, fullPage }),
    close: () => context.close(),
  };
}

function puppeteerPage(page, context) {
  const errors = collectErrors(page);
  return {
    browser: "firefox",
    raw: page,
    errors,
    goto: (url) => page.goto(url, { timeout: STEP }),
    initScript: (fn) => page.evaluateOnNewDocument(fn),
    async click(sel) {
      await page.waitForSelector(sel, { visible: true, timeout: STEP });
      await page.click(sel);
    },
    async fill(sel, text) {
      await page.waitForSelector(sel, { visible: true, timeout: STEP });
      await page.locator(sel).setTimeout(STEP).fill(text);
    },
    async select(sel, value) {
      await page.waitForSelector(sel, { visible: true, timeout: STEP });
      await page.select(sel, value);
    },
    press: (key) => page.keyboard.press(key),
    waitFor: (sel, { hidden = false, timeout = STEP } = {}) =>
      page.waitForSelector(sel, hidden ? { hidden: true, timeout } : { visible: true, timeout }).then(() => undefined),
    waitForFunction: (fn, arg, { timeout = STEP } = {}) =>
      page.waitForFunction(fn, { timeout, polling: 100 }, arg).then((handle) => handle.jsonValue()),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    screenshot: (path, { fullPage = false } = {}) => page.screenshot({ path, fullPage }),
    close: () => context.close(),
  };
}
