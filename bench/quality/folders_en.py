"""The English folders: a Downloads, a Desktop, a phone-photo dump, and a
Downloads with a rules file. Each is a list of cases (the hard ones, those
marked small also in the small variant) and fillers (the ordinary files a
real folder is mostly made of), generated from a fixed seed."""
import random

import contents as c
from items import BASE_TIME, all_bytes, file, group, in_use, project, stays

DAY = 86_400


def fill(seed, makers, count, taken=()):
    """`count` ordinary files, made in turn by `makers` (i, rng) -> Item,
    none with the name or the bytes of another or of the `taken` items."""
    rng = random.Random(seed)
    out = []
    names = {item.name for item in taken}
    data = {inner for item in taken for inner in all_bytes(item.data)}
    i = 0
    while len(out) < count:
        item = makers[i % len(makers)](i, rng)
        i += 1
        if item.name in names or item.data in data:
            continue
        names.add(item.name)
        data.add(item.data)
        item.mtime = BASE_TIME + rng.randrange(0, 300) * DAY + rng.randrange(0, DAY)
        out.append(item)
    return out


# --- ordinary downloads -------------------------------------------------------

def _invoice(i, rng):
    n = rng.randrange(1000, 9999)
    return file(f"Invoice_2025-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}_{n}.pdf",
                c.pdf(f"Invoice {n}"), "documents")


def _statement(i, rng):
    return file(f"statement-{rng.choice(['chase', 'amex', 'n26'])}-{2024 + i % 2}-{i % 12 + 1:02d}.pdf",
                c.pdf(f"Statement {i}"), "documents")


def _screenshot(i, rng):
    return file(f"Screenshot 2025-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d} at "
                f"{rng.randrange(0, 24)}.{rng.randrange(0, 60):02d}.{rng.randrange(0, 60):02d}.png",
                c.png(i), "images")


def _photo(i, rng):
    return file(f"IMG_2025{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}_{rng.randrange(0, 240000):06d}.jpg",
                c.jpeg(i), "images")


def _heic(i, rng):
    return file(f"IMG_{rng.randrange(3000, 9999)}.HEIC", c.heic(i), "images")


def _installer(i, rng):
    name, data = rng.choice([
        (f"setup-x64-1.{i % 9}.{rng.randrange(10)}.exe", c.exe(i)),
        (f"python-3.13.{i % 9}-amd64.exe", c.exe(i)),
        (f"Firefox Setup 13{i % 9}.0.dmg", c.dmg(i)),
        (f"code_1.9{i % 9}.{rng.randrange(10)}-1_amd64.deb", c.deb(i)),
        (f"zoom_x86_64-{i}.rpm", c.rpm(i)),
        (f"GoogleChromeStandaloneEnterprise64-{i}.msi", c.ole(i)),
        (f"Obsidian-1.7.{i}.AppImage", c.elf(True, i)),
        (f"node-v22.{i % 20}.0.pkg", c.xar(i)),
        (f"app-release-{i}.apk", c.jar_like(["AndroidManifest.xml", "classes.dex"], i)),
    ])
    return file(name, data, "installers")


def _archive(i, rng):
    name, data = rng.choice([
        (f"photos-{i}.zip", c.zip_of({f"p{i}.txt": "x"})),
        (f"linux-6.{i}.tar.xz", c.xz(i)),
        (f"dataset_v{i}.tar.gz", c.gzip_bytes(i)),
        (f"assets-{i}.7z", c.seven_zip(i)),
        (f"backup {i}.rar", c.rar(i)),
        (f"logs-{i}.tgz", c.gzip_bytes(i)),
    ])
    return file(name, data, "archives")


def _document(i, rng):
    name, data = rng.choice([
        (f"Meeting notes {i}.docx", c.docx(f"Notes {i}")),
        (f"budget-{i}.xlsx", c.xlsx(f"Budget {i}")),
        (f"export_{i}.csv", c.text(f"id,amount\n{i},{rng.randrange(100)}\n")),
        (f"Quarterly review {i}.pptx", c.pptx(f"Review {i}")),
        (f"notes-{i}.txt", c.text(f"remember {i}\n")),
        (f"Draft {i}.odt", c.odf("text", f"Draft {i}")),
        (f"README-{i}.md", c.text(f"# Notes {i}\n")),
        (f"Paper {i}.epub", c.epub(f"Paper {i}")),
        (f"ticket-{i}.pdf", c.pdf(f"Ticket {i}")),
    ])
    return file(name, data, "documents")


