//! The report after carrying out a rehearsed large plan: how each of its
//! steps ended, read from the data of the go-ahead's `move_files`, summed
//! up per part of the plan in the order they ran, with the failures named.

use crate::Lang;
use crate::tool_output::MoveEnd;
use crate::tools::ToolData;

use super::exchanges::Exchange;
use super::large::LargePlan;
use super::planned::{Destination, Part, PlannedMove, Shown, Why};

/// Failures named per part; the rest are counted.
const NAMED_FAILURES: usize = 10;

/// What the calls `done` of the go-ahead turn did with `plan`'s `steps`.
pub fn steps_report(
    plan: &LargePlan,
    steps: &[PlannedMove],
    done: &[Exchange],
    separator: char,
    lang: Lang,
    dry_run: bool,
) -> String {
    let mut ends = done
        .iter()
        .filter(|exchange| exchange.name == "move_files")
        .flat_map(|exchange| match &exchange.data {
            ToolData::EachMove(ends) => ends.clone(),
            ToolData::None
            | ToolData::Listing(_)
            | ToolData::Kind(_)
            | ToolData::Contents(_)
            | ToolData::Summary(_)
            | ToolData::Moves(_)
            | ToolData::NothingToMove
            | ToolData::Duplicates(_) => {
                let cause = exchange.result.lines().next().unwrap_or("-").to_owned();
                vec![MoveEnd::Failed(cause)]
            }
        });
    // A move the calls never answered for did not happen.
    let ended: Vec<MoveEnd> = steps
        .iter()
        .map(|_| ends.next().unwrap_or(MoveEnd::Left))
        .collect();
    let mut parts: Vec<Part> = Vec::new();
    for step in steps {
        if !parts.contains(&step.part) {
            parts.push(step.part);
        }
    }
    let (mut moved_all, mut folders, mut folders_known) = (0, 0, true);
    let mut planned_all = steps.len();
    let mut lines = Vec::new();
    for part in parts {
        let of_part: Vec<(&PlannedMove, &MoveEnd)> = (steps.iter().zip(&ended))
            .filter(|(step, _)| step.part == part)
            .collect();
        let moved = of_part
            .iter()
            .filter(|(_, end)| **end == MoveEnd::Moved)
            .count();
        let gone = of_part
            .iter()
            .filter(|(_, end)| **end == MoveEnd::Gone)
            .count();
        // The items no longer there are no part of the plan any more.
        planned_all -= gone;
        if gone == of_part.len() {
            lines.push(nothing_left(plan, part, separator, lang));
            continue;
        }
        moved_all += moved;
        match created(plan, part, separator) {
            Some(true) if moved > 0 => folders += 1,
            None if moved > 0 => folders_known = false,
            Some(_) | None => {}
        }
        let failed: Vec<(&str, &str)> = of_part
            .iter()
            .filter_map(|(step, end)| match end {
                MoveEnd::Failed(cause) => Some((step.from.as_str(), cause.as_str())),
                MoveEnd::Moved | MoveEnd::Left | MoveEnd::Gone | MoveEnd::Taken(_) => None,
            })
            .collect();
        let taken: Vec<&PlannedMove> = of_part
            .iter()
            .filter(|(_, end)| matches!(end, MoveEnd::Taken(_)))
            .map(|(step, _)| *step)
            .collect();
        // A part none of whose files could move for one cause (its folder
        // could not be made) is said in one line.
        let one_cause = failed.first().map(|(_, cause)| *cause).filter(|cause| {
            moved == 0
                && failed.len() + gone == of_part.len()
                && failed.iter().all(|(_, c)| c == cause)
        });
        if let Some(refused) =
            one_cause.and_then(|cause| refused(plan, part, cause, separator, lang))
        {
            lines.push(refused);
            continue;
        }
        lines.push(line(
            plan,
            part,
            moved,
            of_part.len() - gone,
            separator,
            lang,
        ));
        let per_file = matches!(part, Part::Copies | Part::Existing(_));
        lines.extend(
            failed
                .iter()
                .take(NAMED_FAILURES)
                .map(|(from, cause)| match per_file {
                    true => lang.plan_report_failure(from, cause),
                    false => format!("      {from}: {cause}"),
                }),
        );
        if failed.len() > NAMED_FAILURES {
            lines.push(format!(
                "      {}",
                lang.and_more_grouped(failed.len() - NAMED_FAILURES)
            ));
        }
        lines.extend(
            (taken.iter().take(NAMED_FAILURES))
                .map(|step| lang.plan_report_stays(&step.from, &step.to)),
        );
        if taken.len() > NAMED_FAILURES {
            lines.push(format!(
                "      {}",
                lang.and_more_grouped(taken.len() - NAMED_FAILURES)
            ));
        }
    }
    let folders = folders_known.then_some(folders);
    let mut text = lang.plan_report_heading(folders, moved_all, planned_all, dry_run);
    for line in lines {
        text.push('\n');
        text.push_str(&line);
    }
    text
}

/// Whether `part`'s folder is new (`Some(true)`), was there, or is not
/// known (a rule's folders named by dates).
fn created(plan: &LargePlan, part: Part, separator: char) -> Option<bool> {
    match plan.destination(part, separator)? {
        Destination::Folder { exists, .. } => Some(!exists),
        Destination::Rule { exists, .. } => exists.map(|exists| !exists),
    }
}

/// The line of a part by type, by name or by rule that moved nothing, all
/// for `cause`; `None` for the other parts (their files are named).
fn refused(
    plan: &LargePlan,
    part: Part,
    cause: &str,
    separator: char,
    lang: Lang,
) -> Option<String> {
    let destination = plan.destination(part, separator)?;
    match destination.shown(separator) {
        Shown::Folder(_, Why::Copies | Why::Existing) => None,
        Shown::Folder(folder, Why::Request(category) | Why::Type(category)) => {
            Some(lang.category_refused(folder, category, cause))
        }
        Shown::Rule(rule) => Some(lang.rule_refused(rule, cause)),
    }
}

/// The line of a part none of whose items was there any more.
fn nothing_left(plan: &LargePlan, part: Part, separator: char, lang: Lang) -> String {
    if let Some(destination) = plan.destination(part, separator)
        && let Shown::Folder(folder, Why::Request(category) | Why::Type(category)) =
            destination.shown(separator)
    {
        return lang.category_nothing_left(folder, category, false);
    }
    line(plan, part, 0, 0, separator, lang)
}

/// The report's line for `part`: `moved` of its `count` steps.
fn line(
    plan: &LargePlan,
    part: Part,
    moved: usize,
    count: usize,
    separator: char,
    lang: Lang,
) -> String {
    let Some(destination) = plan.destination(part, separator) else {
        return lang.plan_report_heading(Some(0), moved, count, false);
    };
    match destination.shown(separator) {
        Shown::Folder(folder, Why::Copies) => lang.copies_set_aside(folder, moved, count),
        Shown::Folder(folder, Why::Existing) => lang.existing_moved(folder, moved, count),
        Shown::Folder(folder, Why::Request(category) | Why::Type(category)) => {
            lang.category_moved(folder, category, moved, count)
        }
        Shown::Rule(rule) => lang.rule_moved(rule, moved, count),
    }
}
