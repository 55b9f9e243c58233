"""How a row of the plain requests benchmark is judged: the dates a
careful person reads for a file, the folders a row's places accept, and
the verdict on the tree a session left (the rules are described in
`request_rules.py`)."""
import calendar
import datetime
import fnmatch
import os
import re

from items import FOLDERS, SECRET_PLACES

MONTHS = {m: (calendar.month_name[m], calendar.month_abbr[m]) for m in range(1, 13)}
_MONTH_WORD = "|".join(sorted({w for pair in MONTHS.values() for w in pair}, key=len, reverse=True))
PLACEHOLDERS = ("{year}", "{month}", "{day}")
DUPLICATES = {names["dup"] for names in FOLDERS.values()}
STAY = ("",)


def display(name):
    """A file name as a person reads it: one of GBK bytes (not UTF-8) as
    its characters."""
    raw = name.encode("utf-8", "surrogateescape")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("gbk", "replace")


# --- dates ----------------------------------------------------------------------

def _date(y, m=None, d=None):
    """(year, month, day) when they make a date (month and day may be
    unknown: None), else None."""
    y = int(y)
    m = int(m) if m is not None else None
    d = int(d) if d is not None else None
    if not 1990 <= y <= 2039 or (m is not None and not 1 <= m <= 12):
        return None
    if d is not None and not 1 <= d <= 31:
        d = None
    return (y, m, d)


def _month_number(word):
    word = word.lower().rstrip(".")
    for m, (full, abbr) in MONTHS.items():
        if word in (full.lower(), abbr.lower()):
            return m
    return None


def name_dates(name):
    """The dates a careful person reads in a file name, most precise first
    (an empty list: the name carries none)."""
    stem = display(name)
    found = []

    def add(y, m=None, d=None):
        date = _date(y, m, d)
        if date and date not in found:
            found.append(date)

    for y, m, d in re.findall(r"(?<!\d)((?:19|20)\d\d)[-_. ](\d\d)[-_. ](\d\d)(?!\d)", stem):
        add(y, m, d)
    for run in re.findall(r"\d+", stem):
        if len(run) in (8, 12, 14, 17) and run[:2] in ("19", "20"):
            add(run[:4], run[4:6], run[6:8])
    for d, m, y in re.findall(r"(?<!\d)(\d{1,2})\.(\d{1,2})\.((?:19|20)\d\d)(?!\d)", stem):
        add(y, m, d)
    for y, m, d in re.findall(r"((?:19|20)\d\d)年(\d{1,2})月(?:(\d{1,2})[日号])?", stem):
        add(y, m, d or None)
    for word, d, y in re.findall(rf"\b({_MONTH_WORD})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)\b",
                                 stem, re.I):
        add(y, _month_number(word), d)
    for d, word, y in re.findall(rf"\b(\d{{1,2}})\s+({_MONTH_WORD})\.?,?\s+((?:19|20)\d\d)\b", stem, re.I):
        add(y, _month_number(word), d)
    for word, y in re.findall(rf"\b({_MONTH_WORD})\.?,?\s+((?:19|20)\d\d)\b", stem, re.I):
        add(y, _month_number(word))
    if not found:
        for y, m in re.findall(r"(?<!\d)((?:19|20)\d\d)[-_.](\d\d)(?![\d])", stem):
            add(y, m)
    if not found:
        for y in re.findall(r"(?<![\d.])((?:19|20)\d\d)(?![\d])", stem):
            add(y)
    return found


def _readable_alternatives(name):
    """Dates a name carries in a form only some people read: an arXiv
    identifier's year and month (`2403.01234v2`), a millisecond timestamp
    (`mmexport1690000000000`)."""
    out = []
    arxiv = re.fullmatch(r"(\d\d)(\d\d)\.\d{4,5}(?:v\d+)?(?: \(\d+\))?\.pdf", name)
    if arxiv:
        out.append(_date(2000 + int(arxiv.group(1)), arxiv.group(2)))
    stamp = re.search(r"(?<!\d)(1[5-9]\d{11})(?!\d)", name)
    if stamp:
        t = datetime.datetime.fromtimestamp(int(stamp.group(1)) / 1000, datetime.timezone.utc)
        out.append((t.year, t.month, t.day))
    return [d for d in out if d]


