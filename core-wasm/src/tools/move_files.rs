//! `move_files`: many items, each to its own destination path, in order.
//! It is how a reviewed plan is carried out exactly: the moves a person
//! saw are the moves made, and nothing else. Destination folders are made
//! when missing; nothing is ever replaced (a move whose destination is
//! taken, or whose source is gone, fails and the others go on).

use super::made_folders::MadeFolders;
use super::{Args, Group, Tool, ToolContext, ToolData, ToolFailure, ToolResult};
use crate::paths;
use crate::ports::FileSystemExt;
use crate::ports::{BatchMove, EntryKind, ErrorCode, Event};
use crate::tool_output::MoveEnd;

/// The most moves one call takes: a bound on what one reply carries.
pub const MOST_MOVES: usize = 100_000;
/// Moves named one by one in a result; the rest are counted.
const NAMED_MOVES: usize = 10;
/// Moves handed to the host in one file-system call.
const BATCH: usize = 1_000;

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
    let (made, blocked) = prepare_folders(ctx, &planned);
    let ends = run_moves(ctx, &planned, blocked);
    // A folder made for moves whose items were all gone is not kept.
    made.remove(ctx.files);
    let moved = ends.iter().filter(|end| **end == MoveEnd::Moved).count();
    ctx.files_moved = moved;
    ctx.files_left = ends.iter().filter(|end| **end == MoveEnd::Left).count();
    let text = describe(ctx, &moves, &ends);
    let failed_all = moved == 0
        && ends
            .iter()
            .any(|end| matches!(end, MoveEnd::Failed(_) | MoveEnd::Taken(_)));
    ctx.data = ToolData::EachMove(ends);
    match failed_all {
        true => Err(ToolFailure::Reported(text)),
        false => Ok(text),
    }
}

/// Makes every missing destination folder; for each move, `Some(cause)`
/// when its folder cannot be made (or is a file).
fn prepare_folders(
    ctx: &mut ToolContext<'_>,
    planned: &[BatchMove],
) -> (FoldersMade, Vec<Option<String>>) {
    let lang = ctx.lang;
    let mut made = FoldersMade::default();
    let mut causes: std::collections::HashMap<String, Option<String>> = Default::default();
    let mut blocked = Vec::with_capacity(planned.len());
    for step in planned {
        let Some(parent) = paths::parent(&step.to) else {
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
    /// Removes them again, each only while still empty.
    fn remove(self, files: &mut dyn crate::ports::FileSystem) {
        for folders in self.0.into_iter().rev() {
            folders.remove(files);
        }
    }
}

/// Runs the moves not `blocked` (a cause for each that cannot be made) in
/// batches of [`BATCH`], with a progress event after each, and says how
/// each ended: an item not there any more is gone (nothing to move, no
/// failure); a stop asked by the user leaves the rest.
fn run_moves(
    ctx: &mut ToolContext<'_>,
    planned: &[BatchMove],
    blocked: Vec<Option<String>>,
) -> Vec<MoveEnd> {
    let lang = ctx.lang;
    let mut ends: Vec<Option<MoveEnd>> = blocked
        .into_iter()
        .map(|b| b.map(MoveEnd::Failed))
        .collect();
    let open: Vec<usize> = (0..planned.len())
        .filter(|&i| ends.get(i).is_some_and(Option::is_none))
        .collect();
    let mut stopped = false;
    let mut done = 0;
    for chunk in open.chunks(BATCH) {
        if stopped || ctx.stop_requested() {
            break;
        }
        let batch: Vec<BatchMove> = (chunk.iter())
            .filter_map(|&i| planned.get(i).cloned())
            .collect();
        let answers = ctx.files.move_batch(&batch);
        for (position, &index) in chunk.iter().enumerate() {
            let answer = match &answers {
                Ok(results) => results.get(position).cloned(),
                Err(err) => Some(Err(err.clone())),
            };
            let Some(end) = ends.get_mut(index) else {
                continue;
            };
            *end = Some(match answer {
                Some(Ok(())) => MoveEnd::Moved,
                Some(Err(err)) if err.code == ErrorCode::Cancelled => {
                    stopped = true;
                    MoveEnd::Left
                }
                Some(Err(err)) if err.code == ErrorCode::NotFound => MoveEnd::Gone,
                Some(Err(err)) if err.code == ErrorCode::AlreadyExists => MoveEnd::Taken(
                    planned
                        .get(index)
                        .map_or_else(String::new, |m| m.to.clone()),
                ),
                Some(Err(err)) => MoveEnd::Failed(lang.host_failure(&err)),
                // A host answering fewer moves than asked: never moved.
                None => MoveEnd::Failed(lang.no_move_result()),
            });
        }
        done += chunk.len();
        if let Some(progress) = ctx.progress.as_deref_mut() {
            progress.emit(Event::Progress {
                done: done as u64,
                total: open.len() as u64,
                text: lang.moving_files(),
            });
        }
    }
    ends.into_iter()
        .map(|end| end.unwrap_or(MoveEnd::Left))
        .collect()
}

/// The result: counts, the first moves, every failure's first ones.
fn describe(ctx: &ToolContext<'_>, moves: &[(String, String)], ends: &[MoveEnd]) -> String {
    let lang = ctx.lang;
    let moved = ends.iter().filter(|end| **end == MoveEnd::Moved).count();
    // The stop, if any, comes last (see the bulk moves' result).
    let mut text = lang.each_moved(moved, moves.len(), ctx.dry_run);
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
    let failed: Vec<(&String, String)> = moves
        .iter()
        .zip(ends)
        .filter_map(|((from, _), end)| match end {
            MoveEnd::Failed(cause) => Some((from, cause.clone())),
            MoveEnd::Taken(to) => Some((from, lang.appeared_since(to))),
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
    if ends.contains(&MoveEnd::Left) {
        text.push('\n');
        text.push_str(&lang.stopped_after(moved, moves.len()));
    }
    text
}
