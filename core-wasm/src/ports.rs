//! The capabilities the core is handed: a model call, file primitives and an
//! event sink. In wasm they are the imported host functions; natively (tests,
//! other Rust hosts) any implementation of these traits.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::body::RequestBody;
use crate::model_failure::ModelFailure;
use crate::tool_output::CallOutput;

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

/// The file primitives the tools are built from. Paths are absolute.
pub trait FileSystem {
    /// The entry at `path` without following a final symlink; `None` when
    /// nothing is there.
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError>;
    /// The children of the directory at `path`, in any order.
    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError>;
    /// How many children [`FileSystem::list`] would answer for the
    /// directory at `path`, without what it would say of each: hosts that
    /// can count names without reading each item's details override it.
    fn count(&mut self, path: &str) -> Result<usize, HostError> {
        Ok(self.list(path)?.len())
    }
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
        Ok(move_each(self, moves))
    }

    /// The entry at each of `paths`, in order, as [`FileSystem::stat`]
    /// answers for it, in one call (one crossing of the wasm boundary for
    /// many items). One result per path; `Err` when the batch as a whole
    /// could not start.
    fn stat_many(&mut self, paths: &[String]) -> Result<Vec<StatResult>, HostError> {
        Ok(paths.iter().map(|path| self.stat(path)).collect())
    }

    /// Up to `head` bytes from the start of the file at `path` and up to
    /// `tail` bytes from its end, never the same byte twice (`tail` is
    /// empty when `head` holds the whole file), and the file's size.
    /// `read_file` calls it only when reading contents is allowed. Hosts
    /// that cannot read files keep this default, which refuses.
    fn read_bytes(&mut self, path: &str, head: u64, tail: u64) -> Result<FileSample, HostError> {
        let _ = (head, tail);
        Err(HostError::new(
            ErrorCode::Unsupported,
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

/// [`FileSystem::move_batch`] made of single moves, as its default is: each
/// move in turn, one whose destination exists refused with code
/// `already_exists`. For a wrapper that overrides `move_batch` only to
/// run it in a scope of its own.
pub fn move_each<F: FileSystem + ?Sized>(
    files: &mut F,
    moves: &[BatchMove],
) -> Vec<Result<(), HostError>> {
    moves
        .iter()
        .map(|step| match files.stat(&step.to)? {
            Some(_) => Err(HostError::new(
                ErrorCode::AlreadyExists,
                format!("{} already exists", step.to),
            )),
            None => files.rename(&step.from, &step.to),
        })
        .collect()
}

/// What [`FileSystem::stat_many`] answers for one path.
pub type StatResult = Result<Option<Entry>, HostError>;

/// Writes, inside an `impl FileSystem for …` block, the named
/// [`FileSystem`] methods as calls to the same method of the field
/// `$inner` (a name, or `0` for a tuple struct): the methods a wrapping
/// file system leaves as they are.
///
/// ```ignore
/// impl<F: FileSystem> FileSystem for Wrapper<F> {
///     tidyup_core::forward_file_system!(inner => stat, rename, digests);
///     fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> { … }
///     …
/// }
/// ```
#[macro_export]
macro_rules! forward_file_system {
    ($inner:tt => $($method:ident),+ $(,)?) => {
        $($crate::forward_file_system!(@method $inner $method);)+
    };
    (@method $inner:tt stat) => {
        fn stat(
            &mut self,
            path: &str,
        ) -> ::core::result::Result<
            ::core::option::Option<$crate::Entry>,
            $crate::HostError,
        > {
            self.$inner.stat(path)
        }
    };
    (@method $inner:tt list) => {
        fn list(
            &mut self,
            path: &str,
        ) -> ::core::result::Result<::std::vec::Vec<$crate::Entry>, $crate::HostError>
        {
            self.$inner.list(path)
        }
    };
    (@method $inner:tt create_dir_all) => {
        fn create_dir_all(&mut self, path: &str) -> ::core::result::Result<(), $crate::HostError> {
            self.$inner.create_dir_all(path)
        }
    };
    (@method $inner:tt rename) => {
        fn rename(&mut self, from: &str, to: &str) -> ::core::result::Result<(), $crate::HostError> {
            self.$inner.rename(from, to)
        }
    };
    (@method $inner:tt remove_file) => {
        fn remove_file(&mut self, path: &str) -> ::core::result::Result<(), $crate::HostError> {
            self.$inner.remove_file(path)
        }
    };
    (@method $inner:tt remove_dir_all) => {
        fn remove_dir_all(&mut self, path: &str) -> ::core::result::Result<(), $crate::HostError> {
            self.$inner.remove_dir_all(path)
        }
    };
    (@method $inner:tt move_batch) => {
        fn move_batch(
            &mut self,
            moves: &[$crate::BatchMove],
        ) -> ::core::result::Result<
            ::std::vec::Vec<::core::result::Result<(), $crate::HostError>>,
            $crate::HostError,
        > {
            self.$inner.move_batch(moves)
        }
    };
    (@method $inner:tt count) => {
        fn count(&mut self, path: &str) -> ::core::result::Result<usize, $crate::HostError> {
            self.$inner.count(path)
        }
    };
    (@method $inner:tt stat_many) => {
        fn stat_many(
            &mut self,
            paths: &[::std::string::String],
        ) -> ::core::result::Result<
            ::std::vec::Vec<$crate::StatResult>,
            $crate::HostError,
        > {
            self.$inner.stat_many(paths)
        }
    };
    (@method $inner:tt read_bytes) => {
        fn read_bytes(
            &mut self,
            path: &str,
            head: u64,
            tail: u64,
        ) -> ::core::result::Result<$crate::FileSample, $crate::HostError> {
            self.$inner.read_bytes(path, head, tail)
        }
    };
    (@method $inner:tt digests) => {
        fn digests(
            &mut self,
            paths: &[::std::string::String],
            limit: ::core::option::Option<u64>,
        ) -> ::core::result::Result<
            ::std::vec::Vec<::core::result::Result<::std::string::String, $crate::HostError>>,
            $crate::HostError,
        > {
            self.$inner.digests(paths, limit)
        }
    };
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
    /// What kind of failure it was.
    pub code: ErrorCode,
    /// Human-readable cause, shown to the model or the user.
    pub message: String,
}

impl HostError {
    /// An error with the given code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }
}

/// Defines [`ErrorCode`] with the exact text of each code on the wire.
macro_rules! error_codes {
    ($($(#[doc = $doc:literal])* $variant:ident = $text:literal,)*) => {
        /// The kind of a [`HostError`], as the host reports it. On the wire
        /// it is its snake_case text (`"not_found"`); a code this core does
        /// not know (from another host) is kept as [`ErrorCode::Other`].
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $($(#[doc = $doc])* $variant,)*
            /// A code this core does not know, kept as received.
            Other(String),
        }

        impl ErrorCode {
            /// The code's text on the wire.
            pub fn as_str(&self) -> &str {
                match self {
                    $(Self::$variant => $text,)*
                    Self::Other(text) => text,
                }
            }

            /// The code whose wire text is `text`.
            pub fn from_text(text: &str) -> Self {
                match text {
                    $($text => Self::$variant,)*
                    other => Self::Other(other.to_owned()),
                }
            }
        }
    };
}

error_codes! {
    /// Nothing is at the path.
    NotFound = "not_found",
    /// The operating system refused access.
    PermissionDenied = "permission_denied",
    /// The destination exists and is never replaced.
    AlreadyExists = "already_exists",
    /// A path component that must be a directory is not one.
    NotADirectory = "not_a_directory",
    /// A directory that must be empty is not.
    NotEmpty = "not_empty",
    /// Another file-system failure; the message is the system's.
    Io = "io",
    /// The path is outside the directories tidyup may change.
    Denied = "denied",
    /// An allowed root directory itself cannot be moved or deleted.
    Protected = "protected",
    /// The path holds tidyup's own data (journal, trash, cache, config).
    TidyupData = "tidyup_data",
    /// The name is not allowed on Windows.
    NotAllowedOnWindows = "not_allowed_on_windows",
    /// The rules file excludes the item (or something in it).
    Excluded = "excluded",
    /// A move that can never work (a folder into itself, onto a folder
    /// with contents).
    InvalidMove = "invalid_move",
    /// The folder a step needs is not there.
    NoFolder = "no_folder",
    /// The journal could not record or restore a change.
    Journal = "journal",
    /// The user cancelled.
    Cancelled = "cancelled",
    /// The model service could not be reached.
    Connect = "connect",
    /// The model service did not answer in time.
    Timeout = "timeout",
    /// The connection to the model service failed midway.
    Transport = "transport",
    /// A reply passed the reply size limit.
    ReplyTooLarge = "reply_too_large",
    /// No model service is configured.
    NoProvider = "no_provider",
    /// This host does not offer the operation.
    Unsupported = "unsupported",
    /// A request across the ABI was malformed.
    BadRequest = "bad_request",
    /// Input handed to the core was malformed.
    BadInput = "bad_input",
    /// No agent has the handle given.
    BadHandle = "bad_handle",
    /// The host broke the ABI's contract.
    Host = "host",
    /// A failure inside tidyup itself.
    Internal = "internal",
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ErrorCode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ErrorCode {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        Ok(Self::from_text(&text))
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
        /// What the call was about, for views that sum calls up: the file
        /// or folder its arguments name (`path`, `source`, `filename`),
        /// resolved against the target directory. Absent when it names none
        /// (and from older cores).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        subject: Option<String>,
        /// Where the call puts its subject (its `destination`), resolved
        /// likewise; absent when it names none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        destination: Option<String>,
        /// How many items the call reported (the entries of a listing),
        /// when it counts any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        items: Option<u64>,
        /// Whether the call failed only because its subject is not there
        /// (a listing of a folder a plan has yet to create).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        not_found: bool,
        /// Whether the call was not run because the user stopped the turn
        /// (its result says so; the turn's stop line counts what it left).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        not_run: bool,
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
        /// What failed, as data, when a model call failed: a host words
        /// it for its own audience from this, never from `text`. Absent
        /// for other errors (and from older cores).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        failure: Option<ModelFailure>,
    },
    /// How far a long tool (a bulk move) has come; terminals show a bar,
    /// other consoles nothing.
    Progress {
        /// Items done so far.
        done: u64,
        /// Items in all.
        total: u64,
        /// What is being done, in the session's language (`Moving files`).
        text: String,
    },
    /// A long text to read at leisure, such as a whole plan (`show`):
    /// terminals page it, other consoles print it as it is.
    Page {
        /// The text, lines separated by `\n`.
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
            | Event::Error { text, .. }
            | Event::Progress { text, .. }
            | Event::Page { text } => text,
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
    /// [`FileSystem::stat_many`]; `ok` is one `{"ok": ENTRY | null}` or
    /// `{"err": ...}` per path.
    StatMany {
        /// Absolute paths.
        paths: Vec<String>,
    },
    /// [`FileSystem::list`].
    List {
        /// Absolute path.
        path: String,
    },
    /// [`FileSystem::count`]; `ok` is a number.
    Count {
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
    /// Runs the request on `files`; the `ok` value, serialized as the ABI
    /// says (see `docs/ABI.md`) straight from what the file system answered.
    pub fn apply(&self, files: &mut dyn FileSystem) -> Result<FsAnswer, HostError> {
        Ok(match self {
            FsRequest::Stat { path } => FsAnswer::Stat(files.stat(path)?),
            FsRequest::StatMany { paths } => FsAnswer::StatMany(wired(files.stat_many(paths)?)),
            FsRequest::List { path } => FsAnswer::List(files.list(path)?),
            FsRequest::Count { path } => FsAnswer::Count(files.count(path)?),
            FsRequest::CreateDirAll { path } => FsAnswer::Done(files.create_dir_all(path)?),
            FsRequest::Rename { from, to } => FsAnswer::Done(files.rename(from, to)?),
            FsRequest::RemoveFile { path } => FsAnswer::Done(files.remove_file(path)?),
            FsRequest::RemoveDirAll { path } => FsAnswer::Done(files.remove_dir_all(path)?),
            FsRequest::MoveBatch { moves } => FsAnswer::Moves(wired(files.move_batch(moves)?)),
            FsRequest::ReadBytes { path, head, tail } => {
                FsAnswer::Sample(files.read_bytes(path, *head, *tail)?)
            }
            FsRequest::Digests { paths, limit } => {
                FsAnswer::Digests(wired(files.digests(paths, *limit)?))
            }
        })
    }
}

/// Per-item results as they cross the boundary.
fn wired<T>(results: Vec<Result<T, HostError>>) -> Vec<WireResult<T>> {
    results.into_iter().map(WireResult::from).collect()
}

/// What an [`FsRequest`] answered: serialized as the request's `ok` value
/// (an entry or `null`, a list, `null` for a change done, per-item results),
/// without going through a JSON value tree, so a listing of 100,000 entries
/// is written once.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum FsAnswer {
    /// `stat`: the entry, or `null` when nothing is there.
    Stat(Option<Entry>),
    /// `stat_many`: one result per path.
    StatMany(Vec<WireResult<Option<Entry>>>),
    /// `list`: the entries.
    List(Vec<Entry>),
    /// `count`: how many entries.
    Count(usize),
    /// A change made: `null`.
    Done(()),
    /// `move_batch`: one result per move.
    Moves(Vec<WireResult<()>>),
    /// `read_bytes`: the sample.
    Sample(FileSample),
    /// `digests`: one result per path.
    Digests(Vec<WireResult<String>>),
}

/// A result as it crosses the wasm boundary: `{"ok": T}` or `{"err": HostError}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WireResult<T> {
    /// Success.
    Ok(T),
    /// Failure, as a value.
    Err(HostError),
}

impl<T> From<Result<T, HostError>> for WireResult<T> {
    fn from(result: Result<T, HostError>) -> Self {
        match result {
            Ok(value) => WireResult::Ok(value),
            Err(err) => WireResult::Err(err),
        }
    }
}

impl<T> From<WireResult<T>> for Result<T, HostError> {
    fn from(wire: WireResult<T>) -> Self {
        match wire {
            WireResult::Ok(value) => Ok(value),
            WireResult::Err(err) => Err(err),
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
