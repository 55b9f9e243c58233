//! The turn state machine of spec section 3.
//!
//! One user line is one turn: at most [`MAX_ROUNDS`] model calls; tool calls
//! of a reply run in order with one tool message each; a plain answer ends
//! the turn. A failed model call ends the turn with an error event and leaves
//! the history well-formed for the next line.

use serde::{Deserialize, Serialize};

use crate::host::{Capabilities, Event};
use crate::lang::Lang;
use crate::prompt::system_prompt;
use crate::protocol::{self, Message, Reply};
use crate::tools::{self, ToolContext};

/// Maximum model calls per user turn.
pub const MAX_ROUNDS: u32 = 15;

/// Characters of a tool result shown on its console line.
pub const TOOL_PREVIEW_CHARS: usize = 100;

/// What an agent is created with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgentConfig {
    /// The absolute directory to organize; relative tool paths resolve here.
    pub target_dir: String,
    /// The provider's model identifier.
    pub model: String,
    /// Language of the prompt and texts.
    #[serde(default)]
    pub lang: Lang,
    /// Who answers the model calls.
    #[serde(default)]
    pub provider: Provider,
}

/// Who answers the agent's model calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Provider {
    /// A chat-completions service, reached through the host.
    #[default]
    Remote,
    /// The built-in offline planner, chosen by the user.
    Offline,
    /// The built-in offline planner, because no API key is configured.
    OfflineNoKey,
}

/// How a user line ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A blank line: nothing was sent.
    Ignored,
    /// The user typed `quit`: the session ends.
    Quit,
    /// The model answered in plain text.
    Answered,
    /// [`MAX_ROUNDS`] calls were made without a plain answer.
    RoundLimit,
    /// A model call failed; the session goes on.
    ModelFailed,
}

/// One conversation with the model about one target directory.
#[derive(Debug, Clone)]
pub struct Agent {
    config: AgentConfig,
    history: Vec<Message>,
}

impl Agent {
    /// A new conversation holding only the system prompt.
    pub fn new(config: AgentConfig) -> Self {
        let system = Message::System {
            content: system_prompt(config.lang, &config.target_dir),
        };
        Self {
            config,
            history: vec![system],
        }
    }

    /// The start event naming the target directory.
    pub fn started(&self) -> Event {
        Event::Started {
            target_dir: self.config.target_dir.clone(),
            text: self
                .config
                .lang
                .started(&self.config.target_dir, self.config.provider),
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
        if line.eq_ignore_ascii_case("quit") {
            return Outcome::Quit;
        }
        self.history.push(Message::User {
            content: line.to_owned(),
        });
        let lang = self.config.lang;
        let declarations = tools::declarations();
        for _ in 0..MAX_ROUNDS {
            let body = protocol::build_request(&self.config.model, &self.history, &declarations);
            let reply = caps
                .model
                .chat_completion(&body)
                .map_err(|err| err.message)
                .and_then(|http| protocol::read_reply(&http, lang));
            match reply {
                Err(cause) => {
                    caps.events.emit(Event::Error {
                        text: lang.model_call_failed(&cause),
                    });
                    return Outcome::ModelFailed;
                }
                Ok(Reply::Answer { message, text }) => {
                    self.history.push(Message::Assistant(message));
                    caps.events.emit(Event::Answer { text });
                    return Outcome::Answered;
                }
                Ok(Reply::ToolCalls { message, calls }) => {
                    self.history.push(Message::Assistant(message));
                    let mut ctx = ToolContext {
                        files: &mut *caps.files,
                        target_dir: &self.config.target_dir,
                        lang,
                    };
                    for call in calls {
                        let result = tools::run(&call.name, &call.arguments, &mut ctx);
                        caps.events.emit(Event::Tool {
                            text: lang.tool_line(&call.name, &preview(&result)),
                            name: call.name,
                            result: result.clone(),
                        });
                        self.history.push(Message::Tool {
                            tool_call_id: call.id,
                            content: result,
                        });
                    }
                }
            }
        }
        caps.events.emit(Event::Notice {
            text: lang.round_limit(MAX_ROUNDS),
        });
        Outcome::RoundLimit
    }
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
