//! The page `show` gives of a rehearsed large plan: every step under the
//! heading of the part that makes it, in the order they run, then what
//! stays. The page is read from the steps, so it is what the go-ahead
//! carries out, file for file.

use std::collections::HashSet;

use crate::Lang;
use crate::ports::Entry;
use crate::texts::{PlanFolder, RuleFolder};

use super::large::LargePlan;
use super::planned::{Part, PlannedMove};
use super::review_page::{busy, left_part, movable, section};
use super::review_rules::rule_pages;

/// The page's sections for `plan`, whose `steps` the rehearsal made, over
/// the target's `listing`.
pub fn steps_page(
    plan: &LargePlan,
    steps: &[PlannedMove],
    lang: Lang,
    separator: char,
    listing: &[Entry],
) -> Vec<String> {
    let mut sections = vec![lang.page_heading(steps.len())];
    let mut parts: Vec<Part> = Vec::new();
    for step in steps {
        if !parts.contains(&step.part) {
            parts.push(step.part);
        }
    }
    for part in parts {
        let of_part: Vec<&PlannedMove> = steps.iter().filter(|s| s.part == part).collect();
        let lines = of_part.iter().map(|step| {
            let twin = (step.twin.as_deref())
                .map(|kept| lang.same_bytes_as(kept))
                .unwrap_or_default();
            format!("{} → {}{twin}", step.from, step.to)
        });
        let lines: Vec<String> = lines.collect();
        sections.push(section(
            heading(plan, part, lines.len(), lang, separator),
            lines,
        ));
    }
    let moved: HashSet<&str> = steps.iter().map(|step| step.from.as_str()).collect();
    let busy = busy(listing, &plan.secrets);
    let movables: Vec<&Entry> = listing.iter().filter(|e| movable(e, &busy)).collect();
    let excluded = rule_pages(plan, lang, separator, &movables, &|_| false).excluded;
    sections.extend(left_part(plan, lang, listing, excluded, &|name| {
        moved.contains(name)
    }));
    sections
}

/// The heading of `part`'s section, with its `count` of steps.
fn heading(plan: &LargePlan, part: Part, count: usize, lang: Lang, separator: char) -> String {
    let folder = |name, exists| PlanFolder {
        name,
        separator,
        exists,
    };
    match part {
        Part::Copies => lang.plan_group(
            folder(&plan.set_aside.folder, plan.set_aside.folder_exists),
            &lang.why_copies(),
            count,
        ),
        Part::Existing(index) => match plan.existing.get(index) {
            Some(existing) => lang.plan_existing_group(folder(&existing.folder, true), count),
            None => lang.page_heading(count),
        },
        Part::ByName(index) => match plan.by_name.get(index) {
            Some(kind) => lang.plan_group(
                folder(&kind.folder, kind.folder_exists),
                &lang.why_request(),
                count,
            ),
            None => lang.page_heading(count),
        },
        Part::Rule(index) => match plan.rules.steps.get(index) {
            Some(step) => {
                let to = step.shown(separator);
                let shown = RuleFolder {
                    to: &to,
                    separator,
                    number: plan.rules.shown_number(step.number),
                };
                lang.large_rule_step(shown, count, true, false)
                    .trim_start()
                    .to_owned()
            }
            None => lang.page_heading(count),
        },
        Part::Type(category) => match plan.groups.iter().find(|g| g.category == category) {
            Some(group) => lang.plan_group(
                folder(&group.folder, group.folder_exists),
                &lang.why_category(category),
                count,
            ),
            None => lang.page_heading(count),
        },
    }
}
