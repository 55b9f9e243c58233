//! What the core wants shown to the user.

use serde::{Deserialize, Serialize};

use crate::model_failure::ModelFailure;

/// Something the user should see, with the exact console text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// The session started on a target directory.
    Started {
        /// The target directory.
        target_dir: String,
        /// The start message.
        text: String,
    },
    /// A tool ran.
    Tool {
        /// The tool's name.
        name: String,
        /// Its full result text (the history keeps the same).
        result: String,
        /// Whether the tool failed or did not run (its result says why).
        #[serde(default)]
        failed: bool,
        /// The one console line: name and result cut to 100 characters.
        text: String,
        /// What the call was about, for views that sum calls up: the file
        /// or folder its arguments name (`path`, `source`, `filename`),
        /// resolved against the target directory. Absent when it names none
        /// (and from older cores).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        subject: Option<String>,
        /// Where the call puts its subject (its `destination`), resolved
        /// likewise; absent when it names none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        destination: Option<String>,
        /// How many items the call reported (the entries of a listing),
        /// when it counts any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        items: Option<u64>,
        /// Whether the call failed only because its subject is not there
        /// (a listing of a folder a plan has yet to create).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        not_found: bool,
        /// Whether the call was not run because the user stopped the turn
        /// (its result says so; the turn's stop line counts what it left).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        not_run: bool,
    },
    /// A piece of the model's answer as it streams in (no line break).
    AnswerDelta {
        /// The new text.
        text: String,
    },
    /// The model's plain answer. When `streamed`, its text was already
    /// shown piece by piece and only the line ends here.
    Answer {
        /// The answer text.
        text: String,
        /// Whether the text arrived as [`Event::AnswerDelta`]s.
        #[serde(default)]
        streamed: bool,
    },
    /// The token usage of a turn (terminals show it dimmed).
    Usage {
        /// Tokens sent.
        prompt_tokens: u64,
        /// Tokens received.
        completion_tokens: u64,
        /// Their sum, as billed.
        total_tokens: u64,
        /// The line to show.
        text: String,
    },
    /// A notice, such as the round limit.
    Notice {
        /// The notice text.
        text: String,
    },
    /// An error, such as a failed model call; shown on standard error.
    Error {
        /// The error line.
        text: String,
        /// What failed, as data, when a model call failed: a host words
        /// it for its own audience from this, never from `text`. Absent
        /// for other errors (and from older cores).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        failure: Option<ModelFailure>,
    },
    /// How far a long tool (a bulk move) has come; terminals show a bar,
    /// other consoles nothing.
    Progress {
        /// Items done so far.
        done: u64,
        /// Items in all.
        total: u64,
        /// What is being done, in the session's language (`Moving files`).
        text: String,
    },
    /// A long text to read at leisure, such as a whole plan (`show`):
    /// terminals page it, other consoles print it as it is.
    Page {
        /// The text, lines separated by `\n`.
        text: String,
    },
}

impl Event {
    /// The console text of the event.
    pub fn text(&self) -> &str {
        match self {
            Event::Started { text, .. }
            | Event::Tool { text, .. }
            | Event::AnswerDelta { text }
            | Event::Answer { text, .. }
            | Event::Usage { text, .. }
            | Event::Notice { text }
            | Event::Error { text, .. }
            | Event::Progress { text, .. }
            | Event::Page { text } => text,
        }
    }
}
