//! ZIP containers: DOCX, XLSX and PPTX, ODT, ODS and ODP give their text;
//! any other ZIP its entries (see [`super::archive`]).
//!
//! Every part is inflated through a byte limit, so a ZIP bomb costs no more
//! than that limit, and at most [`MAX_NAMES`] entry names are examined.

use std::io::{Read, Seek};

use quick_xml::Reader;
use quick_xml::events::Event;

use super::archive::{le32, list_zip, scan_zip};
use super::excerpt::Excerpt;
use super::source::{Source, Sparse, read_limited, rfind};
use super::xml::{self, DOCX, ODF, PPTX};
use super::{Contents, Kind};

/// The most bytes one part is inflated to.
const PART_LIMIT: usize = 8 * 1024 * 1024;
/// The most entry names examined when looking for slides and sheets.
const MAX_NAMES: usize = 10_000;
/// The most entries a ZIP64 directory may claim before it is not trusted.
const MAX_ENTRIES: u64 = 200_000;
/// The most shared strings of a workbook kept.
const MAX_SHARED: usize = 100_000;

/// Reads a ZIP container.
pub(crate) fn read(src: &Source, max: usize) -> Contents {
    if !plausible(src) {
        return scan_zip(src);
    }
    let Ok(mut zip) = zip::ZipArchive::new(src.reader()) else {
        return scan_zip(src);
    };
    let has = |zip: &zip::ZipArchive<Sparse>, name: &str| zip.index_for_name(name).is_some();
    let mut out = Excerpt::new(max);
    let mut contents = if has(&zip, "word/document.xml") {
        xml::text(&part(&mut zip, "word/document.xml"), &DOCX, &mut out);
        Contents::new(Kind::Document, "DOCX")
    } else if has(&zip, "xl/workbook.xml") {
        xlsx(&mut zip, &mut out);
        Contents::new(Kind::Spreadsheet, "XLSX")
    } else if has(&zip, "ppt/presentation.xml") {
        let slides = numbered(&zip, "ppt/slides/slide");
        for name in &slides {
            if out.full() {
                break;
            }
            xml::text(&part(&mut zip, name), &PPTX, &mut out);
            out.push('\n');
        }
        let mut c = Contents::new(Kind::Presentation, "PPTX");
        c.pages = u32::try_from(slides.len()).ok();
        c
    } else if let Some((kind, format)) = odf_type(&part(&mut zip, "mimetype")) {
        xml::text(&part(&mut zip, "content.xml"), &ODF, &mut out);
        Contents::new(kind, format)
    } else {
        return list_zip(&zip);
    };
    (contents.text, contents.truncated) = out.finish();
    contents
}

/// The kind and format an OpenDocument `mimetype` entry names.
fn odf_type(mimetype: &[u8]) -> Option<(Kind, &'static str)> {
    match mimetype.trim_ascii() {
        b"application/vnd.oasis.opendocument.text" => Some((Kind::Document, "ODT")),
        b"application/vnd.oasis.opendocument.spreadsheet" => Some((Kind::Spreadsheet, "ODS")),
        b"application/vnd.oasis.opendocument.presentation" => Some((Kind::Presentation, "ODP")),
        _ => None,
    }
}

/// One part, inflated up to [`PART_LIMIT`]; empty when missing or unreadable.
fn part<R: Read + Seek>(zip: &mut zip::ZipArchive<R>, name: &str) -> Vec<u8> {
    match zip.by_name(name) {
        Ok(file) => read_limited(file, PART_LIMIT),
        Err(_) => Vec::new(),
    }
}

/// The entries named `{prefix}N.xml`, in the order of N.
fn numbered<R: Read + Seek>(zip: &zip::ZipArchive<R>, prefix: &str) -> Vec<String> {
    let mut found: Vec<(u32, &str)> = zip
        .file_names()
        .take(MAX_NAMES)
        .filter_map(|n| {
            let number = n.strip_prefix(prefix)?.strip_suffix(".xml")?;
            Some((number.parse().ok()?, n))
        })
        .collect();
    found.sort_unstable();
    found.into_iter().map(|(_, n)| n.to_owned()).collect()
}

