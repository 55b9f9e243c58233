//! An event sink that keeps what the core shows.

use tidyup_core::{Event, EventSink};

/// An [`EventSink`] that keeps every event.
#[derive(Debug, Default, Clone)]
pub struct Recorder {
    /// The events, in order, but for usage lines.
    pub events: Vec<Event>,
    /// The usage events, apart: most tests compare the others whole.
    pub usage: Vec<Event>,
    /// The progress events of bulk tools, apart too.
    pub progress: Vec<Event>,
}

impl Recorder {
    /// The console texts of the events.
    pub fn texts(&self) -> Vec<String> {
        self.events.iter().map(|e| e.text().to_owned()).collect()
    }

    /// The tool events as `(name, result)`.
    pub fn tools(&self) -> Vec<(String, String)> {
        self.tool_events()
            .into_iter()
            .map(|(name, result, _)| (name, result))
            .collect()
    }

    /// The tool events as `(name, result, console line)`.
    pub fn tool_events(&self) -> Vec<(String, String, String)> {
        self.events
            .iter()
            .filter_map(|event| match event {
                Event::Tool {
                    name, result, text, ..
                } => Some((name.clone(), result.clone(), text.clone())),
                Event::Started { .. }
                | Event::AnswerDelta { .. }
                | Event::Answer { .. }
                | Event::Usage { .. }
                | Event::Notice { .. }
                | Event::Error { .. }
                | Event::Progress { .. }
                | Event::Page { .. } => None,
            })
            .collect()
    }

    /// The texts of the plain answers.
    pub fn answers(&self) -> Vec<String> {
        self.events
            .iter()
            .filter_map(|event| match event {
                Event::Answer { text, .. } => Some(text.clone()),
                Event::Started { .. }
                | Event::Tool { .. }
                | Event::AnswerDelta { .. }
                | Event::Usage { .. }
                | Event::Notice { .. }
                | Event::Error { .. }
                | Event::Progress { .. }
                | Event::Page { .. } => None,
            })
            .collect()
    }

    /// The texts of the pages (whole plans shown on `show`).
    pub fn pages(&self) -> Vec<String> {
        self.events
            .iter()
            .filter_map(|event| match event {
                Event::Page { text } => Some(text.clone()),
                Event::Started { .. }
                | Event::Tool { .. }
                | Event::AnswerDelta { .. }
                | Event::Answer { .. }
                | Event::Usage { .. }
                | Event::Notice { .. }
                | Event::Error { .. }
                | Event::Progress { .. } => None,
            })
            .collect()
    }

    /// Forgets the events recorded so far.
    pub fn clear(&mut self) {
        self.events.clear();
        self.usage.clear();
        self.progress.clear();
    }
}

impl EventSink for Recorder {
    fn emit(&mut self, event: Event) {
        match event {
            Event::Usage { .. } => self.usage.push(event),
            Event::Progress { .. } => self.progress.push(event),
            Event::Started { .. }
            | Event::Tool { .. }
            | Event::AnswerDelta { .. }
            | Event::Answer { .. }
            | Event::Notice { .. }
            | Event::Error { .. }
            | Event::Page { .. } => self.events.push(event),
        }
    }
}
