//! One streamed try: the events parsed as they arrive, their deltas
//! assembled, the answer's text shown as it comes.

use serde_json::Value;

use super::{Answered, CallSettings, TryFailure, assembled_holds_answer, oversize, whole};
use crate::body::RequestBody;
use crate::model_failure::ModelFailure;
use crate::ports::{Event, EventSink, HttpReply, ModelClient};
use crate::protocol::read_completion_value;
use crate::sse::{Assembler, ChunkError, SseParser};
use crate::texts::Lang;

/// One streamed try. A stream without any chat-completion chunk (garbage,
/// no event at all) is read as its first event would be as a whole body:
/// the same bytes fail, or answer, the same way however they arrive.
pub(super) fn try_streamed(
    body: &RequestBody,
    settings: &CallSettings,
    model: &mut dyn ModelClient,
    events: &mut dyn EventSink,
    lang: Lang,
) -> Result<Answered, TryFailure> {
    let opened = model
        .post_stream(body)
        .map_err(|err| TryFailure::from_host(err, false, settings, lang))?;
    if !opened.streaming {
        // The provider answered whole (an error, or no streaming support).
        return whole(&opened, settings, lang);
    }
    let mut reading = StreamReading::new(settings);
    while !reading.finished {
        let piece = model
            .read_stream()
            .map_err(|err| TryFailure::from_host(err, reading.shown, settings, lang))?;
        let data_lines = match piece {
            Some(text) => reading
                .parser
                .feed(&text)
                .map_err(|_| TryFailure::too_large(reading.shown, settings, lang))?,
            None => {
                reading.finished = true;
                reading.parser.finish().into_iter().collect()
            }
        };
        for data in data_lines {
            reading.take(data, settings, events, lang)?;
        }
    }
    reading.finish(settings, lang)
}

/// A streamed answer being read: its events parsed, its deltas assembled.
struct StreamReading {
    parser: SseParser,
    assembler: Assembler,
    /// Whether answer text was shown as it arrived.
    shown: bool,
    /// Whether the stream ended or said `[DONE]`.
    finished: bool,
    /// The first event, kept while no delta arrived: a stream without
    /// deltas is read as that event would be as a whole body.
    first_event: Option<String>,
}

impl StreamReading {
    fn new(settings: &CallSettings) -> Self {
        let limit = usize::try_from(settings.max_reply_bytes).unwrap_or(usize::MAX);
        Self {
            parser: SseParser::with_limit(limit),
            assembler: Assembler::with_limit(limit),
            shown: false,
            finished: false,
            first_event: None,
        }
    }

    /// Takes one event's data: `[DONE]` ends the stream, a chunk's deltas
    /// are assembled and its text shown; data that is not JSON is skipped.
    fn take(
        &mut self,
        data: String,
        settings: &CallSettings,
        events: &mut dyn EventSink,
        lang: Lang,
    ) -> Result<(), TryFailure> {
        if data.trim() == "[DONE]" {
            self.finished = true;
            return Ok(());
        }
        if let Some((kind, _)) = oversize(&data, settings) {
            return Err(TryFailure::oversize(kind, self.shown, settings, lang));
        }
        let chunk = serde_json::from_str::<Value>(&data);
        if !self.assembler.has_deltas() && self.first_event.is_none() {
            self.first_event = Some(data);
        }
        let Ok(chunk) = chunk else {
            return Ok(());
        };
        let shown = self.shown;
        let news = self.assembler.push(&chunk).map_err(|err| match err {
            ChunkError::Provider(cause) => {
                let failure = ModelFailure::provider_said(cause.clone());
                TryFailure::fatal(cause, failure, shown)
            }
            ChunkError::TooLarge => TryFailure::too_large(shown, settings, lang),
        })?;
        if self.assembler.has_deltas() {
            self.first_event = None;
        }
        if !news.content.is_empty() {
            self.shown = true;
            events.emit(Event::AnswerDelta { text: news.content });
        }
        Ok(())
    }

    /// The answer the stream carried: its deltas assembled (carrying
    /// nothing is no answer), or, with no delta, its first event read as a
    /// whole body.
    fn finish(self, settings: &CallSettings, lang: Lang) -> Result<Answered, TryFailure> {
        let shown = self.shown;
        if !self.assembler.has_deltas() {
            let body = self.first_event.unwrap_or_default();
            return whole(&HttpReply::new(200, body), settings, lang);
        }
        let completion =
            read_completion_value(self.assembler.finish(), lang).map_err(|failure| TryFailure {
                failure,
                shown,
                cancelled: false,
            })?;
        assembled_holds_answer(Answered { completion, shown }, lang)
    }
}
