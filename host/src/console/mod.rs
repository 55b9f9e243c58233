//! The console: prints the core's events, styled only on a terminal, and a
//! spinner on standard error while the model is awaited.

mod activity;
mod lines;
mod markdown;
mod pager;
mod preparing;
mod progress;
mod spinner;

pub use lines::print_line;
pub(crate) use lines::{errln, outln};
pub use preparing::Preparing;
pub use spinner::Spinner;

use std::io::IsTerminal;

use tidyup_core::{Event, EventSink, Lang, visible};

use crate::redact::{self, PieceScrubber};
use activity::{Activity, Shown, ToolCall};
use lines::{draw_live, end_live, write_out};
use markdown::Markdown;
use progress::BulkProgress;

/// Prints events: errors on standard error, everything else on standard
/// output. Usage lines only on a terminal with colours allowed, or on
/// standard error for `tidyup ask`. A page (a whole plan, on `show`) goes
/// through the pager when standard output is a terminal. Registered keys
/// are masked in all of it.
#[derive(Debug, Clone)]
pub struct Console {
    stdout_styled: bool,
    stderr_styled: bool,
    /// Standard output is a terminal: long texts go through the pager.
    stdout_terminal: bool,
    usage_on_stderr: bool,
    /// Streamed text left the cursor mid-line.
    mid_line: bool,
    /// The streamed answer's pieces, a key cut between two held back.
    answer_pieces: PieceScrubber,
    /// The bar of a bulk move in progress (terminals only).
    progress: BulkProgress,
    /// The people's view of tool calls, when standard output is a
    /// terminal and `--verbose` was not given; `None` prints the spec's
    /// `[tool]` lines.
    activity: Option<Activity>,
    /// Whether the live line may be redrawn in place (escape sequences
    /// understood); otherwise only its finished text shows.
    redraw: bool,
    /// Renders the model's Markdown (standard output a terminal); `None`
    /// prints its text as it is.
    markdown: Option<Markdown>,
}

impl Console {
    /// A console that styles a stream only when it is a terminal and
    /// `NO_COLOR` is unset.
    pub fn detect() -> Self {
        let colour_allowed = colour_allowed();
        Self {
            stdout_styled: colour_allowed && std::io::stdout().is_terminal(),
            stderr_styled: colour_allowed && std::io::stderr().is_terminal(),
            stdout_terminal: std::io::stdout().is_terminal(),
            usage_on_stderr: false,
            mid_line: false,
            answer_pieces: PieceScrubber::default(),
            progress: BulkProgress::new(colour_allowed && std::io::stderr().is_terminal()),
            activity: None,
            redraw: false,
            markdown: None,
        }
    }

    /// The same console printing usage lines on standard error, also when
    /// piped (`tidyup ask`: standard output carries the answer alone).
    pub fn with_usage_on_stderr(mut self) -> Self {
        self.usage_on_stderr = true;
        self
    }

    /// The same console rendering the answers' Markdown when `enabled`
    /// (a model writes them) and standard output is a terminal.
    pub fn with_markdown(mut self, enabled: bool) -> Self {
        if enabled && std::io::stdout().is_terminal() {
            self.markdown = Some(Markdown::new(self.stdout_styled));
        }
        self
    }

    /// A piece of a streamed answer as it shows: rendered line by line
    /// with Markdown, else as it is.
    fn answer_piece(&mut self, text: &str) -> String {
        match self.markdown.as_mut() {
            Some(markdown) => markdown.push(text),
            None => text.to_owned(),
        }
    }

    /// The rest of a streamed answer held by the Markdown renderer.
    fn answer_rest(&mut self) -> String {
        self.markdown
            .as_mut()
            .map(Markdown::finish)
            .unwrap_or_default()
    }

    /// The same console showing tool calls for people, in `lang`, when
    /// standard output is a terminal and not `verbose`; in a dry run
    /// (`dry_run`) changes are worded as what would be done.
    pub fn with_people_view(mut self, lang: Lang, verbose: bool, dry_run: bool) -> Self {
        self.progress = std::mem::take(&mut self.progress).in_lang(lang);
        if !verbose && std::io::stdout().is_terminal() {
            self.activity = Some(Activity::new(lang).in_dry_run(dry_run));
            self.redraw = anstyle_query::windows::enable_ansi_colors().unwrap_or(true);
        }
        self
    }

