//! The offline planner on a large folder: one overview instead of a line
//! per file, a plan by category with counts, sizes, name patterns and
//! samples, then one `move_by_type` per category and a report of counts
//! and failures. Everything it shows stays bounded whatever the size.
//!
//! How the planner shows such a plan is in `large_plan_text` (its words in
//! the catalogue), how it reports one carried out in `steps_report`.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::Lang;
use crate::file_type::Category;
use crate::in_use::InUse;
use crate::kinds::kind;
use crate::rules::Rules;
use crate::tools::BulkOptions;

use super::exchanges::Exchange;
use super::folders::{category_folder, existing_category_folder, synonyms};
use super::large_existing::ExistingMoves;
use super::large_rules::{LargeRules, Taken, of_kind};
use super::planned::PlannedMove;
use super::request_left::RequestLeft;
use super::set_aside::SetAside;
use crate::tools::{Listed, Summary};

/// Whether a `list_files` call showed only part of its folder.
pub fn is_cut(listing: &Exchange) -> bool {
    listing.listing().is_some_and(|listing| listing.more > 0)
}

/// The calls that give the planner its overview: the summary of the target,
/// which names of category folders are taken there already, and the
/// byte-identical copies when the plan sets them aside (`copies`).
pub fn overview_calls(lang: Lang, copies: bool) -> Vec<(&'static str, Value)> {
    let mut calls = vec![
        ("summarize_folder", json!({ "path": "." })),
        (
            "find_files",
            json!({ "path": ".", "pattern": folder_glob(lang), "offset": 0 }),
        ),
    ];
    if copies {
        calls.push(("find_duplicates", json!({ "path": "." })));
    }
    calls
}

/// A glob matching every category folder name, its numbered variants and
/// the names that mean the category (`{Documents,Documents (*),docs,...}`).
fn folder_glob(lang: Lang) -> String {
    let names: Vec<String> = Category::ALL
        .iter()
        .flat_map(|category| {
            let folder = category_folder(*category, lang);
            let own = [folder.to_owned(), format!("{folder} (*)")];
            own.into_iter()
                .chain(synonyms(*category).iter().map(|name| (*name).to_owned()))
        })
        .chain([lang.duplicates_folder().to_owned()])
        .collect();
    format!("{{{}}}", names.join(","))
}

/// The files of one category, as the summary counts them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LargeGroup {
    /// The category.
    pub category: Category,
    /// The folder they go to, relative to the target.
    pub folder: String,
    /// Whether that folder exists already (then it is reused).
    pub folder_exists: bool,
    /// How many files.
    pub count: usize,
    /// Their total size, as the summary gives it; empty when unknown (some
    /// of the files it counted go elsewhere).
    pub size: String,
    /// The most common name patterns of the category, with counts.
    pub patterns: Vec<(String, usize)>,
    /// A few sample names, as the summary gives them.
    pub samples: Option<String>,
    /// Whether the user's rules took some of the summary's files of the
    /// category (then `count` is what they leave, and `size` is not shown).
    #[serde(default)]
    pub after_rules: bool,
    /// Whether the rules may take more of them (then `count` is at most
    /// that many).
    #[serde(default)]
    pub up_to: bool,
}

