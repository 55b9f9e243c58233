//! A scripted mock chat-completions provider on 127.0.0.1 and the replies
//! it gives.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

use crate::replies::{completion_body, text_message, tool_message};

/// The path prefix of the mock provider: the version segment every
/// chat-completions base URL ends with.
pub const API_PREFIX: &str = "/v1";

/// One request the mock provider received.
#[derive(Debug, Clone)]
pub struct Recorded {
    /// The request path, e.g. `/v1/chat/completions`.
    pub path: String,
    /// The `Authorization` header, if any.
    pub authorization: Option<String>,
    /// The `Content-Type` header, if any.
    pub content_type: Option<String>,
    /// The body parsed as JSON (`Value::Null` when it was not JSON).
    pub body: Value,
    /// The raw body text.
    pub raw_body: String,
}

impl Recorded {
    /// The `messages` array of the body.
    pub fn messages(&self) -> &Vec<Value> {
        self.body["messages"]
            .as_array()
            .unwrap_or_else(|| panic!("request without a messages array: {}", self.raw_body))
    }

    /// The content of the last message, which after a tool round is the
    /// last tool result.
    pub fn last_content(&self) -> &str {
        let last = self.messages().last().expect("empty messages");
        last["content"].as_str().unwrap_or_default()
    }

    /// The contents of the trailing run of `tool` messages, in order: the
    /// results of the tool calls of the previous reply.
    pub fn trailing_tool_results(&self) -> Vec<String> {
        let mut results: Vec<String> = self
            .messages()
            .iter()
            .rev()
            .take_while(|message| message["role"] == "tool")
            .map(|message| message["content"].as_str().unwrap_or_default().to_owned())
            .collect();
        results.reverse();
        results
    }
}

/// What the mock state holds: the canned replies still to give, the reply
/// given once they run out, and every request seen.
#[derive(Default)]
struct Script {
    replies: VecDeque<ResponseTemplate>,
    when_empty: Option<ResponseTemplate>,
    requests: Vec<Recorded>,
}

/// The `wiremock::Respond` impl: records each request and pops the next reply.
#[derive(Clone)]
struct Scripted(Arc<Mutex<Script>>);

impl Respond for Scripted {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let header = |name: &str| {
            request
                .headers
                .get(name)
                .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned())
        };
        let raw_body = String::from_utf8_lossy(&request.body).into_owned();
        let recorded = Recorded {
            path: request.url.path().to_owned(),
            authorization: header("authorization"),
            content_type: header("content-type"),
            body: serde_json::from_str(&raw_body).unwrap_or(Value::Null),
            raw_body,
        };
        let mut script = self.0.lock().expect("mock script lock");
        script.requests.push(recorded);
        script
            .replies
            .pop_front()
            .or_else(|| script.when_empty.clone())
            .unwrap_or_else(|| error_reply(599, "mock script exhausted: no reply left"))
    }
}

/// A mock chat-completions provider on 127.0.0.1 answering
/// `POST /v1/chat/completions` from a script. Any other path gets a 404.
pub struct MockProvider {
    server: MockServer,
    script: Arc<Mutex<Script>>,
}

impl MockProvider {
    /// Starts a provider that gives `replies` in order, then a 599 error
    /// ("mock script exhausted") for any further request.
    pub async fn start(replies: Vec<ResponseTemplate>) -> Self {
        Self::start_with(replies, None).await
    }

    /// Starts a provider that gives `reply` to every request.
    pub async fn always(reply: ResponseTemplate) -> Self {
        Self::start_with(Vec::new(), Some(reply)).await
    }

    async fn start_with(
        replies: Vec<ResponseTemplate>,
        when_empty: Option<ResponseTemplate>,
    ) -> Self {
        let server = MockServer::start().await;
        let script = Arc::new(Mutex::new(Script {
            replies: replies.into(),
            when_empty,
            requests: Vec::new(),
        }));
        Mock::given(method("POST"))
            .and(path(format!("{API_PREFIX}/chat/completions")))
            .respond_with(Scripted(Arc::clone(&script)))
            .mount(&server)
            .await;
        Self { server, script }
    }

    /// The base URL to give tidyup, e.g. `http://127.0.0.1:PORT/v1`.
    pub fn base_url(&self) -> String {
        format!("{}{API_PREFIX}", self.server.uri())
    }

    /// Every chat-completions request received so far, in order.
    pub fn requests(&self) -> Vec<Recorded> {
        self.script
            .lock()
            .expect("mock script lock")
            .requests
            .clone()
    }

    /// How many scripted replies were not used.
    pub fn unused_replies(&self) -> usize {
        self.script.lock().expect("mock script lock").replies.len()
    }
}

/// A 200 reply carrying the assistant `message` as is.
pub fn message_reply(message: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(completion_body(&message))
}

/// A 200 reply asking for the tool `calls`.
pub fn tool_reply(calls: impl Into<Vec<Value>>) -> ResponseTemplate {
    message_reply(tool_message(calls))
}

/// A 200 reply with a plain text answer.
pub fn text_reply(text: &str) -> ResponseTemplate {
    message_reply(text_message(text))
}

/// An error reply `{"error": {"message": MESSAGE}}` with `status`.
pub fn error_reply(status: u16, message: &str) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_json(json!({
        "error": { "message": message, "type": "test_error", "code": null },
    }))
}
