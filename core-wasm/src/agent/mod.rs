//! The turn state machine.
//!
//! One user line is one turn: at most [`MAX_ROUNDS`] model calls; tool calls
//! of a reply run in order with one tool message each; a plain answer ends
//! the turn. A failed model call ends the turn with an error event and leaves
//! the history well-formed for the next line; a request too large for the
//! context budget rolls the line back to the last completed turn.

mod config;
mod review;

use std::ops::ControlFlow;

use serde_json::Value;

use crate::answer;
use crate::body::RequestBody;
use crate::budget::{self, Fit};
use crate::call::Answered;
use crate::model_failure::{FailureKind, ModelFailure};
use crate::ports::FileSystemExt;
use crate::ports::{Capabilities, Event, EventSink, Outcome};
use crate::protocol::{self, Message, Reply, ToolCall, Usage};
use crate::rules::Rules;
use crate::texts::Lang;
use crate::texts::prompt::bulk_prompt;
use crate::tools::{self, CallOutput, ToolContext, ToolOutput, ToolSet};

pub use config::AgentConfig;

/// Maximum model calls per user turn.
pub const MAX_ROUNDS: u32 = 15;

/// Characters of a tool result shown on its console line.
pub const TOOL_PREVIEW_CHARS: usize = 100;

/// A user line that is one of these words (ASCII letters in any case) ends
/// the session without a request.
pub const QUIT_WORDS: [&str; 4] = ["quit", "exit", "退出", "再见"];

/// One conversation with the model about one target directory.
#[derive(Debug, Clone)]
pub struct Agent {
    config: AgentConfig,
    history: Vec<Message>,
    /// The tools declared with the next request.
    tools: ToolSet,
    /// Whether the target's size was looked at (once, on the first line).
    target_checked: bool,
    /// The user's rules, parsed once from the config.
    rules: Option<Rules>,
}

impl Agent {
    /// A new conversation holding only the system prompt.
    pub fn new(config: AgentConfig) -> Self {
        let rules = config.parsed_rules();
        let tools = config.first_tools();
        let system = Message::System {
            content: config.system_message(tools, rules.as_ref()),
        };
        Self {
            config,
            history: vec![system],
            tools,
            target_checked: false,
            rules,
        }
    }

    /// The user's rules, when the config carries a rules file.
    pub fn rules(&self) -> Option<&Rules> {
        self.rules.as_ref()
    }

    /// The conversation a host kept (the history of a completed turn, as
    /// [`Agent::history`] gave it), taken up again with the same config:
    /// after the core stopped, the next line goes on from there. The state
    /// kept beside the history is derived from it: the target was looked at
    /// once a user line is in it, and the bulk tools are declared when the
    /// system message carries their advice.
    pub fn restore(config: AgentConfig, history: Vec<Message>) -> Result<Self, String> {
        let mut agent = Self::new(config);
        if !matches!(history.first(), Some(Message::System { .. })) {
            return Err("a history begins with the system message".to_owned());
        }
        let mut with_bulk = agent.clone();
        with_bulk.enable_bulk_tools();
        if history.first() == with_bulk.history.first() {
            agent = with_bulk;
        }
        agent.target_checked = history
            .iter()
            .any(|message| matches!(message, Message::User { .. }));
        agent.history = history;
        Ok(agent)
    }

    /// Declares the bulk tools from the next request on, and tells the
    /// model when to use them (the system message gains that advice).
    fn enable_bulk_tools(&mut self) {
        if self.tools.bulk {
            return;
        }
        self.tools.bulk = true;
        if let Some(Message::System { content }) = self.history.first_mut() {
            content.push_str("\n\n");
            content.push_str(&bulk_prompt(self.config.lang));
        }
    }

    /// A large target gets the bulk tools from its first request.
    fn check_target(&mut self, caps: &mut Capabilities<'_>) {
        if self.target_checked {
            return;
        }
        self.target_checked = true;
        let large = caps
            .files
            .count(&self.config.target_dir)
            .is_ok_and(|count| count > self.config.limits.tools.large_folder_entries);
        if large {
            self.enable_bulk_tools();
        }
    }

