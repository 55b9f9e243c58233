"""What a generated folder is made of: its top-level items, each with the
placement a careful person would choose, and the folder names that
placement is written in (tidyup's own, per language)."""
from dataclasses import dataclass, field

# tidyup's folder for each kind, per session language (the offline
# planner's names: core-wasm/src/file_type.rs and planner/folders.rs).
FOLDERS = {
    "en": {"documents": "Documents", "images": "Images", "videos": "Videos", "audio": "Audio",
           "code": "Code", "archives": "Archives", "installers": "Installers",
           "others": "Others", "dup": "Duplicates"},
    "zh": {"documents": "文档", "images": "图片", "videos": "视频", "audio": "音频",
           "code": "代码", "archives": "压缩包", "installers": "安装包",
           "others": "其他", "dup": "重复文件"},
}
KINDS = ("documents", "images", "videos", "audio", "code", "archives", "installers")

# Files this small that share their bytes (two empty notes, a `{}` settings
# file and a `{}` notebook) are no copies of each other a person means; a
# copy a person means is larger.
TINY = 64

# 2025-03-01 00:00 UTC: every file's modification time counts from here.
BASE_TIME = 1_740_787_200


@dataclass
class Item:
    """One top-level entry of a generated folder.

    `data` is the file's bytes, or for a folder a dict of name -> bytes or
    dict. `expect` lists the acceptable placements as tokens: a kind of
    KINDS or "others" (tidyup's folder for it), "dup" (the duplicates
    folder), "stay" (left where it is), or a literal folder path. `kind` is
    the kind a person recognizes (None: none). Items sharing `group` belong
    together; `in_use` marks a file a program is still writing or holding;
    `project` a project folder, never to be entered or split; `rule` the
    folder a rules file sends the item to. `small` puts the item in the
    small variant of its folder too. `existing` names a folder the user
    already made that clearly means the item (it belongs there); `secret`
    marks a key, credential or private certificate (it stays, or goes with
    the other secrets to a folder of their own); `launcher` a shortcut or
    link that stays; `copy_of` the clean-named file the item is a
    byte-identical copy of (the clean one is the one kept in place).
    """
    name: str
    data: object
    expect: tuple
    kind: str = None
    group: str = None
    in_use: bool = False
    project: bool = False
    rule: str = None
    small: bool = False
    existing: str = None
    secret: bool = False
    launcher: bool = False
    copy_of: str = None
    mtime: int = BASE_TIME
    extra: dict = field(default_factory=dict)


def file(name, data, kind, *, expect=None, **rest):
    """A file of `kind` (None: no kind a person would name), expected in
    that kind's folder (a kindless file: Others or left where it is)."""
    if expect is None:
        expect = (kind,) if kind else ("others", "stay")
    return Item(name, data, tuple(expect), kind, **rest)


def in_use(name, data=b"", **rest):
    """A file some program still writes or holds: it stays."""
    return Item(name, data, ("stay",), None, in_use=True, **rest)


def stays(name, data, **rest):
    """An item a careful person leaves where it is (hidden files, folders)."""
    return Item(name, data, ("stay",), None, **rest)


def project(name, tree, **rest):
    """A project folder: left whole where it is."""
    return Item(name, tree, ("stay",), None, project=True, **rest)


def group(key, items, expect=None):
    """`items` marked as one group, placed together where the first (its
    main file) goes unless `expect` says otherwise, and of its kind."""
    main = items[0]
    placement = tuple(expect) if expect else main.expect
    for item in items:
        item.group = key
        item.expect = placement
        item.kind = main.kind
    return items


def into(folder, item):
    """`item`, expected in the user's existing `folder` (and only there)."""
    item.expect = (folder,)
    item.existing = folder
    return item


# Where a careful person puts keys and credentials when not leaving them:
# together, in a folder of their own (the scorer accepts any such folder).
SECRET_PLACES = ("stay", "Secrets", "Keys", "Credentials", "Private", "密钥", "证书")


def secret(name, data, **rest):
    """A private key, credential or certificate with its key: it stays, or
    goes with the other secrets to a folder of their own."""
    return Item(name, data, SECRET_PLACES, "secret", secret=True, **rest)


def launcher(name, data, **rest):
    """A desktop launcher, shortcut or link: it stays."""
    return Item(name, data, ("stay",), "launcher", launcher=True, **rest)


def gbk(name):
    """`name` as a file name made of its GBK bytes (not UTF-8), carried in
    a str the way Python carries undecodable names (surrogateescape)."""
    raw = name.encode("gbk")
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("utf-8", "surrogateescape")
    raise ValueError(f"the GBK bytes of {name!r} are valid UTF-8; pick another name")


def placements(item, lang, existing):
    """The acceptable destination folders of `item`, relative to the
    folder: "" for staying; `existing` maps a kind to a folder the
    folder already has for it (which tidyup reuses)."""
    names = FOLDERS[lang]
    out = []
    for token in item.expect:
        if token == "stay":
            out.append("")
        elif token in existing:
            out.append(existing[token])
        elif token in names:
            out.append(names[token])
        else:
            out.append(token)
    return out


def all_bytes(data):
    """The contents of every file in `data` (a file's bytes or a folder's
    dict), nested ones included."""
    if isinstance(data, bytes):
        yield data
    elif isinstance(data, dict):
        for inner in data.values():
            yield from all_bytes(inner)
