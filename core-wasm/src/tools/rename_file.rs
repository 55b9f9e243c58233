//! `rename_file`: a new name for a file or folder, in the same parent.

use super::move_file::is_itself_in_other_case;
use super::{Args, Tool, ToolContext, ToolFailure, ToolResult};
use crate::paths;
use crate::ports::FileSystemExt;

pub(super) const TOOL: Tool = Tool {
    name: "rename_file",
    group: super::Group::Base,
    description: "Rename a file or folder; it stays in the same parent folder.",
    parameters: &[
        (
            "path",
            "string",
            "The file or folder to rename (absolute, or relative to the target directory).",
        ),
        (
            "new_name",
            "string",
            "The new name only, without any folder.",
        ),
    ],
    run,
};

fn run(args: &Args, ctx: &mut ToolContext<'_>) -> ToolResult {
    let path = paths::resolve(ctx.target_dir, args.string("path")?);
    let new_name = args.string("new_name")?;
    let lang = ctx.lang;
    if !is_plain_name(new_name) {
        return Err(ToolFailure::Cause(lang.bad_new_name(new_name)));
    }
    if ctx.files.stat(&path)?.is_none() {
        return Err(ToolFailure::Reported(lang.source_missing(&path)));
    }
    let target = match paths::parent(&path) {
        Some(parent) => paths::join(parent, new_name),
        None => new_name.to_owned(),
    };
    if ctx.files.stat(&target)?.is_some() && !is_itself_in_other_case(ctx.files, &path, &target)? {
        return Err(ToolFailure::Reported(lang.rename_target_exists(&target)));
    }
    match ctx.files.rename(&path, &target) {
        Ok(()) if ctx.dry_run => Ok(lang.would_rename(paths::file_name(&path), new_name)),
        Ok(()) => Ok(lang.renamed(paths::file_name(&path), new_name)),
        Err(err) => Err(ToolFailure::Reported(
            lang.rename_failed(&path, &lang.host_failure(&err)),
        )),
    }
}

/// A name with no separator, not `.`/`..`, not empty, no NUL.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\', '\0'])
}
