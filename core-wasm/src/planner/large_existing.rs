//! The folders the user made, on a folder too large to list whole: the
//! same judgement as the per-file plan's (`existing`), on the names a
//! `find_files` of each folder's candidates finds (one page), the files
//! each takes moved by a `move_matching` of their names (each with the
//! files of its group) after the copies are set aside and before the
//! moves by kind, which then find them gone.
//!
//! Steps: the overview lists the user's folders (`list_calls`); then one
//! `find_files` per folder (`lookup_calls`); then, for a photo folder of a
//! year, the pictures whose names carry no date are read for their date
//! taken (`read_calls`); then the plan (`plan`).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::contents::Contents;
use crate::dates::date_in_name;
use crate::file_type::Category;
use crate::groups::Groups;
use crate::kinds::kind;
use crate::paths::{NameCase, free_name};
use crate::tools::Listed;

use super::context::Context;
use super::exchanges::Exchange;
use super::existing::{UserFolder, UserFolders, folders_to_list};
use super::kept::kept_among;
use super::placement::Readings;
use super::set_aside::SetAside;

/// Pictures read at most for their date taken in one plan.
const READS: usize = 100;

/// The files going into one folder of the user's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExistingMoves {
    /// The folder, relative to the target, with the target's separator.
    pub folder: String,
    /// Each file, by name, and where it goes.
    pub moves: Vec<(String, String)>,
    /// Why the first of them goes there, when more than the folder's name
    /// says it (" (like the 3 files in Statements 2025/)").
    #[serde(default)]
    pub why: String,
}

/// `list_files` of each folder of the user's among the items the cut
/// listing of the target shows (folders come first in a listing).
pub fn list_calls(items: &[Listed]) -> Vec<(&'static str, Value)> {
    folders_to_list(items)
        .into_iter()
        .map(|path| ("list_files", json!({ "path": path })))
        .collect()
}

/// The `find_files` of each user folder's candidates this turn has not
/// run yet.
pub fn lookup_calls(users: &UserFolders, this_turn: &[Exchange]) -> Vec<(&'static str, Value)> {
    let mut globs: Vec<String> = users
        .all()
        .iter()
        .map(UserFolder::candidates_glob)
        .collect();
    globs.sort();
    globs.dedup();
    globs
        .into_iter()
        .filter(|glob| found(this_turn, glob).is_none())
        .map(|glob| {
            (
                "find_files",
                json!({ "path": ".", "pattern": glob, "offset": 0 }),
            )
        })
        .collect()
}

/// `read_file` of the pictures found whose names carry no date, when a
/// folder goes by the year photos were taken (at most [`READS`]).
pub fn read_calls(users: &UserFolders, this_turn: &[Exchange]) -> Vec<(&'static str, Value)> {
    if !users.wants_dates_taken() {
        return Vec::new();
    }
    let readings = Readings::new(this_turn);
    let mut names: BTreeSet<String> = BTreeSet::new();
    for folder in users.all() {
        for item in found(this_turn, &folder.candidates_glob()).unwrap_or_default() {
            if kind(&item.name) == Category::Images && date_in_name(&item.name).is_none() {
                names.insert(item.name.clone());
            }
        }
    }
    names
        .into_iter()
        .filter(|name| readings.of(name).is_none())
        .take(READS)
        .map(|name| ("read_file", json!({ "path": name })))
        .collect()
}

/// The visible files the `find_files` of `glob` found this turn; `None`
/// when it did not run.
fn found<'a>(this_turn: &'a [Exchange], glob: &str) -> Option<Vec<&'a Listed>> {
    let exchange = this_turn
        .iter()
        .rev()
        .find(|e| e.name == "find_files" && e.arg("path") == "." && e.arg("pattern") == glob)?;
    Some(
        exchange
            .items()
            .iter()
            .filter(|item| !item.is_dir && !item.name.starts_with('.'))
            .collect(),
    )
}

