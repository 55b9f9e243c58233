//! `delete_file`: a file, or a folder with its contents, only when confirmed.

use super::{Args, Tool, ToolContext, ToolFailure, ToolResult};
use crate::paths;
use crate::ports::FileSystemExt;
use crate::ports::{EntryKind, HostError};
use crate::texts::Lang;

pub(super) const TOOL: Tool = Tool {
    name: "delete_file",
    group: super::Group::Base,
    description: "Delete a file, or a folder with all its contents. Irreversible: only with confirm set to true after the user agreed.",
    parameters: &[
        (
            "path",
            "string",
            "The file or folder to delete (absolute, or relative to the target directory).",
        ),
        (
            "confirm",
            "boolean",
            "Must be true to delete; anything else cancels.",
        ),
    ],
    run,
};

fn run(args: &Args, ctx: &mut ToolContext<'_>) -> ToolResult {
    let path = paths::resolve(ctx.target_dir, args.string("path")?);
    let confirmed = args.value("confirm")?.as_bool() == Some(true);
    let lang = ctx.lang;
    if !confirmed {
        return Ok(lang.delete_cancelled(&path));
    }
    let Some(entry) = ctx.files.stat(&path)? else {
        return Err(ToolFailure::Reported(lang.delete_missing(&path)));
    };
    Ok(match entry.kind {
        EntryKind::Dir => match ctx.files.remove_dir_all(&path) {
            Ok(()) if ctx.dry_run => lang.would_delete(&path),
            Ok(()) => lang.deleted_folder(&path),
            Err(err) => return Err(failed(lang, &path, &err)),
        },
        EntryKind::File | EntryKind::Symlink | EntryKind::Other => {
            match ctx.files.remove_file(&path) {
                Ok(()) if ctx.dry_run => lang.would_delete(&path),
                Ok(()) => lang.deleted_file(&path),
                Err(err) => return Err(failed(lang, &path, &err)),
            }
        }
    })
}

fn failed(lang: Lang, path: &str, err: &HostError) -> ToolFailure {
    ToolFailure::Reported(lang.delete_failed(path, &lang.host_failure(err)))
}
