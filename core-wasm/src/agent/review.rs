//! The lines that review the pending plan before the go-ahead, answered by
//! the agent itself: `show` pages the whole plan, `skip NAME` leaves a
//! folder or a file out of it. Only a plan that travels as data (the
//! offline planner's, see [`crate::planner::FIELD`]) is reviewed so; with
//! a model's plan in words, these lines go to the model like any other.
//! Nothing is sent to a model and no user line enters the history.

use serde_json::Value;

use crate::paths;
use crate::planner::{FIELD, Proposal, Skip};
use crate::ports::{Capabilities, Entry, Event, Outcome};
use crate::protocol::Message;
use crate::texts::{SHOW_WORDS, SKIP_WORDS};

use super::Agent;

/// What a review line asks.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Review {
    /// The whole plan.
    Show,
    /// Leave this folder or file out (empty: the user named none).
    Skip(String),
}

/// Reads a line as a review request: one of [`SHOW_WORDS`], or one of
/// [`SKIP_WORDS`] and a name (ASCII letters in any case).
fn review_request(line: &str) -> Option<Review> {
    let bare = line
        .trim()
        .trim_end_matches(['.', '!', '?', '。', '！', '？'])
        .trim();
    if SHOW_WORDS
        .iter()
        .any(|word| bare.eq_ignore_ascii_case(word))
    {
        return Some(Review::Show);
    }
    SKIP_WORDS.iter().find_map(|word| {
        let head = line.trim().get(..word.len())?;
        let rest = &line.trim()[word.len()..];
        // An English word is followed by a space; a Chinese one may not be.
        let separated =
            !word.is_ascii() || rest.is_empty() || rest.starts_with(char::is_whitespace);
        (head.eq_ignore_ascii_case(word) && separated).then(|| {
            Review::Skip(
                rest.trim()
                    .trim_start_matches([':', '：'])
                    .trim()
                    .to_owned(),
            )
        })
    })
}

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
                Skip::Out { name, files } if proposal.moves_anything() => {
                    let shown = proposal.text(lang, separator);
                    self.replace_plan(Some(&proposal), &shown);
                    format!("{}\n\n{shown}", lang.skipped(&name, files))
                }
                Skip::Out { name, files } => {
                    let said = format!("{}\n{}", lang.skipped(&name, files), lang.plan_emptied());
                    self.replace_plan(None, &said);
                    said
                }
            },
        };
        caps.events.emit(Event::Answer {
            text,
            streamed: false,
        });
        Some(Outcome::Answered)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_show_and_skip_lines() {
        assert_eq!(review_request("show"), Some(Review::Show));
        assert_eq!(review_request(" SHOW. "), Some(Review::Show));
        assert_eq!(review_request("显示"), Some(Review::Show));
        assert_eq!(review_request("查看"), Some(Review::Show));
        let skip = |name: &str| Some(Review::Skip(name.to_owned()));
        assert_eq!(review_request("skip Installers"), skip("Installers"));
        assert_eq!(
            review_request("Skip  Budget 2025 (2).xlsx"),
            skip("Budget 2025 (2).xlsx")
        );
        assert_eq!(review_request("跳过 安装包"), skip("安装包"));
        assert_eq!(review_request("跳过安装包"), skip("安装包"));
        assert_eq!(review_request("skip"), skip(""));
        assert_eq!(review_request("skipper"), None);
        assert_eq!(review_request("show me the weather"), None);
    }
}