def content_dates(head):
    """The date a photo was taken (EXIF) or a PDF was created, from the
    first bytes of the file."""
    taken = re.search(rb"((?:19|20)\d\d):(\d\d):(\d\d) \d\d:\d\d:\d\d", head)
    if taken:
        return [_date(*taken.groups())]
    created = re.search(rb"/CreationDate \(D:((?:19|20)\d\d)(\d\d)(\d\d)", head)
    if created:
        return [_date(*created.groups())]
    return []


def file_dates(path, name):
    """The dates a careful person accepts for the file at `path`: the
    date in its name, else the date in its contents, else its modification
    time (in UTC or local time); a date some people read in the name is
    accepted beside the others."""
    dates = name_dates(name)
    if not dates:
        head = b""
        if os.path.isfile(path) and not os.path.islink(path):
            with open(path, "rb") as f:
                head = f.read(65536)
        dates = [d for d in content_dates(head) if d]
    if not dates:
        mtime = os.lstat(path).st_mtime
        for t in (datetime.datetime.fromtimestamp(mtime, datetime.timezone.utc),
                  datetime.datetime.fromtimestamp(mtime)):
            if (t.year, t.month, t.day) not in dates:
                dates.append((t.year, t.month, t.day))
    return dates + [d for d in _readable_alternatives(name) if d not in dates]


# --- places ---------------------------------------------------------------------

def _token_patterns(date):
    y, m, d = date if date else (None, None, None)
    year = rf"{y}(?:年)?" if y else r"(?:19|20)\d\d(?:年)?"
    if m:
        full, abbr = MONTHS[m]
        month = rf"(?:0?{m}(?:月)?|{full}|{abbr}\.?)"
    else:
        month = rf"(?:0?[1-9]|1[0-2])(?:月)?|(?:{_MONTH_WORD})\.?"
        month = f"(?:{month})"
    day = rf"0?{d}(?:[日号])?" if d else r"(?:0?[1-9]|[12]\d|3[01])(?:[日号])?"
    sep = r"[-_. ]?"
    return {
        "year": year,
        "month": rf"(?:{year}{sep})?{month}(?:[-_ ,]+{year})?",
        "ym": rf"(?:{year}{sep}{month}|{month}[-_ ,]+{year})",
        "day": rf"(?:{year}{sep}{month}{sep})?{day}",
        "ymd": rf"{year}{sep}{month}{sep}{day}",
    }


def place_regex(place, date):
    """A regular expression for the folder paths (each followed by "/")
    that `place` accepts for a file of `date`."""
    tokens = _token_patterns(date)
    out = ""
    for part in place.split("/"):
        if part == "**":
            out += r"(?:[^/]+/)*"
            continue
        for piece in re.split(r"(\{\w+\}|\*)", part):
            if piece == "*":
                out += r"[^/]*"
            elif piece.startswith("{") and piece[1:-1] in tokens:
                out += tokens[piece[1:-1]]
            else:
                out += re.escape(piece)
        out += "/"
    return re.compile(out, re.I)


def accepts(place, folder, dates):
    """Whether `place` accepts a file that ended in `folder` ("" is where
    it was), for a file of one of `dates`."""
    if place == "":
        return folder == ""
    candidates = dates if "{" in place else [None]
    return any(place_regex(place, date).fullmatch(folder + "/") for date in candidates)


def shown_place(place, dates):
    """`place` as text, its date parts filled in with the file's dates."""
    if place == "":
        return "(stay)"
    place = place.replace("**/", ".../")
    if "{" not in place:
        return place
    out = []
    for y, m, d in dates:
        text = (place.replace("{year}", str(y)).replace("{ymd}", f"{y}-{m or 0:02d}-{d or 0:02d}")
                .replace("{ym}", f"{y}-{m or 0:02d}").replace("{month}", f"{m or 0:02d}")
                .replace("{day}", f"{d or 0:02d}"))
        if text not in out:
            out.append(text)
    return " or ".join(out)


# --- selectors ------------------------------------------------------------------

def selects(pattern, item):
    """Whether the selector `pattern` names the manifest item `item`."""
    if pattern.startswith("existing:"):
        return item.get("existing") == pattern[len("existing:"):]
    name = display(item["name"])
    if pattern.startswith("re:"):
        return re.search(pattern[3:], name, re.I) is not None
    return fnmatch.fnmatchcase(name.lower(), pattern.lower())


