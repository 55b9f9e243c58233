#!/usr/bin/env python3
"""Large-folder benchmark of tidyup.

1. A scripted model on 127.0.0.1 that follows the bulk workflow
   (summarize_folder, a plan, move_by_type for every category, a report)
   organizes folders of 10,000 and 100,000 files: the size of every request
   and of the whole session's requests is measured (targets: every request
   at most 64 KB of JSON, the session at most 400 KB).
2. The offline planner organizes 100,000 empty files (organize, yes, report),
   then `tidyup undo` puts them back: wall time and peak RSS of each. Beside
   each session, a bare Python rename loop makes the same moves into the
   same folders on a fresh copy of the folder; three such pairs, the median
   ratio is the figure, since a shared machine's speed drifts (targets:
   tidyup within 3x the bare loop, peak RSS at most 150 MiB; undo at most
   15 s).

Usage: python3 bench/large_folders.py [path/to/tidyup] [sizes...]
Build first with `cargo build --release -p tidyup`. Everything happens in
temporary directories; nothing leaves the machine.
"""
import http.server
import json
import os
import statistics
import sys
import tempfile
import threading
import time

from harness import env_for, measure, send_completion

BINARY = sys.argv[1] if len(sys.argv) > 1 else "target/release/tidyup"
SIZES = [int(n) for n in sys.argv[2:]] or [10_000, 100_000]
EXTENSIONS = ["jpg", "png", "pdf", "docx", "mp4", "mp3", "zip", "py", "exe", "bin"]
CATEGORIES = ["文档", "图片", "视频", "音频", "代码", "压缩包", "安装包", "其他"]
# Offline sessions measured, each beside its own bare loop.
PAIRS = 3
FOLDERS = ["Documents", "Images", "Videos", "Audio", "Code", "Archives", "Installers", "Others"]


def make_folder(root, count):
    """`count` empty files with realistic name patterns."""
    os.makedirs(root)
    for i in range(count):
        ext = EXTENSIONS[i % len(EXTENSIONS)]
        prefix = ["IMG_", "Screenshot 2026-01-", "invoice_2026-", "scan", "notes "][i % 5]
        with open(os.path.join(root, f"{prefix}{i:06d}.{ext}"), "wb"):
            pass


class ScriptedModel(http.server.BaseHTTPRequestHandler):
    """Answers chat completions as a model following the bulk workflow."""

    sizes = []

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        ScriptedModel.sizes.append(len(body))
        request = json.loads(body)
        messages = request["messages"]
        users = [i for i, m in enumerate(messages) if m["role"] == "user"]
        line = messages[users[-1]]["content"]
        this_turn = messages[users[-1] + 1:]
        if line == "organize":
            if not this_turn:
                message = calls([("summarize_folder", {"path": "."})])
            else:
                message = text("Plan: one folder per category (counts above). Go ahead?")
        elif not this_turn:
            message = calls([
                ("move_by_type", {"path": ".", "category": c, "destination": f})
                for c, f in zip(CATEGORIES, FOLDERS)
            ])
        else:
            message = text("Done: every category is in its folder.")
        finish = "tool_calls" if message.get("tool_calls") else "stop"
        send_completion(self, message, finish)


def calls(items):
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": f"c{i}", "type": "function",
         "function": {"name": name, "arguments": json.dumps(args)}}
        for i, (name, args) in enumerate(items)
    ]}


def text(content):
    return {"role": "assistant", "content": content}


def run(args, home, stdin, key=None):
    """Runs tidyup; returns (wall seconds, its peak RSS in MiB, stdout)."""
    done = measure(BINARY, args, env_for(home, key), stdin)
    if done.code != 0:
        sys.exit(f"tidyup {args} failed: {done.stderr}")
    return done.wall, done.rss_mib, done.stdout


