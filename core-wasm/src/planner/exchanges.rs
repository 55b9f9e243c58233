//! Reading the conversation the planner is sent: which tools ran with which
//! arguments, and what they returned (the text as the model saw it; how
//! they ended and what they found from the outputs handed over).

use serde_json::Value;

use super::outcomes::Outcomes;
use crate::tools::{Args, Listed, Listing, Summary, ToolData};

/// One tool call and its result, from the history.
#[derive(Debug, Clone, PartialEq)]
pub struct Exchange {
    /// The id of the call, as the planner gave it.
    pub call_id: String,
    /// The tool's name.
    pub name: String,
    /// The parsed arguments (empty object when unreadable).
    pub arguments: Value,
    /// The tool message's content: shown, never read.
    pub result: String,
    /// Whether the call ran and did not fail; a call whose output was
    /// never handed over did not succeed.
    pub succeeded: bool,
    /// What the call found, as data.
    pub data: ToolData,
}

impl Exchange {
    /// A string argument, or `""`.
    pub fn arg(&self, key: &str) -> &str {
        self.arguments
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or("")
    }

    /// The listing the call gave, when it gave one.
    pub fn listing(&self) -> Option<&Listing> {
        if let ToolData::Listing(listing) = &self.data {
            Some(listing)
        } else {
            None
        }
    }

    /// The items the call listed (none when it listed none).
    pub fn items(&self) -> &[Listed] {
        self.listing().map_or(&[], |listing| &listing.items)
    }

    /// The summary the call gave, when it gave one.
    pub fn summary(&self) -> Option<&Summary> {
        if let ToolData::Summary(summary) = &self.data {
            Some(summary)
        } else {
            None
        }
    }
}

/// The exchanges of `messages`, in order: each tool call of an assistant
/// message paired with the tool message that answers it, and with its
/// output among `outputs`.
pub fn exchanges(messages: &[Value], outputs: &Outcomes) -> Vec<Exchange> {
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
                let output = outputs.of(id);
                found.push(Exchange {
                    call_id: id.to_owned(),
                    name: name.to_owned(),
                    arguments,
                    result: result.to_owned(),
                    succeeded: output.is_some_and(|output| !output.is_error),
                    data: output.map(|output| output.data.clone()).unwrap_or_default(),
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
