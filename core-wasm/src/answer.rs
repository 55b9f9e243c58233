//! One model call as the user sees it, shared by a conversation turn and
//! `tidyup ask`: the call made (with its retries), a failure told as the
//! "model call failed" error line, a reply the provider's content filter
//! stopped told as a notice, and the text a reply shows.

use serde_json::Value;

use crate::body::RequestBody;
use crate::call::{self, Answered, CallError, CallSettings};
use crate::model_failure::ModelFailure;
use crate::ports::{Event, EventSink, ModelClient, Outcome};
use crate::protocol::Reply;
use crate::texts::Lang;

/// Makes one model call and tells the user what they must see of how it
/// ended. `Err` is how the turn ends instead: [`Outcome::ModelFailed`] (the
/// error line already shown) or [`Outcome::Cancelled`] (nothing shown: the
/// caller decides what a cancellation says).
pub fn complete(
    body: RequestBody,
    settings: &CallSettings,
    model: &mut dyn ModelClient,
    events: &mut dyn EventSink,
    lang: Lang,
) -> Result<Answered, Outcome> {
    match call::complete(body, settings, model, events, lang) {
        Ok(answered) => {
            if answered.completion.finish_reason.as_deref() == Some("content_filter") {
                events.emit(Event::Notice {
                    text: lang.content_filtered(),
                });
            }
            Ok(answered)
        }
        Err(CallError::Failed(cause, failure)) => {
            events.emit(failed(lang, &cause, failure));
            Err(Outcome::ModelFailed)
        }
        Err(CallError::Cancelled) => Err(Outcome::Cancelled),
    }
}

/// The error event of a failed model call: the "model call failed: CAUSE"
/// line, and what failed as data.
pub fn failed(lang: Lang, cause: &str, failure: ModelFailure) -> Event {
    Event::Error {
        text: lang.model_call_failed(cause),
        failure: Some(failure),
    }
}

/// The text a reply shows the user: its answer, or the words that came
/// with its tool calls (empty when there were none).
pub fn reply_text(reply: &Reply) -> &str {
    match reply {
        Reply::Answer { text, .. } => text,
        Reply::ToolCalls { message, .. } => message
            .get("content")
            .and_then(Value::as_str)
            .unwrap_or_default(),
    }
}
