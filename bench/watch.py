#!/usr/bin/env python3
"""`tidyup watch` benchmark.

1. Latency: files arrive one at a time; the time from a file's arrival to
   its move line on stdout, with the default settle time (2 s) and with
   `--settle 0.2`, median and maximum over the arrivals.
2. Idle CPU: the watch's CPU time (user + system) over a minute with
   nothing arriving.
3. Stop: the time from SIGTERM to the exit (status 0 expected).

Usage: python3 bench/watch.py [path/to/tidyup] [idle seconds]
Linux only (reads /proc). Build first with `cargo build --release -p tidyup`.
"""
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from harness import env_for

BINARY = sys.argv[1] if len(sys.argv) > 1 else "target/release/tidyup"
IDLE = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0
ARRIVALS = 5


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start(home, folder, args):
    child = subprocess.Popen([BINARY, "watch", folder, "--lang", "en", *args],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env_for(home), text=True)
    line = child.stderr.readline()
    assert "Watching" in line, line
    return child


def stop(child):
    asked = time.perf_counter()
    child.send_signal(signal.SIGTERM)
    code = child.wait()
    return code, time.perf_counter() - asked


def latency(home, settle):
    folder = os.path.join(home, f"folder-{settle}")
    os.makedirs(folder)
    child = start(home, folder, ["--settle", str(settle)])
    times = []
    for i in range(ARRIVALS):
        arrived = time.perf_counter()
        with open(os.path.join(folder, f"doc{i}.pdf"), "wb") as f:
            f.write(os.urandom(1024))
        line = child.stdout.readline()
        assert f"doc{i}.pdf" in line, line
        times.append(time.perf_counter() - arrived)
    code, took = stop(child)
    return times, code, took


def main():
    with tempfile.TemporaryDirectory() as home:
        # Compile the core once, so the figures are the watch's own.
        subprocess.run([BINARY, "--provider", "offline", home], input="quit\n",
                       env=env_for(home), capture_output=True, text=True)
        for settle in [2, 0.2]:
            times, code, took = latency(home, settle)
            print(f"latency, settle {settle} s: median {statistics.median(times):.3f} s, "
                  f"max {max(times):.3f} s over {ARRIVALS} arrivals; "
                  f"SIGTERM to exit {took * 1000:.0f} ms, status {code}")
        folder = os.path.join(home, "idle")
        os.makedirs(folder)
        child = start(home, folder, [])
        time.sleep(1)
        before = cpu_seconds(child.pid)
        time.sleep(IDLE)
        used = cpu_seconds(child.pid) - before
        code, took = stop(child)
        print(f"idle for {IDLE:.0f} s: {used * 1000:.0f} ms of CPU "
              f"({used / IDLE * 100:.3f} %); SIGTERM to exit {took * 1000:.0f} ms, status {code}")


if __name__ == "__main__":
    main()
