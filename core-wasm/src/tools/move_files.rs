//! `move_files`: many items, each to its own destination path, in order.
//! It is how a reviewed plan is carried out exactly: the moves a person
//! saw are the moves made, and nothing else. Destination folders are made
//! when missing; nothing is ever replaced (a move whose destination is
//! taken, or whose source is gone, fails and the others go on).

use super::bulk::{MoveReport, run_batches};
use super::made_folders::MadeFolders;
use super::{Args, Group, Tool, ToolContext, ToolData, ToolFailure, ToolResult};
use crate::paths;
use crate::ports::{BatchMove, EntryKind};
use crate::tool_output::MoveEnd;

/// The most moves one call takes: a bound on what one reply carries.
pub const MOST_MOVES: usize = 100_000;
/// Moves named one by one in a result; the rest are counted.
const NAMED_MOVES: usize = 10;

pub(super) const TOOL: Tool = Tool {
    name: "move_files",
    group: Group::Bulk,
    description: "Move many files or folders, each to its own full destination path, in the order given; missing destination folders are created. Nothing is ever replaced: a move whose destination is taken, or whose source is gone, fails and the others go on. Use it to carry out a plan the user reviewed file by file. Only after the user agreed to the plan.",
    parameters: &[(
        "moves",
        "moves",
        "The moves, in order: each an object {\"from\": the item's path, \"to\": its full destination path including the name}, paths absolute or relative to the target directory.",
    )],
    run,
};

fn run(args: &Args, ctx: &mut ToolContext<'_>) -> ToolResult {
    let lang = ctx.lang;
    let moves = args.moves("moves")?;
    if moves.len() > MOST_MOVES {
        return Err(ToolFailure::Cause(
            lang.too_many_moves(moves.len(), MOST_MOVES),
        ));
    }
    let planned: Vec<BatchMove> = moves
        .iter()
        .map(|(from, to)| BatchMove {
            from: paths::resolve(ctx.target_dir, from),
            to: paths::resolve(ctx.target_dir, to),
        })
        .collect();
    let mut ends = gone(ctx, &planned)?;
    let (ready, blocked) = prepare_folders(ctx, &planned, &ends);
    for (end, cause) in ends.iter_mut().zip(blocked) {
        if end.is_none() {
            *end = cause.map(MoveEnd::Failed);
        }
    }
    // Each move handed over is named by its index in `moves`, so two
    // moves of one source stay apart in the report.
    let (names, batch): (Vec<String>, Vec<BatchMove>) = (planned.iter().enumerate())
        .zip(&ends)
        .filter(|(_, end)| end.is_none())
        .map(|((index, step), _)| (index.to_string(), step.clone()))
        .unzip();
    let report = run_batches(ctx, &names, &batch);
    settle(&mut ends, &report);
    let ends: Vec<MoveEnd> = ends
        .into_iter()
        .map(|end| end.unwrap_or(MoveEnd::Left))
        .collect();
    let moved = ends.iter().filter(|end| **end == MoveEnd::Moved).count();
    if moved == 0 {
        ready.remove(ctx.files);
    }
    ctx.files_moved = moved;
    ctx.files_left = ends.iter().filter(|end| **end == MoveEnd::Left).count();
    let text = describe(ctx, &moves, &ends);
    let failed_all = moved == 0 && ends.iter().any(|end| matches!(end, MoveEnd::Failed(_)));
    ctx.data = ToolData::EachMove(ends);
    match failed_all {
        true => Err(ToolFailure::Reported(text)),
        false => Ok(text),
    }
}

/// For each move, `Some(Gone)` when its item is not there any more (it
/// moved elsewhere since the plan was made): nothing to move, and no
/// failure.
fn gone(
    ctx: &mut ToolContext<'_>,
    planned: &[BatchMove],
) -> Result<Vec<Option<MoveEnd>>, ToolFailure> {
    let sources: Vec<String> = planned.iter().map(|step| step.from.clone()).collect();
    let found = ctx.files.stat_many(&sources)?;
    Ok(found
        .into_iter()
        .map(|entry| matches!(entry, Ok(None)).then_some(MoveEnd::Gone))
        .collect())
}

