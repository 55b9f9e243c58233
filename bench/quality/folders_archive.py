"""A music archivist's folder, written before tidyup's planner was taught
anything about it: CD rips with their cue sheets and logs, a playlist
with its tracks, a taped concert with its checksums, lossless and DSD
formats, cassette transfers and cover scans beside the user's folders
for them, a NAS's hidden thumbnail folder, a PuTTY key, two empty notes
that are no copies of each other."""
import contents as c
import formats as f
from folders_makers import EMPTY
from folders_personas import _copy, _dated, _sized
from items import file, group, into, secret, stays

RIPS = ("audio", "Rips", "CD Rips")
LIVE = ("audio", "Live", "Live Recordings")
ALBUMS = ["Kind of Blue", "Pink Moon", "Blue Train", "Harvest", "Blue", "Court and Spark", "Pet Sounds",
          "Rumours", "Hounds of Love", "Remain in Light", "Spirit of Eden", "Astral Weeks"]


def _rip(performer, title, ext, data, tracks, log=True, small=False):
    """An image rip: the album in one file, its cue sheet naming it, the
    ripper's log; apart, the cue sheet plays nothing."""
    stem = f"{performer} - {title}"
    items = [file(f"{stem}.{ext}", data, "audio", expect=RIPS, small=small),
             file(f"{stem}.cue", f.cue(performer, title, f"{stem}.{ext}", tracks), "audio", small=small)]
    if log:
        items.append(file(f"{stem}.log", f.eac_log(performer, title), None, small=small))
    return group(stem, items)


def _playlist(name, ext, tracks, small=False):
    """A playlist and the tracks it names (by relative path): moved apart,
    it points at nothing."""
    items = [file(f"{name}.{ext}", f.m3u([(200 + n * 17, title.rsplit(".", 1)[0], title)
                                          for n, (title, _) in enumerate(tracks)]), "audio", small=small)]
    items += [file(title, data, "audio", small=small) for title, data in tracks]
    return group(name, items, expect=("audio",))


def _tape(i, rng):
    side = rng.choice(["A", "B"])
    return into("Cassette transfers", file(f"Tape {rng.randrange(9, 80):02d} side {side}.wav",
                                           c.wav(40_000 + i), "audio"))


def _scan(i, rng):
    part = rng.choice(["front", "back", "disc", "booklet 1", "booklet 2", "inlay", "obi"])
    album = rng.choice(ALBUMS[1:])
    ext, data = rng.choice([("jpg", c.jpeg(41_000 + i)), ("png", c.png(41_000 + i)),
                            ("tif", b"MM\x00*\x00\x00\x00\x08" + i.to_bytes(8, "big"))])
    return into("Scans", file(f"{album} - {part}.{ext}", data, "images"))


def _track(i, rng):
    artist = rng.choice(["Nina Simone", "Bill Evans", "Joni Mitchell", "Talk Talk", "Kate Bush", "Can",
                         "Alice Coltrane", "Nick Drake", "Fela Kuti", "Cocteau Twins"])
    ext, data = rng.choice([("flac", c.flac(42_000 + i)), ("mp3", c.mp3(42_000 + i)), ("m4a", c.m4a(42_000 + i)),
                            ("ape", f.ape(i)), ("wv", f.wavpack(i)), ("dsf", f.dsf(i)), ("dff", f.dsdiff(i)),
                            ("opus", c.ogg(42_000 + i)), ("aiff", c.aiff(42_000 + i)), ("mka", f.mka(i))])
    return file(f"{artist} - Track {i:03d}.{ext}", data, "audio")


def _archivist_document(i, rng):
    name, data, kind, expect = rng.choice([
        (f"spectrogram - track {i:02d}.png", c.png(43_000 + i), "images", ("images",)),
        (f"Discography {i}.xlsx", c.xlsx(f"Discography {i}"), "documents", ("documents",)),
        (f"Catalogue {i}.ods", c.odf("spreadsheet", f"Catalogue {i}"), "documents", ("documents",)),
        (f"release {i}.nfo", c.text(f"Source: CD (Japan, 1989) {i}\nLineage: EAC > FLAC\n"), None, EMPTY),
        (f"tracklist {i}.txt", c.text(f"01. Intro {i}\n02. Outro\n"), "documents", ("documents",)),
    ])
    return file(name, data, kind, expect=expect)