    /// The start event naming the target directory.
    pub fn started(&self) -> Event {
        Event::Started {
            target_dir: self.config.target_dir.clone(),
            text: self.config.lang.started(
                self.config
                    .target_name
                    .as_deref()
                    .unwrap_or(&self.config.target_dir),
                self.config.provider,
            ),
        }
    }

    /// What the agent was created with.
    pub fn config(&self) -> &AgentConfig {
        &self.config
    }

    /// The history as it would be sent with the next request.
    pub fn history(&self) -> &[Message] {
        &self.history
    }

    /// Runs one user line to its end.
    pub fn handle_line(&mut self, line: &str, caps: &mut Capabilities<'_>) -> Outcome {
        let line = line.trim();
        if line.is_empty() {
            return Outcome::Ignored;
        }
        if QUIT_WORDS
            .iter()
            .any(|word| line.eq_ignore_ascii_case(word))
        {
            return Outcome::Quit;
        }
        if let Some(reviewed) = self.review(line, caps) {
            return reviewed;
        }
        let completed = self.history.len();
        self.history.push(Message::User {
            content: line.to_owned(),
        });
        let lang = self.config.lang;
        self.check_target(caps);
        let mut usage = Usage::default();
        let outcome = match self.run_rounds(caps, &mut usage) {
            Ended::Turn(outcome) => outcome,
            Ended::OverBudget => {
                self.roll_back(completed, caps.events);
                Outcome::ModelFailed
            }
        };
        if usage.total_tokens > 0 {
            caps.events.emit(usage.event(lang));
        }
        outcome
    }

    /// Runs the user's go-ahead for the plan waiting, given as a command
    /// (a window's button) rather than typed: the model reads the
    /// go-ahead in the session's language as the user's line, and the
    /// client is told it is one ([`crate::ModelClient::go_ahead_given`]), so a
    /// client that authored the plan never has to recognise the words.
    pub fn handle_go_ahead(&mut self, caps: &mut Capabilities<'_>) -> Outcome {
        caps.model.go_ahead_given();
        let line = self.config.lang.go_ahead_line();
        self.handle_line(line, caps)
    }

    /// Drops what the line added after the first `completed` messages (the
    /// last completed turn), as a host does after the core stopped: a
    /// conversation too large for the budget would fail every later line.
    /// Changes the line made to files stay.
    fn roll_back(&mut self, completed: usize, events: &mut dyn EventSink) {
        self.history.truncate(completed);
        events.emit(Event::Notice {
            text: self.config.lang.line_rolled_back(),
        });
    }

    /// The model calls of one turn, at most [`MAX_ROUNDS`].
    fn run_rounds(&mut self, caps: &mut Capabilities<'_>, usage: &mut Usage) -> Ended {
        let mut round_start = self.history.len().saturating_sub(1);
        for _ in 0..MAX_ROUNDS {
            if let ControlFlow::Break(ended) = self.run_round(&mut round_start, caps, usage) {
                return ended;
            }
        }
        caps.events.emit(Event::Notice {
            text: self.config.lang.round_limit(MAX_ROUNDS),
        });
        Ended::Turn(Outcome::RoundLimit)
    }

