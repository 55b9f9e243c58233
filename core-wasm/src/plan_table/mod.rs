//! The plan table: a dry run's steps as rows a person reviews before
//! anything changes. One row per moved or deleted item (name, kind, size,
//! from, to, why), grouped by destination folder in the order the steps
//! first reach each one; what stays because it is in use, with why. Both
//! hosts (the native `tidyup ui` and the static page) build their table
//! here, so both show the same rows in the same words. Pure: it sees only
//! the steps, the folder's entries before the plan and the rules file's
//! text. The JSON shape is `docs/UI.md`'s.

mod why;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::format::format_size;
use crate::in_use::in_use_of;
use crate::ports::{ErrorCode, HostError};
use crate::texts::Lang;

/// The most steps, and the most entries, one table is made from: a plan
/// of the largest folder tidyup organizes fits many times over, and a
/// host's runaway input is refused before any work.
pub const MAX_PLAN_ITEMS: usize = 1_000_000;

/// A request for a table, as hosts pass it across the ABI
/// (`tidyup_plan_table`): the language of its words and the plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanRequest {
    /// The language of the table's words.
    #[serde(default)]
    pub lang: Lang,
    /// The plan.
    pub input: PlanInput,
}

impl PlanRequest {
    /// The table, or `bad_input` when the plan has more than
    /// [`MAX_PLAN_ITEMS`] steps or entries.
    pub fn table(&self) -> Result<PlanTable, HostError> {
        let (steps, entries) = (self.input.steps.len(), self.input.entries.len());
        if steps > MAX_PLAN_ITEMS || entries > MAX_PLAN_ITEMS {
            return Err(HostError::new(
                ErrorCode::BadInput,
                format!(
                    "a plan table is made of at most {MAX_PLAN_ITEMS} steps and entries \
                     ({steps} steps, {entries} entries given)"
                ),
            ));
        }
        Ok(plan_table(&self.input, self.lang))
    }
}

/// What the table is made from: a plan's id, its folder, its steps in
/// order as a dry run records them, the folder's entries before the plan,
/// and the rules file's text when there is one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanInput {
    /// The plan's id, handed back in the table (`p1`).
    pub plan: String,
    /// The plan's folder, absolute.
    pub folder: String,
    /// The steps, in order, absolute paths.
    #[serde(default)]
    pub steps: Vec<Step>,
    /// The folder's top-level entries before the plan.
    #[serde(default)]
    pub entries: Vec<PlanEntry>,
    /// The rules file's text; one that does not parse counts as none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
}

/// One step of a dry run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Step {
    /// A folder made.
    CreateFolder {
        /// The folder, absolute.
        path: String,
    },
    /// An item moved (or renamed).
    Move {
        /// Where it was, absolute.
        from: String,
        /// Where it goes, absolute, its name included.
        to: String,
        /// Its size in bytes.
        #[serde(default)]
        size: u64,
        /// The digest of its bytes as the dry run read them (`blake3:…`),
        /// when it did: a copy's row names the file of these very bytes.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        digest: Option<String>,
    },
    /// An item deleted (into the trash).
    Delete {
        /// The item, absolute.
        path: String,
        /// Its size in bytes.
        #[serde(default)]
        size: u64,
        /// The digest of its bytes, as for a move.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        digest: Option<String>,
    },
}

/// One top-level entry of the folder before the plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanEntry {
    /// Its name.
    pub name: String,
    /// Its size in bytes (0 for a folder).
    #[serde(default)]
    pub size: u64,
    /// Whether it is a folder.
    #[serde(default)]
    pub dir: bool,
    /// The digest of its bytes (`blake3:…`), when the host read them: a
    /// file no step moves but of a size some other file has, which a
    /// copy's row may name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
    /// Whether its content lives elsewhere (a cloud drive's online-only
    /// file): moved without being read, and its row says so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub online_only: bool,
    /// For a folder, the names of files it holds (the first few hundred),
    /// when the host listed it: the evidence a row going into it is told
    /// by ("like the 12 files in Statements 2025/").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holds: Vec<String>,
}