def deciding_rule(rules, item):
    """The index of the first rule that names `item`, or None: a folder is
    never named by a pattern, nor a hidden file by one that does not start
    with a dot."""
    if item["dir"]:
        return None
    hidden = item["name"].startswith(".")
    for i, rule in enumerate(rules):
        if any(selects(p, item) for p in rule.select if p.startswith(".") or not hidden):
            return i
    return None


# --- the verdict ------------------------------------------------------------------

def _norm(name):
    return re.sub(r"[\s_\-.]+", "", display(name)).lower()


def _is_copy(item):
    """Whether the item is a byte-identical copy of another file (which a
    session may set aside in its duplicates folder)."""
    return bool(item.get("copy_of")) or any(place in DUPLICATES for place in item.get("expect", ()))


def _rest_may_move(item):
    """Whether an entry the request covers only as "the rest" may move."""
    return not (item["dir"] or item["name"].startswith(".") or item.get("project")
                or item.get("launcher") or item.get("in_use"))


def judge(row, items, start, where, folders_after, output):
    """The problems of one run of `row`: `items` the entries of the folder
    (manifest items and the row's extras), `start` what was recorded before
    the run (inodes, dates, folders), `where` inode -> relative path after
    it, `folders_after` the folders after it, `output` what tidyup printed.
    Each problem is (name or None, text)."""
    problems = []
    for placeholder in PLACEHOLDERS:
        if placeholder in output:
            problems.append((None, f"the plan shows a raw {placeholder}"))
    folder_of = {}
    for item in items:
        path = where.get(start["inodes"][item["name"]])
        if path is None:
            problems.append((item["name"], f"{display(item['name'])} is gone"))
        else:
            folder_of[item["name"]] = os.path.dirname(path)
    deciding = {item["name"]: deciding_rule(row.rules, item) for item in items}
    used = {i for i in deciding.values() if i is not None}
    for i, rule in enumerate(row.rules):
        if rule.places not in (None, STAY) and i not in used:
            problems.append((None, f"(table) nothing here is named by {', '.join(rule.select)}"))
    mains = {}
    for item in items:
        if item.get("group") and item["group"] not in mains:
            mains[item["group"]] = item
    for item in items:
        name = item["name"]
        if name not in folder_of:
            continue
        got = folder_of[name]
        dates = start["dates"].get(name, [])
        rule = deciding[name]
        main = mains.get(item.get("group"))
        if item.get("in_use"):
            places, why = ("",), "in use"
        elif rule is not None:
            places, why = row.rules[rule].places, "named"
        elif main is not None and main is not item and main["name"] in folder_of:
            if got != folder_of[main["name"]]:
                problems.append((name, f"{display(name)} → {got or '(stayed)'}, away from its "
                                       f"{display(main['name'])} in {folder_of[main['name']] or '(where it was)'}"))
            continue
        elif not row.rest:
            places, why = ("",), "not named"
        elif item.get("secret"):
            places, why = tuple("" if p == "stay" else p for p in SECRET_PLACES), "a secret"
        elif not _rest_may_move(item):
            places, why = ("",), "kept"
        else:
            continue
        if places is None or any(accepts(p, got, dates) for p in places):
            continue
        if _is_copy(item) and (why == "named" or row.rest) and got in DUPLICATES:
            continue
        expected = " or ".join(shown_place(p, dates) for p in places)
        problems.append((name, f"{display(name)} → {got or '(stayed)'} (expected {expected}; {why})"))
    new = folders_after - start["folders"]
    for path in sorted(new):
        parent, base = os.path.split(path)
        twins = [f for f in start["folders"] if os.path.dirname(f) == parent
                 and _norm(os.path.basename(f)) == _norm(base)]
        if twins:
            problems.append((None, f"made {path}/ beside the existing {twins[0]}/"))
    return problems


def reason(problems):
    """A short text for the table: the first problem and how many more."""
    if not problems:
        return ""
    first = problems[0][1]
    files = sum(1 for name, _ in problems if name)
    more = len(problems) - 1
    text = first if len(first) <= 110 else first[:107] + "..."
    if more:
        text += f" (+{more} more" + (f"; {files} files" if files > 1 else "") + ")"
    return text
