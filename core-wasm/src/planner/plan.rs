//! The organizing plan: which folders to make and which file goes where,
//! derived only from tool results the planner has seen, and the calls that
//! carry it out.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::Lang;
use crate::file_type::Category;
use crate::groups::{Groups, Role, group_names, project_marker};
use crate::in_use::InUse;
use crate::paths::{NameCase, free_name};
use crate::rules::Rules;

use super::copies::spare_copies;
use super::exchanges::Exchange;
use super::existing::UserFolders;
use super::folders::{category_target, duplicates_target};
use super::kept::kept;
use super::kinds_seen::KindsSeen;
use super::placement::{Placement, Readings, place};
use super::request::{Request, Stays};
use crate::contents::Contents;
use crate::tools::Listed;

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
    /// The moves, by file name; the other members of a group of related
    /// files right after its main file.
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
    /// A folder the user made that clearly means them (`existing`).
    Existing,
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
    /// Items some program is writing or holding, which stay: each with why.
    #[serde(default)]
    pub in_use: Vec<(String, InUse)>,
    /// Each moving group of related files: its main file, and the other
    /// members (what they are to it), which go where it goes.
    #[serde(default)]
    pub related: BTreeMap<String, Vec<(String, Role)>>,
    /// Folders that are projects (the listing of each shows a `.git`, a
    /// manifest...): left whole, nothing moves out of them.
    #[serde(default)]
    pub projects: Vec<String>,
    /// Files the user's line asked to leave ("don't touch the music"),
    /// which stay.
    #[serde(default)]
    pub asked_left: Vec<String>,
    /// Files of kinds the user's line did not name ("only PDFs": the
    /// others), which stay.
    #[serde(default)]
    pub not_asked: Vec<String>,
    /// The line saying what the planner understood of the user's line,
    /// shown first; `None` for a plain request.
    #[serde(default)]
    pub understood: Option<String>,
    /// The target's online-only files (a cloud drive's placeholders): the
    /// plan says so on each one's line; they are moved without being read.
    #[serde(default)]
    pub online_only: BTreeSet<String>,
    /// Why each file going into a folder of the person's goes there, when
    /// more than the folder's name says it ("like the 3 files in
    /// Statements 2025/"), shown on its line.
    #[serde(default)]
    pub evidence: BTreeMap<String, String>,
}

/// The files that name others among the target's files, with the names
/// they hold, as this turn's `summarize_folder` of the target read them.
fn named_files(exchanges: &[Exchange]) -> Vec<(String, Vec<String>)> {
    exchanges
        .iter()
        .rev()
        .find(|e| e.name == "summarize_folder" && e.arg("path") == ".")
        .and_then(|e| Some(e.summary()?.named.clone()))
        .unwrap_or_default()
}

/// The files of the target by where they go: a reason and a folder
/// (relative, `/`-separated for a rule's).
type Destinations<'a> = BTreeMap<(Reason, String), Vec<&'a str>>;

