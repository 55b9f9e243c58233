//! Just enough PDF object syntax for the page tree: the top-level entries
//! of a dictionary, any value skipped whole, numbers and references. Every
//! function only moves forward through the bytes it is given, so its work
//! is bounded by their length.

use super::content::{is_delimiter, word_end};

/// Keywords that cannot occur inside a dictionary: meeting one means the
/// dictionary was never closed.
const KEYWORDS: [&[u8]; 6] = [
    b"obj",
    b"endobj",
    b"stream",
    b"endstream",
    b"xref",
    b"trailer",
];

/// The entries of a dictionary the page tree reads.
#[derive(Debug, Default)]
pub(super) struct Dict<'a> {
    /// `/Type`, without its slash.
    pub kind: Option<&'a [u8]>,
    /// `/Kids`: the object numbers it references.
    pub kids: Option<Vec<u32>>,
    /// `/Count`.
    pub count: Option<u32>,
    /// `/Pages` as a reference (a catalog's).
    pub pages: Option<u32>,
}

impl<'a> Dict<'a> {
    /// The dictionary whose `<<` is at `start` in `bytes` and where it
    /// ends; `None` (with where reading stopped) when there is none or it is
    /// not closed within `bytes`.
    pub fn parse(bytes: &'a [u8], start: usize) -> (Option<Self>, usize) {
        if !bytes.get(start..).is_some_and(|r| r.starts_with(b"<<")) {
            return (None, start);
        }
        let mut dict = Dict::default();
        let mut i = start + 2;
        loop {
            i = skip_space(bytes, i);
            match bytes.get(i) {
                Some(b'>') if bytes.get(i + 1) == Some(&b'>') => return (Some(dict), i + 2),
                Some(b'/') => {}
                Some(_) | None => return (None, i),
            }
            let key_end = word_end(bytes, i + 1);
            let key = bytes.get(i + 1..key_end).unwrap_or_default();
            let at = skip_space(bytes, key_end);
            let end = match value_end(bytes, at) {
                Ok(end) => end,
                Err(stop) => return (None, stop),
            };
            let value = bytes.get(at..end).unwrap_or_default();
            match key {
                b"Type" => dict.kind = value.strip_prefix(b"/"),
                b"Kids" => dict.kids = Some(references(value)),
                b"Count" => dict.count = number(value, 0),
                b"Pages" => dict.pages = references(value).first().copied(),
                _ => {}
            }
            i = end;
        }
    }
}

/// Where the value starting at `at` ends (a reference `N G R` is one
/// value); `Err` with where reading stopped when it is cut or is no value.
fn value_end(bytes: &[u8], at: usize) -> Result<usize, usize> {
    match bytes.get(at) {
        Some(b'<') if bytes.get(at + 1) == Some(&b'<') => nested_end(bytes, at),
        Some(b'[') => nested_end(bytes, at),
        Some(b'(') => literal_end(bytes, at),
        Some(b'<') => hex_end(bytes, at),
        Some(b'/') => Ok(word_end(bytes, at + 1)),
        Some(b) if !is_delimiter(*b) => {
            let end = word(bytes, at)?;
            if number(bytes, at).is_none() {
                return Ok(end);
            }
            // `N G R`: the generation and the `R` belong to this value.
            let generation = skip_space(bytes, end);
            let generation_end = word_end(bytes, generation);
            let r = skip_space(bytes, generation_end);
            let digits = bytes.get(generation..generation_end).unwrap_or_default();
            if !digits.is_empty()
                && digits.iter().all(u8::is_ascii_digit)
                && bytes.get(r) == Some(&b'R')
                && word_end(bytes, r) == r + 1
            {
                Ok(r + 1)
            } else {
                Ok(end)
            }
        }
        Some(_) | None => Err(at),
    }
}

/// Where the dictionary or array opening at `at` closes.
fn nested_end(bytes: &[u8], at: usize) -> Result<usize, usize> {
    let mut depth = 0usize;
    let mut i = at;
    loop {
        i = skip_space(bytes, i);
        let two = bytes.get(i..i + 2);
        match bytes.get(i) {
            None => return Err(i),
            Some(b'<') if two == Some(b"<<") => {
                depth += 1;
                i += 2;
            }
            Some(b'[') => {
                depth += 1;
                i += 1;
            }
            Some(b'>') if two == Some(b">>") => {
                depth = depth.checked_sub(1).ok_or(i)?;
                i += 2;
            }
            Some(b']') => {
                depth = depth.checked_sub(1).ok_or(i)?;
                i += 1;
            }
            Some(b'(') => i = literal_end(bytes, i)?,
            Some(b'<') => i = hex_end(bytes, i)?,
            Some(b'/') => i = word_end(bytes, i + 1),
            Some(b) if is_delimiter(*b) => return Err(i),
            Some(_) => i = word(bytes, i)?,
        }
        if depth == 0 {
            return Ok(i);
        }
    }
}

/// Where the regular word at `at` ends; `Err` when it is a keyword.
fn word(bytes: &[u8], at: usize) -> Result<usize, usize> {
    let end = word_end(bytes, at);
    let w = bytes.get(at..end).unwrap_or_default();
    if KEYWORDS.contains(&w) {
        Err(at)
    } else {
        Ok(end)
    }
}

/// Where the literal string whose `(` is at `at` ends.
fn literal_end(bytes: &[u8], at: usize) -> Result<usize, usize> {
    let mut depth = 0usize;
    let mut i = at + 1;
    while let Some(&b) = bytes.get(i) {
        i += 1;
        match b {
            b'\\' => i += 1,
            b'(' => depth += 1,
            b')' if depth == 0 => return Ok(i),
            b')' => depth -= 1,
            _ => {}
        }
    }
    Err(bytes.len())
}

/// Where the hexadecimal string whose `<` is at `at` ends.
fn hex_end(bytes: &[u8], at: usize) -> Result<usize, usize> {
    let rest = bytes.get(at..).unwrap_or_default();
    match rest.iter().position(|&b| b == b'>') {
        Some(p) => Ok(at + p + 1),
        None => Err(bytes.len()),
    }
}

/// The object numbers of the references `N G R` in `value`.
fn references(value: &[u8]) -> Vec<u32> {
    let words: Vec<&[u8]> = value
        .split(|b| b.is_ascii_whitespace() || is_delimiter(*b))
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    let mut i = 0usize;
    while let Some(w) = words.get(i) {
        match (number(w, 0), words.get(i + 1), words.get(i + 2)) {
            (Some(n), Some(g), Some(&b"R")) if number(g, 0).is_some() => {
                out.push(n);
                i += 3;
            }
            _ => i += 1,
        }
    }
    out
}

/// Where the next byte after white space and comments at `at` is.
pub(super) fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while let Some(&b) = bytes.get(at) {
        if b == b'%' {
            let rest = bytes.get(at..).unwrap_or_default();
            at += rest
                .iter()
                .position(|&c| c == b'\n' || c == b'\r')
                .unwrap_or(rest.len());
        } else if b.is_ascii_whitespace() || b == 0 || b == 0x0c {
            at += 1;
        } else {
            break;
        }
    }
    at
}

/// The unsigned integer (at most nine digits) after optional white space
/// at `at`.
pub(super) fn number(bytes: &[u8], at: usize) -> Option<u32> {
    let rest = bytes.get(at..)?.trim_ascii_start();
    let digits = rest.iter().take(9).take_while(|b| b.is_ascii_digit());
    let mut seen = false;
    let mut n = 0u32;
    for d in digits {
        seen = true;
        n = n * 10 + u32::from(d - b'0');
    }
    seen.then_some(n)
}
