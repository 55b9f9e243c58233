#!/usr/bin/env python3
"""Writes core-wasm/src/kinds/registry.rs: the file-name endings of
freedesktop.org's shared MIME database, each with the tidyup category its
MIME type belongs to.

The database is Debian's `shared-mime-info` package
(`apt-get install shared-mime-info`), read from
/usr/share/mime/packages/freedesktop.org.xml; its version is written in the
generated file's header. Run from the repository's root:

    python3 core-wasm/data/kinds/generate.py

Only MIME types this script places in a category give endings; a glob that
is not a plain ending (`*.ext`, `*.a.b`) is skipped. When one ending belongs
to MIME types of different categories, PREFERRED settles it (the script
fails on an ending left unsettled, so a new database version is looked at).
"""

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

SOURCE = Path("/usr/share/mime/packages/freedesktop.org.xml")
OUTPUT = Path(__file__).resolve().parents[2] / "src" / "kinds" / "registry.rs"
NS = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}

# MIME types by category: exact types, or prefixes ending in `.`, `-` or `/`.
DOCUMENTS = [
    "application/pdf", "application/rtf", "application/postscript",
    "application/epub+zip", "application/vnd.amazon.mobi8-ebook",
    "application/x-mobipocket-ebook", "application/x-fictionbook+xml",
    "application/x-zip-compressed-fb2", "application/vnd.comicbook-rar",
    "application/vnd.comicbook+zip", "application/x-cb7", "application/x-cbt",
    "application/msword", "application/msword-template",
    "application/vnd.openxmlformats-officedocument.",
    "application/vnd.ms-excel", "application/vnd.ms-powerpoint",
    "application/vnd.ms-word.", "application/vnd.ms-visio.", "application/vnd.visio",
    "application/vnd.oasis.opendocument.", "application/vnd.sun.xml.",
    "application/vnd.stardivision.", "application/vnd.apple.keynote",
    "application/vnd.apple.numbers", "application/vnd.apple.pages",
    "application/oxps", "application/vnd.ms-xpsdocument", "application/vnd.ms-works",
    "application/vnd.wordperfect", "application/vnd.lotus-", "application/x-abiword",
    "application/x-hwp", "application/x-hwt", "application/vnd.ms-publisher",
    "application/x-mswrite", "application/x-appleworks-document",
    "application/vnd.ms-htmlhelp", "application/x-mimearchive", "application/x-dvi",
    "application/x-gnumeric", "application/x-lyx", "application/x-kword",
    "application/x-kspread", "application/x-kpresenter", "application/x-t602",
    "application/x-aportisdoc", "application/vnd.framemaker", "application/x-pagemaker",
    "application/x-docbook+xml", "application/mbox",
    "image/vnd.djvu", "image/vnd.djvu+multipage",
    "message/rfc822",
    "text/plain", "text/markdown", "text/csv", "text/tab-separated-values",
    "text/x-rst", "text/org", "text/x-log", "text/calendar", "text/vcard",
    "text/x-tex", "text/x-bibtex", "text/x-texinfo", "text/richtext", "text/x-nfo",
    "text/x-txt2tags",
]
SUBTITLES = [
    "application/x-subrip", "text/vtt", "application/x-sami", "text/x-microdvd",
    "text/x-mpl2", "text/x-mpsub", "text/x-ssa", "text/x-subviewer",
]
CODE = [
    "application/javascript", "application/ecmascript", "application/json",
    "application/ld+json", "application/schema+json", "application/x-ipynb+json",
    "application/vnd.coffeescript", "application/x-shellscript", "application/x-csh",
    "application/x-perl", "application/x-php", "application/x-ruby", "application/x-awk",
    "application/x-m4", "application/sql", "application/xml", "application/xslt+xml",
    "application/xml-dtd", "application/x-yaml", "application/toml", "application/x-asp",
    "application/x-gdscript", "application/xhtml+xml",
    "text/css", "text/html", "text/x-java", "text/x-python", "text/x-python3",
    "text/x-go", "text/rust", "text/x-csharp", "text/x-kotlin", "text/x-scala",
    "text/x-dart", "text/x-lua", "text/x-haskell", "text/x-literate-haskell",
    "text/x-ocaml", "text/x-erlang", "text/x-elixir", "text/x-emacs-lisp",
    "text/x-common-lisp", "text/x-scheme", "text/x-fortran", "text/x-pascal",
    "text/x-matlab", "text/x-groovy", "text/x-gradle", "text/x-crystal", "text/x-vala",
    "text/x-genie", "text/tcl", "text/vbscript", "text/x-sass", "text/x-scss",
    "text/x-makefile", "text/x-cmake", "text/x-meson", "text/x-patch", "text/x-qml",
    "text/x-twig", "text/x-verilog", "text/x-vhdl", "text/x-cobol", "text/x-eiffel",
    "text/x-idl", "text/x-sagemath", "text/x-ms-regedit", "text/x-rpm-spec",
    "text/x-kaitai-struct",
]
# `text/x-...src` and `text/x-...hdr` are source code too (C, C++, Ada...).
CODE_PATTERN = re.compile(r"^text/x-[a-z0-9+]*(src|hdr)$")
ARCHIVES = [
    "application/zip", "application/x-7z-compressed", "application/vnd.rar",
    "application/x-tar", "application/gzip", "application/x-bzip",
    "application/x-bzip-compressed-tar", "application/x-compressed-tar",
    "application/x-xz", "application/x-xz-compressed-tar", "application/zstd",
    "application/x-zstd-compressed-tar", "application/x-lzma",
    "application/x-lzma-compressed-tar", "application/x-lz4",
    "application/x-lz4-compressed-tar", "application/x-lzip",
    "application/x-lzip-compressed-tar", "application/x-lrzip",
    "application/x-lrzip-compressed-tar", "application/x-lzop", "application/x-tzo",
    "application/x-tarz", "application/x-compress", "application/x-cpio",
    "application/x-cpio-compressed", "application/x-arj", "application/x-lha",
    "application/x-lhz", "application/x-ace", "application/x-alz", "application/x-stuffit",
    "application/vnd.ms-cab-compressed", "application/x-ustar", "application/x-shar",
    "application/zlib", "application/x-dar", "application/x-zoo", "application/x-par2",
    "application/x-ms-wim", "application/x-qpress",
]
# Installers: what a person runs or opens to install something, and fonts,
# which are installed into the system too (double-clicked, "Install").
INSTALLERS = [
    "application/x-ms-dos-executable", "application/x-msi",
    "application/vnd.debian.binary-package", "application/x-rpm",
    "application/x-apple-diskimage", "application/vnd.android.package-archive",
    "application/x-xar", "application/vnd.flatpak", "application/vnd.flatpak.ref",
    "application/vnd.flatpak.repo", "application/vnd.appimage",
    "application/x-iso9660-appimage", "application/vnd.snap", "application/x-cd-image",
    "application/x-java-archive", "application/x-xpinstall",
    "application/vnd.openofficeorg.extension", "application/vnd.symbian.install",
    "x-epoc/x-sisx-app",
    "font/", "application/x-font-",
]
# Pictures that are not `image/*`: vector art and painting programs' files.
IMAGES = [
    "application/illustrator", "application/vnd.corel-draw", "application/x-krita",
    "application/x-navi-animation",
]

