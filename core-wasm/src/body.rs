//! A chat-completion request serialized once: the JSON text that is
//! estimated for the context budget, handed to the host and sent as the
//! HTTP body, never built or parsed again on the way.

use serde::Serialize;
use serde_json::Value;

/// The fields a streamed request adds at its end.
const STREAM_FIELDS: &str = r#","stream":true,"stream_options":{"include_usage":true}}"#;

/// The JSON text of one request body (an object).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestBody {
    text: String,
    streamed: bool,
}

impl RequestBody {
    /// Serializes `body`, which must serialize as a JSON object.
    pub fn new(body: &impl Serialize) -> Self {
        Self {
            text: serde_json::to_string(body).unwrap_or_else(|_| "{}".to_owned()),
            streamed: false,
        }
    }

    /// The JSON text, exactly as it is sent.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the request asks for a streamed answer.
    pub fn is_streamed(&self) -> bool {
        self.streamed
    }

    /// The body asking for a streamed answer, with usage in its last
    /// event: `"stream": true` and `"stream_options"` appended to the
    /// object's fields, the rest of the text untouched.
    pub fn streamed(mut self) -> Self {
        if !self.streamed && self.text.ends_with('}') {
            self.text.pop();
            if !self.text.ends_with('{') {
                self.text.push_str(STREAM_FIELDS);
            } else {
                self.text.push_str(&STREAM_FIELDS[1..]);
            }
            self.streamed = true;
        }
        self
    }

    /// The body parsed back, for a client that reads what it is sent (the
    /// offline planner, a test's fake).
    pub fn to_value(&self) -> serde_json::Result<Value> {
        serde_json::from_str(&self.text)
    }
}
