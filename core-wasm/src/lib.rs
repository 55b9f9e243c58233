//! The pure core of tidyup, a command-line agent that tidies one directory
//! with any chat-completions model.
//!
//! This crate owns the agent: message building, response parsing, the turn
//! state machine, the six tools (declarations, argument checks, behaviour,
//! result texts), size and time formatting, the file-type table and the
//! system prompt. It contains no IO code and reads no clock: it reaches the
//! world only through the [`ports`] capabilities it is handed. Compiled to
//! `wasm32-unknown-unknown`, those capabilities are the imported host
//! functions of `docs/ABI.md`; natively, any Rust implementation.

pub mod agent;
pub mod answer;
pub mod arrivals;
pub mod body;
pub mod budget;
pub mod call;
pub mod contents;
pub mod demo_folder;
pub mod duplicates;
pub mod file_type;
pub mod format;
pub mod groups;
pub mod in_use;
pub mod kinds;
pub mod paths;
pub mod plan_table;
pub mod planner;
pub mod ports;
pub mod protocol;
pub mod question;
pub mod rules;
pub mod sse;
pub mod texts;
pub mod tool_output;
pub mod tool_run;
pub mod tools;
pub mod visible;

#[cfg(target_arch = "wasm32")]
pub mod wasm_abi;
#[cfg(feature = "web")]
pub mod web;

pub use agent::{Agent, AgentConfig, MAX_ROUNDS};
pub use call::CallSettings;
pub use plan_table::{PlanInput, PlanTable, plan_table};
pub use ports::{
    BatchMove, Capabilities, ChatRequest, Entry, EntryKind, ErrorCode, Event, EventSink,
    FileSample, FileSystem, FsRequest, HostError, HttpReply, ModelClient, Outcome, Provider,
    StatResult, WireResult,
};
pub use protocol::{Message, Usage};
pub use texts::Lang;
