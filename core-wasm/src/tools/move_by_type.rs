//! `move_by_type`: every file of one category of a directory into one folder.
//!
//! Besides its declared parameters it takes an optional `except`, a list
//! of names that stay where they are: the offline planner passes the files
//! the user left out of its plan. The planner also passes `expected`, how
//! many files its plan has it move (only to word a stop; it changes
//! nothing), and `rules` (see `by_rule`), whose excludes name files that
//! stay. None is declared, so models are offered exactly the declared
//! tool.

use super::bulk::{Folder, describe, movable, move_into, read_folder};
use super::by_rule::{carried, excluded};
use super::{Args, Group, Tool, ToolContext, ToolFailure, ToolResult};
use crate::file_type::Category;
use crate::paths;

pub(super) const TOOL: Tool = Tool {
    name: "move_by_type",
    group: Group::Bulk,
    description: "Move every file directly in a directory whose type (as get_file_type gives it) is the given category into a destination folder, created if missing, keeping names; a name already taken gets \" (2)\". Folders and hidden files are never moved. Only after the user agreed to the plan.",
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
    let rules = carried(args, ctx)?;
    let names: Vec<String> = entries
        .into_iter()
        .filter(|entry| movable(entry) && Category::of(&entry.name) == wanted)
        .filter(|entry| !except.contains(&entry.name))
        .filter(|entry| !excluded(rules.as_ref(), ctx, &path, &entry.name))
        .map(|entry| entry.name)
        .collect();
    if names.is_empty() {
        return Ok(ctx.lang.no_files_of_type(&path, wanted.name()));
    }
    match move_into(ctx, &path, &names, &destination)? {
        Ok(report) => describe(ctx, &report, &destination),
        Err(text) => Err(ToolFailure::Reported(text)),
    }
}
