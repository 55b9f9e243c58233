//! `move_matching`: every file of a directory whose name matches a glob,
//! into one folder, each with the other files of its group
//! ([`crate::groups`]). Files in use (keys and launchers too) are never
//! taken.
//!
//! The context's options (`by_rule::BulkOptions`, set only through this
//! crate's API) may name files that stay (`except`) and carry the user's
//! rules: files their excludes name stay, and with a rule in them each
//! matching file goes where that rule sends it (those it does not take
//! stay).

use std::collections::HashSet;

use foldhash::fast::RandomState;

use super::analysis::Analysis;
use super::bulk::{MoveReport, describe, movable, move_units_into, name_glob};
use super::by_rule::{carried, excluded, move_by_rule};
use super::{Args, Group, Tool, ToolContext, ToolData, ToolFailure, ToolResult};
use crate::paths;
use crate::ports::Entry;

pub(super) const TOOL: Tool = Tool {
    name: "move_matching",
    group: Group::Bulk,
    description: "Move every file directly in a directory whose name matches a glob pattern (case-insensitive) into a destination folder, created if missing, keeping names; a name already taken gets \" (2)\". Folders, hidden files and files in use (downloads in progress, lock files) are never moved. Only after the user agreed to the plan.",
    parameters: &[
        (
            "path",
            "string",
            "The directory whose files are moved (absolute, or relative to the target directory).",
        ),
        (
            "pattern",
            "string",
            "A glob on file names, e.g. IMG_*.jpg or Screenshot *.png.",
        ),
        (
            "destination",
            "string",
            "The folder to move them into (absolute, or relative to the target directory).",
        ),
    ],
    run,
};

fn run(args: &Args, ctx: &mut ToolContext<'_>) -> ToolResult {
    let pattern = args.string("pattern")?;
    let glob = name_glob(ctx, pattern)?;
    let destination = paths::resolve(ctx.target_dir, args.string("destination")?);
    let mut folder = match Analysis::read(ctx, args.string("path")?)? {
        Ok(folder) => folder,
        Err(text) => return Err(ToolFailure::Reported(text)),
    };
    let rules = carried(ctx)?;
    let except = ctx.options.except.clone();
    let except: HashSet<&str, RandomState> = except.iter().map(String::as_str).collect();
    let busy = folder.busy(ctx);
    let related = folder.groups(&busy);
    let path = folder.path.as_str();
    // Each file the glob matches with the other members of its group (a
    // member alone stays with its main file), as `move_by_type` moves
    // them; a group stays whole when any of its files is left out.
    let units: Vec<(&Entry, Vec<String>)> = (folder.entries.iter().zip(&busy))
        .filter(|(entry, busy)| {
            movable(entry, busy.is_some())
                && glob.is_match(&entry.name)
                && !related.is_member(&entry.name)
        })
        .map(|(entry, _)| {
            let names = match related.of(&entry.name) {
                Some(group) => group.names().map(str::to_owned).collect(),
                None => vec![entry.name.clone()],
            };
            (entry, names)
        })
        .filter(|(_, names)| {
            !names.iter().any(|name| {
                except.contains(name.as_str()) || excluded(rules.as_ref(), ctx, path, name)
            })
        })
        .collect();
    drop(related);
    let moved = if let Some(rules) = rules.as_ref().filter(|rules| rules.rule_count() > 0) {
        match move_by_rule(ctx, rules, &folder.path, units)? {
            Some(report) => Ok(report),
            None => return Ok(nothing_matched(ctx, folder, pattern)),
        }
    } else {
        let units: Vec<Vec<String>> = units.into_iter().map(|(_, names)| names).collect();
        if units.is_empty() {
            return Ok(nothing_matched(ctx, folder, pattern));
        }
        move_units_into(ctx, &folder.path, &units, &destination)?
    };
    settled(ctx, folder, moved, &destination)
}

/// The result of a bulk move out of `folder` (kept for the next bulk move
/// when the folder is known as the move left it).
fn settled(
    ctx: &mut ToolContext<'_>,
    mut folder: Analysis,
    moved: Result<MoveReport, String>,
    destination: &str,
) -> ToolResult {
    match moved {
        Ok(report) => {
            if folder.settle(ctx, &report) {
                folder.keep(ctx);
            }
            describe(ctx, &report, destination)
        }
        // The destination's making may have failed half-way, in the folder.
        Err(text) => Err(ToolFailure::Reported(text)),
    }
}

/// The result of a move that found no file matching `pattern` in `folder`
/// (kept for the next bulk move: nothing changed).
fn nothing_matched(ctx: &mut ToolContext<'_>, folder: Analysis, pattern: &str) -> String {
    ctx.data = ToolData::NothingToMove;
    let text = ctx.lang.nothing_matched(&folder.path, pattern);
    folder.keep(ctx);
    text
}
