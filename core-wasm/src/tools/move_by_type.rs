//! `move_by_type`: every file of one category of a directory into one folder.
//! A file's category is its kind as tidyup judges it ([`crate::kinds`]: a
//! richer table than `get_file_type`'s, and the first bytes of a file whose
//! name says nothing); files in use are never taken.
//!
//! It never splits a group of related files ([`crate::groups`]): a group
//! moves whole, with its main file's kind (a film's subtitles with the
//! film, a saved page's folder with the page), or not at all.
//!
//! The context's options (`by_rule::BulkOptions`, set only through this
//! crate's API) may name files that stay (`except`) and carry the user's
//! rules, whose excludes stay too.

use std::collections::HashSet;

use foldhash::fast::RandomState;

use super::analysis::{Analysis, Judged};
use super::bulk::{describe, movable, move_units_into};
use super::by_rule::{carried, excluded};
use super::{Args, Group, Tool, ToolContext, ToolData, ToolFailure, ToolResult};
use crate::file_type::Category;
use crate::paths;

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
            "One of the categories: 文档, 图片, 视频, 音频, 代码, 压缩包, 安装包, 三维模型, 其他.",
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
    let mut folder = match Analysis::read(ctx, args.string("path")?)? {
        Ok(folder) => folder,
        Err(text) => return Err(ToolFailure::Reported(text)),
    };
    let rules = carried(ctx)?;
    let except = ctx.options.except.clone();
    let except: HashSet<&str, RandomState> = except.iter().map(String::as_str).collect();
    let Judged { busy, kinds } = folder.judge(ctx);
    let related = folder.groups(&busy);
    let path = folder.path.as_str();
    let units: Vec<Vec<String>> = (folder.entries.iter().zip(&busy).zip(&kinds))
        .filter(|((entry, busy), _)| {
            movable(entry, busy.is_some()) && !related.is_member(&entry.name)
        })
        .filter_map(|((entry, _), kind)| {
            let unit: Vec<String> = match related.of(&entry.name) {
                Some(group) if group.kind() == wanted => group.names().map(str::to_owned).collect(),
                Some(_) => return None,
                None if *kind == wanted => vec![entry.name.clone()],
                None => return None,
            };
            // A group stays whole when any of its files is left out or
            // excluded by the rules.
            let stays = |name: &String| {
                except.contains(name.as_str()) || excluded(rules.as_ref(), ctx, path, name)
            };
            (!unit.iter().any(stays)).then_some(unit)
        })
        .collect();
    drop(related);
    if units.is_empty() {
        ctx.data = ToolData::NothingToMove;
        let text = ctx.lang.no_files_of_type(&folder.path, wanted.name());
        folder.keep(ctx);
        return Ok(text);
    }
    let moved = move_units_into(ctx, &folder.path, &units, &destination)?;
    drop(units);
    match moved {
        Ok(report) => {
            if folder.settle(ctx, &report) {
                folder.keep(ctx);
            }
            describe(ctx, &report, &destination)
        }
        // The destination's making may have failed half-way, in the folder.
        Err(text) => Err(ToolFailure::Reported(text)),
    }
}
