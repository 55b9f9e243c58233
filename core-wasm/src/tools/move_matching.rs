//! `move_matching`: every file of a directory whose name matches a glob,
//! into one folder. Files in use are never taken.
//!
//! Besides its declared parameters it takes an optional `except` (names
//! that stay, as `move_by_type`'s) and `rules` (see `by_rule`): files its
//! excludes name stay, and with a rule in it each matching file goes
//! where that rule sends it (those it does not take stay). The offline planner passes it, with `expected` (see
//! `move_by_type`) and `rule`, the number of the user's rule the call
//! follows (only to find the call again). None is declared, so models
//! are offered exactly the declared tool.

use super::bulk::{Folder, busy_entries, describe, movable, move_into, name_glob, read_folder};
use super::by_rule::{carried, excluded, move_by_rule};
use super::{Args, Group, Tool, ToolContext, ToolData, ToolFailure, ToolResult};
use crate::paths;

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
    let Folder { path, entries } = match read_folder(ctx, args.string("path")?)? {
        Ok(folder) => folder,
        Err(text) => return Err(ToolFailure::Reported(text)),
    };
    let rules = carried(args, ctx)?;
    let except = args.strings("except")?;
    let busy = busy_entries(&entries);
    let files: Vec<_> = entries
        .into_iter()
        .filter(|entry| movable(entry, &busy) && glob.is_match(&entry.name))
        .filter(|entry| !except.contains(&entry.name))
        .filter(|entry| !excluded(rules.as_ref(), ctx, &path, &entry.name))
        .collect();
    if let Some(rules) = rules.as_ref().filter(|rules| rules.rule_count() > 0) {
        return match move_by_rule(ctx, rules, &path, files)? {
            Some(report) => describe(ctx, &report, &destination),
            None => Ok(nothing_matched(ctx, &path, pattern)),
        };
    }
    let names: Vec<String> = files.into_iter().map(|entry| entry.name).collect();
    if names.is_empty() {
        return Ok(nothing_matched(ctx, &path, pattern));
    }
    match move_into(ctx, &path, &names, &destination)? {
        Ok(report) => describe(ctx, &report, &destination),
        Err(text) => Err(ToolFailure::Reported(text)),
    }
}

/// The result of a move that found no file matching `pattern` in `path`.
fn nothing_matched(ctx: &mut ToolContext<'_>, path: &str, pattern: &str) -> String {
    ctx.data = ToolData::NothingToMove;
    ctx.lang.nothing_matched(path, pattern)
}