/// The table: groups of rows by destination, the folders a destination
/// may be changed to, how many rows delete, and what stays in use.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanTable {
    /// The plan's id.
    pub plan: String,
    /// The plan's folder, absolute.
    pub folder: String,
    /// The groups, in the order the steps first reach each destination.
    pub groups: Vec<PlanGroup>,
    /// Every folder a destination may be changed to: the existing ones and
    /// the plan's new ones, relative, sorted.
    pub folders: Vec<String>,
    /// How many rows delete (into the trash).
    pub deletes: usize,
    /// Entries in use the plan leaves where they are.
    pub left: Vec<LeftRow>,
}

/// The rows bound for one destination.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanGroup {
    /// The folder, relative to the plan's folder (`""` is the folder
    /// itself, for renames in place); `None` (`null`) for the group of
    /// deletes, whose items go to the trash.
    pub destination: Option<String>,
    /// The plan makes this folder.
    pub new: bool,
    /// How many rows.
    pub count: usize,
    /// The rows, in step order.
    pub rows: Vec<PlanRow>,
}

/// One moved or deleted item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanRow {
    /// Its id within the plan (`r1`, in step order: the Nth move or
    /// delete).
    pub id: String,
    /// The index of its step among the plan's steps (those of
    /// [`PlanInput::steps`], folders made included): what an apply of the
    /// row carries out, whatever names the row shows.
    pub step: usize,
    /// The name it will have.
    pub name: String,
    /// The name it has, when the plan renames it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_name: Option<String>,
    /// Its kind, in the table's language.
    pub kind: String,
    /// Its size in bytes.
    pub size: u64,
    /// Its size as people read it (`51.1 KB`).
    pub size_text: String,
    /// The folder it is in, relative (`""`: the plan's folder).
    pub from: String,
    /// The folder it goes to, relative; `None` (`null`) when the row
    /// deletes the item (into the trash).
    pub to: Option<String>,
    /// Why it goes there.
    pub why: Why,
    /// Whether the item is online-only (a cloud drive's placeholder,
    /// moved without being downloaded); absent when not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub online_only: bool,
}

/// Why a row's item goes where it goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Why {
    /// The kind of reason.
    #[serde(rename = "type")]
    pub kind: WhyKind,
    /// The reason in words, in the table's language.
    pub text: String,
}

/// The kinds of reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WhyKind {
    /// A rule of the rules file.
    Rule,
    /// Its kind of file.
    Category,
    /// A copy of another file.
    Duplicate,
    /// It belongs with another file moving alongside.
    Group,
    /// A folder of the person's takes it: its name, or the files it holds,
    /// say the file belongs there.
    Existing,
    /// The request (or the plan) asked for it.
    Request,
}

/// An entry in use the plan leaves where it is, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeftRow {
    /// Its name.
    pub name: String,
    /// Why it is in use, in words.
    pub why: String,
}

/// A move or delete of the plan, made relative.
#[derive(Debug, Clone)]
struct Item {
    /// The index of its step among the input's steps.
    step: usize,
    /// The name it has now.
    from_name: String,
    /// Its folder now, relative.
    from: String,
    /// The name it will have.
    name: String,
    /// Its destination folder, relative; `None` for a delete.
    to: Option<String>,
    size: u64,
    /// The digest of its bytes, when the dry run read them.
    digest: Option<String>,
}

