//! `find_duplicates`: the groups of byte-identical files under a directory,
//! found by content (see [`crate::duplicates`]), bounded like every bulk
//! result: the first groups, then a count of the rest.

use super::bulk::busy_entries;
use super::{Args, Group, Tool, ToolContext, ToolData, ToolFailure, ToolResult};
use crate::Lang;
use crate::duplicates::{self, Candidate, DuplicateGroup, Duplicates};
use crate::format::format_size;
use crate::format::group_digits;
use crate::groups::Groups;
use crate::paths;
use crate::ports::FileSystemExt;
use crate::ports::{Entry, EntryKind};

/// Groups named in one result; the rest are counted.
pub const GROUPS_SHOWN: usize = 200;
/// Files named per group; the rest are counted.
const FILES_PER_GROUP: usize = 20;
/// Characters of the named groups, whatever their number.
const MAX_CHARS: usize = 16_000;
/// Files compared at most in one search.
pub const MAX_FILES: usize = 200_000;
/// Folder levels searched below the directory.
const MAX_DEPTH: usize = 16;

pub(super) const TOOL: Tool = Tool {
    name: "find_duplicates",
    group: Group::Bulk,
    description: "Find byte-identical files (by content, never by name) in a directory and its subfolders. Lists each group with its size, the file to keep first (a name without a copy's mark such as ' (1)' or 'copy', else the oldest): keep that one and set the other copies aside in a Duplicates folder; never delete them.",
    parameters: &[(
        "path",
        "string",
        "The directory to search (absolute, or relative to the target directory).",
    )],
    run,
};

fn run(args: &Args, ctx: &mut ToolContext<'_>) -> ToolResult {
    let path = paths::resolve(ctx.target_dir, args.string("path")?);
    let listable = matches!(
        ctx.files.stat(&path)?.map(|entry| entry.kind),
        Some(EntryKind::Dir | EntryKind::Symlink)
    );
    if !listable {
        return Err(ToolFailure::Reported(ctx.lang.dir_missing(&path)));
    }
    let walk = walk(ctx, &path)?;
    let compared = walk.files.len();
    let found = duplicates::find(ctx.files, walk.files)?;
    let (text, shown) = describe(ctx.lang, &path, &found, compared, walk.cut);
    ctx.data = ToolData::Duplicates(shown);
    Ok(text)
}

/// The files under a directory, breadth first.
struct Walk {
    files: Vec<Candidate>,
    /// Whether files or levels were left out by the bounds.
    cut: bool,
}

/// Regular files under `root`, hidden items, files in use (a download's
/// bytes so far are no copy of anything), online-only files (reading one
/// would download it), links and the members of a group
/// of related files other than its main file left out (a sidecar of the
/// same bytes as another photo's is part of its own photo, not a copy), at most
/// [`MAX_FILES`] of them and [`MAX_DEPTH`] levels down.
fn walk(ctx: &mut ToolContext<'_>, root: &str) -> Result<Walk, ToolFailure> {
    let mut files = Vec::new();
    let mut cut = false;
    let mut level = vec![root.to_owned()];
    for depth in 0..=MAX_DEPTH {
        let mut next = Vec::new();
        for dir in level {
            let entries = match ctx.files.list(&dir) {
                Ok(entries) => entries,
                Err(_) if dir != root => continue,
                Err(err) => return Err(err.into()),
            };
            let busy = busy_entries(&entries);
            let related =
                Groups::form((entries.iter()).map(|e| (e.name.as_str(), e.kind == EntryKind::Dir)));
            let kept = entries.into_iter().filter(|e| {
                let member = e.kind == EntryKind::File && related.is_member(&e.name);
                !e.name.starts_with('.') && !busy.contains_key(&e.name) && !member && !e.online_only
            });
            for entry in kept {
                let path = paths::join(&dir, &entry.name);
                match entry.kind {
                    EntryKind::Dir if depth < MAX_DEPTH => next.push(path),
                    EntryKind::Dir => cut = true,
                    EntryKind::File if files.len() < MAX_FILES => {
                        files.push(candidate(ctx.target_dir, path, &entry));
                    }
                    EntryKind::File => cut = true,
                    EntryKind::Symlink | EntryKind::Other => {}
                }
            }
        }
        next.sort();
        level = next;
    }
    Ok(Walk { files, cut })
}

