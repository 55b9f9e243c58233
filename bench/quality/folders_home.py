"""A Desktop (existing folders, projects, open documents) and a phone-photo
dump (HEIC/JPG/MOV with their AAE edits, RAW+JPEG pairs with XMP sidecars)."""
import contents as c
from folders_en import DAY, _code, _document, _screenshot, _web_project, fill
from items import BASE_TIME, file, group, in_use, project, stays


def _desktop_projects():
    return [
        _web_project("my-website", small=True),
        project("rust-tool", {
            ".git": {"HEAD": c.text("ref: refs/heads/main\n")},
            "Cargo.toml": c.text('[package]\nname = "rust-tool"\nversion = "0.1.0"\n'),
            "src": {"main.rs": c.text("fn main() {}\n")},
        }),
        project("analysis", {
            "pyproject.toml": c.text('[project]\nname = "analysis"\n'),
            "notebook.ipynb": c.text('{"cells": []}\n'),
            "data.csv": c.text("a,b\n1,2\n"),
        }),
        project("Weather", {
            "Weather.xcodeproj": {"project.pbxproj": c.text("// !$*UTF8*$!\n")},
            "Weather": {"ContentView.swift": c.text("import SwiftUI\n")},
        }),
        project("java-kata", {
            ".idea": {"workspace.xml": c.text("<project/>\n")},
            "pom.xml": c.text("<project/>\n"),
            "Main.java": c.text("class Main {}\n"),
        }),
    ]


def _desktop_cases():
    cases = [
        stays("Photos", {"beach.jpg": c.jpeg(501), "dog.png": c.png(502)}, small=True),
        stays("Untitled folder", {}, small=True),
        stays("old stuff", {"letter.docx": c.docx("Dear"), "song.mp3": c.mp3(3)}),
        in_use("~$Budget 2025.xlsx", b"\x0bJane Doe" + b"\x00" * 40, small=True),
        file("Budget 2025.xlsx", c.xlsx("Budget"), "documents", expect=("documents", "stay"), small=True),
        in_use(".~lock.Minutes.odt#", c.text(",Jane Doe,desk,02.03.2025 09:00,file:///home/jane;\n"),
               small=True),
        file("Minutes.odt", c.odf("text", "Minutes"), "documents", expect=("documents", "stay"), small=True),
        file("TODO.md", c.text("- [ ] taxes\n"), "documents", small=True),
        file("Roadmap.key", c.iwork("Keynote"), "documents", small=True),
        file("Expenses.numbers", c.iwork("Numbers"), "documents", small=True),
        file("Letter.pages", c.iwork("Pages"), "documents"),
        file("Screen Recording 2025-03-02 at 10.22.31.mov", c.mov(1), "videos", small=True),
        file("IMG_4410.HEIC", c.heic(4410), "images", small=True),
        file("wallpaper.avif", c.ftyp(b"avif", [b"avif", b"mif1"], 3), "images"),
        file("diagram", c.png(88), "images", small=True),
        file("Firefox.desktop", c.text("[Desktop Entry]\nType=Application\nExec=firefox\n"), None,
             expect=("stay", "others")),
        file("tidyup docs.webloc", c.text("<plist><dict><key>URL</key></dict></plist>\n"), None),
        file("CV.pdf", c.pdf("Curriculum vitae"), "documents", small=True, mtime=BASE_TIME),
        file("CV copy.pdf", c.pdf("Curriculum vitae"), "documents", expect=("documents", "dup"),
             small=True, mtime=BASE_TIME + 20 * DAY),
        stays(".DS_Store", b"\x00\x00\x00\x01Bud1", small=True),
        stays(".localized", b""),
    ]
    cases += group("lecture", [file("Lecture 03.mkv", c.mkv(3), "videos"),
                               file("Lecture 03.vtt", c.text("WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n"), None)])
    cases += group("recipe", [file("Recipe.htm", c.text("<html>pie</html>"), "documents",
                                   expect=("documents", "code")),
                              stays("Recipe_files", {"pie.jpg": c.jpeg(9)})])
    cases += group("shapefile", [file(f"parcels.{ext}", bytes([i]) * 32, None)
                                 for i, ext in enumerate(["shp", "shx", "dbf", "prj"])],
                   expect=("others", "documents", "stay"))
    for item in cases:
        if item.group in ("lecture", "recipe"):
            item.small = True
    return cases


def desktop(size):
    """A Desktop: `size` "large" (about 300 entries) or "small" (about 40)."""
    small = size == "small"
    cases = _desktop_cases() + _desktop_projects()
    if small:
        cases = [item for item in cases if item.small]
    target = 40 if small else 300
    makers = [_screenshot, _document, _screenshot, _code, _document]
    return cases + fill(f"desktop-{size}", makers, target - len(cases), cases)


def photos(size):
    """A phone's photos copied off by hand: `size` "large" (about 300
    entries) or "small" (about 40)."""
    small = size == "small"
    plain = 150 if not small else 14
    items, n = [], 1
    for k in range(plain):
        name = f"IMG_{n:04d}." + ("HEIC" if k % 4 else "JPG")
        data = c.heic(n) if k % 4 else c.jpeg(n)
        if k % 9 == 4:
            items += group(f"IMG_{n:04d}", [file(name, data, "images"),
                                            file(f"IMG_{n:04d}.AAE", c.text(f"<plist><dict><string>{n}</string></dict></plist>\n"),
                                                 None)])
        else:
            items.append(file(name, data, "images"))
        n += 1
    for k in range(20 if not small else 3):
        items.append(file(f"IMG_{n:04d}.MOV", c.mov(n), "videos"))
        n += 1
    for k in range(12 if not small else 2):
        items.append(file(f"IMG_{n:04d}.PNG", c.png(n), "images"))
        n += 1
    for k in range(16 if not small else 2):
        stem = f"DSC_{1000 + k}"
        items += group(stem, [file(f"{stem}.NEF", c.tiff_raw("NIKON", k), "images"),
                              file(f"{stem}.JPG", c.jpeg(1000 + k), "images")])
    for k in range(12 if not small else 2):
        stem = f"IMG_{5000 + k}"
        items += group(stem, [file(f"{stem}.CR2", c.tiff_raw("canon", k), "images"),
                              file(f"{stem}.JPG", c.jpeg(5000 + k), "images"),
                              file(f"{stem}.xmp", c.text(f'<x:xmpmeta xmlns:x="adobe:ns:meta/" about="{stem}"/>\n'), None)])
    for k in range(4 if not small else 1):
        stem = f"MVI_{100 + k:04d}"
        items += group(stem, [file(f"{stem}.MP4", c.mp4(100 + k), "videos"),
                              file(f"{stem}.THM", c.jpeg(900_000 + k), None)])
    items += [
        in_use("Photos-001.zip.crdownload", c.zip_of({"a": "b"})[:40]),
        stays(".thumbnails", {"0001.jpg": c.jpeg(999_999)}),
    ]
    for k in range(6 if not small else 1):
        items.append(file(f"PXL_2025030{k}_10{k}233.jpg", c.jpeg(7000 + k), "images"))
    for k in range(4 if not small else 1):
        items.append(file(f"Screenshot_2025030{k}-10{k}233.png", c.png(8000 + k), "images"))
    for i, item in enumerate(items):
        item.mtime = BASE_TIME + 60 * DAY + i * 60
    # A photo copied twice: the copy is the newer file.
    items.append(file("IMG_0003 (1).HEIC", c.heic(3), "images", expect=("images", "dup"),
                      mtime=BASE_TIME + 200 * DAY))
    return items
