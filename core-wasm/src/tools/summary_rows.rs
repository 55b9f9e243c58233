//! What a summary shows of names and patterns (cut to its width), and its
//! rows as data ([`Summary`]): the same values its text shows, so a
//! planner reading the data decides as one reading the text would.

use std::collections::BTreeMap;

use super::Summary;
use crate::file_type::Category;
use crate::format::format_size;
use crate::in_use::InUse;

/// Files in use named per kind.
pub(super) const IN_USE_NAMED: usize = 10;
/// Files named whose kind their first bytes told.
pub(super) const BY_CONTENT_NAMED: usize = 50;
/// Projects named.
pub(super) const PROJECTS: usize = 10;

/// Characters of a name shown in a summary.
const NAME_CHARS: usize = 40;

/// The rows of a summary as data: each category's count and size and its
/// sample names, the files whose kind their first bytes told, the files in
/// use (every key and credential by its whole name: the planner leaves
/// them where they are), the name patterns shown (`patterns`, most common first) and the
/// projects, each as many as the text names.
pub(super) fn rows(
    categories: &BTreeMap<Category, (usize, u64)>,
    samples: &BTreeMap<Category, Vec<String>>,
    by_content: &[(String, Category)],
    in_use: &BTreeMap<InUse, Vec<String>>,
    patterns: &[(&String, usize)],
    projects: &[(String, String)],
) -> Summary {
    let shown = |names: &[String], most: usize| -> Vec<String> {
        names.iter().take(most).map(|name| short(name)).collect()
    };
    Summary {
        projects: projects
            .iter()
            .take(PROJECTS)
            .map(|(name, _)| name.clone())
            .collect(),
        totals: categories
            .iter()
            .map(|(category, (count, bytes))| (*category, (*count, format_size(*bytes))))
            .collect(),
        samples: samples
            .iter()
            .map(|(category, names)| (*category, shown(names, usize::MAX).join(", ")))
            .collect(),
        patterns: patterns
            .iter()
            .map(|(pattern, count)| (short_glob(pattern), *count))
            .collect(),
        by_content: by_content
            .iter()
            .take(BY_CONTENT_NAMED)
            .map(|(name, category)| (short(name), *category))
            .collect(),
        in_use: in_use
            .iter()
            .map(|(why, names)| (*why, (names.len(), shown(names, IN_USE_NAMED))))
            .collect(),
        secrets: in_use.get(&InUse::Secret).cloned().unwrap_or_default(),
        online_only: (0, Vec::new()),
        named: Vec::new(),
    }
}

/// A name cut to [`NAME_CHARS`] characters.
pub(super) fn short(name: &str) -> String {
    let mut chars = name.chars();
    let head: String = chars.by_ref().take(NAME_CHARS).collect();
    match chars.next() {
        Some(_) => format!("{head}…"),
        None => head,
    }
}

/// A glob cut to about [`NAME_CHARS`] characters that still matches
/// everything it matched: its head, `*`, and a short tail (the extension).
pub(super) fn short_glob(pattern: &str) -> String {
    if pattern.chars().count() <= NAME_CHARS {
        return pattern.to_owned();
    }
    let tail = pattern
        .rsplit_once('*')
        .map(|(_, tail)| tail)
        .filter(|tail| tail.chars().count() <= NAME_CHARS / 4)
        .unwrap_or("");
    let head: String = pattern
        .chars()
        .take(NAME_CHARS - 1 - tail.chars().count())
        .collect();
    format!("{}*{tail}", head.trim_end_matches('*'))
}

#[cfg(test)]
mod tests {
    use super::short_glob;

    #[test]
    fn a_cut_pattern_is_still_a_glob_matching_its_files() {
        assert_eq!(short_glob("IMG_*.jpg"), "IMG_*.jpg");
        let long = format!("{}*.jpeg", "x".repeat(60));
        let cut = short_glob(&long);
        assert_eq!(cut, format!("{}*.jpeg", "x".repeat(34)));
        assert!(cut.chars().count() <= super::NAME_CHARS);
        let no_tail = format!("{}*{}", "y".repeat(50), "z".repeat(30));
        assert_eq!(short_glob(&no_tail), format!("{}*", "y".repeat(39)));
    }
}
