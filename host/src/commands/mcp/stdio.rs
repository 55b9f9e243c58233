//! The connection's standard input/output as an MCP transport: rmcp's line
//! transport, with a limit on one message that the client hears of.
//!
//! rmcp drops a line longer than its limit without holding it, and says
//! nothing to the client, which then waits for an answer that never comes.
//! Here the same bytes pass a counter on their way in: it sees the line
//! pass the same limit, and the client gets an Invalid Request error saying
//! the limit (under the request's id when the line's first bytes name it);
//! the next line is read as usual.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use crate::words::mcp as texts;
use rmcp::RoleServer;
use rmcp::model::{ErrorData, JsonRpcMessage, RequestId};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::transport::async_rw::AsyncRwTransport;
use serde::de::{IgnoredAny, MapAccess, Visitor};
use tidyup_core::Lang;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::mpsc;

/// The most bytes of one message (one line, its line break included).
pub const MAX_MESSAGE_MIB: usize = 16;
const MAX_MESSAGE_BYTES: usize = MAX_MESSAGE_MIB << 20;

/// How many first bytes of a line are kept to find its id.
const HEAD_BYTES: usize = 4096;

/// rmcp's line transport over `read` and `write`, answering a message over
/// [`MAX_MESSAGE_MIB`] with an error in `lang`.
pub struct BoundedLines<R, W>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite,
{
    lines: AsyncRwTransport<RoleServer, Counted<R>, W>,
    /// The id (when found) of each line over the limit.
    oversized: mpsc::UnboundedReceiver<Option<RequestId>>,
    lang: Lang,
}

impl<R, W> BoundedLines<R, W>
where
    R: AsyncRead + Send + Unpin,
    W: AsyncWrite + Send + Unpin + 'static,
{
    /// The transport of one connection.
    pub fn new(read: R, write: W, lang: Lang) -> Self {
        let (tell, oversized) = mpsc::unbounded_channel();
        let counted = Counted {
            inner: read,
            line: 0,
            head: Vec::new(),
            told: false,
            tell,
        };
        Self {
            lines: AsyncRwTransport::new(counted, write).with_max_line_length(MAX_MESSAGE_BYTES),
            oversized,
            lang,
        }
    }

    /// The error answering a message over the limit.
    fn refusal(&self, id: Option<RequestId>) -> TxJsonRpcMessage<RoleServer> {
        let why = texts::message_too_large(self.lang, MAX_MESSAGE_MIB);
        JsonRpcMessage::error(ErrorData::invalid_request(why, None), id)
    }

    /// Answers every line over the limit seen so far; `false` when the
    /// client can no longer be written to.
    async fn answer_oversized(&mut self) -> bool {
        while let Ok(id) = self.oversized.try_recv() {
            let refusal = self.refusal(id);
            if self.lines.send(refusal).await.is_err() {
                return false;
            }
        }
        true
    }
}

impl<R, W> Transport<RoleServer> for BoundedLines<R, W>
where
    R: AsyncRead + Send + Unpin,
    W: AsyncWrite + Send + Unpin + 'static,
{
    type Error = io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.lines.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            tokio::select! {
                biased;
                Some(id) = self.oversized.recv() => {
                    let refusal = self.refusal(id);
                    if self.lines.send(refusal).await.is_err() {
                        return None;
                    }
                }
                message = self.lines.receive() => {
                    // Lines over the limit read on the way are answered
                    // first; at the end of input too.
                    if !self.answer_oversized().await {
                        return None;
                    }
                    return message;
                }
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.lines.close().await
    }
}

/// The input, passed on unchanged, with the bytes of the current line
/// counted as rmcp counts them: a line passes the limit once its bytes so
/// far (its line break included) are more than [`MAX_MESSAGE_BYTES`].
struct Counted<R> {
    inner: R,
    /// Bytes of the current line so far.
    line: usize,
    /// Its first [`HEAD_BYTES`] bytes.
    head: Vec<u8>,
    /// Whether the current line was told as over the limit.
    told: bool,
    tell: mpsc::UnboundedSender<Option<RequestId>>,
}

impl<R> Counted<R> {
    fn count(&mut self, bytes: &[u8]) {
        let mut rest = bytes;
        while !rest.is_empty() {
            let end = rest.iter().position(|&b| b == b'\n');
            let piece = &rest[..end.map_or(rest.len(), |i| i + 1)];
            let room = HEAD_BYTES.saturating_sub(self.head.len()).min(piece.len());
            self.head.extend_from_slice(&piece[..room]);
            self.line = self.line.saturating_add(piece.len());
            if self.line > MAX_MESSAGE_BYTES && !self.told {
                self.told = true;
                // The receiver lives as long as the transport reading here.
                let _ = self.tell.send(id_in_head(&self.head));
            }
            if end.is_some() {
                self.line = 0;
                self.head.clear();
                self.told = false;
            }
            rest = &rest[piece.len()..];
        }
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for Counted<R> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = polled {
            self.count(&buf.filled()[before..]);
        }
        polled
    }
}

/// The `id` of a JSON-RPC object from the first bytes of its text, when it
/// comes before they end (it usually comes first).
fn id_in_head(head: &[u8]) -> Option<RequestId> {
    /// Reads an object's entries up to `id`, and keeps its value.
    struct Seek<'a>(&'a mut Option<RequestId>);

    impl<'de> Visitor<'de> for Seek<'_> {
        type Value = ();

        fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            formatter.write_str("a JSON-RPC object")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            while let Some(key) = map.next_key::<String>()? {
                if key == "id" {
                    *self.0 = map.next_value::<Option<RequestId>>()?;
                    return Ok(());
                }
                map.next_value::<IgnoredAny>()?;
            }
            Ok(())
        }
    }

    let mut id = None;
    let mut reader = serde_json::Deserializer::from_slice(head);
    // The text is cut short: the error at its end comes after the id.
    let _ = serde::Deserializer::deserialize_map(&mut reader, Seek(&mut id));
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_id_is_found_in_the_first_bytes() {
        let id = |text: &str| id_in_head(text.as_bytes());
        assert_eq!(
            id(r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"a":"xxx"#),
            Some(RequestId::Number(7))
        );
        assert_eq!(
            id(r#"{"method":"x","id":"abc","params":[1,2"#),
            Some(RequestId::String("abc".into()))
        );
        assert_eq!(id(r#"{"method":"x","params":{"id":3,"#), None);
        assert_eq!(id("[1,2,3"), None);
        assert_eq!(id(""), None);
    }
}
