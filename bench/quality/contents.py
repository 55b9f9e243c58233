"""Small file contents with the real magic bytes of their kind, so that a
reader going by content (tidyup's `read_file`, a kind by magic bytes) sees
what a real file of that kind would show. Every function is deterministic."""
import io
import struct
import zipfile
import zlib


def _png_chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def png(seed=0):
    """A valid 1x1 PNG whose pixel depends on `seed`."""
    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixel = bytes([0, seed % 256, (seed * 7) % 256, (seed * 13) % 256])
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", header)
            + _png_chunk(b"tEXt", f"Comment\x00{seed}".encode())
            + _png_chunk(b"IDAT", zlib.compress(pixel)) + _png_chunk(b"IEND", b""))


def jpeg(seed=0):
    """A JFIF header, a comment unique to `seed` and the end marker."""
    comment = f"photo {seed}".encode()
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + b"\xff\xfe" + struct.pack(">H", len(comment) + 2) + comment + b"\xff\xd9")


def gif(seed=0):
    return b"GIF89a\x01\x00\x01\x00\x00\x00\x00;" + f"{seed}".encode()


def ftyp(brand, compatible, seed=0):
    """An ISO base media file (MP4, MOV, HEIC, AVIF, M4A, 3GP): its `ftyp` box."""
    brands = brand + b"\x00\x00\x00\x00" + b"".join(compatible)
    box = struct.pack(">I", 8 + len(brands)) + b"ftyp" + brands
    return box + struct.pack(">I", 16) + b"free" + seed.to_bytes(8, "big")


def heic(seed=0):
    return ftyp(b"heic", [b"mif1", b"heic"], seed)


def mp4(seed=0):
    return ftyp(b"isom", [b"isom", b"iso2", b"mp41"], seed)


def mov(seed=0):
    return ftyp(b"qt  ", [b"qt  "], seed)


def m4a(seed=0):
    return ftyp(b"M4A ", [b"M4A ", b"mp42"], seed)


def webm(seed=0):
    return b"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm" + seed.to_bytes(4, "big")


def mkv(seed=0):
    return b"\x1a\x45\xdf\xa3\xa3\x42\x86\x81\x01\x42\x82\x88matroska" + seed.to_bytes(4, "big")


def tiff_raw(maker, seed=0):
    """A TIFF-based raw photo (NEF, CR2, ARW, DNG): little-endian TIFF header."""
    if maker == "canon":
        return b"II*\x00\x10\x00\x00\x00CR\x02\x00" + seed.to_bytes(8, "big")
    return b"II*\x00\x08\x00\x00\x00" + maker.encode() + seed.to_bytes(8, "big")


def mp3(seed=0):
    return b"ID3\x03\x00\x00\x00\x00\x00\x0a" + b"\x00" * 10 + b"\xff\xfb\x90\x64" + seed.to_bytes(8, "big")


def flac(seed=0):
    return b"fLaC\x00\x00\x00\x22" + seed.to_bytes(8, "big")


def wav(seed=0):
    return b"RIFF\x24\x00\x00\x00WAVEfmt " + seed.to_bytes(8, "big")


def ogg(seed=0, codec=b"OpusHead"):
    return b"OggS\x00\x02" + b"\x00" * 20 + codec + seed.to_bytes(8, "big")


def aiff(seed=0):
    return b"FORM\x00\x00\x00\x20AIFFCOMM" + seed.to_bytes(8, "big")


def pdf(text):
    """A one-page PDF whose page shows `text` (ASCII) uncompressed."""
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
        b" /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(f"{number} 0 obj\n".encode() + body + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for offset in offsets:
        out.write(f"{offset:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
              .encode())
    return out.getvalue()


