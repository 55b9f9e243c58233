//! The capabilities the core is handed: a model call, file primitives and an
//! event sink. In wasm they are the imported host functions; natively (tests,
//! other Rust hosts) any implementation of these traits.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::body::RequestBody;
use crate::tool_output::CallOutput;

mod events;
mod files;
mod fs_request;
mod host_error;

pub use events::Event;
pub use files::{
    BatchMove, Entry, EntryKind, FileSample, FileSystem, FileSystemExt, StatResult, composed,
    unsupported,
};
pub use fs_request::{Access, FsAnswer, FsRequest, Named, WireResult};
pub use host_error::{ErrorCode, HostError};

/// The model service, as the host reaches it.
///
/// Only [`ModelClient::chat_completion`] is required; a client without
/// streaming, waiting or cancellation (the offline planner, a test fake)
/// keeps the defaults.
pub trait ModelClient {
    /// Posts `body` to `{base}/chat/completions`; `Ok` for any HTTP answer,
    /// `Err` when none arrived.
    fn chat_completion(&mut self, body: &Value) -> Result<HttpReply, HostError>;

    /// Posts a streamed request. A 2xx answer with an event stream comes back
    /// with `streaming: true` and no body (read it with
    /// [`ModelClient::read_stream`]); any other answer comes back whole.
    fn open_stream(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        self.chat_completion(body)
    }

    /// Posts the serialized request `body` as it is; the core's calls go
    /// through here. A client that sends bytes (the wasm host) sends them;
    /// by default the body is read back for [`ModelClient::chat_completion`].
    fn post(&mut self, body: &RequestBody) -> Result<HttpReply, HostError> {
        self.chat_completion(&parsed(body)?)
    }

    /// Posts the serialized streamed request `body` as it is; by default
    /// the body is read back for [`ModelClient::open_stream`].
    fn post_stream(&mut self, body: &RequestBody) -> Result<HttpReply, HostError> {
        self.open_stream(&parsed(body)?)
    }

    /// The next piece of the open stream, `None` at its end.
    fn read_stream(&mut self) -> Result<Option<String>, HostError> {
        Ok(None)
    }

    /// Waits `milliseconds` (between retries); `Err` with code `cancelled`
    /// when the user cancelled meanwhile.
    fn sleep(&mut self, milliseconds: u64) -> Result<(), HostError> {
        let _ = milliseconds;
        Ok(())
    }

    /// Whether the user asked to cancel the current turn.
    fn cancelled(&mut self) -> bool {
        false
    }

    /// Handed, once the tool calls of its last reply are answered and
    /// before the request that carries their texts, the output of each
    /// call in order: its text, whether it failed (a call not run is a
    /// failure without data) and its data. A client that authored the
    /// calls reads what they found and did from the data, never from the
    /// texts' words.
    fn tools_answered(&mut self, outputs: Vec<CallOutput>) {
        let _ = outputs;
    }

    /// Told, before the turn it starts, that the user's line of that turn
    /// is the go-ahead for the plan waiting, given as a command (a
    /// window's button) rather than typed: a client that authored the
    /// plan carries it out without reading the line's words.
    fn go_ahead_given(&mut self) {}

    /// Whether the client reads whole requests with no context window to
    /// fit (the offline planner, in the same process): the agent then
    /// sends it the whole conversation, never shortened to a budget.
    fn reads_whole_conversation(&self) -> bool {
        false
    }

    /// How many files the calls of its last reply were to move, when the
    /// client authored them and knows (the offline planner carrying out
    /// its plan); a stopped turn says "stopped after N of" this many.
    fn planned_moves(&self) -> Option<usize> {
        None
    }
}

/// A serialized request read back, for a client that reads its requests.
fn parsed(body: &RequestBody) -> Result<Value, HostError> {
    body.to_value()
        .map_err(|err| HostError::new(ErrorCode::Internal, err.to_string()))
}

/// Receives what the core wants shown to the user.
pub trait EventSink {
    /// Shows one event.
    fn emit(&mut self, event: Event);
}

/// The three capabilities, borrowed for the length of one user turn.
pub struct Capabilities<'a> {
    /// The model service.
    pub model: &'a mut dyn ModelClient,
    /// The file system the tools act on.
    pub files: &'a mut dyn FileSystem,
    /// The console.
    pub events: &'a mut dyn EventSink,
}

/// The request of the `chat_completion` import.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatRequest {
    /// The chat-completion request body.
    pub body: Value,
}

/// The HTTP answer of a model call, as the host hands it over.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HttpReply {
    /// The HTTP status code.
    pub status: u16,
    /// The response body text (empty when `streaming`).
    #[serde(default)]
    pub body: String,
    /// The `Retry-After` header, in seconds, when the answer had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<f64>,
    /// Whether the body is an event stream still to be read.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub streaming: bool,
}

impl HttpReply {
    /// A whole answer with this status and body.
    pub fn new(status: u16, body: impl Into<String>) -> Self {
        Self {
            status,
            body: body.into(),
            retry_after: None,
            streaming: false,
        }
    }
}

/// Who answers the agent's model calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Provider {
    /// A chat-completions service, reached through the host.
    #[default]
    Remote,
    /// The built-in offline planner, chosen by the user.
    Offline,
    /// The built-in offline planner, because no API key is configured.
    OfflineNoKey,
}

/// How a user line ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A blank line: nothing was sent.
    Ignored,
    /// The user typed `quit`: the session ends.
    Quit,
    /// The model answered in plain text.
    Answered,
    /// The turn's model calls ran out (at most `MAX_ROUNDS` of the agent)
    /// without a plain answer.
    RoundLimit,
    /// A model call failed; the session goes on.
    ModelFailed,
    /// The user cancelled the turn; the session goes on.
    Cancelled,
}
