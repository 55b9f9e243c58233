//! `move_by_type`: every file of one category of a directory into one folder.
//! A file's category is its kind as tidyup judges it ([`crate::kinds`]: a
//! richer table than `get_file_type`'s, and the first bytes of a file whose
//! name says nothing); files in use are never taken.
//!
//! Besides its declared parameters it takes an optional `except`, a list
//! of names that stay where they are: the offline planner passes the files
//! the user left out of its plan. The planner also passes `expected`, how
//! many files its plan has it move (only to word a stop; it changes
//! nothing). Neither is declared, so models are offered exactly the
//! declared tool.

use super::bulk::{Folder, busy_entries, describe, kinds_of, movable, move_into, read_folder};
use super::{Args, Group, Tool, ToolContext, ToolFailure, ToolResult};
use crate::file_type::Category;
use crate::paths;

pub(super) const TOOL: Tool = Tool {
    name: "move_by_type",
    group: Group::Bulk,
    description: "Move every file directly in a directory whose kind is the given category (get_file_type's categories, knowing more extensions, and a file's first bytes when its name has none) into a destination folder, created if missing, keeping names; a name already taken gets \" (2)\". Folders, hidden files and files in use (downloads in progress, lock files) are never moved. Only after the user agreed to the plan.",
    parameters: &[
        (
            "path",
            "string",
            "The directory whose files are moved (absolute, or relative to the target directory).",
        ),
        (
            "category",
            "string",
            "One of the categories: 文档, 图片, 视频, 音频, 代码, 压缩包, 安装包, 其他.",
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
    let wanted = args.string("category")?;
    let Some(wanted) = Category::parse(wanted) else {
        return Err(ToolFailure::Cause(ctx.lang.unknown_category(wanted)));
    };
    let destination = paths::resolve(ctx.target_dir, args.string("destination")?);
    let Folder { path, entries } = match read_folder(ctx, args.string("path")?)? {
        Ok(folder) => folder,
        Err(text) => return Err(ToolFailure::Reported(text)),
    };
    let except = args.strings("except")?;
    let busy = busy_entries(&entries);
    let kinds = kinds_of(ctx, &path, &entries, &busy);
    let names: Vec<String> = entries
        .into_iter()
        .zip(kinds)
        .filter(|(entry, kind)| movable(entry, &busy) && *kind == wanted)
        .filter(|(entry, _)| !except.contains(&entry.name))
        .map(|(entry, _)| entry.name)
        .collect();
    if names.is_empty() {
        return Ok(ctx.lang.no_files_of_type(&path, wanted.name()));
    }
    match move_into(ctx, &path, &names, &destination)? {
        Ok(report) => describe(ctx, &report, &destination),
        Err(text) => Err(ToolFailure::Reported(text)),
    }
}
