//! What a file holds in forms no language shapes: the day a photo was
//! taken as a date, and the text a rules file's `content` regex is matched
//! against (the file's facts in fixed English keys, then its own words).

use std::fmt::Write;

use super::Contents;

/// A calendar day as a file's metadata records it (no time zone: the
/// camera's clock). The day is `None` when the metadata gives only a year
/// and month.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Date {
    /// The year.
    pub year: i32,
    /// The month, 1 to 12.
    pub month: u32,
    /// The day of the month, 1 to 31, when known.
    pub day: Option<u32>,
}

impl Date {
    /// The date an EXIF date-time holds (`2024:03:01 10:00:00`; `-` as
    /// separator is taken too); `None` when it names no month, as the
    /// blank `0000:00:00 00:00:00` some cameras write.
    pub(crate) fn parse(value: &str) -> Option<Date> {
        let mut parts = value.trim().split([':', '-', ' ']);
        let year = parts.next()?.parse().ok()?;
        let month = parts.next()?.parse().ok()?;
        let day = parts
            .next()
            .and_then(|day| day.parse().ok())
            .filter(|day| (1..=31).contains(day));
        (1..=12)
            .contains(&month)
            .then_some(Date { year, month, day })
    }

    /// `2023-07-14`, or `2023-07` without a day.
    fn iso(self) -> String {
        match self.day {
            Some(day) => format!("{:04}-{:02}-{day:02}", self.year, self.month),
            None => format!("{:04}-{:02}", self.year, self.month),
        }
    }
}

impl Contents {
    /// The year and month a photo was taken, as its metadata says.
    pub fn taken_month(&self) -> Option<(i32, u32)> {
        self.taken_on.map(|date| (date.year, date.month))
    }

    /// The text a `content` rule is matched against, the same in every
    /// language: a line `key: value` per fact the file records, in this
    /// order and these forms, then a blank line and the file's own text
    /// (the excerpt, without any marker of its end). No word of tidyup's
    /// own (a kind's name, a label) is in it.
    ///
    /// ```text
    /// format: PDF                 (the exact format, when known)
    /// pages: 12                   (pages of a PDF, slides of a presentation)
    /// dimensions: 640x480
    /// duration: 0:03:25           (h:mm:ss)
    /// title: … / artist: … / album: … / year: …
    /// taken: 2023-07-14           (the date a photo was taken)
    /// camera: Canon EOS R5
    /// entry: docs/a.txt           (one line per archive entry named)
    /// ```
    pub fn rule_text(&self) -> String {
        let mut out = String::new();
        let mut line = |key: &str, value: &str| {
            let _ = writeln!(out, "{key}: {value}");
        };
        if !self.format.is_empty() {
            line("format", &self.format);
        }
        if let Some(pages) = self.pages {
            line("pages", &pages.to_string());
        }
        if let Some((w, h)) = self.dimensions {
            line("dimensions", &format!("{w}x{h}"));
        }
        if let Some(secs) = self.duration_secs {
            let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
            line("duration", &format!("{h}:{m:02}:{s:02}"));
        }
        let facts = [
            ("title", &self.title),
            ("artist", &self.artist),
            ("album", &self.album),
            ("year", &self.year),
        ];
        for (key, value) in facts {
            if let Some(value) = value {
                line(key, value);
            }
        }
        if let Some(date) = self.taken_on {
            line("taken", &date.iso());
        }
        if let Some(camera) = &self.camera {
            line("camera", camera);
        }
        for name in &self.entry_names {
            line("entry", name);
        }
        out.push('\n');
        out.push_str(&self.text);
        out
    }
}
