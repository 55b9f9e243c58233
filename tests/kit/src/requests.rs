//! Checks of what tidyup sends and shows: the well-formed `messages` array
//! and the console preview of a tool result.

use serde_json::Value;
use tidyup_core::Message;

/// Checks that a `messages` array is one a provider accepts: the system
/// message first; every assistant message with tool_calls followed by
/// exactly one tool message per call, in order, with matching ids and text
/// content; no message carrying an empty `tool_calls`; and tool messages
/// nowhere else. Panics with the reason.
pub fn assert_well_formed(messages: &[Value]) {
    assert_eq!(messages[0]["role"], "system", "system message first");
    let mut i = 0;
    while i < messages.len() {
        let message = &messages[i];
        if let Some(calls) = message.get("tool_calls") {
            let calls = calls
                .as_array()
                .unwrap_or_else(|| panic!("message {i}: tool_calls is not an array: {message}"));
            assert!(!calls.is_empty(), "message {i}: empty tool_calls sent");
            assert_eq!(
                message["role"], "assistant",
                "message {i}: tool_calls off assistant"
            );
            for (k, call) in calls.iter().enumerate() {
                let answer = messages
                    .get(i + 1 + k)
                    .unwrap_or_else(|| panic!("message {i}: call {k} has no tool message"));
                assert_eq!(
                    answer["role"],
                    "tool",
                    "message {}: expected a tool message",
                    i + 1 + k
                );
                assert_eq!(
                    answer["tool_call_id"],
                    call["id"],
                    "message {}: id",
                    i + 1 + k
                );
                assert!(answer["content"].is_string(), "tool content is text");
            }
            i += 1 + calls.len();
        } else {
            assert_ne!(message["role"], "tool", "message {i}: stray tool message");
            i += 1;
        }
    }
}

/// The console preview of a tool result, computed independently of the
/// core: the first 100 characters with line breaks as spaces, then `...`
/// if the result was longer.
pub fn preview(result: &str) -> String {
    let head: String = result
        .chars()
        .take(100)
        .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
        .collect();
    if result.chars().count() > 100 {
        format!("{head}...")
    } else {
        head
    }
}

/// A history message as the JSON it would be sent as.
pub fn message_json(message: &Message) -> Value {
    serde_json::to_value(message).unwrap_or_else(|err| panic!("message not serializable: {err}"))
}
