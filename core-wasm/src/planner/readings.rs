//! Reading the results of the bulk tools the planner called: the rows of
//! a summary and the counts of a bulk move. Only the layout of the rows and
//! the order of the numbers count, never the words around them.

use std::collections::BTreeMap;

use crate::Lang;
use crate::file_type::Category;
use crate::in_use::InUse;
use crate::tools::DIR_MARKER;

/// What the planner reads from a `summarize_folder` result: its indented
/// rows. A category's first row (`  图片: 3,412 (1.2 GB)`) gives its count
/// and size, its second its sample names; a row `  GLOB COUNT` whose glob
/// holds a `*` is a name pattern; a row `  NAME → 图片` a file whose kind
/// its first bytes told; a row `  LABEL (COUNT): NAMES` with the label of
/// a kind of files in use (in either language), those files; a row
/// `  [目录] NAME | MARKER` a project folder.
#[derive(Debug, Default)]
pub struct Overview {
    /// The project folders, left whole.
    pub projects: Vec<String>,
    /// Count and size of each category.
    pub totals: BTreeMap<Category, (usize, String)>,
    /// Sample names of each category, as the summary gives them.
    pub samples: BTreeMap<Category, String>,
    /// Name patterns and their counts, most common first.
    pub patterns: Vec<(String, usize)>,
    /// The files whose kind their first bytes told, by name.
    pub by_content: BTreeMap<String, Category>,
    /// The files in use of each kind: how many, and the first names.
    pub in_use: BTreeMap<InUse, (usize, Vec<String>)>,
}

impl Overview {
    /// Reads a `summarize_folder` result.
    pub fn read(summary: &str) -> Self {
        let mut overview = Overview::default();
        for row in summary.lines().filter_map(|line| line.strip_prefix("  ")) {
            if let Some(project) = row
                .strip_prefix(DIR_MARKER)
                .and_then(|rest| rest.strip_prefix(' '))
                .and_then(|rest| rest.rsplit_once(" | "))
            {
                overview.projects.push(project.0.to_owned());
            } else if let Some((why, count, names)) = in_use_row(row) {
                overview.in_use.insert(why, (count, names));
            } else if let Some((name, kind)) = row.rsplit_once(" → ")
                && let Some(category) = Category::from_name(kind)
            {
                overview.by_content.insert(name.to_owned(), category);
            } else if let Some((name, rest)) = row.split_once(": ")
                && let Some(category) = Category::from_name(name)
            {
                let total = rest.split_once(" (").and_then(|(count, size)| {
                    Some((grouped(count)?, size.strip_suffix(')')?.to_owned()))
                });
                match total {
                    Some(total) if !overview.totals.contains_key(&category) => {
                        overview.totals.insert(category, total);
                    }
                    Some(_) | None => {
                        overview
                            .samples
                            .entry(category)
                            .or_insert_with(|| rest.to_owned());
                    }
                }
            } else if let Some((pattern, count)) = row.rsplit_once(' ')
                && pattern.contains('*')
                && let Some(count) = grouped(count)
            {
                overview.patterns.push((pattern.to_owned(), count));
            }
        }
        overview
    }
}

/// A summary's row of files in use, `LABEL (COUNT): NAMES`, read in either
/// language: why they are in use, how many, the names shown.
fn in_use_row(row: &str) -> Option<(InUse, usize, Vec<String>)> {
    for lang in Lang::ALL {
        for why in InUse::ALL {
            let Some(rest) = row.strip_prefix(&format!("{} (", lang.in_use_label(why, 2))) else {
                continue;
            };
            let (count, names) = rest.split_once("): ")?;
            let separator = match lang {
                Lang::En => ", ",
                Lang::Zh => "、",
            };
            let names = names.split(separator).map(str::to_owned).collect();
            return Some((why, grouped(count)?, names));
        }
    }
    None
}

/// What one bulk move did, read from its result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveOutcome {
    /// It ran: `moved` of `total` files, and the failures it names
    /// (`name: cause`).
    Done {
        /// Files moved.
        moved: usize,
        /// Files it tried to move.
        total: usize,
        /// The failures it names.
        failures: Vec<String>,
    },
    /// It did not run; the result's first line says why.
    Refused(String),
}

impl MoveOutcome {
    /// Reads a bulk move's result: its first line holds the counts moved and
    /// in all, in that order (the `paths` it names aside, so no digit of a
    /// path is taken for a count); each failure is an indented `name: cause`
    /// line, each file moved an indented line with an arrow.
    pub fn read(result: &str, paths: &[&str]) -> Self {
        let first = result.lines().next().unwrap_or_default();
        let bare = paths
            .iter()
            .fold(first.to_owned(), |line, path| line.replace(path, ""));
        match numbers(&bare).as_slice() {
            [moved, total, ..] if moved <= total => MoveOutcome::Done {
                moved: *moved,
                total: *total,
                failures: result
                    .lines()
                    .skip(1)
                    .filter_map(|line| line.strip_prefix("  "))
                    .filter(|line| !line.contains(" → "))
                    .map(str::to_owned)
                    .collect(),
            },
            _ => MoveOutcome::Refused(first.to_owned()),
        }
    }
}

/// The whole numbers in `text`, in order; digits grouped with commas
/// (`3,412`) make one number.
pub fn numbers(text: &str) -> Vec<usize> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut digits = String::new();
    for (i, c) in chars.iter().enumerate() {
        let grouping =
            *c == ',' && !digits.is_empty() && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit() {
            digits.push(*c);
        } else if !grouping && !digits.is_empty() {
            found.extend(digits.parse::<usize>().ok());
            digits.clear();
        }
    }
    found.extend(digits.parse::<usize>().ok());
    found
}

/// A whole number written with grouped digits (`3,412`), and nothing else.
fn grouped(text: &str) -> Option<usize> {
    let digits: String = text.chars().filter(|c| *c != ',').collect();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;

    #[test]
    fn numbers_are_read_with_their_groups() {
        assert_eq!(numbers("Moved 3,412 of 10,000 files"), [3412, 10000]);
        assert_eq!(numbers("已移动 3/5 个文件"), [3, 5]);
        assert_eq!(numbers("a 1, 2 and 3"), [1, 2, 3]);
        assert_eq!(numbers("no digits"), Vec::<usize>::new());
        assert_eq!(grouped("3,412"), Some(3412));
        assert_eq!(grouped("3 (2)"), None);
    }

    /// The contract with the bulk moves' texts: the counts come first, in
    /// both languages, whatever digits the paths hold.
    #[test]
    fn bulk_move_results_are_read_in_both_languages() {
        for lang in [Lang::En, Lang::Zh] {
            let destination = "/home/2024/Photos 7";
            let mut result = lang.bulk_moved(3, 5, destination);
            result.push_str("\n  a1.jpg → /home/2024/Photos 7/a1.jpg\n");
            result.push_str(&lang.bulk_failed(2));
            result.push_str("\n  b2.jpg: denied (os error 13)\n  c3.jpg: gone");
            assert_eq!(
                MoveOutcome::read(&result, &[destination, "/home/2024"]),
                MoveOutcome::Done {
                    moved: 3,
                    total: 5,
                    failures: vec![
                        "b2.jpg: denied (os error 13)".to_owned(),
                        "c3.jpg: gone".to_owned()
                    ],
                }
            );
            let refused = lang.no_files_of_type("/home/2024", "图片");
            assert_eq!(
                MoveOutcome::read(&refused, &[destination, "/home/2024"]),
                MoveOutcome::Refused(refused.clone())
            );
        }
    }
}
