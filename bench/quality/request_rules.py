"""The plain requests benchmark: rows of a request as a person types it,
the persona folder it is typed in, and where a careful person expects each
file to end up. The rows themselves are in `requests_en.py` and
`requests_zh.py`; `requests_score.py` runs them.

A row's `rules` are read in order and the first that selects a file
decides for it:

- `to(SELECTOR, PLACE...)`: the file must end in one of the places;
- `stay(SELECTOR)`: the file must be where it was;
- `either(SELECTOR)`: people would honestly differ; not judged.

A file no rule selects is judged by what the request leaves it:

- a companion (a film's subtitles, a photo's edits, a raw file's sidecar,
  a split archive's later parts: a member of a manifest's group other than
  its first, the main file) must be in the same folder as its main file,
  wherever that went;
- when the row's request has a part for the rest ("the rest by kind",
  "everything else", "其他的按类型"), it may go anywhere, except that
  folders, hidden files, files in use, projects and launchers stay and
  secrets stay or go to a folder of their own;
- otherwise it must stay where it was: a request moves what it names.

A byte-identical copy (`report (1).pdf`) may instead be set aside in
the duplicates folder when a rule names it or the request covers the rest.
Whatever the rules, a file in use (a download in progress, a lock file)
stays, no file is lost, no new folder repeats one the user has under
another case or spacing (`Receipts` beside `receipts`), and the plan
never shows a raw `{year}`, `{month}` or `{day}`.

SELECTOR is a string or a tuple of strings, each one of:

- a glob on the file's name, case-insensitive (`*.pdf`, `*receipt*`,
  `*发票*`); a name of GBK bytes is matched as its characters; a folder
  is never named, nor a hidden file unless the glob starts with a dot;
- `existing:FOLDER`: the files the folder's manifest says belong in the
  user's folder FOLDER (papers beside `Papers/`, samples beside
  `Samples/`);
- `re:PATTERN`: a regular expression searched in the name, case-insensitive.

PLACE is a folder path relative to the folder (`Receipts`, `Papers/2024`;
"" is where the file was), compared ignoring case. Its parts may hold:

- `*` (any characters of one folder name) and `**` (any folders, or none);
- `{year}`: the file's year, `{month}` its month with or without its year
  (`03`, `3`, `March`, `Mar`, `3月`, `2024-03`, `2024年3月`, `March
  2024`), `{ym}` its month with its year in the same name (`2024-03`,
  `2024_03`, `2024年3月`, `March 2024`), `{day}` its day with or without
  its year and month (`05`, `5日`, `2024-03-05`), `{ymd}` its full date
  in one name.

A file's date is the one a careful person reads: a date in its name first
(`20240305`, `2024-03-05`, `05.03.2024`, `Mar 5 2024`, `March 2024`,
`2024年3月5日`, `IMG-20240305-WA0001`, a lone year as in `W-2 2023.pdf`),
else the date a photo was taken (EXIF) or a PDF was created, else its
modification time (see `requests_check.file_dates`).
"""
import zlib
from dataclasses import dataclass, field

import contents as c
from items import BASE_TIME

DAY = 86_400

# The persona folders of generate.py a row may run on (each has a small
# and a large variant: "NAME-small" and "NAME").
PERSONAS = ("downloads", "desktop", "photos", "downloads-zh", "phd-downloads", "designer-desktop",
            "office-zh", "dev-downloads", "partly-organized", "music-producer")

STAY = ("",)


@dataclass(frozen=True)
class Rule:
    """Files the `select` patterns name, and the places they may end in
    (None: not judged)."""
    select: tuple
    places: tuple


def _tuple(value):
    return (value,) if isinstance(value, str) else tuple(value)


def to(select, *places):
    """The files `select` names must end in one of `places`."""
    flat = []
    for place in places:
        flat.extend(_tuple(place))
    return Rule(_tuple(select), tuple(flat))


def stay(select):
    """The files `select` names must stay where they are."""
    return Rule(_tuple(select), STAY)


def either(select):
    """The files `select` names are not judged: people would differ."""
    return Rule(_tuple(select), None)


def by_year(*bases):
    """Year folders under each of `bases` ("" is the folder itself, "**"
    any folder)."""
    return tuple(_join(base, "{year}") for base in bases)


def by_month(*bases):
    """Month folders, with the year above them or in their name, under
    each of `bases`."""
    return tuple(place for base in bases for place in (_join(base, "{year}/{month}"), _join(base, "{ym}")))


def by_day(*bases):
    """Day folders, with the year and month above them or in their names,
    under each of `bases`."""
    return tuple(place for base in bases
                 for place in (_join(base, "{year}/{month}/{day}"), _join(base, "{ym}/{day}"),
                               _join(base, "{ymd}")))


def _join(base, tail):
    return f"{base}/{tail}" if base else tail


@dataclass(frozen=True)
class Extra:
    """A file (bytes) or folder (a dict of name -> bytes or dict) added to
    the copy of the persona folder for one row, with its modification time
    and, for a companion, the group it shares with its main file (the
    first of the group in the row's extras)."""
    name: str
    data: object
    mtime: int
    group: str = None


def _seed(name):
    """A number of its own for each name, beyond the persona folders' seeds."""
    return 10_000_000 + zlib.crc32(name.encode("utf-8")) % 10_000_000


