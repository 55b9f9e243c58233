#!/usr/bin/env python3
"""read_file benchmark of tidyup: 1,000 mixed files and hostile ones.

1. 1,000 files made here, deterministic (seeded): UTF-8 text, Markdown and
   CSV; GBK, Big5, Shift-JIS, Windows-1252 and UTF-16 text; PDFs of 1 to 5
   pages; DOCX, XLSX, PPTX and ODT; JPEGs with EXIF data; MP3s with ID3v2.3
   tags; ZIP archives; random bytes and a PNG named .bin. Sizes from 1 KB to
   a few MB (some text and PDF files pass the 8 MiB tidyup reads of a head).
   A scripted model on 127.0.0.1 asks `read_file` for 100 files per reply
   (10 replies, within the 15 calls of a user line), then answers in text.
   Every result must start with the kind of its file ("PDF document",
   "JPEG image", "Text file"...); other differences (encoding, pages,
   dimensions, a phrase of the text missing) are printed as notes. tidyup
   runs with `--context-tokens 2000000`: one round of 100 excerpts can pass
   the default budget of 128,000 tokens.
2. Hostile files: a ZIP bomb (1 GiB of zeros), a PDF cut in half, a PDF
   whose content stream claims a huge length, a 4 GiB sparse file, a 200 MB
   text file of one line, a DOCX whose document.xml inflates to 500 MB of
   zeros, a DOCX of deeply nested XML. They are read all in one session,
   then each alone in a session of its own (one read_file call).

Measured: wall time and peak RSS of the whole tidyup process (os.wait4),
the size of every request. Targets: every hostile file's session at most
2 s (a release build), peak RSS at most 600 MiB, every result at most
16,500 characters, no session failing, every mixed file's kind right.

Usage: python3 bench/read_contents.py [path/to/tidyup]
Build first with `cargo build --release -p tidyup`. Everything happens in
temporary directories; nothing leaves the machine.
"""
import http.server
import io
import json
import os
import random
import struct
import sys
import tempfile
import threading
import time
import zipfile
import zlib

from harness import env_for, measure, send_completion

BINARY = sys.argv[1] if len(sys.argv) > 1 else "target/release/tidyup"
SEED = 20260115
BATCH = 100
MAX_RESULT_CHARS = 16_500
MAX_RSS_MIB = 600
MAX_HOSTILE_SECS = 2.0
KILL_AFTER_SECS = 900
FAILED = "tool execution failed"

# ---------------------------------------------------------------------------
# Words and phrases
# ---------------------------------------------------------------------------

EN_WORDS = (
    "invoice electricity bill march payment due account customer reference total "
    "amount meeting notes project progress report budget quarter review contract "
    "draft version travel itinerary flight hotel booking receipt tax return summary "
    "insurance policy renewal medical appointment school schedule recipe garden "
    "holiday photos family letter bank statement salary slip lease agreement "
    "warranty manual instructions shopping list birthday party plan minutes agenda"
).split()
ZH_HANS = [
    "本月电费账单已经生成", "请在月底之前完成付款", "会议纪要：项目进度汇报",
    "下周二上午十点开会", "合同草案第三版", "员工报销流程说明", "年度预算与支出明细",
    "客户反馈意见汇总", "产品发布计划", "这份文件包含重要的财务信息",
]
ZH_HANT = [
    "本月電費帳單已經產生", "請在月底之前完成付款", "會議紀錄：專案進度報告",
    "下週二上午十點開會", "合約草案第三版", "員工報銷流程說明", "年度預算與支出明細",
    "客戶回饋意見彙整", "產品發表計畫", "這份文件包含重要的財務資訊",
]
JA = [
    "今月の電気料金の請求書です", "月末までにお支払いください",
    "会議の議事録：プロジェクトの進捗報告", "来週の火曜日の午前十時に会議があります",
    "契約書の草案第三版", "経費精算の手順について", "年間予算と支出の明細",
    "お客様からのご意見のまとめ", "新製品の発売計画", "この書類には大切な情報が含まれています",
]
LATIN = [
    "Facture d'électricité pour le mois de mars", "Réunion prévue à 10 h — salle Émile",
    "Überweisung für die Miete im Dezember", "Straße, Größe, Äpfel und Öl",
    "“Café crème” coûte 3,50 €", "Señor Muñoz pagó la cuota", "naïve façade, déjà vu",
]
CAMERAS = [("Canon", "Canon EOS R5"), ("NIKON CORPORATION", "NIKON Z 6"),
           ("Apple", "iPhone 13"), ("SONY", "ILCE-7M3"), ("FUJIFILM", "X-T4")]
