//! A large folder's plan as the planner shows it: the user's rules first,
//! one step each, then by category (never a line per file), with counts,
//! sizes, name patterns and samples. The words are the catalogue's.

use crate::Lang;
use crate::texts::{LeftAlone, PlanFolder, RuleFolder};

use super::large::LargePlan;
use super::large_existing::ExistingMoves;
use super::large_rules::LargeRules;
use super::plan_text::understood;
use super::set_aside::SetAside;

/// Copies named one by one in a plan; the rest are counted.
const COPIES_NAMED: usize = 50;

/// The plan: why it goes by type, the copies set aside, the rules' steps
/// and those that cannot be followed, one paragraph per category, then the
/// question.
pub fn plan_text(plan: &LargePlan, lang: Lang, separator: char) -> String {
    let ruled = *plan.rules != LargeRules::default();
    let why = match ruled {
        true => {
            let (asked, file) = plan.rules.sources();
            lang.large_plan_why_rules(plan.items, asked, file)
        }
        false => lang.large_plan_why(plan.items),
    };
    let mut text = format!(
        "{}{}\n{why}",
        understood(plan.understood.as_deref()),
        lang.plan_heading()
    );
    if !plan.set_aside.copies.is_empty() {
        text.push_str("\n\n");
        text.push_str(&set_aside_text(&plan.set_aside, lang, separator));
    }
    for folder in &plan.existing {
        text.push_str("\n\n");
        text.push_str(&existing_text(folder, lang, separator));
    }
    for kind in &plan.by_name {
        let folder = PlanFolder {
            name: &kind.folder,
            separator,
            exists: kind.folder_exists,
        };
        text.push_str("\n\n");
        text.push_str(&lang.plan_group(folder, &lang.why_request(), kind.count));
        if !kind.samples.is_empty() {
            text.push('\n');
            text.push_str(&lang.for_example(&kind.samples.join(", ")));
        }
    }
    if !plan.rules.steps.is_empty() {
        text.push_str("\n\n");
        text.push_str(&steps_text(&plan.rules, lang, separator));
    }
    if !plan.rules.not_followed.is_empty() {
        text.push_str("\n\n");
        text.push_str(&not_followed_text(&plan.rules, lang));
    }
    if !plan.rules.steps.is_empty() && !plan.groups.is_empty() {
        text.push_str("\n\n");
        text.push_str(&lang.large_rules_then_by_type());
    }
    for group in &plan.groups {
        let folder = PlanFolder {
            name: &group.folder,
            separator,
            exists: group.folder_exists,
        };
        text.push_str("\n\n");
        let heading = if group.after_rules || group.up_to {
            lang.large_plan_group_left(folder, group.category, group.count, group.up_to)
        } else if group.size.is_empty() {
            lang.plan_group(folder, &lang.why_category(group.category), group.count)
        } else {
            lang.large_plan_group(folder, group.category, group.count, &group.size)
        };
        text.push_str(&heading);
        if !group.patterns.is_empty() {
            text.push('\n');
            text.push_str(&lang.name_patterns(&group.patterns));
        }
        if let Some(samples) = &group.samples {
            text.push('\n');
            text.push_str(&lang.for_example(samples));
        }
    }
    if plan.online_only.0 > 0 {
        text.push_str("\n\n");
        text.push_str(&lang.plan_online_only(plan.online_only.0, &plan.online_only.1));
    }
    let mut left: Vec<String> = plan
        .in_use
        .iter()
        .map(|(why, count, names)| lang.left_in_use(*why, *count, names))
        .collect();
    if !plan.projects.is_empty() {
        left.push(lang.left_alone(LeftAlone::Projects, &plan.projects));
    }
    if !plan.rules.exclude.is_empty() {
        left.push(lang.left_alone(LeftAlone::Excluded, &plan.rules.exclude));
    }
    if !plan.skipped.is_empty() {
        left.push(lang.left_alone(LeftAlone::Skipped, &plan.skipped));
    }
    for (kind, asked) in [(LeftAlone::Asked, true), (LeftAlone::NotAsked, false)] {
        let (total, parts) = plan.request_left.counted(lang, asked);
        if total > 0 {
            left.push(lang.left_counted(kind, total, &parts));
        }
    }
    if !left.is_empty() {
        text.push_str("\n\n");
        text.push_str(&left.join("\n"));
    }
    text.push_str("\n\n");
    text.push_str(lang.plan_review_hint());
    text.push('\n');
    text.push_str(lang.plan_question());
    text
}

/// The paragraph of the copies set aside: the folder and every copy with
/// the file kept.
pub fn set_aside_text(set_aside: &SetAside, lang: Lang, separator: char) -> String {
    let folder = PlanFolder {
        name: &set_aside.folder,
        separator,
        exists: set_aside.folder_exists,
    };
    let count = set_aside.copies.len();
    let mut text = lang.plan_group(folder, &lang.why_copies(), count);
    for copy in set_aside.copies.iter().take(COPIES_NAMED) {
        text.push_str(&format!("\n  {} → {}", copy.file, copy.destination));
        text.push_str(&lang.same_bytes_as(&copy.kept));
    }
    if count > COPIES_NAMED {
        text.push_str("\n  ");
        text.push_str(&lang.and_more_grouped(count - COPIES_NAMED));
    }
    text
}

/// The rules' steps, in their order.
fn steps_text(rules: &LargeRules, lang: Lang, separator: char) -> String {
    let (asked, file) = rules.sources();
    let mut text = lang.large_rules_heading(asked, file);
    for step in &rules.steps {
        let to = step.shown(separator);
        let folder = RuleFolder {
            to: &to,
            separator,
            number: rules.shown_number(step.number),
        };
        text.push('\n');
        text.push_str(&lang.large_rule_step(folder, step.count, step.exact, step.reads));
    }
    text
}

/// One line per rule that cannot be followed, with why.
pub fn not_followed_text(rules: &LargeRules, lang: Lang) -> String {
    let lines: Vec<String> = rules
        .not_followed
        .iter()
        .map(|rule| {
            lang.rule_not_followed(
                rules.shown_number(rule.number).unwrap_or(rule.number),
                rule.why,
            )
        })
        .collect();
    lines.join("\n")
}

/// Files named one by one for a folder of the user's; the rest are counted.
const EXISTING_NAMED: usize = 5;

/// The files going into one folder of the user's: its heading and the
/// first names.
fn existing_text(folder: &ExistingMoves, lang: Lang, separator: char) -> String {
    let heading = PlanFolder {
        name: &folder.folder,
        separator,
        exists: true,
    };
    let mut text = lang.plan_existing_group(heading, folder.moves.len());
    text.push_str(&folder.why);
    let names: Vec<&str> = folder
        .moves
        .iter()
        .take(EXISTING_NAMED)
        .map(|(file, _)| file.as_str())
        .collect();
    text.push('\n');
    text.push_str(&lang.for_example(&names.join(", ")));
    text
}
