//! tidyup's tools as MCP tools: the core's declarations of every tool (the
//! six base tools and the bulk tools), their `parameters` as the input
//! schema, with honest annotations.

use std::sync::Arc;

use rmcp::model::{Tool, ToolAnnotations};
use serde_json::Value;
use tidyup_core::{ToolSet, tool_declarations_for};

/// Every tool of `set`, in the core's declaration order.
pub fn all(set: ToolSet) -> Vec<Tool> {
    let declarations = tool_declarations_for(set);
    declarations
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|declaration| {
            let function = declaration.get("function")?;
            let name = function.get("name")?.as_str()?.to_owned();
            let description = function
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned();
            let schema = function.get("parameters")?.as_object()?.clone();
            let annotations = annotations(&name);
            Some(Tool::new(name, description, Arc::new(schema)).annotate(annotations))
        })
        .collect()
}

/// What a tool does to the files, as MCP hints. Every tool works on the
/// local files only (a closed world).
///
/// - Read-only: `list_files`, `get_file_type`, `summarize_folder`,
///   `find_files`, `find_duplicates`, `read_file`.
/// - Destructive: `delete_file` (into tidyup's trash; it needs `confirm:
///   true`), and the moves, which replace a file at the destination
///   (`move_file`) or carry many items away at once (`move_matching`,
///   `move_by_type`, `move_files`). All are reversible with `tidyup undo`, but an agent
///   should still ask first.
/// - Neither: `create_folder` (idempotent: an existing folder is left as
///   it is) and `rename_file`, which refuses a name already taken, so it
///   never replaces anything.
///
/// A tool not named here (a newer core's) is taken as destructive, the
/// protocol's default.
pub fn annotations(name: &str) -> ToolAnnotations {
    let closed = ToolAnnotations::new().open_world(false);
    match name {
        "list_files" | "get_file_type" | "summarize_folder" | "find_files" | "find_duplicates"
        | "read_file" => closed.read_only(true),
        "create_folder" => closed.read_only(false).destructive(false).idempotent(true),
        "rename_file" => closed.read_only(false).destructive(false).idempotent(false),
        _ => closed.read_only(false).destructive(true).idempotent(false),
    }
}