/// The plan table of `input`, its words in `lang`.
pub fn plan_table(input: &PlanInput, lang: Lang) -> PlanTable {
    let root = input.folder.as_str();
    let mut created: BTreeSet<String> = BTreeSet::new();
    let mut items: Vec<Item> = Vec::new();
    for (at, step) in input.steps.iter().enumerate() {
        match step {
            Step::CreateFolder { path } => {
                created.insert(relative(root, path));
            }
            Step::Move {
                from,
                to,
                size,
                digest,
            } => {
                let (from, from_name) = split(&relative(root, from));
                let (to, name) = split(&relative(root, to));
                items.push(Item {
                    step: at,
                    from_name,
                    from,
                    name,
                    to: Some(to),
                    size: *size,
                    digest: digest.clone(),
                });
            }
            Step::Delete { path, size, digest } => {
                let (from, from_name) = split(&relative(root, path));
                items.push(Item {
                    step: at,
                    name: from_name.clone(),
                    from_name,
                    from,
                    to: None,
                    size: *size,
                    digest: digest.clone(),
                });
            }
        }
    }
    let context = why::Context::new(input, &items, lang);
    let online_only: BTreeSet<&str> = (input.entries.iter())
        .filter(|entry| entry.online_only)
        .map(|entry| entry.name.as_str())
        .collect();
    let existing: BTreeSet<&str> = input
        .entries
        .iter()
        .filter(|entry| entry.dir && !entry.name.starts_with('.'))
        .map(|entry| entry.name.as_str())
        .collect();
    let is_new = |folder: &str| {
        !folder.is_empty()
            && (created.contains(folder)
                || !existing.contains(folder.split('/').next().unwrap_or(folder)))
    };
    let mut groups: Vec<PlanGroup> = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let destination = item.to.clone();
        let row = PlanRow {
            id: format!("r{}", index + 1),
            step: item.step,
            name: item.name.clone(),
            from_name: (item.name != item.from_name).then(|| item.from_name.clone()),
            kind: context.kind_word(item),
            size: context.size(item),
            size_text: format_size(context.size(item)),
            from: item.from.clone(),
            to: destination.clone(),
            why: context.why(item),
            online_only: item.from.is_empty() && online_only.contains(item.from_name.as_str()),
        };
        match groups
            .iter_mut()
            .find(|group| group.destination == destination)
        {
            Some(group) => group.rows.push(row),
            None => groups.push(PlanGroup {
                new: destination.as_deref().is_some_and(is_new),
                destination,
                count: 0,
                rows: vec![row],
            }),
        }
    }
    for group in &mut groups {
        group.count = group.rows.len();
    }
    let mut folders: BTreeSet<String> = existing.iter().map(|name| (*name).to_owned()).collect();
    folders.extend(created.iter().filter(|f| !f.is_empty()).cloned());
    folders.extend(
        groups
            .iter()
            .filter_map(|group| group.destination.clone())
            .filter(|destination| !destination.is_empty()),
    );
    PlanTable {
        plan: input.plan.clone(),
        folder: input.folder.clone(),
        deletes: items.iter().filter(|item| item.to.is_none()).count(),
        left: left(input, &items, lang),
        folders: folders.into_iter().collect(),
        groups,
    }
}

/// The entries in use that no step moves or deletes, with why.
fn left(input: &PlanInput, items: &[Item], lang: Lang) -> Vec<LeftRow> {
    let touched: BTreeSet<&str> = items
        .iter()
        .filter(|item| item.from.is_empty())
        .map(|item| item.from_name.as_str())
        .collect();
    let busy: BTreeMap<String, _> = in_use_of(input.entries.iter().map(|e| e.name.as_str()));
    input
        .entries
        .iter()
        .filter(|entry| !touched.contains(entry.name.as_str()))
        .filter_map(|entry| {
            let why = busy.get(&entry.name)?;
            Some(LeftRow {
                name: entry.name.clone(),
                why: lang.in_use_label(*why, 1).to_owned(),
            })
        })
        .collect()
}

/// `path` relative to `root`, `/` separated; `""` for `root` itself. A
/// path outside `root` is kept whole (separators made `/`).
fn relative(root: &str, path: &str) -> String {
    let clean = |text: &str| text.replace('\\', "/").trim_end_matches('/').to_owned();
    let (root, path) = (clean(root), clean(path));
    if path == root {
        return String::new();
    }
    match path.strip_prefix(&root) {
        Some(rest) if rest.starts_with('/') || root.is_empty() => {
            rest.trim_start_matches('/').to_owned()
        }
        _ => path,
    }
}

/// A relative path's folder and name.
fn split(relative: &str) -> (String, String) {
    match relative.rsplit_once('/') {
        Some((folder, name)) => (folder.to_owned(), name.to_owned()),
        None => (String::new(), relative.to_owned()),
    }
}