/// The files the user's folders take, by folder: never a copy set aside
/// (`set_aside`), a file left out (`left`), one in use, a link, a key or
/// credential (by name, or among the `secrets` told by contents), one of a group of
/// related files (its group moves by kind, whole), one the user's line or
/// rules send elsewhere. Nothing when the line asks for dates.
pub fn plan(
    users: &UserFolders,
    ctx: &Context<'_>,
    this_turn: &[Exchange],
    (set_aside, left, secrets): (&SetAside, &[String], &[String]),
) -> Vec<ExistingMoves> {
    if ctx.request.by_date.is_some() {
        return Vec::new();
    }
    let readings = Readings::new(this_turn);
    let separator = ctx.separator();
    let case = NameCase::of_separator(separator);
    let mut taken: BTreeSet<String> = BTreeSet::new();
    let mut out: Vec<ExistingMoves> = Vec::new();
    for folder in users.all() {
        let candidates = found(this_turn, &folder.candidates_glob()).unwrap_or_default();
        let names: Vec<&str> = candidates.iter().map(|item| item.name.as_str()).collect();
        let busy = kept_among(candidates.iter().copied(), secrets);
        let related = Groups::form(names.iter().map(|name| (*name, false)));
        let mut used: BTreeSet<String> = folder.holds.iter().map(|n| case.key(n)).collect();
        let mut moves = Vec::new();
        let mut why = String::new();
        let free = |taken: &BTreeSet<String>, name: &str| {
            !taken.contains(name)
                && !busy.contains_key(name)
                && !set_aside.is_copy(name)
                && !left.iter().any(|left| left == name)
                && ctx.request.keeps(name)
                && !ctx.rules.is_some_and(|rules| {
                    rules.is_excluded(name, false) || rules.matches_some_name(name)
                })
        };
        for name in names {
            // A group goes where its main file goes, whole.
            let group = related.of(name);
            let free = !related.is_member(name)
                && group.is_none_or(|group| group.names().all(|member| free(&taken, member)))
                && free(&taken, name);
            let category = group.map_or_else(|| kind(name), |group| group.kind());
            let taken_at = readings.of(name).and_then(Contents::taken_month);
            let first = users.destination(name, category, taken_at);
            let Some((_, evidence)) = first.filter(|(f, _)| free && f.path == folder.path) else {
                continue;
            };
            if why.is_empty() {
                why = ctx.lang.existing_evidence(&evidence, &folder.path);
            }
            let as_named = free_name(name, case, |key| used.contains(key));
            used.insert(case.key(&as_named));
            // The group's other files go with it.
            taken.extend(
                group
                    .into_iter()
                    .flat_map(|group| group.names())
                    .map(str::to_owned),
            );
            taken.insert(name.to_owned());
            let shown = folder.path.replace('/', &separator.to_string());
            moves.push((name.to_owned(), format!("{shown}{separator}{as_named}")));
        }
        if !moves.is_empty() {
            out.push(ExistingMoves {
                folder: folder.path.replace('/', &separator.to_string()),
                moves,
                why,
            });
        }
    }
    out
}

/// The files one `move_matching` names at most.
const NAMES_PER_CALL: usize = 500;

/// The calls moving the files a folder of the user's takes: a
/// `move_matching` of their names, so each takes the files of its group
/// along as the whole folder shows them ([`NAMES_PER_CALL`] names a call).
pub fn actions(existing: &[ExistingMoves]) -> Vec<(&'static str, Value)> {
    let mut calls = Vec::new();
    for folder in existing {
        let names: Vec<&str> = folder.moves.iter().map(|(file, _)| file.as_str()).collect();
        for chunk in names.chunks(NAMES_PER_CALL) {
            calls.push((
                "move_matching",
                json!({
                    "path": ".",
                    "pattern": names_glob(chunk),
                    "destination": folder.folder,
                }),
            ));
        }
    }
    calls
}

/// A glob matching the names `names` (and, where a name holds a character
/// globs read specially, any character there).
fn names_glob(names: &[&str]) -> String {
    let plain: Vec<String> = names
        .iter()
        .map(|name| name.replace(['*', '?', '[', ']', '{', '}', ',', '!', '\\'], "?"))
        .collect();
    match plain.as_slice() {
        [one] => one.clone(),
        _ => format!("{{{}}}", plain.join(",")),
    }
}

/// Whether a folder of the user's takes the file `name`.
pub fn takes(existing: &[ExistingMoves], name: &str) -> bool {
    existing
        .iter()
        .any(|folder| folder.moves.iter().any(|(file, _)| file == name))
}

/// What `skip NAME` leaves out of the moves into the user's folders: a
/// whole folder's files when `name` is its folder (then `Some((folder,
/// files))`), or the one file named (`Some((file, [file]))`); the files
/// left stay where they are.
pub fn skip(existing: &mut Vec<ExistingMoves>, name: &str) -> Option<(String, Vec<String>)> {
    let wanted = name.trim_end_matches(['/', '\\']);
    if let Some(at) = existing.iter().position(|f| f.folder == wanted) {
        let folder = existing.remove(at);
        let files = folder.moves.into_iter().map(|(file, _)| file).collect();
        return Some((folder.folder, files));
    }
    for folder in existing.iter_mut() {
        if let Some(at) = folder.moves.iter().position(|(file, _)| file == name) {
            let (file, _) = folder.moves.remove(at);
            existing.retain(|folder| !folder.moves.is_empty());
            return Some((file.clone(), vec![file]));
        }
    }
    None
}
