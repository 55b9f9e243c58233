//! What the tests of tidyup share, written once.
//!
//! The core's tests use the in-memory file system ([`MemFs`]), the scripted
//! model ([`ScriptedModel`]), the console [`Recorder`] and the [`World`]
//! that runs agent turns against them. The end-to-end tests of the binary
//! use [`e2e`] (feature `e2e`): a mock provider on 127.0.0.1 and a runner
//! of `tidyup` in a cleared environment. Both build replies with the same
//! builders and check requests with the same [`assert_well_formed`] and
//! console [`preview`].
//!
//! A test kit fails by panicking, with the reason.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod disk;
mod memfs;
mod model;
#[cfg(unix)]
mod moves;
mod paths;
mod quick_moves;
mod recorder;
mod replies;
mod requests;
mod world;

#[cfg(feature = "e2e")]
pub mod e2e;
#[cfg(feature = "e2e")]
mod provider;
#[cfg(feature = "e2e")]
mod runner;

#[cfg(unix)]
pub use disk::fifo_behind_link;
pub use disk::{at, set_mtime, target_dir, tree_of, write_file};
pub use memfs::{DENIED, MemFs, Op, Snap};
pub use model::{ScriptedModel, completion, http, text_reply, tool_reply};
#[cfg(unix)]
pub use moves::{Items, Made, Move, items_of, moves_differ, moves_made};
pub use paths::{abs, normalize};
pub use quick_moves::QuickMoves;
pub use recorder::Recorder;
pub use replies::{
    call, call_json, call_raw, completion_body, numbered_calls, text_message, tool_message,
    with_field,
};
pub use requests::{assert_well_formed, message_json, preview};
pub use world::{
    World, converse, converse_with, demo_fs, in_target, offline_config, run_tool, run_tool_value,
    run_tool_zh, scans_with_two_copies,
};

/// The target directory every in-memory test works in.
pub const TARGET: &str = "/home/user/Desktop";

/// The model identifier every in-memory test sends.
pub const MODEL: &str = "test-model";

/// The modification time given to every in-memory entry unless a test says
/// otherwise: 2024-03-15 09:30:00 UTC.
pub const MTIME: i64 = 1_710_495_000;

/// The names of the six tools, in the order tidyup declares them.
pub const TOOL_NAMES: [&str; 6] = [
    "list_files",
    "create_folder",
    "move_file",
    "rename_file",
    "delete_file",
    "get_file_type",
];
