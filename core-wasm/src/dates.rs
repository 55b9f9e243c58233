//! A file's date, decided in one place for every plan by date, every rule
//! with `{year}` or `{month}` and every match of a year folder: a photo's
//! date taken first (its EXIF, read by the caller), then the date its name
//! carries (`IMG_20230715_…`, `GMT20240402-093000_…`, `微信截图_2024020609…`,
//! `Screenshot 2024-03-12 at …`, `Invoice_2024-03_…`, `05.03.2024`,
//! `March 2024`, `2024年3月5日`, `mmexport` and a time in milliseconds),
//! then its modification time.

/// Where a file's date came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum DateSource {
    /// A photo's date taken (EXIF).
    Taken,
    /// The date written in its name.
    Name,
    /// Its modification time.
    Modified,
}

/// Years a date in a name may have: a run of digits outside them is no
/// year (an arXiv number, a form's number such as 1099).
const YEARS: std::ops::RangeInclusive<i32> = 1990..=2099;

/// The `(year, month)` of a file and where it came from: `taken` (a
/// photo's date taken, when read), else the date in `name`, else
/// `modified`; `None` when none is known.
pub fn file_date(
    taken: Option<(i32, u32)>,
    name: &str,
    modified: Option<(i32, u32)>,
) -> Option<((i32, u32), DateSource)> {
    taken
        .map(|date| (date, DateSource::Taken))
        .or_else(|| date_in_name(name).map(|date| (date, DateSource::Name)))
        .or_else(|| modified.map(|date| (date, DateSource::Modified)))
}

/// The `(year, month)` a name carries: eight digits `YYYYMMDD` (alone or
/// the start of fourteen, `YYYYMMDDhhmmss`), six `YYYYMM`, `YYYY-MM-DD` or `YYYY-MM`
/// (`-`, `_` or `.` between), or `mmexport` and a Unix time in
/// milliseconds; the first one found. A year outside 1990–2099 or a
/// month outside 1–12 is no date.
pub fn date_in_name(name: &str) -> Option<(i32, u32)> {
    let runs = digit_runs(name);
    for (index, &(start, digits)) in runs.iter().enumerate() {
        if digits.len() == 13 && name[..start].to_lowercase().ends_with("mmexport") {
            return digits.parse::<i64>().ok().and_then(month_of_millis);
        }
        if digits.len() == 8 || digits.len() == 14 {
            let year = digits[..4].parse().ok()?;
            let month = digits[4..6].parse().ok()?;
            let day: u32 = digits[6..8].parse().ok()?;
            if valid(year, month) && (1..=31).contains(&day) {
                return Some((year, month));
            }
            continue;
        }
        if digits.len() == 6 {
            // `YYYYMM`, as banks and e-invoices name a month's statement.
            let (Ok(year), Ok(month)) = (digits[..4].parse(), digits[4..].parse()) else {
                continue;
            };
            if valid(year, month) {
                return Some((year, month));
            }
            continue;
        }
        if digits.len() != 4 {
            continue;
        }
        let Some(&(next, month)) = runs.get(index + 1) else {
            continue;
        };
        let between = &name[start + 4..next];
        let joined = matches!(between, "-" | "_" | ".");
        let (Ok(year), Ok(month)) = (digits.parse(), month.parse()) else {
            continue;
        };
        if joined && name[next..].len() >= 2 && valid_month_run(&name[next..]) && valid(year, month)
        {
            return Some((year, month));
        }
    }
    chinese_date(name, &runs)
        .or_else(|| day_first(name, &runs))
        .or_else(|| month_named(name))
}

/// `2024年3月` (and `2024年3月5日`): a year, `年`, a month, `月`.
fn chinese_date(name: &str, runs: &[(usize, &str)]) -> Option<(i32, u32)> {
    runs.windows(2).find_map(|pair| {
        let [(start, year), (next, month)] = pair else {
            return None;
        };
        let between = &name[start + year.len()..*next];
        let after = &name[next + month.len()..];
        let (year, month) = (year.parse().ok()?, month.parse().ok()?);
        (between == "年" && after.starts_with('月') && valid(year, month)).then_some((year, month))
    })
}

