#!/usr/bin/env bash
# Writes the page's generated files into web/core/ (git-ignored):
#   tidyup_core.wasm  the CLI's embedded core, byte for byte (`tidyup export-core`)
#   demo-files.json   the demo folder's files and sizes, from `tidyup demo` itself
# Usage: web/prepare.sh [path/to/tidyup]   (default: target/debug/tidyup)
set -euo pipefail
cd "$(dirname "$0")/.."
TIDYUP=${1:-target/debug/tidyup}
mkdir -p web/core
"$TIDYUP" export-core web/core/tidyup_core.wasm
demo=$(mktemp -d)
trap 'rm -rf "$demo"' EXIT
"$TIDYUP" demo "$demo/messy" --lang en > /dev/null
python3 - "$demo/messy" > web/core/demo-files.json <<'PY'
import json, os, sys
root = sys.argv[1]
files = []
for dirpath, _, names in os.walk(root):
    for name in names:
        path = os.path.join(dirpath, name)
        files.append({"path": os.path.relpath(path, root), "size": os.path.getsize(path)})
json.dump(sorted(files, key=lambda f: f["path"]), sys.stdout, indent=1)
PY
echo "web/core/demo-files.json: $(grep -c '"path"' web/core/demo-files.json) files"
