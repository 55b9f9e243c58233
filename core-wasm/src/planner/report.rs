//! The report after carrying out a plan: the folders made and the files
//! moved, counted by how their calls ended, with each failure's result.

use crate::Lang;

use super::exchanges::Exchange;
use super::plan::Plan;
use crate::tool_output::MoveEnd;
use crate::tools::ToolData;

/// Whether `exchange` refused its move because an item appeared at the
/// destination since the plan was shown.
fn taken(exchange: &Exchange) -> bool {
    matches!(&exchange.data, ToolData::EachMove(ends) if matches!(ends.as_slice(), [MoveEnd::Taken(_)]))
}

/// What the calls `done` of the go-ahead turn did with `plan`.
/// In a dry run (`dry_run`) the heading says what would happen.
pub fn report(plan: &Plan, done: &[Exchange], lang: Lang, dry_run: bool) -> String {
    let call = |name: &str, key: &str, value: &str| {
        done.iter().find(|e| e.name == name && e.arg(key) == value)
    };
    let mut folders = 0;
    let mut lines = Vec::new();
    let mut moved = 0;
    for group in &plan.groups {
        let created = call("create_folder", "path", &group.folder);
        if created.is_some_and(|exchange| exchange.succeeded) {
            folders += 1;
        }
        for step in &group.moves {
            match call("move_file", "source", &step.file) {
                Some(exchange) if exchange.succeeded => {
                    moved += 1;
                    lines.push(format!("  ✓ {} → {}", step.file, step.destination));
                }
                Some(exchange) if taken(exchange) => {
                    lines.push(lang.plan_report_stays(&step.file, &step.destination));
                }
                Some(exchange) => {
                    lines.push(lang.plan_report_failure(&step.file, &exchange.result))
                }
                None => lines.push(lang.plan_report_failure(&step.file, "-")),
            }
        }
    }
    let mut text = lang.plan_report_heading(Some(folders), moved, plan.move_count(), dry_run);
    for line in lines {
        text.push('\n');
        text.push_str(&line);
    }
    text
}
