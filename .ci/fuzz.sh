#!/usr/bin/env bash
# Builds every fuzz target of fuzz/ and runs each for FUZZ_SECONDS (default
# 60) from its seed corpus; fails on any crash, hang (an input taking more
# than 10 s) or out-of-memory (2 GiB). Runs on the stable toolchain
# (RUSTC_BOOTSTRAP=1 lets cargo-fuzz pass its -Z flags). FUZZ_SANITIZER
# picks the sanitizer (default: address); FUZZ_TARGETS a subset, by name;
# FUZZ_JOBS how many targets run at once (default: the machine's cores).
# What a run learns stays in a temporary folder: the committed seeds never
# grow. A failing input is kept in fuzz/artifacts/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
sanitizer=${FUZZ_SANITIZER:-address}
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version > /dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi

cargo fmt --manifest-path fuzz/Cargo.toml -- --check
targets=${FUZZ_TARGETS:-$(cargo fuzz list --fuzz-dir fuzz)}
cargo fuzz build --fuzz-dir fuzz --sanitizer "$sanitizer"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One target's run, its output in $work/TARGET.log and its exit status in
# $work/TARGET.status. New inputs go to the first folder (temporary); the
# seeds are only read.
run_target() {
  local target=$1 status=0
  mkdir -p "$work/$target"
  cargo fuzz run --fuzz-dir fuzz --sanitizer "$sanitizer" "$target" \
    "$work/$target" "fuzz/corpus/$target" -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
    -print_final_stats=1 > "$work/$target.log" 2>&1 || status=$?
  echo "$status" > "$work/$target.status"
}

# Each run is one process on one core: FUZZ_JOBS of them at a time.
jobs_at_once=${FUZZ_JOBS:-$(nproc 2> /dev/null || echo 1)}
for target in $targets; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_at_once" ]; do
    wait -n || true
  done
  run_target "$target" &
done
wait

count=0
for target in $targets; do
  echo "--- fuzz $target (${seconds}s)"
  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|Done )' "$work/$target.log" || true
  status=$(cat "$work/$target.status")
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$work/$target.log" >&2
    echo "error: fuzz target $target failed (exit $status); the input is in fuzz/artifacts/$target/" >&2
    exit 1
  fi
  count=$((count + 1))
done
echo "fuzz: $count targets ran ${seconds}s each with no crash, hang or out-of-memory"
