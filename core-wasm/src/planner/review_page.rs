//! The page `show` gives of a pending plan: its sections, and for a large
//! plan every file the moves take, read from the target's listing.

use std::collections::{BTreeMap, HashSet};

use crate::Lang;
use crate::file_type::Category;
use crate::groups::Groups;
use crate::in_use::{InUse, in_use_of};
use crate::kinds::kind;
use crate::ports::{Entry, EntryKind};
use crate::texts::{LeftAlone, PlanFolder};

use super::large::{LargePlan, less_matching};
use super::large_existing;
use super::review_rules::rule_pages;

/// Whether a bulk move may take this entry of the target: a visible file
/// or link not in use (`busy`, see [`busy`]).
pub(super) fn movable(entry: &Entry, busy: &BTreeMap<String, InUse>) -> bool {
    matches!(entry.kind, EntryKind::File | EntryKind::Symlink)
        && !entry.name.starts_with('.')
        && !busy.contains_key(&entry.name)
}

/// The items of the target's `listing` that look in use: by their names,
/// symbolic links (launchers), and the keys and credentials the plan's
/// summary told by their contents (`secrets`).
pub(super) fn busy(listing: &[Entry], secrets: &[String]) -> BTreeMap<String, InUse> {
    let mut busy = in_use_of(listing.iter().map(|entry| entry.name.as_str()));
    for entry in listing {
        if entry.kind == EntryKind::Symlink {
            busy.entry(entry.name.clone()).or_insert(InUse::Launcher);
        } else if secrets.contains(&entry.name) {
            busy.entry(entry.name.clone()).or_insert(InUse::Secret);
        }
    }
    busy
}

/// A section of the page: `heading`, then a line per item.
pub(super) fn section(heading: String, lines: impl IntoIterator<Item = String>) -> String {
    let mut text = heading;
    for line in lines {
        text.push_str("\n  ");
        text.push_str(&line);
    }
    text
}

/// A section per kind of item that stays, for the kinds with items.
pub(super) fn left_sections(kinds: Vec<(LeftAlone, Vec<String>)>, lang: Lang) -> Vec<String> {
    kinds
        .into_iter()
        .filter(|(_, items)| !items.is_empty())
        .map(|(kind, items)| section(lang.page_left_heading(kind, items.len()), items))
        .collect()
}

pub(super) fn large_page(
    plan: &LargePlan,
    lang: Lang,
    separator: char,
    listing: &[Entry],
) -> Vec<String> {
    let mut names: Vec<&Entry> = listing.iter().collect();
    names.sort_by(|a, b| a.name.cmp(&b.name));
    let stays = |name: &str| {
        plan.set_aside.is_copy(name)
            || plan.left.iter().any(|n| n == name)
            || large_existing::takes(&plan.existing, name)
    };
    let busy = busy(listing, &plan.secrets);
    let related = related(listing);
    // A group of related files stays whole when one of its files stays.
    let unit_stays = |name: &str| match related.of(name) {
        Some(group) => group.names().any(stays),
        None => stays(name),
    };
    let movables: Vec<&Entry> = names
        .iter()
        .copied()
        .filter(|entry| movable(entry, &busy))
        .collect();
    let ruled = rule_pages(plan, lang, separator, &movables, &stays);
    let mut groups = Vec::new();
    let mut moves = plan.set_aside.copies.len() + ruled.taken.len();
    let existing = plan.existing.iter().map(|folder| {
        moves += folder.moves.len();
        let shown = PlanFolder {
            name: &folder.folder,
            separator,
            exists: true,
        };
        let lines = folder
            .moves
            .iter()
            .map(|(file, destination)| format!("{file} → {destination}"));
        section(lang.plan_existing_group(shown, folder.moves.len()), lines)
    });
    let existing: Vec<String> = existing.collect();
    for group in &plan.groups {
        let files: Vec<&str> = names
            .iter()
            .filter(|entry| {
                movable(entry, &busy) && unit_kind(&related, &entry.name) == group.category
            })
            .map(|entry| entry.name.as_str())
            .filter(|name| !unit_stays(name) && !by_name_matches(plan, name))
            .filter(|name| !ruled.taken.contains(*name))
            .filter(|name| !ruled.excluded.iter().any(|excluded| excluded == name))
            .collect();
        moves += files.len();
        let folder = PlanFolder {
            name: &group.folder,
            separator,
            exists: group.folder_exists,
        };
        let heading = lang.plan_group(folder, &lang.why_category(group.category), files.len());
        let lines = files
            .iter()
            .map(|name| format!("{name} → {}{separator}{name}", group.folder));
        groups.push(section(heading, lines));
    }
    let mut by_name = Vec::new();
    let mut moved_by_name: Vec<&str> = Vec::new();
    for kind in &plan.by_name {
        let files: Vec<&str> = names
            .iter()
            .filter(|entry| movable(entry, &busy) && !stays(&entry.name))
            .map(|entry| entry.name.as_str())
            .filter(|name| less_matching(&kind.pattern, 1, [*name].into_iter()).is_none())
            .filter(|name| !moved_by_name.contains(name))
            .collect();
        moves += files.len();
        moved_by_name.extend(&files);
        let folder = PlanFolder {
            name: &kind.folder,
            separator,
            exists: kind.folder_exists,
        };
        let heading = lang.plan_group(folder, &lang.why_request(), files.len());
        let lines = files
            .iter()
            .map(|name| format!("{name} → {}{separator}{name}", kind.folder));
        by_name.push(section(heading, lines));
    }
    let mut sections = vec![lang.page_heading(moves)];
    sections.extend(by_name);
    if !plan.set_aside.copies.is_empty() {
        let folder = PlanFolder {
            name: &plan.set_aside.folder,
            separator,
            exists: plan.set_aside.folder_exists,
        };
        let heading = lang.plan_group(folder, &lang.why_copies(), plan.set_aside.copies.len());
        let lines = plan.set_aside.copies.iter().map(|copy| {
            format!(
                "{} → {}{}",
                copy.file,
                copy.destination,
                lang.same_bytes_as(&copy.kept)
            )
        });
        sections.push(section(heading, lines));
    }
    sections.extend(existing);
    sections.extend(ruled.sections);
    sections.extend(groups);
    sections.extend(left_part(plan, lang, listing, ruled.excluded, &|_| false));
    sections
}

