//! One model call, done properly: streamed when asked (text shown as it
//! arrives, the message assembled from its deltas), retried with
//! exponential backoff and jitter when the failure may pass (honouring
//! `Retry-After`), never retried once streamed text has been shown,
//! cancellable by the user, and bounded: a reply over the size limit (a
//! whole body, one event, or the text a stream assembles) fails the call,
//! while an error status's body is only cut at it. A reply holding no
//! answer fails the call too.

mod stream;

use crate::body::RequestBody;
use crate::model_failure::{FailureKind, ModelFailure};
use crate::ports::{ErrorCode, EventSink, HostError, HttpReply, ModelClient};
use crate::protocol::{CallFailure, Completion, Reply, read_completion};
use crate::texts::Lang;
use serde::{Deserialize, Serialize};
use stream::try_streamed;

/// The default size limit of a reply: 8 MiB.
pub const DEFAULT_MAX_REPLY_BYTES: u64 = 8 << 20;

/// Bytes of the size limit per JSON value a reply (a whole body, one event)
/// may hold: the core's memory grows with the values parsed (some 56 bytes
/// each in wasm), not with the bytes, so this bounds it whatever the reply
/// is made of. A real reply holds far fewer.
pub const BYTES_PER_JSON_VALUE: u64 = 16;

/// How model calls are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallSettings {
    /// Ask for a streamed reply (`stream: true`).
    #[serde(default)]
    pub stream: bool,
    /// Tries per call, the first included (at least 1).
    #[serde(default = "default_max_tries")]
    pub max_tries: u32,
    /// The first retry's delay; each next one doubles (capped at 30 s).
    #[serde(default = "default_retry_base_ms")]
    pub retry_base_ms: u64,
    /// Seed of the jitter (the host passes a random one).
    #[serde(default)]
    pub seed: u64,
    /// The most bytes a reply may have: a whole body, one streamed event,
    /// and the text a stream assembles are each refused beyond it.
    #[serde(default = "default_max_reply_bytes")]
    pub max_reply_bytes: u64,
}

fn default_max_reply_bytes() -> u64 {
    DEFAULT_MAX_REPLY_BYTES
}

fn default_max_tries() -> u32 {
    4
}

fn default_retry_base_ms() -> u64 {
    500
}

impl Default for CallSettings {
    fn default() -> Self {
        Self {
            stream: false,
            max_tries: default_max_tries(),
            retry_base_ms: default_retry_base_ms(),
            seed: 0,
            max_reply_bytes: DEFAULT_MAX_REPLY_BYTES,
        }
    }
}

/// Why a call ended without a reply.
#[derive(Debug, Clone, PartialEq)]
pub enum CallError {
    /// It failed (after any retries): the cause, for "model call failed:
    /// CAUSE", and what failed, as data.
    Failed(String, ModelFailure),
    /// The user cancelled it.
    Cancelled,
}

/// A reply, and whether its text was already shown as it streamed in.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered {
    /// The reply.
    pub completion: Completion,
    /// Whether [`Event::AnswerDelta`]s showed its text.
    pub shown: bool,
}

/// One try's failure.
struct TryFailure {
    failure: CallFailure,
    shown: bool,
    cancelled: bool,
}

impl TryFailure {
    fn from_host(err: HostError, shown: bool, settings: &CallSettings, lang: Lang) -> Self {
        if err.code == ErrorCode::ReplyTooLarge {
            return Self::too_large(shown, settings, lang);
        }
        let cancelled = err.code == ErrorCode::Cancelled;
        let retryable = matches!(
            err.code,
            ErrorCode::Connect | ErrorCode::Timeout | ErrorCode::Transport
        );
        Self {
            failure: CallFailure {
                failure: ModelFailure::new(failure_kind(&err.code)),
                cause: err.to_string(),
                retryable,
                retry_after: None,
            },
            shown,
            cancelled,
        }
    }

