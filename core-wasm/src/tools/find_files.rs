//! `find_files`: one page of the items of a directory whose names match a glob.

use super::bulk::{Folder, name_glob, read_folder};
use super::list_files::listing_data;
use super::{Args, Group, Tool, ToolContext, ToolFailure, ToolResult, item_line};

/// Items in one page of results.
pub const PAGE: usize = 200;

pub(super) const TOOL: Tool = Tool {
    name: "find_files",
    group: Group::Bulk,
    description: "Find the items of a directory whose names match a glob pattern (case-insensitive; * matches everything), in the list_files line format, at most 200 from offset. Use it to see a large folder page by page.",
    parameters: &[
        (
            "path",
            "string",
            "The directory to search (absolute, or relative to the target directory).",
        ),
        (
            "pattern",
            "string",
            "A glob on item names, e.g. IMG_*.jpg or *.pdf; * matches every name.",
        ),
        (
            "offset",
            "integer",
            "How many matching items to skip: 0 first, then the offset the previous page gave.",
        ),
    ],
    run,
};

fn run(args: &Args, ctx: &mut ToolContext<'_>) -> ToolResult {
    let pattern = args.string("pattern")?;
    let offset = args.count("offset")?;
    let glob = name_glob(ctx, pattern)?;
    let Folder { path, entries } = match read_folder(ctx, args.string("path")?)? {
        Ok(folder) => folder,
        Err(text) => return Err(ToolFailure::Reported(text)),
    };
    let matching: Vec<_> = entries
        .iter()
        .filter(|entry| glob.is_match(&entry.name))
        .collect();
    let lang = ctx.lang;
    let shown = offset.min(matching.len())..matching.len().min(offset.saturating_add(PAGE));
    ctx.data = listing_data(&matching, shown.start, shown.end);
    if matching.is_empty() {
        return Ok(lang.no_match(&path, pattern));
    }
    if offset >= matching.len() {
        return Ok(lang.past_the_end(matching.len(), pattern, offset));
    }
    let end = matching.len().min(offset.saturating_add(PAGE));
    let mut text = lang.matches_page(matching.len(), &path, pattern, offset + 1, end);
    for entry in &matching[offset..end] {
        text.push('\n');
        text.push_str(&item_line(entry));
    }
    if end < matching.len() {
        text.push('\n');
        text.push_str(&lang.next_page(end, matching.len() - end));
    }
    Ok(text)
}
