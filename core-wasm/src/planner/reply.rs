//! The planner's answers as chat completions.

use serde_json::{Value, json};

use super::proposal::{FIELD, Proposal};

/// The model identifier the planner reports.
pub const MODEL: &str = "tidyup-offline-planner";

/// What the planner does next.
pub enum Step {
    /// Ask for these tool calls, in order.
    Call(Vec<(&'static str, Value)>),
    /// Answer in plain text.
    Say(String),
    /// Show a plan in plain text and wait for the go-ahead; the plan itself
    /// travels with the answer as data.
    Propose(String, Box<Proposal>),
}

/// A chat completion carrying `step`; ids are numbered by the history length.
/// It has no `usage`: no model was called, so there are no tokens to report.
pub fn completion(body: &Value, turn: usize, step: Step) -> Value {
    let (message, finish_reason) = match step {
        Step::Say(text) => (json!({ "role": "assistant", "content": text }), "stop"),
        Step::Propose(text, proposal) => {
            let mut message = json!({ "role": "assistant", "content": text });
            if let (Some(fields), Some(plan)) = (message.as_object_mut(), proposal.to_field()) {
                fields.insert(FIELD.to_owned(), plan);
            }
            (message, "stop")
        }
        Step::Call(calls) => (tool_calls_message(turn, calls), "tool_calls"),
    };
    json!({
        "id": format!("offline-{turn}"),
        "object": "chat.completion",
        "created": 0,
        "model": body.get("model").and_then(Value::as_str).unwrap_or(MODEL),
        "choices": [{ "index": 0, "message": message, "finish_reason": finish_reason }],
    })
}

/// An assistant message asking for `calls`, with ids `call_TURN_INDEX`.
fn tool_calls_message(turn: usize, calls: Vec<(&'static str, Value)>) -> Value {
    let tool_calls: Vec<Value> = calls
        .into_iter()
        .enumerate()
        .map(|(i, (name, arguments))| {
            json!({
                "id": format!("call_{turn}_{i}"),
                "type": "function",
                "function": { "name": name, "arguments": arguments.to_string() },
            })
        })
        .collect();
    json!({ "role": "assistant", "content": null, "tool_calls": tool_calls })
}
