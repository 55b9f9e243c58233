#!/usr/bin/env bash
# The browser test of web/: builds the CLI, builds the page into web/dist/,
# installs Chromium and playwright-core when missing, then runs
# browser.test.mjs (headless Chromium against servers on 127.0.0.1 only).
# Ends with "N passed, M failed"; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/../.."

echo "building the CLI (cargo build -p tidyup)"
cargo build -p tidyup --quiet
bash web/build.sh target/debug/tidyup

if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null
fi
# A CJK font, only so the screenshot shows the demo's Chinese names (optional).
if ! fc-list :lang=zh 2>/dev/null | grep -q .; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-zenhei > /dev/null 2>&1 \
    || echo "(no CJK font: Chinese names show as boxes in the screenshot)"
fi

echo "installing playwright-core (no browser download)"
(cd web/test && npm ci --no-audit --no-fund --loglevel=error > /dev/null)

mkdir -p target
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
timeout --kill-after=10 300 node web/test/browser.test.mjs 2>&1 | tee "$log" || status=$?
if ! tail -n 1 "$log" | grep -Eq '^[0-9]+ passed, [0-9]+ failed$'; then
  # The runner died before its summary (e.g. Chromium did not start).
  echo "0 passed, 1 failed"
  exit 1
fi
exit "$status"