/// A plan for a large folder: one group per category that has files.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct LargePlan {
    /// The number of items the listing of the target counted.
    pub items: Option<usize>,
    /// Non-empty groups in category order.
    pub groups: Vec<LargeGroup>,
    /// The byte-identical copies set aside first.
    pub set_aside: SetAside,
    /// Files left out (`skip NAME`, or of a kind the user's line leaves by
    /// name): every bulk move leaves them.
    #[serde(default)]
    pub left: Vec<String>,
    /// The categories the user left out whole (`skip`): none of their
    /// files move.
    #[serde(default)]
    pub skipped_categories: Vec<Category>,
    /// What the user's line leaves where it is: categories and kinds it
    /// asked to leave or did not name.
    #[serde(default)]
    pub request_left: RequestLeft,
    /// What the user left out, as the plan names it (folders, files).
    #[serde(default)]
    pub skipped: Vec<String>,
    /// The files in use, which no bulk move takes: of each kind, how many
    /// and the first names, as the summary gives them.
    #[serde(default)]
    pub in_use: Vec<(InUse, usize, Vec<String>)>,
    /// Every key and credential the summary found (by name and by
    /// contents): no bulk move takes them, and the plan's page names them.
    #[serde(default)]
    pub secrets: Vec<String>,
    /// The project folders the summary found: left whole.
    #[serde(default)]
    pub projects: Vec<String>,
    /// The online-only files the summary found (a cloud drive's
    /// placeholders): how many and the first names. The moves take them
    /// by renaming, never reading them; the plan says so.
    #[serde(default)]
    pub online_only: (usize, Vec<String>),
    /// The kinds the user's line asked for that are not whole categories
    /// (PDFs, screenshots), moved by name before the categories.
    #[serde(default)]
    pub by_name: Vec<KindMove>,
    /// The line saying what the planner understood of the user's line,
    /// shown first; `None` for a plain request.
    #[serde(default)]
    pub understood: Option<String>,
    /// What the plan does with the user's rules: their moves, before the
    /// moves by type (boxed: most plans have none).
    #[serde(default)]
    pub rules: Box<LargeRules>,
    /// The files going into folders the user made (`large_existing`),
    /// moved after the copies and before everything else.
    #[serde(default)]
    pub existing: Vec<ExistingMoves>,
    /// The moves the plan makes, as a rehearsal of its calls recorded
    /// them (`steps`); `None` until it is rehearsed. Once they are there,
    /// they are the plan.
    #[serde(default, with = "super::planned::compact")]
    pub steps: Option<Vec<PlannedMove>>,
}

/// The files of one kind that is not a whole category, moved by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KindMove {
    /// The kind, as the plan names it ("PDFs").
    pub label: String,
    /// The glob on names that finds them.
    pub pattern: String,
    /// The category they belong to (for the report's line).
    pub category: Category,
    /// The folder they go to, relative to the target.
    pub folder: String,
    /// Whether that folder exists already.
    pub folder_exists: bool,
    /// How many files, as `find_files` counted them.
    pub count: usize,
    /// A few of their names.
    pub samples: Vec<String>,
}

/// The items named like category folders that the overview's `find_files`
/// found in the target (their names are taken).
pub fn taken_folders(exchanges: &[Exchange], lang: Lang) -> Vec<Listed> {
    let folders = folder_glob(lang);
    exchanges
        .iter()
        .rev()
        .find(|e| e.name == "find_files" && e.arg("pattern") == folders)
        .map(|e| e.items().to_vec())
        .unwrap_or_default()
}

/// Name patterns shown per category.
const PATTERNS_PER_CATEGORY: usize = 3;

impl LargePlan {
    /// The plan from one turn's exchanges; `None` when the turn did not
    /// summarize the target (it was not a large-folder turn). `copies`:
    /// whether it sets the copies aside (else they go with their kind).
    pub fn from_exchanges(
        exchanges: &[Exchange],
        lang: Lang,
        separator: char,
        copies: bool,
    ) -> Option<Self> {
        let last = |name: &str| {
            exchanges
                .iter()
                .rev()
                .find(|e| e.name == name && e.arg("path") == ".")
        };
        let overview = last("summarize_folder")?.summary()?;
        let taken = taken_folders(exchanges, lang);
        let items = last("list_files").and_then(|e| Some(e.listing()?.total));
        let mut set_aside = SetAside::from_exchanges(exchanges, lang, separator, &taken);
        // A copy of a key is a key: it stays where it is.
        (set_aside.copies).retain(|copy| !overview.secrets.contains(&copy.file));
        if !copies {
            set_aside.copies.clear();
        }
        let groups = Category::ALL
            .into_iter()
            .filter_map(|category| {
                LargeGroup::from_overview(category, overview, &set_aside, &taken, lang)
            })
            .filter(|group| group.count > 0)
            .collect();
        let in_use = overview
            .in_use
            .iter()
            .map(|(why, (count, names))| (*why, *count, names.clone()))
            .collect();
        Some(Self {
            items,
            groups,
            set_aside,
            in_use,
            secrets: overview.secrets.clone(),
            projects: overview.projects.clone(),
            online_only: overview.online_only.clone(),
            ..Self::default()
        })
    }

    /// How many files the plan moves.
    pub fn file_count(&self) -> usize {
        if let Some(steps) = &self.steps {
            return steps.len();
        }
        self.groups.iter().map(|group| group.count).sum::<usize>()
            + self.by_name.iter().map(|kind| kind.count).sum::<usize>()
            + self.set_aside.copies.len()
            + self.rules.file_count()
            + self
                .existing
                .iter()
                .map(|folder| folder.moves.len())
                .sum::<usize>()
    }

