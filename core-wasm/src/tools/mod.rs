//! The six local tools: their declarations, argument checking and dispatch.
//!
//! Every tool returns text for the model. A failure is text too: an unknown
//! name gives "unknown tool NAME", bad arguments or a refused file operation
//! give "tool execution failed: CAUSE" (or a tool's own plain result).

mod create_folder;
mod delete_file;
mod get_file_type;
mod list_files;
mod move_file;
mod rename_file;

use serde_json::{Map, Value, json};

use crate::host::{FileSystem, HostError};

use crate::lang::Lang;
pub use list_files::{DIR_MARKER, FILE_MARKER};

/// What a tool works with: the file primitives, the target directory its
/// relative paths resolve against, and the language of its texts.
pub struct ToolContext<'a> {
    /// The file primitives.
    pub files: &'a mut dyn FileSystem,
    /// The absolute target directory.
    pub target_dir: &'a str,
    /// Language of result texts.
    pub lang: Lang,
}

/// Why a tool could not do its job; becomes "tool execution failed: CAUSE".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolFailure {
    /// A cause already worded for the model.
    Cause(String),
    /// A file primitive failed; worded by [`Lang::host_failure`].
    Host(HostError),
}

impl From<HostError> for ToolFailure {
    fn from(err: HostError) -> Self {
        ToolFailure::Host(err)
    }
}

type ToolResult = Result<String, ToolFailure>;

/// One tool: its name, declaration and behaviour.
struct Tool {
    name: &'static str,
    description: &'static str,
    /// `(name, JSON type, description)` of each parameter; all are required.
    parameters: &'static [(&'static str, &'static str, &'static str)],
    run: fn(&Args, &mut ToolContext<'_>) -> ToolResult,
}

const TOOLS: [Tool; 6] = [
    list_files::TOOL,
    create_folder::TOOL,
    move_file::TOOL,
    rename_file::TOOL,
    delete_file::TOOL,
    get_file_type::TOOL,
];

/// The names of the six tools, in declaration order.
pub fn names() -> impl Iterator<Item = &'static str> {
    TOOLS.iter().map(|tool| tool.name)
}

/// The `tools` array sent with every request (function-calling format).
pub fn declarations() -> Value {
    TOOLS
        .iter()
        .map(|tool| {
            let properties: Map<String, Value> = tool
                .parameters
                .iter()
                .map(|(name, kind, description)| {
                    (
                        (*name).to_owned(),
                        json!({ "type": kind, "description": description }),
                    )
                })
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

/// Runs the tool `name` with the model's raw `arguments` and returns the
/// result text for the model. Never panics on any input.
pub fn run(name: &str, arguments: &Value, ctx: &mut ToolContext<'_>) -> String {
    let lang = ctx.lang;
    let Some(tool) = TOOLS.iter().find(|tool| tool.name == name) else {
        return lang.unknown_tool(name);
    };
    let outcome = Args::parse(arguments, lang).and_then(|args| (tool.run)(&args, ctx));
    outcome.unwrap_or_else(|failure| match failure {
        ToolFailure::Cause(cause) => lang.tool_failed(&cause),
        ToolFailure::Host(err) => lang.tool_failed(&lang.host_failure(&err)),
    })
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

    /// A required string argument.
    pub fn string(&self, name: &str) -> Result<&str, ToolFailure> {
        self.value(name)?
            .as_str()
            .ok_or_else(|| ToolFailure::Cause(self.lang.wrong_type(name, "string")))
    }
}

fn not_object(lang: Lang, detail: &str) -> ToolFailure {
    ToolFailure::Cause(lang.arguments_not_object(detail))
}
