//! `tidyup mcp` under a real MCP client (rmcp's, spawning the built binary
//! and speaking over its stdio): the handshake, the tool list, every tool's
//! effect on disk, refused escapes, malformed requests, roots from the
//! client, the journal and `tidyup undo`, the dry run, and the core's
//! `tidyup_run_tool` export.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod client;
mod core_calls;
mod dry_run;
mod escapes;
mod protocol;
mod raw;
#[cfg(unix)]
mod remote;
mod roots;
mod rules;
mod support;
mod tools;
