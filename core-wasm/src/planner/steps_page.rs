//! The page `show` gives of a rehearsed large plan: every step under the
//! heading of the part that makes it, in the order they run, then what
//! stays. The page is read from the steps, so it is what the go-ahead
//! carries out, file for file.

use std::collections::HashSet;

use crate::Lang;
use crate::ports::Entry;

use super::large::LargePlan;
use super::planned::{Part, PlannedMove, Shown, Why};
use super::review_page::{busy, left_part, movable, section};
use super::review_rules::excluded_names;

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
    let excluded = excluded_names(plan, &movables);
    sections.extend(left_part(plan, lang, listing, excluded, &|name| {
        moved.contains(name)
    }));
    sections
}

/// The heading of `part`'s section, with its `count` of steps.
fn heading(plan: &LargePlan, part: Part, count: usize, lang: Lang, separator: char) -> String {
    let Some(destination) = plan.destination(part, separator) else {
        return lang.page_heading(count);
    };
    match destination.shown(separator) {
        Shown::Folder(folder, Why::Copies) => lang.plan_group(folder, &lang.why_copies(), count),
        Shown::Folder(folder, Why::Existing) => lang.plan_existing_group(folder, count),
        Shown::Folder(folder, Why::Request(_)) => {
            lang.plan_group(folder, &lang.why_request(), count)
        }
        Shown::Folder(folder, Why::Type(category)) => {
            lang.plan_group(folder, &lang.why_category(category), count)
        }
        Shown::Rule(rule) => lang
            .large_rule_step(rule, count, true, false)
            .trim_start()
            .to_owned(),
    }
}
