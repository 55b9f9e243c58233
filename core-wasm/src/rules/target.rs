//! A rule's `to`: a relative folder with placeholders, checked once and
//! filled per file.

use std::fmt;

use super::TargetProblem;

/// A checked `to`: `/`-separated segments of text and placeholders, with no
/// empty, `.` or `..` segment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Target {
    segments: Vec<Vec<Piece>>,
}

/// One part of a segment.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Text(String),
    Year,
    Month,
    Category,
    Ext,
}

/// Why a `to` was refused, and where: the byte offset in the value of the
/// offending part, or `None` when the whole value is at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct TargetError {
    pub(super) problem: TargetProblem,
    pub(super) offset: Option<usize>,
}

/// The values a file offers to the placeholders.
pub(super) struct Fill<'a> {
    pub(super) date: Option<(i32, u32)>,
    pub(super) category: &'a str,
    pub(super) ext: Option<&'a str>,
}

impl Target {
    /// Checks `raw`: not empty, not absolute, no `..`, only known
    /// placeholders. `/` and `\` both separate; segments are trimmed, and
    /// `.` and empty ones dropped.
    pub(super) fn parse(raw: &str) -> Result<Target, TargetError> {
        let err = |problem, offset| Err(TargetError { problem, offset });
        if raw.trim().is_empty() {
            return err(TargetProblem::Empty, None);
        }
        let bytes = raw.as_bytes();
        let drive = bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':';
        if raw.starts_with(['/', '\\']) || drive || raw.trim_start().starts_with('~') {
            return err(TargetProblem::Absolute, None);
        }
        let mut segments = Vec::new();
        let mut offset = 0;
        for segment in raw.split(['/', '\\']) {
            let trimmed = segment.trim();
            let at = offset + (segment.len() - segment.trim_start().len());
            if trimmed == ".." {
                return err(TargetProblem::ParentDir, Some(at));
            }
            if !trimmed.is_empty() && trimmed != "." {
                segments.push(pieces(trimmed, at)?);
            }
            offset += segment.len() + 1;
        }
        if segments.is_empty() {
            return err(TargetProblem::Empty, None);
        }
        Ok(Target { segments })
    }

    /// Whether a `{year}` or `{month}` is in it.
    pub(super) fn uses_date(&self) -> bool {
        self.segments
            .iter()
            .flatten()
            .any(|piece| matches!(piece, Piece::Year | Piece::Month))
    }

    /// The folder for one file, or `None` when a placeholder has no usable
    /// value (no date, a year outside 0..=9999 or a month outside 1..=12,
    /// no extension, an empty category, or a value that is not a plain
    /// name).
    pub(super) fn fill(&self, values: &Fill<'_>) -> Option<String> {
        let date = values
            .date
            .filter(|&(year, month)| (0..=9999).contains(&year) && (1..=12).contains(&month));
        let mut out = String::new();
        for segment in &self.segments {
            if !out.is_empty() {
                out.push('/');
            }
            let begin = out.len();
            for piece in segment {
                match piece {
                    Piece::Text(text) => out.push_str(text),
                    Piece::Year => out.push_str(&format!("{:04}", date?.0)),
                    Piece::Month => out.push_str(&format!("{:02}", date?.1)),
                    Piece::Category => out.push_str(plain(values.category)?),
                    Piece::Ext => out.push_str(plain(values.ext?)?),
                }
            }
            if matches!(&out[begin..], "" | "." | "..") {
                return None;
            }
        }
        Some(out)
    }
}

impl Target {
    /// Whether filling this `to` for a file of `category` and extension
    /// `ext` can give `folder` (folded as [`super::folded`] folds names,
    /// `/` separated): a `{year}` is any four digits, a `{month}` any two.
    pub(super) fn could_be(&self, folder: &str, category: &str, ext: Option<&str>) -> bool {
        let parts: Vec<&str> = folder.split('/').filter(|part| !part.is_empty()).collect();
        if parts.len() != self.segments.len() {
            return false;
        }
        let category = super::folded(category);
        self.segments.iter().zip(parts).all(|(segment, part)| {
            let mut rest = part;
            for piece in segment {
                let next = match piece {
                    Piece::Text(text) => rest.strip_prefix(super::folded(text).as_str()),
                    Piece::Year => digits(4, rest),
                    Piece::Month => digits(2, rest),
                    Piece::Category => rest.strip_prefix(category.as_str()),
                    Piece::Ext => ext.and_then(|ext| rest.strip_prefix(ext)),
                };
                match next {
                    Some(next) => rest = next,
                    None => return false,
                }
            }
            rest.is_empty()
        })
    }
}

/// `text` after its first `n` characters when they are ASCII digits.
fn digits(n: usize, text: &str) -> Option<&str> {
    let head = text.get(..n)?;
    head.chars().all(|c| c.is_ascii_digit()).then(|| &text[n..])
}

/// `value` when it can stand in a folder name: not empty, not `.` or `..`,
/// no separator.
fn plain(value: &str) -> Option<&str> {
    let bad = matches!(value, "" | "." | "..") || value.contains(['/', '\\']);
    (!bad).then_some(value)
}

/// Splits one segment into text and placeholders; `base` is the segment's
/// byte offset in the whole value, for errors.
fn pieces(segment: &str, base: usize) -> Result<Vec<Piece>, TargetError> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut at = 0;
    while let Some(c) = segment[at..].chars().next() {
        match c {
            '{' => {
                let tail = &segment[at + 1..];
                let Some(close) = tail
                    .find(['}', '{'])
                    .filter(|&i| tail[i..].starts_with('}'))
                else {
                    return Err(TargetError {
                        problem: TargetProblem::Unclosed,
                        offset: Some(base + at),
                    });
                };
                let piece = match &tail[..close] {
                    "year" => Piece::Year,
                    "month" => Piece::Month,
                    "category" => Piece::Category,
                    "ext" => Piece::Ext,
                    other => {
                        return Err(TargetError {
                            problem: TargetProblem::UnknownPlaceholder(other.to_owned()),
                            offset: Some(base + at),
                        });
                    }
                };
                if !text.is_empty() {
                    out.push(Piece::Text(std::mem::take(&mut text)));
                }
                out.push(piece);
                at += close + 2;
            }
            '}' => {
                return Err(TargetError {
                    problem: TargetProblem::Unmatched,
                    offset: Some(base + at),
                });
            }
            other => {
                text.push(other);
                at += other.len_utf8();
            }
        }
    }
    if !text.is_empty() {
        out.push(Piece::Text(text));
    }
    Ok(out)
}

/// The checked `to` as the user reads it: `/`-separated, placeholders in
/// braces.
impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, segment) in self.segments.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            for piece in segment {
                f.write_str(match piece {
                    Piece::Text(text) => text,
                    Piece::Year => "{year}",
                    Piece::Month => "{month}",
                    Piece::Category => "{category}",
                    Piece::Ext => "{ext}",
                })?;
            }
        }
        Ok(())
    }
}
