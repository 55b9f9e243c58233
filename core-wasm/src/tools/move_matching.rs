//! `move_matching`: every file of a directory whose name matches a glob,
//! into one folder. Files in use are never taken.

use super::bulk::{Folder, busy_entries, describe, movable, move_into, name_glob, read_folder};
use super::{Args, Group, Tool, ToolContext, ToolFailure, ToolResult};
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
    let busy = busy_entries(&entries);
    let names: Vec<String> = entries
        .into_iter()
        .filter(|entry| movable(entry, &busy) && glob.is_match(&entry.name))
        .map(|entry| entry.name)
        .collect();
    if names.is_empty() {
        return Ok(ctx.lang.nothing_matched(&path, pattern));
    }
    match move_into(ctx, &path, &names, &destination)? {
        Ok(report) => describe(ctx, &report, &destination),
        Err(text) => Err(ToolFailure::Reported(text)),
    }
}
