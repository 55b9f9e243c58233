//! Size, time and count texts, the same in every language.

use chrono::DateTime;

const KIB: u64 = 1024;
const MIB: u64 = KIB * 1024;
const GIB: u64 = MIB * 1024;

/// Formats a byte count: `N B` below 1 KiB, else `x.x KB`/`MB`/`GB`,
/// 1024-based, one decimal, rounded half up (1280 → `1.3 KB`).
pub fn format_size(bytes: u64) -> String {
    let (unit_bytes, unit) = match bytes {
        b if b < KIB => return format!("{b} B"),
        b if b < MIB => (KIB, "KB"),
        b if b < GIB => (MIB, "MB"),
        _ => (GIB, "GB"),
    };
    // Tenths of the unit, rounded half up, in exact integer arithmetic.
    let tenths = (u128::from(bytes) * 10 + u128::from(unit_bytes) / 2) / u128::from(unit_bytes);
    format!("{}.{} {unit}", tenths / 10, tenths % 10)
}

/// Formats a modification time as `yyyy-MM-dd HH:mm` in local time, given
/// Unix seconds and the local offset from UTC (seconds) at that instant.
/// Times outside chrono's range print as `????-??-?? ??:??`.
pub fn format_local_time(unix_seconds: i64, utc_offset_seconds: i32) -> String {
    unix_seconds
        .checked_add(i64::from(utc_offset_seconds))
        .and_then(|local| DateTime::from_timestamp(local, 0))
        .map(|local| local.naive_utc().format("%Y-%m-%d %H:%M").to_string())
        .unwrap_or_else(|| "????-??-?? ??:??".to_owned())
}

/// The local year and month of a modification time, as
/// [`format_local_time`] shows them; `None` outside chrono's range.
pub fn local_year_month(unix_seconds: i64, utc_offset_seconds: i32) -> Option<(i32, u32)> {
    use chrono::Datelike;
    let local = unix_seconds.checked_add(i64::from(utc_offset_seconds))?;
    let date = DateTime::from_timestamp(local, 0)?.naive_utc();
    Some((date.year(), date.month()))
}

/// `n` with a comma between each group of three digits: `3,412`.
pub fn group_digits(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_bytes_below_1_kb_then_one_decimal_in_kb_mb_and_gb() {
        assert_eq!(format_size(0), "0 B");
        assert_eq!(format_size(1023), "1023 B");
        assert_eq!(format_size(1024), "1.0 KB");
        assert_eq!(format_size(1280), "1.3 KB");
        assert_eq!(format_size(1075), "1.0 KB");
        assert_eq!(format_size(1076), "1.1 KB");
        assert_eq!(format_size(MIB - 1), "1024.0 KB");
        assert_eq!(format_size(MIB), "1.0 MB");
        assert_eq!(format_size(5 * MIB / 2), "2.5 MB");
        assert_eq!(format_size(GIB - 1), "1024.0 MB");
        assert_eq!(format_size(GIB), "1.0 GB");
        assert_eq!(format_size(3 * GIB + GIB / 4), "3.3 GB");
        assert_eq!(format_size(u64::MAX), "17179869184.0 GB");
    }

    #[test]
    fn times_are_local_with_minutes() {
        // 2024-02-29 23:59:59 UTC
        assert_eq!(format_local_time(1_709_251_199, 0), "2024-02-29 23:59");
        assert_eq!(
            format_local_time(1_709_251_199, 8 * 3600),
            "2024-03-01 07:59"
        );
        assert_eq!(format_local_time(0, -5 * 3600), "1969-12-31 19:00");
        assert_eq!(format_local_time(i64::MAX, 3600), "????-??-?? ??:??");
    }

    #[test]
    fn digits_are_grouped_by_three() {
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(999), "999");
        assert_eq!(group_digits(3412), "3,412");
        assert_eq!(group_digits(1_234_567), "1,234,567");
    }
}
