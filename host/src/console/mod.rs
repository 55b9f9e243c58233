//! The console: prints the core's events, styled only on a terminal, and a
//! spinner on standard error while the model is awaited.

mod lines;
mod preparing;
mod progress;
mod spinner;

pub use lines::print_line;
pub(crate) use lines::{errln, outln};
pub use preparing::Preparing;
pub use spinner::Spinner;

use std::io::IsTerminal;

use tidyup_core::visible::visible;
use tidyup_core::{Event, EventSink};

use crate::redact::{self, PieceScrubber};
use lines::write_out;
use progress::BulkProgress;

/// Prints events: errors on standard error, everything else on standard
/// output. Usage lines only on a terminal with colours allowed, or on
/// standard error for `tidyup ask`. Registered keys are masked in all of it.
#[derive(Debug, Clone)]
pub struct Console {
    stdout_styled: bool,
    stderr_styled: bool,
    usage_on_stderr: bool,
    /// Streamed text left the cursor mid-line.
    mid_line: bool,
    /// The streamed answer's pieces, a key cut between two held back.
    answer_pieces: PieceScrubber,
    /// The bar of a bulk move in progress (terminals only).
    progress: BulkProgress,
}

impl Console {
    /// A console that styles a stream only when it is a terminal and
    /// `NO_COLOR` is unset.
    pub fn detect() -> Self {
        let colour_allowed = colour_allowed();
        Self {
            stdout_styled: colour_allowed && std::io::stdout().is_terminal(),
            stderr_styled: colour_allowed && std::io::stderr().is_terminal(),
            usage_on_stderr: false,
            mid_line: false,
            answer_pieces: PieceScrubber::default(),
            progress: BulkProgress::new(colour_allowed && std::io::stderr().is_terminal()),
        }
    }

    /// The same console printing usage lines on standard error, also when
    /// piped (`tidyup ask`: standard output carries the answer alone).
    pub fn with_usage_on_stderr(mut self) -> Self {
        self.usage_on_stderr = true;
        self
    }
}

/// Whether escape sequences may be written: `NO_COLOR` is unset and the
/// console understands them (on Windows, once virtual-terminal processing
/// is switched on; a console that refuses it gets plain text).
pub(crate) fn colour_allowed() -> bool {
    static ANSI: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
        && *ANSI.get_or_init(|| anstyle_query::windows::enable_ansi_colors().unwrap_or(true))
}

pub(crate) const DIM: &str = "\x1b[2m";
const BOLD: &str = "\x1b[1m";
const RED: &str = "\x1b[31m";
const YELLOW: &str = "\x1b[33m";
pub(crate) const RESET: &str = "\x1b[0m";

impl EventSink for Console {
    fn emit(&mut self, event: Event) {
        if let Event::Progress { done, total, text } = &event {
            return self.progress.update(*done, *total, text);
        }
        self.progress.finish();
        let secrets = redact::registered();
        if !matches!(event, Event::AnswerDelta { .. }) {
            // The streamed answer is over: what was held back can show.
            let held = self.answer_pieces.finish(&secrets);
            if !held.is_empty() {
                write_out(false, &visible(&held));
            }
        }
        let was_mid_line = std::mem::replace(
            &mut self.mid_line,
            matches!(event, Event::AnswerDelta { .. }),
        );
        if was_mid_line
            && !matches!(
                event,
                Event::AnswerDelta { .. } | Event::Answer { streamed: true, .. }
            )
        {
            // Something else interrupts a streamed answer (a cancel, an error).
            write_out(false, "\n");
        }
        let (style, to_stderr, line_end) = match &event {
            Event::Started { .. } => (BOLD, false, true),
            Event::Tool { .. } => (DIM, false, true),
            Event::AnswerDelta { .. } => ("", false, false),
            Event::Answer { streamed: true, .. } => {
                // Its text is already on screen: end the line.
                return write_out(false, "\n");
            }
            Event::Answer { .. } => ("", false, true),
            Event::Usage { .. } if self.usage_on_stderr => (DIM, true, true),
            Event::Usage { .. } if !self.stdout_styled => return,
            Event::Usage { .. } => (DIM, false, true),
            Event::Notice { .. } => (YELLOW, false, true),
            Event::Error { .. } => (RED, true, true),
            Event::Progress { .. } => return,
        };
        let text = if let Event::AnswerDelta { text } = &event {
            self.answer_pieces.push(&secrets, text)
        } else {
            redact::scrub_with(&secrets, event.text()).into_owned()
        };
        // File names, contents and the model's words reach this line: a
        // terminal must not obey what they hold.
        let text = visible(&text).into_owned();
        let styled = if to_stderr {
            self.stderr_styled
        } else {
            self.stdout_styled
        };
        let mut line = if styled && !style.is_empty() {
            format!("{style}{text}{RESET}")
        } else {
            text
        };
        if line_end {
            line.push('\n');
        }
        write_out(to_stderr, &line);
    }
}
