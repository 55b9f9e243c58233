//! The chat-completions protocol: messages, requests, and reading replies.
//!
//! An assistant message is kept as the JSON object the provider sent, so it
//! is resent unchanged, with fields this crate does not know about.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::body::RequestBody;
use crate::model_failure::{FailureKind, ModelFailure};
use crate::ports::{Event, HttpReply};
use crate::texts::Lang;

/// One message of the conversation history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "lowercase")]
pub enum Message {
    /// The system prompt, first in the history.
    System {
        /// The prompt text.
        content: String,
    },
    /// A line the user typed.
    User {
        /// The line.
        content: String,
    },
    /// A reply of the model, every field but `role` exactly as it arrived.
    Assistant(Map<String, Value>),
    /// The result of one tool call.
    Tool {
        /// The id of the call this answers.
        tool_call_id: String,
        /// The tool's result text.
        content: String,
    },
}

/// A tool the model asked to run, read from an assistant message.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    /// The call's id, echoed in the answering tool message.
    pub id: String,
    /// The tool name (empty when the provider sent none).
    pub name: String,
    /// The arguments, still unparsed: see [`crate::tools::Args::parse`].
    pub arguments: Value,
}

/// What one chat-completion reply asks of the agent.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// A plain answer; the message is ready to append to the history.
    Answer {
        /// The assistant message, with `content` a string and no empty `tool_calls`.
        message: Map<String, Value>,
        /// The answer text.
        text: String,
    },
    /// Tools to run, in order; the message goes to the history unchanged.
    ToolCalls {
        /// The assistant message as it arrived.
        message: Map<String, Value>,
        /// The calls it carries.
        calls: Vec<ToolCall>,
    },
}

/// Token counts of one reply (`usage`), zero where the provider sent none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Usage {
    /// Tokens sent.
    #[serde(default)]
    pub prompt_tokens: u64,
    /// Tokens received.
    #[serde(default)]
    pub completion_tokens: u64,
    /// Their sum, as billed.
    #[serde(default)]
    pub total_tokens: u64,
}

impl Usage {
    /// The console event of this usage, worded in `lang`.
    pub fn event(&self, lang: Lang) -> Event {
        Event::Usage {
            prompt_tokens: self.prompt_tokens,
            completion_tokens: self.completion_tokens,
            total_tokens: self.total_tokens,
            text: lang.usage(
                self.prompt_tokens,
                self.completion_tokens,
                self.total_tokens,
            ),
        }
    }
}

impl std::ops::AddAssign for Usage {
    fn add_assign(&mut self, other: Self) {
        self.prompt_tokens += other.prompt_tokens;
        self.completion_tokens += other.completion_tokens;
        self.total_tokens += other.total_tokens;
    }
}

/// A reply with what came around it.
#[derive(Debug, Clone, PartialEq)]
pub struct Completion {
    /// What it asks of the agent.
    pub reply: Reply,
    /// `finish_reason` of the first choice (`stop`, `tool_calls`, `length`,
    /// `content_filter`...).
    pub finish_reason: Option<String>,
    /// Token usage, when the provider reported it.
    pub usage: Option<Usage>,
}

/// Why a model call failed, and whether trying again may help.
#[derive(Debug, Clone, PartialEq)]
pub struct CallFailure {
    /// The cause, for "model call failed: CAUSE".
    pub cause: String,
    /// Whether the failure is worth another try (429 without exhausted
    /// quota, 500, 502, 503, 504, connection errors).
    pub retryable: bool,
    /// How long the provider asked to wait, in seconds.
    pub retry_after: Option<f64>,
    /// What failed, as data.
    pub failure: ModelFailure,
}

impl CallFailure {
    /// A failure not worth retrying.
    pub fn fatal(cause: String, failure: ModelFailure) -> Self {
        Self {
            cause,
            retryable: false,
            retry_after: None,
            failure,
        }
    }
}

/// The fields of a chat-completion request, in the order they are sent.
#[derive(Serialize)]
struct ChatBody<'a> {
    model: &'a str,
    messages: &'a [Message],
    tools: &'a Value,
}

/// Serializes the body of a chat-completion request, once.
pub fn build_request(model: &str, messages: &[Message], tools: &Value) -> RequestBody {
    RequestBody::new(&ChatBody {
        model,
        messages,
        tools,
    })
}

/// Reads an HTTP answer into a [`Reply`], or the cause of a failed call.
pub fn read_reply(reply: &HttpReply, lang: Lang) -> Result<Reply, String> {
    read_completion(reply, lang)
        .map(|completion| completion.reply)
        .map_err(|failure| failure.cause)
}

