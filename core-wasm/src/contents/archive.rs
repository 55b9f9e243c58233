//! Archives: how many entries they hold and the first names (ZIP from its
//! central directory or, when that was not read, its local headers; TAR and
//! tar.gz from their headers; a lone gzip stream from its header).

use std::io::{Read, Seek};

use super::source::{Source, fact, read_limited};
use super::{Contents, Kind, MAX_ENTRY_NAMES};

/// The longest entry name kept, in characters.
const NAME_CHARS: usize = 200;
/// How many headers a walk over local or tar headers looks at, at most.
const MAX_HEADERS: usize = 100_000;
/// How much of a gzip stream is inflated to look for a tar inside.
const GZIP_PEEK: usize = 4 * 1024 * 1024;

/// Entries of a ZIP archive opened with the `zip` crate.
pub(crate) fn list_zip<R: Read + Seek>(zip: &zip::ZipArchive<R>) -> Contents {
    let mut contents = Contents::new(Kind::Archive, "ZIP");
    contents.entries = Some(zip.len());
    contents.entry_names = zip
        .file_names()
        .take(MAX_ENTRY_NAMES)
        .filter_map(|n| fact(n, NAME_CHARS))
        .collect();
    contents
}

/// Entries of a ZIP archive whose central directory could not be read,
/// found by walking the local headers of the head.
pub(crate) fn scan_zip(src: &Source) -> Contents {
    let head = src.head;
    let mut contents = Contents::new(Kind::Archive, "ZIP");
    let mut count = 0usize;
    let mut pos = 0usize;
    let mut complete = false;
    while count < MAX_HEADERS {
        let Some(h) = head.get(pos..pos.saturating_add(30)) else {
            break;
        };
        if !h.starts_with(b"PK\x03\x04") {
            // The central directory (or anything else) ends the entries.
            complete = h.starts_with(b"PK\x01\x02") || h.starts_with(b"PK\x05\x06");
            break;
        }
        let flags = le16(h, 6);
        let csize = le32(h, 18);
        let name_len = le16(h, 26);
        let extra_len = le16(h, 28);
        let name_at = pos + 30;
        let Some(name) = head.get(name_at..name_at + name_len) else {
            break;
        };
        count += 1;
        if contents.entry_names.len() < MAX_ENTRY_NAMES
            && let Some(n) = fact(&String::from_utf8_lossy(name), NAME_CHARS)
        {
            contents.entry_names.push(n);
        }
        let data = name_at + name_len + extra_len;
        pos = if flags & 8 != 0 || csize == 0 {
            // Sizes follow the data: find the next header instead.
            match super::source::find(head, b"PK\x03\x04", data) {
                Some(next) => next,
                None => break,
            }
        } else {
            data.saturating_add(csize)
        };
    }
    contents.entries = Some(count);
    contents.entries_at_least = !complete;
    contents
}

/// Entries of a TAR archive from the headers in the head.
pub(crate) fn read_tar(src: &Source) -> Contents {
    let mut contents = tar_entries(src.head, !src.whole());
    contents.format = "TAR".to_owned();
    contents
}

/// A gzip stream: a tar.gz lists its entries, anything else gives the name
/// stored in its header.
pub(crate) fn read_gzip(src: &Source) -> Contents {
    let inner = read_limited(flate2::read::GzDecoder::new(src.head), GZIP_PEEK);
    if inner.get(257..262) == Some(b"ustar") {
        let more = inner.len() >= GZIP_PEEK || !src.whole();
        let mut contents = tar_entries(&inner, more);
        contents.format = "TAR.GZ".to_owned();
        return contents;
    }
    let mut contents = Contents::new(Kind::Archive, "GZIP");
    if let Some(name) = gzip_name(src.head) {
        contents.entries = Some(1);
        contents.entry_names.push(name);
    }
    contents
}

/// The original file name a gzip header records, if any.
fn gzip_name(head: &[u8]) -> Option<String> {
    let flags = *head.get(3)?;
    let mut pos = 10usize;
    if flags & 4 != 0 {
        pos += 2 + le16(head.get(pos..)?, 0);
    }
    if flags & 8 == 0 {
        return None;
    }
    let rest = head.get(pos..)?;
    let end = rest.iter().take(4096).position(|&b| b == 0)?;
    fact(&String::from_utf8_lossy(rest.get(..end)?), NAME_CHARS)
}

/// Walks tar headers in `bytes`; `more` says the archive goes on past them.
fn tar_entries(bytes: &[u8], more: bool) -> Contents {
    let mut contents = Contents::new(Kind::Archive, "TAR");
    let mut count = 0usize;
    let mut pos = 0usize;
    let mut complete = false;
    while count < MAX_HEADERS {
        let Some(h) = bytes.get(pos..pos.saturating_add(512)) else {
            break;
        };
        if h.iter().all(|&b| b == 0) {
            complete = true;
            break;
        }
        let name = cstr(h.get(..100).unwrap_or_default());
        let prefix = if h.get(257..262) == Some(b"ustar") {
            cstr(h.get(345..500).unwrap_or_default())
        } else {
            ""
        };
        let size = octal(h.get(124..136).unwrap_or_default());
        let kind = h.get(156).copied().unwrap_or(0);
        // Long-name and pax records describe the next entry.
        if !matches!(kind, b'L' | b'K' | b'x' | b'g') {
            count += 1;
            let full = if prefix.is_empty() {
                name.to_owned()
            } else {
                format!("{prefix}/{name}")
            };
            if contents.entry_names.len() < MAX_ENTRY_NAMES
                && let Some(n) = fact(&full, NAME_CHARS)
            {
                contents.entry_names.push(n);
            }
        }
        let blocks = size.div_ceil(512).saturating_mul(512);
        pos = pos
            .saturating_add(512)
            .saturating_add(usize::try_from(blocks).unwrap_or(usize::MAX));
    }
    contents.entries = Some(count);
    contents.entries_at_least = !complete && (more || pos < bytes.len() || count >= MAX_HEADERS);
    contents
}

/// A NUL-terminated field as text.
fn cstr(field: &[u8]) -> &str {
    let end = field.iter().position(|&b| b == 0).unwrap_or(field.len());
    std::str::from_utf8(field.get(..end).unwrap_or_default()).unwrap_or("")
}

/// An octal number field of a tar header.
fn octal(field: &[u8]) -> u64 {
    field
        .iter()
        .skip_while(|b| **b == b' ')
        .take_while(|b| (b'0'..=b'7').contains(*b))
        .fold(0u64, |n, b| {
            n.saturating_mul(8).saturating_add(u64::from(b - b'0'))
        })
}

/// A little-endian u16 at `at`, or 0.
pub(crate) fn le16(b: &[u8], at: usize) -> usize {
    match b.get(at..at + 2) {
        Some(&[x, y]) => usize::from(u16::from_le_bytes([x, y])),
        _ => 0,
    }
}

/// A little-endian u32 at `at`, or 0.
pub(crate) fn le32(b: &[u8], at: usize) -> usize {
    match b.get(at..at + 4) {
        Some(&[a, c, d, e]) => usize::try_from(u32::from_le_bytes([a, c, d, e])).unwrap_or(0),
        _ => 0,
    }
}
