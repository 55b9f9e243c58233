//! The contents module: every format read from bytes made here, every
//! excerpt bounded, no input able to make it panic.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::io::{Cursor, Write};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use tidyup_core::{
    ContentDate, ContentKind, Contents, FileBytes, Lang, MAX_EXCERPT_CHARS, read_contents,
    render_contents,
};

// ---------- helpers ----------

fn whole(name: &str, bytes: &[u8], max: usize) -> Contents {
    read_contents(
        &FileBytes {
            name,
            head: bytes,
            tail: &[],
            size: bytes.len() as u64,
        },
        max,
    )
}

/// Reads `bytes` as a host would with a head of `head` bytes and a tail of
/// `tail` bytes.
fn split(name: &str, bytes: &[u8], head: usize, tail: usize, max: usize) -> Contents {
    let head = head.min(bytes.len());
    let tail_from = bytes.len().saturating_sub(tail).max(head);
    let tail = &bytes[tail_from..];
    read_contents(
        &FileBytes {
            name,
            head: &bytes[..head],
            tail,
            size: bytes.len() as u64,
        },
        max,
    )
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in entries {
        zip.start_file(*name, options).unwrap();
        zip.write_all(data).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

fn deflate(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// A two-page PDF: page 1 with a FlateDecode content stream, page 2 with a
/// plain one, an information dictionary and a cross-reference table.
fn pdf() -> Vec<u8> {
    let page1 =
        deflate(b"BT /F1 12 Tf 72 700 Td (Hello) Tj 0 -14 Td (Quarterly \\(Q3\\) sales) Tj ET");
    let page2 = b"BT /F1 12 Tf 72 700 Td [(Wor) -20 (ld) -400 (again)] TJ ET".to_vec();
    let mut objects: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /Font << /F1 7 0 R >> >> >>"
            .to_vec(),
    ];
    let mut s4 = format!(
        "<< /Length {} /Filter /FlateDecode >>\nstream\n",
        page1.len()
    )
    .into_bytes();
    s4.extend_from_slice(&page1);
    s4.extend_from_slice(b"\nendstream");
    objects.push(s4);
    objects.push(b"<< /Type /Page /Parent 2 0 R /Contents 6 0 R >>".to_vec());
    let mut s6 = format!("<< /Length {} >>\nstream\n", page2.len()).into_bytes();
    s6.extend_from_slice(&page2);
    s6.extend_from_slice(b"\nendstream");
    objects.push(s6);
    objects.push(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_vec());
    objects.push(b"<< /Title (Sales report) >>".to_vec());
    let objects: Vec<&[u8]> = objects.iter().map(Vec::as_slice).collect();
    pdf_with_trailer(&objects, " /Info 8 0 R")
}

/// One TIFF IFD starting at `start`: entries of (tag, type, count, value).
fn ifd(start: u32, entries: &[(u16, u16, u32, Vec<u8>)]) -> Vec<u8> {
    let mut head = Vec::new();
    let mut data = Vec::new();
    let data_start = start + 2 + 12 * entries.len() as u32 + 4;
    head.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    for (tag, typ, count, value) in entries {
        head.extend_from_slice(&tag.to_le_bytes());
        head.extend_from_slice(&typ.to_le_bytes());
        head.extend_from_slice(&count.to_le_bytes());
        if value.len() <= 4 {
            let mut v = value.clone();
            v.resize(4, 0);
            head.extend_from_slice(&v);
        } else {
            head.extend_from_slice(&(data_start + data.len() as u32).to_le_bytes());
            data.extend_from_slice(value);
            if data.len() % 2 == 1 {
                data.push(0);
            }
        }
    }
    head.extend_from_slice(&0u32.to_le_bytes());
    head.extend_from_slice(&data);
    head
}

fn ascii(s: &str) -> (u32, Vec<u8>) {
    let mut v = s.as_bytes().to_vec();
    v.push(0);
    (v.len() as u32, v)
}

fn rationals(values: &[(u32, u32)]) -> Vec<u8> {
    values
        .iter()
        .flat_map(|(n, d)| n.to_le_bytes().into_iter().chain(d.to_le_bytes()))
        .collect()
}

/// A 640×480 JPEG whose EXIF data has a date, a camera and a GPS position.
fn jpeg() -> Vec<u8> {
    let (make_n, make) = ascii("Canon");
    let (model_n, model) = ascii("Canon EOS R5");
    let ifd0 = |exif_at: u32, gps_at: u32| {
        ifd(
            8,
            &[
                (0x010f, 2, make_n, make.clone()),
                (0x0110, 2, model_n, model.clone()),
                (0x8769, 4, 1, exif_at.to_le_bytes().to_vec()),
                (0x8825, 4, 1, gps_at.to_le_bytes().to_vec()),
            ],
        )
    };
    let exif_at = 8 + ifd0(0, 0).len() as u32;
    let (date_n, date) = ascii("2023:07:14 09:30:00");
    let exif_ifd = ifd(exif_at, &[(0x9003, 2, date_n, date)]);
    let gps_at = exif_at + exif_ifd.len() as u32;
    let gps = ifd(
        gps_at,
        &[
            (0x0001, 2, 2, b"N\0".to_vec()),
            (0x0002, 5, 3, rationals(&[(48, 1), (51, 1), (2437, 100)])),
            (0x0003, 2, 2, b"E\0".to_vec()),
            (0x0004, 5, 3, rationals(&[(2, 1), (17, 1), (4011, 100)])),
        ],
    );
    let mut tiff = b"II*\0\x08\0\0\0".to_vec();
    tiff.extend(ifd0(exif_at, gps_at));
    tiff.extend(exif_ifd);
    tiff.extend(gps);
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend(tiff);
    let mut out = vec![0xff, 0xd8, 0xff, 0xe1];
    out.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
    out.extend(app1);
    // SOF0: 8-bit, 480 high, 640 wide, 3 components.
    out.extend_from_slice(&[0xff, 0xc0, 0, 17, 8, 0x01, 0xe0, 0x02, 0x80, 3]);
    out.extend_from_slice(&[1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    out.extend_from_slice(&[0xff, 0xd9]);
    out
}

/// A 640×480 PNG header.
fn png() -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    out.extend_from_slice(&640u32.to_be_bytes());
    out.extend_from_slice(&480u32.to_be_bytes());
    out.extend_from_slice(&[8, 2, 0, 0, 0, 0, 0, 0, 0]);
    out.extend_from_slice(b"\0\0\0\0IEND\xaeB`\x82");
    out
}

/// An MP3: an ID3v2.3 tag with TIT2, TPE1, TALB and TYER, then 200 silent
/// MPEG-1 layer III frames (128 kbit/s, 44.1 kHz: about 5.2 seconds).
fn mp3() -> Vec<u8> {
    let mut frames = Vec::new();
    for (id, text) in [
        ("TIT2", "Blue Monday"),
        ("TPE1", "New Order"),
        ("TALB", "Power, Corruption & Lies"),
        ("TYER", "1983"),
    ] {
        frames.extend_from_slice(id.as_bytes());
        frames.extend_from_slice(&(text.len() as u32 + 1).to_be_bytes());
        frames.extend_from_slice(&[0, 0, 0]);
        frames.extend_from_slice(text.as_bytes());
    }
    let n = frames.len() as u32;
    let mut out = b"ID3\x03\x00\x00".to_vec();
    out.extend_from_slice(&[
        (n >> 21 & 0x7f) as u8,
        (n >> 14 & 0x7f) as u8,
        (n >> 7 & 0x7f) as u8,
        (n & 0x7f) as u8,
    ]);
    out.extend(frames);
    for _ in 0..200 {
        let mut frame = vec![0u8; 417];
        frame[..4].copy_from_slice(&[0xff, 0xfb, 0x90, 0x64]);
        out.extend(frame);
    }
    out
}

fn docx(body: &str) -> Vec<u8> {
    let doc = format!(
        r#"<?xml version="1.0"?><w:document xmlns:w="w"><w:body>{body}</w:body></w:document>"#
    );
    zip_of(&[
        ("[Content_Types].xml", b"<Types/>"),
        ("word/document.xml", doc.as_bytes()),
    ])
}

fn random_bytes(n: usize, mut seed: u64) -> Vec<u8> {
    (0..n)
        .map(|_| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as u8
        })
        .collect()
}

// ---------- text ----------

#[test]
fn utf8_text_is_read_as_is() {
    let c = whole(
        "notes.txt",
        "Meeting notes\r\n\r\n\r\n\r\nBudget: 12 €\n".as_bytes(),
        4000,
    );
    assert_eq!(c.kind, ContentKind::Text);
    assert_eq!(c.encoding, None);
    assert_eq!(c.text, "Meeting notes\n\nBudget: 12 €");
    assert!(!c.truncated);
    assert!(render_contents(&c, Lang::En).starts_with("Text file\n\nMeeting notes"));
}

#[test]
fn legacy_encodings_are_detected_and_decoded() {
    let cases: [(&'static encoding_rs::Encoding, &str); 4] = [
        (
            encoding_rs::GBK,
            "这是一份关于二零二四年第三季度销售情况的报告，包括各地区的收入、成本和利润分析。",
        ),
        (
            encoding_rs::BIG5,
            "這是一份關於臺灣旅遊的筆記，包括臺北、臺中和高雄的景點介紹與交通資訊。",
        ),
        (
            encoding_rs::SHIFT_JIS,
            "これは会議の議事録です。来週の予定について話し合いました。資料は共有フォルダにあります。",
        ),
        (
            encoding_rs::WINDOWS_1252,
            "Le café de la gare sert des crêpes et des gâteaux délicieux à côté du théâtre; très élégant.",
        ),
    ];
    for (encoding, original) in cases {
        let (bytes, _, _) = encoding.encode(original);
        let c = whole("doc.txt", &bytes, 4000);
        assert_eq!(c.kind, ContentKind::Text, "{}", encoding.name());
        assert_eq!(c.text, original, "{}", encoding.name());
        assert_eq!(c.encoding.as_deref(), Some(encoding.name()));
        let shown = render_contents(&c, Lang::En);
        assert!(
            shown.starts_with(&format!("Text file (encoding: {})", encoding.name())),
            "{shown}"
        );
        assert!(
            render_contents(&c, Lang::Zh)
                .starts_with(&format!("文本文件（编码：{}）", encoding.name()))
        );
    }
}

#[test]
fn utf16_with_a_byte_order_mark() {
    let text = "Résumé of 王小明";
    let mut le = vec![0xff, 0xfe];
    le.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let c = whole("cv.txt", &le, 4000);
    assert_eq!(
        (c.kind, c.text.as_str(), c.encoding.as_deref()),
        (ContentKind::Text, text, Some("UTF-16LE"))
    );
    let mut be = vec![0xfe, 0xff];
    be.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
    let c = whole("cv.txt", &be, 4000);
    assert_eq!(
        (c.text.as_str(), c.encoding.as_deref()),
        (text, Some("UTF-16BE"))
    );
}

#[test]
fn excerpts_never_pass_the_limit() {
    let long = "字a".repeat(50_000);
    for max in [0, 1, 10, 4000, MAX_EXCERPT_CHARS] {
        let c = whole("long.txt", long.as_bytes(), max);
        assert_eq!(chars(&c.text), max);
        assert!(c.truncated);
    }
    let c = whole("long.txt", long.as_bytes(), 1_000_000);
    assert_eq!(chars(&c.text), MAX_EXCERPT_CHARS);
    assert!(render_contents(&c, Lang::En).ends_with("[… truncated]"));
    assert!(render_contents(&c, Lang::Zh).ends_with("[……已截断]"));
}

#[test]
fn empty_and_random_bytes() {
    let c = whole("empty.txt", b"", 4000);
    assert_eq!(c.kind, ContentKind::Empty);
    assert_eq!(render_contents(&c, Lang::En), "Empty file");
    let c = whole("data.dat", &random_bytes(5000, 7), 4000);
    assert_eq!((c.kind, c.text.as_str()), (ContentKind::Binary, ""));
    assert_eq!(
        render_contents(&c, Lang::En),
        "Binary file\n(no readable text)"
    );
    assert_eq!(
        render_contents(&c, Lang::Zh),
        "二进制文件\n（没有可读的文本）"
    );
}

// ---------- PDF ----------

#[test]
fn pdf_text_pages_and_title() {
    let c = whole("report.pdf", &pdf(), 4000);
    assert_eq!((c.kind, c.pages), (ContentKind::Pdf, Some(2)));
    assert_eq!(c.title.as_deref(), Some("Sales report"));
    assert_eq!(c.text, "Hello\nQuarterly (Q3) sales\nWorld again");
    assert!(!c.truncated);
    let shown = render_contents(&c, Lang::En);
    assert!(
        shown.starts_with("PDF document, 2 pages\nTitle: Sales report\n\nHello"),
        "{shown}"
    );
    assert!(render_contents(&c, Lang::Zh).starts_with("PDF 文档，2 页"));
    let c = whole("report.pdf", &pdf(), 8);
    assert_eq!((c.text.as_str(), c.truncated), ("Hello\nQu", true));
}

#[test]
fn truncated_and_broken_pdfs_give_what_can_be_read() {
    let full = pdf();
    let cut = &full[..full.len() * 2 / 3];
    let c = whole("cut.pdf", cut, 4000);
    assert_eq!(c.kind, ContentKind::Pdf);
    assert!(c.text.contains("Hello"), "{c:?}");
    // Only a head and a tail, as a host reads a large file.
    let c = split("big.pdf", &full, 200, 300, 4000);
    assert_eq!(c.kind, ContentKind::Pdf);
    assert!(c.truncated || c.text.is_empty());
    let c = whole(
        "broken.pdf",
        b"%PDF-1.7\n1 0 obj << /Length 99 /Filter /FlateDecode >>\nstream\n\x01\x02garbage",
        4000,
    );
    assert_eq!((c.kind, c.text.as_str()), (ContentKind::Pdf, ""));
    assert!(render_contents(&c, Lang::En).ends_with("(no readable text)"));
}

/// A PDF of the given object bodies, numbered from 1, with a
/// cross-reference table and object 1 as the catalog.
fn pdf_of(objects: &[&[u8]]) -> Vec<u8> {
    pdf_with_trailer(objects, "")
}

/// [`pdf_of`] with `extra` entries in the trailer dictionary.
fn pdf_with_trailer(objects: &[&[u8]], extra: &str) -> Vec<u8> {
    let mut out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut offsets = Vec::new();
    for (i, o) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        out.extend_from_slice(o);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for off in offsets {
        out.extend_from_slice(format!("{off:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R{extra} >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    out
}

#[test]
fn a_page_tree_that_lies_about_its_count_gives_the_real_count() {
    let page = b"<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>";
    let content = b"<< /Length 30 >>\nstream\nBT 72 700 Td (Only page) Tj ET\nendstream";
    // The root lists itself among its kids and claims 99999999 pages.
    let looped = pdf_of(&[
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 99999999 >>",
        page,
        content,
    ]);
    // Two page-tree nodes that are each other's kid.
    let cycle = pdf_of(&[
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [5 0 R 3 0 R] /Count 99999999 >>",
        page,
        content,
        b"<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 99999998 >>",
    ]);
    // A plain tree with one page that claims 99999999.
    let inflated = pdf_of(&[
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 99999999 >>",
        page,
        content,
    ]);
    for (name, bytes) in [("looped", looped), ("cycle", cycle), ("inflated", inflated)] {
        let c = whole("doc.pdf", &bytes, 4000);
        assert_eq!((c.kind, c.pages), (ContentKind::Pdf, Some(1)), "{name}");
        assert_eq!(c.text, "Only page", "{name}");
        assert!(!render_contents(&c, Lang::En).contains("99999"), "{name}");
    }
}

#[test]
fn a_cut_page_tree_is_believed_only_when_nothing_speaks_against_it() {
    // The pages lie in the part of the file that was not read.
    let padding = format!(
        "<< /Length 8000 >>\nstream\n{}\nendstream",
        " ".repeat(8000)
    );
    let cut = |root: &str| {
        let bytes = pdf_of(&[
            b"<< /Type /Catalog /Pages 2 0 R >>",
            root.as_bytes(),
            padding.as_bytes(),
            b"<< /Type /Page /Parent 2 0 R >>",
            b"<< /Type /Page /Parent 2 0 R >>",
            padding.as_bytes(),
        ]);
        split("big.pdf", &bytes, 200, 300, 4000).pages
    };
    assert_eq!(
        cut("<< /Type /Pages /Kids [4 0 R 5 0 R] /Count 2 >>"),
        Some(2)
    );
    // More pages than the file has room for.
    assert_eq!(
        cut("<< /Type /Pages /Kids [4 0 R 5 0 R] /Count 99999999 >>"),
        None
    );
    // A root among its own kids.
    assert_eq!(
        cut("<< /Type /Pages /Kids [2 0 R 4 0 R 5 0 R] /Count 3 >>"),
        None
    );
}

#[test]
fn a_page_tree_in_an_object_stream_is_counted() {
    // Pages 3 and 4 under node 2, all three in one compressed object stream.
    let header = "2 0 3 60 4 110 ";
    let body = format!(
        "{header}{:<60}{:<50}{}",
        "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
        "<< /Type /Page /Parent 2 0 R >>",
        "<< /Type /Page /Parent 2 0 R >>"
    );
    let data = deflate(body.as_bytes());
    let mut stream = format!(
        "<< /Type /ObjStm /N 3 /First {} /Length {} /Filter /FlateDecode >>\nstream\n",
        header.len(),
        data.len()
    )
    .into_bytes();
    stream.extend_from_slice(&data);
    stream.extend_from_slice(b"\nendstream");
    let bytes = pdf_of(&[b"<< /Type /Catalog /Pages 2 0 R >>", &stream]);
    let c = whole("doc.pdf", &bytes, 4000);
    assert_eq!((c.kind, c.pages), (ContentKind::Pdf, Some(2)));
}

// ---------- office ----------

#[test]
fn docx_paragraphs() {
    let bytes = docx(
        "<w:p><w:r><w:t>Invoice</w:t></w:r><w:r><w:t xml:space=\"preserve\"> No. 42 &amp; more</w:t></w:r></w:p><w:p><w:r><w:instrText>PAGE</w:instrText><w:t>Total due</w:t></w:r></w:p>",
    );
    let c = whole("invoice.docx", &bytes, 4000);
    assert_eq!((c.kind, c.format.as_str()), (ContentKind::Document, "DOCX"));
    assert_eq!(c.text, "Invoice No. 42 & more\nTotal due");
    assert!(render_contents(&c, Lang::En).starts_with("DOCX document\n\nInvoice"));
}

#[test]
fn xlsx_cells_with_shared_strings() {
    let shared = br#"<sst><si><t>Name</t></si><si><t>Amount</t></si><si><r><t>Al</t></r><r><t>ice</t></r></si></sst>"#;
    let sheet = br#"<worksheet><sheetData><row><c t="s"><v>0</v></c><c t="s"><v>1</v></c></row><row><c t="s"><v>2</v></c><c><v>1250.5</v></c><c t="inlineStr"><is><t>paid</t></is></c></row></sheetData></worksheet>"#;
    let bytes = zip_of(&[
        ("xl/workbook.xml", b"<workbook/>"),
        ("xl/sharedStrings.xml", shared),
        ("xl/worksheets/sheet1.xml", sheet),
    ]);
    let c = whole("budget.xlsx", &bytes, 4000);
    assert_eq!(
        (c.kind, c.format.as_str()),
        (ContentKind::Spreadsheet, "XLSX")
    );
    assert_eq!(c.text, "Name Amount\nAlice 1250.5 paid");
}

#[test]
fn pptx_slides_in_order() {
    let slide = |t: &str| format!("<p:sld><a:p><a:r><a:t>{t}</a:t></a:r></a:p></p:sld>");
    let (s1, s2, s10) = (slide("Welcome"), slide("Roadmap"), slide("Thanks"));
    let bytes = zip_of(&[
        ("ppt/presentation.xml", b"<p:presentation/>"),
        ("ppt/slides/slide10.xml", s10.as_bytes()),
        ("ppt/slides/slide2.xml", s2.as_bytes()),
        ("ppt/slides/slide1.xml", s1.as_bytes()),
    ]);
    let c = whole("deck.pptx", &bytes, 4000);
    assert_eq!((c.kind, c.pages), (ContentKind::Presentation, Some(3)));
    assert_eq!(c.text, "Welcome\n\nRoadmap\n\nThanks");
    assert!(render_contents(&c, Lang::En).starts_with("PPTX presentation, 3 slides"));
}

#[test]
fn opendocument_text_sheet_and_slides() {
    let odf = |mime: &str, body: &str| {
        let content = format!(
            "<office:document-content><office:body>{body}</office:body></office:document-content>"
        );
        zip_of(&[
            ("mimetype", mime.as_bytes()),
            ("content.xml", content.as_bytes()),
        ])
    };
    let c = whole(
        "a.odt",
        &odf(
            "application/vnd.oasis.opendocument.text",
            "<text:h>Title</text:h><text:p>First<text:s/>line</text:p>",
        ),
        4000,
    );
    assert_eq!(
        (c.kind, c.format.as_str(), c.text.as_str()),
        (ContentKind::Document, "ODT", "Title\nFirst line")
    );
    let c = whole(
        "a.ods",
        &odf(
            "application/vnd.oasis.opendocument.spreadsheet",
            "<table:table-row><table:table-cell><text:p>Q1</text:p></table:table-cell><table:table-cell><text:p>300</text:p></table:table-cell></table:table-row>",
        ),
        4000,
    );
    assert_eq!(
        (c.kind, c.format.as_str()),
        (ContentKind::Spreadsheet, "ODS")
    );
    assert!(c.text.contains("Q1") && c.text.contains("300"), "{c:?}");
    let c = whole(
        "a.odp",
        &odf(
            "application/vnd.oasis.opendocument.presentation",
            "<draw:page><text:p>Agenda</text:p></draw:page>",
        ),
        4000,
    );
    assert_eq!(
        (c.kind, c.format.as_str(), c.text.as_str()),
        (ContentKind::Presentation, "ODP", "Agenda")
    );
}

// ---------- archives ----------

#[test]
fn zip_lists_its_first_entries() {
    let names: Vec<String> = (1..=25).map(|i| format!("photos/img_{i:02}.jpg")).collect();
    let entries: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &b"x"[..])).collect();
    let bytes = zip_of(&entries);
    let c = whole("photos.zip", &bytes, 4000);
    assert_eq!(
        (c.kind, c.entries, c.entries_at_least),
        (ContentKind::Archive, Some(25), false)
    );
    assert_eq!(c.entry_names.len(), 20);
    assert_eq!(c.entry_names[0], "photos/img_01.jpg");
    let shown = render_contents(&c, Lang::En);
    assert!(
        shown.starts_with("ZIP archive, 25 entries\nFirst 20 entries:\n  photos/img_01.jpg"),
        "{shown}"
    );
    // Without its end (no central directory), the local headers still tell.
    let c = whole("cut.zip", &bytes[..bytes.len() / 3], 4000);
    assert_eq!((c.kind, c.entries_at_least), (ContentKind::Archive, true));
    assert_eq!(c.entry_names[0], "photos/img_01.jpg");
}

#[test]
fn tar_and_tar_gz_list_their_entries() {
    let mut tar = Vec::new();
    for (name, data) in [("notes/a.txt", &b"hello"[..]), ("notes/b.txt", b"world")] {
        let mut h = [0u8; 512];
        h[..name.len()].copy_from_slice(name.as_bytes());
        h[124..135].copy_from_slice(format!("{:011o}", data.len()).as_bytes());
        h[156] = b'0';
        h[257..263].copy_from_slice(b"ustar\0");
        tar.extend_from_slice(&h);
        let mut block = [0u8; 512];
        block[..data.len()].copy_from_slice(data);
        tar.extend_from_slice(&block);
    }
    tar.extend_from_slice(&[0u8; 1024]);
    let c = whole("notes.tar", &tar, 4000);
    assert_eq!(
        (c.kind, c.format.as_str(), c.entries),
        (ContentKind::Archive, "TAR", Some(2))
    );
    assert_eq!(c.entry_names, ["notes/a.txt", "notes/b.txt"]);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&tar).unwrap();
    let c = whole("notes.tgz", &gz.finish().unwrap(), 4000);
    assert_eq!((c.format.as_str(), c.entries), ("TAR.GZ", Some(2)));
}

/// A ZIP whose one part inflates to 1 GiB: only a bounded part of it is
/// ever inflated.
#[test]
fn zip_bombs_are_read_quickly_and_bounded() {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(1));
    zip.start_file("word/document.xml", options).unwrap();
    zip.write_all(b"<w:document><w:body><w:p><w:r><w:t>")
        .unwrap();
    let chunk = vec![b'A'; 1 << 20];
    for _ in 0..1024 {
        zip.write_all(&chunk).unwrap();
    }
    zip.start_file("zeros.bin", options).unwrap();
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..1024 {
        zip.write_all(&zeros).unwrap();
    }
    let bytes = zip.finish().unwrap().into_inner();
    assert!(bytes.len() < 16 << 20, "{}", bytes.len());
    let mut check = zip::ZipArchive::new(Cursor::new(&bytes)).unwrap();
    assert_eq!(check.by_name("zeros.bin").unwrap().size(), 1 << 30);
    let started = Instant::now();
    let c = whole("bomb.docx", &bytes, MAX_EXCERPT_CHARS);
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(c.kind, ContentKind::Document);
    assert_eq!(chars(&c.text), MAX_EXCERPT_CHARS);
    assert!(c.text.chars().all(|ch| ch == 'A'));
    assert!(c.truncated);
}

// ---------- pictures and sound ----------

#[test]
fn jpeg_exif_facts_without_the_place() {
    let c = whole("IMG_0001.jpg", &jpeg(), 4000);
    assert_eq!(
        (c.kind, c.format.as_str(), c.dimensions),
        (ContentKind::Image, "JPEG", Some((640, 480)))
    );
    assert_eq!(c.taken.as_deref(), Some("2023:07:14 09:30:00"));
    assert_eq!(c.camera.as_deref(), Some("Canon EOS R5"));
    assert!(c.has_location);
    let shown = render_contents(&c, Lang::En);
    assert_eq!(
        shown,
        "JPEG image, 640×480\nTaken: 2023:07:14 09:30:00\nCamera: Canon EOS R5\nRecords where it was taken (GPS)."
    );
    let zh = render_contents(&c, Lang::Zh);
    assert!(zh.starts_with("JPEG 图片，640×480\n拍摄时间："), "{zh}");
    for coordinate in ["48", "51", "24.37", "2437", "4011", "40.11", "N", "E "] {
        assert!(
            !shown
                .replace("640×480", "")
                .replace("EOS", "")
                .contains(coordinate),
            "{coordinate}"
        );
    }
}

/// The facts a `content` rule sees are the same in every language: fixed
/// keys, the date taken as a date, then the file's own words.
#[test]
fn the_text_rules_see_is_facts_in_fixed_keys_then_the_files_words() {
    let c = whole("IMG_0001.jpg", &jpeg(), 4000);
    assert_eq!(
        c.taken_on,
        Some(ContentDate {
            year: 2023,
            month: 7,
            day: Some(14)
        })
    );
    assert_eq!(c.taken_month(), Some((2023, 7)));
    assert_eq!(
        c.rule_text(),
        "format: JPEG\ndimensions: 640x480\ntaken: 2023-07-14\ncamera: Canon EOS R5\n\n"
    );
    let c = whole("scan.pdf", &pdf(), 4000);
    let text = c.rule_text();
    assert!(text.starts_with("format: PDF\npages: 2\n"), "{text}");
    assert!(text.ends_with(&format!("\n\n{}", c.text)), "{text}");
    for lang in Lang::ALL {
        let words = render_contents(&c, lang);
        assert!(!text.contains(words.lines().next().unwrap()), "{text}");
    }
}

/// A JPEG written by piexif, whose EXIF sub-IFD ends in a stray next-IFD
/// pointer that a strict reader rejects: what parsed is still read_contents.
#[test]
fn exif_with_a_stray_next_ifd_pointer_is_read_leniently() {
    let bytes = include_bytes!("fixtures/piexif_stray_next_ifd.jpg");
    let c = whole("IMG_0002.jpg", bytes, 4000);
    assert_eq!((c.kind, c.dimensions), (ContentKind::Image, Some((8, 8))));
    assert_eq!(c.taken.as_deref(), Some("2023:07:14 09:30:00"));
    assert_eq!(c.camera.as_deref(), Some("PixelCam 9"));
    assert!(!c.has_location);
}

#[test]
fn a_bin_file_that_is_a_picture_says_so() {
    let c = whole("data.bin", &png(), 4000);
    assert_eq!(
        (c.kind, c.format.as_str(), c.dimensions),
        (ContentKind::Image, "PNG", Some((640, 480)))
    );
    assert_eq!(render_contents(&c, Lang::En), "PNG image, 640×480");
    let c = whole("data.bin", &jpeg(), 4000);
    assert_eq!((c.kind, c.format.as_str()), (ContentKind::Image, "JPEG"));
}

#[test]
fn mp3_id3v2_tags_and_duration() {
    let c = whole("track01.mp3", &mp3(), 4000);
    assert_eq!((c.kind, c.format.as_str()), (ContentKind::Audio, "MP3"));
    assert_eq!(c.title.as_deref(), Some("Blue Monday"));
    assert_eq!(c.artist.as_deref(), Some("New Order"));
    assert_eq!(c.album.as_deref(), Some("Power, Corruption & Lies"));
    assert_eq!(c.year.as_deref(), Some("1983"));
    assert_eq!(c.duration_secs, Some(5));
    let shown = render_contents(&c, Lang::En);
    assert!(
        shown.starts_with("MP3 audio, 0:05\nTitle: Blue Monday\nArtist: New Order"),
        "{shown}"
    );
    // A host that read_contents only the head and the tail still gets the tags.
    let bytes = mp3();
    let c = split("track01.mp3", &bytes, 4096, 4096, 4000);
    assert_eq!(c.title.as_deref(), Some("Blue Monday"));
}

// ---------- never a panic ----------

fn samples() -> Vec<Vec<u8>> {
    vec![
        pdf(),
        docx("<w:p><w:r><w:t>Hello</w:t></w:r></w:p>"),
        jpeg(),
        png(),
        mp3(),
        zip_of(&[("a.txt", b"alpha"), ("b.txt", b"beta")]),
        encoding_rs::GBK.encode("这是一份报告。").0.into_owned(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..4096), max in 0usize..300) {
        let c = whole("x", &bytes, max);
        prop_assert!(chars(&c.text) <= max);
        let _ = render_contents(&c, Lang::En);
    }

    #[test]
    fn cut_files_never_panic(which in 0usize..7, cut in 0.0f64..1.0, head in 0.0f64..1.0, tail in 0usize..2000, max in 0usize..200) {
        let bytes = &samples()[which];
        let cut = &bytes[..(bytes.len() as f64 * cut) as usize];
        let c = whole("x", cut, max);
        prop_assert!(chars(&c.text) <= max);
        let head = (bytes.len() as f64 * head) as usize;
        let c = split("x", bytes, head, tail, max);
        prop_assert!(chars(&c.text) <= max);
        let _ = render_contents(&c, Lang::Zh);
    }

    #[test]
    fn lying_sizes_never_panic(which in 0usize..7, size in any::<u64>(), tail in 0usize..64) {
        let bytes = &samples()[which];
        let tail = &bytes[bytes.len().saturating_sub(tail)..];
        let c = read_contents(&FileBytes { name: "x", head: bytes, tail, size }, 100);
        prop_assert!(chars(&c.text) <= 100);
    }
}
