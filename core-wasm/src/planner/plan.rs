//! The organizing plan: which folders to make and which file goes where,
//! derived only from tool results the planner has seen.

use std::collections::{BTreeMap, BTreeSet};

use crate::Lang;
use crate::file_type::Category;
use crate::rules::Rules;
use crate::tools::{DIR_MARKER, FILE_MARKER, parse_duplicate_groups};

use super::exchanges::Exchange;
use super::placement::{Placement, Readings, existing_category_folder, place};

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

/// The folder the files of the category named `category` (as
/// `get_file_type` returns it) go to; any other text is [`Category::Other`].
pub fn folder_name(category: &str, lang: Lang) -> &'static str {
    category_folder(category_named(category).unwrap_or(Category::Other), lang)
}

/// The folder a category's files go to: the category itself in Chinese, its
/// English name in English.
pub fn category_folder(category: Category, lang: Lang) -> &'static str {
    match lang {
        Lang::En => category.english(),
        Lang::Zh => category.name(),
    }
}

/// The category whose exact name (as `get_file_type` returns it) is `name`.
pub fn category_named(name: &str) -> Option<Category> {
    Category::ALL
        .into_iter()
        .find(|category| category.name() == name)
}

/// A file to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// Its name in the target directory.
    pub file: String,
    /// Where it goes, relative to the target directory: `FOLDER/NAME`, with
    /// the separator of the target's paths (`FOLDER\NAME` on Windows).
    pub destination: String,
}

/// The files going to one folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Why they go there: a category, or one of the user's rules.
    pub reason: Reason,
    /// The folder they go to.
    pub folder: String,
    /// Whether that folder exists already (then it is reused).
    pub folder_exists: bool,
    /// The moves, sorted by file name.
    pub moves: Vec<Move>,
}

/// Why a group's files go to its folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reason {
    /// Rule number N (1-based) of the rules file sends them there.
    Rule(usize),
    /// Their category's folder.
    Category(Category),
    /// They are byte-identical copies of files kept elsewhere: they are set
    /// aside, never deleted.
    Duplicate,
}

/// A whole plan.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Plan {
    /// Non-empty groups in category order.
    pub groups: Vec<Group>,
    /// Folders that stay where they are.
    pub folders_left: Vec<String>,
    /// Hidden files (names starting with `.`) that stay where they are.
    pub hidden_left: Vec<String>,
    /// Files whose type is unknown (no `get_file_type` result naming a
    /// category) that stay.
    pub unclassified: Vec<String>,
    /// Items the rules file excludes, which stay.
    pub excluded: Vec<String>,
    /// Each copy set aside, and the file of the same bytes that is kept.
    pub copy_of: BTreeMap<String, String>,
}

impl Plan {
    /// Builds the plan from one turn's exchanges: the listing of `.`, the
    /// `get_file_type` and `read_file` results, and listings of the folders
    /// files may go to. Files go where `rules` send them, else to their
    /// category's folder. Destinations are joined with `separator`, the
    /// target's.
    pub fn from_exchanges(
        exchanges: &[Exchange],
        lang: Lang,
        separator: char,
        rules: Option<&Rules>,
    ) -> Self {
        let Some(top) = exchanges
            .iter()
            .rev()
            .find(|e| e.name == "list_files" && e.arg("path") == ".")
        else {
            return Plan::default();
        };
        let items = parse_listing(&top.result);
        let types: BTreeMap<&str, Category> = exchanges
            .iter()
            .filter(|e| e.name == "get_file_type")
            .filter_map(|e| Some((e.arg("filename"), category_named(&e.result)?)))
            .collect();
        let readings = Readings::new(exchanges);
        let mut plan = Plan {
            copy_of: spare_copies(exchanges, lang, separator),
            ..Plan::default()
        };
        let mut by_reason: BTreeMap<(Reason, String), Vec<&str>> = BTreeMap::new();
        for item in &items {
            let excluded = rules.is_some_and(|rules| rules.is_excluded(&item.name, item.is_dir));
            if excluded {
                plan.excluded.push(item.name.clone());
            } else if item.is_dir {
                plan.folders_left.push(item.name.clone());
            } else if item.name.starts_with('.') {
                plan.hidden_left.push(item.name.clone());
            } else if plan.copy_of.contains_key(&item.name) {
                let key = (Reason::Duplicate, duplicates_target(lang, &items));
                by_reason.entry(key).or_default().push(&item.name);
            } else if let Some(category) = types.get(item.name.as_str()) {
                let key = match place(item, *category, rules, &readings) {
                    Placement::Rule { number, folder } => (Reason::Rule(number), folder),
                    Placement::Category(category) => (
                        Reason::Category(category),
                        category_target(category, lang, &items),
                    ),
                };
                by_reason.entry(key).or_default().push(&item.name);
            } else {
                plan.unclassified.push(item.name.clone());
            }
        }
        for ((reason, folder), files) in by_reason {
            let folder = folder.replace('/', &separator.to_string());
            let folder_exists = items.iter().any(|item| item.is_dir && item.name == folder);
            let mut used: BTreeSet<String> = exchanges
                .iter()
                .filter(|e| e.name == "list_files" && e.arg("path") == folder)
                .flat_map(|e| parse_listing(&e.result))
                .map(|item| item.name)
                .collect();
            let moves = files
                .iter()
                .map(|file| {
                    let name = free_file_name(file, &used);
                    used.insert(name.clone());
                    Move {
                        file: (*file).to_owned(),
                        destination: format!("{folder}{separator}{name}"),
                    }
                })
                .collect();
            plan.groups.push(Group {
                reason,
                folder,
                folder_exists,
                moves,
            });
        }
        plan
    }

