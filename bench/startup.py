#!/usr/bin/env python3
"""Start-up benchmark of tidyup: first start (empty module cache), cached
start, time to the first prompt, and peak RSS.

Usage: python3 bench/startup.py [path/to/tidyup] [runs]
Build first with `cargo build --release -p tidyup`. It talks to no model:
tidyup is started on an empty temporary directory with a placeholder key,
timed until its start line appears on stdout (the moment it waits for the
first line), then its standard input is closed and it exits.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

BINARY = sys.argv[1] if len(sys.argv) > 1 else "target/release/tidyup"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 10


def start_once(cache_home, target):
    """Returns (seconds to the start line, seconds to exit, peak RSS in KiB)."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": target,
        "XDG_CACHE_HOME": cache_home,
        "TIDYUP_API_KEY": "placeholder",
        "TIDYUP_BASE_URL": "http://127.0.0.1:9",
        "LANG": "C.UTF-8",
    }
    before = time.perf_counter()
    child = subprocess.Popen(
        [BINARY, target, "--lang", "en"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
    )
    line = child.stdout.readline()
    prompt = time.perf_counter() - before
    if not line.startswith(b"tidyup started"):
        sys.exit(f"unexpected first line: {line!r} {child.stderr.read()!r}")
    child.stdin.close()
    _, _, usage = os.wait4(child.pid, 0)
    child.returncode = 0
    total = time.perf_counter() - before
    return prompt, total, usage.ru_maxrss


def describe(name, samples):
    ms = [s * 1000 for s in samples]
    print(f"{name:<28} median {statistics.median(ms):8.1f} ms   min {min(ms):8.1f} ms   max {max(ms):8.1f} ms")


def main():
    with tempfile.TemporaryDirectory() as scratch:
        target = os.path.join(scratch, "target")
        os.mkdir(target)
        first_prompt, first_total, first_rss = [], [], []
        for run in range(max(3, RUNS // 3)):
            cache = os.path.join(scratch, f"fresh-cache-{run}")
            prompt, total, rss = start_once(cache, target)
            first_prompt.append(prompt)
            first_total.append(total)
            first_rss.append(rss)
        warm = os.path.join(scratch, "warm-cache")
        start_once(warm, target)
        cached_prompt, cached_total, cached_rss = [], [], []
        for _ in range(RUNS):
            prompt, total, rss = start_once(warm, target)
            cached_prompt.append(prompt)
            cached_total.append(total)
            cached_rss.append(rss)
    print(f"binary: {BINARY}")
    describe("first start, to prompt", first_prompt)
    describe("first start, to exit", first_total)
    describe("cached start, to prompt", cached_prompt)
    describe("cached start, to exit", cached_total)
    print(f"{'peak RSS, first start':<28} {max(first_rss) / 1024:8.1f} MiB")
    print(f"{'peak RSS, cached start':<28} {max(cached_rss) / 1024:8.1f} MiB")


if __name__ == "__main__":
    main()
