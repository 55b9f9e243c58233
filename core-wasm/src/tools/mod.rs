//! The local tools: their declarations, argument checking and dispatch.
//!
//! The six base tools are always declared; the bulk tools
//! (`summarize_folder`, `find_files`, `move_matching`, `move_by_type`,
//! `move_files`, `find_duplicates`) join
//! them once a session has met a large directory, so a session on small
//! folders sends exactly the six. Every tool returns text for the model,
//! and the tools whose findings a planner reads also return them as data
//! ([`ToolData`], built where the text is). A failure is text too: an
//! unknown name gives "unknown tool NAME", bad arguments or a refused file
//! operation give "tool execution failed: CAUSE" (or a tool's own plain
//! result).

mod analysis;
mod bulk;
mod by_rule;
mod create_folder;
mod delete_file;
mod find_duplicates;
mod find_files;
mod get_file_type;
mod list_files;
mod listing_memo;
mod made_folders;
mod move_by_type;
mod move_file;
mod move_files;
mod move_matching;
mod name_patterns;
mod read_file;
mod rename_file;
mod summarize_folder;
mod summary_rows;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::ports::{EventSink, FileSystem, HostError};

use crate::texts::Lang;
pub use crate::tool_output::{CallOutput, Listed, Listing, Moves, Summary, ToolData, ToolOutput};
pub use analysis::FolderMemo;
pub use by_rule::BulkOptions;
pub use list_files::{DIR_MARKER, item_line};
pub use listing_memo::ListingMemo;
pub use move_files::MOST_MOVES;

/// The number of entries above which a directory is large: `list_files`
/// shows only the first ones and the bulk tools are declared.
pub const LARGE_FOLDER_ENTRIES: usize = 200;

/// The limits every tool call runs under, in a conversation and outside one
/// (MCP) alike: resolved once by the host, from the config file's `[limits]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ToolLimits {
    /// Entries above which a directory is large (`[limits]
    /// large_folder_entries`): `list_files` shows that many.
    pub large_folder_entries: usize,
    /// The most characters of a `read_file` excerpt (`[limits] excerpt_chars`).
    pub excerpt_chars: usize,
}

impl Default for ToolLimits {
    fn default() -> Self {
        Self {
            large_folder_entries: LARGE_FOLDER_ENTRIES,
            excerpt_chars: crate::contents::DEFAULT_MAX_CHARS,
        }
    }
}

/// Which tools a request declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ToolSet {
    /// The bulk tools, for large directories.
    pub bulk: bool,
    /// `read_file`, only when the user allows reading contents.
    #[serde(default)]
    pub contents: bool,
}

impl ToolSet {
    /// The six base tools only.
    pub const BASE: ToolSet = ToolSet {
        bulk: false,
        contents: false,
    };
    /// The six base tools and the bulk tools.
    pub const WITH_BULK: ToolSet = ToolSet {
        bulk: true,
        contents: false,
    };
    /// Every tool.
    pub const ALL: ToolSet = ToolSet {
        bulk: true,
        contents: true,
    };

    fn includes(self, tool: &Tool) -> bool {
        match tool.group {
            Group::Base => true,
            Group::Bulk => self.bulk,
            Group::Contents => self.contents,
        }
    }
}

/// What a tool works with: the file primitives, the target directory its
/// relative paths resolve against, the language of its texts, and what the
/// session allows and learns.
pub struct ToolContext<'a> {
    /// The file primitives.
    pub files: &'a mut dyn FileSystem,
    /// The absolute target directory.
    pub target_dir: &'a str,
    /// Language of result texts.
    pub lang: Lang,
    /// Which tools are declared (a tool not declared is unknown).
    pub tools: ToolSet,
    /// When a directory is large, how long an excerpt may be.
    pub limits: ToolLimits,
    /// Where progress of long tools goes, if anywhere.
    pub progress: Option<&'a mut dyn EventSink>,
    /// Set when a tool met a large directory.
    pub met_large_folder: bool,
    /// How many items the last tool reported (the entries it listed), set
    /// by tools that count any.
    pub items: Option<u64>,
    /// Set when the last tool failed only because its subject is not there.
    pub not_found: bool,
    /// Whether changes land in an overlay, not on disk (a dry run): the
    /// changing tools' results say what would be done.
    pub dry_run: bool,
    /// Asked between the files of a multi-file tool: `true` when the user
    /// asked to stop (the tool then stops after the file in progress).
    pub stop_requested: Option<&'a mut dyn FnMut() -> bool>,
    /// Files the call moved (set by the moving tools).
    pub files_moved: usize,
    /// Files the call was to move but left because the user stopped it.
    pub files_left: usize,
    /// What the tool found, as data (set by the tools that have any).
    pub data: ToolData,
    /// Where the bulk moves of one reply keep the folder they work on
    /// (none: each reads it afresh).
    pub memo: Option<&'a mut FolderMemo>,
    /// What the bulk moves take beyond their declared arguments, set only
    /// through this crate's API (the offline planner's rehearsal); a model
    /// or an MCP client cannot reach it.
    pub options: BulkOptions,
}

