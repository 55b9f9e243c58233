//! The chat-completion HTTP call: reqwest on tokio, with the key kept here.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, HeaderValue};
use serde_json::Value;
use tidyup_core::{HostError, HttpReply};

/// A boxed future of one model call's answer.
pub type ReplyFuture = Pin<Box<dyn Future<Output = Result<HttpReply, HostError>> + Send>>;

/// Sends chat-completion request bodies somewhere and returns the HTTP answer.
pub trait ChatTransport: Send + Sync {
    /// Posts `body`; `Ok` for any HTTP answer, `Err` when none arrived.
    fn post(&self, body: Value) -> ReplyFuture;
}

/// How long to wait to connect, and for a whole reply.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);
const REPLY_TIMEOUT: Duration = Duration::from_secs(600);

/// A provider reached over HTTP(S) at `{base_url}/chat/completions`.
pub struct HttpTransport {
    client: reqwest::Client,
    url: String,
    authorization: HeaderValue,
}

impl HttpTransport {
    /// A transport for one provider. The key goes only into a sensitive
    /// `Authorization` header, never into logs or errors.
    pub fn new(base_url: &str, api_key: &str) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(REPLY_TIMEOUT)
            .user_agent(concat!("tidyup/", env!("CARGO_PKG_VERSION")))
            .build()?;
        let mut authorization =
            HeaderValue::from_str(&format!("Bearer {api_key}")).map_err(|_| {
                anyhow::anyhow!("the API key contains characters not allowed in a header")
            })?;
        authorization.set_sensitive(true);
        Ok(Self {
            client,
            url: chat_completions_url(base_url),
            authorization,
        })
    }
}

/// `{base}/chat/completions`, with or without a trailing slash on `base`.
pub fn chat_completions_url(base_url: &str) -> String {
    format!("{}/chat/completions", base_url.trim_end_matches('/'))
}

impl ChatTransport for HttpTransport {
    fn post(&self, body: Value) -> ReplyFuture {
        let request = self
            .client
            .post(&self.url)
            .header(AUTHORIZATION, self.authorization.clone())
            .header(CONTENT_TYPE, "application/json")
            .json(&body);
        Box::pin(async move {
            let response = request.send().await.map_err(|err| transport_error(&err))?;
            let status = response.status().as_u16();
            let body = response.text().await.map_err(|err| transport_error(&err))?;
            Ok(HttpReply { status, body })
        })
    }
}

/// A [`HostError`] naming the kind of failure, with the whole cause chain.
fn transport_error(err: &reqwest::Error) -> HostError {
    let code = if err.is_connect() {
        "connect"
    } else if err.is_timeout() {
        "timeout"
    } else {
        "transport"
    };
    let mut message = err.to_string();
    let mut source = std::error::Error::source(err);
    while let Some(cause) = source {
        let text = cause.to_string();
        if !message.contains(&text) {
            message.push_str(": ");
            message.push_str(&text);
        }
        source = cause.source();
    }
    HostError::new(code, message)
}

/// The transport of a session with no model service (the core's offline
/// planner answers instead): every call fails plainly.
pub struct NoTransport;

impl ChatTransport for NoTransport {
    fn post(&self, _body: Value) -> ReplyFuture {
        Box::pin(async {
            Err(HostError::new(
                "no_provider",
                "no chat-completions service is configured",
            ))
        })
    }
}
