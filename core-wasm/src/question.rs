//! `tidyup ask`: one single-turn question, no tools, optionally with images
//! (a user message whose content is `text` and `image_url` parts).

use crate::answer;
use crate::body::RequestBody;
use crate::call::CallSettings;
use crate::ports::{Event, EventSink, ModelClient, Outcome};
use crate::texts::Lang;
use serde::{Deserialize, Serialize};

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
/// image parts when there are images. Serialized once, straight from the
/// config.
pub fn build_request(config: &AskConfig) -> RequestBody {
    let mut messages = Vec::with_capacity(2);
    if let Some(system) = &config.system {
        messages.push(AskMessage {
            role: "system",
            content: Content::Text(system),
        });
    }
    let content = if config.images.is_empty() {
        Content::Text(&config.question)
    } else {
        let text = Part::Text {
            text: &config.question,
        };
        let images = config.images.iter().map(|url| Part::ImageUrl {
            image_url: ImageUrl { url },
        });
        Content::Parts(std::iter::once(text).chain(images).collect())
    };
    messages.push(AskMessage {
        role: "user",
        content,
    });
    RequestBody::new(&AskBody {
        model: &config.model,
        messages,
    })
}

/// The fields of an `ask` request, in the order they are sent.
#[derive(Serialize)]
struct AskBody<'a> {
    model: &'a str,
    messages: Vec<AskMessage<'a>>,
}

/// One message of an `ask` request.
#[derive(Serialize)]
struct AskMessage<'a> {
    role: &'static str,
    content: Content<'a>,
}

/// A message's content: text, or text and image parts.
#[derive(Serialize)]
#[serde(untagged)]
enum Content<'a> {
    Text(&'a str),
    Parts(Vec<Part<'a>>),
}

/// One part of a message's content.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Part<'a> {
    Text { text: &'a str },
    ImageUrl { image_url: ImageUrl<'a> },
}

/// An image's address.
#[derive(Serialize)]
struct ImageUrl<'a> {
    url: &'a str,
}

/// Asks, shows the answer (and the usage), and says how it went.
pub fn ask(config: &AskConfig, model: &mut dyn ModelClient, events: &mut dyn EventSink) -> Outcome {
    let lang = config.lang;
    let answered = match answer::complete(build_request(config), &config.calls, model, events, lang)
    {
        Ok(answered) => answered,
        Err(ended) => return ended,
    };
    events.emit(Event::Answer {
        text: answer::reply_text(&answered.completion.reply).to_owned(),
        streamed: answered.shown,
    });
    if let Some(usage) = answered.completion.usage {
        events.emit(usage.event(lang));
    }
    Outcome::Answered
}
