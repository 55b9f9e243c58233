//! The organizing plan: which folders to make and which file goes where,
//! derived only from tool results the planner has seen, and the calls that
//! carry it out.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::Lang;
use crate::file_type::Category;
use crate::rules::Rules;

use super::copies::spare_copies;
use super::exchanges::Exchange;
use super::folders::{category_target, duplicates_target};
use super::listing::{Listed, parse_listing};
use super::placement::{Placement, Readings, place};
use super::request::Request;

/// A file to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// Its name in the target directory.
    pub file: String,
    /// Where it goes, relative to the target directory: `FOLDER/NAME`, with
    /// the separator of the target's paths (`FOLDER\NAME` on Windows).
    pub destination: String,
}

/// The files going to one folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The user's line asked for it (a named folder, dates).
    Request,
    /// Rule number N (1-based) of the rules file sends them there.
    Rule(usize),
    /// Their category's folder.
    Category(Category),
    /// They are byte-identical copies of files kept elsewhere: they are set
    /// aside, never deleted.
    Duplicate,
}

/// A whole plan.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
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
    /// Files the user left out of the plan (`skip NAME`), which stay.
    #[serde(default)]
    pub skipped: Vec<String>,
    /// Files the user's line left out ("only PDFs", "don't touch the
    /// music"), which stay.
    #[serde(default)]
    pub asked_left: Vec<String>,
    /// The line saying what the planner understood of the user's line,
    /// shown first; `None` for a plain request.
    #[serde(default)]
    pub understood: Option<String>,
}

/// The files of the target by where they go: a reason and a folder
/// (relative, `/`-separated for a rule's).
type Destinations<'a> = BTreeMap<(Reason, String), Vec<&'a str>>;

impl Plan {
    /// Builds the plan from one turn's exchanges: the listing of `.`, the
    /// `get_file_type` and `read_file` results, and listings of the folders
    /// files may go to. Files go where `rules` send them, else to their
    /// category's folder. Destinations are joined with `separator`, the
    /// target's. The first of `rules` are the ones `request` made; the
    /// files it leaves out stay.
    pub fn from_exchanges(
        exchanges: &[Exchange],
        lang: Lang,
        separator: char,
        rules: Option<&Rules>,
        request: &Request,
    ) -> Self {
        let Some(top) = exchanges
            .iter()
            .rev()
            .find(|e| e.name == "list_files" && e.arg("path") == ".")
        else {
            return Plan::default();
        };
        let items = parse_listing(&top.result);
        let mut plan = Plan {
            copy_of: spare_copies(exchanges, lang, separator),
            ..Plan::default()
        };
        let destinations = plan.sort_items(&items, exchanges, lang, (rules, request));
        for ((reason, folder), files) in destinations {
            let folder = folder.replace('/', &separator.to_string());
            plan.groups
                .push(group(reason, folder, &files, &items, exchanges, separator));
        }
        plan
    }

    /// Notes each item of the target that stays, and returns where the
    /// others go.
    fn sort_items<'a>(
        &mut self,
        items: &'a [Listed],
        exchanges: &[Exchange],
        lang: Lang,
        (rules, request): (Option<&Rules>, &Request),
    ) -> Destinations<'a> {
        let asked = request.made_rules(lang).len();
        let types = file_types(exchanges);
        let readings = Readings::new(exchanges);
        let mut destinations = Destinations::new();
        for item in items {
            if let Some(stays) = self.left_alone(item, rules, request) {
                stays.push(item.name.clone());
                continue;
            }
            let key = if self.copy_of.contains_key(&item.name) {
                Some((Reason::Duplicate, duplicates_target(lang, items)))
            } else {
                types.get(item.name.as_str()).map(|category| {
                    match place(item, *category, rules, &readings) {
                        Placement::Rule { number, folder } if number <= asked => {
                            (Reason::Request, folder)
                        }
                        Placement::Rule { number, folder } => {
                            (Reason::Rule(number - asked), folder)
                        }
                        Placement::Category(category) => (
                            Reason::Category(category),
                            category_target(category, lang, items),
                        ),
                    }
                })
            };
            match key {
                Some(key) => destinations.entry(key).or_default().push(&item.name),
                None => self.unclassified.push(item.name.clone()),
            }
        }
        destinations
    }

    /// The list of items left alone that `item` belongs to, if it stays:
    /// what the rules exclude, folders, hidden files, what the user's
    /// line leaves out.
    fn left_alone(
        &mut self,
        item: &Listed,
        rules: Option<&Rules>,
        request: &Request,
    ) -> Option<&mut Vec<String>> {
        if rules.is_some_and(|rules| rules.is_excluded(&item.name, item.is_dir)) {
            Some(&mut self.excluded)
        } else if item.is_dir {
            Some(&mut self.folders_left)
        } else if item.name.starts_with('.') {
            Some(&mut self.hidden_left)
        } else if !request.keeps(&item.name) {
            Some(&mut self.asked_left)
        } else {
            None
        }
    }

    /// Number of files the plan moves.
    pub fn move_count(&self) -> usize {
        self.groups.iter().map(|group| group.moves.len()).sum()
    }

    /// `create_folder` for each new folder, then `move_file` for each file.
    pub fn actions(&self) -> Vec<(&'static str, Value)> {
        let folders = self
            .groups
            .iter()
            .filter(|group| !group.folder_exists)
            .map(|group| ("create_folder", json!({ "path": group.folder })));
        let moves = self.groups.iter().flat_map(|group| {
            group.moves.iter().map(|step| {
                (
                    "move_file",
                    json!({ "source": step.file, "destination": step.destination }),
                )
            })
        });
        folders.chain(moves).collect()
    }
}

/// The category of each file the turn's `get_file_type` results name, by
/// file name.
fn file_types(exchanges: &[Exchange]) -> BTreeMap<&str, Category> {
    exchanges
        .iter()
        .filter(|e| e.name == "get_file_type")
        .filter_map(|e| Some((e.arg("filename"), Category::from_name(&e.result)?)))
        .collect()
}

/// The group of `files` going to `folder`, each under a name the folder
/// (as the turn listed it) does not hold yet.
fn group(
    reason: Reason,
    folder: String,
    files: &[&str],
    items: &[Listed],
    exchanges: &[Exchange],
    separator: char,
) -> Group {
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
    Group {
        reason,
        folder,
        folder_exists,
        moves,
    }
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
    fn free_names_never_overwrite() {
        let used: BTreeSet<String> = ["a.jpg".to_owned(), "a (2).jpg".to_owned()].into();
        assert_eq!(free_file_name("a.jpg", &used), "a (3).jpg");
        assert_eq!(free_file_name("b.jpg", &used), "b.jpg");
    }
}
