//! `move_file`: a file or folder to a full destination path.

use super::{Args, Tool, ToolContext, ToolResult};
use crate::host::EntryKind;
use crate::paths;

pub(super) const TOOL: Tool = Tool {
    name: "move_file",
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
        return Ok(lang.source_missing(&source));
    }
    let name = paths::file_name(&source).to_owned();
    // An existing folder, or a path ending in a separator, means "into it".
    let into_folder = destination.ends_with(['/', '\\'])
        || matches!(
            ctx.files.stat(&destination)?.map(|e| e.kind),
            Some(EntryKind::Dir)
        );
    if into_folder {
        destination = paths::join(destination.trim_end_matches(['/', '\\']), &name);
    }
    let parent_made = paths::parent(&destination).map(|parent| ctx.files.create_dir_all(parent));
    if let Some(Err(err)) = parent_made {
        return Ok(lang.move_failed(&source, &lang.host_failure(&err)));
    }
    Ok(match ctx.files.rename(&source, &destination) {
        Ok(()) => lang.moved(&name, &destination),
        Err(err) => lang.move_failed(&source, &lang.host_failure(&err)),
    })
}