    /// One model call and the tools it asks for; `Break` when the turn
    /// ends. `round_start` is where the latest round's messages begin (the
    /// context budget shortens those last).
    fn run_round(
        &mut self,
        round_start: &mut usize,
        caps: &mut Capabilities<'_>,
        usage: &mut Usage,
    ) -> ControlFlow<Ended> {
        let lang = self.config.lang;
        let declarations = tools::declarations_for(self.tools);
        let budget_tokens = match caps.model.reads_whole_conversation() {
            true => u64::MAX,
            false => self.config.limits.context_tokens,
        };
        let Some(body) =
            self.request_within_budget(&declarations, *round_start, budget_tokens, caps.events)
        else {
            return ControlFlow::Break(Ended::OverBudget);
        };
        *round_start = self.history.len();
        let Answered { completion, shown } =
            match answer::complete(body, &self.config.calls, caps.model, caps.events, lang) {
                Ok(answered) => answered,
                Err(Outcome::Cancelled) => {
                    return ControlFlow::Break(Ended::Turn(turn_cancelled(caps, lang)));
                }
                Err(ended) => return ControlFlow::Break(Ended::Turn(ended)),
            };
        *usage += completion.usage.unwrap_or_default();
        let truncated = completion.finish_reason.as_deref() == Some("length");
        let mut text = answer::reply_text(&completion.reply).to_owned();
        match completion.reply {
            Reply::Answer { mut message, .. } => {
                if !shown {
                    self.settle_plan(&mut message, &mut text, caps.files);
                }
                self.history.push(Message::Assistant(message));
                caps.events.emit(Event::Answer {
                    text,
                    streamed: shown,
                });
                ControlFlow::Break(Ended::Turn(Outcome::Answered))
            }
            Reply::ToolCalls { message, calls } => {
                if shown {
                    caps.events.emit(Event::Answer {
                        text,
                        streamed: true,
                    });
                }
                if let Some(least) = budget::reply_never_fits(&message, calls.len(), budget_tokens)
                {
                    // Resent unchanged, it could never fit: refused as a
                    // failed call before any of its calls runs, the line kept.
                    let cause = lang.reply_over_budget(calls.len(), least, budget_tokens);
                    let failure = ModelFailure::new(FailureKind::TooLong);
                    caps.events.emit(answer::failed(lang, &cause, failure));
                    return ControlFlow::Break(Ended::Turn(Outcome::ModelFailed));
                }
                self.history.push(Message::Assistant(message));
                match self.run_tools(calls, truncated, caps) {
                    Flow::Cancelled(files) if files.left > 0 => {
                        // Calls not run left files uncounted: the client
                        // that planned them may know how many.
                        let counted = files.moved + files.left;
                        let total = caps
                            .model
                            .planned_moves()
                            .map_or(counted, |planned| planned.max(counted));
                        caps.events.emit(Event::Notice {
                            text: lang.turn_stopped_after(files.moved, total),
                        });
                        ControlFlow::Break(Ended::Turn(Outcome::Cancelled))
                    }
                    Flow::Cancelled(_) => {
                        ControlFlow::Break(Ended::Turn(turn_cancelled(caps, lang)))
                    }
                    Flow::Continue => ControlFlow::Continue(()),
                }
            }
        }
    }

    /// The next request, with the oldest tool results giving way when it
    /// would pass the context budget (those from `keep_from` on, the latest
    /// round's, last, and then the user is told); `None` when it cannot
    /// fit, with the user told why.
    fn request_within_budget(
        &mut self,
        declarations: &Value,
        keep_from: usize,
        budget_tokens: u64,
        events: &mut dyn EventSink,
    ) -> Option<RequestBody> {
        let model = self.config.model.clone();
        let build = |history: &[Message]| protocol::build_request(&model, history, declarations);
        match budget::fit(
            &mut self.history,
            keep_from,
            budget_tokens,
            self.config.lang,
            build,
        ) {
            Fit::Fits {
                body, shortened, ..
            } => {
                if shortened > 0 {
                    // The latest round's results, from its assistant message on.
                    let results = (self.history.iter().skip(keep_from))
                        .filter(|message| matches!(message, Message::Tool { .. }))
                        .count();
                    let lang = self.config.lang;
                    events.emit(Event::Notice {
                        text: lang.results_shortened(shortened, results, budget_tokens),
                    });
                }
                Some(body)
            }
            Fit::TooLarge { estimate } => {
                let lang = self.config.lang;
                let cause = lang.over_budget(estimate, budget_tokens);
                let failure = ModelFailure::new(FailureKind::TooLong);
                events.emit(answer::failed(lang, &cause, failure));
                None
            }
        }
    }

