#!/usr/bin/env python3
"""Writes the messy folders of tidyup's quality benchmark and, beside each,
its manifest: the placement a careful person would choose for every
top-level entry.

Usage: python3 bench/quality/generate.py OUT [FOLDER...]
writes OUT/FOLDER/ (the messy folder) and OUT/FOLDER.json (its manifest)
for every folder of FOLDERS (or those named). The same command always
writes the same bytes, names and modification times.

A manifest holds: `folder`, `lang` (the session's language), `others` and
`duplicates` (the names of tidyup's folders for files of no kind and for
copies set aside), and `items`, one per
top-level entry: `name` (a GBK name appears as Python's surrogate escapes:
"\\udcbb..."), `dir`, `expect` (the acceptable destination folders,
relative to the folder; "" is "stay where it is"), `kind` (the kind a
person recognizes, or null), `group` (entries placed together share it),
`in_use`, `project`, `rule` (the folder a rules file sends it to),
`existing` (the user's own folder it belongs in), `secret` (a key or
credential), `launcher` (a shortcut or link that stays), `copy_of` (the
clean-named file it is a copy of); and `kind_folders`, the names of the
folders for kinds (where a secret is never set aside).
"""
import collections
import json
import os
import sys

from folders_en import downloads
from folders_home import desktop, photos
from folders_office_zh import office_zh
from folders_personas import designer_desktop, dev_downloads, music_producer, partly_organized, phd_downloads
from folders_archive import archivist_folder
from folders_law_zh import law_office_zh
from folders_makers import editor_folder, modder_desktop
from folders_science import lab_downloads, teacher_desktop
from folders_rules import rules
from contents import Link
from folders_zh import downloads_zh
from items import FOLDERS as FOLDER_NAMES
from items import KINDS, TINY, placements

# name: (items of a size, size, session language, the folder's name on
# disk, kinds the folder already has a folder for)
FOLDERS = {
    "downloads": (downloads, "large", "en", "Downloads", {}),
    "downloads-small": (downloads, "small", "en", "Downloads", {}),
    "desktop": (desktop, "large", "en", "Desktop", {"images": "Photos"}),
    "desktop-small": (desktop, "small", "en", "Desktop", {"images": "Photos"}),
    "photos": (photos, "large", "en", "DCIM", {}),
    "photos-small": (photos, "small", "en", "DCIM", {}),
    "downloads-zh": (downloads_zh, "large", "zh", "下载", {}),
    "downloads-zh-small": (downloads_zh, "small", "zh", "下载", {}),
    "rules": (rules, "large", "en", "Downloads", {}),
    "rules-small": (rules, "small", "en", "Downloads", {}),
    # Written before the planner was taught anything about them.
    "phd-downloads": (phd_downloads, "large", "en", "Downloads", {}),
    "phd-downloads-small": (phd_downloads, "small", "en", "Downloads", {}),
    "designer-desktop": (designer_desktop, "large", "en", "Desktop", {}),
    "designer-desktop-small": (designer_desktop, "small", "en", "Desktop", {}),
    "office-zh": (office_zh, "large", "zh", "桌面", {}),
    "office-zh-small": (office_zh, "small", "zh", "桌面", {}),
    "dev-downloads": (dev_downloads, "large", "en", "Downloads", {}),
    "dev-downloads-small": (dev_downloads, "small", "en", "Downloads", {}),
    "partly-organized": (partly_organized, "large", "en", "Stuff", {"audio": "Music"}),
    "partly-organized-small": (partly_organized, "small", "en", "Stuff", {"audio": "Music"}),
    "music-producer": (music_producer, "large", "en", "Music Production", {}),
    "music-producer-small": (music_producer, "small", "en", "Music Production", {}),
    # Judgement personas: written before judgement by method.
    "3d-artist": (modder_desktop, "large", "en", "Desktop", {}),
    "3d-artist-small": (modder_desktop, "small", "en", "Desktop", {}),
    "genomics-lab": (lab_downloads, "large", "en", "Downloads", {}),
    "genomics-lab-small": (lab_downloads, "small", "en", "Downloads", {}),
    "video-editor": (editor_folder, "large", "en", "Video Work", {}),
    "video-editor-small": (editor_folder, "small", "en", "Video Work", {}),
    "law-office-zh": (law_office_zh, "large", "zh", "桌面", {}),
    "law-office-zh-small": (law_office_zh, "small", "zh", "桌面", {}),
    "teacher-desktop": (teacher_desktop, "large", "en", "Desktop", {}),
    "teacher-desktop-small": (teacher_desktop, "small", "en", "Desktop", {}),
    "music-archivist": (archivist_folder, "large", "en", "Music Archive", {}),
    "music-archivist-small": (archivist_folder, "small", "en", "Music Archive", {}),
}