impl Plan {
    /// Builds the plan from one turn's exchanges: the listing of `.`, the
    /// `get_file_type` and `read_file` results, and listings of the folders
    /// files may go to. Files go where `rules` send them, else into a
    /// folder the user made that clearly means them (`existing`), else to
    /// their category's folder. Destinations are joined with `separator`, the
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
        let items = top.items();
        let copy_of = match request.sets_copies_aside() {
            true => spare_copies(exchanges, lang, separator),
            false => BTreeMap::new(),
        };
        let mut plan = Plan {
            copy_of,
            online_only: (items.iter())
                .filter(|item| item.online_only)
                .map(|item| item.name.clone())
                .collect(),
            ..Plan::default()
        };
        let related = Groups::form_with(
            items.iter().map(|item| (item.name.as_str(), item.is_dir)),
            &named_files(exchanges),
        );
        let destinations = plan.sort_items(items, &related, exchanges, lang, (rules, request));
        for ((reason, folder), files) in destinations {
            let folder = folder.replace('/', &separator.to_string());
            let group = group(
                reason,
                folder,
                &files,
                &plan.related,
                items,
                exchanges,
                separator,
            );
            plan.groups.push(group);
        }
        plan
    }

    /// Notes each item of the target that stays, and returns where the
    /// others go: the members of a group of `related` files where its main
    /// file goes, or they stay with it.
    fn sort_items<'a>(
        &mut self,
        items: &'a [Listed],
        related: &Groups,
        exchanges: &[Exchange],
        lang: Lang,
        (rules, request): (Option<&Rules>, &Request),
    ) -> Destinations<'a> {
        let kinds = KindsSeen::new(exchanges);
        let asked = request.made_rules(lang).len();
        let readings = Readings::new(exchanges);
        let users = UserFolders::find(items, exchanges, &[]);
        let busy = kept(items, exchanges);
        let mut destinations = Destinations::new();
        for item in items {
            let excluded = rules.is_some_and(|rules| rules.is_excluded(&item.name, item.is_dir));
            let hidden = item.name.starts_with('.');
            if let Some(why) = busy.get(&item.name).filter(|_| !excluded && !hidden) {
                self.in_use.push((item.name.clone(), *why));
                continue;
            }
            if related.is_member(&item.name) {
                continue;
            }
            if item.is_dir && is_project(&item.name, exchanges) {
                self.projects.push(item.name.clone());
                continue;
            }
            if let Some(stays) = self.left_alone(item, rules, request) {
                stays.push(item.name.clone());
                continue;
            }
            let key = if self.copy_of.contains_key(&item.name) {
                Some((Reason::Duplicate, duplicates_target(lang, items)))
            } else {
                kinds.of(&item.name).map(|category| {
                    // A group's kind is its main file's (a split archive's
                    // is the archive's it makes whole).
                    let category = related.of(&item.name).map_or(category, |g| g.kind());
                    match place(item, category, rules, &readings) {
                        Placement::Rule { number, folder } if number <= asked => {
                            (Reason::Request, existing_spelling(&folder, items))
                        }
                        Placement::Rule { number, folder } => {
                            (Reason::Rule(number - asked), folder)
                        }
                        Placement::Category(category) => {
                            let taken = readings.of(&item.name).and_then(Contents::taken_month);
                            match users.destination(&item.name, category, taken) {
                                Some((folder, evidence)) => {
                                    let why = lang.existing_evidence(&evidence, &folder.path);
                                    if !why.is_empty() {
                                        self.evidence.insert(item.name.clone(), why);
                                    }
                                    (Reason::Existing, folder.path.clone())
                                }
                                None => (
                                    Reason::Category(category),
                                    category_target(category, lang, items),
                                ),
                            }
                        }
                    }
                })
            };
            match key {
                Some(key) => {
                    destinations.entry(key).or_default().push(&item.name);
                    if let Some(group) = related.of(&item.name) {
                        self.related
                            .insert(group.main.clone(), group.members.clone());
                    }
                }
                None => self.unclassified.push(item.name.clone()),
            }
        }
        self.stay_with_their_main(items, related, (rules, request));
        destinations
    }

    /// The members of each group whose main file stays: they stay too,
    /// noted beside it.
    fn stay_with_their_main(
        &mut self,
        items: &[Listed],
        related: &Groups,
        (rules, request): (Option<&Rules>, &Request),
    ) {
        for group in related.all() {
            if self.related.contains_key(&group.main) {
                continue;
            }
            let Some(main) = items.iter().find(|item| item.name == group.main) else {
                continue;
            };
            let stays = match self.left_alone(main, rules, request) {
                Some(stays) => stays,
                None => &mut self.unclassified,
            };
            stays.extend(group.members.iter().map(|(name, _)| name.clone()));
        }
    }

    /// The list of items left alone that `item` belongs to, if it stays:
    /// what the rules exclude, folders, hidden files, what the user's
    /// line leaves out or does not name, save a copy set aside (those in
    /// use are noted before).
    fn left_alone(
        &mut self,
        item: &Listed,
        rules: Option<&Rules>,
        request: &Request,
    ) -> Option<&mut Vec<String>> {
        if rules.is_some_and(|rules| rules.is_excluded(&item.name, item.is_dir)) {
            return Some(&mut self.excluded);
        } else if item.is_dir {
            return Some(&mut self.folders_left);
        } else if item.name.starts_with('.') {
            return Some(&mut self.hidden_left);
        } else if self.copy_of.contains_key(&item.name) {
            return None;
        }
        match request.stays(&item.name)? {
            Stays::Asked => Some(&mut self.asked_left),
            Stays::NotNamed => Some(&mut self.not_asked),
        }
    }

    /// Number of files the plan moves.
    pub fn move_count(&self) -> usize {
        self.groups.iter().map(|group| group.moves.len()).sum()
    }

    /// `create_folder` for each new folder, then `move_file` for each file,
    /// never replacing what appeared at a destination since the plan was
    /// shown.
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
                    json!({
                        "source": step.file,
                        "destination": step.destination,
                        "never_replace": true,
                    }),
                )
            })
        });
        folders.chain(moves).collect()
    }
}

