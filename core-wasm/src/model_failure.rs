//! What failed when a model call failed, as data: a kind a host can word
//! for its own audience (the window says it for people, with a way to fix
//! it), the HTTP status and the provider's own message. The error event of
//! a failed call carries it beside the terminal's line.

use serde::{Deserialize, Serialize};

/// Why a model call failed, in kinds a person can act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// Nothing answered at the address (refused, unknown host, no route).
    Unreachable,
    /// The service did not answer in time.
    Timeout,
    /// The connection broke while the reply came.
    Connection,
    /// The service refused the API key (401, 403).
    KeyRefused,
    /// The service does not know the model, or the address is not its
    /// chat-completions path (404).
    ModelUnknown,
    /// Too many requests, or the quota is spent (429).
    RateLimited,
    /// The service failed (a 5xx status).
    ServerError,
    /// The service refused the request for another reason (another error
    /// status, or an error in its reply); its message says why.
    Refused,
    /// The conversation is longer than the model's context (the provider
    /// said so) or than the context budget.
    TooLong,
    /// The reply passed the size limit.
    ReplyTooLarge,
    /// The answer is not a chat completion (another kind of server).
    NotAReply,
    /// The reply held no answer.
    NoAnswer,
    /// Anything else (and a kind this reader does not know).
    #[serde(other)]
    Other,
}

/// A failed model call as data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelFailure {
    /// What failed.
    pub kind: FailureKind,
    /// The HTTP status, when the service answered with one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// The provider's own words, when it sent any (never the host's
    /// advice, which names the host's own settings).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl ModelFailure {
    /// A failure of `kind` with no status and no message.
    pub fn new(kind: FailureKind) -> Self {
        Self {
            kind,
            status: None,
            message: None,
        }
    }

    /// An error status with the provider's `message`; `context_overflow`
    /// when that message says the request was too long.
    pub fn from_status(status: u16, message: Option<String>, context_overflow: bool) -> Self {
        let kind = match status {
            _ if context_overflow => FailureKind::TooLong,
            401 | 403 => FailureKind::KeyRefused,
            404 => FailureKind::ModelUnknown,
            413 => FailureKind::TooLong,
            429 => FailureKind::RateLimited,
            500..=599 => FailureKind::ServerError,
            _ => FailureKind::Refused,
        };
        Self {
            kind,
            status: Some(status),
            message,
        }
    }

    /// An error the provider sent in a reply (no error status).
    pub fn provider_said(message: String) -> Self {
        Self {
            message: Some(message),
            ..Self::new(FailureKind::Refused)
        }
    }
}