/// The sections of what stays: the target's items (`listing`) in use,
/// folders, hidden, excluded by the rules (`excluded`), left out by the
/// user, left by the user's line (asked or not named); an item `moved`
/// says the plan moves is in none of them.
pub(super) fn left_part(
    plan: &LargePlan,
    lang: Lang,
    listing: &[Entry],
    excluded: Vec<String>,
    moved: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    let mut names: Vec<&Entry> = listing.iter().filter(|e| !moved(&e.name)).collect();
    names.sort_by(|a, b| a.name.cmp(&b.name));
    let busy = busy(listing, &plan.secrets);
    let related = related(listing);
    let excluded: Vec<String> = excluded.into_iter().filter(|name| !moved(name)).collect();
    let of_kind = |keep: &dyn Fn(&Entry) -> bool| -> Vec<String> {
        names
            .iter()
            .filter(|e| keep(e))
            .map(|e| e.name.clone())
            .collect()
    };
    // Each looked up once per item: sets, and the kinds' globs built once.
    let by_name = by_name_matcher(plan);
    let asked_names: HashSet<&str> = plan.request_left.names.iter().map(String::as_str).collect();
    let left: HashSet<&str> = plan.left.iter().map(String::as_str).collect();
    // Left by the user's line: as asked (`Some(true)`), or not named.
    let by_request = |entry: &Entry| -> Option<bool> {
        if !movable(entry, &busy) || by_name(&entry.name) {
            return None;
        }
        if asked_names.contains(entry.name.as_str()) {
            return Some(true);
        }
        let skipped = left.contains(entry.name.as_str());
        let category = unit_kind(&related, &entry.name);
        (!skipped && !plan.skipped_categories.contains(&category))
            .then(|| plan.request_left.category(category))
            .flatten()
    };
    let asked = of_kind(&|entry| by_request(entry) == Some(true));
    let not_asked = of_kind(&|entry| by_request(entry) == Some(false));
    let skipped = of_kind(&|entry| {
        movable(entry, &busy)
            && !by_name(&entry.name)
            && !asked_names.contains(entry.name.as_str())
            && (left.contains(entry.name.as_str())
                || plan
                    .skipped_categories
                    .contains(&unit_kind(&related, &entry.name)))
    });
    let in_use = InUse::ALL.into_iter().map(|why| {
        let names = of_kind(&|e| !e.name.starts_with('.') && busy.get(&e.name) == Some(&why));
        (LeftAlone::InUse(why), names)
    });
    left_sections(
        in_use
            .chain([
                (
                    LeftAlone::Folders,
                    of_kind(&|e| e.kind == EntryKind::Dir && !busy.contains_key(&e.name)),
                ),
                (
                    LeftAlone::Hidden,
                    of_kind(&|e| e.kind != EntryKind::Dir && e.name.starts_with('.')),
                ),
                (LeftAlone::Excluded, excluded),
                (LeftAlone::Skipped, skipped),
                (LeftAlone::Asked, asked),
                (LeftAlone::NotAsked, not_asked),
            ])
            .collect(),
        lang,
    )
}

/// Whether a kind the plan moves by name takes a file, by its name: the
/// kinds' globs built once.
fn by_name_matcher(plan: &LargePlan) -> impl Fn(&str) -> bool {
    let globs: Vec<globset::GlobMatcher> = (plan.by_name.iter())
        .filter_map(|kind| {
            globset::GlobBuilder::new(&kind.pattern)
                .case_insensitive(true)
                .literal_separator(true)
                .backslash_escape(false)
                .build()
                .ok()
        })
        .map(|glob| glob.compile_matcher())
        .collect();
    move |name| globs.iter().any(|glob| glob.is_match(name))
}

/// Whether a kind the plan moves by name takes the file `name`.
pub(super) fn by_name_matches(plan: &LargePlan, name: &str) -> bool {
    plan.by_name
        .iter()
        .any(|kind| matches_pattern(&kind.pattern, name))
}

/// The groups of related files among the target's `listing`.
pub(super) fn related(listing: &[Entry]) -> Groups {
    Groups::form(
        listing
            .iter()
            .map(|entry| (entry.name.as_str(), entry.kind == EntryKind::Dir)),
    )
}

/// The category a bulk move by type takes the file `name` with: its
/// group's kind when it is one of a group of `related` files, else its
/// own.
pub(super) fn unit_kind(related: &Groups, name: &str) -> Category {
    related
        .of(name)
        .map_or_else(|| kind(name), |group| group.kind())
}

/// Whether the glob `pattern` (case-insensitive) matches `name`.
pub(super) fn matches_pattern(pattern: &str, name: &str) -> bool {
    less_matching(pattern, 1, [name].into_iter()).is_none()
}