fn candidate(target_dir: &str, path: String, entry: &Entry) -> Candidate {
    Candidate {
        shown: shown_path(target_dir, &path),
        path,
        size: entry.size,
        modified: entry.modified,
    }
}

/// `path` relative to the target directory when it is inside it (as the
/// other tools take it), else whole.
fn shown_path(target_dir: &str, path: &str) -> String {
    let separator = paths::separator(target_dir);
    let prefix = format!("{}{separator}", target_dir.trim_end_matches(separator));
    path.strip_prefix(&prefix).unwrap_or(path).to_owned()
}

/// The result text: a heading with the totals, the groups (each file on a
/// line of its own, four spaces in), then what was left out; and the paths
/// of each group it shows, as it shows them.
fn describe(
    lang: Lang,
    path: &str,
    found: &Duplicates,
    compared: usize,
    cut: bool,
) -> (String, Vec<Vec<String>>) {
    let mut text = if found.groups.is_empty() {
        lang.no_duplicates(path, &group_digits(compared))
    } else {
        heading(lang, path, &found.groups)
    };
    let mut shown = 0;
    for group in found.groups.iter().take(GROUPS_SHOWN) {
        if text.len() > MAX_CHARS {
            break;
        }
        text.push('\n');
        text.push_str(&group_lines(lang, group));
        shown += 1;
    }
    let groups_shown = found.groups[..shown]
        .iter()
        .map(|group| {
            let files = group.files.iter().take(FILES_PER_GROUP);
            files.map(|file| file.shown.clone()).collect::<Vec<_>>()
        })
        .filter(|files| files.len() > 1)
        .collect();
    let rest = &found.groups[shown..];
    if !rest.is_empty() {
        let copies: usize = rest.iter().map(|group| group.files.len() - 1).sum();
        let bytes: u64 = rest.iter().map(DuplicateGroup::spare_bytes).sum();
        text.push('\n');
        text.push_str(&lang.more_groups(
            &group_digits(rest.len()),
            &group_digits(copies),
            &format_size(bytes),
        ));
    }
    if found.not_copies > 0 {
        text.push('\n');
        text.push_str(
            &lang.not_copies_left_out(&group_digits(found.not_copies), duplicates::MIN_COPY_BYTES),
        );
    }
    if found.unreadable > 0 {
        text.push('\n');
        text.push_str(&lang.unreadable_left_out(&group_digits(found.unreadable)));
    }
    if cut {
        text.push('\n');
        text.push_str(&lang.duplicates_cut(&group_digits(MAX_FILES), MAX_DEPTH));
    }
    (text, groups_shown)
}

fn heading(lang: Lang, path: &str, groups: &[DuplicateGroup]) -> String {
    let copies: usize = groups.iter().map(|group| group.files.len() - 1).sum();
    let bytes: u64 = groups.iter().map(DuplicateGroup::spare_bytes).sum();
    lang.duplicates_heading(
        path,
        &group_digits(groups.len()),
        &group_digits(copies),
        &format_size(bytes),
    )
}

/// `- 3 files of 1.2 KB:` and the files, four spaces in.
fn group_lines(lang: Lang, group: &DuplicateGroup) -> String {
    let count = group.files.len();
    let mut text = lang.duplicate_group(count, &format_size(group.size));
    for file in group.files.iter().take(FILES_PER_GROUP) {
        text.push_str("\n    ");
        text.push_str(&file.shown);
    }
    if count > FILES_PER_GROUP {
        text.push_str("\n  ");
        text.push_str(&lang.more_copies(&group_digits(count - FILES_PER_GROUP)));
    }
    text
}
