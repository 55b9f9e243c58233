//! Streamed replies: server-sent events in, one assistant message out.
//!
//! [`SseParser`] cuts the byte stream into `data:` payloads, in time linear
//! in the bytes received and refusing an event larger than its limit;
//! [`Assembler`] folds the chunks' deltas into exactly the message a
//! non-streamed reply would have carried: content and
//! `reasoning_content`/`reasoning` text concatenated, tool calls assembled by
//! `index` (falling back to `id`, with missing ids generated; entries that
//! are not objects are dropped, as in a whole reply), any other delta field
//! kept, and `finish_reason` and `usage` taken from the chunks that carry
//! them. The assembled text is bounded by the same limit.

use serde_json::{Map, Value, json};

/// A reply (one event, or the text assembled from a stream) passed the
/// size limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplyTooLarge;

/// Splits server-sent events into the payloads of their `data:` lines.
#[derive(Debug)]
pub struct SseParser {
    /// The line being received (no line break in it yet).
    pending: String,
    /// How far `pending` was already searched for a line break.
    scanned: usize,
    /// The data lines of the event being received.
    data: Vec<String>,
    /// Their total length in bytes.
    data_bytes: usize,
    /// The most bytes one event may hold.
    limit: usize,
}

impl Default for SseParser {
    fn default() -> Self {
        Self::with_limit(usize::MAX)
    }
}

impl SseParser {
    /// A parser refusing any event of more than `limit` bytes.
    pub fn with_limit(limit: usize) -> Self {
        Self {
            pending: String::new(),
            scanned: 0,
            data: Vec::new(),
            data_bytes: 0,
            limit,
        }
    }

    /// Feeds a piece of the stream; returns the events it completed, or
    /// [`ReplyTooLarge`] once the event being received passes the limit.
    /// Each byte is searched once, however the stream is cut into pieces.
    pub fn feed(&mut self, text: &str) -> Result<Vec<String>, ReplyTooLarge> {
        self.pending.push_str(text);
        let mut events = Vec::new();
        let mut start = 0;
        while let Some(found) = self.pending[self.scanned..].find('\n') {
            let end = self.scanned + found;
            let line = self.pending[start..end].trim_end_matches('\r');
            if line.is_empty() {
                if !self.data.is_empty() {
                    events.push(self.data.join("\n"));
                    self.data.clear();
                    self.data_bytes = 0;
                }
            } else if let Some(data) = line.strip_prefix("data:") {
                let data = data.strip_prefix(' ').unwrap_or(data);
                self.data_bytes += data.len();
                self.data.push(data.to_owned());
            }
            // Comments (":...") and other fields (event:, id:, retry:) are ignored.
            start = end + 1;
            self.scanned = start;
        }
        self.pending.drain(..start);
        self.scanned = self.pending.len();
        if self.pending.len().saturating_add(self.data_bytes) > self.limit {
            return Err(ReplyTooLarge);
        }
        Ok(events)
    }

    /// The last event, when the stream ended without a blank line.
    pub fn finish(&mut self) -> Option<String> {
        let rest = std::mem::take(&mut self.pending);
        self.scanned = 0;
        let rest = rest.trim_end_matches(['\n', '\r']);
        if let Some(data) = rest.strip_prefix("data:") {
            self.data
                .push(data.strip_prefix(' ').unwrap_or(data).to_owned());
        }
        self.data_bytes = 0;
        (!self.data.is_empty()).then(|| std::mem::take(&mut self.data).join("\n"))
    }
}

/// What each tool call and each other delta field costs the assembled
/// message beyond its text, counted against the limit (so a stream of
/// countless empty calls is bounded too).
const ENTRY_COST: usize = 64;

/// Why a chunk ended the stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChunkError {
    /// The provider sent an `error` object; its text.
    Provider(String),
    /// The assembled text passed the size limit.
    TooLarge,
}

/// What one chunk contributed, for the caller to show.
#[derive(Debug, Default, PartialEq)]
pub struct ChunkNews {
    /// Answer text that arrived with this chunk.
    pub content: String,
}

/// One tool call being assembled.
#[derive(Debug, Default)]
struct PartialCall {
    index: Option<u64>,
    id: Option<String>,
    kind: Option<String>,
    name: String,
    arguments: String,
}

/// Folds streamed chunks into one assistant message.
#[derive(Debug)]
pub struct Assembler {
    fields: Map<String, Value>,
    content: Option<String>,
    reasoning: Map<String, Value>,
    calls: Vec<PartialCall>,
    finish_reason: Option<String>,
    usage: Option<Value>,
    chunk_meta: Map<String, Value>,
    /// Chunks that carried a `delta` object.
    deltas: usize,
    /// Bytes assembled so far: content, reasoning, names, arguments, and
    /// [`ENTRY_COST`] per call and per other field.
    text_bytes: usize,
    /// The most text bytes the message may hold.
    limit: usize,
}

impl Default for Assembler {
    fn default() -> Self {
        Self::with_limit(usize::MAX)
    }
}

