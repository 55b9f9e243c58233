//! The report after carrying out a large-folder plan: the copies set aside,
//! counted by how their moves ended, then per rule followed and per
//! category what its bulk move's result counts, with the failures it names.

use crate::file_type::Category;
use crate::texts::{PlanFolder, RuleFolder};
use crate::{Lang, paths};

use super::exchanges::Exchange;
use super::large::{LargeGroup, LargePlan};
use super::large_existing::ExistingMoves;
use super::large_rules::{RULE, RuleStep};
use super::set_aside::SetAside;
use crate::tools::ToolData;

/// Folders made, files moved and files planned, and the lines saying so.
#[derive(Default)]
struct Tally {
    folders: usize,
    /// Whether a rule's move filled folders not known before (`{year}`,
    /// nested): then the report does not count the folders it created.
    folders_unknown: bool,
    moved: usize,
    planned: usize,
    lines: Vec<String>,
}

/// What the calls `done` of the go-ahead turn did with `plan`.
pub fn report(
    plan: &LargePlan,
    done: &[Exchange],
    target_dir: &str,
    lang: Lang,
    dry_run: bool,
) -> String {
    let separator = paths::separator(target_dir);
    let mut tally = Tally::default();
    if !plan.set_aside.copies.is_empty() {
        tally_copies(&mut tally, &plan.set_aside, done, separator, lang);
    }
    for folder in &plan.existing {
        tally_existing(&mut tally, folder, done, separator, lang);
    }
    for kind in &plan.by_name {
        let folder = (kind.folder.as_str(), kind.folder_exists, kind.count);
        let exchange = done
            .iter()
            .find(|e| e.name == "move_matching" && e.arg("pattern") == kind.pattern);
        tally_move(
            &mut tally,
            folder,
            kind.category,
            exchange,
            (target_dir, lang),
        );
    }
    for step in &plan.rules.steps {
        tally_rule(
            &mut tally,
            (step, plan.rules.shown_number(step.number)),
            done,
            target_dir,
            lang,
        );
    }
    for group in &plan.groups {
        tally_group(&mut tally, group, done, target_dir, lang);
    }
    let folders = (!tally.folders_unknown).then_some(tally.folders);
    let mut text = lang.plan_report_heading(folders, tally.moved, tally.planned, dry_run);
    for line in tally.lines {
        text.push('\n');
        text.push_str(&line);
    }
    text
}

/// The copies: one line for the folder, and one for each copy not moved.
fn tally_copies(
    tally: &mut Tally,
    set_aside: &SetAside,
    done: &[Exchange],
    separator: char,
    lang: Lang,
) {
    let mut failures = Vec::new();
    let mut moved = 0;
    for copy in &set_aside.copies {
        let exchange = done
            .iter()
            .find(|e| e.name == "move_file" && e.arg("source") == copy.file);
        match exchange {
            Some(exchange) if exchange.succeeded => moved += 1,
            Some(exchange) => failures.push(lang.plan_report_failure(&copy.file, &exchange.result)),
            None => failures.push(lang.plan_report_failure(&copy.file, "-")),
        }
    }
    let count = set_aside.copies.len();
    tally.folders += usize::from(!set_aside.folder_exists && moved > 0);
    tally.moved += moved;
    tally.planned += count;
    let folder = PlanFolder {
        name: &set_aside.folder,
        separator,
        exists: set_aside.folder_exists,
    };
    let line = lang.copies_set_aside(folder, moved, count);
    tally.lines.push(line);
    tally.lines.extend(failures);
}

/// A folder of the user's: one line, and one for each file not moved.
fn tally_existing(
    tally: &mut Tally,
    folder: &ExistingMoves,
    done: &[Exchange],
    separator: char,
    lang: Lang,
) {
    let mut failures = Vec::new();
    let mut moved = 0;
    for (file, _) in &folder.moves {
        let exchange = done
            .iter()
            .find(|e| e.name == "move_file" && e.arg("source") == file);
        match exchange {
            Some(exchange) if exchange.succeeded => moved += 1,
            Some(exchange) => failures.push(lang.plan_report_failure(file, &exchange.result)),
            None => failures.push(lang.plan_report_failure(file, "-")),
        }
    }
    let count = folder.moves.len();
    tally.moved += moved;
    tally.planned += count;
    let shown = PlanFolder {
        name: &folder.folder,
        separator,
        exists: true,
    };
    tally.lines.push(lang.existing_moved(shown, moved, count));
    tally.lines.extend(failures);
}