/// The cells of the workbook's sheets, row by row, shared strings resolved.
fn xlsx<R: Read + Seek>(zip: &mut zip::ZipArchive<R>, out: &mut Excerpt) {
    let shared = shared_strings(&part(zip, "xl/sharedStrings.xml"));
    for name in numbered(zip, "xl/worksheets/sheet") {
        if out.full() {
            return;
        }
        sheet(&part(zip, &name), &shared, out);
        out.push('\n');
    }
}

/// The shared strings of a workbook, at most [`MAX_SHARED`] of them.
fn shared_strings(xml: &[u8]) -> Vec<String> {
    let mut strings = Vec::new();
    let mut reader = Reader::from_reader(xml);
    let mut current: Option<String> = None;
    let mut in_t = false;
    while strings.len() < MAX_SHARED {
        match reader.read_event() {
            Ok(Event::Start(e)) => match e.local_name().as_ref() {
                "si" => current = Some(String::new()),
                "t" => in_t = true,
                _ => {}
            },
            Ok(Event::End(e)) => match e.local_name().as_ref() {
                "si" => strings.push(current.take().unwrap_or_default()),
                "t" => in_t = false,
                _ => {}
            },
            Ok(Event::Text(t)) if in_t => {
                if let Some(s) = current.as_mut().filter(|s| s.len() < 4096) {
                    s.push_str(&t.xml10_content());
                }
            }
            Ok(Event::Eof) | Err(_) => break,
            Ok(_) => {}
        }
    }
    strings
}

/// The cells of one sheet: a line per row, cells apart by a space.
fn sheet(xml: &[u8], shared: &[String], out: &mut Excerpt) {
    let mut reader = Reader::from_reader(xml);
    let mut shared_cell = false;
    let mut in_value = false;
    while !out.full() {
        match reader.read_event() {
            Ok(Event::Start(e)) => match e.local_name().as_ref() {
                "c" => {
                    shared_cell = e
                        .try_get_attribute("t")
                        .ok()
                        .flatten()
                        .is_some_and(|a| a.value.as_ref() == "s");
                    out.push(' ');
                }
                "v" | "t" => in_value = true,
                _ => {}
            },
            Ok(Event::End(e)) => match e.local_name().as_ref() {
                "v" | "t" => in_value = false,
                "row" => out.push('\n'),
                _ => {}
            },
            Ok(Event::Text(t)) if in_value => {
                let value = t.xml10_content();
                if shared_cell {
                    let index: Option<usize> = value.trim().parse().ok();
                    if let Some(s) = index.and_then(|i| shared.get(i)) {
                        out.push_str(s);
                    }
                } else {
                    out.push_str(&value);
                }
            }
            Ok(Event::Eof) | Err(_) => return,
            Ok(_) => {}
        }
    }
}

/// Whether the end of the file holds a directory the `zip` crate may be
/// trusted with: a ZIP64 record claiming more than [`MAX_ENTRIES`] entries
/// is not (it would make the crate reserve memory for them all).
fn plausible(src: &Source) -> bool {
    let end = if src.tail.is_empty() {
        src.head
    } else {
        src.tail
    };
    let Some(eocd) = rfind(end, b"PK\x05\x06", end.len()) else {
        return false;
    };
    let Some(locator) = eocd.checked_sub(20).and_then(|at| end.get(at..eocd)) else {
        return true;
    };
    if !locator.starts_with(b"PK\x06\x07") {
        return true;
    }
    let record_at = (le32(locator, 8) as u64) | ((le32(locator, 12) as u64) << 32);
    let mut record = [0u8; 48];
    let mut reader = src.reader();
    if reader.seek(std::io::SeekFrom::Start(record_at)).is_err()
        || reader.read_exact(&mut record).is_err()
        || !record.starts_with(b"PK\x06\x06")
    {
        return false;
    }
    let entries = (le32(&record, 32) as u64) | ((le32(&record, 36) as u64) << 32);
    entries <= MAX_ENTRIES
}
