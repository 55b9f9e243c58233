//! A failure the host reports.

use serde::{Deserialize, Serialize};

/// A failure reported by the host, as data: what kind it was, the path it
/// concerns and the system's own words, each when known. It is worded only
/// where it is spoken (see `texts::Texts::host_failure`), in the session's
/// language; the host never words it.
///
/// On the wire: `{"code", "path"?, "detail"?}`. A `message` from a host
/// that predates `path` and `detail` is read as the path for the codes
/// whose message was the path, as the detail otherwise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "WireHostError")]
pub struct HostError {
    /// What kind of failure it was.
    pub code: ErrorCode,
    /// The path it concerns, as the request named it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The system's own words for the cause (an OS error), or what else
    /// only the host can tell; never a wording of `code` and `path`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl HostError {
    /// An error with the given code and the system's words for its cause.
    pub fn new(code: ErrorCode, detail: impl Into<String>) -> Self {
        Self {
            code,
            path: None,
            detail: Some(detail.into()),
        }
    }

    /// An error with the given code about the item at `path`, nothing more
    /// to say: its wording comes from the code.
    pub fn at(code: ErrorCode, path: impl Into<String>) -> Self {
        Self {
            code,
            path: Some(path.into()),
            detail: None,
        }
    }
}

/// A neutral rendering for logs and hosts' own messages: the detail, the
/// path, both (`PATH: DETAIL`), or the code when neither is known.
impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.path, &self.detail) {
            (Some(path), Some(detail)) => write!(f, "{path}: {detail}"),
            (Some(text), None) | (None, Some(text)) => f.write_str(text),
            (None, None) => f.write_str(self.code.as_str()),
        }
    }
}

impl std::error::Error for HostError {}

/// [`HostError`] as it is read from the wire, old hosts' `message` included.
#[derive(Deserialize)]
struct WireHostError {
    code: ErrorCode,
    #[serde(default)]
    path: Option<String>,
    #[serde(default)]
    detail: Option<String>,
    #[serde(default)]
    message: Option<String>,
}

impl From<WireHostError> for HostError {
    fn from(wire: WireHostError) -> Self {
        let WireHostError {
            code,
            mut path,
            mut detail,
            message,
        } = wire;
        if let Some(message) = message {
            let names_path = matches!(
                code,
                ErrorCode::Denied
                    | ErrorCode::Protected
                    | ErrorCode::Excluded
                    | ErrorCode::NotAllowedOnWindows
            );
            let slot = if names_path { &mut path } else { &mut detail };
            slot.get_or_insert(message);
        }
        Self { code, path, detail }
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