def _archivist_cases():
    notes = file("Kind of Blue - liner notes.pdf", c.pdf("Kind of Blue liner notes, Bill Evans"), "documents",
                 small=True)
    cases = [
        stays("Cassette transfers", {"Tape 01 side A.wav": c.wav(1), "Tape 01 side B.wav": c.wav(2),
                                     "Tape 02 side A.wav": c.wav(3)}, small=True),
        stays("Scans", {"Kind of Blue - front.jpg": c.jpeg(1), "Kind of Blue - back.jpg": c.jpeg(2)}, small=True),
        stays(".@__thumb", {"s100Kind of Blue - front.jpg": c.jpeg(901),
                            "defaultKind of Blue - front.jpg": c.jpeg(902)}, small=True),
        into("Cassette transfers", file("Tape 07 side B.wav", c.wav(7), "audio", small=True)),
        into("Cassette transfers", file("Tape 08 side A.wav", c.wav(8), "audio")),
        into("Scans", file("Pink Moon - front.jpg", c.jpeg(3), "images", small=True)),
        into("Scans", file("Pink Moon - back.jpg", c.jpeg(4), "images")),
        into("Scans", file("Blue Train - disc.jpg", c.jpeg(5), "images", small=True)),
        file("Dire Straits - So Far Away.dsf", f.dsf(1), "audio", small=True),
        file("Steely Dan - Aja.dff", f.dsdiff(1), "audio"),
        file("gd72-08-27d1t01.shn", f.shorten(1), "audio", expect=LIVE),
        file("Live at the Fillmore.mka", f.mka(1), "audio", small=True),
        file("Secret Garden - Nocturne.flac", c.flac(77), "audio", small=True),
        file("Keys to the Kingdom (demo).mp3", c.mp3(78), "audio"),
        file("New Text Document.txt", b"", None, expect=EMPTY, small=True),
        file("empty.txt", b"", None, expect=EMPTY, small=True),
        stays(".nomedia", b""),
        secret("seedbox.ppk", f.putty_key("archivist@seedbox", 2), small=True),
        file("Discography.xlsx", c.xlsx("Discography, Blue Note 1500 series"), "documents", small=True),
        notes,
        _copy(notes, "Kind of Blue - liner notes (1).pdf", expect=("documents", "dup"), small=True),
        stays(".DS_Store", b"\x00\x00\x00\x01Bud1", small=True),
    ]
    cases += _rip("Miles Davis", "Kind of Blue", "flac", c.flac(1959),
                  [("So What", "00:00:00"), ("Freddie Freeloader", "09:22:20"), ("Blue in Green", "19:08:45"),
                   ("All Blues", "24:46:10"), ("Flamenco Sketches", "36:20:05")], small=True)
    cases += _rip("John Coltrane", "Blue Train", "wv", f.wavpack(1957),
                  [("Blue Train", "00:00:00"), ("Moment's Notice", "10:43:00"), ("Locomotion", "19:53:30")],
                  log=False, small=True)
    cases += _rip("Nick Drake", "Pink Moon", "flac", c.flac(1972),
                  [("Pink Moon", "00:00:00"), ("Place to Be", "02:06:00"), ("Road", "04:50:00")])
    cases += _rip("王菲", "只爱陌生人", "ape", f.ape(1999),
                  [("只爱陌生人", "00:00:00"), ("人间", "04:17:00"), ("当时的月亮", "08:49:00")])
    cases += _playlist("Road Trip 2024", "m3u", [
        ("Fleetwood Mac - Dreams.mp3", c.mp3(101)), ("Tom Petty - Free Fallin.mp3", c.mp3(102)),
        ("The War on Drugs - Red Eyes.flac", c.flac(103))], small=True)
    cases += _playlist("Sunday Morning", "m3u8", [
        ("Bill Evans - Peace Piece.flac", c.flac(111)), ("Nick Drake - Northern Sky.flac", c.flac(112)),
        ("Joni Mitchell - A Case of You.m4a", c.m4a(113)), ("Nina Simone - Wild Is the Wind.mp3", c.mp3(114))])
    show = [(1, "gd77-05-08d1t01.flac"), (2, "gd77-05-08d1t02.flac"), (3, "gd77-05-08d1t03.flac")]
    cases += group("cornell 77", [
        *[file(name, c.flac(77_000 + n), "audio", expect=LIVE, small=True) for n, name in show],
        file("gd77-05-08.md5", f.md5_list(show), None, small=True),
        file("gd77-05-08.ffp", f.ffp(show), None),
        file("gd77-05-08.txt", c.text("Grateful Dead\nBarton Hall, Cornell University\n1977-05-08\n"
                                      "Source: SBD > reel > DAT > CD > EAC > FLAC\n"), None),
    ])
    cases += group("backup", [
        file("Archive backup 2024-12.zip", c.zip_of({"index.csv": "album,format\nKind of Blue,flac\n"}),
             "archives", small=True),
        file("Archive backup 2024-12.zip.sha256", f.sha256_line(2024_12, "Archive backup 2024-12.zip"), None,
             small=True),
    ])
    return _dated(cases, 130)


def archivist_folder(size):
    """A music archivist's folder: `size` "large" (about 300) or "small" (about 40)."""
    makers = [_tape, _scan, _track, _archivist_document, _track, _scan]
    return _sized("music-archivist", size, _archivist_cases(), makers)