def zip_of(members, mimetype=None):
    """A ZIP holding `members` (name -> text or bytes), with a stored
    `mimetype` first when given (ODF, EPUB), at a fixed date."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        if mimetype:
            info = zipfile.ZipInfo("mimetype", (2025, 1, 1, 0, 0, 0))
            archive.writestr(info, mimetype, compress_type=zipfile.ZIP_STORED)
        for name, data in members.items():
            info = zipfile.ZipInfo(name, (2025, 1, 1, 0, 0, 0))
            archive.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


def docx(text):
    return zip_of({
        "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/'
                               'package/2006/content-types"/>',
        "word/document.xml": f'<w:document xmlns:w="http://schemas.openxmlformats.org/'
                             f'wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>{text}</w:t>'
                             f'</w:r></w:p></w:body></w:document>',
    })


def xlsx(text):
    return zip_of({
        "[Content_Types].xml": '<?xml version="1.0"?><Types/>',
        "xl/workbook.xml": "<workbook/>",
        "xl/sharedStrings.xml": f"<sst><si><t>{text}</t></si></sst>",
    })


def pptx(text):
    return zip_of({
        "[Content_Types].xml": '<?xml version="1.0"?><Types/>',
        "ppt/presentation.xml": "<presentation/>",
        "ppt/slides/slide1.xml": f"<sld><a:t>{text}</a:t></sld>",
    })


def odf(kind, text):
    """An OpenDocument file: `kind` is text, spreadsheet or presentation."""
    return zip_of({"content.xml": f"<office:document-content><text:p>{text}</text:p>"
                                  f"</office:document-content>"},
                  mimetype=f"application/vnd.oasis.opendocument.{kind}")


def epub(title):
    return zip_of({"META-INF/container.xml": "<container/>",
                   "content.opf": f"<package><metadata><title>{title}</title></metadata></package>"},
                  mimetype="application/epub+zip")


def iwork(kind, seed=0):
    """Apple Pages/Numbers/Keynote: a ZIP with an Index of IWA files."""
    return zip_of({"Index/Document.iwa": bytes([seed % 256]) * 16,
                   "Metadata/Properties.plist": f"<plist><string>{kind}</string></plist>"})


def jar_like(entries, seed=0):
    """A ZIP-based package (APK, MSIX, JAR) with its characteristic entries."""
    return zip_of({name: f"{name} {seed}" for name in entries})


def gzip_bytes(seed=0):
    return b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03" + seed.to_bytes(8, "big")


def xz(seed=0):
    return b"\xfd7zXZ\x00\x00\x04" + seed.to_bytes(8, "big")


def zstd(seed=0):
    return b"\x28\xb5\x2f\xfd" + seed.to_bytes(8, "big")


def seven_zip(seed=0):
    return b"7z\xbc\xaf\x27\x1c\x00\x04" + seed.to_bytes(8, "big")


def rar(seed=0):
    return b"Rar!\x1a\x07\x01\x00" + seed.to_bytes(8, "big")


def exe(seed=0):
    return b"MZ\x90\x00\x03\x00\x00\x00" + b"\x00" * 52 + b"\x80\x00\x00\x00" + b"PE\x00\x00" + seed.to_bytes(8, "big")


def ole(seed=0):
    """A Compound File (MSI, old DOC/XLS)."""
    return b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + seed.to_bytes(8, "big")


def elf(appimage=False, seed=0):
    ident = b"\x7fELF\x02\x01\x01\x00" + (b"AI\x02" if appimage else b"\x00\x00\x00")
    return ident + b"\x00" * 5 + seed.to_bytes(8, "big")


def deb(seed=0):
    return b"!<arch>\ndebian-binary   0           0     0     100644  4         `\n2.0\n" + seed.to_bytes(4, "big")


def rpm(seed=0):
    return b"\xed\xab\xee\xdb\x03\x00" + seed.to_bytes(8, "big")


def xar(seed=0):
    """A macOS .pkg (a xar archive)."""
    return b"xar!\x00\x1c\x00\x01" + seed.to_bytes(8, "big")


def dmg(seed=0):
    return b"\x78\x01\x73\x0d\x62\x62\x60" + seed.to_bytes(8, "big") + b"koly"


def font(flavour, seed=0):
    magic = {"ttf": b"\x00\x01\x00\x00", "otf": b"OTTO", "woff2": b"wOF2", "woff": b"wOFF"}[flavour]
    return magic + b"\x00\x0c\x00\x80" + seed.to_bytes(8, "big")


def iso(seed=0):
    return b"\x00" * 32769 + b"CD001" + seed.to_bytes(4, "big")


def sqlite(seed=0):
    return b"SQLite format 3\x00" + seed.to_bytes(8, "big")


def text(body):
    return body.encode("utf-8")


# --- the kinds of the persona folders ------------------------------------------

class Link(str):
    """A symbolic link's target (relative to the link's folder), as an item's
    data: a link, not a file or a folder."""


def jpeg_exif(seed, taken):
    """A JPEG with an EXIF block whose DateTime and DateTimeOriginal are
    `taken` ("2023:07:15 10:15:00"), as a camera writes it."""
    stamp = taken.encode() + b"\x00"
    # TIFF header, IFD0 (DateTime, the Exif IFD's offset), the Exif IFD
    # (DateTimeOriginal), then the two date strings.
    ifd0 = 8
    exif_ifd = ifd0 + 2 + 2 * 12 + 4
    date1 = exif_ifd + 2 + 12 + 4
    date2 = date1 + len(stamp)
    tiff = b"II*\x00" + struct.pack("<I", ifd0)
    tiff += struct.pack("<H", 2)
    tiff += struct.pack("<HHII", 0x0132, 2, len(stamp), date1)
    tiff += struct.pack("<HHII", 0x8769, 4, 1, exif_ifd)
    tiff += struct.pack("<I", 0)
    tiff += struct.pack("<H", 1) + struct.pack("<HHII", 0x9003, 2, len(stamp), date2) + struct.pack("<I", 0)
    tiff += stamp + stamp
    app1 = b"Exif\x00\x00" + tiff
    comment = f"photo {seed}".encode()
    return (b"\xff\xd8\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1
            + b"\xff\xfe" + struct.pack(">H", len(comment) + 2) + comment + b"\xff\xd9")


def psd(seed=0):
    return b"8BPS\x00\x01" + b"\x00" * 6 + b"\x00\x03" + seed.to_bytes(8, "big")


def illustrator(title):
    """An Illustrator file: a PDF with Illustrator's private data."""
    return pdf(title).replace(b"%PDF-1.4\n", b"%PDF-1.6\n%AI24_FileFormat\n", 1)


