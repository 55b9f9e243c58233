//! The text shown by a PDF content stream: the strings of the `Tj`, `TJ`,
//! `'` and `"` operators, with line ends where the text moves down.

use super::super::excerpt::Excerpt;
use super::super::source::find;

/// The longest string read, in bytes.
const MAX_STRING: usize = 64 * 1024;
/// The most operands kept before an operator.
const MAX_OPERANDS: usize = 256;

/// One operand of a content stream operator (only those text needs).
#[derive(Debug, Clone)]
enum Operand {
    Str(Vec<u8>),
    Num(f32),
    ArrayStart,
}

/// Appends the text of one content stream to `out`.
pub(super) fn text(data: &[u8], out: &mut Excerpt) {
    if find(data, b"BT", 0).is_none() {
        return;
    }
    let mut ops: Vec<Operand> = Vec::new();
    let mut last_y: Option<f32> = None;
    let mut i = 0usize;
    while let Some(&b) = data.get(i) {
        if out.full() {
            return;
        }
        if ops.len() > MAX_OPERANDS {
            ops.clear();
        }
        match b {
            b'%' => i = find(data, b"\n", i).unwrap_or(data.len()),
            b'(' => {
                let (s, next) = literal(data, i);
                ops.push(Operand::Str(s));
                i = next;
            }
            b'<' if data.get(i + 1) == Some(&b'<') => i += 2,
            b'<' => {
                let (s, next) = hex(data, i);
                ops.push(Operand::Str(s));
                i = next;
            }
            b'[' => {
                ops.push(Operand::ArrayStart);
                i += 1;
            }
            b'/' => i = word_end(data, i + 1),
            b'0'..=b'9' | b'+' | b'-' | b'.' => {
                let end = word_end(data, i);
                let n = std::str::from_utf8(data.get(i..end).unwrap_or_default())
                    .ok()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(0.0);
                ops.push(Operand::Num(n));
                i = end.max(i + 1);
            }
            b if is_delimiter(b) || b.is_ascii_whitespace() => i += 1,
            _ => {
                let end = word_end(data, i).max(i + 1);
                let op = data.get(i..end).unwrap_or_default();
                i = end;
                if op == b"BI" {
                    // An inline image: its data runs to `EI`.
                    i = find(data, b"EI", i).map_or(data.len(), |e| e + 2);
                }
                operator(op, &ops, &mut last_y, out);
                ops.clear();
            }
        }
    }
}

/// Writes what one operator shows.
fn operator(op: &[u8], ops: &[Operand], last_y: &mut Option<f32>, out: &mut Excerpt) {
    let nums: Vec<f32> = ops
        .iter()
        .filter_map(|o| match o {
            Operand::Num(n) => Some(*n),
            Operand::Str(_) | Operand::ArrayStart => None,
        })
        .collect();
    match op {
        b"Tj" | b"'" | b"\"" => {
            if op != b"Tj" {
                out.push('\n');
            }
            if let Some(Operand::Str(s)) = ops.last() {
                show(s, out);
            }
        }
        b"TJ" => {
            for o in ops {
                match o {
                    Operand::Str(s) => show(s, out),
                    Operand::Num(n) if *n < -200.0 => out.push(' '),
                    Operand::Num(_) | Operand::ArrayStart => {}
                }
            }
        }
        b"T*" => out.push('\n'),
        b"Td" | b"TD" => match nums.as_slice() {
            [_, ty] if *ty != 0.0 => out.push('\n'),
            [tx, _] if *tx > 0.0 => out.push(' '),
            _ => {}
        },
        b"Tm" => {
            if let Some(&y) = nums.last() {
                let moved = last_y.is_some_and(|p| (p - y).abs() > 0.5);
                out.push(if moved { '\n' } else { ' ' });
                *last_y = Some(y);
            }
        }
        b"ET" => out.push(' '),
        _ => {}
    }
}

/// Writes a shown string when it decodes to readable text.
fn show(bytes: &[u8], out: &mut Excerpt) {
    if let Some(s) = decode(bytes) {
        out.push_str(&s);
    }
}

