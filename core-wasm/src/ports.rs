//! The capabilities the core is handed: a model call, file primitives and an
//! event sink. In wasm they are the imported host functions; natively (tests,
//! other Rust hosts) any implementation of these traits.

use serde::{Deserialize, Serialize};
use serde_json::Value;

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
}

/// The file primitives the tools are built from. Paths are absolute.
pub trait FileSystem {
    /// The entry at `path` without following a final symlink; `None` when
    /// nothing is there.
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError>;
    /// The children of the directory at `path`, in any order.
    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError>;
    /// Creates the directory and its missing parents.
    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError>;
    /// Moves `from` to `to`, replacing a file at `to`; works across file systems.
    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError>;
    /// Removes a file, or a symlink as a link.
    fn remove_file(&mut self, path: &str) -> Result<(), HostError>;
    /// Removes a directory with all its contents.
    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError>;

    /// Moves many items at once, in order, never replacing anything: a move
    /// whose destination exists fails with code `already_exists`. One result
    /// per move; `Err` when the batch as a whole could not start (nothing
    /// moved). Hosts override it to journal a whole batch with few syncs.
    fn move_batch(&mut self, moves: &[BatchMove]) -> Result<Vec<Result<(), HostError>>, HostError> {
        Ok(moves
            .iter()
            .map(|step| match self.stat(&step.to)? {
                Some(_) => Err(HostError::new(
                    "already_exists",
                    format!("{} already exists", step.to),
                )),
                None => self.rename(&step.from, &step.to),
            })
            .collect())
    }

    /// Up to `head` bytes from the start of the file at `path` and up to
    /// `tail` bytes from its end, never the same byte twice (`tail` is
    /// empty when `head` holds the whole file), and the file's size.
    /// `read_file` calls it only when reading contents is allowed. Hosts
    /// that cannot read files keep this default, which refuses.
    fn read_bytes(&mut self, path: &str, head: u64, tail: u64) -> Result<FileSample, HostError> {
        let _ = (head, tail);
        Err(HostError::new(
            "unsupported",
            format!("this host does not read files: {path}"),
        ))
    }

    /// A digest of each file of `paths`, in order: of its first `limit`
    /// bytes, or of all of it when `limit` is `None`. Two equal digests
    /// from one host mean equal bytes (hosts use a cryptographic hash such
    /// as BLAKE3). One result per path; `Err` when the batch as a whole
    /// could not start. Reads files but sends nothing of them anywhere.
    ///
    /// The default takes the bytes themselves (through
    /// [`FileSystem::read_bytes`]) as the digest: exact, but it holds a
    /// whole file in memory, so real hosts override it.
    fn digests(
        &mut self,
        paths: &[String],
        limit: Option<u64>,
    ) -> Result<Vec<Result<String, HostError>>, HostError> {
        use base64::Engine;
        Ok(paths
            .iter()
            .map(|path| {
                let sample = self.read_bytes(path, limit.unwrap_or(u64::MAX), 0)?;
                Ok(base64::engine::general_purpose::STANDARD.encode(sample.head))
            })
            .collect())
    }
}

/// What [`FileSystem::read_bytes`] read of a file; the bytes travel as
/// base64 text on the wire.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileSample {
    /// The file's whole size in bytes.
    pub size: u64,
    /// Its first bytes.
    #[serde(with = "base64_bytes")]
    pub head: Vec<u8>,
    /// Its last bytes, after those of `head`.
    #[serde(with = "base64_bytes", default)]
    pub tail: Vec<u8>,
}

/// Bytes as standard base64 text.
mod base64_bytes {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&STANDARD.encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        STANDARD
            .decode(text.as_bytes())
            .map_err(serde::de::Error::custom)
    }
}

/// One move of [`FileSystem::move_batch`]: absolute paths.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BatchMove {
    /// Where the item is.
    pub from: String,
    /// Where it goes; nothing may be there.
    pub to: String,
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

/// One file-system entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The entry's own name (last path component).
    pub name: String,
    /// What it is.
    pub kind: EntryKind,
    /// Size in bytes.
    pub size: u64,
    /// Modification time, Unix seconds.
    pub modified: i64,
    /// The local time zone's offset from UTC at `modified`, in seconds.
    pub utc_offset: i32,
}

/// The kind of a file-system entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryKind {
    /// A regular file.
    File,
    /// A directory.
    Dir,
    /// A symbolic link (not followed).
    Symlink,
    /// Anything else (socket, device...).
    #[serde(other)]
    Other,
}

/// A failure reported by the host: a code for the program, a message for people.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostError {
    /// Machine-readable kind, e.g. `not_found`, `permission_denied`, `connect`.
    pub code: String,
    /// Human-readable cause, shown to the model or the user.
    pub message: String,
}

impl HostError {
    /// An error with the given code and message.
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            code: code.into(),
            message: message.into(),
        }
    }
}