/// Reads an HTTP answer into a [`Completion`], or why the call failed.
pub fn read_completion(reply: &HttpReply, lang: Lang) -> Result<Completion, CallFailure> {
    if !(200..300).contains(&reply.status) {
        let message = provider_error_message(&reply.body);
        let overflow = message.as_deref().is_some_and(is_context_overflow);
        return Err(CallFailure {
            cause: lang.http_status(reply.status, message.as_deref(), overflow),
            retryable: retryable_status(reply.status, &reply.body),
            retry_after: reply.retry_after,
            failure: ModelFailure::from_status(reply.status, message, overflow),
        });
    }
    let body: Value = serde_json::from_str(&reply.body).map_err(|err| {
        let cause = lang.bad_reply(&format!("invalid JSON: {err}"));
        CallFailure::fatal(cause, ModelFailure::new(FailureKind::NotAReply))
    })?;
    read_completion_value(body, lang)
}

/// Reads a 2xx answer's parsed body (e.g. a streamed reply once assembled)
/// into a [`Completion`]. The message is moved out of the body, not copied.
pub fn read_completion_value(mut body: Value, lang: Lang) -> Result<Completion, CallFailure> {
    if let Some(message) = body.get("error").and_then(error_text) {
        let failure = ModelFailure::provider_said(message.clone());
        return Err(CallFailure::fatal(message, failure));
    }
    let usage = body
        .get("usage")
        .and_then(|usage| serde_json::from_value::<Usage>(usage.clone()).ok());
    let finish_reason = body
        .pointer("/choices/0/finish_reason")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let reply = read_choice(&mut body, lang)
        .map_err(|cause| CallFailure::fatal(cause, ModelFailure::new(FailureKind::NotAReply)))?;
    Ok(Completion {
        reply,
        finish_reason,
        usage,
    })
}

/// 429 (unless the quota is exhausted), 500, 502, 503 and 504 may pass.
fn retryable_status(status: u16, body: &str) -> bool {
    match status {
        429 => {
            let error = serde_json::from_str::<Value>(body).ok();
            let code = |key: &str| {
                error
                    .as_ref()
                    .and_then(|e| e.pointer(&format!("/error/{key}")))
                    .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
            };
            code("code").as_deref() != Some("insufficient_quota")
                && code("type").as_deref() != Some("insufficient_quota")
        }
        500 | 502 | 503 | 504 => true,
        _ => false,
    }
}

fn read_choice(body: &mut Value, lang: Lang) -> Result<Reply, String> {
    let choices = body
        .get_mut("choices")
        .and_then(Value::as_array_mut)
        .ok_or_else(|| lang.bad_reply("no \"choices\" array"))?;
    let first = choices.first_mut().ok_or_else(|| lang.no_choices())?;
    let message = first
        .get_mut("message")
        .and_then(Value::as_object_mut)
        .ok_or_else(|| lang.bad_reply("choices[0] has no \"message\" object"))?;
    Ok(read_message(std::mem::take(message)))
}

/// Sorts an assistant message into a plain answer or tool calls.
///
/// The message keeps its fields in their order (`shift_remove`); only a
/// missing call id is filled in, so each tool message has a call to answer,
/// and entries of `tool_calls` that are not objects (no call can be made of
/// them, nor answered) are dropped; a plain answer's content becomes its text.
fn read_message(mut message: Map<String, Value>) -> Reply {
    message.shift_remove("role");
    let calls: Vec<ToolCall> = match message.get_mut("tool_calls") {
        Some(Value::Array(calls)) => {
            calls.retain(Value::is_object);
            calls.iter_mut().enumerate().map(read_tool_call).collect()
        }
        Some(_) | None => Vec::new(),
    };
    if calls.is_empty() {
        // Absent, null or empty tool_calls: a plain answer. Never resend `[]`.
        message.shift_remove("tool_calls");
        let text = match message.get("content") {
            Some(Value::String(text)) => text.clone(),
            Some(Value::Array(parts)) => parts
                .iter()
                .filter_map(|part| part.get("text").and_then(Value::as_str))
                .collect::<Vec<_>>()
                .join(""),
            Some(_) | None => String::new(),
        };
        // The answer is stored as plain text: null/missing become "", text
        // parts are joined.
        message.insert("content".to_owned(), Value::String(text.clone()));
        Reply::Answer { message, text }
    } else {
        Reply::ToolCalls { message, calls }
    }
}