def indesign(seed=0):
    guid = bytes.fromhex("0606edf5d81d46e5bd31efe7fe74b71d")
    return guid + b"DOCUMENT" + seed.to_bytes(8, "big")


def affinity(seed=0):
    return b"\x00\xffKA\x0e\x00\x00\x00nfoP" + seed.to_bytes(8, "big")


def after_effects(seed=0):
    return b"RIFX\x00\x00\x10\x00Egg!head" + seed.to_bytes(8, "big")


def figma(seed=0):
    return b"fig-kiwi\x0f\x00\x00\x00" + seed.to_bytes(8, "big")


def sketch(title):
    return zip_of({"document.json": '{"_class": "document"}',
                   "meta.json": '{"app": "com.bohemiancoding.sketch3", "appVersion": "99.1"}',
                   "pages/1.json": f'{{"name": "{title}"}}'})


def adobe_xd(title):
    """Adobe XD: a ZIP (UCF) whose first entry is its mimetype."""
    return zip_of({"manifest": '{"name": "%s"}' % title,
                   "artwork/artboard-1/graphics/graphicContent.agc": "{}"},
                  mimetype="application/vnd.adobe.sparkler.project+dcxucf")


def dwg(seed=0):
    return b"AC1032\x00\x00\x00\x00\x00\x01" + seed.to_bytes(8, "big")


def hdf5(seed=0):
    return b"\x89HDF\r\n\x1a\n\x00\x00\x00\x00" + seed.to_bytes(8, "big")


def parquet(seed=0):
    return b"PAR1" + seed.to_bytes(8, "big") + b"\x00\x00\x00\x08PAR1"


def npy(seed=0):
    header = b"{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }"
    header += b" " * (117 - len(header)) + b"\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header + struct.pack("<d", seed)


def matlab(seed=0):
    head = f"MATLAB 5.0 MAT-file, Platform: GLNXA64, Created on: Mon Mar  4 10:00:{seed % 60:02d} 2024".encode()
    return head.ljust(116, b" ") + b"\x00" * 8 + b"\x00\x01IM"


def notebook(source):
    return text('{"cells": [{"cell_type": "code", "source": ["%s"]}], "metadata": {}, '
                '"nbformat": 4, "nbformat_minor": 5}\n' % source)


def der(seed=0):
    """A DER sequence (a PKCS#12 bundle, a DER certificate)."""
    return b"\x30\x82\x0a\x1c\x02\x01\x03\x30\x82\x09\xe2\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07\x01" + seed.to_bytes(8, "big")


def pem(label, seed=0):
    body = (b"MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC" + str(seed).encode()).decode()
    return text(f"-----BEGIN {label}-----\n{body}\n-----END {label}-----\n")


def kdbx(seed=0):
    return b"\x03\xd9\xa2\x9a\x67\xfb\x4b\xb5\x01\x00\x04\x00" + seed.to_bytes(8, "big")


def fl_studio(seed=0):
    return b"FLhd\x06\x00\x00\x00\x00\x00\x09\x00\x60\x00FLdt" + seed.to_bytes(8, "big")


def reaper(title):
    return text(f'<REAPER_PROJECT 0.1 "7.11/linux-x86_64" 1709550000\n  TITLE "{title}"\n>\n')


def reapeaks(seed=0):
    return b"RPKN\x01\x02\x00\x00" + seed.to_bytes(8, "big")


def pro_tools(seed=0):
    return b"\x03\x30\x30\x31\x30\x31\x31\x31\x31\x30\x30\x31\x30\x31\x30\x31\x31\x00" + seed.to_bytes(8, "big")


def ableton_set(seed=0):
    """An Ableton Live set: gzip-compressed XML."""
    return gzip_bytes(seed) + b"<Ableton MajorVersion"


def ableton_analysis(seed=0):
    return b"\x00\x00\x00\x01\x00\x00\x00\x00ASD\x00" + seed.to_bytes(8, "big")


def midi(seed=0):
    return b"MThd\x00\x00\x00\x06\x00\x01\x00\x02\x01\xe0MTrk" + seed.to_bytes(8, "big")


def kontakt(seed=0):
    return b"\x12\x90\xa8\x7f\x6e\x1a\x00\x00\x4b\x4f\x4e\x54" + seed.to_bytes(8, "big")


def vst_preset(seed=0):
    return b"CcnK\x00\x00\x00\x40FxCk\x00\x00\x00\x01" + seed.to_bytes(8, "big")


def windows_shortcut(seed=0):
    return (b"\x4c\x00\x00\x00\x01\x14\x02\x00\x00\x00\x00\x00\xc0\x00\x00\x00\x00\x00\x00\x46"
            + seed.to_bytes(8, "big"))
