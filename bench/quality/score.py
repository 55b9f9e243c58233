#!/usr/bin/env python3
"""How well tidyup organizes: runs a session on every folder of
`generate.py` (a fresh copy each time) and scores the tree it leaves
against the placement a careful person would choose.

Per folder: files in Others that have a kind, groups split (related
files not placed together), files in use moved, projects entered or
split, rules not followed, new folders holding a single file, files that
belong in one of the user's own folders but went elsewhere, secrets moved
anywhere but a folder of their own, launchers and links moved, clean-named
files treated as the copy of their ` (1)` twin, files set aside as copies
that are no copy a person means, hidden folders entered, and the share of
top-level entries placed as expected (placement agreement).

Usage:
  python3 bench/quality/score.py [--binary target/debug/tidyup] [FOLDER...]
      offline (the default): `tidyup --provider offline --lang L DIR`, with
      "organize", "yes", "quit" on standard input ("整理", "好", "退出" in
      Chinese)
  ... --base-url URL --model M [--key-env VAR]
      the same session against a model (the key is read from VAR,
      default TIDYUP_API_KEY; nothing else of the environment is passed)
  ... --json            the figures as JSON (the shape of baseline.json)
  ... --details         every entry behind a figure, and each misplaced one
  ... --check FILE      exit 1 when any figure is worse than in FILE
                        (bench/quality/baseline.json); CI runs this

Everything happens in temporary directories; offline, nothing leaves the
machine.
"""
import argparse
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # bench/, for harness

from generate import FOLDERS, write_folder  # noqa: E402
from harness import env_for, measure  # noqa: E402
from measure import FIGURES, before, score  # noqa: E402

LINES = {"en": "organize\nyes\nquit\n", "zh": "整理\n好\n退出\n"}


def arguments():
    parser = argparse.ArgumentParser(description="tidyup's quality benchmark")
    parser.add_argument("folders", nargs="*", help=f"of: {', '.join(FOLDERS)} (default: all)")
    parser.add_argument("--binary", default="target/debug/tidyup")
    parser.add_argument("--base-url")
    parser.add_argument("--model")
    parser.add_argument("--key-env", default="TIDYUP_API_KEY")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--details", action="store_true")
    parser.add_argument("--check", metavar="FILE")
    args = parser.parse_args()
    unknown = [f for f in args.folders if f not in FOLDERS]
    if unknown:
        parser.error(f"unknown folders {unknown}; the folders: {', '.join(FOLDERS)}")
    if bool(args.base_url) != bool(args.model):
        parser.error("--base-url and --model go together")
    return args


def key(args):
    """The model's key, from the variable `--key-env` names (none offline)."""
    if not args.base_url:
        return None
    found = os.environ.get(args.key_env)
    if not found:
        sys.exit(f"set {args.key_env} to the model's key (any value for a server without keys)")
    return found


def session(args, folder, work, cache):
    """Generates `folder` under `work`, runs tidyup on it, scores it."""
    _, _, lang, disk_name, _ = FOLDERS[folder]
    home = os.path.join(work, folder)
    root = os.path.join(home, disk_name)
    os.makedirs(home)
    manifest = write_folder(folder, root)
    start = before(root, manifest)
    env = env_for(home, key(args))
    env["XDG_CACHE_HOME"] = cache  # one compiled core for every run
    if args.base_url:
        flags = ["--base-url", args.base_url, "--model", args.model]
    else:
        flags = ["--provider", "offline"]
    run = measure(args.binary, [root, *flags, "--lang", lang], env, LINES[lang], kill_after=600)
    if run.code != 0:
        sys.stderr.write(run.stdout[-3000:] + run.stderr[-3000:])
        sys.exit(f"{folder}: tidyup exited with {run.code}")
    figures, details = score(root, manifest, start)
    print(f"{folder}: {run.wall:.1f} s", file=sys.stderr)
    return figures, details


def shown(name):
    """A file name printable: one of GBK bytes decoded as GBK, marked."""
    raw = name.encode("utf-8", "surrogateescape")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("gbk", "backslashreplace") + " [GBK name]"


def described(entry):
    """A line of `--details`: a name, or (name, where it went, where expected)."""
    if isinstance(entry, str):
        return shown(entry)
    name, got, expected = entry
    return (f"{shown(name)} -> {got or '(stayed)'} "
            f"(expected {' or '.join(e or '(stay)' for e in expected)})")


def table(results):
    """The figures as a Markdown table, a row per folder."""
    head = ["folder", "entries"] + [title for _, title, _ in FIGURES]
    lines = ["| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    for folder, figures in results.items():
        cells = [folder, str(figures["entries"])] + [
            (f"{figures[key]:.1f}" if key == "agreement" else str(figures[key])) for key, _, _ in FIGURES]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def compare(results, baseline, names):
    """The figures of `results` worse, and those better, than in `baseline`,
    as text, for the folders `names`."""
    worse, better = [], []
    for folder in names:
        old, new = baseline["folders"].get(folder), results[folder]
        if old is None:
            worse.append(f"{folder}: not in the baseline")
            continue
        for key, title, more_is_better in FIGURES + [("lost", "lost", False)]:
            if key not in old or new[key] == old[key]:
                continue
            up = new[key] > old[key]
            (better if up == more_is_better else worse).append(
                f"{folder}: {title} {new[key]} (was {old[key]})")
    return worse, better


def main():
    args = arguments()
    baseline = None
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            baseline = json.load(f)
    names = args.folders or (list(baseline["folders"]) if baseline else list(FOLDERS))
    results = {}
    with tempfile.TemporaryDirectory() as work:
        cache = os.path.join(work, "cache")
        for folder in names:
            figures, details = session(args, folder, work, cache)
            results[folder] = figures
            if args.details:
                print(f"## {folder}", file=sys.stderr)
                for title, entries in details.items():
                    for entry in entries:
                        print(f"  {title}: {described(entry)}", file=sys.stderr)
    provider = f"{args.model} at {args.base_url}" if args.base_url else "offline"
    if args.json:
        print(json.dumps({"provider": provider, "folders": results}, indent=1, ensure_ascii=False))
    else:
        print(f"tidyup quality ({provider}; {args.binary})\n")
        print(table(results))
    if baseline:
        worse, better = compare(results, baseline, names)
        for line in better:
            print(f"better than {args.check}: {line}", file=sys.stderr)
        if better:
            print(f"(write the new figures with: python3 bench/quality/score.py --json > {args.check})",
                  file=sys.stderr)
        for line in worse:
            print(f"worse than {args.check}: {line}", file=sys.stderr)
        if worse:
            sys.exit(1)
        print(f"no figure worse than {args.check}", file=sys.stderr)


if __name__ == "__main__":
    main()
