//! Reading the conversation the planner is sent: which tools ran with which
//! arguments, and what they returned.

use serde_json::Value;

use crate::tools::Args;

/// One tool call and its result, from the history.
#[derive(Debug, Clone, PartialEq)]
pub struct Exchange {
    /// The id of the call, as the planner gave it.
    pub call_id: String,
    /// The tool's name.
    pub name: String,
    /// The parsed arguments (empty object when unreadable).
    pub arguments: Value,
    /// The tool message's content.
    pub result: String,
}

impl Exchange {
    /// A string argument, or `""`.
    pub fn arg(&self, key: &str) -> &str {
        self.arguments
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or("")
    }
}

/// The exchanges of `messages`, in order: each tool call of an assistant
/// message paired with the tool message that answers it.
pub fn exchanges(messages: &[Value]) -> Vec<Exchange> {
    let mut found = Vec::new();
    for (index, message) in messages.iter().enumerate() {
        let Some(calls) = message.get("tool_calls").and_then(Value::as_array) else {
            continue;
        };
        for call in calls {
            let id = call.get("id").and_then(Value::as_str).unwrap_or("");
            let function = call.get("function");
            let name = function.and_then(|f| f.get("name")).and_then(Value::as_str);
            let raw = function
                .and_then(|f| f.get("arguments"))
                .unwrap_or(&Value::Null);
            let arguments = Args::parse(raw, crate::Lang::En)
                .map(|args| Value::Object(args.into_map()))
                .unwrap_or(Value::Object(serde_json::Map::new()));
            let result = messages[index + 1..]
                .iter()
                .take_while(|m| role(m) == "tool")
                .find(|m| m.get("tool_call_id").and_then(Value::as_str) == Some(id))
                .and_then(|m| m.get("content").and_then(Value::as_str));
            if let (Some(name), Some(result)) = (name, result) {
                found.push(Exchange {
                    call_id: id.to_owned(),
                    name: name.to_owned(),
                    arguments,
                    result: result.to_owned(),
                });
            }
        }
    }
    found
}

/// The `role` of a message, or `""`.
pub fn role(message: &Value) -> &str {
    message.get("role").and_then(Value::as_str).unwrap_or("")
}

/// The text `content` of a message, or `""`.
pub fn content(message: &Value) -> &str {
    message.get("content").and_then(Value::as_str).unwrap_or("")
}
