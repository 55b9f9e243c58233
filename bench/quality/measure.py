"""What a session did to a generated folder, read from the tree it left:
where every top-level entry went (followed by its inode, so a renamed or
set-aside file is still found), and the figures of the quality table."""
import os

# The figures of one folder, in the table's order: (key, column title,
# whether more is better).
FIGURES = [
    ("others_with_kind", "in Others with a kind", False),
    ("groups_split", "groups split", False),
    ("in_use_moved", "in use moved", False),
    ("projects_entered", "projects entered or split", False),
    ("rules_not_followed", "rules not followed", False),
    ("single_file_folders", "single-file folders", False),
    ("existing_ignored", "existing folders ignored", False),
    ("secrets_moved", "secrets moved wrongly", False),
    ("launchers_moved", "launchers moved", False),
    ("clean_duplicate_moved", "clean duplicate moved", False),
    ("not_copies_aside", "set aside though no copy", False),
    ("hidden_entered", "hidden folders entered", False),
    ("agreement", "placement agreement %", True),
]


def snapshot(root):
    """Every entry under `root` (not following links): inode -> relative path,
    and the set of relative paths of folders."""
    where, folders = {}, set()
    for here, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(here, name)
            relative = os.path.relpath(path, root)
            where[os.lstat(path).st_ino] = relative
            if name in dirs:
                folders.add(relative)
    return where, folders


def before(root, manifest):
    """What is needed later from the folder as generated: each item's
    inode, the entries by inode of each project and of each hidden folder
    at the top, the folders that exist."""
    where, folders = snapshot(root)
    inode_of = {path: inode for inode, path in where.items()}
    projects, hidden = {}, {}
    for item in manifest["items"]:
        prefix = item["name"] + os.sep
        inner = {inode: path[len(prefix):] for inode, path in where.items() if path.startswith(prefix)}
        if item["project"]:
            projects[item["name"]] = inner
        elif item["dir"] and item["name"].startswith("."):
            hidden[item["name"]] = inner
    return {"inodes": {item["name"]: inode_of[item["name"]] for item in manifest["items"]},
            "projects": projects, "hidden": hidden, "folders": folders}


def _under(path, folder):
    """Whether `path` is the folder `folder` or inside it ("" is the top)."""
    return path == folder if folder == "" else path == folder or path.startswith(folder + os.sep)


