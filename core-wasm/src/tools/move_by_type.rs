//! `move_by_type`: every file of one category of a directory into one folder.
//!
//! It never splits a group of related files ([`crate::groups`]): a group
//! moves whole, with its main file's kind (a film's subtitles with the
//! film, a saved page's folder with the page), or not at all.
//!
//! Besides its declared parameters it takes an optional `except`, a list
//! of names that stay where they are: the offline planner passes the files
//! the user left out of its plan. The planner also passes `expected`, how
//! many files its plan has it move (only to word a stop; it changes
//! nothing). Neither is declared, so models are offered exactly the
//! declared tool.

use super::bulk::{Folder, describe, movable, move_units_into, read_folder};
use super::{Args, Group, Tool, ToolContext, ToolFailure, ToolResult};
use crate::file_type::Category;
use crate::groups::Groups;
use crate::kinds::kind;
use crate::paths;
use crate::ports::EntryKind;

pub(super) const TOOL: Tool = Tool {
    name: "move_by_type",
    group: Group::Bulk,
    description: "Move every file directly in a directory whose type (as get_file_type gives it) is the given category into a destination folder, created if missing, keeping names; a name already taken gets \" (2)\". Related files stay together: subtitles, sidecars, raw originals, the other parts of a split archive and a saved page's folder move with their main file, whose type counts. Other folders and hidden files are never moved. Only after the user agreed to the plan.",
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
    let related = Groups::form(
        entries
            .iter()
            .map(|entry| (entry.name.as_str(), entry.kind == EntryKind::Dir)),
    );
    let units: Vec<Vec<String>> = entries
        .iter()
        .filter(|entry| movable(entry) && !related.is_member(&entry.name))
        .filter_map(|entry| {
            let unit: Vec<String> = match related.of(&entry.name) {
                Some(group) if group.kind() == wanted => group.names().map(str::to_owned).collect(),
                Some(_) => return None,
                None if kind(&entry.name) == wanted => vec![entry.name.clone()],
                None => return None,
            };
            // A group stays whole when any of its files is left out.
            (!unit.iter().any(|name| except.contains(name))).then_some(unit)
        })
        .collect();
    if units.is_empty() {
        return Ok(ctx.lang.no_files_of_type(&path, wanted.name()));
    }
    match move_units_into(ctx, &path, &units, &destination)? {
        Ok(report) => describe(ctx, &report, &destination),
        Err(text) => Err(ToolFailure::Reported(text)),
    }
}