/// A PDF string as text: UTF-16BE or UTF-8 after a byte-order mark, else
/// the Windows-1252 superset of the standard encodings; `None` when it is
/// glyph codes rather than text.
pub(super) fn decode(bytes: &[u8]) -> Option<String> {
    let text = if let Some(rest) = bytes.strip_prefix(&[0xfe, 0xff]) {
        encoding_rs::UTF_16BE
            .decode_without_bom_handling(rest)
            .0
            .into_owned()
    } else if let Some(rest) = bytes.strip_prefix(&[0xef, 0xbb, 0xbf]) {
        String::from_utf8_lossy(rest).into_owned()
    } else {
        encoding_rs::WINDOWS_1252
            .decode_without_bom_handling(bytes)
            .0
            .into_owned()
    };
    let odd = text
        .chars()
        .filter(|c| c.is_control() && !c.is_whitespace() || *c == '\u{fffd}')
        .count();
    (odd.saturating_mul(4) <= text.chars().count()).then_some(text)
}

/// The string starting at `rest[0]` (a literal or hexadecimal one).
pub(super) fn string_at(rest: &[u8]) -> Option<Vec<u8>> {
    match rest.first()? {
        b'(' => Some(literal(rest, 0).0),
        b'<' if rest.get(1) != Some(&b'<') => Some(hex(rest, 0).0),
        _ => None,
    }
}

/// A literal string whose `(` is at `at`: its bytes and where it ends.
fn literal(data: &[u8], at: usize) -> (Vec<u8>, usize) {
    let mut s = Vec::new();
    let mut depth = 0usize;
    let mut i = at + 1;
    while let Some(&b) = data.get(i) {
        i += 1;
        let byte = match b {
            b'(' => {
                depth += 1;
                b'('
            }
            b')' if depth == 0 => break,
            b')' => {
                depth -= 1;
                b')'
            }
            b'\\' => {
                let Some(&e) = data.get(i) else { break };
                i += 1;
                match e {
                    b'n' => b'\n',
                    b'r' => b'\r',
                    b't' => b'\t',
                    b'b' => 8,
                    b'f' => 12,
                    b'0'..=b'7' => {
                        let mut v = u32::from(e - b'0');
                        for _ in 0..2 {
                            match data.get(i) {
                                Some(&d @ b'0'..=b'7') => {
                                    v = v * 8 + u32::from(d - b'0');
                                    i += 1;
                                }
                                _ => break,
                            }
                        }
                        u8::try_from(v & 0xff).unwrap_or(0)
                    }
                    b'\r' | b'\n' => {
                        if e == b'\r' && data.get(i) == Some(&b'\n') {
                            i += 1;
                        }
                        continue;
                    }
                    other => other,
                }
            }
            other => other,
        };
        if s.len() < MAX_STRING {
            s.push(byte);
        }
    }
    (s, i)
}

/// A hexadecimal string whose `<` is at `at`: its bytes and where it ends.
fn hex(data: &[u8], at: usize) -> (Vec<u8>, usize) {
    let mut s = Vec::new();
    let mut high: Option<u8> = None;
    let mut i = at + 1;
    while let Some(&b) = data.get(i) {
        i += 1;
        if b == b'>' {
            break;
        }
        let Some(v) = (b as char).to_digit(16).and_then(|v| u8::try_from(v).ok()) else {
            continue;
        };
        match high.take() {
            Some(h) => {
                if s.len() < MAX_STRING {
                    s.push(h << 4 | v);
                }
            }
            None => high = Some(v),
        }
    }
    if let Some(h) = high {
        s.push(h << 4);
    }
    (s, i)
}

/// Where the word (name, number or operator) starting at `at` ends.
pub(super) fn word_end(data: &[u8], at: usize) -> usize {
    let rest = data.get(at..).unwrap_or_default();
    at + rest
        .iter()
        .position(|&b| b.is_ascii_whitespace() || is_delimiter(b))
        .unwrap_or(rest.len())
}

/// Whether `b` is a PDF delimiter.
pub(super) fn is_delimiter(b: u8) -> bool {
    matches!(
        b,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}
