//! `move_file`: a file or folder to a full destination path. A model may
//! move a file that looks in use (see [`crate::in_use`]) when it asks for
//! it by name; the result then ends with a note saying so. An existing
//! destination file is replaced, as declared; the offline planner's own
//! moves carry `never_replace` (not declared to models), and a move of a
//! reviewed plan whose destination appeared since is refused instead.

use super::made_folders::MadeFolders;
use super::{Args, Tool, ToolContext, ToolData, ToolFailure, ToolResult};
use crate::in_use::{InUse, companions, in_use};
use crate::paths;
use crate::ports::FileSystemExt;
use crate::ports::{BatchMove, EntryKind, ErrorCode, FileSystem, HostError};
use crate::tool_output::MoveEnd;

pub(super) const TOOL: Tool = Tool {
    name: "move_file",
    group: super::Group::Base,
    description: "Move a file or folder. Missing parent folders of the destination are created; an existing destination file is replaced.",
    parameters: &[
        (
            "source",
            "string",
            "The file or folder to move (absolute, or relative to the target directory).",
        ),
        (
            "destination",
            "string",
            "The full target path including the file name (or an existing folder to move into).",
        ),
    ],
    run,
};

fn run(args: &Args, ctx: &mut ToolContext<'_>) -> ToolResult {
    let source = paths::resolve(ctx.target_dir, args.string("source")?);
    let mut destination = paths::resolve(ctx.target_dir, args.string("destination")?);
    let lang = ctx.lang;
    if ctx.files.stat(&source)?.is_none() {
        return Err(ToolFailure::Reported(lang.source_missing(&source)));
    }
    let name = paths::file_name(&source).to_owned();
    let busy = looks_in_use(ctx.files, &source, &name)?;
    // An existing folder, or a path ending in a separator, means "into it";
    // the source itself under another case (`docs` → `Docs` where case is
    // ignored) is a rename.
    let existing = ctx.files.stat(&destination)?.map(|e| e.kind);
    let into_folder = destination.ends_with(['/', '\\'])
        || (existing == Some(EntryKind::Dir)
            && !is_itself_in_other_case(ctx.files, &source, &destination)?);
    if into_folder {
        destination = paths::join(destination.trim_end_matches(['/', '\\']), &name);
    }

    let made = match paths::parent(&destination) {
        Some(parent) => MadeFolders::create(ctx.files, parent).map_err(|err| {
            ToolFailure::Reported(lang.move_failed(&source, &lang.host_failure(&err)))
        })?,
        None => MadeFolders::default(),
    };
    let never_replace = args.flag("never_replace");
    let moved = if never_replace {
        // Decided in the move itself: nothing that appeared is replaced.
        let step = BatchMove {
            from: source.clone(),
            to: destination.clone(),
        };
        ctx.files
            .move_batch(std::slice::from_ref(&step))
            .and_then(|mut ends| ends.pop().unwrap_or(Ok(())))
    } else {
        ctx.files.rename(&source, &destination)
    };
    match moved {
        Ok(()) => {
            ctx.files_moved = 1;
            let mut text = if ctx.dry_run {
                lang.would_move(&name, &destination)
            } else {
                lang.moved(&name, &destination)
            };
            if let Some(why) = busy {
                text.push(' ');
                text.push_str(&lang.looks_in_use(why));
            }
            Ok(text)
        }
        Err(err) if never_replace && err.code == ErrorCode::AlreadyExists => {
            made.remove(ctx.files);
            ctx.data = ToolData::EachMove(vec![MoveEnd::Taken(destination.clone())]);
            Err(ToolFailure::Reported(
                lang.move_failed(&source, &lang.appeared_since(&destination)),
            ))
        }
        Err(err) => {
            made.remove(ctx.files);
            Err(ToolFailure::Reported(
                lang.move_failed(&source, &lang.host_failure(&err)),
            ))
        }
    }
}

/// Why the item `name` at `source` looks in use, if it does: by its name,
/// or by a download manager's file beside it.
fn looks_in_use(
    files: &mut dyn FileSystem,
    source: &str,
    name: &str,
) -> Result<Option<InUse>, HostError> {
    if let Some(why) = in_use(name, &|_| false) {
        return Ok(Some(why));
    }
    let Some(folder) = paths::parent(source) else {
        return Ok(None);
    };
    let companions = companions(name);
    let asked: Vec<String> = companions
        .iter()
        .map(|companion| paths::join(folder, companion))
        .collect();
    let mut beside = Vec::new();
    for (companion, found) in companions.into_iter().zip(files.stat_many(&asked)?) {
        if found?.is_some() {
            beside.push(companion);
        }
    }
    Ok(in_use(name, &|other| beside.iter().any(|b| b == other)))
}

/// Whether the existing `other` is the item at `path` named with other
/// letter cases, as on a file system that ignores case (Windows, macOS by
/// default): the paths differ only in case and `other`'s exact name is not
/// among its folder's entries. Where case matters, both names are listed
/// and they are two items.
pub(super) fn is_itself_in_other_case(
    files: &mut dyn FileSystem,
    path: &str,
    other: &str,
) -> Result<bool, HostError> {
    if path == other || path.to_lowercase() != other.to_lowercase() {
        return Ok(false);
    }
    let Some(folder) = paths::parent(other) else {
        return Ok(false);
    };
    let name = paths::file_name(other);
    Ok(!files.list(folder)?.iter().any(|entry| entry.name == name))
}
