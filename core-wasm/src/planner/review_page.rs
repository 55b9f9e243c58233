//! The page `show` gives of a pending plan: its sections, and for a large
//! plan every file the moves take, read from the target's listing.

use std::collections::BTreeMap;

use crate::Lang;
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
            .filter(|entry| movable(entry, &busy) && kind(&entry.name) == group.category)
            .map(|entry| entry.name.as_str())
            .filter(|name| !stays(name) && !by_name_matches(plan, name))
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
    let of_kind = |keep: &dyn Fn(&Entry) -> bool| -> Vec<String> {
        names
            .iter()
            .filter(|e| keep(e))
            .map(|e| e.name.clone())
            .collect()
    };
    let skipped = of_kind(&|entry| {
        movable(entry, &busy)
            && !by_name_matches(plan, &entry.name)
            && (plan.left.contains(&entry.name)
                || plan.skipped_categories.contains(&kind(&entry.name)))
    });
    let in_use = InUse::ALL.into_iter().map(|why| {
        let names = of_kind(&|e| !e.name.starts_with('.') && busy.get(&e.name) == Some(&why));
        (LeftAlone::InUse(why), names)
    });
    sections.extend(left_sections(
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
                (LeftAlone::Excluded, ruled.excluded),
                (LeftAlone::Skipped, skipped),
            ])
            .collect(),
        lang,
    ));
    sections
}

/// Whether a kind the plan moves by name takes the file `name`.
fn by_name_matches(plan: &LargePlan, name: &str) -> bool {
    plan.by_name
        .iter()
        .any(|kind| less_matching(&kind.pattern, 1, [name].into_iter()).is_none())
}
