//! `list_files`: the items of a directory, folders first, with size and time.

use super::{Args, Listed, Listing, Tool, ToolContext, ToolData, ToolFailure, ToolResult};
use crate::format::{format_local_time, format_size, local_year_month};
use crate::paths;
use crate::ports::FileSystemExt;
use crate::ports::{Entry, EntryKind, ErrorCode};

pub(super) const TOOL: Tool = Tool {
    name: "list_files",
    group: super::Group::Base,
    description: "List the files and folders in a directory, with type, size and modification time.",
    parameters: &[(
        "path",
        "string",
        "The directory to list (absolute, or relative to the target directory).",
    )],
    run,
};

/// Marker of a directory line.
pub const DIR_MARKER: &str = "[目录]";
/// Marker of a file line.
pub const FILE_MARKER: &str = "[文件]";

fn run(args: &Args, ctx: &mut ToolContext<'_>) -> ToolResult {
    let path = paths::resolve(ctx.target_dir, args.string("path")?);
    let listing = match ctx.files.stat(&path)?.map(|entry| entry.kind) {
        Some(EntryKind::Dir) => Some(ctx.files.list(&path)?),
        // A symlink to a directory is listed through the link.
        Some(EntryKind::Symlink) => match ctx.files.list(&path) {
            Ok(entries) => Some(entries),
            Err(err) if err.code == ErrorCode::Denied => return Err(err.into()),
            Err(_) => None,
        },
        Some(EntryKind::File | EntryKind::Other) | None => None,
    };
    let Some(mut entries) = listing else {
        ctx.not_found = true;
        return Err(ToolFailure::Reported(ctx.lang.dir_missing(&path)));
    };
    ctx.items = u64::try_from(entries.len()).ok();
    sort_for_listing(&mut entries);
    let shown = entries.len().min(ctx.limits.large_folder_entries);
    ctx.data = listing_data(&entries, 0, shown);
    if entries.is_empty() {
        return Ok(ctx.lang.dir_empty(&path));
    }
    let mut text = ctx.lang.dir_count(entries.len(), &path);
    for entry in &entries[..shown] {
        text.push('\n');
        text.push_str(&item_line(entry));
    }
    if shown < entries.len() {
        ctx.met_large_folder = true;
        text.push('\n');
        text.push_str(&ctx.lang.more_items(entries.len() - shown, shown));
    }
    Ok(text)
}

/// Folders first, then files, each group by name: the order of every listing.
/// (Names are unique in a folder, so an unstable sort gives that one order.)
pub(super) fn sort_for_listing(entries: &mut [Entry]) {
    entries.sort_unstable_by(|a, b| {
        let folder_first = |e: &Entry| e.kind != EntryKind::Dir;
        (folder_first(a), &a.name).cmp(&(folder_first(b), &b.name))
    });
}

/// The data of a listing showing `entries[from..to]` of `entries`.
pub(super) fn listing_data<E: std::borrow::Borrow<Entry>>(
    entries: &[E],
    from: usize,
    to: usize,
) -> ToolData {
    ToolData::Listing(Listing {
        items: entries[from..to]
            .iter()
            .map(|e| listed(e.borrow()))
            .collect(),
        total: entries.len(),
        more: entries.len() - to,
    })
}

/// One item as data: what its line shows the planner.
fn listed(entry: &Entry) -> Listed {
    Listed {
        name: entry.name.clone(),
        is_dir: entry.kind == EntryKind::Dir,
        is_link: entry.kind == EntryKind::Symlink,
        modified: local_year_month(entry.modified, entry.utc_offset),
        online_only: entry.online_only,
    }
}

/// One item line: `[目录] NAME | SIZE | yyyy-MM-dd HH:mm` (or `[文件]`).
pub fn item_line(entry: &Entry) -> String {
    let marker = match entry.kind {
        EntryKind::Dir => DIR_MARKER,
        EntryKind::File | EntryKind::Symlink | EntryKind::Other => FILE_MARKER,
    };
    format!(
        "{marker} {} | {} | {}",
        entry.name,
        format_size(entry.size),
        format_local_time(entry.modified, entry.utc_offset)
    )
}
