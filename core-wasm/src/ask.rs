//! `tidyup ask`: one single-turn question, no tools, optionally with images
//! (spec 2.3 and 4.1: a user message whose content is `text` and
//! `image_url` parts).

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::Outcome;
use crate::call::{self, CallError, CallSettings};
use crate::lang::Lang;
use crate::ports::{Event, EventSink, ModelClient};
use crate::protocol::Reply;

/// One question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AskConfig {
    /// The provider's model identifier.
    pub model: String,
    /// Language of tidyup's own texts.
    #[serde(default)]
    pub lang: Lang,
    /// A system prompt, if any.
    #[serde(default)]
    pub system: Option<String>,
    /// The question.
    pub question: String,
    /// Image addresses: `https://...` or `data:image/...;base64,...`.
    #[serde(default)]
    pub images: Vec<String>,
    /// Streaming and retries.
    #[serde(default)]
    pub calls: CallSettings,
}

/// The request body: no tools; the user message is plain text, or text and
/// image parts when there are images.
pub fn build_request(config: &AskConfig) -> Value {
    let mut messages = Vec::new();
    if let Some(system) = &config.system {
        messages.push(json!({ "role": "system", "content": system }));
    }
    let content = if config.images.is_empty() {
        Value::String(config.question.clone())
    } else {
        let text = json!({ "type": "text", "text": config.question });
        let images = config
            .images
            .iter()
            .map(|url| json!({ "type": "image_url", "image_url": { "url": url } }));
        Value::Array(std::iter::once(text).chain(images).collect())
    };
    messages.push(json!({ "role": "user", "content": content }));
    json!({ "model": config.model, "messages": messages })
}

/// Asks, shows the answer (and the usage), and says how it went.
pub fn ask(config: &AskConfig, model: &mut dyn ModelClient, events: &mut dyn EventSink) -> Outcome {
    let lang = config.lang;
    let answered = match call::complete(build_request(config), &config.calls, model, events, lang) {
        Ok(answered) => answered,
        Err(CallError::Failed(cause)) => {
            events.emit(Event::Error {
                text: lang.model_call_failed(&cause),
            });
            return Outcome::ModelFailed;
        }
        Err(CallError::Cancelled) => return Outcome::Cancelled,
    };
    let text = match &answered.completion.reply {
        Reply::Answer { text, .. } => text.clone(),
        Reply::ToolCalls { message, .. } => message
            .get("content")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
    };
    if answered.completion.finish_reason.as_deref() == Some("content_filter") {
        events.emit(Event::Notice {
            text: lang.content_filtered(),
        });
    }
    events.emit(Event::Answer {
        text,
        streamed: answered.shown,
    });
    if let Some(usage) = answered.completion.usage {
        events.emit(usage.event(lang));
    }
    Outcome::Answered
}
