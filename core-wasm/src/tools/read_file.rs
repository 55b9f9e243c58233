//! `read_file`: what a file holds, as a bounded excerpt (declared only when
//! the user allows reading contents): words for the model, and the
//! [`Contents`] read as data. The host hands over the file's first
//! and last bytes; every parser runs here, in the core, so the worst a
//! crafted file can do is fail its own call.

use super::{Args, Tool, ToolContext, ToolData, ToolFailure, ToolResult};
use crate::contents::{self, Contents, FileBytes};
use crate::paths;
use crate::ports::FileSystemExt;
use crate::ports::{EntryKind, HostError};
use crate::texts;

pub(super) const TOOL: Tool = Tool {
    name: "read_file",
    group: super::Group::Contents,
    description: "Read what a file holds: its real kind (with pages, dimensions, duration, date taken or tags where known) and an excerpt of its text, to classify or name it by its content.",
    parameters: &[(
        "path",
        "string",
        "The file to read (absolute, or relative to the target directory).",
    )],
    run,
};

/// Bytes read from the start of a file: enough for the text of a
/// document's first pages and for most office files whole.
pub const HEAD_BYTES: u64 = 8 << 20;
/// Bytes read from the end of a file, where a zip's directory or a PDF's
/// cross-reference table lives.
pub const TAIL_BYTES: u64 = 256 << 10;

fn run(args: &Args, ctx: &mut ToolContext<'_>) -> ToolResult {
    let path = paths::resolve(ctx.target_dir, args.string("path")?);
    let entry = ctx.files.stat(&path)?;
    if entry.as_ref().is_some_and(|entry| entry.online_only) {
        return Err(ToolFailure::Cause(ctx.lang.read_file_online_only(&path)));
    }
    match entry.map(|entry| entry.kind) {
        Some(EntryKind::File | EntryKind::Symlink) => {}
        Some(EntryKind::Dir) => {
            return Err(ToolFailure::Cause(ctx.lang.read_file_of_a_folder(&path)));
        }
        Some(EntryKind::Other) | None => {
            return Err(ToolFailure::Reported(ctx.lang.source_missing(&path)));
        }
    }
    let read = read_contents(ctx, &path)?;
    let text = texts::render(&read, ctx.lang);
    ctx.data = ToolData::Contents(Box::new(read));
    Ok(text)
}

/// What the file at the absolute `path` holds, read as `read_file` reads
/// it (its first and last bytes, an excerpt of the configured length).
pub(super) fn read_contents(ctx: &mut ToolContext<'_>, path: &str) -> Result<Contents, HostError> {
    let sample = ctx.files.read_bytes(path, HEAD_BYTES, TAIL_BYTES)?;
    let file = FileBytes {
        name: paths::file_name(path),
        head: &sample.head,
        tail: &sample.tail,
        size: sample.size,
    };
    Ok(contents::read(&file, ctx.limits.excerpt_chars))
}
