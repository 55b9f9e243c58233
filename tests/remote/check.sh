#!/usr/bin/env bash
# tidyup on real remote folders: starts the loopback SFTP, WebDAV and S3
# servers (servers.sh), then on each one organizes a copy of the demo
# folder with the offline planner, undoes it, and checks every file's
# bytes and place are as before. Usage: bash tests/remote/check.sh [TIDYUP]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tidyup=${1:-$here/../../target/debug/tidyup}
tidyup=$(cd "$(dirname "$tidyup")" && pwd)/$(basename "$tidyup")
work=$(mktemp -d)
trap 'bash "$here/servers.sh" stop "$work/servers" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

mkdir -p "$work/servers" "$work/home"
bash "$here/servers.sh" install
bash "$here/servers.sh" start "$work/servers" >/dev/null
# shellcheck disable=SC1091
. "$work/servers/env"
export PATH="$TIDYUP_TEST_SSH_BIN:$PATH" HOME="$work/home"
export XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"
"$tidyup" demo "$work/demo" >/dev/null

# Every file under $1 with its hash, sorted: what must come back.
files_of() { (cd "$1" && find . -type f -exec sha256sum {} + | LC_ALL=C sort); }

failed=0
for backend in SFTP WEBDAV S3; do
  dir_var=TIDYUP_TEST_${backend}_DIR url_var=TIDYUP_TEST_${backend}_URL
  dir=${!dir_var} url=${!url_var}
  cp -a "$work/demo/." "$dir/"
  files_of "$dir" >"$work/before"
  printf 'organize this folder\nyes\nquit\n' | "$tidyup" --provider offline "$url" >"$work/session.log" 2>&1
  moved=$(find "$dir" -mindepth 2 -type f | wc -l)
  "$tidyup" undo >"$work/undo.log" 2>&1
  files_of "$dir" >"$work/after"
  if [ "$moved" -lt 40 ] || grep -q '✗' "$work/session.log" || ! cmp -s "$work/before" "$work/after"; then
    echo "FAIL $backend: $moved files in folders after organizing; session and undo:" >&2
    tail -20 "$work/session.log" "$work/undo.log" >&2
    diff "$work/before" "$work/after" >&2 || true
    failed=1
  else
    echo "ok   $backend: organized ($moved files placed in folders), undo restored every file byte for byte"
  fi
done
exit "$failed"