def data_for(name):
    """Small contents with the real magic bytes of the kind `name`'s
    ending says, different for every name."""
    seed = _seed(name)
    ext = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    makers = {
        "pdf": lambda: c.pdf(name), "docx": lambda: c.docx(name), "xlsx": lambda: c.xlsx(name),
        "pptx": lambda: c.pptx(name), "jpg": lambda: c.jpeg(seed), "jpeg": lambda: c.jpeg(seed),
        "png": lambda: c.png(seed), "heic": lambda: c.heic(seed), "mp4": lambda: c.mp4(seed),
        "mov": lambda: c.mov(seed), "mp3": lambda: c.mp3(seed), "m4a": lambda: c.m4a(seed),
        "flac": lambda: c.flac(seed), "wav": lambda: c.wav(seed), "iso": lambda: c.iso(seed),
        "dmg": lambda: c.dmg(seed), "epub": lambda: c.epub(name), "ttf": lambda: c.font("ttf", seed),
        "otf": lambda: c.font("otf", seed), "zst": lambda: c.zstd(seed), "exe": lambda: c.exe(seed),
        "zip": lambda: c.zip_of({"readme.txt": name}),
        "mobi": lambda: b"\x00" * 60 + b"BOOKMOBI" + seed.to_bytes(8, "big"),
        "azw3": lambda: b"\x00" * 60 + b"BOOKMOBI" + seed.to_bytes(8, "big"),
        "ofd": lambda: c.zip_of({"OFD.xml": f"<ofd:OFD><ofd:Title>{name}</ofd:Title></ofd:OFD>"}),
        "srt": lambda: c.text(f"1\n00:00:01,000 --> 00:00:02,000\n{name}\n"),
        "xyz": lambda: c.text(f"3\n{name}\nO 0.000 0.000 0.117\nH 0.000 0.757 -0.469\n"
                              "H 0.000 -0.757 -0.469\n"),
    }
    maker = makers.get(ext)
    return maker() if maker else c.text(f"{name}\n")


def extra(name, data=None, *, day=100, group=None):
    """A file for one row: `data` (default: contents for its ending),
    modified `day` days after 2025-03-01 (a date in 2025 that no name in
    the rows carries)."""
    return Extra(name, data_for(name) if data is None else data, BASE_TIME + day * DAY, group)


def folder(name, *files, day=20):
    """A folder the user already made, holding `files` (names)."""
    return Extra(name, {f: data_for(f) for f in files}, BASE_TIME + day * DAY)


def photo_taken(name, taken, *, day=100):
    """A JPEG whose EXIF says it was taken at `taken` ("2022:07:15 10:15:00")."""
    return Extra(name, c.jpeg_exif(_seed(name), taken), BASE_TIME + day * DAY)


def pdf_created(name, created, *, day=100):
    """A PDF whose document information says it was created on `created`
    ("20220412"), as a scanner or a word processor writes it."""
    stream = f"BT /F1 12 Tf 72 720 Td ({name}) Tj ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
        f"<< /Producer (Scanner) /CreationDate (D:{created}093000Z) >>".encode(),
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += (f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info 5 0 R >>\n"
            f"startxref\n{xref}\n%%EOF\n").encode()
    return Extra(name, out, BASE_TIME + day * DAY)


@dataclass(frozen=True)
class Row:
    """One plain request: `id`, `lang` (the session's language), `request`
    (the line typed), `folder` (a persona of PERSONAS), `sizes` (the
    variants it runs on), `extra` (files added to the copy), `rules`, `rest`
    (whether a part of the request covers the files it names no other way),
    and `note`: what a careful person does, in a sentence."""
    id: str
    lang: str
    request: str
    folder: str
    rules: tuple
    note: str
    sizes: tuple = ("small", "large")
    extra: tuple = field(default_factory=tuple)
    rest: bool = False


def row(id, lang, request, folder, rules, note, *, sizes=("small", "large"), extra=(), rest=False):
    return Row(id, lang, request, folder, tuple(rules), note, tuple(sizes), tuple(extra), rest)


# Everyday selections, by the endings a careful person counts in them.
EBOOKS = ("*.epub", "*.mobi", "*.azw", "*.azw3", "*.fb2")
VIDEOS = ("*.mp4", "*.mov", "*.mkv", "*.webm", "*.m4v", "*.avi")
AUDIO = ("*.mp3", "*.flac", "*.m4a", "*.wav", "*.aif", "*.aiff", "*.ogg", "*.opus")
SUBTITLES = ("*.srt", "*.vtt", "*.ass", "*.ssa", "*.sub")
FONTS = ("*.ttf", "*.otf", "*.woff", "*.woff2")
RAW = ("*.nef", "*.cr2", "*.cr3", "*.arw", "*.dng", "*.raf", "*.orf")
PHOTOS = ("*.jpg", "*.jpeg", "*.heic") + RAW
SCREENSHOTS = ("screenshot*", "screen shot*", "*截图*", "*截屏*")
INSTALLERS = ("*.exe", "*.msi", "*.msix", "*.dmg", "*.pkg", "*.deb", "*.rpm", "*.apk", "*.appimage",
              "*.flatpakref")
SPREADSHEETS = ("*.xlsx", "*.xls", "*.ods", "*.numbers", "*.et")
SLIDES = ("*.pptx", "*.ppt", "*.key", "*.odp", "*.dps")


def rows():
    """Every row, English first."""
    from requests_en import ROWS as EN
    from requests_zh import ROWS as ZH
    table = list(EN) + list(ZH)
    ids = [r.id for r in table]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise ValueError(f"row ids repeat: {repeated}")
    for r in table:
        if r.folder not in PERSONAS or r.lang not in ("en", "zh") or not set(r.sizes) <= {"small", "large"}:
            raise ValueError(f"{r.id}: unknown folder, language or size")
    return table
