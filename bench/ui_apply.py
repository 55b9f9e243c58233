#!/usr/bin/env python3
"""Apply speed of tidyup's window beside the terminal's.

A folder of 20,000 small files (realistic names, ten kinds) is organized
twice, each time on a fresh copy:

1. the window: `tidyup ui DIR --no-open --provider offline` headless, driven
   through its HTTP API as its page drives it (claim a tab, read the event
   stream, `api/organize`, wait for the plan, `api/apply` with every row
   ticked); the time from the apply request to its report;
2. the terminal: the offline planner in a session (`organize`, `yes`,
   `quit`) on the same folder; the whole session's wall time, planning
   included.

Prints files per second for both and the ratio of their times (target: the
window's apply within 1.5x the terminal's whole session).

Usage: python3 bench/ui_apply.py [path/to/tidyup] [files]
Build first (`cargo build --release -p tidyup`; a debug build works too,
slower). Everything happens in temporary directories on 127.0.0.1.
"""
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

from harness import env_for, measure

BINARY = sys.argv[1] if len(sys.argv) > 1 else "target/release/tidyup"
COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
EXTENSIONS = ["jpg", "png", "pdf", "docx", "mp4", "mp3", "zip", "py", "exe", "txt"]
PREFIXES = ["IMG_", "Screenshot 2026-01-", "invoice_2026-", "scan", "notes "]


def make_folder(root, count):
    """`count` small files, each its own bytes, with realistic names."""
    os.makedirs(root)
    for i in range(count):
        name = f"{PREFIXES[i % len(PREFIXES)]}{i:06d}.{EXTENSIONS[i % len(EXTENSIONS)]}"
        with open(os.path.join(root, name), "wb") as file:
            file.write(f"file {i}\n".encode())


def moved_files(root):
    """How many files lie in the folders of `root`."""
    return sum(len(os.listdir(entry.path)) for entry in os.scandir(root) if entry.is_dir())


class Window:
    """A headless `tidyup ui` and a client of its HTTP API."""

    def __init__(self, target, home):
        self.child = subprocess.Popen(
            [BINARY, "ui", target, "--no-open", "--provider", "offline", "--lang", "en"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env_for(home))
        address = self.child.stdout.readline().decode().strip()
        url = urllib.parse.urlsplit(address)
        self.host, self.port, self.base = url.hostname, url.port, url.path
        self.origin = f"http://{self.host}:{self.port}"
        self.events = []
        self.arrived = threading.Condition()
        self.tab = self.post("api/claim", "new", {})["tab"]
        threading.Thread(target=self.listen, daemon=True).start()

    def post(self, path, tab, body):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=600)
        connection.request("POST", self.base + path, json.dumps(body), {
            "Content-Type": "application/json", "Origin": self.origin, "X-Tidyup-Tab": tab})
        answer = connection.getresponse()
        data = answer.read()
        if answer.status >= 300:
            sys.exit(f"{path}: {answer.status} {data.decode(errors='replace')}")
        return json.loads(data or b"{}")

    def listen(self):
        connection = http.client.HTTPConnection(self.host, self.port)
        connection.request("GET", f"{self.base}api/events?tab={self.tab}")
        stream = connection.getresponse()
        for line in stream:
            if line.startswith(b"data:"):
                with self.arrived:
                    self.events.append(json.loads(line[5:]))
                    self.arrived.notify_all()

    def until(self, kind, after=0):
        """The first event of `kind` at or after index `after`, and its index."""
        with self.arrived:
            while True:
                for at in range(after, len(self.events)):
                    if self.events[at].get("kind") == kind:
                        return self.events[at], at
                if not self.arrived.wait(timeout=600):
                    sys.exit(f"no {kind} event within 600 s")

    def close(self):
        self.child.terminate()
        self.child.wait()


def window_apply(home):
    """The window's apply on a fresh folder: (seconds, files moved)."""
    target = os.path.join(home, "Downloads")
    make_folder(target, COUNT)
    window = Window(target, home)
    try:
        window.post("api/organize", window.tab, {})
        plan, seen = window.until("plan")
        rows = [{"id": row["id"]} for group in plan["groups"] for row in group["rows"]]
        start = time.perf_counter()
        window.post("api/apply", window.tab, {"plan": plan["plan"], "rows": rows})
        report, _ = window.until("report", seen)
        seconds = time.perf_counter() - start
    finally:
        window.close()
    if report["moved"] != moved_files(target):
        sys.exit(f"the window's report says {report['moved']} moved, the disk {moved_files(target)}")
    return seconds, report["moved"]


def terminal_organize(home):
    """The terminal's offline session on a fresh folder: (seconds, files moved)."""
    target = os.path.join(home, "Downloads")
    make_folder(target, COUNT)
    done = measure(BINARY, [target, "--provider", "offline", "--lang", "en"], env_for(home),
                   "organize\nyes\nquit\n")
    if done.code != 0:
        sys.exit(f"the terminal session failed: {done.stderr}")
    return done.wall, moved_files(target)


def main():
    with tempfile.TemporaryDirectory() as home:
        window_seconds, window_moved = window_apply(home)
    with tempfile.TemporaryDirectory() as home:
        terminal_seconds, terminal_moved = terminal_organize(home)
    print(f"window apply, {COUNT:,} files: {window_moved:,} moved in {window_seconds:.2f} s, "
          f"{window_moved / window_seconds:,.0f} files/s")
    print(f"terminal offline organize (planning included), {COUNT:,} files: {terminal_moved:,} "
          f"moved in {terminal_seconds:.2f} s, {terminal_moved / terminal_seconds:,.0f} files/s")
    ratio = window_seconds / terminal_seconds
    print(f"window / terminal time: {ratio:.2f}x (target: at most 1.5x)")
    return 0 if ratio <= 1.5 else 1


if __name__ == "__main__":
    sys.exit(main())
