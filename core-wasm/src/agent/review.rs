//! The lines that review the pending plan before the go-ahead, answered by
//! the agent itself: `show` pages the whole plan, `skip NAME` leaves a
//! folder or a file out of it. Only a plan that travels as data (the
//! offline planner's, see [`crate::planner::FIELD`]) is reviewed so; with
//! a model's plan in words, these lines go to the model like any other.
//! Nothing is sent to a model and no user line enters the history.

use serde_json::Value;

use serde_json::Map;

use crate::paths;
use crate::planner::{FIELD, Proposal, Review, Skip, Stage, review_request};
use crate::ports::FileSystemExt;
use crate::ports::{Capabilities, Entry, Event, FileSystem, Outcome};
use crate::protocol::Message;

use super::Agent;

impl Agent {
    /// Answers `line` when it reviews the plan the last turn ended with;
    /// `None` when it is not such a line or no such plan waits.
    pub(super) fn review(&mut self, line: &str, caps: &mut Capabilities<'_>) -> Option<Outcome> {
        let request = review_request(line)?;
        let Some(Message::Assistant(fields)) = self.history.last() else {
            return None;
        };
        let mut proposal = Proposal::carried(fields)?;
        let lang = self.config.lang;
        let separator = paths::separator(&self.config.target_dir);
        let listing: Vec<Entry> = caps.files.list(&self.config.target_dir).unwrap_or_default();
        let text = match request {
            Review::Show => {
                caps.events.emit(Event::Page {
                    text: proposal.page(lang, separator, &listing),
                });
                return Some(Outcome::Answered);
            }
            Review::Skip(name) => match proposal.skip(&name, separator, &listing) {
                Skip::Unknown { folders } => lang.skip_unknown(&name, &folders),
                Skip::Out { name, files, group } => {
                    let skipped = match group {
                        Some(main) => lang.skipped_group(&name, &main, files.unwrap_or(1)),
                        None => lang.skipped(&name, files),
                    };
                    proposal.rehearse(self.stage(caps.files));
                    if proposal.moves_anything() {
                        let shown = proposal.text(lang, separator);
                        self.replace_plan(Some(&proposal), &shown);
                        format!("{skipped}\n\n{shown}")
                    } else {
                        let said = format!("{skipped}\n{}", lang.plan_emptied());
                        self.replace_plan(None, &said);
                        said
                    }
                }
            },
        };
        caps.events.emit(Event::Answer {
            text,
            streamed: false,
        });
        Some(Outcome::Answered)
    }

    /// Makes the plan a reply `message` carries exact before it is shown
    /// (see [`Proposal::rehearse`]): the message then carries the plan with
    /// its steps, and `text` (its content) is the plan's text made from
    /// them. A plan left with nothing to move is said so, and waits no
    /// more.
    pub(super) fn settle_plan(
        &self,
        message: &mut Map<String, Value>,
        text: &mut String,
        files: &mut dyn FileSystem,
    ) {
        let Some(mut proposal) = Proposal::carried(message) else {
            return;
        };
        if !matches!(proposal, Proposal::ByCategory(_)) {
            return;
        }
        proposal.rehearse(self.stage(files));
        let lang = self.config.lang;
        match proposal.moves_anything() {
            true => {
                *text = proposal.text(lang, paths::separator(&self.config.target_dir));
                if let Some(plan) = proposal.to_field() {
                    message.insert(FIELD.to_owned(), plan);
                }
            }
            false => {
                *text = lang.plan_emptied().to_owned();
                message.remove(FIELD);
            }
        }
        message.insert("content".to_owned(), Value::String(text.clone()));
    }

    /// What a rehearsal of a plan runs on: `files`, and the session's
    /// target, language, tools and limits.
    fn stage<'a>(&'a self, files: &'a mut dyn FileSystem) -> Stage<'a> {
        Stage {
            files,
            target_dir: &self.config.target_dir,
            lang: self.config.lang,
            tools: self.tools,
            limits: self.config.limits.tools,
        }
    }

    /// The last message, the plan's, now shows `text` and carries
    /// `proposal` (none: no plan waits any more).
    fn replace_plan(&mut self, proposal: Option<&Proposal>, text: &str) {
        let Some(Message::Assistant(fields)) = self.history.last_mut() else {
            return;
        };
        fields.insert("content".to_owned(), Value::String(text.to_owned()));
        match proposal.and_then(Proposal::to_field) {
            Some(plan) => fields.insert(FIELD.to_owned(), plan),
            None => fields.remove(FIELD),
        };
    }
}
