//! The context budget: keeping every request within the tokens a model can
//! read, whatever the size of the folder or the length of the session.
//!
//! Before each call the request's size is estimated; while it is over the
//! budget, the oldest tool results (earlier turns first, never those of the
//! latest round) are replaced by a one-line note of what was elided. The
//! system message, user lines and assistant messages are never touched, so
//! what the provider sent is still resent unchanged.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::body::RequestBody;
use crate::protocol::Message;
use crate::texts::{ELIDED_MARK, Lang};
use crate::tools::ToolLimits;

/// The default budget, in tokens, when neither the user nor the provider's
/// preset gives one.
pub const DEFAULT_CONTEXT_TOKENS: u64 = 128_000;

/// The limits of one agent: when a directory is large, how many tokens a
/// request may carry, how long a file excerpt may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Limits {
    /// The limits of its tool calls.
    #[serde(flatten)]
    pub tools: ToolLimits,
    /// The most tokens a request may carry, as estimated (`--context-tokens`).
    pub context_tokens: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            tools: ToolLimits::default(),
            context_tokens: DEFAULT_CONTEXT_TOKENS,
        }
    }
}

/// A conservative token estimate of some JSON text: a token per four ASCII
/// bytes, one per other character (CJK text is about one token a character).
pub fn estimate_text(text: &str) -> u64 {
    let (ascii, other) = text.chars().fold((0u64, 0u64), |(ascii, other), c| {
        if c.is_ascii() {
            (ascii + 1, other)
        } else {
            (ascii, other + 1)
        }
    });
    ascii.div_ceil(4) + other
}

/// The estimate of a whole request body.
pub fn estimate_request(body: &Value) -> u64 {
    estimate_text(&body.to_string())
}

/// Whether a request fits after elision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fit {
    /// It fits; `elided` tool results were replaced to make it so.
    Fits {
        /// Tool results replaced by a note in this pass.
        elided: usize,
        /// The request that fits, serialized: the bytes that were estimated.
        body: RequestBody,
    },
    /// Even with every older tool result elided it does not fit.
    TooLarge {
        /// The request's estimated tokens after elision.
        estimate: u64,
    },
}

/// Elides the oldest tool results of `history` until `request(history)`
/// is estimated within `budget` tokens, and gives that request. Messages from `keep_from` on (the
/// latest round) are never elided.
pub fn fit(
    history: &mut [Message],
    keep_from: usize,
    budget: u64,
    lang: Lang,
    request: impl Fn(&[Message]) -> RequestBody,
) -> Fit {
    let mut body = request(history);
    let mut estimate = estimate_text(body.text());
    let mut elided = 0;
    let mut index = 0;
    while estimate > budget {
        // Each note is accounted for as it replaces its result; the whole
        // request is measured again only once these estimates say it fits.
        while estimate > budget {
            let Some(next) = (index..keep_from.min(history.len())).find(|&i| elidable(&history[i]))
            else {
                return Fit::TooLarge { estimate };
            };
            let note = note_for(history, next, lang);
            if let Message::Tool { content, .. } = &mut history[next] {
                let saved = estimate_text(content).saturating_sub(estimate_text(&note));
                estimate = estimate.saturating_sub(saved);
                *content = note;
            }
            elided += 1;
            index = next + 1;
        }
        body = request(history);
        estimate = estimate_text(body.text());
    }
    Fit::Fits { elided, body }
}

/// A tool result not elided yet, and long enough that a note saves room.
fn elidable(message: &Message) -> bool {
    match message {
        Message::Tool { content, .. } => {
            !content.starts_with(ELIDED_MARK) && content.chars().count() > 200
        }
        Message::System { .. } | Message::User { .. } | Message::Assistant(_) => false,
    }
}

/// The note that replaces the tool result at `index`: which call it
/// answered and how long it was.
fn note_for(history: &[Message], index: usize, lang: Lang) -> String {
    let Message::Tool {
        tool_call_id,
        content,
    } = &history[index]
    else {
        return String::new();
    };
    let call = history[..index]
        .iter()
        .rev()
        .find_map(|message| match message {
            Message::Assistant(fields) => fields
                .get("tool_calls")
                .and_then(Value::as_array)?
                .iter()
                .find(|call| call.get("id").and_then(Value::as_str) == Some(tool_call_id))
                .cloned(),
            Message::System { .. } | Message::User { .. } | Message::Tool { .. } => None,
        });
    let function = call.as_ref().and_then(|call| call.get("function"));
    let name = function
        .and_then(|f| f.get("name"))
        .and_then(Value::as_str)
        .unwrap_or("?");
    let arguments = function
        .and_then(|f| f.get("arguments"))
        .map(|a| a.as_str().map_or_else(|| a.to_string(), str::to_owned))
        .unwrap_or_default();
    let arguments: String = arguments.chars().take(80).collect();
    lang.elided_note(name, &arguments, content.chars().count())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_count_cjk_characters_as_tokens() {
        assert_eq!(estimate_text("abcd"), 1);
        assert_eq!(estimate_text("abcde"), 2);
        assert_eq!(estimate_text("整理"), 2);
    }
}