def score(root, manifest, start):
    """The figures of the folder at `root` after a session, with `start`
    from [`before`], and the entries placed otherwise than expected."""
    where, folders = snapshot(root)
    items = manifest["items"]
    dest, lost = {}, []
    for item in items:
        path = where.get(start["inodes"][item["name"]])
        if path is None:
            lost.append(item["name"])
        else:
            dest[item["name"]] = (os.path.dirname(path), path)
    placed = [item for item in items if item["name"] in dest]
    folder_of = {name: d[0] for name, d in dest.items()}

    def at(item, expected):
        return _under(folder_of[item["name"]], expected)

    others = [i["name"] for i in placed if i["kind"] and at(i, manifest["others"])]
    groups = {}
    for item in placed:
        if item["group"]:
            groups.setdefault(item["group"], set()).add(folder_of[item["name"]])
    split = sorted(key for key, places in groups.items() if len(places) > 1)
    in_use = [i["name"] for i in placed if i["in_use"] and dest[i["name"]][1] != i["name"]]
    entered = [name for name, inner in start["projects"].items()
               if _project_changed(name, inner, where, start["inodes"][name])]
    unruled = [i["name"] for i in placed if i["rule"] and not at(i, i["rule"])]
    new_folders = folders - start["folders"] - {manifest["duplicates"]}
    single = sorted(f for f in new_folders if _holds_one_file(os.path.join(root, f)))
    ignored = [i["name"] for i in placed if i.get("existing") and not at(i, i["existing"])]
    secrets = _secrets_moved(manifest, placed, folder_of, start["folders"])
    launchers = [i["name"] for i in placed if i.get("launcher") and dest[i["name"]][1] != i["name"]]
    clean_moved = _clean_moved(items, dest, manifest["duplicates"])
    not_copies = [i["name"] for i in placed
                  if at(i, manifest["duplicates"]) and manifest["duplicates"] not in i["expect"]]
    hidden = [name for name, inner in start["hidden"].items()
              if _project_changed(name, inner, where, start["inodes"][name])]
    wrong = [(i["name"], folder_of[i["name"]], i["expect"]) for i in placed
             if not any(at(i, expected) for expected in i["expect"])]
    agreement = 100.0 * (len(placed) - len(wrong)) / len(items)
    figures = {
        "entries": len(items),
        "others_with_kind": len(others),
        "groups_split": len(split),
        "in_use_moved": len(in_use),
        "projects_entered": len(entered),
        "rules_not_followed": len(unruled),
        "single_file_folders": len(single),
        "existing_ignored": len(ignored),
        "secrets_moved": len(secrets),
        "launchers_moved": len(launchers),
        "clean_duplicate_moved": len(clean_moved),
        "not_copies_aside": len(not_copies),
        "hidden_entered": len(hidden),
        "agreement": round(agreement, 1),
        "lost": len(lost),
    }
    details = {"in Others with a kind": others, "groups split": split, "in use moved": in_use,
               "projects entered or split": entered, "rules not followed": unruled,
               "single-file folders": single, "existing folders ignored": ignored,
               "secrets moved wrongly": secrets, "launchers moved": launchers,
               "clean duplicate moved": clean_moved, "set aside though no copy": not_copies,
               "hidden folders entered": hidden, "lost": lost,
               "placed otherwise": wrong}
    return figures, details


def _secrets_moved(manifest, placed, folder_of, folders_before):
    """The secrets that ended anywhere but where they were or a folder of
    secrets: a new folder, not one for a kind, holding nothing but secrets
    (and only one such folder: secrets set aside go together)."""
    def top(path):
        return path.split(os.sep, 1)[0]
    kind_folders = set(manifest.get("kind_folders", ())) | {manifest["others"], manifest["duplicates"]}
    holds_other = {top(folder_of[i["name"]]) for i in placed
                   if not i.get("secret") and folder_of[i["name"]]}
    moved = [i for i in placed if i.get("secret") and folder_of[i["name"]]]
    homes = {}
    for item in moved:
        home = top(folder_of[item["name"]])
        homes[home] = homes.get(home, 0) + 1
    chosen = max(sorted(homes), key=lambda home: homes[home]) if homes else None
    wrong = []
    for item in moved:
        home = top(folder_of[item["name"]])
        if (home != chosen or home in kind_folders or home in holds_other
                or home in folders_before):
            wrong.append(f"{item['name']} -> {folder_of[item['name']]}")
    return wrong


def _clean_moved(items, dest, duplicates):
    """The clean-named files of identical pairs that were treated as the
    copy: set aside as duplicates, or moved while their copy stayed where
    the pair was."""
    wrong = []
    for item in items:
        clean = item.get("copy_of")
        if not clean or clean not in dest or item["name"] not in dest:
            continue
        clean_folder, clean_path = dest[clean]
        copy_path = dest[item["name"]][1]
        aside = clean_folder == duplicates or clean_folder.startswith(duplicates + os.sep)
        copy_stayed = copy_path == item["name"]
        if aside or (copy_stayed and clean_path != clean):
            wrong.append(f"{clean} (copy {item['name']})")
    return wrong


def _project_changed(name, inner, where, inode):
    """Whether a project folder was entered or split: an entry of it moved
    within or out of it, or an entry from outside moved into it."""
    top = where.get(inode)
    if top is None:
        return True
    now = {i: p[len(top) + 1:] for i, p in where.items() if p.startswith(top + os.sep)}
    return now != inner


def _holds_one_file(path):
    entries = list(os.scandir(path))
    return len(entries) == 1 and entries[0].is_file(follow_symlinks=False)
