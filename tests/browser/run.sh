#!/usr/bin/env bash
# The browser tests of `tidyup ui`: builds the CLI, installs Debian's
# chromium and firefox-esr (and a CJK font) when missing, the npm packages
# (playwright-core, puppeteer-core: no browser download), then runs
# ui.test.mjs in both browsers against servers on 127.0.0.1 only.
# Ends with "N passed, M failed"; exits non-zero on any failure.
# TIDYUP_SCREENSHOTS=docs/screenshots also writes the README's screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."
export TIDYUP_RUN_STARTED=$(date +%s)

echo "building the CLI (cargo build -p tidyup)"
cargo build -p tidyup --quiet

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
fc-list :lang=zh 2>/dev/null | grep -q . || missing+=(fonts-wqy-zenhei)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing Debian's ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null
fi

echo "installing playwright-core and puppeteer-core (no browser download)"
(cd tests/browser && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error > /dev/null)

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
timeout --kill-after=10 900 node tests/browser/ui.test.mjs 2>&1 | tee "$log" || status=$?
if ! tail -n 1 "$log" | grep -Eq '^[0-9]+ passed, [0-9]+ failed$'; then
  # The runner died before its summary (e.g. a browser did not start).
  echo "0 passed, 1 failed"
  exit 1
fi
exit "$status"