def items_of(folder):
    """The items of the folder named `folder`."""
    make, size, _, _, _ = FOLDERS[folder]
    items = make(size)
    check(folder, items)
    return items


def check(folder, items):
    """Refuses a folder whose names repeat or whose loose files share bytes
    (with each other or a file in a subfolder) other than as the copies its
    manifest expects; files of fewer than TINY bytes may share theirs."""
    names = collections.Counter(item.name for item in items)
    repeated = [name for name, n in names.items() if n > 1]
    if repeated:
        raise ValueError(f"{folder}: names repeat: {repeated}")
    holders = collections.defaultdict(list)
    for item in items:
        for data, where in _files(item.data, item.name):
            if len(data) >= TINY:
                holders[data].append((where, item))
    for places in holders.values():
        loose = [item for where, item in places if where == item.name]
        if len(places) < 2 or not loose:
            continue
        kept = [item for item in loose if "dup" not in item.expect]
        if len(loose) < len(places) or len(kept) != 1:
            raise ValueError(f"{folder}: unexpected identical files: {[w for w, _ in places]}")


def _files(data, where):
    if isinstance(data, Link):
        return
    if isinstance(data, bytes):
        yield data, where
    else:
        for name, inner in data.items():
            yield from _files(inner, os.path.join(where, name))


def write_tree(path, data, mtime):
    """Writes a file (bytes), a folder (a dict) or a symbolic link (a
    contents.Link) at `path`, dated `mtime`."""
    if isinstance(data, Link):
        os.symlink(data, path)
    elif isinstance(data, bytes):
        with open(path, "wb") as out:
            out.write(data)
    else:
        os.makedirs(path)
        for name, inner in data.items():
            write_tree(os.path.join(path, name), inner, mtime)
    os.utime(path, (mtime, mtime), follow_symlinks=False)


def write_folder(folder, root):
    """Writes the folder named `folder` at `root` (which must not exist);
    returns its manifest."""
    _, _, lang, _, existing = FOLDERS[folder]
    items = items_of(folder)
    os.makedirs(root)
    for item in items:
        write_tree(os.path.join(root, item.name), item.data, item.mtime)
    return manifest(folder, items, lang, existing)


def manifest(folder, items, lang, existing):
    return {
        "folder": folder,
        "lang": lang,
        "others": FOLDER_NAMES[lang]["others"],
        "duplicates": FOLDER_NAMES[lang]["dup"],
        "kind_folders": sorted({FOLDER_NAMES[lang][kind] for kind in KINDS + ("others",)}
                               | set(existing.values())),
        "items": [{
            "name": item.name,
            "dir": isinstance(item.data, dict),
            "expect": placements(item, lang, existing),
            "kind": item.kind,
            "group": item.group,
            "in_use": item.in_use,
            "project": item.project,
            "rule": item.rule,
            "existing": item.existing,
            "secret": item.secret,
            "launcher": item.launcher,
            "copy_of": item.copy_of,
        } for item in items],
    }


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    names = sys.argv[2:] or list(FOLDERS)
    for folder in names:
        if folder not in FOLDERS:
            sys.exit(f"unknown folder {folder!r}; the folders: {', '.join(FOLDERS)}")
        found = write_folder(folder, os.path.join(out, folder))
        with open(os.path.join(out, f"{folder}.json"), "w", encoding="utf-8") as f:
            json.dump(found, f, indent=1)
        print(f"{folder}: {len(found['items'])} entries")


if __name__ == "__main__":
    main()