/// One rule: what its `move_matching` result counts, or why it did not
/// run. A rule that matched nothing moved none of none.
fn tally_rule(
    tally: &mut Tally,
    (step, shown): (&RuleStep, Option<usize>),
    done: &[Exchange],
    target_dir: &str,
    lang: Lang,
) {
    let separator = paths::separator(target_dir);
    let to = step.shown(separator);
    let folder = RuleFolder {
        to: &to,
        separator,
        number: shown,
    };
    let exchange = done.iter().find(|e| {
        e.name == "move_matching"
            && e.arguments.get(RULE).and_then(serde_json::Value::as_u64)
                == u64::try_from(step.number).ok()
    });
    let outcome = outcome_of(exchange, true);
    match outcome {
        MoveOutcome::Done {
            moved,
            total,
            failures,
        } => {
            tally.folders += usize::from(step.folder_exists == Some(false) && moved > 0);
            tally.folders_unknown |= step.folder_exists.is_none() && moved > 0;
            tally.moved += moved;
            tally.planned += total;
            tally.lines.push(lang.rule_moved(folder, moved, total));
            if moved < total {
                tally_failures(tally, &failures, total - moved, lang);
            }
        }
        MoveOutcome::Refused(cause) => {
            tally.planned += step.count;
            tally.lines.push(lang.rule_refused(folder, &cause));
        }
    }
}

/// One category: what its `move_by_type` result counts, or why it did not
/// run.
fn tally_group(
    tally: &mut Tally,
    group: &LargeGroup,
    done: &[Exchange],
    target_dir: &str,
    lang: Lang,
) {
    let exchange = done
        .iter()
        .find(|e| e.name == "move_by_type" && e.arg("category") == group.category.name());
    let folder = (group.folder.as_str(), group.folder_exists, group.count);
    tally_move(tally, folder, group.category, exchange, (target_dir, lang));
}

/// One bulk move into `(folder, whether it existed, files planned)` of
/// files of `category`: what its result counts, or why it did not run.
/// Finding no file left to move is no failure (an earlier step placed
/// them, or they are gone): it plans and moves none.
fn tally_move(
    tally: &mut Tally,
    (name, exists, count): (&str, bool, usize),
    category: Category,
    exchange: Option<&Exchange>,
    (target_dir, lang): (&str, Lang),
) {
    let folder = PlanFolder {
        name,
        separator: paths::separator(target_dir),
        exists,
    };
    if exchange.is_some_and(|e| matches!(e.data, ToolData::NothingToMove)) {
        // None of its files was left where the plan saw them: no failure,
        // and nothing planned that did not happen.
        let placed = tally.moved > 0;
        let line = lang.category_nothing_left(folder, category, placed);
        tally.lines.push(line);
        return;
    }
    let outcome = outcome_of(exchange, false);
    match outcome {
        MoveOutcome::Done {
            moved,
            total,
            failures,
        } => {
            tally.folders += usize::from(!exists);
            tally.moved += moved;
            tally.planned += total;
            let line = lang.category_moved(folder, category, moved, total);
            tally.lines.push(line);
            if moved < total {
                tally_failures(tally, &failures, total - moved, lang);
            }
        }
        MoveOutcome::Refused(cause) => {
            tally.planned += count;
            let line = lang.category_refused(folder, category, &cause);
            tally.lines.push(line);
        }
    }
}

/// The `failures` a category's move names, and a line counting the rest of
/// the `not_moved` files.
fn tally_failures(tally: &mut Tally, failures: &[String], not_moved: usize, lang: Lang) {
    let lines = failures.iter().map(|failure| format!("      {failure}"));
    tally.lines.extend(lines);
    let unnamed = not_moved - failures.len().min(not_moved);
    if unnamed > 0 {
        tally
            .lines
            .push(format!("      {}", lang.and_more_grouped(unnamed)));
    }
}

/// What one bulk move did.
#[derive(Debug, Clone, PartialEq, Eq)]
enum MoveOutcome {
    /// It ran: `moved` of `total` files, and the failures it names
    /// (`name: cause`).
    Done {
        /// Files moved.
        moved: usize,
        /// Files it tried to move.
        total: usize,
        /// The failures it names.
        failures: Vec<String>,
    },
    /// It did not run; the cause shown is its result's first line.
    Refused(String),
}

/// What a bulk move did, from the data of its `exchange`: none of none
/// when it found no file to move and `nothing_is_done` (that is no
/// failure then); refused when it did not run, with its result's first
/// line to show.
fn outcome_of(exchange: Option<&Exchange>, nothing_is_done: bool) -> MoveOutcome {
    let Some(exchange) = exchange else {
        return MoveOutcome::Refused("-".to_owned());
    };
    match &exchange.data {
        ToolData::Moves(moves) => MoveOutcome::Done {
            moved: moves.moved,
            total: moves.total,
            failures: moves.failures.clone(),
        },
        ToolData::NothingToMove if nothing_is_done => MoveOutcome::Done {
            moved: 0,
            total: 0,
            failures: Vec::new(),
        },
        ToolData::None
        | ToolData::NothingToMove
        | ToolData::Listing(_)
        | ToolData::Kind(_)
        | ToolData::Contents(_)
        | ToolData::Summary(_)
        | ToolData::Duplicates(_)
        | ToolData::EachMove(_) => MoveOutcome::Refused(
            exchange
                .result
                .lines()
                .next()
                .unwrap_or_default()
                .to_owned(),
        ),
    }
}
