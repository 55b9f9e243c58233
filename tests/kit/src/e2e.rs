//! Everything the end-to-end tests of the `tidyup` binary use: the mock
//! provider, the runner, and the shared builders and checks.

pub use crate::TOOL_NAMES;
pub use crate::disk::{at, set_mtime, target_dir, tree_of, write_file};
#[cfg(unix)]
pub use crate::disk::{fifo_behind_link, raw_tree_of};
#[cfg(unix)]
pub use crate::moves::{Items, Made, Move, items_of, moves_differ, moves_made};
pub use crate::provider::{
    API_PREFIX, MockProvider, Recorded, error_reply, message_reply, text_reply, tool_reply,
};
pub use crate::replies::{
    call_json, call_raw, completion_body, numbered_calls, text_message, tool_message,
};
pub use crate::requests::{assert_well_formed, preview};
pub use crate::runner::{Outcome, Tidyup, run_tool_calls, tidyup_binary};

/// The API key every test run uses; it must never show up in the output.
pub const API_KEY: &str = "sk-test-9f8e7d6c5b4a-never-print-me";

/// The model name tests pass, so requests can be checked for it.
pub const MODEL: &str = "test-model-1";

/// The round-limit notice of the English console.
pub const ROUND_LIMIT_NOTICE: &str =
    "Reached the maximum number of rounds (15); the task may be unfinished.";