def _media(i, rng):
    name, data, kind = rng.choice([
        (f"podcast-ep{i}.mp3", c.mp3(i), "audio"),
        (f"voice-note-{i}.m4a", c.m4a(i), "audio"),
        (f"recording {i}.opus", c.ogg(i), "audio"),
        (f"clip-{i}.mp4", c.mp4(i), "videos"),
        (f"screen-{i}.webm", c.webm(i), "videos"),
        (f"trailer {i}.mkv", c.mkv(i), "videos"),
    ])
    return file(name, data, kind)


def _code(i, rng):
    name, data = rng.choice([
        (f"script_{i}.py", c.text(f"print({i})\n")),
        (f"config-{i}.json", c.text(f'{{"n": {i}}}\n')),
        (f"snippet{i}.js", c.text(f"console.log({i});\n")),
        (f"query_{i}.sql", c.text(f"select {i};\n")),
        (f"docker-compose.{i}.yml", c.text("services: {}\n")),
    ])
    return file(name, data, "code")


DOWNLOAD_MAKERS = [_invoice, _photo, _installer, _document, _screenshot, _archive, _media,
                   _statement, _document, _heic, _code, _document, _installer, _photo]


def _in_use_downloads(small=True):
    return [
        in_use("big-download.zip.crdownload", c.zip_of({"a": "b"})[:40], small=small),
        in_use("Unconfirmed 123456.crdownload", b"\x00" * 64, small=small),
        in_use("movie.mp4.part", c.mp4(9)[:20], small=small),
        in_use("movie.mp4", b"", small=small, extra={"firefox_placeholder": True}),
        in_use("~$thesis draft v3.docx", b"\x0bJohn Smith" + b"\x00" * 40, small=small),
        in_use(".~lock.notes.odt#", c.text(",John Smith,laptop,01.03.2025 10:00,file:///home/john;\n"),
               small=small),
        in_use("report.pdf.download", {"report.pdf": c.pdf("partial")[:50], "Info.plist": c.text("<plist/>")}),
        in_use("ubuntu-24.04.2-desktop-amd64.iso.part", c.iso(1)[:1024]),
    ]


def _kinds(small_set):
    items = [
        file("IMG_3100.HEIC", c.heic(3100), "images"),
        file("clip.webm", c.webm(1), "videos"),
        file("node-v22.11.0.pkg", c.xar(22), "installers"),
        file("Obsidian-1.7.7.AppImage", c.elf(True, 7), "installers"),
        file("notes.odt", c.odf("text", "notes"), "documents"),
        file("book - Dune.epub", c.epub("Dune"), "documents"),
        file("TODO.md", c.text("- [ ] renew passport\n"), "documents"),
        file("slides.key", c.iwork("Keynote"), "documents"),
        file("data.numbers", c.iwork("Numbers"), "documents"),
        file("DSC_0042.NEF", c.tiff_raw("NIKON", 42), "images"),
        file("IMG_7781.CR2", c.tiff_raw("canon", 7781), "images"),
        file("linux-6.12.tar.xz", c.xz(612), "archives"),
        file("PowerToysSetup-0.86.0-x64.msix", c.jar_like(["AppxManifest.xml", "AppxBlockMap.xml"]),
             "installers"),
        file("signal-7.33.apk", c.jar_like(["AndroidManifest.xml", "classes.dex"]), "installers"),
        file("Inter-Regular.ttf", c.font("ttf"), "installers", expect=("installers", "documents")),
        file("scan", c.png(77), "images"),
        file("cover.avif", c.ftyp(b"avif", [b"avif", b"mif1"]), "images"),
        file("voice memo.opus", c.ogg(3), "audio"),
        file("budget 2025.ods", c.odf("spreadsheet", "budget"), "documents"),
        file("Pitch.odp", c.odf("presentation", "pitch"), "documents"),
        file("Neuromancer.mobi", b"\x00" * 60 + b"BOOKMOBI" + b"\x00" * 8, "documents"),
        file("holiday.m4v", c.mp4(5), "videos"),
        file("song.aiff", c.aiff(2), "audio"),
        file("JetBrainsMono-Bold.woff2", c.font("woff2"), "installers", expect=("installers", "documents")),
        file("download", c.pdf("Boarding pass"), "documents"),
        file("db-dump.sql.zst", c.zstd(1), "archives"),
        file("org.gimp.GIMP.flatpakref", c.text("[Flatpak Ref]\nName=org.gimp.GIMP\n"), "installers"),
        file("Pages report.pages", c.iwork("Pages"), "documents"),
    ]
    for item in items:
        item.small = item.name in small_set
    return items