fn read_tool_call((index, call): (usize, &mut Value)) -> ToolCall {
    let id = match call.get("id").and_then(Value::as_str) {
        Some(id) => id.to_owned(),
        None => {
            let id = format!("call_{index}");
            if let Some(object) = call.as_object_mut() {
                object.insert("id".to_owned(), Value::String(id.clone()));
            }
            id
        }
    };
    let function = call.get("function");
    let text = |value: Option<&Value>| value.and_then(Value::as_str).map(str::to_owned);
    ToolCall {
        id,
        name: text(function.and_then(|f| f.get("name"))).unwrap_or_default(),
        arguments: function
            .and_then(|f| f.get("arguments"))
            .cloned()
            .unwrap_or(Value::Null),
    }
}

/// The provider's error message from an error body, when it has one:
/// `{"error": {"message": ...}}`, `{"error": "..."}`, `{"message": ...}` or
/// `{"detail": ...}`; a short non-JSON body is returned as it is.
pub fn provider_error_message(body: &str) -> Option<String> {
    match serde_json::from_str::<Value>(body) {
        Ok(value) => ["error", "message", "detail"]
            .iter()
            .find_map(|key| value.get(key).and_then(error_text)),
        Err(_) => {
            let trimmed = body.trim();
            (!trimmed.is_empty()).then(|| trimmed.chars().take(300).collect())
        }
    }
}

fn error_text(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Object(object) => object
            .get("message")
            .and_then(error_text)
            .or_else(|| Some(Value::Object(object.clone()).to_string())),
        Value::Null => None,
        Value::Bool(_) | Value::Number(_) | Value::Array(_) => Some(value.to_string()),
    }
}

/// Whether a provider's error message says the request was longer than
/// the model's context.
pub fn is_context_overflow(message: &str) -> bool {
    let message = message.to_lowercase();
    [
        "context_length_exceeded",
        "context length",
        "context window",
        "maximum context",
        "prompt is too long",
        "too many tokens",
        "reduce the length",
    ]
    .iter()
    .any(|sign| message.contains(sign))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ok(body: Value) -> HttpReply {
        HttpReply::new(200, body.to_string())
    }

    #[test]
    fn absent_null_and_empty_tool_calls_are_plain_answers() {
        for extra in [
            json!({}),
            json!({"tool_calls": null}),
            json!({"tool_calls": []}),
        ] {
            let mut message = json!({"role": "assistant", "content": "hi"});
            message
                .as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            let reply = read_reply(&ok(json!({"choices": [{"message": message}]})), Lang::En);
            let Ok(Reply::Answer { message, text }) = reply else {
                panic!("expected an answer, got {reply:?}");
            };
            assert_eq!(text, "hi");
            assert!(!message.contains_key("tool_calls"));
        }
    }

    #[test]
    fn null_content_becomes_empty_and_unknown_fields_stay() {
        let body = json!({"choices": [{"message": {"role": "assistant", "content": null, "reasoning_content": "hmm"}}]});
        let Ok(Reply::Answer { message, text }) = read_reply(&ok(body), Lang::En) else {
            panic!("expected an answer");
        };
        assert_eq!(text, "");
        assert_eq!(
            Value::Object(message),
            json!({"content": "", "reasoning_content": "hmm"})
        );
    }

    #[test]
    fn error_bodies_in_every_shape() {
        let cases = [
            (r#"{"error":{"message":"bad key","code":401}}"#, "bad key"),
            (r#"{"error":"quota"}"#, "quota"),
            (r#"{"message":"nope"}"#, "nope"),
            (r#"{"detail":"missing model"}"#, "missing model"),
            ("upstream exploded", "upstream exploded"),
        ];
        for (body, expected) in cases {
            assert_eq!(provider_error_message(body).as_deref(), Some(expected));
        }
        assert_eq!(provider_error_message("  "), None);
        let reply = HttpReply::new(401, r#"{"error":{"message":"Incorrect API key"}}"#);
        assert_eq!(
            read_reply(&reply, Lang::En),
            Err("HTTP 401: Incorrect API key".to_owned())
        );
    }

    #[test]
    fn garbage_and_empty_choices_fail() {
        let garbage = HttpReply::new(200, "<html>".to_owned());
        assert!(read_reply(&garbage, Lang::En).is_err());
        assert_eq!(
            read_reply(&ok(json!({"choices": []})), Lang::En),
            Err("the reply has no choices".to_owned())
        );
    }

    #[test]
    fn context_overflow_messages_are_recognised() {
        assert!(is_context_overflow(
            "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens."
        ));
        assert!(is_context_overflow(
            "prompt is too long: 210000 tokens > 200000 maximum"
        ));
        assert!(!is_context_overflow("Incorrect API key provided"));
        assert!(
            Lang::En
                .http_status(400, Some("context_length_exceeded"), true)
                .contains("--context-tokens")
        );
    }
}