impl<'a> ToolContext<'a> {
    /// A context declaring the six base tools, with the default threshold
    /// and no progress events.
    pub fn new(files: &'a mut dyn FileSystem, target_dir: &'a str, lang: Lang) -> Self {
        Self {
            files,
            target_dir,
            lang,
            tools: ToolSet::BASE,
            limits: ToolLimits::default(),
            progress: None,
            met_large_folder: false,
            items: None,
            not_found: false,
            dry_run: false,
            stop_requested: None,
            files_moved: 0,
            files_left: 0,
            data: ToolData::None,
            memo: None,
            options: BulkOptions::default(),
        }
    }

    /// Whether the user asked to stop (never, without a way to ask).
    pub fn stop_requested(&mut self) -> bool {
        self.stop_requested.as_mut().is_some_and(|asked| asked())
    }

    /// The same context with `tools` declared.
    pub fn with_tools(mut self, tools: ToolSet) -> Self {
        self.tools = tools;
        self
    }
}

/// Why a tool could not do its job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolFailure {
    /// A cause already worded for the model; becomes "tool execution failed: CAUSE".
    Cause(String),
    /// A file primitive failed; worded by [`Lang::host_failure`], then as a cause.
    Host(HostError),
    /// The tool's own result text of a failure ("Source does not exist: ..."),
    /// given to the model as it is.
    Reported(String),
}

impl From<HostError> for ToolFailure {
    fn from(err: HostError) -> Self {
        ToolFailure::Host(err)
    }
}

type ToolResult = Result<String, ToolFailure>;

/// Which set a tool belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Group {
    /// One of the six base tools.
    Base,
    /// A bulk tool for large directories.
    Bulk,
    /// `read_file`, opt-in.
    Contents,
}

/// One tool: its name, declaration and behaviour.
struct Tool {
    name: &'static str,
    group: Group,
    description: &'static str,
    /// `(name, JSON type, description)` of each parameter; all are required.
    parameters: &'static [(&'static str, &'static str, &'static str)],
    run: fn(&Args, &mut ToolContext<'_>) -> ToolResult,
}

const TOOLS: [Tool; 13] = [
    list_files::TOOL,
    create_folder::TOOL,
    move_file::TOOL,
    rename_file::TOOL,
    delete_file::TOOL,
    get_file_type::TOOL,
    summarize_folder::TOOL,
    find_files::TOOL,
    move_matching::TOOL,
    move_by_type::TOOL,
    move_files::TOOL,
    find_duplicates::TOOL,
    read_file::TOOL,
];

/// The tools after which a [`FolderMemo`] still holds: those that change
/// no file, and the bulk moves, which keep it as they leave the folder.
/// Any other tool makes it forget.
const KEEP_MEMO: [&str; 8] = [
    "list_files",
    "get_file_type",
    "summarize_folder",
    "find_files",
    "find_duplicates",
    "read_file",
    "move_by_type",
    "move_matching",
];

/// The names of the six base tools, in declaration order.
pub fn names() -> impl Iterator<Item = &'static str> {
    names_in(ToolSet::BASE)
}

/// The names of the tools of `set`, in declaration order.
pub fn names_in(set: ToolSet) -> impl Iterator<Item = &'static str> {
    TOOLS
        .iter()
        .filter(move |tool| set.includes(tool))
        .map(|tool| tool.name)
}

/// The `tools` array of a request declaring the six base tools.
pub fn declarations() -> Value {
    declarations_for(ToolSet::BASE)
}

/// The `tools` array of a request declaring `set` (function-calling format).
pub fn declarations_for(set: ToolSet) -> Value {
    TOOLS
        .iter()
        .filter(|tool| set.includes(tool))
        .map(|tool| {
            let properties: Map<String, Value> = tool
                .parameters
                .iter()
                .map(|(name, kind, description)| ((*name).to_owned(), schema(kind, description)))
                .collect();
            let required: Vec<&str> = tool.parameters.iter().map(|(name, ..)| *name).collect();
            json!({
                "type": "function",
                "function": {
                    "name": tool.name,
                    "description": tool.description,
                    "parameters": { "type": "object", "properties": properties, "required": required },
                },
            })
        })
        .collect()
}

/// The JSON schema of a parameter of `kind`: a JSON type, or `moves`, a
/// list of `{from, to}` objects.
fn schema(kind: &str, description: &str) -> Value {
    match kind {
        "moves" => json!({
            "type": "array",
            "description": description,
            "items": {
                "type": "object",
                "properties": {
                    "from": { "type": "string" },
                    "to": { "type": "string" },
                },
                "required": ["from", "to"],
            },
        }),
        kind => json!({ "type": kind, "description": description }),
    }
}

/// Runs the tool `name` with the model's raw `arguments` and returns the
/// result text for the model. Never panics on any input.
pub fn run(name: &str, arguments: &Value, ctx: &mut ToolContext<'_>) -> String {
    run_tool(name, arguments, ctx).text
}

