#!/usr/bin/env bash
# Builds the static page into web/dist/ (git-ignored), ready for any static
# file server; nothing runs on the server side:
#   the page's files (web/*.html, *.css, *.js),
#   plan-table.js (with the plan-*.js modules it imports) and i18n.js,
#     shared with `tidyup ui` (host/assets/ui/),
#   core/tidyup_core.wasm  the CLI's embedded core, byte for byte (`tidyup export-core`),
#   core/demo-files.json   the demo folder's files and sizes, from `tidyup demo`.
# Usage: bash web/build.sh [path/to/tidyup]   (default: target/debug/tidyup)
set -euo pipefail
cd "$(dirname "$0")/.."
TIDYUP=${1:-target/debug/tidyup}
bash web/prepare.sh "$TIDYUP"
rm -rf web/dist
mkdir -p web/dist/core
cp web/index.html web/style.css web/*.js web/dist/
cp host/assets/ui/plan-*.js host/assets/ui/i18n.js web/dist/
cp web/core/tidyup_core.wasm web/core/demo-files.json web/dist/core/
echo "web/dist: $(find web/dist -type f | wc -l) files"
