//! The chat-completion HTTP call: reqwest on tokio, with the key kept here.

use crate::words::FailuresWords;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use reqwest::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, HeaderValue, RETRY_AFTER};
use tidyup_core::{ErrorCode, HostError, HttpReply};

use super::streaming::{ChunkFuture, ChunkSource, EventSize, OpenFuture, Opened, Utf8Pieces};
use crate::cli::ProviderSettings;
use crate::failure::Failure;

/// A boxed future of one model call's answer.
pub type ReplyFuture = Pin<Box<dyn Future<Output = Result<HttpReply, HostError>> + Send>>;

/// Sends chat-completion request bodies somewhere and returns the HTTP answer.
pub trait ChatTransport: Send + Sync {
    /// Posts `body`, the request's JSON text as the core serialized it,
    /// sent as it is; `Ok` for any HTTP answer, `Err` when none arrived.
    fn post(&self, body: String) -> ReplyFuture;

    /// Posts a streamed request (`"stream": true` in `body`). Without
    /// streaming support the answer comes back whole, which the core reads
    /// like any reply.
    fn post_stream(&self, body: String) -> OpenFuture {
        let reply = self.post(body);
        Box::pin(async move { reply.await.map(Opened::Whole) })
    }
}

/// How long to wait: to connect, and between bytes of a reply (there is no
/// limit on a whole reply's time: a slow but steady streamed answer is not
/// cut); and how large a reply may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HttpOptions {
    /// Connecting (TCP and TLS).
    pub connect_timeout: Duration,
    /// Waiting for the reply's head, then for each next piece of its body.
    pub idle_timeout: Duration,
    /// The most bytes of a whole body, and of one event of a stream; the
    /// call fails with code `reply_too_large` beyond it, nothing more read
    /// (an error status's body is cut there instead).
    pub max_reply_bytes: u64,
}

impl Default for HttpOptions {
    fn default() -> Self {
        Self {
            connect_timeout: crate::cli::DEFAULT_CONNECT_TIMEOUT,
            idle_timeout: crate::cli::DEFAULT_IDLE_TIMEOUT,
            max_reply_bytes: tidyup_core::DEFAULT_MAX_REPLY_BYTES,
        }
    }
}

/// A provider reached over HTTP(S) at `{base_url}/chat/completions`.
pub struct HttpTransport {
    client: reqwest::Client,
    url: String,
    /// `None` for a keyless provider without a key: no header is sent.
    authorization: Option<HeaderValue>,
    max_reply_bytes: u64,
}

impl HttpTransport {
    /// The transport of resolved settings: their base address, key (none
    /// for a keyless provider without one) and timeouts.
    pub fn for_provider(settings: &ProviderSettings) -> anyhow::Result<Self> {
        Self::with_options(
            &settings.base_url,
            settings.api_key.as_deref(),
            HttpOptions {
                connect_timeout: settings.connect_timeout,
                idle_timeout: settings.idle_timeout,
                max_reply_bytes: settings.max_reply_bytes,
            },
        )
    }

    /// A transport for one provider. The key, when there is one, goes only
    /// into a sensitive `Authorization` header, never into logs or errors;
    /// without one no `Authorization` header is sent.
    pub fn with_options(
        base_url: &str,
        api_key: Option<&str>,
        options: HttpOptions,
    ) -> anyhow::Result<Self> {
        // rustls' crypto is ring's (see Cargo.toml), the process's default
        // from the first client on; a second install changes nothing.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut builder = reqwest::Client::builder()
            .connect_timeout(options.connect_timeout)
            .read_timeout(options.idle_timeout)
            .user_agent(concat!("tidyup/", env!("CARGO_PKG_VERSION")));
        if is_plain_http(base_url) {
            // A server spoken to without TLS (a local one, mostly) needs no
            // certificate: the system's are not loaded, which is most of
            // what building a client costs.
            builder = builder.tls_certs_only(Vec::new());
        }
        let client = builder.build()?;
        let authorization = match api_key {
            Some(api_key) => {
                let mut value = HeaderValue::from_str(&format!("Bearer {api_key}"))
                    .map_err(|_| anyhow::Error::new(Failure::KeyNotHeaderSafe))?;
                value.set_sensitive(true);
                Some(value)
            }
            None => None,
        };
        Ok(Self {
            client,
            url: chat_completions_url(base_url),
            authorization,
            max_reply_bytes: options.max_reply_bytes,
        })
    }
}

/// Whether `base_url` is reached without TLS (`http://`, in any case).
fn is_plain_http(base_url: &str) -> bool {
    base_url
        .get(..7)
        .is_some_and(|scheme| scheme.eq_ignore_ascii_case("http://"))
}

/// `{base}/chat/completions`, with or without a trailing slash on `base`.
pub fn chat_completions_url(base_url: &str) -> String {
    format!("{}/chat/completions", base_url.trim_end_matches('/'))
}

