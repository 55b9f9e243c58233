//! The JSON a chat-completions provider answers with: tool calls, assistant
//! messages and whole `chat.completion` bodies.

use serde_json::{Value, json};

use crate::MODEL;

/// One tool call of an assistant message, with `arguments` as a JSON string.
pub fn call(id: &str, name: &str, arguments: &str) -> Value {
    call_raw(id, name, Value::String(arguments.to_owned()))
}

/// One tool call whose `arguments` is any JSON value, sent as it is (an
/// object, say, where providers should send its text).
pub fn call_raw(id: &str, name: &str, arguments: Value) -> Value {
    json!({
        "id": id,
        "type": "function",
        "function": { "name": name, "arguments": arguments },
    })
}

/// One tool call whose `arguments` is the JSON text of `arguments`.
pub fn call_json(id: &str, name: &str, arguments: Value) -> Value {
    call_raw(id, name, Value::String(arguments.to_string()))
}

/// Tool calls numbered `call_1`, `call_2`, ... with JSON-text arguments.
pub fn numbered_calls(calls: &[(&str, Value)]) -> Vec<Value> {
    calls
        .iter()
        .enumerate()
        .map(|(index, (name, arguments))| {
            call_json(&format!("call_{}", index + 1), name, arguments.clone())
        })
        .collect()
}

/// An assistant message requesting `calls`, with `content: null`, as providers send it.
pub fn tool_message(calls: impl Into<Vec<Value>>) -> Value {
    json!({ "role": "assistant", "content": null, "tool_calls": calls.into() })
}

/// An assistant message with plain text.
pub fn text_message(text: &str) -> Value {
    json!({ "role": "assistant", "content": text })
}

/// `message` with one more (unknown to the protocol) field.
pub fn with_field(mut message: Value, key: &str, value: Value) -> Value {
    if let Some(object) = message.as_object_mut() {
        object.insert(key.to_owned(), value);
    }
    message
}

/// A complete `chat.completion` body around one assistant message; its
/// finish reason is `tool_calls` when the message has them, else `stop`.
pub fn completion_body(message: &Value) -> Value {
    let finish = if message.get("tool_calls").is_some() {
        "tool_calls"
    } else {
        "stop"
    };
    json!({
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 1_710_495_000,
        "model": MODEL,
        "choices": [{ "index": 0, "message": message, "finish_reason": finish }],
        "usage": { "prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15 },
    })
}