/// [`run`], telling also whether the tool failed.
pub fn run_tool(name: &str, arguments: &Value, ctx: &mut ToolContext<'_>) -> ToolOutput {
    let lang = ctx.lang;
    let declared = ctx.tools;
    let Some(tool) = TOOLS
        .iter()
        .find(|tool| tool.name == name && declared.includes(tool))
    else {
        return ToolOutput::failed(lang.unknown_tool(name));
    };
    if !KEEP_MEMO.contains(&tool.name)
        && let Some(memo) = ctx.memo.as_deref_mut()
    {
        memo.forget();
    }
    let outcome = Args::parse(arguments, lang).and_then(|args| (tool.run)(&args, ctx));
    let data = std::mem::take(&mut ctx.data);
    match outcome {
        Ok(text) => ToolOutput {
            text,
            is_error: false,
            data,
        },
        Err(failure) => ToolOutput {
            text: match failure {
                ToolFailure::Cause(cause) => lang.tool_failed(&cause),
                ToolFailure::Host(err) => lang.tool_failed(&lang.host_failure(&err)),
                ToolFailure::Reported(text) => text,
            },
            is_error: true,
            data,
        },
    }
}

/// What a call of `name` with `arguments` is about, for views that sum
/// calls up: the file or folder it names (`path`, `source`, or a bare
/// `filename`) and where it puts it (`destination`), paths resolved against
/// `target_dir`. `None` where the arguments name none (or are not an object).
pub fn subject_of(
    name: &str,
    arguments: &Value,
    target_dir: &str,
) -> (Option<String>, Option<String>) {
    let Ok(args) = Args::parse(arguments, Lang::En) else {
        return (None, None);
    };
    let text = |key: &str| args.string(key).ok().filter(|text| !text.trim().is_empty());
    let path = |key: &str| text(key).map(|value| crate::paths::resolve(target_dir, value));
    let subject = if name == "get_file_type" {
        text("filename").map(str::to_owned)
    } else {
        path("path").or_else(|| path("source"))
    };
    (subject, path("destination"))
}

/// A tool call's arguments, checked to be a JSON object.
pub struct Args {
    values: Map<String, Value>,
    lang: Lang,
}

impl Args {
    /// Reads `function.arguments`: a JSON object serialized as text, `""`
    /// (taken as `{}`), or an object already parsed.
    pub fn parse(arguments: &Value, lang: Lang) -> Result<Self, ToolFailure> {
        let values = match arguments {
            Value::Object(values) => values.clone(),
            Value::String(text) if text.trim().is_empty() => Map::new(),
            Value::String(text) => match serde_json::from_str::<Value>(text) {
                Ok(Value::Object(values)) => values,
                Ok(other) => return Err(not_object(lang, &other.to_string())),
                Err(err) => return Err(not_object(lang, &err.to_string())),
            },
            Value::Null => Map::new(),
            Value::Bool(_) | Value::Number(_) | Value::Array(_) => {
                return Err(not_object(lang, &arguments.to_string()));
            }
        };
        Ok(Self { values, lang })
    }

    /// The arguments as a JSON object.
    pub fn into_map(self) -> Map<String, Value> {
        self.values
    }

    /// A required argument of any type.
    pub fn value(&self, name: &str) -> Result<&Value, ToolFailure> {
        self.values
            .get(name)
            .filter(|value| !value.is_null())
            .ok_or_else(|| ToolFailure::Cause(self.lang.missing_argument(name)))
    }

    /// An optional flag: `true` only when given as `true`.
    pub fn flag(&self, name: &str) -> bool {
        self.values.get(name).and_then(Value::as_bool) == Some(true)
    }

    /// A required string argument.
    pub fn string(&self, name: &str) -> Result<&str, ToolFailure> {
        self.value(name)?
            .as_str()
            .ok_or_else(|| ToolFailure::Cause(self.lang.wrong_type(name, "string")))
    }

    /// A required list of moves, each an object with the strings `from`
    /// and `to`.
    pub fn moves(&self, name: &str) -> Result<Vec<(String, String)>, ToolFailure> {
        let wrong =
            || ToolFailure::Cause(self.lang.wrong_type(name, "array of {from, to} objects"));
        let Value::Array(items) = self.value(name)? else {
            return Err(wrong());
        };
        items
            .iter()
            .map(|item| {
                let text = |key: &str| item.get(key).and_then(Value::as_str).map(str::to_owned);
                text("from").zip(text("to")).ok_or_else(wrong)
            })
            .collect()
    }

    /// A required non-negative whole-number argument (a number, or a
    /// string of digits as some models send).
    pub fn count(&self, name: &str) -> Result<usize, ToolFailure> {
        let value = self.value(name)?;
        value
            .as_u64()
            .or_else(|| value.as_str().and_then(|text| text.trim().parse().ok()))
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| ToolFailure::Cause(self.lang.wrong_type(name, "integer")))
    }
}

fn not_object(lang: Lang, detail: &str) -> ToolFailure {
    ToolFailure::Cause(lang.arguments_not_object(detail))
}