ARTISTS = ["The Harbour Lights", "Mia Lindqvist", "周杰伦", "Orchestre de Lyon", "DJ Kestrel"]


def sentence(rng, words=None, n=None):
    words = words or EN_WORDS
    picked = [rng.choice(words) for _ in range(n or rng.randint(6, 14))]
    return " ".join(picked).capitalize() + "."


def english(rng, size):
    """About `size` bytes of English text in lines."""
    out, total = [], 0
    while total < size:
        line = sentence(rng)
        out.append(line)
        total += len(line) + 1
    return "\n".join(out) + "\n"


def phrases(rng, pool, size, encoding):
    """About `size` encoded bytes of phrases from `pool`."""
    comma, stop = (", ", ".") if pool is LATIN else ("，", "。")
    out, total = [], 0
    while total < size:
        line = comma.join(rng.choice(pool) for _ in range(rng.randint(2, 4))) + stop
        out.append(line)
        total += len(line.encode(encoding)) + 1
    return "\n".join(out) + "\n"


def log_size(rng, low, high):
    """A size between `low` and `high`, even on a log scale."""
    return int(low * (high / low) ** rng.random())


# ---------------------------------------------------------------------------
# Formats written by hand
# ---------------------------------------------------------------------------

def pdf_bytes(pages, title=None, blob=None, length_of=None):
    """A PDF: one FlateDecode content stream per page (`pages` is a list of
    lists of lines), an optional title, an optional image XObject of `blob`
    bytes, and a correct xref table. `length_of` replaces the /Length of the
    first content stream."""
    objects = []  # bodies, object number = index + 1

    def add(body):
        objects.append(body)
        return len(objects)

    add(b"<< /Type /Catalog /Pages 2 0 R >>")
    add(None)  # the page tree, once the kids are known
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    image = None
    if blob is not None:
        image = add(b"<< /Type /XObject /Subtype /Image /Width 1024 /Height %d "
                    b"/ColorSpace /DeviceRGB /BitsPerComponent 8 /Length %d >>\nstream\n"
                    % (max(1, len(blob) // 3072), len(blob)) + blob + b"\nendstream")
    kids = []
    for i, lines in enumerate(pages):
        ops = [b"BT /F1 12 Tf 72 740 Td 14 TL"]
        for line in lines:
            text = line.replace("\\", "").replace("(", "").replace(")", "")
            ops.append(b"(" + text.encode("latin-1", "replace") + b") Tj T*")
        ops.append(b"ET")
        if image and i == 0:
            ops.append(b"q 200 0 0 150 72 300 cm /Im1 Do Q")
        data = zlib.compress(b"\n".join(ops))
        length = length_of if (length_of is not None and i == 0) else len(data)
        content = add(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % length
                      + data + b"\nendstream")
        xobject = b" /XObject << /Im1 %d 0 R >>" % image if image else b""
        kids.append(add(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
                        b"/Resources << /Font << /F1 %d 0 R >>%s >> /Contents %d 0 R >>"
                        % (font, xobject, content)))
    objects[1] = (b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids)
                  + b"] /Count %d >>" % len(kids))
    info = add(b"<< /Title (" + title.encode("latin-1", "replace") + b") /Producer (bench) >>") \
        if title else None
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    trailer = b"<< /Size %d /Root 1 0 R" % (len(objects) + 1)
    if info:
        trailer += b" /Info %d 0 R" % info
    out.write(b"trailer\n" + trailer + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref)
    return out.getvalue()


def xml_escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
RELS_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"


def content_types(overrides):
    parts = "".join(f'<Override PartName="/{name}" ContentType="{kind}"/>'
                    for name, kind in overrides)
    return (XML_HEAD + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>' + parts + "</Types>")


def rels(items):
    return (XML_HEAD + f'<Relationships xmlns="{RELS_NS}">'
            + "".join(f'<Relationship Id="rId{i}" Type="{kind}" Target="{target}"/>'
                      for i, (kind, target) in enumerate(items, 1))
            + "</Relationships>")


def zip_of(parts, stored=()):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts:
            kind = zipfile.ZIP_STORED if name in stored else zipfile.ZIP_DEFLATED
            zf.writestr(zipfile.ZipInfo(name, (2025, 3, 1, 10, 0, 0)), data, compress_type=kind)
    return out.getvalue()


W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def docx_bytes(paragraphs, document_xml=None):
    body = "".join(f"<w:p><w:r><w:t>{xml_escape(p)}</w:t></w:r></w:p>" for p in paragraphs)
    document = document_xml if document_xml is not None else (
        XML_HEAD + f'<w:document xmlns:w="{W_NS}"><w:body>{body}</w:body></w:document>')
    return zip_of([
        ("[Content_Types].xml", content_types([(
            "word/document.xml",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml")])),
        ("_rels/.rels", rels([(DOC_TYPE, "word/document.xml")])),
        ("word/document.xml", document),
    ])


def xlsx_bytes(rows):
    strings, index = [], {}
    sheet_rows = []
    for r, row in enumerate(rows, 1):
        cells = []
        for c, value in enumerate(row):
            ref = f"{chr(65 + c)}{r}"
            if isinstance(value, str):
                if value not in index:
                    index[value] = len(strings)
                    strings.append(value)
                cells.append(f'<c r="{ref}" t="s"><v>{index[value]}</v></c>')
            else:
                cells.append(f'<c r="{ref}"><v>{value}</v></c>')
        sheet_rows.append(f'<row r="{r}">{"".join(cells)}</row>')
    ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel_ns = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    shared = (XML_HEAD + f'<sst xmlns="{ns}" count="{len(strings)}" uniqueCount="{len(strings)}">'
              + "".join(f"<si><t>{xml_escape(s)}</t></si>" for s in strings) + "</sst>")
    sheet = (XML_HEAD + f'<worksheet xmlns="{ns}"><sheetData>' + "".join(sheet_rows)
             + "</sheetData></worksheet>")
    workbook = (XML_HEAD + f'<workbook xmlns="{ns}" xmlns:r="{rel_ns}"><sheets>'
                '<sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>')
    kind = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    return zip_of([
        ("[Content_Types].xml", content_types([
            ("xl/workbook.xml", f"{kind}.sheet.main+xml"),
            ("xl/worksheets/sheet1.xml", f"{kind}.worksheet+xml"),
            ("xl/sharedStrings.xml", f"{kind}.sharedStrings+xml")])),
        ("_rels/.rels", rels([(DOC_TYPE, "xl/workbook.xml")])),
        ("xl/workbook.xml", workbook),
        ("xl/_rels/workbook.xml.rels", rels([
            (f"{rel_ns}/worksheet", "worksheets/sheet1.xml"),
            (f"{rel_ns}/sharedStrings", "sharedStrings.xml")])),
        ("xl/sharedStrings.xml", shared),
        ("xl/worksheets/sheet1.xml", sheet),
    ])


def pptx_bytes(slides):
    p_ns = "http://schemas.openxmlformats.org/presentationml/2006/main"
    a_ns = "http://schemas.openxmlformats.org/drawingml/2006/main"
    rel_ns = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    kind = "application/vnd.openxmlformats-officedocument.presentationml"
    ids = "".join(f'<p:sldId id="{256 + i}" r:id="rId{i + 1}"/>' for i in range(len(slides)))
    parts = [
        ("[Content_Types].xml", content_types(
            [("ppt/presentation.xml", f"{kind}.presentation.main+xml")]
            + [(f"ppt/slides/slide{i + 1}.xml", f"{kind}.slide+xml") for i in range(len(slides))])),
        ("_rels/.rels", rels([(DOC_TYPE, "ppt/presentation.xml")])),
        ("ppt/presentation.xml", XML_HEAD + f'<p:presentation xmlns:p="{p_ns}" xmlns:r="{rel_ns}">'
         f"<p:sldIdLst>{ids}</p:sldIdLst></p:presentation>"),
        ("ppt/_rels/presentation.xml.rels", rels(
            [(f"{rel_ns}/slide", f"slides/slide{i + 1}.xml") for i in range(len(slides))])),
    ]
    for i, lines in enumerate(slides):
        runs = "".join(f"<a:p><a:r><a:t>{xml_escape(t)}</a:t></a:r></a:p>" for t in lines)
        parts.append((f"ppt/slides/slide{i + 1}.xml", XML_HEAD
                      + f'<p:sld xmlns:p="{p_ns}" xmlns:a="{a_ns}"><p:cSld><p:spTree><p:sp>'
                      f"<p:txBody>{runs}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>"))
    return zip_of(parts)


def odt_bytes(paragraphs):
    office = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
    text_ns = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
    mime = "application/vnd.oasis.opendocument.text"
    body = "".join(f"<text:p>{xml_escape(p)}</text:p>" for p in paragraphs)
    content = (XML_HEAD + f'<office:document-content xmlns:office="{office}" '
               f'xmlns:text="{text_ns}" office:version="1.2"><office:body><office:text>'
               f"{body}</office:text></office:body></office:document-content>")
    manifest = (XML_HEAD + '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:'
                'xmlns:manifest:1.0" manifest:version="1.2">'
                f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{mime}"/>'
                '<manifest:file-entry manifest:full-path="content.xml" '
                'manifest:media-type="text/xml"/></manifest:manifest>')
    return zip_of([("mimetype", mime), ("content.xml", content),
                   ("META-INF/manifest.xml", manifest)], stored=("mimetype",))


def tiff_exif(make, model, taken):
    """A little-endian TIFF block: IFD0 with Make, Model and a pointer to an
    Exif IFD holding DateTimeOriginal."""
    make_b, model_b, taken_b = (s.encode() + b"\0" for s in (make, model, taken))
    ifd0_at = 8
    ifd0_len = 2 + 3 * 12 + 4
    make_at = ifd0_at + ifd0_len
    model_at = make_at + len(make_b)
    exif_at = model_at + len(model_b)
    exif_len = 2 + 12 + 4
    taken_at = exif_at + exif_len
    out = b"II" + struct.pack("<HI", 42, ifd0_at)
    out += struct.pack("<H", 3)
    out += struct.pack("<HHII", 0x010F, 2, len(make_b), make_at)
    out += struct.pack("<HHII", 0x0110, 2, len(model_b), model_at)
    out += struct.pack("<HHII", 0x8769, 4, 1, exif_at)
    out += struct.pack("<I", 0)
    out += make_b + model_b
    out += struct.pack("<H", 1) + struct.pack("<HHII", 0x9003, 2, len(taken_b), taken_at)
    out += struct.pack("<I", 0) + taken_b
    return out


def segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def jpeg_bytes(rng, width, height, make, model, taken, size):
    """SOI, an EXIF APP1, a quantization table, SOF0 with the dimensions, a
    scan header, bytes that stand for the scan, EOI."""
    out = b"\xff\xd8"
    out += segment(0xE1, b"Exif\0\0" + tiff_exif(make, model, taken))
    out += segment(0xDB, b"\x00" + bytes(rng.randint(1, 50) for _ in range(64)))
    out += segment(0xC0, struct.pack(">BHHB", 8, height, width, 3)
                   + b"\x01\x22\x00\x02\x11\x01\x03\x11\x01")
    out += segment(0xDA, b"\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00")
    scan = bytearray(rng.randbytes(max(0, size - len(out) - 2)))
    for i in range(len(scan) - 1):  # no markers inside the scan
        if scan[i] == 0xFF:
            scan[i + 1] = 0
    return out + bytes(scan) + b"\xff\xd9"


def id3_frame(frame_id, text):
    try:
        data = b"\x00" + text.encode("latin-1")
    except UnicodeEncodeError:
        data = b"\x01" + text.encode("utf-16")
    return frame_id.encode() + struct.pack(">I", len(data)) + b"\0\0" + data


def mp3_bytes(title, artist, album, year, seconds):
    """An ID3v2.3 tag (TIT2, TPE1, TALB, TYER), then MPEG-1 Layer III frames
    of 128 kbit/s at 44.1 kHz for `seconds` seconds (silent payload)."""
    frames = b"".join(id3_frame(i, t) for i, t in
                      (("TIT2", title), ("TPE1", artist), ("TALB", album), ("TYER", year)))
    frames += b"\0" * 64  # padding
    n = len(frames)
    size = bytes([(n >> 21) & 0x7F, (n >> 14) & 0x7F, (n >> 7) & 0x7F, n & 0x7F])
    tag = b"ID3\x03\x00\x00" + size + frames
    count = int(seconds * 44100 / 1152) + 1
    # 144 * 128000 / 44100 = 417.96 bytes a frame: some frames are padded.
    plain = b"\xff\xfb\x90\x64" + b"\0" * 413
    padded = b"\xff\xfb\x92\x64" + b"\0" * 414
    frames = [padded if (i + 1) * 18_432_000 // 44_100 - i * 18_432_000 // 44_100 == 418
              else plain for i in range(count)]
    return tag + b"".join(frames)


def png_bytes(rng, width, height):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + rng.randbytes(width * 3) for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


# ---------------------------------------------------------------------------
# The 1,000 mixed files
# ---------------------------------------------------------------------------

# kind: (count, extension)
MIX = {
    "utf8": (120, "txt"), "markdown": (60, "md"), "csv": (60, "csv"),
    "gbk": (50, "txt"), "big5": (40, "txt"), "shift_jis": (40, "txt"),
    "cp1252": (40, "txt"), "utf16": (40, "txt"),
    "pdf": (130, "pdf"), "docx": (70, "docx"), "xlsx": (60, "xlsx"),
    "pptx": (50, "pptx"), "odt": (40, "odt"),
    "jpeg": (100, "jpg"), "mp3": (60, "mp3"), "zip": (30, "zip"),
    "random": (5, "bin"), "png": (5, "bin"),
}
EXPECTED_KIND = {
    "utf8": "Text file", "markdown": "Text file", "csv": "Text file",
    "gbk": "Text file", "big5": "Text file", "shift_jis": "Text file",
    "cp1252": "Text file", "utf16": "Text file",
    "pdf": "PDF document", "docx": "DOCX document", "xlsx": "XLSX spreadsheet",
    "pptx": "PPTX presentation", "odt": "ODT document",
    "jpeg": "JPEG image", "mp3": "MP3 audio", "zip": "ZIP archive",
    "random": "Binary file", "png": "PNG image",
}
ENCODING = {"gbk": ("gbk", "GBK", ZH_HANS), "big5": ("big5", "Big5", ZH_HANT),
            "shift_jis": ("shift_jis", "Shift_JIS", JA),
            "cp1252": ("cp1252", "windows-1252", LATIN)}
NAME_PREFIX = ["scan", "IMG_", "document ", "download (", "notes ", "file_", "export-", "copy of "]


class Made:
    """One file made, with what its read_file result should say."""

    def __init__(self, name, kind, first=(), lines=(), snippet=None):
        self.name = name
        self.kind = kind
        self.first = list(first)    # strings the first line should hold
        self.lines = list(lines)    # whole lines the result should hold
        self.snippet = snippet      # text the excerpt should hold
        self.result = None


def make_one(rng, kind, name, path, big=0):
    """Writes one file of `kind` at `path`; `big` asks for a multi-MB one."""
    made = Made(name, kind)
    if kind in ("utf8", "markdown", "csv"):
        size = big or log_size(rng, 1024, 200_000)
        if kind == "csv":
            rows = ["date,amount,description"]
            while sum(len(r) + 1 for r in rows) < size:
                rows.append(f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d},"
                            f"{rng.randint(1, 99999) / 100:.2f},{sentence(rng, n=4)}")
            text = "\n".join(rows) + "\n"
        elif kind == "markdown":
            text = f"# {sentence(rng, n=4)}\n\n" + "".join(
                f"- {line}\n" for line in english(rng, size).splitlines())
        elif big:
            block = english(rng, 256 * 1024)
            text = block * (size // len(block) + 1)
        else:
            text = english(rng, size)
        data = text.encode()
        made.snippet = text[:40].strip()
        exact_first = "Text file"
    elif kind in ENCODING:
        codec, label, pool = ENCODING[kind]
        text = phrases(rng, pool, log_size(rng, 1024, 60_000), codec)
        data = text.encode(codec)
        made.first = [f"(encoding: {label})"]
        made.snippet = text[:8]
        exact_first = None
    elif kind == "utf16":
        size = log_size(rng, 1024, 60_000)
        text = ""
        while len(text) * 2 < size:
            text += sentence(rng) + " " + rng.choice(ZH_HANS) + "。\n"
        data = text.encode("utf-16")
        made.first = ["(encoding: UTF-16LE)"]
        made.snippet = text[:20]
        exact_first = None
    elif kind == "pdf":
        pages = [[sentence(rng) for _ in range(rng.randint(3, 40))]
                 for _ in range(rng.randint(1, 5))]
        title = sentence(rng, n=3)[:-1] if rng.random() < 0.5 else None
        blob = rng.randbytes(big) if big else None
        data = pdf_bytes(pages, title, blob)
        n = len(pages)
        made.first = ["1 page" if n == 1 else f"{n} pages"]
        made.lines = [f"Title: {title}"] if title else []
        made.snippet = pages[0][0][:-1]
        exact_first = None
    elif kind in ("docx", "odt"):
        paragraphs = [sentence(rng) for _ in range(rng.randint(3, 120))]
        data = docx_bytes(paragraphs) if kind == "docx" else odt_bytes(paragraphs)
        made.snippet = paragraphs[0][:-1]
        exact_first = EXPECTED_KIND[kind]
    elif kind == "xlsx":
        rows = [["Date", "Amount", "Description"]] + [
            [f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
             rng.randint(1, 99999), sentence(rng, n=3)] for _ in range(rng.randint(3, 200))]
        data = xlsx_bytes(rows)
        made.snippet = "Description"
        exact_first = EXPECTED_KIND[kind]
    elif kind == "pptx":
        slides = [[sentence(rng, n=4), sentence(rng)] for _ in range(rng.randint(1, 6))]
        data = pptx_bytes(slides)
        n = len(slides)
        made.first = ["1 slide" if n == 1 else f"{n} slides"]
        made.snippet = slides[0][0][:-1]
        exact_first = None
    elif kind == "jpeg":
        width, height = rng.choice([(640, 480), (1920, 1080), (4032, 3024), (1080, 1350), (800, 600)])
        make, model = rng.choice(CAMERAS)
        taken = f"20{rng.randint(15, 25)}:{rng.randint(1, 12):02d}:{rng.randint(1, 28):02d} " \
                f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"
        data = jpeg_bytes(rng, width, height, make, model, taken, log_size(rng, 2048, 600_000))
        camera = model if model.lower().startswith(make.lower()) else f"{make} {model}"
        made.first = [f"{width}×{height}"]
        made.lines = [f"Taken: {taken}", f"Camera: {camera}"]
        exact_first = f"JPEG image, {width}×{height}"
    elif kind == "mp3":
        title = sentence(rng, n=3)[:-1]
        artist = rng.choice(ARTISTS)
        year = str(rng.randint(1970, 2025))
        seconds = rng.randint(2, 30)
        data = mp3_bytes(title, artist, "Album " + sentence(rng, n=2)[:-1], year, seconds)
        made.lines = [f"Title: {title}", f"Artist: {artist}", f"Year: {year}"]
        exact_first = f"MP3 audio, 0:{seconds:02d}"
    elif kind == "zip":
        count = rng.randint(10, 50)
        parts = [(f"folder{i % 3}/item_{i:03d}.txt", english(rng, rng.randint(50, 2000)))
                 for i in range(count)]
        data = zip_of(parts)
        made.first = [f"{count} entries"]
        exact_first = f"ZIP archive, {count} entries"
    elif kind == "random":
        data = rng.randbytes(log_size(rng, 1024, 300_000))
        exact_first = "Binary file"
    elif kind == "png":
        width, height = rng.randint(16, 300), rng.randint(16, 300)
        data = png_bytes(rng, width, height)
        exact_first = f"PNG image, {width}×{height}"
    else:
        raise ValueError(kind)
    made.exact_first = exact_first
    with open(path, "wb") as f:
        f.write(data)
    return made


def make_mixed(root):
    rng = random.Random(SEED)
    os.makedirs(root)
    kinds = [kind for kind, (count, _) in MIX.items() for _ in range(count)]
    rng.shuffle(kinds)
    # A few multi-MB files: text and PDFs, two of each past the 8 MiB head.
    bigs = {}
    for kind, sizes in (("utf8", [3 << 20, 12 << 20]), ("pdf", [3 << 20, 11 << 20])):
        at = [i for i, k in enumerate(kinds) if k == kind][:len(sizes)]
        bigs.update(zip(at, sizes))
    made = []
    for i, kind in enumerate(kinds):
        ext = MIX[kind][1]
        name = f"{NAME_PREFIX[i % len(NAME_PREFIX)]}{i:04d}{')' if i % 8 == 3 else ''}.{ext}"
        made.append(make_one(rng, kind, name, os.path.join(root, name), bigs.get(i, 0)))
    return made


# ---------------------------------------------------------------------------
# Hostile files
# ---------------------------------------------------------------------------

def zeros_entry(zf, name, total):
    chunk = bytes(1 << 20)
    with zf.open(name, "w", force_zip64=True) as entry:
        for _ in range(total // len(chunk)):
            entry.write(chunk)


def make_hostile(root):
    rng = random.Random(SEED + 1)
    os.makedirs(root)
    names = []

    def path(name):
        names.append(name)
        return os.path.join(root, name)

    with zipfile.ZipFile(path("bomb.zip"), "w", zipfile.ZIP_DEFLATED) as zf:
        zeros_entry(zf, "zeros.bin", 1 << 30)
    whole = pdf_bytes([[sentence(rng) for _ in range(40)] for _ in range(5)], "Cut in half")
    with open(path("truncated.pdf"), "wb") as f:
        f.write(whole[:len(whole) // 2])
    with open(path("huge_length.pdf"), "wb") as f:
        f.write(pdf_bytes([[sentence(rng) for _ in range(10)]], length_of=(1 << 62)))
    with open(path("huge.txt"), "wb") as f:
        f.truncate(4 << 30)
    with open(path("one_line.txt"), "wb") as f:
        words = " ".join(rng.choice(EN_WORDS) for _ in range(200_000)).encode()
        head = (words + b" ") * ((8 << 20) // (len(words) + 1) + 1)
        f.write(head[:8 << 20])
        f.truncate(200 * 1000 * 1000)
    with zipfile.ZipFile(path("bomb.docx"), "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", content_types([(
            "word/document.xml",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml")]))
        zf.writestr("_rels/.rels", rels([(DOC_TYPE, "word/document.xml")]))
        zeros_entry(zf, "word/document.xml", 500 << 20)
    depth = 1_000_000
    nested = (XML_HEAD + f'<w:document xmlns:w="{W_NS}"><w:body>' + "<w:p>" * depth
              + "<w:r><w:t>deep</w:t></w:r>" + "</w:p>" * depth + "</w:body></w:document>")
    with open(path("nested.docx"), "wb") as f:
        f.write(docx_bytes([], document_xml=nested))
    for bomb in ("bomb.zip", "bomb.docx"):
        size = os.path.getsize(os.path.join(root, bomb))
        if size > 8 << 20:
            sys.exit(f"{bomb} is {size:,} bytes: not a small bomb")
    return names


# ---------------------------------------------------------------------------
# The scripted model
# ---------------------------------------------------------------------------

class ScriptedModel(http.server.BaseHTTPRequestHandler):
    """Asks read_file for `files`, BATCH per reply, then answers in text.
    Tool call ids are `r{index}`; the results come back in `results`."""

    files = []
    sizes = []
    results = {}

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        ScriptedModel.sizes.append(len(body))
        messages = json.loads(body)["messages"]
        users = [i for i, m in enumerate(messages) if m["role"] == "user"]
        this_turn = messages[users[-1] + 1:]
        for m in this_turn:
            if m["role"] == "tool" and m.get("tool_call_id", "").startswith("r"):
                content = m.get("content")
                if isinstance(content, list):
                    content = "".join(p.get("text", "") for p in content)
                # The first request after a call holds its whole result;
                # later ones may hold a note that it was elided.
                ScriptedModel.results.setdefault(int(m["tool_call_id"][1:]), content or "")
        done = sum(1 for m in this_turn if m["role"] == "assistant" and m.get("tool_calls"))
        batch = list(range(len(ScriptedModel.files)))[done * BATCH:(done + 1) * BATCH]
        if batch:
            message = {"role": "assistant", "content": None, "tool_calls": [
                {"id": f"r{i}", "type": "function", "function": {
                    "name": "read_file",
                    "arguments": json.dumps({"path": ScriptedModel.files[i]})}}
                for i in batch]}
        else:
            message = {"role": "assistant", "content": "I have read every file."}
        send_completion(self, message, "tool_calls" if batch else "stop")


def run(args, home, stdin):
    """Runs tidyup; returns (exit code, wall seconds, peak RSS in MiB, stderr)."""
    done = measure(BINARY, args, env_for(home, "placeholder"), stdin, KILL_AFTER_SECS)
    return done.code, done.wall, done.rss_mib, done.stderr


def session(server, home, target, files):
    """One tidyup session in which the model reads `files`; returns
    (ok, wall, rss, results by index, request sizes)."""
    ScriptedModel.files = files
    ScriptedModel.sizes = []
    ScriptedModel.results = {}
    url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    # A large context budget: 100 excerpts of CJK text must fit in one
    # request; elision of older results is not what is measured here.
    flags = ["--base-url", url, "--model", "m", "--lang", "en", "--no-stream",
             "--read-contents", "--context-tokens", "2000000"]
    code, wall, rss, err = run([target, *flags], home, "read every file\nquit\n")
    results = dict(ScriptedModel.results)
    ok = code == 0 and len(results) == len(files)
    if not ok:
        print(f"  session failed: exit {code}, {len(results)} of {len(files)} results; "
              f"stderr: {err.strip()[-600:]}")
    return ok, wall, rss, results, list(ScriptedModel.sizes)


def first_line(text):
    return (text or "").split("\n", 1)[0]


def check_mixed(made):
    """Kind mismatches (failures) and notes (other differences)."""
    wrong, notes = [], []
    for m in made:
        result = m.result or ""
        head = first_line(result)
        if not head.startswith(EXPECTED_KIND[m.kind]):
            wrong.append(f"{m.name} ({m.kind}): {head!r}")
            continue
        missing = [f"first line with {s!r}" for s in m.first if s not in head]
        if m.exact_first and head != m.exact_first:
            missing.append(f"first line {m.exact_first!r}")
        lines = result.split("\n")
        missing += [f"line {s!r}" for s in m.lines if s not in lines]
        if m.snippet and m.snippet not in result:
            missing.append(f"text {m.snippet!r}")
        if missing:
            notes.append(f"{m.name} ({m.kind}): missing {', '.join(missing)}; first line {head!r}")
    return wrong, notes


def main():
    if not os.path.exists(BINARY):
        sys.exit(f"{BINARY} not found; build it with `cargo build --release -p tidyup`")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), ScriptedModel)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    met = True
    with tempfile.TemporaryDirectory() as home:
        mixed_dir = os.path.join(home, "Mixed")
        hostile_dir = os.path.join(home, "Hostile")
        started = time.perf_counter()
        made = make_mixed(mixed_dir)
        hostile = make_hostile(hostile_dir)
        total = sum(os.path.getsize(os.path.join(mixed_dir, m.name)) for m in made)
        print(f"made {len(made):,} mixed files ({total / 2**20:.1f} MiB) and "
              f"{len(hostile)} hostile ones in {time.perf_counter() - started:.1f} s")

        # (a) the 1,000 mixed files
        ok, wall, rss, results, sizes = session(server, home, mixed_dir, [m.name for m in made])
        for i, m in enumerate(made):
            m.result = results.get(i)
        failed = sum(1 for r in results.values() if r.startswith(FAILED))
        longest = max((len(r) for r in results.values()), default=0)
        wrong, notes = check_mixed(made)
        print(f"mixed, {len(made):,} files: {wall:.2f} s, peak RSS {rss:.0f} MiB, "
              f"{len(sizes)} requests, largest {max(sizes, default=0) / 1024:.1f} KB, "
              f"session {sum(sizes) / 1024:.1f} KB, longest result {longest:,} chars, "
              f"'{FAILED}': {failed}, wrong kinds: {len(wrong)}, notes: {len(notes)}")
        by_kind = {}
        for m in sorted(made, key=lambda m: list(MIX).index(m.kind)):
            by_kind.setdefault(m.kind, set()).add(
                first_line(m.result).split(",")[0].split(" (")[0])
        for kind, seen in by_kind.items():
            print(f"  {kind} ({MIX[kind][0]} files) read as: {' | '.join(sorted(seen))}")
        for title, items in (("wrong kind", wrong), ("note", notes)):
            for line in items[:30]:
                print(f"  {title}: {line}")
            if len(items) > 30:
                print(f"  ... and {len(items) - 30} more of '{title}'")
        met &= ok and not wrong and failed == 0 and longest <= MAX_RESULT_CHARS \
            and rss <= MAX_RSS_MIB

        # (b) the hostile folder in one session
        ok, wall, rss, results, sizes = session(server, home, hostile_dir, hostile)
        failed = sum(1 for r in results.values() if r.startswith(FAILED))
        longest = max((len(r) for r in results.values()), default=0)
        print(f"hostile, {len(hostile)} files: {wall:.2f} s, peak RSS {rss:.0f} MiB, "
              f"longest result {longest:,} chars, '{FAILED}': {failed}")
        met &= ok and longest <= MAX_RESULT_CHARS and rss <= MAX_RSS_MIB

        # each hostile file alone
        for name in hostile:
            ok, wall, rss, results, _ = session(server, home, hostile_dir, [name])
            result = results.get(0, "")
            print(f"hostile {name}: {wall:.2f} s, peak RSS {rss:.0f} MiB, "
                  f"{len(result):,} chars: {first_line(result)[:100]!r}")
            met &= ok and wall <= MAX_HOSTILE_SECS and rss <= MAX_RSS_MIB \
                and len(result) <= MAX_RESULT_CHARS
    server.shutdown()
    print("targets met" if met else "TARGETS MISSED")
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
