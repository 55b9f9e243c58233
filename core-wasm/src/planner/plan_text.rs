//! A plan as the planner shows it: a line per file (a group of related
//! files on its main file's line) under each group's heading, then what stays where it is, then the question. The words are
//! the catalogue's.

use crate::Lang;
use crate::in_use::InUse;
use crate::texts::{LeftAlone, PlanFolder};

use super::plan::{Group, Plan, Reason};

/// The plan, grouped, ending with the question; folders are shown with
/// `separator`, the target's.
pub fn plan_text(plan: &Plan, lang: Lang, separator: char) -> String {
    let mut text = understood(plan.understood.as_deref());
    text.push_str(lang.plan_heading());
    for group in &plan.groups {
        text.push_str("\n\n");
        text.push_str(&group_heading(group, lang, separator));
        let members: Vec<&str> = plan
            .related
            .values()
            .flatten()
            .map(|(name, _)| name.as_str())
            .collect();
        for step in &group.moves {
            // A group of related files shows as its main file's line.
            if members.contains(&step.file.as_str()) {
                continue;
            }
            text.push_str(&format!("\n  {} → {}", step.file, step.destination));
            if let Some(with) = plan.related.get(&step.file) {
                text.push_str(&lang.moving_with(with));
            }
            if let Some(kept) = plan.copy_of.get(&step.file) {
                text.push_str(&lang.same_bytes_as(kept));
            }
            if let Some(why) = plan.evidence.get(&step.file) {
                text.push_str(why);
            }
            if plan.online_only.contains(&step.file) {
                text.push_str(lang.online_only_mark());
            }
        }
    }
    let left = left_alone(plan, lang);
    if !left.is_empty() {
        text.push_str("\n\n");
        text.push_str(&left);
    }
    text.push_str("\n\n");
    text.push_str(lang.plan_review_hint());
    text.push('\n');
    text.push_str(lang.plan_question());
    text
}

/// A group's heading: its folder, why its files go there, how many.
pub fn group_heading(group: &Group, lang: Lang, separator: char) -> String {
    let folder = PlanFolder {
        name: &group.folder,
        separator,
        exists: group.folder_exists,
    };
    let why = match group.reason {
        Reason::Existing => return lang.plan_existing_group(folder, group.moves.len()),
        Reason::Request => lang.why_request(),
        Reason::Category(category) => lang.why_category(category),
        Reason::Rule(number) => lang.why_rule(number),
        Reason::Duplicate => lang.why_copies(),
    };
    lang.plan_group(folder, &why, group.moves.len())
}

/// A line per kind of item the plan leaves alone: the files in use first.
pub fn left_alone(plan: &Plan, lang: Lang) -> String {
    let lines: Vec<String> = left_kinds(plan)
        .into_iter()
        .filter(|(_, items)| !items.is_empty())
        .map(|(kind, items)| lang.left_alone(kind, &items))
        .collect();
    lines.join("\n")
}

/// Each kind of item the plan leaves alone, with its items.
pub fn left_kinds(plan: &Plan) -> Vec<(LeftAlone, Vec<String>)> {
    let mut kinds: Vec<(LeftAlone, Vec<String>)> = InUse::ALL
        .into_iter()
        .map(|why| (LeftAlone::InUse(why), plan.in_use_of(why)))
        .collect();
    kinds.extend([
        (LeftAlone::Projects, plan.projects.clone()),
        (LeftAlone::Folders, plan.folders_left.clone()),
        (LeftAlone::Hidden, plan.hidden_left.clone()),
        (LeftAlone::Unclassified, plan.unclassified.clone()),
        (LeftAlone::Excluded, plan.excluded.clone()),
        (LeftAlone::Skipped, plan.skipped.clone()),
        (LeftAlone::Asked, plan.asked_left.clone()),
        (LeftAlone::NotAsked, plan.not_asked.clone()),
    ]);
    kinds
}

/// Said when there is nothing to move, with what stays where it is.
pub fn nothing_to_organize(plan: &Plan, lang: Lang) -> String {
    let head = understood(plan.understood.as_deref()) + lang.nothing_to_organize();
    let left = left_alone(plan, lang);
    if left.is_empty() {
        head
    } else {
        format!("{head}\n{left}")
    }
}

/// The line saying what the user's line was understood to ask, ending
/// with a line break; empty for a plain request.
pub fn understood(line: Option<&str>) -> String {
    line.map(|line| format!("{line}\n")).unwrap_or_default()
}