impl Assembler {
    /// An assembler refusing to hold more than `limit` bytes of text.
    pub fn with_limit(limit: usize) -> Self {
        Self {
            fields: Map::new(),
            content: None,
            reasoning: Map::new(),
            calls: Vec::new(),
            finish_reason: None,
            usage: None,
            chunk_meta: Map::new(),
            deltas: 0,
            text_bytes: 0,
            limit,
        }
    }

    /// Whether any chunk carried a `delta`: without one, the stream held no
    /// chat-completion chunk at all.
    pub fn has_deltas(&self) -> bool {
        self.deltas > 0
    }

    /// Folds one chunk (a `chat.completion.chunk` object) in. An `error`
    /// object in the stream is returned as the error's text.
    pub fn push(&mut self, chunk: &Value) -> Result<ChunkNews, ChunkError> {
        if let Some(error) = chunk.get("error").filter(|e| !e.is_null()) {
            return Err(ChunkError::Provider(
                error
                    .get("message")
                    .and_then(Value::as_str)
                    .map_or_else(|| error.to_string(), str::to_owned),
            ));
        }
        for key in ["id", "model", "created"] {
            if let Some(value) = chunk.get(key) {
                self.chunk_meta.entry(key).or_insert_with(|| value.clone());
            }
        }
        if let Some(usage) = chunk.get("usage").filter(|u| !u.is_null()) {
            self.usage = Some(usage.clone());
        }
        let mut news = ChunkNews::default();
        let Some(choice) = chunk
            .get("choices")
            .and_then(Value::as_array)
            .and_then(|c| c.first())
        else {
            return Ok(news);
        };
        if let Some(reason) = choice.get("finish_reason").and_then(Value::as_str) {
            self.finish_reason = Some(reason.to_owned());
        }
        let Some(delta) = choice.get("delta").and_then(Value::as_object) else {
            return Ok(news);
        };
        self.deltas += 1;
        for (key, value) in delta {
            self.push_delta_field(key, value, &mut news);
        }
        if self.text_bytes > self.limit {
            return Err(ChunkError::TooLarge);
        }
        Ok(news)
    }

    /// Folds one field of a delta in; new answer text also goes to `news`.
    fn push_delta_field(&mut self, key: &str, value: &Value, news: &mut ChunkNews) {
        match (key, value) {
            ("role", _) | (_, Value::Null) => {}
            ("content", Value::String(text)) => {
                self.text_bytes += text.len();
                self.content.get_or_insert_with(String::new).push_str(text);
                news.content.push_str(text);
            }
            ("reasoning_content" | "reasoning", Value::String(text)) => {
                self.text_bytes += text.len();
                let entry = self
                    .reasoning
                    .entry(key.to_owned())
                    .or_insert_with(|| Value::String(String::new()));
                if let Value::String(so_far) = entry {
                    so_far.push_str(text);
                }
            }
            ("tool_calls", Value::Array(calls)) => {
                calls.iter().for_each(|call| self.push_call(call))
            }
            (_, other) => {
                if !self.fields.contains_key(key) {
                    self.text_bytes += key.len() + ENTRY_COST;
                }
                self.fields.insert(key.to_owned(), other.clone());
            }
        }
    }

    fn push_call(&mut self, delta: &Value) {
        if !delta.is_object() {
            // As in a whole reply: an entry that is not an object is no call.
            return;
        }
        let index = delta.get("index").and_then(Value::as_u64);
        let id = delta.get("id").and_then(Value::as_str);
        let position = self
            .calls
            .iter()
            .position(|call| match (index, id, call.index, &call.id) {
                (Some(i), _, Some(j), _) => i == j,
                (None, Some(id), _, Some(known)) => id == known,
                _ => false,
            });
        let position = position.unwrap_or_else(|| {
            self.text_bytes += ENTRY_COST;
            self.calls.push(PartialCall {
                index,
                ..PartialCall::default()
            });
            self.calls.len() - 1
        });
        let call = &mut self.calls[position];
        if let Some(id) = id.filter(|id| !id.is_empty()) {
            call.id = Some(id.to_owned());
        }
        if let Some(kind) = delta.get("type").and_then(Value::as_str) {
            call.kind = Some(kind.to_owned());
        }
        let function = delta.get("function");
        if let Some(name) = function.and_then(|f| f.get("name")).and_then(Value::as_str) {
            call.name.push_str(name);
            self.text_bytes += name.len();
        }
        if let Some(arguments) = function
            .and_then(|f| f.get("arguments"))
            .and_then(Value::as_str)
        {
            call.arguments.push_str(arguments);
            self.text_bytes += arguments.len();
        }
    }

