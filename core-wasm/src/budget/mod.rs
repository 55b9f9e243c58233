//! The context budget: keeping every request within the tokens a model can
//! read, whatever the size of the folder, the length of the session or the
//! number of calls in one reply.
//!
//! Before each call the request's size is estimated; while it is over the
//! budget, tool results give way, oldest first (`ladder`): the older rounds'
//! results are replaced by a one-line note of what was elided, then the
//! latest round's are cut to a short head and a note, then any result is
//! reduced to its note. The system message, user lines and assistant
//! messages are never touched, so what the provider sent is still resent
//! unchanged, and every call keeps its tool message. The estimate is kept
//! as counts, adjusted as each result changes: the request is serialized
//! again only once the counts say it fits.

mod ladder;
mod size;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::body::RequestBody;
use crate::protocol::Message;
use crate::texts::Lang;
use crate::tools::ToolLimits;
use ladder::Ladder;
use size::Size;

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
    Size::of(text).tokens()
}

/// The estimate of a whole request body.
pub fn estimate_request(body: &Value) -> u64 {
    estimate_text(&body.to_string())
}

/// Whether a request fits after its tool results gave way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fit {
    /// It fits, with `elided` older results and `shortened` results of the
    /// latest round given way to make it so.
    Fits {
        /// Older tool results replaced by a note in this pass.
        elided: usize,
        /// Results of the latest round cut or replaced by a note.
        shortened: usize,
        /// The request that fits, serialized: the bytes that were estimated.
        body: RequestBody,
    },
    /// Even with every tool result at its shortest it does not fit.
    TooLarge {
        /// The request's estimated tokens at its shortest.
        estimate: u64,
    },
}

/// Shortens the tool results of `history`, oldest first, the latest round's
/// (from `keep_from` on) last, until `request(history)` is estimated within
/// `budget` tokens, and gives that request.
pub fn fit(
    history: &mut [Message],
    keep_from: usize,
    budget: u64,
    lang: Lang,
    request: impl Fn(&[Message]) -> RequestBody,
) -> Fit {
    let mut body = request(history);
    let mut size = Size::of(body.text());
    let mut ladder = Ladder::new(keep_from);
    while size.tokens() > budget {
        // Each change is accounted for as it is made; the whole request is
        // measured again only once these counts say it fits, or nothing is
        // left to shorten.
        let mut at_shortest = false;
        while size.tokens() > budget {
            let Some((had, has)) = ladder.step(history, lang) else {
                at_shortest = true;
                break;
            };
            size = size - had + has;
        }
        body = request(history);
        size = Size::of(body.text());
        if at_shortest && size.tokens() > budget {
            return Fit::TooLarge {
                estimate: size.tokens(),
            };
        }
    }
    Fit::Fits {
        elided: ladder.elided,
        shortened: ladder.shortened,
        body,
    }
}

/// The fewest tokens a tool message adds to a request, its content empty:
/// `{"role":"tool","tool_call_id":"","content":""},` is 47 ASCII bytes.
const TOOL_MESSAGE_TOKENS: u64 = 12;

/// When a reply asking for `calls` tool calls, carried by the assistant
/// `message`, could never be resent within `budget` tokens, however short
/// its results became (the message itself is resent unchanged): the
/// estimate of that least it needs. `None` when it may fit.
pub(crate) fn reply_never_fits(
    message: &Map<String, Value>,
    calls: usize,
    budget: u64,
) -> Option<u64> {
    let message = serde_json::to_string(message).unwrap_or_default();
    let calls = u64::try_from(calls).unwrap_or(u64::MAX);
    let least = Size::of(&message)
        .tokens()
        .saturating_add(calls.saturating_mul(TOOL_MESSAGE_TOKENS));
    (least > budget).then_some(least)
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use serde_json::json;

    use super::*;
    use crate::protocol::build_request;

    /// A history of an older round and a latest round of `calls` calls,
    /// each result long, with characters the request escapes and CJK text.
    fn history(calls: usize) -> (Vec<Message>, usize) {
        let result = |i: usize| format!("line \"{i}\"\n\t整理 {}", "x".repeat(900));
        let round = |first: usize| {
            let ids: Vec<Value> = (first..first + calls)
                .map(|i| json!({"id": format!("c{i}"), "type": "function", "function": {"name": "list_files", "arguments": "{}"}}))
                .collect();
            let Value::Object(fields) = json!({"content": null, "tool_calls": ids}) else {
                unreachable!()
            };
            let mut messages = vec![Message::Assistant(fields)];
            messages.extend((first..first + calls).map(|i| Message::Tool {
                tool_call_id: format!("c{i}"),
                content: result(i),
            }));
            messages
        };
        let mut history = vec![
            Message::System {
                content: "system".to_owned(),
            },
            Message::User {
                content: "tidy".to_owned(),
            },
        ];
        history.extend(round(0));
        let keep_from = history.len();
        history.extend(round(calls));
        (history, keep_from)
    }

    #[test]
    fn the_request_is_serialized_twice_however_many_results_give_way() {
        let (whole, keep_from) = history(2_000);
        let needed = estimate_text(build_request("m", &whole, &json!([])).text());
        for budget in [needed - 1, needed / 2, needed / 3, 1] {
            let mut shortened = whole.clone();
            let built = Cell::new(0);
            let fit = fit(&mut shortened, keep_from, budget, Lang::Zh, |history| {
                built.set(built.get() + 1);
                build_request("m", history, &json!([]))
            });
            match fit {
                Fit::Fits { body, .. } => assert!(estimate_text(body.text()) <= budget),
                Fit::TooLarge { estimate } => assert!(budget == 1 && estimate > 1),
            }
            assert_eq!(built.get(), 2, "{budget}: built once, then once at the end");
        }
    }

    #[test]
    fn estimates_count_cjk_characters_as_tokens() {
        assert_eq!(estimate_text("abcd"), 1);
        assert_eq!(estimate_text("abcde"), 2);
        assert_eq!(estimate_text("整理"), 2);
    }
}
