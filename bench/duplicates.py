#!/usr/bin/env python3
"""Duplicates benchmark of tidyup.

An offline session (organize, yes) on a folder of 20,000 files of 4 KiB
each (every file a size collision) of which 200 are byte-identical copies
of others: every copy must be found and set aside in Duplicates/, nothing
else. Reports the session's wall time and peak RSS, beside the same
session as a dry run (`--dry-run`) on the same folder first (target: the
dry run costs no more than the real one).

Usage: python3 bench/duplicates.py [path/to/tidyup] [files] [copies]
Build first with `cargo build --release -p tidyup`. Everything happens in a
temporary directory; nothing leaves the machine.
"""
import os
import sys
import tempfile

from harness import env_for, measure

BINARY = sys.argv[1] if len(sys.argv) > 1 else "target/release/tidyup"
FILES = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
COPIES = int(sys.argv[3]) if len(sys.argv) > 3 else 200
SIZE = 4096


def content(i):
    """4 KiB unique to `i`, alike in length to every other file."""
    seed = f"file {i:08d} ".encode()
    return (seed * (SIZE // len(seed) + 1))[:SIZE]


def make_folder(root):
    """FILES - COPIES originals, then COPIES copies of every 97th one."""
    os.makedirs(root)
    originals = FILES - COPIES
    for i in range(originals):
        with open(os.path.join(root, f"scan_{i:06d}.pdf"), "wb") as f:
            f.write(content(i))
    for k in range(COPIES):
        source = (k * 97) % originals
        with open(os.path.join(root, f"scan_{source:06d} (copy {k}).pdf"), "wb") as f:
            f.write(content(source))
        os.utime(os.path.join(root, f"scan_{source:06d} (copy {k}).pdf"), (2_000_000_000, 2_000_000_000))


def main():
    with tempfile.TemporaryDirectory() as home:
        root = os.path.join(home, "folder")
        make_folder(root)
        env = env_for(home)
        # Compile the core once, so the figure is the session's own.
        measure(BINARY, ["--provider", "offline", "--lang", "en", root], env, "quit\n")
        before = sorted(os.listdir(root))
        dry = measure(BINARY, ["--dry-run", "--provider", "offline", "--lang", "en", root],
                      env, "organize\nyes\nquit\n")
        untouched = sorted(os.listdir(root)) == before
        run = measure(BINARY, ["--provider", "offline", "--lang", "en", root], env,
                      "organize\nyes\nquit\n")
        duplicates = os.path.join(root, "Duplicates")
        set_aside = len(os.listdir(duplicates)) if os.path.isdir(duplicates) else 0
        expected = {f"scan_{(k * 97) % (FILES - COPIES):06d} (copy {k}).pdf" for k in range(COPIES)}
        right = os.path.isdir(duplicates) and set(os.listdir(duplicates)) == expected
        print(f"{FILES:,} files of {SIZE} B, {COPIES} copies: exit {run.code}, "
              f"{run.wall:.2f} s, peak RSS {run.rss_mib:.0f} MiB, "
              f"{set_aside} set aside ({'exactly the copies' if right else 'WRONG'})")
        print(f"the same session as a dry run: exit {dry.code}, {dry.wall:.2f} s, "
              f"peak RSS {dry.rss_mib:.0f} MiB, disk {'untouched' if untouched else 'CHANGED'}; "
              f"dry / real {dry.wall / run.wall:.2f}x (target: at most 1x)")
        if run.code != 0 or not right or dry.code != 0 or not untouched:
            print(run.stdout[-3000:], run.stderr[-3000:], dry.stderr[-3000:])
            sys.exit(1)
        print("targets met" if dry.wall <= run.wall else "TARGETS MISSED")

if __name__ == "__main__":
    main()