def scripted_session(count):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), ScriptedModel)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    ScriptedModel.sizes = []
    with tempfile.TemporaryDirectory() as home:
        target = os.path.join(home, "Downloads")
        make_folder(target, count)
        url = f"http://127.0.0.1:{server.server_address[1]}/v1"
        flags = ["--base-url", url, "--model", "m", "--lang", "en", "--no-stream"]
        wall, _, _ = run([target, *flags], home, "organize\nyes\nquit\n", key="placeholder")
        left = sum(1 for e in os.scandir(target) if e.is_file())
    server.shutdown()
    sizes = ScriptedModel.sizes
    print(f"scripted model, {count:,} files: {len(sizes)} requests, largest "
          f"{max(sizes) / 1024:.1f} KB, session {sum(sizes) / 1024:.1f} KB, "
          f"{wall:.2f} s, files left loose: {left}")
    ok = max(sizes) <= 64 * 1024 and sum(sizes) <= 400 * 1024 and left == 0
    return ok


def moves_made(target):
    """(folder, name) of every file tidyup moved into a folder of `target`."""
    return [(entry.name, name) for entry in os.scandir(target) if entry.is_dir()
            for name in os.listdir(entry.path)]


def bare_loop(root, count, moves):
    """Seconds a bare Python loop takes to make `moves` on a fresh copy."""
    make_folder(root, count)
    start = time.perf_counter()
    for folder in {folder for folder, _ in moves}:
        os.mkdir(os.path.join(root, folder))
    for folder, name in moves:
        os.rename(os.path.join(root, name), os.path.join(root, folder, name))
    return time.perf_counter() - start


def offline_pair(count, home):
    """One offline session on a fresh folder, then the bare loop of its moves
    on a fresh copy: (tidyup's wall seconds, its peak RSS, files left loose,
    moves made, the bare loop's seconds)."""
    target = os.path.join(home, "Downloads")
    make_folder(target, count)
    wall, rss, _ = run([target, "--provider", "offline", "--lang", "en"], home,
                       "organize\nyes\nquit\n")
    left = sum(1 for e in os.scandir(target) if e.is_file())
    moves = moves_made(target)
    bare = bare_loop(os.path.join(home, "Copy"), count, moves)
    return wall, rss, left, len(moves), bare


def offline_session(count, pairs=PAIRS):
    """`pairs` offline sessions, each beside a bare loop of the same moves
    (the ratio taken pair by pair, so the machine's drift cancels; the
    median is the figure), then `tidyup undo` of the last one."""
    ratios, rss_max, left_max = [], 0, 0
    for pair in range(pairs):
        with tempfile.TemporaryDirectory() as home:
            wall, rss, left, moved, bare = offline_pair(count, home)
            ratios.append(wall / bare)
            rss_max, left_max = max(rss_max, rss), max(left_max, left)
            print(f"offline planner, {count:,} files, run {pair + 1} of {pairs}: organize + "
                  f"yes + report {wall:.2f} s, peak RSS {rss:.0f} MiB, files left loose: "
                  f"{left}; bare rename loop of the same {moved:,} moves {bare:.2f} s: "
                  f"{wall / bare:.2f}x")
            if pair + 1 < pairs:
                continue
            target = os.path.join(home, "Downloads")
            undo_wall, undo_rss, _ = run(["undo"], home, "")
            back = sum(1 for e in os.scandir(target) if e.is_file())
    ratio = statistics.median(ratios)
    print(f"offline planner, {count:,} files: median {ratio:.2f}x the bare loop over {pairs} "
          f"runs, peak RSS at most {rss_max:.0f} MiB (targets: at most 3x, at most 150 MiB)")
    print(f"tidyup undo, {count:,} files: {undo_wall:.2f} s, peak RSS {undo_rss:.0f} MiB, "
          f"files back: {back}")
    return (ratio <= 3 and rss_max <= 150 and undo_wall <= 15 and left_max == 0
            and back == count)


def main():
    results = [offline_session(max(SIZES))]
    results += [scripted_session(n) for n in SIZES]
    print("targets met" if all(results) else "TARGETS MISSED")
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