    /// The whole reply as a chat completion, as if it had not been streamed.
    pub fn finish(self) -> Value {
        let mut message = Map::new();
        message.insert("role".into(), Value::String("assistant".into()));
        message.insert(
            "content".into(),
            self.content.map_or(Value::Null, Value::String),
        );
        message.extend(self.reasoning);
        message.extend(self.fields);
        if !self.calls.is_empty() {
            let calls: Vec<Value> = self
                .calls
                .into_iter()
                .enumerate()
                .map(|(i, call)| {
                    json!({
                        "id": call.id.unwrap_or_else(|| format!("call_{i}")),
                        "type": call.kind.unwrap_or_else(|| "function".to_owned()),
                        "function": { "name": call.name, "arguments": call.arguments },
                    })
                })
                .collect();
            message.insert("tool_calls".into(), Value::Array(calls));
        }
        let mut completion = self.chunk_meta;
        completion.insert("object".into(), Value::String("chat.completion".into()));
        completion.insert(
            "choices".into(),
            json!([{ "index": 0, "message": message, "finish_reason": self.finish_reason }]),
        );
        if let Some(usage) = self.usage {
            completion.insert("usage".into(), usage);
        }
        Value::Object(completion)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_split_across_pieces_and_lines() {
        let mut parser = SseParser::default();
        assert_eq!(parser.feed("data: {\"a\""), Ok(Vec::new()));
        assert_eq!(
            parser.feed(":1}\n\n: keep-alive\n\ndata: [DONE]\r\n\r\n"),
            Ok(vec!["{\"a\":1}".to_owned(), "[DONE]".to_owned()])
        );
        assert_eq!(parser.feed("data: tail"), Ok(Vec::new()));
        assert_eq!(parser.finish().as_deref(), Some("tail"));
    }

    #[test]
    fn many_lines_in_one_piece_and_one_line_in_many_pieces() {
        let mut parser = SseParser::default();
        let piece: String = (0..1000).map(|i| format!("data: {i}\n\n")).collect();
        let events = parser.feed(&piece).unwrap();
        assert_eq!(events.len(), 1000);
        assert_eq!(events[999], "999");
        for _ in 0..100 {
            assert_eq!(parser.feed("data: x"), Ok(Vec::new()));
        }
        assert_eq!(parser.feed("\n\n").unwrap().len(), 1);
    }

    #[test]
    fn an_event_over_the_limit_is_refused() {
        let mut parser = SseParser::with_limit(10);
        assert_eq!(parser.feed("data: 12345\n"), Ok(Vec::new()));
        assert_eq!(parser.feed("data: 678901\n"), Err(ReplyTooLarge));
        let mut parser = SseParser::with_limit(10);
        assert_eq!(parser.feed("data: 1234567890"), Err(ReplyTooLarge));
        let mut parser = SseParser::with_limit(10);
        assert_eq!(
            parser.feed("data: 12345\n\ndata: 67890\n\n").unwrap().len(),
            2
        );
    }

    #[test]
    fn deltas_become_the_message_a_whole_reply_would_carry() {
        let chunks = [
            json!({"id": "c1", "model": "m", "choices": [{"index": 0, "delta": {"role": "assistant", "content": "", "reasoning_content": "think"}}]}),
            json!({"choices": [{"index": 0, "delta": {"reasoning_content": "ing", "tool_calls": [{"index": 0, "id": "t1", "type": "function", "function": {"name": "list_", "arguments": "{\"pa"}}]}}]}),
            json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"name": "files", "arguments": "th\":\".\"}"}}, {"index": 1, "function": {"name": "get_file_type", "arguments": "{}"}}]}}]}),
            json!({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}),
            json!({"choices": [], "usage": {"prompt_tokens": 3, "completion_tokens": 4, "total_tokens": 7}}),
        ];
        let mut assembler = Assembler::default();
        for chunk in &chunks {
            assembler.push(chunk).unwrap();
        }
        assert_eq!(
            assembler.finish(),
            json!({
                "id": "c1", "model": "m", "object": "chat.completion",
                "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                    "role": "assistant", "content": "", "reasoning_content": "thinking",
                    "tool_calls": [
                        {"id": "t1", "type": "function", "function": {"name": "list_files", "arguments": "{\"path\":\".\"}"}},
                        {"id": "call_1", "type": "function", "function": {"name": "get_file_type", "arguments": "{}"}},
                    ]}}],
                "usage": {"prompt_tokens": 3, "completion_tokens": 4, "total_tokens": 7},
            })
        );
    }

    #[test]
    fn calls_without_index_are_matched_by_id_and_errors_surface() {
        let mut assembler = Assembler::default();
        assembler.push(&json!({"choices": [{"delta": {"tool_calls": [42, {"id": "a", "function": {"name": "x", "arguments": "{"}}]}}]})).unwrap();
        assembler.push(&json!({"choices": [{"delta": {"tool_calls": [{"id": "a", "function": {"arguments": "}"}}]}}]})).unwrap();
        let done = assembler.finish();
        assert_eq!(
            done["choices"][0]["message"]["tool_calls"],
            json!([{"id": "a", "type": "function", "function": {"name": "x", "arguments": "{}"}}])
        );
        let mut failing = Assembler::default();
        assert_eq!(
            failing.push(&json!({"error": {"message": "overloaded"}})),
            Err(ChunkError::Provider("overloaded".to_owned()))
        );
        let mut small = Assembler::with_limit(4);
        let text = |t: &str| json!({"choices": [{"delta": {"content": t}}]});
        assert!(small.push(&text("abcd")).is_ok());
        assert_eq!(small.push(&text("e")), Err(ChunkError::TooLarge));
    }
}