    /// The plan following the user's rules first (see `large_rules`):
    /// their moves, and the groups by type less what they take. `read`
    /// says whether the session may read contents.
    pub fn follow_rules(&mut self, rules: &Rules, exchanges: &[Exchange], read: bool) {
        let (followed, taken) = LargeRules::plan(rules, &self.set_aside, exchanges, read);
        *self.rules = followed;
        for group in &mut self.groups {
            group.leave_to_rules(&taken);
        }
        self.groups.retain(|group| group.count > 0);
    }

    /// The plan moving `existing` into the folders the user made first:
    /// the groups by type less those files.
    pub fn take_existing(&mut self, existing: Vec<ExistingMoves>) {
        let taken: Vec<&str> = existing
            .iter()
            .flat_map(|folder| folder.moves.iter().map(|(file, _)| file.as_str()))
            .collect();
        for group in &mut self.groups {
            let gone = taken
                .iter()
                .filter(|name| kind(name) == group.category)
                .count();
            if gone == 0 {
                continue;
            }
            group.count = group.count.saturating_sub(gone);
            // The summary's size and patterns counted them too.
            group.size.clear();
            group.patterns.clear();
            group.samples = group
                .samples
                .as_deref()
                .and_then(|samples| without(samples, |name| taken.contains(&name)));
        }
        self.groups.retain(|group| group.count > 0);
        self.existing = existing;
    }

    /// Leaves out the steps of the user's line (by date) that take no file,
    /// and, when one of them takes `every_kind`, the moves by type (no
    /// file is left for them).
    pub fn drop_empty_asked_steps(&mut self, every_kind: bool) {
        let asked = self.rules.asked;
        self.rules
            .steps
            .retain(|step| step.number > asked || !step.exact || step.count > 0);
        if every_kind && asked > 0 {
            self.groups.clear();
        }
    }

    /// The calls carrying out the plan: every step of its rehearsal, with
    /// one `move_files`; none before it is rehearsed.
    pub fn actions(&self) -> Vec<(&'static str, Value)> {
        match &self.steps {
            Some(steps) => self.steps_actions(steps),
            None => Vec::new(),
        }
    }

    /// One `move_matching` per kind the user's line moves by name; the
    /// files left out (by `skip` or the user's line) stay.
    pub(super) fn by_name_intents(&self) -> Vec<(Value, BulkOptions)> {
        self.by_name
            .iter()
            .map(|kind| {
                let arguments = json!({
                    "path": ".",
                    "pattern": kind.pattern,
                    "destination": kind.folder,
                });
                let options = BulkOptions {
                    except: self.left.clone(),
                    rules: None,
                };
                (arguments, options)
            })
            .collect()
    }

    /// One `move_by_type` per group, in the groups' order; the files left
    /// out stay (a group of related files stays whole when one of its
    /// files is there), and so do those the rules exclude.
    pub(super) fn by_type_intents(&self) -> Vec<(Value, BulkOptions)> {
        self.groups
            .iter()
            .map(|group| {
                let arguments = json!({
                    "path": ".",
                    "category": group.category.name(),
                    "destination": group.folder,
                });
                let options = BulkOptions {
                    except: self.left.clone(),
                    rules: self.rules.by_type_rules(),
                };
                (arguments, options)
            })
            .collect()
    }
}

impl LargeGroup {
    /// The group of `category` as the overview counts it, less the copies
    /// set aside; `None` when the overview has no such files.
    fn from_overview(
        category: Category,
        overview: &Summary,
        set_aside: &SetAside,
        taken: &[Listed],
        lang: Lang,
    ) -> Option<Self> {
        let (count, size) = overview.totals.get(&category)?;
        let copies = set_aside
            .copies
            .iter()
            .filter(|copy| kind(&copy.file) == category)
            .count();
        let (folder, folder_exists) = match existing_category_folder(category, lang, taken) {
            Some(existing) => (existing.to_owned(), true),
            None => choose_folder(category_folder(category, lang), taken),
        };
        Some(LargeGroup {
            category,
            folder,
            folder_exists,
            count: count.saturating_sub(copies),
            size: size.clone(),
            patterns: overview
                .patterns
                .iter()
                .filter(|(pattern, _)| kind(pattern) == category)
                .filter_map(|(pattern, count)| {
                    let copies = set_aside.copies.iter().map(|copy| copy.file.as_str());
                    less_matching(pattern, *count, copies)
                })
                .take(PATTERNS_PER_CATEGORY)
                .collect(),
            samples: overview
                .samples
                .get(&category)
                .and_then(|samples| without(samples, |name| set_aside.is_copy(name))),
            after_rules: false,
            up_to: false,
        })
    }

