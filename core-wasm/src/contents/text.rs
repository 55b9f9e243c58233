//! Plain text in UTF-8, UTF-16 with a byte-order mark, or a legacy encoding
//! (GB18030/GBK, Big5, Shift-JIS, Windows-1252...) guessed by `chardetng`
//! and decoded by `encoding_rs`, so an excerpt never shows mojibake.

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::{Encoding, UTF_8};

use super::excerpt::Excerpt;
use super::source::Source;
use super::{Contents, Kind};

/// How many bytes the encoding guess looks at.
const GUESS_BYTES: usize = 64 * 1024;

/// Text with its encoding, or `None` when the bytes are not readable text
/// (a NUL byte without a UTF-16 mark, or too many control characters or
/// undecodable bytes).
pub(crate) fn read(src: &Source, max: usize) -> Option<Contents> {
    let head = src.head;
    // No character takes more than four bytes in any of these encodings.
    let window_len = max.saturating_mul(4).saturating_add(16).min(head.len());
    let window = head.get(..window_len).unwrap_or(head);
    let cut = window.len() < head.len() || !src.whole();

    let (encoding, body) = match Encoding::for_bom(head) {
        Some((enc, bom)) => (enc, window.get(bom..).unwrap_or_default()),
        None => {
            if window.contains(&0) {
                return None;
            }
            (guess(head, src.whole()), window)
        }
    };
    let (decoded, _) = encoding.decode_without_bom_handling(body);
    let mut decoded: &str = &decoded;
    if cut {
        // A character split by the cut decodes to a replacement at the end.
        decoded = decoded.trim_end_matches('\u{fffd}');
    }
    if !readable(decoded) {
        return None;
    }
    let mut excerpt = Excerpt::new(max);
    excerpt.push_str(decoded);
    if cut {
        excerpt.mark_cut();
    }
    let mut contents = Contents::new(Kind::Text, "");
    (contents.text, contents.truncated) = excerpt.finish();
    if encoding != UTF_8 {
        contents.encoding = Some(encoding.name().to_owned());
    }
    Some(contents)
}

/// The encoding of bytes without a byte-order mark: UTF-8 when they are
/// valid UTF-8 (a sequence cut at the very end allowed), else `chardetng`'s
/// guess.
fn guess(head: &[u8], whole: bool) -> &'static Encoding {
    let sample = head.get(..GUESS_BYTES).unwrap_or(head);
    match std::str::from_utf8(sample) {
        Ok(_) => return UTF_8,
        Err(e) if e.error_len().is_none() && sample.len() < head.len() => return UTF_8,
        Err(e) if e.error_len().is_none() && !whole => return UTF_8,
        Err(_) => {}
    }
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Deny);
    let last = whole && sample.len() == head.len();
    detector.feed(sample, last);
    detector.guess(None, Utf8Detection::Allow)
}

/// Whether decoded text reads as text: at most one character in twenty is a
/// control character or a replacement for an undecodable byte.
fn readable(text: &str) -> bool {
    let mut total = 0usize;
    let mut bad = 0usize;
    for c in text.chars() {
        total += 1;
        if c == '\u{fffd}' || (c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\u{c}')) {
            bad += 1;
        }
    }
    bad.saturating_mul(20) <= total
}
