//! The time `tidyup undo --all --since TIME` reaches back to, read from
//! what a person types: a date (`2026-11-27`, its midnight), a date and a
//! time (`2026-11-27 14:00`, `2026-11-27T14:00:30`), a time today
//! (`14:00`), or a span back from now (`2h`, `30m`, `1d`, `45s`, `1w`).
//! Dates and times are local.

use chrono::{
    DateTime, Duration, FixedOffset, Local, LocalResult, NaiveDate, NaiveDateTime, NaiveTime,
    TimeZone,
};

/// The instant `text` names, read at `now`; `None` when it names none
/// (a malformed text, a local time that does not exist, a span too long).
pub fn parse_since(text: &str, now: DateTime<Local>) -> Option<DateTime<FixedOffset>> {
    let text = text.trim();
    if let Some(span) = span(text) {
        return now.checked_sub_signed(span).map(|at| at.fixed_offset());
    }
    let naive = date_time(text)
        .or_else(|| {
            NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .ok()?
                .and_hms_opt(0, 0, 0)
        })
        .or_else(|| Some(now.date_naive().and_time(time(text)?)))?;
    match Local.from_local_datetime(&naive) {
        // A time a clock change repeats: its first occurrence.
        LocalResult::Single(at) | LocalResult::Ambiguous(at, _) => Some(at.fixed_offset()),
        LocalResult::None => None,
    }
}

/// `2h`, `30m`, `1d`: a number and one unit.
fn span(text: &str) -> Option<Duration> {
    let unit = text.chars().last()?;
    let count: i64 = text[..text.len() - unit.len_utf8()].trim().parse().ok()?;
    if count < 0 {
        return None;
    }
    let seconds = match unit.to_ascii_lowercase() {
        's' => 1,
        'm' => 60,
        'h' => 3_600,
        'd' => 86_400,
        'w' => 604_800,
        _ => return None,
    };
    Duration::try_seconds(count.checked_mul(seconds)?)
}

/// A date and a time, with a space or a `T` between them.
fn date_time(text: &str) -> Option<NaiveDateTime> {
    let (date, time_of_day) = text.split_once([' ', 'T'])?;
    let date = NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").ok()?;
    Some(date.and_time(time(time_of_day.trim())?))
}

/// `14:00` or `14:00:30`.
fn time(text: &str) -> Option<NaiveTime> {
    NaiveTime::parse_from_str(text, "%H:%M:%S")
        .or_else(|_| NaiveTime::parse_from_str(text, "%H:%M"))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> DateTime<Local> {
        let naive = NaiveDate::from_ymd_opt(2026, 11, 27)
            .and_then(|date| date.and_hms_opt(15, 30, 0))
            .unwrap();
        Local.from_local_datetime(&naive).unwrap()
    }

    fn local(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<FixedOffset> {
        let naive = NaiveDate::from_ymd_opt(y, mo, d)
            .and_then(|date| date.and_hms_opt(h, mi, 0))
            .unwrap();
        Local.from_local_datetime(&naive).unwrap().fixed_offset()
    }

    #[test]
    fn reads_dates_times_and_spans() {
        let now = now();
        let read = |text| parse_since(text, now);
        assert_eq!(read("2026-11-27"), Some(local(2026, 11, 27, 0, 0)));
        assert_eq!(read("2026-11-27 14:00"), Some(local(2026, 11, 27, 14, 0)));
        assert_eq!(read("2026-11-27T14:00"), Some(local(2026, 11, 27, 14, 0)));
        assert_eq!(read(" 14:00 "), Some(local(2026, 11, 27, 14, 0)));
        assert_eq!(read("2h"), Some(local(2026, 11, 27, 13, 30)));
        assert_eq!(read("30m"), Some(local(2026, 11, 27, 15, 0)));
        assert_eq!(read("1d"), Some(local(2026, 11, 26, 15, 30)));
        assert_eq!(read("1w"), Some(local(2026, 11, 20, 15, 30)));
        assert_eq!(
            read("2026-11-27 14:00:30"),
            Some(local(2026, 11, 27, 14, 0) + Duration::seconds(30))
        );
    }

    #[test]
    fn refuses_what_names_no_time() {
        let now = now();
        for text in [
            "",
            "h",
            "-2h",
            "2x",
            "yesterday",
            "25:00",
            "2026-13-01",
            "2026-11-27 25:00",
            "9999999999999999d",
            "2h30m",
            "二小时",
        ] {
            assert_eq!(parse_since(text, now), None, "{text}");
        }
    }
}
