//! The pure core of tidyup, a command-line agent that tidies one directory
//! with any chat-completions model.
//!
//! This crate owns the agent: message building, response parsing, the turn
//! state machine, the six tools (declarations, argument checks, behaviour,
//! result texts), size and time formatting, the file-type table and the
//! system prompt. It contains no IO code and reads no clock: it reaches the
//! world only through the capabilities it is handed ([`FileSystem`],
//! [`ModelClient`], [`EventSink`]). Compiled to
//! `wasm32-unknown-unknown`, those capabilities are the imported host
//! functions of `docs/ABI.md`; natively, any Rust implementation.
//!
//! Its API is the `pub use` block below, grouped by topic; every module is
//! private.

mod agent;
mod answer;
mod arrivals;
mod body;
mod budget;
mod call;
mod contents;
mod copy_names;
mod dates;
mod demo_folder;
mod duplicates;
mod file_type;
mod format;
mod groups;
mod in_use;
mod kinds;
mod model_failure;
mod paths;
mod plan_table;
mod planner;
mod ports;
mod protocol;
mod question;
mod rehearsal;
mod rules;
mod saved_plan;
mod secrets;
mod sse;
mod texts;
mod tool_output;
mod tool_run;
mod tools;
mod visible;

#[cfg(target_arch = "wasm32")]
mod wasm_abi;
#[cfg(feature = "web")]
mod web;

// The agent: its configuration and its turn loop.
pub use agent::{Agent, AgentConfig, MAX_ROUNDS};
// The capabilities a host hands the core, and the values crossing between them.
pub use ports::{
    Access, BatchMove, Capabilities, ChatRequest, Entry, EntryKind, ErrorCode, Event, EventSink,
    FileSample, FileSystem, FileSystemExt, FsAnswer, FsRequest, HostError, HttpReply, ModelClient,
    Named, Outcome, Provider, StatResult, WireResult, composed, unsupported,
};
// Model calls: the request body and its budget, sending it, reading the reply.
pub use answer::complete as complete_answer;
pub use body::RequestBody;
pub use budget::{DEFAULT_CONTEXT_TOKENS, Limits, estimate_request};
pub use call::{CallError, CallSettings, DEFAULT_MAX_REPLY_BYTES, complete as complete_call};
pub use model_failure::{FailureKind, ModelFailure};
pub use protocol::{
    Message, Reply, ToolCall, build_request, provider_error_message, read_completion, read_reply,
};
// One question without tools (`tidyup ask`).
pub use question::{AskConfig, ask, build_request as build_question_request};
// The tools: their set and limits, declarations, running one, and its result.
pub use tool_run::ToolRun;
pub use tools::{
    BulkOptions, CallOutput, FolderMemo, LARGE_FOLDER_ENTRIES, Listed, Listing, ToolContext,
    ToolData, ToolLimits, ToolOutput, ToolSet, declarations as tool_declarations,
    declarations_for as tool_declarations_for, names as tool_names, names_in as tool_names_in,
    run as run_tool_text, run_tool,
};
// A file system whose changes are only recorded (how a plan is made exact).
pub use rehearsal::{Rehearsal, RehearsedMove};
// The offline planner.
pub use planner::{MODEL as OFFLINE_PLANNER_MODEL, OfflinePlanner, folder_name};
// The table of a dry run's plan (the window's rows).
pub use plan_table::{
    PlanEntry, PlanInput, PlanRequest, PlanRow, PlanTable, Step as DryRunStep, plan_table,
};
// A saved plan (`tidyup apply`'s file): its steps and their sources' fingerprints.
pub use saved_plan::{Detail, Fingerprint, PlanProblem, PlanRules, PlanStep, SavedPlan};
// The rules file.
pub use rules::{DESCRIBE_LIMIT, FileFacts, RuleMatch, Rules, RulesError, RulesProblem, RulesSpec};
// What a file is: its type and kind, its contents, its copies, whether it is in use.
pub use arrivals::left_alone;
pub use contents::{
    Contents, DEFAULT_MAX_CHARS as DEFAULT_EXCERPT_CHARS, Date as ContentDate, FileBytes,
    Kind as ContentKind, MAX_CHARS as MAX_EXCERPT_CHARS, read as read_contents,
};
pub use duplicates::{
    Candidate as DuplicateCandidate, HEAD_BYTES as DUPLICATE_HEAD_BYTES, find as find_duplicates,
};
pub use file_type::{CATEGORIES, Category, OTHER as OTHER_CATEGORY, category, extension};
pub use in_use::{InUse, companions, in_use};
pub use kinds::kind;
// Paths as the core reads them, on any platform.
pub use paths::{NameCase, file_name, free_name, parent as parent_path};
// Words: the language and its texts, the prompts, sizes and times.
pub use format::{format_local_time, format_size, group_digits};
pub use texts::prompt::{bulk_prompt, contents_prompt, existing_folders_prompt, system_prompt};
pub use texts::{Expected, Lang, Noun, limit_text, render as render_contents};
pub use visible::visible;
// The demo folder of `tidyup demo`.
pub use demo_folder::{DEMO_FILES, content as demo_file_content};