/// `05.03.2024`, `5-3-2024`, `05_03_2024`: a day, a month and a year of
/// four digits, one separator between them; the month is the second
/// unless only the first can be one (`03-25-2024`).
fn day_first(name: &str, runs: &[(usize, &str)]) -> Option<(i32, u32)> {
    runs.windows(3).find_map(|three| {
        let [(a_at, a), (b_at, b), (y_at, y)] = three else {
            return None;
        };
        let short = |run: &str| (1..=2).contains(&run.len());
        if !short(a) || !short(b) || y.len() != 4 {
            return None;
        }
        let first = &name[a_at + a.len()..*b_at];
        let second = &name[b_at + b.len()..*y_at];
        if first != second || !matches!(first, "." | "-" | "_") {
            return None;
        }
        let (a, b, year): (u32, u32, i32) = (a.parse().ok()?, b.parse().ok()?, y.parse().ok()?);
        let month = if (1..=12).contains(&b) { b } else { a };
        let day = if month == b { a } else { b };
        (valid(year, month) && (1..=31).contains(&day)).then_some((year, month))
    })
}

/// English month names, full and short, as names spell them.
const MONTHS: [(&str, &str); 12] = [
    ("january", "jan"),
    ("february", "feb"),
    ("march", "mar"),
    ("april", "apr"),
    ("may", "may"),
    ("june", "jun"),
    ("july", "jul"),
    ("august", "aug"),
    ("september", "sep"),
    ("october", "oct"),
    ("november", "nov"),
    ("december", "dec"),
];

/// `March 2024`, `Mar 05 2024`, `5 Mar 2024`: an English month's name (a
/// whole word, full or short, `Sept` too) and a year of four digits after
/// it, or before it, within a few words.
fn month_named(name: &str) -> Option<(i32, u32)> {
    let lower = name.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect();
    for (at, word) in words.iter().enumerate() {
        let word = if *word == "sept" { "sep" } else { word };
        let Some(month) = MONTHS
            .iter()
            .position(|(full, short)| word == *full || word == *short)
        else {
            continue;
        };
        let near = words[at.saturating_sub(2)..words.len().min(at + 3)].iter();
        let year = near
            .filter(|word| word.len() == 4)
            .filter_map(|word| word.parse::<i32>().ok())
            .find(|year| YEARS.contains(year));
        if let (Some(year), Ok(month)) = (year, u32::try_from(month + 1)) {
            return Some((year, month));
        }
    }
    None
}

/// The year a name carries: its date's, else a run of four digits alone
/// between other characters (`Taxes 2024`, `2023年照片`, `W-2 2024.pdf`)
/// within 1990–2099.
pub fn year_in_name(name: &str) -> Option<i32> {
    if let Some((year, _)) = date_in_name(name) {
        return Some(year);
    }
    digit_runs(name)
        .into_iter()
        .filter(|(_, digits)| digits.len() == 4)
        .filter_map(|(_, digits)| digits.parse().ok())
        .find(|year| YEARS.contains(year))
}

/// Whether `rest` starts with exactly two digits.
fn valid_month_run(rest: &str) -> bool {
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    digits == 2
}

/// Whether `year` and `month` make a date a name may carry.
fn valid(year: i32, month: u32) -> bool {
    YEARS.contains(&year) && (1..=12).contains(&month)
}

/// The runs of ASCII digits in `name`, each with the byte it starts at.
fn digit_runs(name: &str) -> Vec<(usize, &str)> {
    let mut runs = Vec::new();
    let mut start = None;
    for (at, c) in name.char_indices().chain([(name.len(), ' ')]) {
        match (c.is_ascii_digit(), start) {
            (true, None) => start = Some(at),
            (false, Some(from)) => {
                runs.push((from, &name[from..at]));
                start = None;
            }
            (true, Some(_)) | (false, None) => {}
        }
    }
    runs
}

