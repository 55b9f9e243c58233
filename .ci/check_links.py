#!/usr/bin/env python3
"""Checks the links of tidyup's documentation.

    python3 .ci/check_links.py                        # the Markdown
    python3 .ci/check_links.py --html docs/guide/book # and the built guide

The Markdown: README.md, every docs/*.md and every page of the user guide
(docs/guide/src/**/*.md). Every relative link and image must name a file
or folder of the repository, and every `#anchor` (in the same page or in
another .md file) must be the slug of one of the target's headings, as
GitHub and mdBook make it. Links to http(s), mailto and other schemes are
not checked. Every page under docs/guide/src must be listed in its
SUMMARY.md, and every page SUMMARY.md lists must exist.

With --html DIR, the built guide too: every relative href and src of its
HTML pages must name a file under DIR (or, through `..`, of the
repository), and every `#anchor` an id of the target page.

Each broken link is printed as `file:line: broken link -> target (why)`;
the exit status is 1 if there is any, else one line counts what was
checked. Python's standard library only.
"""

import argparse
import html.parser
import os
import re
import sys
import urllib.parse

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
GUIDE_SRC = os.path.join("docs", "guide", "src")

# [text](target) and ![alt](target), with an optional "title"; <target> too.
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
# [label]: target
REFERENCE_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
# <img src="..."> and <a href="..."> written in Markdown.
HTML_ATTR = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*\"([^\"]*)\"", re.IGNORECASE)
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
SETEXT = re.compile(r"^\s{0,3}(=+|-+)\s*$")
FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
EXPLICIT_ID = re.compile(r"\s*\{#([^}\s]+)[^}]*\}\s*$")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def slug(text):
    """A heading's id as GitHub and mdBook make it from its text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("`", "")
    text = re.sub(r"(\*\*|\*)", "", text)
    out = []
    for ch in text.strip().lower():
        if ch.isalnum() or ch in "_-":
            out.append(ch)
        elif ch.isspace():
            out.append("-")
    return "".join(out)


def strip_code_spans(line):
    """The line with its `code spans` blanked (a link in code is no link)."""
    return re.sub(r"(`+)(.+?)\1", lambda m: " " * len(m.group(0)), line)


def markdown_lines(path):
    """(number, text) of each line of `path` outside fenced code blocks."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    fence = None
    for number, line in enumerate(lines, 1):
        opened = FENCE.match(line)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = None
            continue
        if opened:
            fence = opened.group(1)
            continue
        yield number, line


_anchors = {}


def anchors_of(path):
    """The anchors a Markdown file's headings give (and explicit ids)."""
    if path not in _anchors:
        found = set()
        counts = {}
        previous = None
        for _, line in markdown_lines(path):
            text = None
            heading = HEADING.match(line)
            if heading:
                text = heading.group(2)
            elif previous and previous.strip() and SETEXT.match(line) and not previous.lstrip().startswith(("-", "*", "|", ">")):
                text = previous.strip()
            previous = line
            if text is None:
                continue
            explicit = EXPLICIT_ID.search(text)
            if explicit:
                found.add(explicit.group(1))
                continue
            base = slug(text)
            anchor = base if base not in counts else f"{base}-{counts[base]}"
            counts[base] = counts.get(base, 0) + 1
            found.add(anchor)
        # Anchors written as HTML.
        with open(path, encoding="utf-8") as f:
            for match in re.finditer(r"<a\s+(?:name|id)\s*=\s*\"([^\"]+)\"", f.read()):
                found.add(match.group(1))
        _anchors[path] = found
    return _anchors[path]


def links_of(path):
    """(line, target) of every link and image of a Markdown file."""
    for number, line in markdown_lines(path):
        plain = strip_code_spans(line)
        for match in INLINE_LINK.finditer(plain):
            yield number, match.group(1).strip("<>")
        definition = REFERENCE_DEF.match(plain)
        if definition:
            yield number, definition.group(1).strip("<>")
        for match in HTML_ATTR.finditer(plain):
            yield number, match.group(1)


def within(folder, path):
    return os.path.commonpath([folder, os.path.abspath(path)]) == folder


def within_repository(path):
    return within(ROOT, path)


def check_markdown_link(source, target):
    """Why the link `target` of the Markdown file `source` is broken, or None."""
    if not target or SCHEME.match(target) or target.startswith("//"):
        return None
    target_path, _, anchor = target.partition("#")
    target_path = urllib.parse.unquote(target_path.split("?")[0])
    if target_path.startswith("/"):
        resolved = os.path.join(ROOT, target_path.lstrip("/"))
    elif target_path:
        resolved = os.path.normpath(os.path.join(os.path.dirname(source), target_path))
    else:
        resolved = source
    if not within_repository(resolved):
        return "outside the repository"
    if not os.path.exists(resolved):
        return "no such file"
    if anchor:
        if os.path.isdir(resolved) or not resolved.endswith(".md"):
            return "an anchor into something that is not a Markdown file"
        if urllib.parse.unquote(anchor) not in anchors_of(resolved):
            return f"no heading #{anchor} in {os.path.relpath(resolved, ROOT)}"
    return None