    /// Number of files the plan moves.
    pub fn move_count(&self) -> usize {
        self.groups.iter().map(|group| group.moves.len()).sum()
    }
}

/// The folder copies are set aside in: `Duplicates` (`重复文件`), made
/// free of files.
pub fn duplicates_target(lang: Lang, items: &[Listed]) -> String {
    free_folder_name(duplicates_folder(lang), items)
}

/// The planner's name for the folder of set-aside copies.
pub fn duplicates_folder(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Duplicates",
        Lang::Zh => "重复文件",
    }
}

/// The loose files of the target that are copies of another file, each
/// with the file kept: from the turn's `find_duplicates` of the target,
/// the oldest file of each group outside the duplicates folder is kept,
/// and every other copy lying directly in the target is set aside.
pub fn spare_copies(
    exchanges: &[Exchange],
    lang: Lang,
    separator: char,
) -> BTreeMap<String, String> {
    let Some(found) = exchanges
        .iter()
        .rev()
        .find(|e| e.name == "find_duplicates" && e.arg("path") == ".")
    else {
        return BTreeMap::new();
    };
    let set_aside = format!("{}{separator}", duplicates_folder(lang));
    let mut copies = BTreeMap::new();
    for group in parse_duplicate_groups(&found.result) {
        let Some(kept) = group.iter().find(|path| !path.starts_with(&set_aside)) else {
            continue;
        };
        for path in &group {
            let loose = !path.contains(['/', '\\']);
            if path != kept && loose {
                copies.insert(path.clone(), kept.clone());
            }
        }
    }
    copies
}

/// The folder a category's files go to: an existing folder that means the
/// category, else the planner's name for it (made free of files).
pub fn category_target(category: Category, lang: Lang, items: &[Listed]) -> String {
    existing_category_folder(category, lang, items).map_or_else(
        || free_folder_name(category_folder(category, lang), items),
        str::to_owned,
    )
}

/// `wanted`, or `wanted (2)`, `wanted (3)`... when a *file* has that name
/// (an existing folder of that name is reused, a file never overwritten).
fn free_folder_name(wanted: &str, items: &[Listed]) -> String {
    let blocked = |name: &str| items.iter().any(|item| !item.is_dir && item.name == name);
    let mut candidate = wanted.to_owned();
    let mut n = 2;
    while blocked(&candidate) {
        candidate = format!("{wanted} ({n})");
        n += 1;
    }
    candidate
}

/// `name`, or `stem (2).ext`... when the folder already holds that name.
fn free_file_name(name: &str, used: &BTreeSet<String>) -> String {
    let (stem, ext) = match name.rfind('.') {
        Some(dot) if dot > 0 => (&name[..dot], &name[dot..]),
        Some(_) | None => (name, ""),
    };
    let mut candidate = name.to_owned();
    let mut n = 2;
    while used.contains(&candidate) {
        candidate = format!("{stem} ({n}){ext}");
        n += 1;
    }
    candidate
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

    #[test]
    fn free_names_never_overwrite() {
        let used: BTreeSet<String> = ["a.jpg".to_owned(), "a (2).jpg".to_owned()].into();
        assert_eq!(free_file_name("a.jpg", &used), "a (3).jpg");
        assert_eq!(free_file_name("b.jpg", &used), "b.jpg");
        let items = vec![Listed {
            name: "Images".into(),
            is_dir: false,
            modified: None,
        }];
        assert_eq!(free_folder_name("Images", &items), "Images (2)");
    }
}
