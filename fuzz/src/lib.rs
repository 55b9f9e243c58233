//! What the fuzz targets share: a model client answering from the fuzzer's
//! bytes, an event sink that drops everything, and the contents reader run
//! on one input both whole and as a head and a tail with a gap.

use serde_json::Value;
use tidyup_core::{
    DEFAULT_EXCERPT_CHARS, Event, EventSink, FileBytes, HostError, HttpReply, ModelClient,
};

/// Drops every event.
pub struct NoEvents;

impl EventSink for NoEvents {
    fn emit(&mut self, _event: Event) {}
}

/// A model that gives one reply, then, when it streams, the stream's
/// pieces in order.
pub struct OneReply {
    reply: Option<HttpReply>,
    pieces: std::vec::IntoIter<String>,
}

impl OneReply {
    /// A model giving `reply` once, and `pieces` as its stream.
    pub fn new(reply: HttpReply, pieces: Vec<String>) -> Self {
        Self {
            reply: Some(reply),
            pieces: pieces.into_iter(),
        }
    }
}

impl ModelClient for OneReply {
    fn chat_completion(&mut self, _body: &Value) -> Result<HttpReply, HostError> {
        self.reply
            .take()
            .ok_or_else(|| HostError::new(tidyup_core::ErrorCode::Transport, "no more replies"))
    }

    fn read_stream(&mut self) -> Result<Option<String>, HostError> {
        Ok(self.pieces.next())
    }
}

/// Cuts `text` into pieces whose lengths cycle through `sizes` (each at
/// least 1), never inside a character.
pub fn pieces(text: &str, sizes: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    let mut i = 0;
    while !rest.is_empty() {
        let want = sizes
            .get(i % sizes.len().max(1))
            .map_or(64, |&n| usize::from(n).max(1));
        let mut cut = want.min(rest.len());
        while !rest.is_char_boundary(cut) {
            cut += 1;
        }
        out.push(rest[..cut].to_owned());
        rest = &rest[cut..];
        i += 1;
    }
    out
}

/// Reads `data` as a file, whole and then as the host sees a large file: a
/// head, a tail and an unread gap between them (sizes derived from the
/// length, so a crash reproduces from the bytes alone).
pub fn read_contents(data: &[u8]) {
    let whole = FileBytes {
        name: "input",
        head: data,
        tail: &[],
        size: data.len() as u64,
    };
    let _ = tidyup_core::read_contents(&whole, DEFAULT_EXCERPT_CHARS);
    if data.len() >= 8 {
        let head_len = data.len() * 2 / 3;
        let tail_len = data.len() - head_len;
        let sparse = FileBytes {
            name: "input",
            head: &data[..head_len],
            tail: &data[head_len..],
            size: (data.len() + tail_len * 3) as u64,
        };
        let _ = tidyup_core::read_contents(&sparse, 200);
    }
}

/// `data` starting with `magic`: as it is when it already does, else with
/// `magic` put before it (so a mutated seed keeps reaching its parser).
pub fn with_magic(magic: &[u8], data: &[u8]) -> Vec<u8> {
    if data.starts_with(magic) {
        data.to_vec()
    } else {
        [magic, data].concat()
    }
}
