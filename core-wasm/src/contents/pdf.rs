//! PDF: the text of the first pages and the page count.
//!
//! A small extractor of its own rather than `lopdf`: `lopdf` needs
//! `getrandom`, which builds for `wasm32-unknown-unknown` only with its
//! JavaScript backend, and it wants a whole, well-formed file where tidyup
//! has a head and a tail of one. This one walks the streams of what was
//! read, inflates FlateDecode ones (`flate2` on `miniz_oxide`) through a
//! byte limit, and reads the strings shown by the text operators of content
//! streams. Fonts mapped through CID tables (much CJK text) are not
//! decoded; their strings are dropped rather than shown as gibberish. The
//! page count comes from a bounded walk of the page tree (`tree`), never
//! from a `/Count` the tree contradicts.

use super::excerpt::Excerpt;
use super::source::{Source, fact, find, inflate, rfind};
use super::{Contents, Kind};
use tree::PageTree;

mod content;
mod syntax;
mod tree;

/// The most bytes one stream is inflated to.
const STREAM_LIMIT: usize = 4 * 1024 * 1024;
/// The most bytes inflated over all streams of one file.
const TOTAL_LIMIT: usize = 64 * 1024 * 1024;
/// The most streams looked at.
const MAX_STREAMS: usize = 20_000;
/// How far back from `stream` its dictionary is looked for.
const DICT_WINDOW: usize = 4096;

/// Reads a PDF; a cut or broken one gives what could be read.
pub(crate) fn read(src: &Source, max: usize) -> Contents {
    let mut out = Excerpt::new(max);
    let mut pages = PageTree::default();
    let mut inflated = 0usize;
    let mut streams = 0usize;
    let mut title = None;
    for part in src.parts() {
        pages.scan(part);
        if title.is_none() {
            title = info_title(part);
        }
        let mut at = 0usize;
        while let Some(kw) = find(part, b"stream", at) {
            at = kw + 6;
            streams += 1;
            if streams > MAX_STREAMS {
                break;
            }
            let Some(data_at) = data_start(part, kw) else {
                continue;
            };
            let dict_from = kw.saturating_sub(DICT_WINDOW);
            let dict = part.get(dict_from..kw).unwrap_or_default();
            let dict = rfind(dict, b"obj", dict.len())
                .and_then(|o| dict.get(o..))
                .unwrap_or(dict);
            let end = find(part, b"endstream", data_at).unwrap_or(part.len());
            let raw = part.get(data_at..end).unwrap_or_default();
            at = end.max(at);
            let kind = StreamKind::of(dict);
            if kind == StreamKind::Skip || inflated >= TOTAL_LIMIT {
                continue;
            }
            let data = if has(dict, b"/Filter") {
                if !has(dict, b"/FlateDecode") && !has(dict, b"/Fl ") && !has(dict, b"/Fl]") {
                    continue;
                }
                let limit = STREAM_LIMIT.min(TOTAL_LIMIT - inflated);
                let data = inflate(raw, limit);
                inflated += data.len();
                data
            } else {
                raw.to_vec()
            };
            match kind {
                StreamKind::Objects => pages.scan_stream(dict, &data),
                StreamKind::Content if !out.full() => content::text(&data, &mut out),
                StreamKind::Content | StreamKind::Skip => {}
            }
        }
    }
    if !src.whole() {
        out.mark_cut();
    }
    let mut contents = Contents::new(Kind::Pdf, "PDF");
    contents.pages = pages.count(src.len());
    contents.title = title;
    (contents.text, contents.truncated) = out.finish();
    if contents.text.is_empty() {
        contents.truncated = false;
    }
    contents
}

/// Where the data of a stream whose keyword is at `kw` starts: after the
/// line end that follows the keyword, when the keyword closes a dictionary.
fn data_start(part: &[u8], kw: usize) -> Option<usize> {
    let before = part.get(..kw)?.trim_ascii_end();
    if !before.ends_with(b">>") {
        return None;
    }
    match part.get(kw + 6..kw + 8)? {
        [b'\r', b'\n'] => Some(kw + 8),
        [b'\n' | b'\r', _] => Some(kw + 7),
        _ => None,
    }
}

/// What a stream's dictionary says it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum StreamKind {
    /// Compressed objects (may hold page dictionaries).
    Objects,
    /// Maybe a page's content: text operators are looked for.
    Content,
    /// Pictures, fonts, metadata, cross-references: never text.
    Skip,
}

impl StreamKind {
    fn of(dict: &[u8]) -> Self {
        if has(dict, b"/ObjStm") {
            StreamKind::Objects
        } else if [
            &b"/Image"[..],
            b"/XRef",
            b"/Length1",
            b"/Length2",
            b"/FontFile",
            b"/Type1C",
            b"/CIDFontType0C",
            b"/OpenType",
            b"/XML",
            b"/EmbeddedFile",
            b"/DCTDecode",
            b"/JPXDecode",
            b"/CMap",
        ]
        .iter()
        .any(|n| has(dict, n))
        {
            StreamKind::Skip
        } else {
            StreamKind::Content
        }
    }
}

/// Whether `hay` contains `needle`.
fn has(hay: &[u8], needle: &[u8]) -> bool {
    find(hay, needle, 0).is_some()
}

/// The document title of an information dictionary written as a literal
/// or hexadecimal string.
fn info_title(part: &[u8]) -> Option<String> {
    let at = find(part, b"/Title", 0)? + 6;
    let rest = part.get(at..)?.trim_ascii_start();
    let rest = rest.get(..rest.len().min(2048))?;
    let bytes = content::string_at(rest)?;
    fact(&content::decode(&bytes)?, 200)
}