/// The `(year, month)`, in UTC, of a Unix time in milliseconds.
fn month_of_millis(millis: i64) -> Option<(i32, u32)> {
    let days = millis.div_euclid(86_400_000);
    // Howard Hinnant's days-to-civil conversion.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let (year, month) = (i32::try_from(year).ok()?, u32::try_from(month).ok()?);
    valid(year, month).then_some((year, month))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_carry_their_dates() {
        let cases = [
            ("GMT20240402-093000_Recording_1920x1080.mp4", (2024, 4)),
            ("IMG_20230715_101500.jpg", (2023, 7)),
            ("VID_20231224_190000.mp4", (2023, 12)),
            ("PXL_20230102_084500123.jpg", (2023, 1)),
            ("微信截图_20240206090713.png", (2024, 2)),
            ("微信图片_20230605101010.jpg", (2023, 6)),
            ("Screenshot 2024-03-12 at 10.15.30.png", (2024, 3)),
            ("Screen Shot 2024-05-01 at 9.00.00 AM.png", (2024, 5)),
            ("屏幕截图 2024-03-12 101530.png", (2024, 3)),
            ("Invoice_2024-03_Hetzner.pdf", (2024, 3)),
            ("dzfp_24312000000012345678_某某公司_20240320.pdf", (2024, 3)),
            ("mmexport1690000000000.jpg", (2023, 7)),
            ("Timesheet 2024.01.xlsx", (2024, 1)),
            ("Rechnung 05.03.2024.pdf", (2024, 3)),
            ("receipt 03-25-2024.pdf", (2024, 3)),
            ("Bank Statement March 2024.pdf", (2024, 3)),
            ("Scan Mar 05 2024.pdf", (2024, 3)),
            ("minutes 5 Sept 2023.docx", (2023, 9)),
            ("会议纪要2024年3月5日.docx", (2024, 3)),
            ("工资条 2023年12月.pdf", (2023, 12)),
            ("IMG-20240305-WA0001.jpg", (2024, 3)),
            ("signal-2024-03-05-123456.jpg", (2024, 3)),
        ];
        for (name, date) in cases {
            assert_eq!(date_in_name(name), Some(date), "{name}");
        }
        for name in [
            "2403.01234v2.pdf",
            "1099-INT 2024.pdf",
            "s41586-024-07219-0.pdf",
            "IMG_1234.HEIC",
            "ubuntu-24.04-live-server-amd64.iso",
            "Q2 report.docx",
            "May report.docx",
            "ch 1.2.3.pdf",
            "Marketing plan 2024.pdf",
        ] {
            assert_eq!(date_in_name(name), None, "{name}");
        }
    }

    #[test]
    fn names_carry_their_years() {
        assert_eq!(year_in_name("Taxes 2024"), Some(2024));
        assert_eq!(year_in_name("2023年照片"), Some(2023));
        assert_eq!(year_in_name("1099-INT 2024.pdf"), Some(2024));
        assert_eq!(year_in_name("IMG_20230715_101500.jpg"), Some(2023));
        assert_eq!(year_in_name("Photos"), None);
        assert_eq!(year_in_name("1099-NEC.pdf"), None);
    }

    #[test]
    fn the_date_taken_comes_first_then_the_name_then_the_time() {
        let name = "IMG_20230715_101500.jpg";
        assert_eq!(
            file_date(Some((2022, 1)), name, Some((2024, 3))),
            Some(((2022, 1), DateSource::Taken))
        );
        assert_eq!(
            file_date(None, name, Some((2024, 3))),
            Some(((2023, 7), DateSource::Name))
        );
        assert_eq!(
            file_date(None, "notes.txt", Some((2024, 3))),
            Some(((2024, 3), DateSource::Modified))
        );
        assert_eq!(file_date(None, "notes.txt", None), None);
    }
}