    /// Shows a tool event in the people's view.
    fn show_tool(&mut self, activity_call: &ToolCall<'_>) {
        let Some(activity) = self.activity.as_mut() else {
            return;
        };
        let secrets = redact::registered();
        let clean = |text: &str| visible(&redact::scrub_with(&secrets, text)).into_owned();
        let styled = |style: &str, text: String| {
            if self.stdout_styled {
                format!("{style}{text}{RESET}")
            } else {
                text
            }
        };
        match activity.tool(activity_call) {
            Shown::Live { live, done, fresh } => {
                if fresh {
                    end_live();
                }
                let done = styled(DIM, clean(&done));
                if self.redraw {
                    let live = fit_width(&clean(&live));
                    draw_live(&styled(DIM, live), done);
                } else {
                    end_live();
                    // No redrawing: the finished line shows once the run ends.
                    draw_live("", done);
                }
            }
            Shown::Line(text) => {
                end_live();
                write_out(false, &format!("{}\n", styled(DIM, clean(&text))));
            }
            Shown::Failure(text) => {
                end_live();
                write_out(false, &format!("{}\n", styled(RED, clean(&text))));
            }
            Shown::Nothing => {}
        }
    }
}

/// `text` cut to one row of the terminal (wide characters count twice),
/// so redrawing in place never leaves a wrapped row behind.
fn fit_width(text: &str) -> String {
    use unicode_width::UnicodeWidthChar;
    let columns = terminal_size::terminal_size()
        .map_or(80, |(width, _)| usize::from(width.0))
        .saturating_sub(1)
        .max(10);
    let mut used = 0;
    let mut cut = String::new();
    for c in text.chars() {
        let width = c.width().unwrap_or(0);
        if used + width > columns.saturating_sub(1) {
            cut.push('…');
            return cut;
        }
        used += width;
        cut.push(c);
    }
    cut
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
        if let Event::Tool {
            name,
            result,
            failed,
            subject,
            destination,
            items,
            not_found,
            not_run,
            ..
        } = &event
            && self.activity.is_some()
        {
            self.progress.finish();
            return self.show_tool(&ToolCall {
                name,
                result,
                failed: *failed,
                subject: subject.as_deref(),
                destination: destination.as_deref(),
                items: *items,
                not_found: *not_found,
                not_run: *not_run,
            });
        }
        end_live();
        if let Some(activity) = self.activity.as_mut() {
            if let Event::Started { target_dir, .. } = &event {
                activity.set_target(target_dir);
            } else {
                activity.end_run();
            }
        }
        if let Event::Progress { done, total, text } = &event {
            return self.progress.update(*done, *total, text);
        }
        self.progress.finish();
        let secrets = redact::registered();
        if !matches!(event, Event::AnswerDelta { .. }) {
            // The streamed answer is over: what was held back can show.
            let held = self.answer_pieces.finish(&secrets);
            if !held.is_empty() {
                let held = self.answer_piece(&visible(&held));
                write_out(false, &held);
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
            let rest = self.answer_rest();
            write_out(false, &format!("{rest}\n"));
        }
        let (style, to_stderr, line_end) = match &event {
            Event::Started { .. } => (BOLD, false, true),
            Event::Tool { .. } => (DIM, false, true),
            Event::AnswerDelta { .. } => ("", false, false),
            Event::Answer { streamed: true, .. } => {
                // Its text is already on screen (but a last line the
                // renderer holds): end the line.
                let rest = self.answer_rest();
                return write_out(false, &format!("{rest}\n"));
            }
            Event::Answer { .. } => ("", false, true),
            Event::Usage { .. } if self.usage_on_stderr => (DIM, true, true),
            Event::Usage { .. } if !self.stdout_styled => return,
            Event::Usage { .. } => (DIM, false, true),
            Event::Notice { .. } => (YELLOW, false, true),
            Event::Error { .. } => (RED, true, true),
            Event::Progress { .. } => return,
            Event::Page { .. } => ("", false, true),
        };
        let text = if let Event::AnswerDelta { text } = &event {
            self.answer_pieces.push(&secrets, text)
        } else {
            redact::scrub_with(&secrets, event.text()).into_owned()
        };
        // File names, contents and the model's words reach this line: a
        // terminal must not obey what they hold. (The Markdown renderer
        // spells out again what its parser decodes, such as `&#27;`.)
        let text = visible(&text).into_owned();
        let text = match (&event, self.markdown.as_mut()) {
            (Event::AnswerDelta { .. }, Some(markdown)) => markdown.push(&text),
            (Event::Answer { .. }, Some(markdown)) => markdown.render(&text),
            _ => text,
        };
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
        if matches!(event, Event::Page { .. }) && self.stdout_terminal {
            return pager::page(&line);
        }
        if line_end {
            line.push('\n');
        }
        write_out(to_stderr, &line);
    }
}