    /// The group less the files the user's rules take or exclude.
    fn leave_to_rules(&mut self, taken: &Taken) {
        let category = self.category;
        let (count, exact) = taken.left_of(self.count, |name| of_kind(name, category));
        self.after_rules = count != self.count;
        self.up_to = !exact;
        self.count = count;
        self.patterns = self
            .patterns
            .iter()
            .filter_map(|(pattern, count)| {
                less_matching(pattern, *count, taken.known.iter().map(String::as_str))
            })
            .collect();
        self.samples = self
            .samples
            .as_deref()
            .and_then(|samples| without(samples, |name| taken.has(name)));
    }
}

/// A name pattern with its count less the `gone` names it matches (set
/// aside, left out); `None` when none is left.
pub fn less_matching<'a>(
    pattern: &str,
    count: usize,
    gone: impl Iterator<Item = &'a str>,
) -> Option<(String, usize)> {
    let glob = globset::GlobBuilder::new(pattern)
        .case_insensitive(true)
        .literal_separator(true)
        .backslash_escape(false)
        .build()
        .ok()?
        .compile_matcher();
    let left = count.saturating_sub(gone.filter(|name| glob.is_match(name)).count());
    (left > 0).then(|| (pattern.to_owned(), left))
}

/// Sample names as the summary gives them (`a.pdf, b.pdf`) without those
/// `gone` names (set aside, left out): a file is shown in one place only.
/// `None` when none is left.
pub fn without(samples: &str, gone: impl Fn(&str) -> bool) -> Option<String> {
    let kept: Vec<&str> = samples.split(", ").filter(|name| !gone(name)).collect();
    (!kept.is_empty()).then(|| kept.join(", "))
}

/// `wanted`, or `wanted (2)`, `wanted (3)`...: the first name that no file
/// takes (in any letter case, so no file system overwrites), and whether a
/// folder of that name is there already (then it is reused, under its own
/// spelling).
fn choose_folder(wanted: &str, taken: &[Listed]) -> (String, bool) {
    let mut candidate = wanted.to_owned();
    let mut n = 2;
    loop {
        let same = |item: &&Listed| item.name.to_lowercase() == candidate.to_lowercase();
        if let Some(dir) = taken
            .iter()
            .find(|item| item.is_dir && item.name == candidate)
        {
            return (dir.name.clone(), true);
        }
        if !taken.iter().filter(same).any(|item| !item.is_dir) {
            return match taken.iter().find(same) {
                Some(dir) => (dir.name.clone(), true),
                None => (candidate, false),
            };
        }
        candidate = format!("{wanted} ({n})");
        n += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::{Listing, ToolData};

    #[test]
    fn folders_are_reused_and_files_never_overwritten() {
        let item = |name: &str, is_dir| Listed {
            name: name.to_owned(),
            is_dir,
            is_link: false,
            modified: None,
            online_only: false,
        };
        assert_eq!(choose_folder("Images", &[]), ("Images".to_owned(), false));
        let taken = [item("images", true)];
        assert_eq!(choose_folder("Images", &taken), ("images".to_owned(), true));
        let taken = [item("IMAGES", false), item("Images (2)", true)];
        assert_eq!(
            choose_folder("Images", &taken),
            ("Images (2)".to_owned(), true)
        );
        let taken = [item("Images", false), item("images (2)", false)];
        assert_eq!(
            choose_folder("Images", &taken),
            ("Images (3)".to_owned(), false)
        );
    }

    #[test]
    fn a_cut_listing_is_recognized_by_its_counts() {
        let listing = |data| Exchange {
            call_id: "c".into(),
            name: "list_files".into(),
            arguments: json!({ "path": "." }),
            result: String::new(),
            succeeded: true,
            data,
        };
        let item = Listed {
            name: "a.txt".into(),
            is_dir: false,
            is_link: false,
            modified: Some((2024, 1)),
            online_only: false,
        };
        let shown = |total, more| {
            listing(ToolData::Listing(Listing {
                items: vec![item.clone()],
                total,
                more,
            }))
        };
        assert!(!is_cut(&shown(1, 0)));
        assert!(is_cut(&shown(2, 1)));
        assert!(!is_cut(&listing(ToolData::Listing(Listing::default()))));
        assert!(!is_cut(&listing(ToolData::None)));
    }
}