    /// Runs a reply's tool calls in order, one tool message each. A reply
    /// cut off by the length limit runs none (its calls may be truncated):
    /// the model is told. The user's stop is asked between calls (and by
    /// the multi-file tools between files); after it, the remaining calls
    /// are answered as cancelled, so the history stays well-formed, and the
    /// files moved and left are counted for the user. The outputs of all the
    /// calls, with their data, are then handed to the model client.
    fn run_tools(
        &mut self,
        calls: Vec<ToolCall>,
        truncated: bool,
        caps: &mut Capabilities<'_>,
    ) -> Flow {
        let lang = self.config.lang;
        let mut cancelled = false;
        let mut files = FilesMoved::default();
        let mut met_large_folder = false;
        let mut outputs = Vec::new();
        // The folder the bulk moves of this reply work on, read once, and
        // every folder this reply's calls list, listed once.
        let mut memo = tools::FolderMemo::default();
        let mut listed = tools::ListingMemo::new(&mut *caps.files);
        for call in calls {
            if !cancelled && caps.model.cancelled() {
                cancelled = true;
            }
            let (subject, destination) =
                tools::subject_of(&call.name, &call.arguments, &self.config.target_dir);
            let (mut items, mut not_found) = (None, false);
            let not_run = cancelled;
            let output = match (cancelled, truncated) {
                (true, _) => {
                    if call.name == "move_file" {
                        files.left += 1;
                    }
                    ToolOutput::failed(lang.call_cancelled())
                }
                (false, true) => ToolOutput::failed(lang.call_truncated()),
                (false, false) => {
                    let model = &mut *caps.model;
                    let mut asked = || model.cancelled();
                    let mut ctx = ToolContext::new(&mut listed, &self.config.target_dir, lang)
                        .with_tools(self.tools);
                    ctx.limits = self.config.limits.tools;
                    ctx.progress = Some(&mut *caps.events);
                    ctx.stop_requested = Some(&mut asked);
                    ctx.memo = Some(&mut memo);
                    let output = tools::run_tool(&call.name, &call.arguments, &mut ctx);
                    met_large_folder |= ctx.met_large_folder;
                    (items, not_found) = (ctx.items, ctx.not_found);
                    files.moved += ctx.files_moved;
                    files.left += ctx.files_left;
                    cancelled |= ctx.files_left > 0;
                    output
                }
            };
            let (result, failed) = (output.text.clone(), output.is_error);
            caps.events.emit(Event::Tool {
                text: lang.tool_line(&call.name, &preview(&result)),
                name: call.name,
                result: result.clone(),
                failed,
                subject,
                destination,
                items,
                not_found,
                not_run,
            });
            self.history.push(Message::Tool {
                tool_call_id: call.id.clone(),
                content: result,
            });
            outputs.push(CallOutput {
                call_id: call.id,
                output,
            });
        }
        caps.model.tools_answered(outputs);
        if met_large_folder {
            self.enable_bulk_tools();
        }
        match cancelled {
            true => Flow::Cancelled(files),
            false => Flow::Continue,
        }
    }
}

/// How a turn's model calls ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    /// With this outcome, the history kept as it is.
    Turn(Outcome),
    /// With a request too large for the context budget (the user told
    /// why): the line is rolled back.
    OverBudget,
}

/// Whether a turn goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Continue,
    /// The user stopped it; what its calls had moved by then.
    Cancelled(FilesMoved),
}

/// The files a reply's calls moved, and those they were to move but left
/// because the user stopped the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct FilesMoved {
    moved: usize,
    left: usize,
}

/// A tool result cut to its first [`TOOL_PREVIEW_CHARS`] characters, on one
/// line (line breaks become spaces), with `...` when it was longer.
pub fn preview(result: &str) -> String {
    let mut chars = result.chars();
    let head: String = chars
        .by_ref()
        .take(TOOL_PREVIEW_CHARS)
        .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
        .collect();
    if chars.next().is_some() {
        format!("{head}...")
    } else {
        head
    }
}

/// Tells the user the turn was cancelled; the turn's outcome.
fn turn_cancelled(caps: &mut Capabilities<'_>, lang: Lang) -> Outcome {
    caps.events.emit(Event::Notice {
        text: lang.turn_cancelled(),
    });
    Outcome::Cancelled
}

#[cfg(test)]
mod tests {
    use super::preview;

    #[test]
    fn preview_cuts_characters_not_bytes() {
        let long: String = "整理".repeat(60);
        let cut = preview(&long);
        assert_eq!(cut.chars().count(), 103);
        assert!(cut.ends_with("..."));
        assert_eq!(preview("short\nline"), "short line");
        let exact = "a".repeat(100);
        assert_eq!(preview(&exact), exact);
    }
}