def _groups(small_keys):
    groups = [
        group("film", [file("Film 2024.mp4", c.mp4(2024), "videos"),
                       file("Film 2024.srt", c.text("1\n00:00:01,000 --> 00:00:02,000\nHi\n"), None),
                       file("Film 2024.en.srt", c.text("1\n00:00:01,000 --> 00:00:02,000\nHi\n\n"), None)]),
        group("saved page", [file("Saved Page.html", c.text("<html><img src='Saved Page_files/a.png'></html>"),
                                  "documents", expect=("documents", "code")),
                             stays("Saved Page_files", {"a.png": c.png(1), "style.css": c.text("p{}")})]),
        group("split zip", [file(f"backup.zip.{n:03d}", c.zip_of({"x": "y" * n})[:30] if n == 1 else bytes([n]) * 30,
                                 "archives") for n in (1, 2, 3)]),
        group("split rar", [file(f"game.part{n}.rar", c.rar(n), "archives") for n in (1, 2, 3)]),
        group("cue", [file("album.cue", c.text('FILE "album.bin" BINARY\n  TRACK 01 AUDIO\n'), "audio",
                           expect=("audio", "archives")),
                      file("album.bin", b"\x00\xff" * 40, None)]),
        group("old split zip", [file("thesis.zip", c.zip_of({"t": "x"}), "archives"),
                                file("thesis.z01", b"PK\x07\x08" + b"\x01" * 20, None),
                                file("thesis.z02", b"\x02" * 24, None)]),
    ]
    out = [item for items in groups for item in items]
    for item in out:
        item.small = item.group in small_keys
    return out


def _copies(small):
    """Byte-identical pairs: the older one stays in its kind's folder,
    the newer may be set aside."""
    report = c.pdf("Annual report")
    photo = c.jpeg(2001)
    return [
        file("report.pdf", report, "documents", small=small, mtime=BASE_TIME),
        file("report (1).pdf", report, "documents", expect=("documents", "dup"), small=small,
             mtime=BASE_TIME + 40 * DAY),
        file("IMG_2001.jpg", photo, "images", mtime=BASE_TIME),
        file("IMG_2001 (1).jpg", photo, "images", expect=("images", "dup"), mtime=BASE_TIME + 9 * DAY),
    ]


def _web_project(name, small=False):
    return project(name, {
        ".git": {"HEAD": c.text("ref: refs/heads/main\n"), "config": c.text("[core]\n")},
        "package.json": c.text('{"name": "%s", "version": "1.0.0"}\n' % name),
        "README.md": c.text(f"# {name}\n"),
        "src": {"index.js": c.text("export default 1;\n"), "logo.png": c.png(5)},
    }, small=small)


def downloads(size):
    """A Downloads folder: `size` "large" (about 300 entries) or "small" (about 40)."""
    small = size == "small"
    cases = (_in_use_downloads()
             + _kinds({"IMG_3100.HEIC", "clip.webm", "node-v22.11.0.pkg", "Obsidian-1.7.7.AppImage",
                       "notes.odt", "book - Dune.epub", "TODO.md", "slides.key", "data.numbers",
                       "DSC_0042.NEF", "linux-6.12.tar.xz", "PowerToysSetup-0.86.0-x64.msix",
                       "signal-7.33.apk", "Inter-Regular.ttf", "scan"})
             + _groups({"film", "saved page", "split zip", "cue"})
             + _copies(True)
             + [_web_project("tidy-app", small=True),
                stays(".DS_Store", b"\x00\x00\x00\x01Bud1", small=True),
                file("session.dat", b"\x13\x37" * 20, None),
                file("unknown.xyz", b"\x00\x01\x02", None)])
    if small:
        cases = [item for item in cases if item.small]
    target = 40 if small else 300
    return cases + fill(f"downloads-{size}", DOWNLOAD_MAKERS, target - len(cases), cases)
