//! `create_folder`: a folder with its missing parents.

use super::{Args, Tool, ToolContext, ToolFailure, ToolResult};
use crate::paths;
use crate::ports::EntryKind;
use crate::ports::FileSystemExt;

pub(super) const TOOL: Tool = Tool {
    name: "create_folder",
    group: super::Group::Base,
    description: "Create a folder, including missing parent folders. Does nothing if it already exists.",
    parameters: &[(
        "path",
        "string",
        "The folder to create (absolute, or relative to the target directory).",
    )],
    run,
};

fn run(args: &Args, ctx: &mut ToolContext<'_>) -> ToolResult {
    let path = paths::resolve(ctx.target_dir, args.string("path")?);
    let lang = ctx.lang;
    match ctx.files.stat(&path)?.map(|entry| entry.kind) {
        Some(EntryKind::Dir) => return Ok(lang.folder_exists(&path)),
        // A symlink to a folder is a folder for this purpose.
        Some(EntryKind::Symlink) if ctx.files.list(&path).is_ok() => {
            return Ok(lang.folder_exists(&path));
        }
        Some(EntryKind::File | EntryKind::Symlink | EntryKind::Other) => {
            return Err(ToolFailure::Reported(lang.folder_blocked_by_file(&path)));
        }
        None => {}
    }
    match ctx.files.create_dir_all(&path) {
        Ok(()) if ctx.dry_run => Ok(lang.folder_would_be_created(&path)),
        Ok(()) => Ok(lang.folder_created(&path)),
        Err(err) => Err(ToolFailure::Reported(
            lang.folder_failed(&path, &lang.host_failure(&err)),
        )),
    }
}
