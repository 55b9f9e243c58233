//! The console: prints the core's events, styled only on a terminal.

use std::io::{IsTerminal, Write};

use tidyup_core::{Event, EventSink};

/// Prints events: errors on standard error, everything else on standard output.
#[derive(Debug, Clone, Copy)]
pub struct Console {
    stdout_styled: bool,
    stderr_styled: bool,
}

impl Console {
    /// A console that styles a stream only when it is a terminal and
    /// `NO_COLOR` is unset.
    pub fn detect() -> Self {
        let colour_allowed = std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty());
        Self {
            stdout_styled: colour_allowed && std::io::stdout().is_terminal(),
            stderr_styled: colour_allowed && std::io::stderr().is_terminal(),
        }
    }

    /// Whether standard output is styled (a terminal, colours allowed).
    pub fn is_interactive(&self) -> bool {
        self.stdout_styled
    }
}

const DIM: &str = "\x1b[2m";
const BOLD: &str = "\x1b[1m";
const RED: &str = "\x1b[31m";
const YELLOW: &str = "\x1b[33m";
const RESET: &str = "\x1b[0m";

impl EventSink for Console {
    fn emit(&mut self, event: Event) {
        let (style, to_stderr) = match &event {
            Event::Started { .. } => (BOLD, false),
            Event::Tool { .. } => (DIM, false),
            Event::Answer { .. } => ("", false),
            Event::Notice { .. } => (YELLOW, false),
            Event::Error { .. } => (RED, true),
        };
        let text = event.text();
        let styled = if to_stderr {
            self.stderr_styled
        } else {
            self.stdout_styled
        };
        let line = if styled && !style.is_empty() {
            format!("{style}{text}{RESET}\n")
        } else {
            format!("{text}\n")
        };
        // A closed stdout/stderr (e.g. `| head`) must not crash tidyup.
        let _ = if to_stderr {
            std::io::stderr().lock().write_all(line.as_bytes())
        } else {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(line.as_bytes())
                .and_then(|()| stdout.flush())
        };
    }
}
