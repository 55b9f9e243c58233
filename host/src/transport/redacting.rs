//! The transport wrapper that keeps the API key out of every reply: it
//! masks the key in whole bodies, in error messages and in streamed pieces
//! (holding back a tail that could be the start of a key cut between two
//! pieces), and registers it so the console masks it too.

use std::borrow::Cow;
use std::sync::Arc;

use tidyup_core::{HostError, HttpReply};

use super::http::{ChatTransport, ReplyFuture};
use super::streaming::{ChunkFuture, ChunkSource, OpenFuture, Opened};
use crate::redact::{PieceScrubber, Secret, register, scrub_with};

/// A [`ChatTransport`] that masks `secret` in everything the inner one
/// receives: bodies, streamed pieces and error messages.
pub struct RedactingTransport {
    inner: Arc<dyn ChatTransport>,
    secrets: Arc<[Secret]>,
}

impl RedactingTransport {
    /// `inner`, masking `secret` (also registered for the console).
    pub fn new(inner: Arc<dyn ChatTransport>, secret: &Secret) -> Self {
        register(secret);
        Self {
            inner,
            secrets: Arc::from(vec![secret.clone()]),
        }
    }
}

/// `inner` masking `key` in all it receives (and the console masking it
/// too), or `inner` as it is without a key.
pub fn protect(inner: Arc<dyn ChatTransport>, key: Option<&str>) -> Arc<dyn ChatTransport> {
    match key.and_then(Secret::new) {
        Some(secret) => Arc::new(RedactingTransport::new(inner, &secret)),
        None => inner,
    }
}

/// `reply` with its body masked.
fn scrub_reply(secrets: &[Secret], mut reply: HttpReply) -> HttpReply {
    if let Cow::Owned(body) = scrub_with(secrets, &reply.body) {
        reply.body = body;
    }
    reply
}

/// `error` with its words masked.
fn scrub_error(secrets: &[Secret], mut error: HostError) -> HostError {
    for said in [&mut error.path, &mut error.detail].into_iter().flatten() {
        if let Cow::Owned(scrubbed) = scrub_with(secrets, said) {
            *said = scrubbed;
        }
    }
    error
}

impl ChatTransport for RedactingTransport {
    fn post(&self, body: String) -> ReplyFuture {
        let reply = self.inner.post(body);
        let secrets = self.secrets.clone();
        Box::pin(async move {
            reply
                .await
                .map(|reply| scrub_reply(&secrets, reply))
                .map_err(|error| scrub_error(&secrets, error))
        })
    }

    fn post_stream(&self, body: String) -> OpenFuture {
        let opened = self.inner.post_stream(body);
        let secrets = self.secrets.clone();
        Box::pin(async move {
            match opened.await {
                Ok(Opened::Whole(reply)) => Ok(Opened::Whole(scrub_reply(&secrets, reply))),
                Ok(Opened::Streaming(source)) => Ok(Opened::Streaming(Box::new(RedactingChunks {
                    source,
                    secrets,
                    pieces: PieceScrubber::default(),
                    ended: false,
                }))),
                Err(error) => Err(scrub_error(&secrets, error)),
            }
        })
    }
}

/// The pieces of a stream with the key masked, even when cut between two.
struct RedactingChunks {
    source: Box<dyn ChunkSource>,
    secrets: Arc<[Secret]>,
    pieces: PieceScrubber,
    ended: bool,
}

impl ChunkSource for RedactingChunks {
    fn next_chunk(&mut self) -> ChunkFuture<'_> {
        Box::pin(async move {
            while !self.ended {
                match self.source.next_chunk().await {
                    Ok(Some(piece)) => {
                        let ready = self.pieces.push(&self.secrets, &piece);
                        if !ready.is_empty() {
                            return Ok(Some(ready));
                        }
                    }
                    Ok(None) => {
                        self.ended = true;
                        let rest = self.pieces.finish(&self.secrets);
                        if !rest.is_empty() {
                            return Ok(Some(rest));
                        }
                    }
                    Err(error) => return Err(scrub_error(&self.secrets, error)),
                }
            }
            Ok(None)
        })
    }
}