    /// The reply passed the size limit: worth no retry.
    fn too_large(shown: bool, settings: &CallSettings, lang: Lang) -> Self {
        Self::oversize(Oversize::Bytes, shown, settings, lang)
    }

    fn oversize(kind: Oversize, shown: bool, settings: &CallSettings, lang: Lang) -> Self {
        let cause = match kind {
            Oversize::Bytes => lang.reply_too_large(settings.max_reply_bytes),
            Oversize::Values => lang.reply_too_many_values(max_json_values(settings)),
        };
        Self::fatal(cause, ModelFailure::new(FailureKind::ReplyTooLarge), shown)
    }

    fn fatal(cause: String, failure: ModelFailure, shown: bool) -> Self {
        Self {
            failure: CallFailure::fatal(cause, failure),
            shown,
            cancelled: false,
        }
    }
}

/// What a host's failure to bring a reply was, as a person sees it (the
/// host's message is its own words, not the provider's: left out).
fn failure_kind(code: &ErrorCode) -> FailureKind {
    [
        (ErrorCode::Connect, FailureKind::Unreachable),
        (ErrorCode::Timeout, FailureKind::Timeout),
        (ErrorCode::Transport, FailureKind::Connection),
        (ErrorCode::ReplyTooLarge, FailureKind::ReplyTooLarge),
    ]
    .into_iter()
    .find_map(|(known, kind)| (known == *code).then_some(kind))
    .unwrap_or(FailureKind::Other)
}

/// Sends `body` and returns the reply, retrying and streaming as `settings` say.
pub fn complete(
    body: RequestBody,
    settings: &CallSettings,
    model: &mut dyn ModelClient,
    events: &mut dyn EventSink,
    lang: Lang,
) -> Result<Answered, CallError> {
    let body = if settings.stream {
        body.streamed()
    } else {
        body
    };
    let tries = settings.max_tries.max(1);
    for attempt in 1..=tries {
        if model.cancelled() {
            return Err(CallError::Cancelled);
        }
        let outcome = if settings.stream {
            try_streamed(&body, settings, model, events, lang)
        } else {
            model
                .post(&body)
                .map_err(|err| TryFailure::from_host(err, false, settings, lang))
                .and_then(|reply| whole(&reply, settings, lang))
        };
        let failed = match outcome {
            Ok(answered) => return Ok(answered),
            Err(failed) => failed,
        };
        if failed.cancelled {
            return Err(CallError::Cancelled);
        }
        if !failed.failure.retryable || failed.shown || attempt == tries {
            let CallFailure { cause, failure, .. } = failed.failure;
            return Err(CallError::Failed(cause, failure));
        }
        let delay = backoff_ms(settings, attempt, failed.failure.retry_after);
        if model.sleep(delay).is_err() {
            return Err(CallError::Cancelled);
        }
    }
    Err(CallError::Failed(
        String::new(),
        ModelFailure::new(FailureKind::Other),
    ))
}

/// An answer assembled from a stream's deltas that carried neither text
/// nor a tool call answers nothing: the call failed (no blank answer is
/// stored). Only such a stream is "no answer": a whole body, or a whole
/// completion sent as a stream's one event, is read as the protocol says
/// (missing or null content is an empty answer). A reply the content
/// filter stopped is told as such.
fn assembled_holds_answer(answered: Answered, lang: Lang) -> Result<Answered, TryFailure> {
    let empty = matches!(
        &answered.completion.reply,
        Reply::Answer { text, .. } if text.is_empty()
    );
    let filtered = answered.completion.finish_reason.as_deref() == Some("content_filter");
    if empty && !filtered {
        let failure = ModelFailure::new(FailureKind::NoAnswer);
        return Err(TryFailure::fatal(
            lang.no_answer_in_reply(),
            failure,
            answered.shown,
        ));
    }
    Ok(answered)
}

