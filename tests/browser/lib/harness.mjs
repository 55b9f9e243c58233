// The test runner's small core: named tests, each with its own cleanup and
// a time limit that turns a hang into a failure, and the closing line
// "N passed, M failed".

/** How long one test may take before it counts as failed (a hang). */
export const TEST_TIMEOUT = 180_000;

/** How long one step of the page (a plan, an apply, an undo) may take. */
export const STEP = 60_000;

/** Tests that passed and failed so far. */
export const results = { passed: 0, failed: 0, names: [] };

/**
 * Runs one named test. `body(scope)` gets a scope whose `defer(fn)` adds a
 * cleanup run (last first) when the test ends, passed, failed or timed out.
 * A throw or the time limit fails the test, not the run.
 */
export async function test(name, body, { timeout = TEST_TIMEOUT } = {}) {
  const cleanups = [];
  const explains = [];
  const scope = { defer: (fn) => cleanups.push(fn), explain: (fn) => explains.push(fn), name };
  const started = Date.now();
  let timer;
  try {
    await Promise.race([
      body(scope),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeout / 1000} s`)), timeout);
      }),
    ]);
    results.passed++;
    console.log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    results.failed++;
    results.names.push(name);
    console.log(`FAIL ${name}\n     ${String(e.stack || e).replaceAll("\n", "\n     ")}`);
    // What the page and the server showed at that moment.
    for (const fn of explains) {
      const text = await Promise.race([
        Promise.resolve().then(fn).catch((err) => `(no explanation: ${err.message})`),
        new Promise((done) => setTimeout(() => done("(no explanation in 10 s)"), 10_000)),
      ]);
      console.log(`     ${String(text).replaceAll("\n", "\n     ")}`);
    }
  } finally {
    clearTimeout(timer);
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (e) {
        // A cleanup that fails after a pass fails the test (e.g. a
        // non-zero exit status of the server).
        if (!results.names.includes(name)) {
          results.passed--;
          results.failed++;
          results.names.push(name);
        }
        console.log(`FAIL ${name} (cleanup)\n     ${String(e.stack || e).replaceAll("\n", "\n     ")}`);
      }
    }
  }
}

/** Throws `message` unless `cond`. */
export function check(cond, message) {
  if (!cond) throw new Error(message);
}

/** Throws unless `actual` and `expected` have the same JSON. */
export function equal(actual, expected, message) {
  const [a, b] = [JSON.stringify(actual), JSON.stringify(expected)];
  if (a !== b) throw new Error(`${message}\n  actual:   ${a.slice(0, 3000)}\n  expected: ${b.slice(0, 3000)}`);
}

/** Prints the closing line and sets the exit code. */
export function finish() {
  if (results.failed) console.log(`failed: ${results.names.join("; ")}`);
  // The whole run, build and installs included when run.sh set the start.
  const started = Number(process.env.TIDYUP_RUN_STARTED) || Math.floor(performance.timeOrigin / 1000);
  console.log(`the browser tests of tidyup ui took ${Math.round(Date.now() / 1000 - started)} s`);
  console.log(`${results.passed} passed, ${results.failed} failed`);
  process.exitCode = results.failed ? 1 : 0;
}