# One ending claimed by MIME types of different categories: the one a person
# means (by default, not a game console's ROM or a signature).
PREFERRED = {
    "key": "Documents",   # Keynote, not a PGP key ring
    "iso": "Installers",  # a CD image (an operating system's installer), not a ROM
    "pdb": "Documents",   # Palm e-book
    "prc": "Documents",   # Mobipocket e-book
    "smi": "Videos",      # SAMI subtitles, not SMIL
    "sub": "Videos",      # subtitles
    "m": "Code",          # Objective-C or MATLAB: code either way
    "asc": "Documents",   # plain text
    "smd": "Documents",   # StarMail, not a ROM
    "pm": "Code",         # Perl module
    "mm": "Code",         # Objective-C++
    "t": "Code",          # Perl test
    "mo": "Code",         # Modelica (gettext catalogues are not a person's files)
    "pcf": "Installers",  # a font
    "ass": "Videos",      # Advanced SubStation subtitles
    "mp2": "Audio",       # MPEG-1 Layer II sound
    "ogg": "Audio",       # the spec's table
    "otf": "Installers",  # an OpenType font
    "psf": "Installers",  # a console font
    "vst": "Documents",   # a Visio template
}


def category(mime):
    def matches(entries):
        return any(
            mime == entry or (entry[-1] in "./-" and mime.startswith(entry))
            for entry in entries
        )

    if mime.startswith("image/"):
        return "Documents" if matches(DOCUMENTS) else "Images"
    if mime.startswith("video/") or matches(SUBTITLES):
        return "Videos"
    if mime.startswith("audio/"):
        return "Audio"
    for name, entries in [
        ("Documents", DOCUMENTS),
        ("Code", CODE),
        ("Archives", ARCHIVES),
        ("Installers", INSTALLERS),
        ("Images", IMAGES),
    ]:
        if matches(entries):
            return name
    if CODE_PATTERN.match(mime):
        return "Code"
    return None


def version():
    try:
        out = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", "shared-mime-info"],
            capture_output=True, text=True, check=True,
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main():
    root = ET.parse(SOURCE).getroot()
    claims = {}
    for mime_type in root.findall("m:mime-type", NS):
        mime = mime_type.get("type")
        kind = category(mime)
        if kind is None:
            continue
        for glob in mime_type.findall("m:glob", NS):
            pattern = glob.get("pattern")
            if not pattern.startswith("*.") or any(c in pattern[2:] for c in "*?["):
                continue
            ending = pattern[2:].lower()
            claims.setdefault(ending, {}).setdefault(kind, []).append(mime)
    table = {}
    unsettled = []
    for ending, kinds in sorted(claims.items()):
        if len(kinds) == 1:
            table[ending] = next(iter(kinds))
        elif ending in PREFERRED:
            table[ending] = PREFERRED[ending]
        else:
            unsettled.append(f"{ending}: {kinds}")
    if unsettled:
        sys.exit("endings claimed by several categories:\n" + "\n".join(unsettled))
    rows = "\n".join(
        f'    ("{ending}", Category::{kind}),' for ending, kind in sorted(table.items())
    )
    OUTPUT.write_text(
        f"""//! GENERATED by `core-wasm/data/kinds/generate.py`; do not edit by hand.
//!
//! Source: freedesktop.org's shared MIME database, Debian package
//! `shared-mime-info` {version()} (`freedesktop.org.xml`): each file-name ending
//! of a MIME type the script places, with that category.

use crate::file_type::Category;

/// File-name endings (lowercase, without the first dot; `tar.gz` has two
/// parts) and their categories, sorted by ending.
pub const ENDINGS: [(&str, Category); {len(table)}] = [
{rows}
];
"""
    )
    print(f"{len(table)} endings written to {OUTPUT}")


if __name__ == "__main__":
    main()
