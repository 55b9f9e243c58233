#!/usr/bin/env python3
"""Writes the seed corpus of every fuzz target under fuzz/corpus/<target>/.

Small real examples of each input: run from anywhere, it rewrites the
seeds in place (the files are committed; this script says how they were
made).
"""

import gzip
import io
import json
import struct
import tarfile
import zipfile
import zlib
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus"


def put(target, name, data):
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    (folder / name).write_bytes(data)


# --- model replies -------------------------------------------------------

def chunk(delta, finish=None, usage=None):
    body = {"id": "c1", "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    if usage:
        body["usage"] = usage
    return "data: " + json.dumps(body) + "\n\n"


def sse_seeds():
    text = (chunk({"role": "assistant", "content": ""})
            + chunk({"content": "Hello"}) + chunk({"content": ", world."})
            + chunk({}, "stop", {"prompt_tokens": 10, "completion_tokens": 3, "total_tokens": 13})
            + "data: [DONE]\n\n")
    put("sse", "answer.sse", text)
    calls = (": keep-alive\n\n"
             + chunk({"role": "assistant", "reasoning_content": "I should list."})
             + chunk({"tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                                      "function": {"name": "list_files", "arguments": ""}}]})
             + chunk({"tool_calls": [{"index": 0, "function": {"arguments": "{\"path\":"}}]})
             + chunk({"tool_calls": [{"index": 0, "function": {"arguments": " \".\"}"}}]})
             + chunk({"tool_calls": [{"index": 1, "id": "call_2", "type": "function",
                                      "function": {"name": "move_file",
                                                   "arguments": "{\"source\":\"a.txt\",\"destination\":\"docs/a.txt\"}"}}]})
             + chunk({}, "tool_calls") + "data: [DONE]\n")
    put("sse", "tool_calls.sse", calls.replace("\n\n", "\r\n\r\n", 2))
    put("sse", "error.sse", 'event: error\ndata: {"error": {"message": "overloaded", "code": 529}}\n\n')


def completion(message, finish="stop"):
    return json.dumps({"id": "x", "object": "chat.completion", "model": "m",
                       "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                       "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}})


def call(i, name, args):
    return {"id": f"call_{i}", "type": "function",
            "function": {"name": name, "arguments": json.dumps(args)}}


def completion_seeds():
    put("completion", "answer.json", completion({"role": "assistant", "content": "All tidy."}))
    put("completion", "tool_calls.json", completion({
        "role": "assistant", "content": None,
        "tool_calls": [call(1, "list_files", {"path": "."}),
                       call(2, "create_folder", {"path": "Documents"}),
                       call(3, "move_file", {"source": "notes.txt", "destination": "Documents/notes.txt"}),
                       call(4, "read_file", {"path": "notes.txt"})]}, "tool_calls"))
    put("completion", "objects_as_args.json", completion({
        "role": "assistant", "reasoning_content": "thinking",
        "tool_calls": [{"id": "c", "type": "function",
                        "function": {"name": "rename_file", "arguments": {"path": "photo.jpg", "new_name": "2024.jpg"}}}]},
        "tool_calls"))
    put("completion", "error.json", json.dumps({"error": {"message": "maximum context length exceeded",
                                                          "type": "invalid_request_error", "code": "context_length_exceeded"}}))


def tool_args_seeds():
    # The first byte picks the tool by its index among every tool.
    names = ["list_files", "create_folder", "move_file", "rename_file", "delete_file",
             "get_file_type", "summarize_folder", "find_files", "move_matching",
             "move_by_type", "move_files", "find_duplicates", "read_file"]
    args = {
        "list_files": {"path": "."},
        "create_folder": {"path": "Archive/2024"},
        "move_file": {"source": "notes.txt", "destination": "docs/notes.txt"},
        "rename_file": {"path": "notes.txt", "new_name": "todo.txt"},
        "delete_file": {"path": "copy of notes.txt", "confirm": True},
        "get_file_type": {"filename": "report.pdf"},
        "summarize_folder": {"path": "."},
        "find_files": {"path": ".", "pattern": "*.txt", "offset": 0},
        "move_matching": {"path": ".", "pattern": "*.md", "destination": "Notes"},
        "move_by_type": {"path": ".", "category": "Documents", "destination": "Docs"},
        "move_files": {"moves": [{"from": "notes.txt", "to": "Notes/notes.txt"},
                                 {"from": "report.pdf", "to": "Docs/report.pdf"}]},
        "find_duplicates": {"path": "."},
        "read_file": {"path": "notes.txt"},
    }
    for i, name in enumerate(names):
        put("tool_args", f"{name}.bin", bytes([i]) + json.dumps(args[name]).encode())
    put("tool_args", "escape.bin", bytes([2]) + b'{"source": "../../etc/passwd", "destination": "/tmp/x"}')


def rules_seeds():
    put("rules", "tidyup.toml", '''instructions = "Keep invoices by year."
exclude = ["*.tmp", "node_modules/", "Private/**"]

[[rule]]
extensions = ["jpg", "JPEG", "png"]
to = "Photos/{year}/{month}"

[[rule]]
name = "invoice*"
content = "(?i)invoice|rechnung"
to = "Invoices/{year}"

[[rule]]
extensions = ["pdf", "docx"]
to = "{category}/{ext}"
''')
    put("rules", "bad.toml", '[[rule]]\nname = "[a-"\nto = "../out"\n')


def abi_seeds():
    config = {"target_dir": "/home/user/Desktop", "model": "gpt-4o-mini", "lang": "zh",
              "provider": "remote", "calls": {"stream": True, "max_tries": 2},
              "read_contents": True, "rules": '[[rule]]\nextensions = ["pdf"]\nto = "PDF"\n'}
    put("abi", "agent_new.bin", b"\x00" + json.dumps(config).encode())
    put("abi", "ask.bin", b"\x01" + json.dumps({"model": "m", "question": "What is this?", "system": "Be brief.",
                                                "images": ["data:image/png;base64,iVBORw0KGgo="]}).encode())
    put("abi", "tool_run.bin", b"\x02" + json.dumps({"target_dir": "/home/user/Desktop", "name": "move_file",
                                                     "arguments": "{\"source\":\"a.txt\",\"destination\":\"b/a.txt\"}",
                                                     "read_contents": True}).encode())
    history = [{"role": "system", "content": "You tidy."}, {"role": "user", "content": "tidy"},
               {"role": "assistant", "content": None,
                "tool_calls": [call(1, "list_files", {"path": "."})]},
               {"role": "tool", "tool_call_id": "call_1", "content": "a.txt (1 B)"},
               {"role": "assistant", "content": "Done."}]
    put("abi", "restore.bin", b"\x03" + json.dumps(history).encode())
    put("abi", "http_reply.bin", b"\x04" + json.dumps({"ok": {"status": 200, "body": "{}", "retry_after": 1.5}}).encode())
    put("abi", "stream_piece.bin", b"\x05" + json.dumps({"ok": "data: {}\n\n"}).encode())
    put("abi", "file_sample.bin", b"\x06" + json.dumps({"ok": {"size": 10, "head": "aGVsbG8=", "tail": ""}}).encode())
    put("abi", "entries.bin", b"\x07" + json.dumps({"ok": [{"name": "a.txt", "kind": "file", "size": 1, "modified": 0, "utc_offset": 3600}]}).encode())
    put("abi", "host_error.bin", b"\x07" + json.dumps({"err": {"code": "not_found", "message": "gone"}}).encode())


# --- files ---------------------------------------------------------------

def pdf():
    page1 = zlib.compress(b"BT /F1 12 Tf 72 700 Td (Hello) Tj 0 -14 Td (Quarterly \\(Q3\\) sales) Tj ET")
    page2 = b"BT /F1 12 Tf 72 700 Td [(Wor) -20 (ld) -400 (again)] TJ ET"
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>",
               b"<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /Font << /F1 7 0 R >> >> >>",
               b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(page1) + page1 + b"\nendstream",
               b"<< /Type /Page /Parent 2 0 R /Contents 6 0 R >>",
               b"<< /Length %d >>\nstream\n" % len(page2) + page2 + b"\nendstream",
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
               b"<< /Title (Sales report) /Author <FEFF00410042> >>"]
    out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
    offsets = []
    for i, o in enumerate(objects):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 8 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return out


def zip_of(entries, method=zipfile.ZIP_DEFLATED):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as z:
        for name, data in entries:
            z.writestr(name, data, compress_type=zipfile.ZIP_STORED if name == "mimetype" else method)
    return buf.getvalue()


def office():
    docx = zip_of([("[Content_Types].xml", "<Types/>"),
                   ("word/document.xml", '<?xml version="1.0"?><w:document xmlns:w="w"><w:body>'
                    '<w:p><w:r><w:t>Quarterly report</w:t></w:r></w:p><w:p><w:r><w:t xml:space="preserve">Sales </w:t>'
                    '<w:tab/><w:t>grew.</w:t></w:r></w:p></w:body></w:document>')])
    xlsx = zip_of([("xl/workbook.xml", '<workbook><sheets><sheet name="S" sheetId="1"/></sheets></workbook>'),
                   ("xl/sharedStrings.xml", '<sst><si><t>Name</t></si><si><r><t>Total</t></r></si></sst>'),
                   ("xl/worksheets/sheet1.xml", '<worksheet><sheetData><row><c t="s"><v>0</v></c><c t="s"><v>1</v></c>'
                    '<c><v>42</v></c><c t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>')])
    pptx = zip_of([("ppt/presentation.xml", "<p:presentation xmlns:p='p'/>"),
                   ("ppt/slides/slide2.xml", "<p:sld xmlns:p='p' xmlns:a='a'><a:p><a:r><a:t>Second</a:t></a:r></a:p></p:sld>"),
                   ("ppt/slides/slide1.xml", "<p:sld xmlns:p='p' xmlns:a='a'><a:p><a:r><a:t>First</a:t></a:r></a:p></p:sld>")])
    odt = zip_of([("mimetype", "application/vnd.oasis.opendocument.text"),
                  ("content.xml", '<office:document-content xmlns:office="o" xmlns:text="t"><office:body><office:text>'
                   '<text:h>Title</text:h><text:p>Body<text:s text:c="3"/>text<text:tab/>end</text:p>'
                   '</office:text></office:body></office:document-content>')])
    plain = zip_of([("a.txt", "hello"), ("folder/", ""), ("folder/b.bin", bytes(range(64)))], zipfile.ZIP_STORED)
    return {"docx.zip": docx, "xlsx.zip": xlsx, "pptx.zip": pptx, "odt.zip": odt, "plain.zip": plain}


def ifd(start, entries):
    head, data = b"", b""
    data_start = start + 2 + 12 * len(entries) + 4
    head += struct.pack("<H", len(entries))
    for tag, typ, count, value in entries:
        head += struct.pack("<HHI", tag, typ, count)
        if len(value) <= 4:
            head += value.ljust(4, b"\0")
        else:
            head += struct.pack("<I", data_start + len(data))
            data += value
            if len(data) % 2:
                data += b"\0"
    return head + struct.pack("<I", 0) + data


def jpeg():
    ascii_ = lambda s: (len(s) + 1, s.encode() + b"\0")
    make_n, make = ascii_("Canon")
    model_n, model = ascii_("Canon EOS R5")
    ifd0 = lambda e, g: ifd(8, [(0x010F, 2, make_n, make), (0x0110, 2, model_n, model),
                               (0x8769, 4, 1, struct.pack("<I", e)), (0x8825, 4, 1, struct.pack("<I", g))])
    exif_at = 8 + len(ifd0(0, 0))
    date_n, date = ascii_("2023:07:14 09:30:00")
    exif_ifd = ifd(exif_at, [(0x9003, 2, date_n, date)])
    gps_at = exif_at + len(exif_ifd)
    rat = lambda vs: b"".join(struct.pack("<II", n, d) for n, d in vs)
    gps = ifd(gps_at, [(1, 2, 2, b"N\0"), (2, 5, 3, rat([(48, 1), (51, 1), (2437, 100)])),
                       (3, 2, 2, b"E\0"), (4, 5, 3, rat([(2, 1), (17, 1), (4011, 100)]))])
    tiff = b"II*\0\x08\0\0\0" + ifd0(exif_at, gps_at) + exif_ifd + gps
    app1 = b"Exif\0\0" + tiff
    out = b"\xff\xd8\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1
    out += bytes([0xFF, 0xC0, 0, 17, 8, 0x01, 0xE0, 0x02, 0x80, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
    return out + b"\xff\xd9", tiff


def png():
    ihdr = struct.pack(">II", 640, 480) + bytes([8, 2, 0, 0, 0])
    crc = lambda t, d: struct.pack(">I", zlib.crc32(t + d))
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + crc(b"IHDR", ihdr)
            + struct.pack(">I", 0) + b"IEND" + crc(b"IEND", b""))


def mp3():
    frames = b""
    for fid, text in [("TIT2", "Blue Monday"), ("TPE1", "New Order"), ("TALB", "Power, Corruption & Lies"), ("TYER", "1983")]:
        frames += fid.encode() + struct.pack(">I", len(text) + 1) + b"\0\0\0" + text.encode()
    n = len(frames)
    out = b"ID3\x03\x00\x00" + bytes([n >> 21 & 0x7F, n >> 14 & 0x7F, n >> 7 & 0x7F, n & 0x7F]) + frames
    for _ in range(8):
        out += b"\xff\xfb\x90\x64" + bytes(413)
    return out


def wav():
    info = b"INFO" + b"INAM" + struct.pack("<I", 6) + b"Title\0" + b"IART" + struct.pack("<I", 4) + b"Art\0"
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 16000, 2, 16)
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", 1600) + bytes(1600)
    body += b"LIST" + struct.pack("<I", len(info)) + info
    return b"RIFF" + struct.pack("<I", len(body)) + body


def flac():
    # STREAMINFO (44.1 kHz, 2 channels, 16 bits, 441000 samples) and a Vorbis comment.
    info = struct.pack(">HH", 4096, 4096) + b"\0\0\0\0\0\0"
    packed = (44100 << 44) | (1 << 41) | (15 << 36) | 441000
    info += packed.to_bytes(8, "big") + bytes(16)
    vendor = b"fuzz"
    comments = [b"TITLE=Song", b"ARTIST=Band", b"DATE=2001"]
    vc = struct.pack("<I", len(vendor)) + vendor + struct.pack("<I", len(comments))
    for c in comments:
        vc += struct.pack("<I", len(c)) + c
    return (b"fLaC" + bytes([0]) + len(info).to_bytes(3, "big") + info
            + bytes([0x84]) + len(vc).to_bytes(3, "big") + vc)


def tar_of(entries, compress=False):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as t:
        for name, data in entries:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    raw = buf.getvalue().rstrip(b"\0")
    raw += bytes(-len(raw) % 512)
    return gzip.compress(raw, mtime=0) if compress else raw


def file_seeds():
    p = pdf()
    put("contents_pdf", "two_pages.pdf", p)
    put("contents_pdf", "cut.pdf", p[: len(p) // 2])
    for name, data in office().items():
        put("contents_zip", name, data)
    j, tiff = jpeg()
    put("contents_image", "exif.jpg", j)
    put("contents_image", "exif.tif", tiff)
    put("contents_image", "plain.png", png())
    put("contents_audio", "id3.mp3", mp3())
    put("contents_audio", "info.wav", wav())
    put("contents_audio", "tags.flac", flac())
    entries = [("readme.txt", b"hello\n"), ("src/main.rs", b"fn main() {}\n")]
    put("contents_tar", "two.tar", tar_of(entries))
    put("contents_gzip", "two.tar.gz", tar_of(entries, compress=True))
    put("contents_gzip", "note.txt.gz", gzip.compress(b"just a note\n" * 4, mtime=0))
    put("contents_text", "utf8.txt", "Meeting notes\n- buy milk\n- 会议记录\n")
    put("contents_text", "utf16le.txt", "\ufeffQuarterly report: 季度报告\r\n".encode("utf-16-le"))
    put("contents_text", "utf16be.txt", "\ufeffHello, Welt\n".encode("utf-16-be"))
    put("contents_text", "gbk.txt", "这是一个用GBK编码的中文文本文件，用来测试编码检测。\n".encode("gbk"))
    put("contents_text", "shift_jis.txt", "これはシフトJISのテキストです。\n".encode("shift_jis"))
    put("contents_text", "cp1252.txt", "Café crème, naïve résumé — 10€\n".encode("cp1252"))


# --- the terminal's Markdown -------------------------------------------

def markdown_seeds():
    put("markdown", "answer.md",
        "# Plan\n- **Documents/**: 3 files\n1. `a.txt` to *Docs*\n"
        "> a quote with [a link](https://example.com)\n---\n"
        "```toml\n[rules]\n```\n~~gone~~ <b>html</b> &amp; done\n")
    put("markdown", "references.md",
        "Done &#27;]0;PWNED&#7; and &#x1b;[2J then &#155;31m\n"
        "See [it](http://x/&#27;]52;c;SGVsbG8=&#7;) # &#x202e;txt.exe\n"
        "`\x1b[2J` \x07 \u009b \u202e\r\n")
    put("markdown", "nested.md", "*" * 3000 + "x" + "*" * 3000 + "\n"
        + "_" * 500 + "**a *b* " * 100 + "\n")
    put("markdown", "brackets.md", "[" * 1000 + "![" * 500 + "<a " * 300 + "\n")


# --- plan files ------------------------------------------------------

def plan_file_seeds():
    target = "/home/ana/Desktop"
    print_file = {"kind": "file", "size": 5, "modified": 1700000000,
                  "detail": {"modified_ns": 1700000000123456789, "changed_ns": 1700000000123456789,
                             "file_id": [2049, 131], "content": "blake3:" + "ab" * 32}}
    print_dir = {"kind": "dir", "size": None, "modified": None,
                 "detail": {"modified_ns": None, "changed_ns": None, "file_id": [2049, 7], "content": None}}
    new_dir = {"kind": "dir", "size": None, "modified": None, "detail": {}}
    plan = {"target": target, "roots": [target, "/home/ana/Archive"], "created": "2026-01-01T00:00:00+00:00",
            "rules": {"path": target + "/.tidyup.toml", "content": "blake3:" + "cd" * 32},
            "steps": [{"op": "create_folder", "path": target + "/Papers"},
                      {"op": "move", "from": target + "/a.pdf", "to": target + "/Papers/a.pdf",
                       "source": print_file, "replaces": False},
                      {"op": "move", "from": target + "/docs", "to": "/home/ana/Archive/docs",
                       "source": print_dir, "replaces": False},
                      {"op": "move", "from": target + "/Papers", "to": target + "/Paper",
                       "source": new_dir, "replaces": False},
                      {"op": "delete", "path": target + "/old.txt", "source": print_file}]}
    put("plan_file", "plan.json", json.dumps(plan, indent=2))
    put("plan_file", "windows.json", json.dumps({
        "target": "C:\\Users\\ana\\Desktop", "roots": None, "created": "now",
        "steps": [{"op": "move", "from": "C:\\Users\\ana\\Desktop\\a.txt",
                   "to": "c:/users/ana/desktop/Texts/a.txt", "source": print_file, "replaces": True}]}))
    put("plan_file", "escape.json", json.dumps({
        "target": target, "roots": ["/"], "created": "now",
        "steps": [{"op": "delete", "path": target + "/../Documents", "source": new_dir},
                  {"op": "delete", "path": "/home/ana", "source": {"kind": "dir", "detail": {}}}]}))


if __name__ == "__main__":
    sse_seeds()
    completion_seeds()
    tool_args_seeds()
    rules_seeds()
    abi_seeds()
    file_seeds()
    markdown_seeds()
    plan_file_seeds()
