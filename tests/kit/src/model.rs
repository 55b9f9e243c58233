//! A scripted model for the core's tests, and the HTTP replies it gives.

use std::collections::VecDeque;

use serde_json::Value;
use tidyup_core::ErrorCode;
use tidyup_core::{HostError, HttpReply, ModelClient};

use crate::replies::{completion_body, text_message, tool_message};

/// A [`ModelClient`] that answers from a queue of canned replies and records
/// every request body. When the queue is empty it answers with its fallback
/// reply, or panics when it has none.
#[derive(Debug, Default)]
pub struct ScriptedModel {
    queue: VecDeque<Result<HttpReply, HostError>>,
    fallback: Option<HttpReply>,
    /// Every request body received, in order.
    pub requests: Vec<Value>,
}

impl ScriptedModel {
    /// A model that will give `replies` in order.
    pub fn new(replies: impl IntoIterator<Item = HttpReply>) -> Self {
        Self {
            queue: replies.into_iter().map(Ok).collect(),
            ..Self::default()
        }
    }

    /// A model that gives `reply` to every request.
    pub fn always(reply: HttpReply) -> Self {
        Self {
            fallback: Some(reply),
            ..Self::default()
        }
    }

    /// The same model, answering `reply` once its queue is empty.
    pub fn or_else(mut self, reply: HttpReply) -> Self {
        self.fallback = Some(reply);
        self
    }

    /// Queues one more HTTP reply.
    pub fn push(&mut self, reply: HttpReply) {
        self.queue.push_back(Ok(reply));
    }

    /// Queues a transport failure (no HTTP answer arrived).
    pub fn push_transport_error(&mut self, code: ErrorCode, message: &str) {
        self.queue.push_back(Err(HostError::new(code, message)));
    }

    /// How many queued replies were not asked for.
    pub fn remaining(&self) -> usize {
        self.queue.len()
    }

    /// The `messages` array of request `index`.
    pub fn messages(&self, index: usize) -> &Vec<Value> {
        self.requests[index]["messages"]
            .as_array()
            .unwrap_or_else(|| panic!("request {index} has no messages array"))
    }
}

impl ModelClient for ScriptedModel {
    fn chat_completion(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        self.requests.push(body.clone());
        match (self.queue.pop_front(), &self.fallback) {
            (Some(reply), _) => reply,
            (None, Some(reply)) => Ok(reply.clone()),
            (None, None) => panic!(
                "ScriptedModel: no reply left for request {}",
                self.requests.len()
            ),
        }
    }
}

/// An HTTP 200 reply carrying `message`.
pub fn completion(message: &Value) -> HttpReply {
    http(200, &completion_body(message).to_string())
}

/// An HTTP 200 reply requesting `calls`.
pub fn tool_reply(calls: &[Value]) -> HttpReply {
    completion(&tool_message(calls))
}

/// An HTTP 200 reply with a plain answer.
pub fn text_reply(text: &str) -> HttpReply {
    completion(&text_message(text))
}

/// Any HTTP reply.
pub fn http(status: u16, body: &str) -> HttpReply {
    HttpReply::new(status, body)
}
