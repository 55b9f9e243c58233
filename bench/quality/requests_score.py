#!/usr/bin/env python3
"""How well tidyup follows plain requests: runs every row of the table
(`requests_en.py`, `requests_zh.py`) on a fresh copy of its persona folder,
small and large, and judges the tree the session leaves (see
`request_rules.py` for the rules).

Each session is `tidyup DIR --provider offline --lang L` with the row's
request, then "yes" and "quit" on standard input ("好" and "退出" in
Chinese), in a temporary home. Each persona folder is generated once and
copied for every row; a row's extra files are added to its copy.

Usage:
  python3 bench/quality/requests_score.py [ID...]   rows whose id matches
                                                    (globs: 'en-receipts*')
  ... --lang en|zh --size small|large               only those
  ... --binary target/debug/tidyup
  ... --json                 the results as JSON (requests_baseline.json's shape)
  ... --details              the plan and every problem of each failing row
  ... --check FILE           exit 1 when a row that passes in FILE fails now
  ... --jobs N               sessions at once (default 1)
"""
import argparse
import concurrent.futures
import fnmatch
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # bench/, for harness

from generate import FOLDERS, write_folder, write_tree  # noqa: E402
from harness import env_for, measure  # noqa: E402
from measure import snapshot  # noqa: E402
from request_rules import rows  # noqa: E402
from requests_check import file_dates, judge, reason  # noqa: E402

ANSWERS = {"en": ("yes", "quit"), "zh": ("好", "退出")}
SIZES = ("small", "large")
DETAILED = 25  # problems shown per failing run with --details


def arguments():
    parser = argparse.ArgumentParser(description="tidyup's plain requests benchmark")
    parser.add_argument("ids", nargs="*", help="row ids or globs of them (default: every row)")
    parser.add_argument("--binary", default="target/debug/tidyup")
    parser.add_argument("--lang", choices=("en", "zh"))
    parser.add_argument("--size", choices=SIZES)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--details", action="store_true")
    parser.add_argument("--check", metavar="FILE")
    parser.add_argument("--jobs", type=int, default=1)
    return parser.parse_args()


def chosen(args):
    """The (row, size) runs the arguments ask for, in the table's order."""
    table = rows()
    if args.ids:
        unknown = [p for p in args.ids if not any(fnmatch.fnmatchcase(r.id, p) for r in table)]
        if unknown:
            sys.exit(f"no row matches {unknown}")
        table = [r for r in table if any(fnmatch.fnmatchcase(r.id, p) for p in args.ids)]
    if args.lang:
        table = [r for r in table if r.lang == args.lang]
    return [(r, size) for r in table for size in SIZES
            if size in r.sizes and (args.size is None or args.size == size)]


def folder_key(row, size):
    """The name of generate.py's folder for `row` at `size`."""
    return row.folder if size == "large" else f"{row.folder}-small"


def templates(runs, work):
    """Generates each persona folder the runs need once: key -> (path,
    manifest items)."""
    out = {}
    for row, size in runs:
        key = folder_key(row, size)
        if key not in out:
            root = os.path.join(work, "templates", key, FOLDERS[key][3])
            manifest = write_folder(key, root)
            out[key] = (root, manifest["items"])
    return out


def extra_items(row):
    """The row's extras as manifest items (a group of its own per row)."""
    return [{"name": e.name, "dir": isinstance(e.data, dict), "group": f"extra:{e.group}" if e.group else None,
             "kind": None, "in_use": False, "project": False, "existing": None, "secret": False,
             "launcher": False} for e in row.extra]


def prepare(row, size, template, work, n):
    """A fresh copy of the persona folder with the row's extras; returns
    (home, root, items, start)."""
    source, manifest_items = template
    home = os.path.join(work, f"run-{n}")
    root = os.path.join(home, os.path.basename(source))
    os.makedirs(home)
    shutil.copytree(source, root, symlinks=True)
    names = {item["name"] for item in manifest_items}
    for e in row.extra:
        if e.name in names:
            raise ValueError(f"{row.id}: the extra {e.name} is already in {folder_key(row, size)}")
        write_tree(os.path.join(root, e.name), e.data, e.mtime)
    items = list(manifest_items) + extra_items(row)
    where, folders = snapshot(root)
    inode_of = {path: inode for inode, path in where.items()}
    start = {"inodes": {item["name"]: inode_of[item["name"]] for item in items},
             "dates": {item["name"]: file_dates(os.path.join(root, item["name"]), item["name"])
                       for item in items if not item["dir"]},
             "folders": folders}
    return home, root, items, start


def plan_text(output):
    """What tidyup said before applying: its lines without the tool calls,
    up to the question."""
    lines = []
    for line in output.splitlines():
        if line.startswith(("[tool]", "[工具]")):
            continue
        lines.append(line)
        if line.startswith(("Reply \"yes\"", "回复“好”")):
            break
    if len(lines) > 80:
        lines = lines[:80] + [f"... ({len(lines) - 80} more lines)"]
    return "\n".join(lines)


