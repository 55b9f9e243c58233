//! Split archives: `x.zip.001`, `x.7z.001`, `x.001`…; `x.part1.rar`… (also
//! `.zip`, `.7z`); `x.z01`… with `x.zip`; `x.r00`… with `x.rar`. The main
//! part is the one an archiver opens: the first numbered part, or the
//! `.zip`/`.rar` of the older schemes.

use std::collections::HashMap;

use foldhash::fast::RandomState;

use super::{NameFacts, Related, Role};

/// A file's place in a split archive: the archive it makes whole
/// (lowercased, the group's key), its order, and whether it is the volume
/// an archiver opens whatever the numbers (`.zip`, `.rar`).
#[derive(Debug, Clone)]
pub(super) struct Part {
    archive: String,
    order: u32,
    opened: bool,
}

/// The split archives among `files`: two parts or more, at least one of
/// them numbered.
pub(super) fn groups(files: &[(&str, &NameFacts)]) -> Vec<Related> {
    let mut by_archive: HashMap<&str, Vec<(&str, &Part)>, RandomState> = HashMap::default();
    for (name, facts) in files {
        if let Some(part) = &facts.part {
            by_archive
                .entry(part.archive.as_str())
                .or_default()
                .push((name, part));
        }
    }
    // A `.zip`/`.rar` joins only an archive that has numbered parts.
    let opened = Part {
        archive: String::new(),
        order: 0,
        opened: true,
    };
    for (name, facts) in files {
        let lower = &*facts.lower;
        if (lower.ends_with(".zip") || lower.ends_with(".rar"))
            && let Some(parts) = by_archive.get_mut(lower)
        {
            parts.push((name, &opened));
        }
    }
    by_archive
        .into_values()
        .filter(|parts| parts.len() >= 2)
        .map(|mut parts| {
            parts.sort_by_key(|(name, part)| (!part.opened, part.order, name.to_owned()));
            let (main, _) = parts.remove(0);
            Related {
                main: main.to_owned(),
                members: parts
                    .into_iter()
                    .map(|(name, _)| (name.to_owned(), Role::Part))
                    .collect(),
                kind_name: original_name(main),
            }
        })
        .collect()
}

/// The name of the archive the parts make whole, in the main part's
/// spelling (`Game.zip` for `Game.zip.001`); the main part's own name
/// otherwise (`x.part1.rar`, `x.zip` of `x.z01`, `x.001`).
fn original_name(main: &str) -> String {
    match main.rsplit_once('.') {
        Some((head, last))
            if last.len() == 3
                && last.bytes().all(|b| b.is_ascii_digit())
                && head.rsplit_once('.').is_some_and(|(_, ext)| {
                    ARCHIVE_EXTENSIONS.contains(&ext.to_lowercase().as_str())
                }) =>
        {
            head.to_owned()
        }
        _ => main.to_owned(),
    }
}

/// Extensions of archives split as `NAME.EXT.001`.
const ARCHIVE_EXTENSIONS: &[&str] = &["zip", "7z", "rar", "tar", "gz", "xz", "tgz", "bz2", "zst"];

/// The numbered part a file is, by its lowercased name `lower`, if any.
pub(super) fn numbered(lower: &str) -> Option<Part> {
    let (head, last) = lower.rsplit_once('.')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    // x.zip.001, x.7z.001, x.001
    if last.len() == 3 && digits(last) && !head.is_empty() {
        let archive = match head.rsplit_once('.') {
            Some((_, ext)) if ARCHIVE_EXTENSIONS.contains(&ext) => head.to_owned(),
            _ => format!("{head}.001"),
        };
        return Some(Part {
            archive,
            order: last.parse().ok()?,
            opened: false,
        });
    }
    // x.part1.rar, x.part01.zip, x.part1.7z
    if matches!(last, "rar" | "zip" | "7z") {
        let (stem, part) = head.rsplit_once('.')?;
        let number = part.strip_prefix("part")?;
        if digits(number) && !stem.is_empty() {
            return Some(Part {
                archive: format!("{stem}.part.{last}"),
                order: number.parse().ok()?,
                opened: false,
            });
        }
        return None;
    }
    // x.z01 (with x.zip), x.r00 (with x.rar)
    let (letter, number) = last.split_at_checked(1)?;
    if number.len() == 2 && digits(number) && !head.is_empty() {
        let ext = match letter {
            "z" => "zip",
            "r" => "rar",
            _ => return None,
        };
        return Some(Part {
            archive: format!("{head}.{ext}"),
            order: number.parse::<u32>().ok()? + 1,
            opened: false,
        });
    }
    None
}