/// Something the user should see, with the exact console text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// The session started on a target directory.
    Started {
        /// The target directory.
        target_dir: String,
        /// The start message.
        text: String,
    },
    /// A tool ran.
    Tool {
        /// The tool's name.
        name: String,
        /// Its full result text (the history keeps the same).
        result: String,
        /// Whether the tool failed or did not run (its result says why).
        #[serde(default)]
        failed: bool,
        /// The one console line: name and result cut to 100 characters.
        text: String,
    },
    /// A piece of the model's answer as it streams in (no line break).
    AnswerDelta {
        /// The new text.
        text: String,
    },
    /// The model's plain answer. When `streamed`, its text was already
    /// shown piece by piece and only the line ends here.
    Answer {
        /// The answer text.
        text: String,
        /// Whether the text arrived as [`Event::AnswerDelta`]s.
        #[serde(default)]
        streamed: bool,
    },
    /// The token usage of a turn (terminals show it dimmed).
    Usage {
        /// Tokens sent.
        prompt_tokens: u64,
        /// Tokens received.
        completion_tokens: u64,
        /// Their sum, as billed.
        total_tokens: u64,
        /// The line to show.
        text: String,
    },
    /// A notice, such as the round limit.
    Notice {
        /// The notice text.
        text: String,
    },
    /// An error, such as a failed model call; shown on standard error.
    Error {
        /// The error line.
        text: String,
    },
    /// How far a long tool (a bulk move) has come; terminals show a bar,
    /// other consoles nothing.
    Progress {
        /// Items done so far.
        done: u64,
        /// Items in all.
        total: u64,
        /// What is being done, e.g. `move_by_type`.
        text: String,
    },
}

impl Event {
    /// The console text of the event.
    pub fn text(&self) -> &str {
        match self {
            Event::Started { text, .. }
            | Event::Tool { text, .. }
            | Event::AnswerDelta { text }
            | Event::Answer { text, .. }
            | Event::Usage { text, .. }
            | Event::Notice { text }
            | Event::Error { text }
            | Event::Progress { text, .. } => text,
        }
    }
}

/// One file primitive as it crosses the wasm boundary (`fs_call`), tagged by `op`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum FsRequest {
    /// [`FileSystem::stat`].
    Stat {
        /// Absolute path.
        path: String,
    },
    /// [`FileSystem::list`].
    List {
        /// Absolute path.
        path: String,
    },
    /// [`FileSystem::create_dir_all`].
    CreateDirAll {
        /// Absolute path.
        path: String,
    },
    /// [`FileSystem::rename`].
    Rename {
        /// Absolute source path.
        from: String,
        /// Absolute destination path.
        to: String,
    },
    /// [`FileSystem::remove_file`].
    RemoveFile {
        /// Absolute path.
        path: String,
    },
    /// [`FileSystem::remove_dir_all`].
    RemoveDirAll {
        /// Absolute path.
        path: String,
    },
    /// [`FileSystem::move_batch`]; `ok` is one `{"ok": null}` or
    /// `{"err": ...}` per move.
    MoveBatch {
        /// The moves, in order.
        moves: Vec<BatchMove>,
    },
    /// [`FileSystem::read_bytes`]; `ok` is a [`FileSample`].
    ReadBytes {
        /// The file.
        path: String,
        /// Bytes wanted from its start.
        head: u64,
        /// Bytes wanted from its end.
        tail: u64,
    },
    /// [`FileSystem::digests`]; `ok` is one `{"ok": "DIGEST"}` or
    /// `{"err": ...}` per path.
    Digests {
        /// The files.
        paths: Vec<String>,
        /// Bytes digested from each file's start; all of them when absent.
        #[serde(default)]
        limit: Option<u64>,
    },
}

impl FsRequest {
    /// Runs the request on `files`; the `ok` value as JSON (see `docs/ABI.md`).
    pub fn apply(&self, files: &mut dyn FileSystem) -> Result<Value, HostError> {
        let done = |()| Value::Null;
        match self {
            FsRequest::Stat { path } => files.stat(path).map(|entry| json_value(&entry)),
            FsRequest::List { path } => files.list(path).map(|entries| json_value(&entries)),
            FsRequest::CreateDirAll { path } => files.create_dir_all(path).map(done),
            FsRequest::Rename { from, to } => files.rename(from, to).map(done),
            FsRequest::RemoveFile { path } => files.remove_file(path).map(done),
            FsRequest::RemoveDirAll { path } => files.remove_dir_all(path).map(done),
            FsRequest::MoveBatch { moves } => files.move_batch(moves).map(|results| {
                let wired: Vec<Wire<()>> = results.into_iter().map(Wire::from).collect();
                json_value(&wired)
            }),
            FsRequest::ReadBytes { path, head, tail } => files
                .read_bytes(path, *head, *tail)
                .map(|sample| json_value(&sample)),
            FsRequest::Digests { paths, limit } => files.digests(paths, *limit).map(|results| {
                let wired: Vec<Wire<String>> = results.into_iter().map(Wire::from).collect();
                json_value(&wired)
            }),
        }
    }
}

fn json_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// A result as it crosses the wasm boundary: `{"ok": T}` or `{"err": HostError}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Wire<T> {
    /// Success.
    Ok(T),
    /// Failure, as a value.
    Err(HostError),
}

impl<T> From<Result<T, HostError>> for Wire<T> {
    fn from(result: Result<T, HostError>) -> Self {
        match result {
            Ok(value) => Wire::Ok(value),
            Err(err) => Wire::Err(err),
        }
    }
}

impl<T> From<Wire<T>> for Result<T, HostError> {
    fn from(wire: Wire<T>) -> Self {
        match wire {
            Wire::Ok(value) => Ok(value),
            Wire::Err(err) => Err(err),
        }
    }
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