impl HttpTransport {
    /// The POST of `body` (JSON text, sent as it is) to the provider, with
    /// the key's header when there is a key; the caller may add headers
    /// (e.g. `Accept`) and sends it.
    pub fn request(&self, body: String) -> reqwest::RequestBuilder {
        let request = self
            .client
            .post(&self.url)
            .header(CONTENT_TYPE, "application/json")
            .body(body);
        match &self.authorization {
            Some(authorization) => request.header(AUTHORIZATION, authorization.clone()),
            None => request,
        }
    }
}

impl ChatTransport for HttpTransport {
    fn post(&self, body: String) -> ReplyFuture {
        let request = self.request(body);
        let limit = self.max_reply_bytes;
        Box::pin(async move {
            let response = request.send().await.map_err(|err| transport_error(&err))?;
            whole(response, limit).await
        })
    }

    fn post_stream(&self, body: String) -> OpenFuture {
        let request = self.request(body).header(ACCEPT, "text/event-stream");
        let limit = self.max_reply_bytes;
        Box::pin(async move {
            let response = request.send().await.map_err(|err| transport_error(&err))?;
            let is_event_stream = response
                .headers()
                .get(CONTENT_TYPE)
                .and_then(|value| value.to_str().ok())
                .is_some_and(|value| value.starts_with("text/event-stream"));
            if response.status().is_success() && is_event_stream {
                Ok(Opened::Streaming(Box::new(ResponseChunks {
                    response,
                    text: Utf8Pieces::default(),
                    event: EventSize::new(limit),
                })))
            } else {
                whole(response, limit).await.map(Opened::Whole)
            }
        })
    }
}

/// Reads a whole answer of at most `limit` bytes, with its `Retry-After`
/// (in seconds) when given. The status decides what a larger one is: a
/// success is refused as soon as that is known (from its `Content-Length`,
/// or once `limit` bytes were read); an error keeps its first `limit`
/// bytes, the rest left unread, and fails as its status says.
async fn whole(mut response: reqwest::Response, limit: u64) -> Result<HttpReply, HostError> {
    let status = response.status();
    let retry_after = response
        .headers()
        .get(RETRY_AFTER)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<f64>().ok());
    if status.is_success()
        && response
            .content_length()
            .is_some_and(|length| length > limit)
    {
        return Err(reply_too_large(limit));
    }
    let limit_bytes = usize::try_from(limit).unwrap_or(usize::MAX);
    let mut body = Vec::new();
    while let Some(bytes) = response
        .chunk()
        .await
        .map_err(|err| transport_error(&err))?
    {
        if body.len().saturating_add(bytes.len()) > limit_bytes {
            if status.is_success() {
                return Err(reply_too_large(limit));
            }
            let room = limit_bytes - body.len();
            body.extend_from_slice(&bytes[..room]);
            break;
        }
        body.extend_from_slice(&bytes);
    }
    let status = status.as_u16();
    Ok(HttpReply {
        retry_after,
        ..HttpReply::new(status, String::from_utf8_lossy(&body).into_owned())
    })
}

/// The error of a reply passing the size limit; the core words it.
fn reply_too_large(limit: u64) -> HostError {
    HostError::new(
        ErrorCode::ReplyTooLarge,
        format!("reply too large (more than {limit} bytes)"),
    )
}

/// The body of an event-stream answer, piece by piece, as text; no event
/// may pass the size limit.
struct ResponseChunks {
    response: reqwest::Response,
    text: Utf8Pieces,
    event: EventSize,
}

impl ChunkSource for ResponseChunks {
    fn next_chunk(&mut self) -> ChunkFuture<'_> {
        Box::pin(async move {
            loop {
                match self
                    .response
                    .chunk()
                    .await
                    .map_err(|err| transport_error(&err))?
                {
                    Some(bytes) => {
                        if !self.event.admit(&bytes) {
                            return Err(reply_too_large(self.event.limit()));
                        }
                        let text = self.text.push(&bytes);
                        if !text.is_empty() {
                            return Ok(Some(text));
                        }
                    }
                    None => {
                        let rest = self.text.finish();
                        return Ok((!rest.is_empty()).then_some(rest));
                    }
                }
            }
        })
    }
}

/// A [`HostError`] naming the kind of failure, with the whole cause chain
/// and, when the service was not reached or did not answer, what to check.
fn transport_error(err: &reqwest::Error) -> HostError {
    let code = if err.is_connect() {
        ErrorCode::Connect
    } else if err.is_timeout() {
        ErrorCode::Timeout
    } else {
        ErrorCode::Transport
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
    // After the cause, what a person can check, in the process's language.
    let lang = crate::failure::spoken();
    let message = if code == ErrorCode::Connect {
        lang.cannot_connect(&message)
    } else if code == ErrorCode::Timeout {
        lang.no_answer_in_time(&message)
    } else {
        message
    };
    HostError::new(code, message)
}

/// The transport of a session with no model service (the core's offline
/// planner answers instead): every call fails plainly.
pub struct NoTransport;

impl ChatTransport for NoTransport {
    fn post(&self, _body: String) -> ReplyFuture {
        Box::pin(async {
            Err(HostError::new(
                ErrorCode::NoProvider,
                "no chat-completions service is configured",
            ))
        })
    }
}
