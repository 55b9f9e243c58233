//! One tool call outside a conversation: what a host that offers tidyup's
//! tools itself (an MCP server) hands the core, through the
//! `tidyup_run_tool` export or natively.
//!
//! Every tool is declared (the six base tools and the bulk tools, and
//! `read_file` when reading contents is allowed), so a host lists them all
//! from the start; the result is the text a model would
//! be given in a session, and whether the tool failed.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::paths;
use crate::ports::{ErrorCode, EventSink, FileSystem, HostError};
use crate::texts::Lang;
use crate::tools::{self, ToolContext, ToolData, ToolLimits, ToolOutput, ToolSet};

/// One tool call: the `tidyup_run_tool` request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolRun {
    /// The absolute directory relative paths resolve against.
    pub target_dir: String,
    /// Language of the result text.
    #[serde(default)]
    pub lang: Lang,
    /// The tool's name.
    pub name: String,
    /// Its arguments: a JSON object, or one serialized as text.
    #[serde(default)]
    pub arguments: Value,
    /// When a directory is large (`list_files` shows the first entries
    /// only), how long a `read_file` excerpt may be.
    #[serde(flatten)]
    pub limits: ToolLimits,
    /// Whether `read_file` may run (the user allowed reading contents).
    #[serde(default)]
    pub read_contents: bool,
    /// Whether the host's file system is a dry run's overlay: the changing
    /// tools' results say what would be done.
    #[serde(default)]
    pub dry_run: bool,
}

impl ToolRun {
    /// Runs the call on `files`, reporting the progress of long tools to
    /// `progress`. A failed tool is an output with `is_error`; the only
    /// error is a request no tool can run with: a target that is not absolute.
    /// The output is what crosses the wasm boundary, its text and flag: the
    /// same natively as through the `.wasm` (its data is for a planner
    /// inside the core, and no planner asked for this call).
    pub fn run(
        &self,
        files: &mut dyn FileSystem,
        progress: &mut dyn EventSink,
    ) -> Result<ToolOutput, HostError> {
        if !paths::is_absolute(&self.target_dir) {
            return Err(HostError::new(
                ErrorCode::BadInput,
                format!("target_dir must be absolute: {:?}", self.target_dir),
            ));
        }
        let tools = ToolSet {
            contents: self.read_contents,
            ..ToolSet::WITH_BULK
        };
        let mut ctx = ToolContext::new(files, &self.target_dir, self.lang).with_tools(tools);
        ctx.limits = self.limits;
        ctx.progress = Some(progress);
        ctx.dry_run = self.dry_run;
        let output = tools::run_tool(&self.name, &self.arguments, &mut ctx);
        Ok(ToolOutput {
            data: ToolData::None,
            ..output
        })
    }
}
