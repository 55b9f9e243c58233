//! Reading a `list_files` result: its item lines, by their layout (the
//! kind marker, then `NAME | SIZE | TIME`), never by the words around them.

use crate::tools::{DIR_MARKER, FILE_MARKER};

/// One item line of a `list_files` result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// The item's name.
    pub name: String,
    /// Whether it is a directory.
    pub is_dir: bool,
    /// The year and month it was last modified, as the listing shows it.
    pub modified: Option<(i32, u32)>,
}

/// Reads the item lines of a `list_files` result (other lines are skipped).
pub fn parse_listing(result: &str) -> Vec<Listed> {
    result
        .lines()
        .filter_map(|line| {
            let (is_dir, rest) = if let Some(rest) = line.strip_prefix(DIR_MARKER) {
                (true, rest)
            } else {
                (false, line.strip_prefix(FILE_MARKER)?)
            };
            let mut fields = rest.strip_prefix(' ')?.rsplitn(3, " | ");
            let (time, _size, name) = (fields.next()?, fields.next()?, fields.next()?);
            Some(Listed {
                name: name.to_owned(),
                is_dir,
                modified: year_month(time),
            })
        })
        .collect()
}

/// `2026-11-02 09:14` → `(2026, 11)`.
fn year_month(time: &str) -> Option<(i32, u32)> {
    let mut parts = time.split('-');
    let year = parts.next()?.trim().parse().ok()?;
    let month = parts.next()?.parse().ok()?;
    Some((year, month))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_listing_lines_with_odd_names() {
        let listing = "3 items in /t:\n[目录] old stuff | 4.0 KB | 2026-01-01 10:00\n[文件] a | b.txt | 3 B | 2026-01-01 10:00\n[文件] 照片 1.JPG | 1.3 KB | 2026-01-01 10:00";
        assert_eq!(
            parse_listing(listing),
            vec![
                Listed {
                    name: "old stuff".into(),
                    is_dir: true,
                    modified: Some((2026, 1)),
                },
                Listed {
                    name: "a | b.txt".into(),
                    is_dir: false,
                    modified: Some((2026, 1)),
                },
                Listed {
                    name: "照片 1.JPG".into(),
                    is_dir: false,
                    modified: Some((2026, 1)),
                },
            ]
        );
    }
}