/// Reads a whole answer. The status decides: a 2xx one over the size limit
/// is refused unparsed; an error's body is only cut at the limit (it says
/// why the call failed, and whether to try again, as any error does).
fn whole(reply: &HttpReply, settings: &CallSettings, lang: Lang) -> Result<Answered, TryFailure> {
    let cut;
    let reply = match oversize(&reply.body, settings) {
        Some((kind, _)) if (200..300).contains(&reply.status) => {
            return Err(TryFailure::oversize(kind, false, settings, lang));
        }
        Some((_, within)) => {
            cut = HttpReply {
                body: reply.body[..within].to_owned(),
                ..reply.clone()
            };
            &cut
        }
        None => reply,
    };
    read_completion(reply, lang)
        .map(|completion| Answered {
            completion,
            shown: false,
        })
        .map_err(|failure| TryFailure {
            failure,
            shown: false,
            cancelled: false,
        })
}

/// How a reply passed the size limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Oversize {
    /// More bytes than the limit.
    Bytes,
    /// More JSON values than one per [`BYTES_PER_JSON_VALUE`] of the limit.
    Values,
}

fn max_json_values(settings: &CallSettings) -> u64 {
    settings.max_reply_bytes / BYTES_PER_JSON_VALUE
}

/// Whether `text` (a whole body or one event) passes the size limit, found
/// in one pass before anything is parsed, and how many of its bytes are
/// within it (cut at a character). Every `[`, `{` and `,` outside a string
/// begins one more value.
fn oversize(text: &str, settings: &CallSettings) -> Option<(Oversize, usize)> {
    if u64::try_from(text.len()).map_or(true, |bytes| bytes > settings.max_reply_bytes) {
        let mut within = usize::try_from(settings.max_reply_bytes).unwrap_or(usize::MAX);
        while !text.is_char_boundary(within) {
            within -= 1;
        }
        return Some((Oversize::Bytes, within));
    }
    let max_values = max_json_values(settings);
    let (mut values, mut in_string, mut escaped) = (1u64, false, false);
    for (index, &byte) in text.as_bytes().iter().enumerate() {
        match (in_string, byte) {
            (true, _) if escaped => escaped = false,
            (true, b'\\') => escaped = true,
            (true, b'"') | (false, b'"') => in_string = !in_string,
            (false, b'[' | b'{' | b',') => {
                values += 1;
                if values > max_values {
                    return Some((Oversize::Values, index));
                }
            }
            (true, _) | (false, _) => {}
        }
    }
    None
}

/// The delay before try `attempt + 1`: `Retry-After` when given (capped at
/// 60 s), else `base · 2^(attempt-1)` (capped at 30 s) with ±25 % jitter.
pub fn backoff_ms(settings: &CallSettings, attempt: u32, retry_after: Option<f64>) -> u64 {
    if let Some(seconds) = retry_after.filter(|s| s.is_finite() && *s >= 0.0) {
        return (seconds.min(60.0) * 1000.0) as u64;
    }
    let exponential = settings
        .retry_base_ms
        .saturating_mul(1u64 << attempt.saturating_sub(1).min(20))
        .min(30_000);
    // splitmix64 of (seed, attempt): deterministic for a seed, spread across seeds.
    let mut x = settings.seed ^ u64::from(attempt).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    let jitter_permille = 750 + x % 501; // 0.75 ..= 1.25
    exponential.saturating_mul(jitter_permille) / 1000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_with_jitter_and_honours_retry_after() {
        let settings = CallSettings {
            retry_base_ms: 1000,
            seed: 42,
            ..CallSettings::default()
        };
        for attempt in 1..=3 {
            let nominal = 1000u64 << (attempt - 1);
            let delay = backoff_ms(&settings, attempt, None);
            assert!(
                (nominal * 3 / 4..=nominal * 5 / 4).contains(&delay),
                "{attempt}: {delay}"
            );
        }
        assert!(backoff_ms(&settings, 30, None) <= 37_500);
        assert_eq!(backoff_ms(&settings, 1, Some(2.5)), 2500);
        assert_eq!(backoff_ms(&settings, 1, Some(600.0)), 60_000);
    }
}