def markdown_files():
    files = [os.path.join(ROOT, "README.md")]
    docs = os.path.join(ROOT, "docs")
    files += sorted(
        os.path.join(docs, name) for name in os.listdir(docs) if name.endswith(".md")
    )
    files += guide_pages()
    return files


def guide_pages():
    src = os.path.join(ROOT, GUIDE_SRC)
    pages = []
    for folder, dirs, names in os.walk(src):
        dirs.sort()
        pages += [os.path.join(folder, name) for name in sorted(names) if name.endswith(".md")]
    return pages


def check_summary(report):
    """Every page is in SUMMARY.md, and every page it lists exists."""
    src = os.path.join(ROOT, GUIDE_SRC)
    summary = os.path.join(src, "SUMMARY.md")
    if not os.path.isfile(summary):
        report(summary, 1, "SUMMARY.md", "the guide has no SUMMARY.md")
        return
    listed = set()
    for number, target in links_of(summary):
        if not target or SCHEME.match(target):
            continue
        page = os.path.normpath(os.path.join(src, target.partition("#")[0]))
        listed.add(page)
        if not os.path.isfile(page):
            report(summary, number, target, "the page does not exist")
    for page in guide_pages():
        if page != summary and page not in listed:
            report(page, 1, os.path.relpath(page, src), "not listed in SUMMARY.md")


class PageLinks(html.parser.HTMLParser):
    """The ids, the <base href> and the (line, link) of an HTML page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.base = None
        self.links = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("id", "name") if tag == "a" else ("id",):
            if attrs.get(name):
                self.ids.add(attrs[name])
        if tag == "base" and attrs.get("href"):
            self.base = attrs["href"]
        for name in ("href", "src"):
            if tag in ("a", "link", "img", "script", "source", "iframe") and attrs.get(name):
                self.links.append((self.getpos()[0], attrs[name]))


_pages = {}


def parsed(path):
    if path not in _pages:
        parser = PageLinks()
        with open(path, encoding="utf-8") as f:
            parser.feed(f.read())
        _pages[path] = parser
    return _pages[path]


def check_html(book, report):
    """Every relative href and src of the built guide names a file."""
    book = os.path.abspath(book)
    checked = 0
    for folder, dirs, names in os.walk(book):
        dirs.sort()
        for name in sorted(names):
            if not name.endswith(".html"):
                continue
            page = os.path.join(folder, name)
            links = parsed(page)
            # A <base href="/..."> (mdBook's 404 page) makes links relative
            # to the book's top.
            base = folder
            if links.base and links.base.startswith("/"):
                base = book
            for number, link in links.links:
                checked += 1
                if SCHEME.match(link) or link.startswith("//") or link.startswith("/"):
                    continue
                path, _, anchor = link.partition("#")
                path = urllib.parse.unquote(path.split("?")[0])
                resolved = os.path.normpath(os.path.join(base, path)) if path else page
                if not (within(book, resolved) or within_repository(resolved)):
                    report(page, number, link, "outside the book and the repository")
                elif not os.path.exists(resolved):
                    report(page, number, link, "no such file")
                elif os.path.isdir(resolved) and not os.path.exists(os.path.join(resolved, "index.html")):
                    report(page, number, link, "a folder without index.html")
                elif anchor and resolved.endswith(".html"):
                    if urllib.parse.unquote(anchor) not in parsed(resolved).ids:
                        report(page, number, link, f"no id #{anchor} in {os.path.relpath(resolved, ROOT)}")
    return checked


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--html", metavar="DIR", help="also check the built guide's HTML in DIR")
    args = parser.parse_args()

    broken = []

    def report(path, line, target, why):
        broken.append(f"{os.path.relpath(path, ROOT)}:{line}: broken link -> {target} ({why})")

    files = markdown_files()
    links = 0
    for path in files:
        for number, target in links_of(path):
            links += 1
            why = check_markdown_link(path, target)
            if why:
                report(path, number, target, why)
    check_summary(report)
    summary = f"{links} links in {len(files)} Markdown files"
    if args.html:
        if not os.path.isdir(args.html):
            print(f"{args.html}: no built guide there (run: mdbook build docs/guide)", file=sys.stderr)
            return 1
        summary += f", {check_html(args.html, report)} links in the HTML of {args.html}"

    for line in broken:
        print(line)
    if broken:
        print(f"{len(broken)} broken links ({summary})", file=sys.stderr)
        return 1
    print(f"links: {summary}, none broken; every guide page is in SUMMARY.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