impl Plan {
    /// The items in use of the kind `why`, by name.
    pub fn in_use_of(&self, why: InUse) -> Vec<String> {
        self.in_use
            .iter()
            .filter(|(_, w)| *w == why)
            .map(|(name, _)| name.clone())
            .collect()
    }
}

/// `folder` (relative, `/`-separated) with its first name as a folder of
/// the target's `items` spells it, when one is that name in another
/// letter case: the user's folder is filled, never a new one made beside
/// it.
pub fn existing_spelling(folder: &str, items: &[Listed]) -> String {
    let (first, rest) = folder.split_once('/').unwrap_or((folder, ""));
    let wanted = first.to_lowercase();
    let same = |item: &&Listed| item.is_dir && item.name == first;
    let alike = |item: &&Listed| item.is_dir && item.name.to_lowercase() == wanted;
    match items.iter().find(same).or_else(|| items.iter().find(alike)) {
        Some(dir) if rest.is_empty() => dir.name.clone(),
        Some(dir) => format!("{}/{rest}", dir.name),
        None => folder.to_owned(),
    }
}

/// Whether the turn's listing of the folder `name` shows a project.
fn is_project(name: &str, exchanges: &[Exchange]) -> bool {
    exchanges
        .iter()
        .filter(|e| e.name == "list_files" && e.arg("path") == name)
        .any(|e| {
            let items = e.items();
            project_marker(items.iter().map(|item| item.name.as_str())).is_some()
        })
}

/// The group of `files` going to `folder`, each under a name the folder
/// (as the turn listed it) does not hold yet; with each main file of
/// `related` files, right after it, the other members, under names that
/// still match one another.
fn group(
    reason: Reason,
    folder: String,
    files: &[&str],
    related: &BTreeMap<String, Vec<(String, Role)>>,
    items: &[Listed],
    exchanges: &[Exchange],
    separator: char,
) -> Group {
    let folder_exists =
        reason == Reason::Existing || items.iter().any(|item| item.is_dir && item.name == folder);
    let case = NameCase::of_separator(separator);
    let mut used: BTreeSet<String> = exchanges
        .iter()
        .filter(|e| e.name == "list_files" && e.arg("path") == folder)
        .flat_map(Exchange::items)
        .map(|item| case.key(&item.name))
        .collect();
    let mut moves = Vec::new();
    for file in files {
        let members: Vec<&str> = std::iter::once(*file)
            .chain(
                related
                    .get(*file)
                    .into_iter()
                    .flatten()
                    .map(|(n, _)| n.as_str()),
            )
            .collect();
        let names =
            group_names(&members, &|name| used.contains(&case.key(name))).unwrap_or_else(|| {
                let mut taken = used.clone();
                let mut names = Vec::new();
                for member in &members {
                    let name = free_name(member, case, |key| taken.contains(key));
                    taken.insert(case.key(&name));
                    names.push(name);
                }
                names
            });
        for (member, name) in members.into_iter().zip(names) {
            used.insert(case.key(&name));
            moves.push(Move {
                file: member.to_owned(),
                destination: format!("{folder}{separator}{name}"),
            });
        }
    }
    Group {
        reason,
        folder,
        folder_exists,
        moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_names_never_overwrite() {
        let used: BTreeSet<String> = ["a.jpg".to_owned(), "a (2).jpg".to_owned()].into();
        let taken = |key: &str| used.contains(key);
        assert_eq!(free_name("a.jpg", NameCase::Exact, taken), "a (3).jpg");
        assert_eq!(free_name("b.jpg", NameCase::Exact, taken), "b.jpg");
    }
}