def run_one(binary, row, size, template, work, cache, n):
    """Runs `row` on a copy of its folder at `size`; returns its result."""
    home, root, items, start = prepare(row, size, template, work, n)
    env = env_for(home)
    env["XDG_CACHE_HOME"] = cache
    yes, quit_ = ANSWERS[row.lang]
    stdin = f"{row.request}\n{yes}\n{quit_}\n"
    run = measure(binary, [root, "--provider", "offline", "--lang", row.lang], env, stdin, kill_after=300)
    output = run.stdout + run.stderr
    if run.code != 0:
        problems = [(None, f"tidyup exited with {run.code}: {run.stderr.strip()[-200:]}")]
    else:
        where, folders = snapshot(root)
        problems = judge(row, items, start, where, folders, output)
    shutil.rmtree(home, ignore_errors=True)
    return {"id": row.id, "lang": row.lang, "size": size, "request": row.request, "pass": not problems,
            "reason": reason(problems), "problems": [text for _, text in problems],
            "plan": plan_text(run.stdout), "seconds": round(run.wall, 2)}


def rates(results):
    """Passing runs per language and size, per language, per size and
    overall: label -> (passed, runs)."""
    out = {}
    groups = [(f"{lang} {size}", lambda r, l=lang, s=size: r["lang"] == l and r["size"] == s)
              for lang in ("en", "zh") for size in SIZES]
    groups += [(lang, lambda r, l=lang: r["lang"] == l) for lang in ("en", "zh")]
    groups += [(size, lambda r, s=size: r["size"] == s) for size in SIZES]
    groups += [("all", lambda r: True)]
    for label, keep in groups:
        picked = [r for r in results if keep(r)]
        if picked:
            out[label] = (sum(r["pass"] for r in picked), len(picked))
    return out


def table(results):
    lines = ["| row | lang | variant | result | reason |", "|---|---|---|---|---|"]
    for r in results:
        cell = r["reason"].replace("|", "\\|")
        lines.append(f"| {r['id']} | {r['lang']} | {r['size']} | {'pass' if r['pass'] else 'FAIL'} | {cell} |")
    lines += ["", "| runs | passed | of | % |", "|---|---|---|---|"]
    for label, (passed, total) in rates(results).items():
        lines.append(f"| {label} | {passed} | {total} | {100.0 * passed / total:.0f} |")
    return "\n".join(lines)


def as_json(args, results):
    out = {"binary": args.binary, "rows": {}, "rates": {}}
    for r in results:
        entry = out["rows"].setdefault(r["id"], {"lang": r["lang"], "request": r["request"]})
        entry[r["size"]] = {"pass": r["pass"], "reason": r["reason"]}
    for label, (passed, total) in rates(results).items():
        out["rates"][label] = {"passed": passed, "runs": total, "percent": round(100.0 * passed / total, 1)}
    return out


def compare(results, baseline):
    """The runs that pass in `baseline` and fail now, and those that fail
    in it and pass now."""
    worse, better = [], []
    for r in results:
        old = baseline["rows"].get(r["id"], {}).get(r["size"])
        if old is None or old["pass"] == r["pass"]:
            continue
        (better if r["pass"] else worse).append(f"{r['id']} ({r['size']}): {r['reason'] or 'passes'}")
    return worse, better


def main():
    args = arguments()
    if not os.path.exists(args.binary):
        sys.exit(f"{args.binary} not found (build it, or name another with --binary)")
    binary = os.path.abspath(args.binary)
    runs = chosen(args)
    baseline = None
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            baseline = json.load(f)
    with tempfile.TemporaryDirectory() as work:
        cache = os.path.join(work, "cache")
        made = templates(runs, work)
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            futures = [pool.submit(run_one, binary, row, size, made[folder_key(row, size)], work, cache, n)
                       for n, (row, size) in enumerate(runs)]
            results = []
            for future in futures:
                result = future.result()
                results.append(result)
                print(f"{result['id']} ({result['size']}): {'pass' if result['pass'] else 'FAIL'} "
                      f"{result['seconds']:.1f} s", file=sys.stderr)
    if args.details:
        for r in results:
            if r["pass"]:
                continue
            print(f"\n## {r['id']} ({r['lang']}, {r['size']}): {r['request']}\n", file=sys.stderr)
            print(r["plan"], file=sys.stderr)
            print("\nproblems:", file=sys.stderr)
            for text in r["problems"][:DETAILED]:
                print(f"  {text}", file=sys.stderr)
            if len(r["problems"]) > DETAILED:
                print(f"  ... and {len(r['problems']) - DETAILED} more", file=sys.stderr)
    if args.json:
        print(json.dumps(as_json(args, results), indent=1, ensure_ascii=False))
    else:
        print(f"tidyup plain requests (offline; {args.binary})\n")
        print(table(results))
    if baseline:
        worse, better = compare(results, baseline)
        for line in better:
            print(f"passes now, failed in {args.check}: {line}", file=sys.stderr)
        if better:
            print(f"(write the new results with: python3 bench/quality/requests_score.py --json > {args.check})",
                  file=sys.stderr)
        for line in worse:
            print(f"fails now, passed in {args.check}: {line}", file=sys.stderr)
        if worse:
            sys.exit(1)
        print(f"no row that passes in {args.check} fails", file=sys.stderr)


if __name__ == "__main__":
    main()
