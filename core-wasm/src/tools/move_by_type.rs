//! `move_by_type`: every file of one category of a directory into one folder.
//! A file's category is its kind as tidyup judges it ([`crate::kinds`]: a
//! richer table than `get_file_type`'s, and the first bytes of a file whose
//! name says nothing); files in use are never taken.
//!
//! It never splits a group of related files ([`crate::groups`]): a group
//! moves whole, with its main file's kind (a film's subtitles with the
//! film, a saved page's folder with the page), or not at all.
//!
//! Besides its declared parameters it takes an optional `except`, a list
//! of names that stay where they are: the offline planner passes the files
//! the user left out of its plan. The planner also passes `expected`, how
//! many files its plan has it move (only to word a stop; it changes
//! nothing), and `rules` (see `by_rule`), whose excludes name files that
//! stay. None is declared, so models are offered exactly the declared
//! tool.

use std::collections::BTreeMap;

use super::bulk::{
    Folder, busy_entries, describe, kinds_of, movable, move_units_into, read_folder,
};
use super::by_rule::{carried, excluded};
use super::{Args, Group, Tool, ToolContext, ToolData, ToolFailure, ToolResult};
use crate::file_type::Category;
use crate::groups::Groups;
use crate::paths;
use crate::ports::EntryKind;

pub(super) const TOOL: Tool = Tool {
    name: "move_by_type",
    group: Group::Bulk,
    description: "Move every file directly in a directory whose kind is the given category (get_file_type's categories, knowing more extensions, and a file's first bytes when its name has none) into a destination folder, created if missing, keeping names; a name already taken gets \" (2)\". Related files stay together: subtitles, sidecars, raw originals, the other parts of a split archive and a saved page's folder move with their main file, whose kind counts. Other folders, hidden files and files in use (downloads in progress, lock files) are never moved. Only after the user agreed to the plan.",
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
    let busy = busy_entries(&entries);
    let kinds: BTreeMap<&str, Category> = entries
        .iter()
        .map(|entry| entry.name.as_str())
        .zip(kinds_of(ctx, &path, &entries, &busy))
        .collect();
    let related = Groups::form(
        entries
            .iter()
            .map(|entry| (entry.name.as_str(), entry.kind == EntryKind::Dir)),
    );
    let units: Vec<Vec<String>> = entries
        .iter()
        .filter(|entry| movable(entry, &busy) && !related.is_member(&entry.name))
        .filter_map(|entry| {
            let unit: Vec<String> = match related.of(&entry.name) {
                Some(group) if group.kind() == wanted => group.names().map(str::to_owned).collect(),
                Some(_) => return None,
                None if kinds.get(entry.name.as_str()) == Some(&wanted) => vec![entry.name.clone()],
                None => return None,
            };
            // A group stays whole when any of its files is left out or
            // excluded by the rules.
            let stays =
                |name: &String| except.contains(name) || excluded(rules.as_ref(), ctx, &path, name);
            (!unit.iter().any(stays)).then_some(unit)
        })
        .collect();
    if units.is_empty() {
        ctx.data = ToolData::NothingToMove;
        return Ok(ctx.lang.no_files_of_type(&path, wanted.name()));
    }
    match move_units_into(ctx, &path, &units, &destination)? {
        Ok(report) => describe(ctx, &report, &destination),
        Err(text) => Err(ToolFailure::Reported(text)),
    }
}
