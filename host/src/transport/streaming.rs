//! Streamed replies on the host side: the host only moves bytes. A 2xx
//! `text/event-stream` answer is handed to the core piece by piece (as
//! UTF-8 text, never cut inside a character); the core parses the events.
//! The host only counts the bytes of the event being received, so that no
//! single event passes the reply size limit.

use std::future::Future;
use std::pin::Pin;

use tidyup_core::{HostError, HttpReply};

/// What a streamed request opened.
pub enum Opened {
    /// A whole answer (an error status, or a provider that does not stream).
    Whole(HttpReply),
    /// An event stream to read.
    Streaming(Box<dyn ChunkSource>),
}

/// A boxed future of a streamed request's opening.
pub type OpenFuture = Pin<Box<dyn Future<Output = Result<Opened, HostError>> + Send>>;

/// A boxed future of the next piece of a stream.
pub type ChunkFuture<'a> =
    Pin<Box<dyn Future<Output = Result<Option<String>, HostError>> + Send + 'a>>;

/// The pieces of an open stream.
pub trait ChunkSource: Send {
    /// The next piece of text, `None` at the end.
    fn next_chunk(&mut self) -> ChunkFuture<'_>;
}

/// Turns byte pieces into text pieces, holding back an incomplete
/// character until its remaining bytes arrive.
#[derive(Debug, Default)]
pub struct Utf8Pieces {
    pending: Vec<u8>,
}

impl Utf8Pieces {
    /// Adds bytes; returns the text that is complete so far.
    pub fn push(&mut self, bytes: &[u8]) -> String {
        self.pending.extend_from_slice(bytes);
        let complete = match std::str::from_utf8(&self.pending) {
            Ok(_) => self.pending.len(),
            // An invalid sequence (not just a cut one) is passed on, replaced.
            Err(err) if err.error_len().is_some() => self.pending.len(),
            Err(err) => err.valid_up_to(),
        };
        let text: Vec<u8> = self.pending.drain(..complete).collect();
        String::from_utf8_lossy(&text).into_owned()
    }

    /// Whatever is left at the end of the stream.
    pub fn finish(&mut self) -> String {
        let rest = std::mem::take(&mut self.pending);
        String::from_utf8_lossy(&rest).into_owned()
    }
}

/// Counts the bytes of the server-sent event being received (since the
/// last blank line), in one pass over each piece.
#[derive(Debug)]
pub struct EventSize {
    /// Bytes of the event so far, line breaks excluded.
    event: u64,
    /// Bytes of its current line, line breaks excluded.
    line: u64,
    /// The most bytes one event may have.
    limit: u64,
}

impl EventSize {
    /// A counter refusing events of more than `limit` bytes.
    pub fn new(limit: u64) -> Self {
        Self {
            event: 0,
            line: 0,
            limit,
        }
    }

    /// The most bytes one event may have.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Counts `bytes`; `false` once the event being received passes the limit.
    pub fn admit(&mut self, bytes: &[u8]) -> bool {
        for &byte in bytes {
            match byte {
                b'\n' if self.line == 0 => self.event = 0,
                b'\n' => self.line = 0,
                b'\r' => {}
                _ => {
                    self.line += 1;
                    self.event += 1;
                    if self.event > self.limit {
                        return false;
                    }
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{EventSize, Utf8Pieces};

    #[test]
    fn an_event_is_counted_until_its_blank_line() {
        let mut size = EventSize::new(12);
        assert!(size.admit(b"data: 1234\r\n"));
        assert!(size.admit(b"\r\ndata: 12345"));
        assert!(!size.admit(b"6789"), "one event of more than 12 bytes");
        let mut size = EventSize::new(12);
        for _ in 0..100 {
            assert!(size.admit(b"data: 1\n\n"), "many small events");
        }
    }

    #[test]
    fn characters_are_never_cut() {
        let bytes = "整理 ok".as_bytes();
        let mut pieces = Utf8Pieces::default();
        let mut text = String::new();
        for byte in bytes {
            text.push_str(&pieces.push(std::slice::from_ref(byte)));
        }
        text.push_str(&pieces.finish());
        assert_eq!(text, "整理 ok");
        assert_eq!(pieces.push(&[0xE6, 0x95]), "");
        assert_eq!(pieces.finish(), "\u{FFFD}");
    }
}