/// Makes every missing destination folder; for each move, `Some(cause)`
/// when its folder cannot be made (or is a file).
fn prepare_folders(
    ctx: &mut ToolContext<'_>,
    planned: &[BatchMove],
    ended: &[Option<MoveEnd>],
) -> (FoldersMade, Vec<Option<String>>) {
    let lang = ctx.lang;
    let mut made = FoldersMade::default();
    let mut causes: std::collections::HashMap<String, Option<String>> = Default::default();
    let mut blocked = Vec::with_capacity(planned.len());
    for (step, end) in planned.iter().zip(ended) {
        let parent = paths::parent(&step.to).filter(|_| end.is_none());
        let Some(parent) = parent else {
            blocked.push(None);
            continue;
        };
        if !causes.contains_key(parent) {
            let cause = match ctx.files.stat(parent) {
                Ok(Some(entry)) if matches!(entry.kind, EntryKind::Dir | EntryKind::Symlink) => {
                    None
                }
                Ok(Some(_)) => Some(lang.folder_blocked_by_file(parent)),
                Ok(None) => match MadeFolders::create(ctx.files, parent) {
                    Ok(folders) => {
                        made.0.push(folders);
                        None
                    }
                    Err(err) => Some(lang.folder_failed(parent, &lang.host_failure(&err))),
                },
                Err(err) => Some(lang.host_failure(&err)),
            };
            causes.insert(parent.to_owned(), cause);
        }
        blocked.push(causes.get(parent).cloned().flatten());
    }
    (made, blocked)
}

/// The folders made for the destinations.
#[derive(Default)]
struct FoldersMade(Vec<MadeFolders>);

impl FoldersMade {
    /// Removes them again, each while still empty (nothing was moved).
    fn remove(self, files: &mut dyn crate::ports::FileSystem) {
        for folders in self.0.into_iter().rev() {
            folders.remove(files);
        }
    }
}

/// Fills in how each move handed to the host ended, from `report`, whose
/// names are the moves' indices; a move handed over but in neither list
/// was left by a stop.
fn settle(ends: &mut [Option<MoveEnd>], report: &MoveReport) {
    let index = |name: &str| name.parse::<usize>().ok();
    for (name, _) in &report.moved {
        if let Some(end) = index(name).and_then(|at| ends.get_mut(at)) {
            *end = Some(MoveEnd::Moved);
        }
    }
    for (name, cause) in &report.failed {
        if let Some(end) = index(name).and_then(|at| ends.get_mut(at)) {
            *end = Some(MoveEnd::Failed(cause.clone()));
        }
    }
}

/// The result: counts, the first moves, every failure's first ones.
fn describe(ctx: &ToolContext<'_>, moves: &[(String, String)], ends: &[MoveEnd]) -> String {
    let lang = ctx.lang;
    let moved = ends.iter().filter(|end| **end == MoveEnd::Moved).count();
    let mut text = String::new();
    if ends.contains(&MoveEnd::Left) {
        text.push_str(&lang.stopped_after(moved, moves.len()));
        text.push('\n');
    }
    text.push_str(&lang.each_moved(moved, moves.len(), ctx.dry_run));
    let done = moves
        .iter()
        .zip(ends)
        .filter(|(_, end)| **end == MoveEnd::Moved);
    for ((from, to), _) in done.take(NAMED_MOVES) {
        text.push_str(&format!("\n  {from} → {to}"));
    }
    if moved > NAMED_MOVES {
        text.push('\n');
        text.push_str(&lang.and_more(moved - NAMED_MOVES));
    }
    let failed: Vec<(&String, &String)> = moves
        .iter()
        .zip(ends)
        .filter_map(|((from, _), end)| match end {
            MoveEnd::Failed(cause) => Some((from, cause)),
            MoveEnd::Moved | MoveEnd::Left | MoveEnd::Gone => None,
        })
        .collect();
    let gone = ends.iter().filter(|end| **end == MoveEnd::Gone).count();
    if gone > 0 {
        text.push('\n');
        text.push_str(&lang.items_gone(gone));
    }
    if !failed.is_empty() {
        text.push('\n');
        text.push_str(&lang.bulk_failed(failed.len()));
        for (from, cause) in failed.iter().take(NAMED_MOVES) {
            text.push_str(&format!("\n  {from}: {cause}"));
        }
        if failed.len() > NAMED_MOVES {
            text.push('\n');
            text.push_str(&lang.and_more(failed.len() - NAMED_MOVES));
        }
    }
    text
}
