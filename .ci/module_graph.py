#!/usr/bin/env python3
"""Prints a crate's module import graph and fails when it has a cycle.

    python3 .ci/module_graph.py core-wasm/src [--files] [--dot]

A module is a top-level module of the crate (a file or a folder under
`src/`); with `--files`, every file is its own module. An edge A -> B means
that A names something of B, by `use` or by a path (`crate::b::...`,
`super::...`). Declaring a submodule (`mod b;`) is not an import. Exit
status 1 when the graph has a cycle, each cycle printed.
"""

import re
import sys
from pathlib import Path

COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
STRING = re.compile(r'r#*"(?:.|\n)*?"#*|"(?:\\.|[^"\\])*"')
USE = re.compile(r"\buse\s+([^;]+);")
PATH = re.compile(r"\b((?:crate|super)(?:\s*::\s*(?:super|[A-Za-z_][A-Za-z0-9_]*))+)")


def module_of(src: Path, file: Path) -> tuple:
    """The module path of a source file: `planner/mod.rs` is ("planner",)."""
    parts = list(file.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts.pop()
    return tuple(parts)


def flatten_use(tree: str) -> list:
    """`crate::{a::b, c}` as ["crate::a::b", "crate::c"]."""
    tree = re.sub(r"\s+", "", tree)
    depth, start = 0, None
    for i, ch in enumerate(tree):
        if ch == "{":
            if depth == 0:
                start = i
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                prefix, inner, rest = tree[:start], tree[start + 1 : i], tree[i + 1 :]
                out = []
                for item in split_top(inner):
                    out += flatten_use(prefix + item + rest)
                return out
    return [tree]


def split_top(text: str) -> list:
    items, depth, current = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            items.append(current)
            current = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        current += ch
    if current:
        items.append(current)
    return items


def resolve(here: tuple, path: str, modules: set):
    """The module a `crate::`/`super::` path names, or None."""
    segments = [s for s in re.sub(r"\s+", "", path).split("::") if s]
    if not segments:
        return None
    if segments[0] == "crate":
        base, rest = (), segments[1:]
    elif segments[0] == "super":
        base = here
        while segments and segments[0] == "super":
            base = base[:-1]
            segments = segments[1:]
        rest = segments
    else:
        return None
    target = base
    for segment in rest:
        if target + (segment,) in modules:
            target = target + (segment,)
        else:
            break
    return target


def graph(src: Path, by_file: bool) -> dict:
    files = sorted(src.rglob("*.rs"))
    modules = {module_of(src, f) for f in files}
    edges = {}
    for file in files:
        here = module_of(src, file)
        text = STRING.sub('""', COMMENT.sub("", file.read_text()))
        paths = []
        for tree in USE.findall(text):
            paths += [p for p in flatten_use(tree) if p.startswith(("crate::", "super::"))]
        text = USE.sub("", text)
        paths += PATH.findall(text)
        for path in paths:
            target = resolve(here, path, modules)
            if target is None or target == ():
                continue
            a, b = (here, target) if by_file else (here[:1], target[:1])
            if a and b and a != b:
                edges.setdefault("::".join(a), set()).add("::".join(b))
        if here:
            edges.setdefault("::".join(here if by_file else here[:1]), set())
    return edges


def is_ancestor(a: tuple, b: tuple) -> bool:
    return len(a) < len(b) and b[: len(a)] == a


def cycles(edges: dict) -> list:
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    by_file = "--files" in sys.argv
    src = Path(args[0] if args else "core-wasm/src")
    edges = graph(src, by_file)
    if "--dot" in sys.argv:
        print("digraph modules {")
        for a in sorted(edges):
            for b in sorted(edges[a]):
                print(f'  "{a}" -> "{b}";')
        print("}")
    else:
        for a in sorted(edges):
            print(f"{a} -> {', '.join(sorted(edges[a])) or '(nothing)'}")
    found = cycles(edges)
    for component in found:
        print(f"cycle: {' <-> '.join(component)}", file=sys.stderr)
    print(f"{src}: {len(edges)} modules, {len(found)} cycles", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
