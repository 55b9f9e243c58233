"""A Downloads with a rules file (`.tidyup.toml`: a content rule, a name
rule and an extensions rule), at about 30 and about 300 entries: every file
a rule matches belongs in that rule's folder, whatever the folder's size."""
import fnmatch

import contents as c
from folders_en import DOWNLOAD_MAKERS, _groups, _in_use_downloads, _kinds, fill
from items import file, stays

RULES_TOML = """\
instructions = "Bills together, invoices under Finance, e-books in Books."

[[rule]]
content = "(?i)electricity bill"
to = "Bills"

[[rule]]
name = "*invoice*"
to = "Finance/Invoices"

[[rule]]
extensions = ["epub", "mobi"]
to = "Books"
"""


def rule_for(item):
    """The folder the first matching rule of RULES_TOML sends `item` to."""
    if not isinstance(item.data, bytes) or item.in_use or item.name.startswith("."):
        return None
    if b"electricity bill" in item.data.lower():
        return "Bills"
    if fnmatch.fnmatch(item.name.lower(), "*invoice*"):
        return "Finance/Invoices"
    if item.name.lower().rsplit(".", 1)[-1] in ("epub", "mobi") and "." in item.name:
        return "Books"
    return None


def _bills(count):
    return [file(f"electricity-2025-{n:02d}.txt",
                 c.text(f"ACME Power\nElectricity bill for month {n}\nAmount due: {40 + n}.00\n"),
                 "documents") for n in range(1, count + 1)]


def rules(size):
    """The Downloads with rules: `size` "large" (about 300 entries) or
    "small" (about 30)."""
    small = size == "small"
    cases = (_in_use_downloads(small=True)[:4]
             + _kinds({"book - Dune.epub", "Neuromancer.mobi", "TODO.md", "IMG_3100.HEIC"})
             + _groups({"film"})
             + _bills(3 if small else 12)
             + [stays(".tidyup.toml", RULES_TOML.encode()),
                file("ACME invoice March.pdf", c.pdf("Invoice March"), "documents"),
                file("Invoice-0042.docx", c.docx("Invoice 42"), "documents")])
    for item in cases:
        if item.name in ("electricity-2025-01.txt", "electricity-2025-02.txt", "electricity-2025-03.txt",
                         ".tidyup.toml", "ACME invoice March.pdf", "Invoice-0042.docx"):
            item.small = True
    if small:
        cases = [item for item in cases if item.small or item.in_use]
    target = 30 if small else 300
    items = cases + fill(f"rules-{size}", DOWNLOAD_MAKERS, target - len(cases), cases)
    for item in items:
        item.rule = rule_for(item)
        if item.rule:
            item.expect = (item.rule,)
    return items
