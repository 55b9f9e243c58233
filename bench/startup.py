#!/usr/bin/env python3
"""Start-up benchmark of tidyup, in one run:

1. First start (empty cache: the precompiled core, nothing to compile)
   against a cached start: time to the start line, time to exit, peak RSS
   (targets: first start within 10x of a cached start, at most 60 MiB).
2. Start-to-quit: `tidyup --provider offline DIR` given `quit` (target: at
   most 8 ms).
3. `tidyup watch`: the time from start until it is watching, idle (target:
   at most 0.2 s).
4. A peer: a minimal agent on the official `openai` Python SDK, started and
   quit the same way, and its ratio to tidyup's start-to-quit (target: at
   least 50x). The SDK comes from a virtual environment: set OPENAI_PYTHON
   to its python, or the script says how to make one.

Usage: python3 bench/startup.py [path/to/tidyup] [runs]
Build first with `cargo build --release -p tidyup`. It talks to no model.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from harness import env_for, measure

BINARY = sys.argv[1] if len(sys.argv) > 1 else "target/release/tidyup"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 10

PEER = '''
import sys
from openai import OpenAI

client = OpenAI(api_key="placeholder", base_url="http://127.0.0.1:9/v1")
messages = [{"role": "system", "content": "You organize files."}]
print("agent started", flush=True)
for line in sys.stdin:
    if line.strip() == "quit":
        break
    messages.append({"role": "user", "content": line})
    reply = client.chat.completions.create(model="m", messages=messages)
    print(reply.choices[0].message.content, flush=True)
'''


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
    print(f"{name:<32} median {statistics.median(ms):8.1f} ms   min {min(ms):8.1f} ms   "
          f"max {max(ms):8.1f} ms")


def start_to_quit(command, env, runs):
    """Wall seconds of each of `runs` runs of `command` given `quit`."""
    walls = []
    for _ in range(runs):
        done = measure(command[0], command[1:], env, "quit\n")
        if done.code != 0:
            sys.exit(f"{command} failed: {done.stderr}")
        walls.append(done.wall)
    return walls


def watch_to_idle(home, folder):
    """Seconds from starting `tidyup watch` to its line saying it watches."""
    before = time.perf_counter()
    child = subprocess.Popen([BINARY, "watch", folder, "--lang", "en"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env_for(home), text=True)
    line = child.stderr.readline()
    took = time.perf_counter() - before
    child.terminate()
    child.wait()
    if "Watching" not in line:
        sys.exit(f"unexpected watch line: {line!r}")
    return took


def peer_python():
    """The python of a virtual environment holding `openai`, or None."""
    python = os.environ.get("OPENAI_PYTHON")
    if python and subprocess.run([python, "-c", "import openai"],
                                 capture_output=True).returncode == 0:
        return python
    print("peer skipped: no `openai` SDK. Make one with\n"
          "  python3 -m venv /tmp/openai-venv && /tmp/openai-venv/bin/pip install openai\n"
          "then run again with OPENAI_PYTHON=/tmp/openai-venv/bin/python")
    return None


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
            shutil.rmtree(cache, ignore_errors=True)
        warm = os.path.join(scratch, "warm-cache")
        start_once(warm, target)
        cached_prompt, cached_total, cached_rss = [], [], []
        for _ in range(RUNS):
            prompt, total, rss = start_once(warm, target)
            cached_prompt.append(prompt)
            cached_total.append(total)
            cached_rss.append(rss)
        home = os.path.join(scratch, "home")
        os.mkdir(home)
        env = env_for(home)
        offline = [BINARY, "--provider", "offline", "--lang", "en", target]
        start_to_quit(offline, env, 1)
        quits = start_to_quit(offline, env, RUNS)
        idles = [watch_to_idle(home, target) for _ in range(max(3, RUNS // 3))]
        python = peer_python()
        peer = None
        if python:
            script = os.path.join(scratch, "agent.py")
            with open(script, "w") as f:
                f.write(PEER)
            start_to_quit([python, script], env, 1)
            peer = start_to_quit([python, script], env, max(3, RUNS // 3))
    print(f"binary: {BINARY}")
    describe("first start, to prompt", first_prompt)
    describe("first start, to exit", first_total)
    describe("cached start, to prompt", cached_prompt)
    describe("cached start, to exit", cached_total)
    first_mib, cached_mib = max(first_rss) / 1024, max(cached_rss) / 1024
    print(f"{'peak RSS, first start':<32} {first_mib:8.1f} MiB")
    print(f"{'peak RSS, cached start':<32} {cached_mib:8.1f} MiB")
    ratio = statistics.median(first_total) / statistics.median(cached_total)
    print(f"{'first / cached start':<32} {ratio:8.1f}x (targets: at most 10x, at most 60 MiB)")
    describe("start-to-quit (offline, quit)", quits)
    quit_ms = statistics.median(quits) * 1000
    print(f"{'':<32} target: at most 8 ms")
    describe("watch, start to idle", idles)
    print(f"{'':<32} target: at most 200 ms")
    met = ratio <= 10 and first_mib <= 60 and quit_ms <= 8 and statistics.median(idles) <= 0.2
    if peer:
        describe("openai SDK agent, start-to-quit", peer)
        times = statistics.median(peer) * 1000 / quit_ms
        print(f"{'openai SDK / tidyup':<32} {times:8.1f}x (target: at least 50x)")
        met = met and times >= 50
    print("targets met" if met else "TARGETS MISSED")


if __name__ == "__main__":
    main()
