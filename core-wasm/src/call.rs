//! One model call, done properly: streamed when asked (text shown as it
//! arrives, the message assembled from its deltas), retried with
//! exponential backoff and jitter when the failure may pass (honouring
//! `Retry-After`), never retried once streamed text has been shown, and
//! cancellable by the user.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::host::{Event, EventSink, HostError, ModelClient};
use crate::lang::Lang;
use crate::protocol::{CallFailure, Completion, HttpReply, read_completion};
use crate::stream::{Assembler, SseParser};

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
        }
    }
}

/// Why a call ended without a reply.
#[derive(Debug, Clone, PartialEq)]
pub enum CallError {
    /// It failed (after any retries); the cause, for "model call failed: CAUSE".
    Failed(String),
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
    fn from_host(err: HostError, shown: bool) -> Self {
        let cancelled = err.code == "cancelled";
        let retryable = matches!(err.code.as_str(), "connect" | "timeout" | "transport");
        Self {
            failure: CallFailure {
                cause: err.message,
                retryable,
                retry_after: None,
            },
            shown,
            cancelled,
        }
    }
}

/// Sends `body` and returns the reply, retrying and streaming as `settings` say.
pub fn complete(
    body: &Value,
    settings: &CallSettings,
    model: &mut dyn ModelClient,
    events: &mut dyn EventSink,
    lang: Lang,
) -> Result<Answered, CallError> {
    let tries = settings.max_tries.max(1);
    for attempt in 1..=tries {
        if model.cancelled() {
            return Err(CallError::Cancelled);
        }
        let outcome = if settings.stream {
            try_streamed(body, model, events, lang)
        } else {
            model
                .chat_completion(body)
                .map_err(|err| TryFailure::from_host(err, false))
                .and_then(|reply| whole(&reply, lang))
        };
        let failed = match outcome {
            Ok(answered) => return Ok(answered),
            Err(failed) => failed,
        };
        if failed.cancelled {
            return Err(CallError::Cancelled);
        }
        if !failed.failure.retryable || failed.shown || attempt == tries {
            return Err(CallError::Failed(failed.failure.cause));
        }
        let delay = backoff_ms(settings, attempt, failed.failure.retry_after);
        if model.sleep(delay).is_err() {
            return Err(CallError::Cancelled);
        }
    }
    Err(CallError::Failed(String::new()))
}

fn whole(reply: &HttpReply, lang: Lang) -> Result<Answered, TryFailure> {
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

fn try_streamed(
    body: &Value,
    model: &mut dyn ModelClient,
    events: &mut dyn EventSink,
    lang: Lang,
) -> Result<Answered, TryFailure> {
    let mut body = body.clone();
    if let Some(object) = body.as_object_mut() {
        object.insert("stream".into(), Value::Bool(true));
        object.insert("stream_options".into(), json!({ "include_usage": true }));
    }
    let opened = model
        .open_stream(&body)
        .map_err(|err| TryFailure::from_host(err, false))?;
    if !opened.streaming {
        // The provider answered whole (an error, or no streaming support).
        return whole(&opened, lang);
    }
    let (mut parser, mut assembler, mut shown) =
        (SseParser::default(), Assembler::default(), false);
    let mut finished = false;
    while !finished {
        let piece = model
            .read_stream()
            .map_err(|err| TryFailure::from_host(err, shown))?;
        let events_text = match piece {
            Some(text) => parser.feed(&text),
            None => {
                finished = true;
                parser.finish().into_iter().collect()
            }
        };
        for data in events_text {
            if data.trim() == "[DONE]" {
                finished = true;
                continue;
            }
            let Ok(chunk) = serde_json::from_str::<Value>(&data) else {
                continue;
            };
            let news = assembler.push(&chunk).map_err(|cause| TryFailure {
                failure: CallFailure::fatal(cause),
                shown,
                cancelled: false,
            })?;
            if !news.content.is_empty() {
                shown = true;
                events.emit(Event::AnswerDelta { text: news.content });
            }
        }
    }
    let whole_reply = HttpReply::new(200, assembler.finish().to_string());
    let mut answered = whole(&whole_reply, lang).map_err(|mut failed| {
        failed.shown = shown;
        failed
    })?;
    answered.shown = shown;
    Ok(answered)
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
