//! The offline planner: a deterministic, rule-based stand-in for a model.
//!
//! It answers the same chat-completion requests the agent sends a provider,
//! driven only by the messages in them, as a model following the system
//! prompt would: on a request to organize it lists the target, asks for the
//! type of every file, then proposes a plan grouped by category and waits; on
//! "yes" it creates the folders and moves the files, then reports what was
//! done; on "no" it changes nothing. It never deletes. On a folder too large
//! to list whole it plans from `summarize_folder` instead, by category, and
//! moves each category with one `move_by_type`. Its replies are well-formed
//! chat completions that go through the same parsing as a real provider's,
//! without token usage (no model is called).
//!
//! It never reads its own words back: the plan it proposes travels as data
//! with the message that shows it (`proposal`), and what its calls found
//! and did is read from the data of their outputs, handed over by the agent
//! (`outcomes`), so rewording any text changes nothing it does.
//!
//! Modules, from the bottom up: reading the conversation (`exchanges`,
//! `intent`, `readings`, `outcomes`, `kinds_seen`, `kept`: what stays
//! whatever its kind), where files go (`folders`, `copies`, `placement`,
//! `existing`: the folders the user made, with `name_words`), the plans
//! (`plan`, `set_aside`, `large`,
//! `large_rules`: the user's rules as bulk moves, with `rule_globs`,
//! `large_existing`: the user's folders on a large folder,
//! `proposal`; `steps`: a large plan rehearsed into the exact moves that are
//! then the plan, shown by `steps_page` and reported by `steps_report`),
//! how they are shown (`plan_text`, `large_plan_text`, in
//! the catalogue's words), reviewed before the go-ahead (`review`: the
//! whole plan on `show`, `skip NAME`; `review_page`: the page `show`
//! gives; `review_rules`: the rules' part of a large plan's page) and
//! reports
//! (`report`, `steps_report`), the steps of a turn (`organize`, `reply`).

mod affinity;
mod context;
mod copies;
mod exchanges;
mod existing;
mod folders;
mod intent;
mod kept;
mod kinds_seen;
mod large;
mod large_existing;
mod large_plan_text;
mod large_request;
mod large_rules;
mod name_words;
mod organize;
mod outcomes;
mod placement;
mod plan;
mod plan_text;
mod planned;
mod proposal;
mod reply;
mod report;
mod request;
mod request_left;
mod review;
mod review_page;
mod review_rules;
mod rule_globs;
mod set_aside;
mod steps;
mod steps_page;
mod steps_report;

use serde_json::Value;

use crate::Lang;
use crate::ports::{HostError, HttpReply, ModelClient};
use crate::rules::Rules;
use crate::tools::CallOutput;

pub use affinity::folder_evidence;
use context::Context;
use exchanges::{Exchange, content, exchanges, role};
pub use folders::{folder_name, means_category};
pub use intent::{Intent, Review, classify, review_request};
use organize::{Declared, organize};
use outcomes::Outcomes;
pub use proposal::{FIELD, Proposal};
pub use reply::MODEL;
use reply::{Step, completion};
pub use request::Request;
pub use review::Skip;
pub use steps::Stage;

/// The planner as a [`ModelClient`] for one target directory.
#[derive(Debug, Clone)]
pub struct OfflinePlanner {
    lang: Lang,
    target_dir: String,
    rules: Option<Rules>,
    /// The outputs of the calls of the current turn, as the agent handed
    /// them over.
    outcomes: Outcomes,
    /// Whether the session is a dry run: reports say what would happen.
    dry_run: bool,
    /// The files the calls of the last reply were to move, when that reply
    /// carried out a plan.
    planned_moves: Option<usize>,
    /// Whether the next turn's line is a go-ahead given as a command.
    go_ahead_next: bool,
    /// Whether the current turn's line is one: its words are not read.
    go_ahead: bool,
}

impl OfflinePlanner {
    /// A planner speaking `lang` about `target_dir` (to read tool results).
    pub fn new(lang: Lang, target_dir: &str) -> Self {
        Self {
            lang,
            target_dir: target_dir.to_owned(),
            rules: None,
            outcomes: Outcomes::default(),
            dry_run: false,
            planned_moves: None,
            go_ahead_next: false,
            go_ahead: false,
        }
    }

    /// The same planner in a dry run (`dry_run`): its reports say what
    /// would happen, not what did.
    pub fn with_dry_run(mut self, dry_run: bool) -> Self {
        self.dry_run = dry_run;
        self
    }

    /// The same planner following the user's `rules` first.
    pub fn with_rules(mut self, rules: Option<Rules>) -> Self {
        self.rules = rules;
        self
    }

    /// The chat-completion response to a request body. The planner reads
    /// only the outputs handed over through [`ModelClient::tools_answered`]:
    /// a call whose output was not handed over found nothing and did not
    /// succeed.
    pub fn respond(&self, body: &Value) -> Value {
        self.respond_counting(body).0
    }

    /// [`Self::respond`], with how many files the reply's calls move.
    fn respond_counting(&self, body: &Value) -> (Value, Option<usize>) {
        let empty = Vec::new();
        let messages = body
            .get("messages")
            .and_then(Value::as_array)
            .unwrap_or(&empty);
        let step = self.next_step(messages, Declared::of(body));
        let moves = match &step {
            Step::Call(calls) => planned_moves(calls),
            Step::Say(_) | Step::Propose(..) => None,
        };
        (completion(body, messages.len(), step), moves)
    }

    /// The next step, from the messages and the tools the request declares.
    fn next_step(&self, messages: &[Value], declared: Declared) -> Step {
        let lang = self.lang;
        let users: Vec<usize> = (0..messages.len())
            .filter(|&i| role(&messages[i]) == "user")
            .collect();
        let Some(&current_user) = users.last() else {
            return Step::Say(lang.planner_help());
        };
        let this_turn = exchanges(&messages[current_user + 1..], &self.outcomes);
        let line = content(&messages[current_user]);
        let request = Request::read(line);
        let rules = request.rules(lang, self.rules.as_ref());
        let ctx = Context {
            lang,
            target_dir: &self.target_dir,
            rules: rules.as_ref(),
            file_rules: self.rules.as_ref(),
            request: &request,
        };
        let previous_turn = match users.iter().rev().nth(1) {
            Some(&previous_user) => &messages[previous_user..current_user],
            None => &[],
        };
        // The plan the previous turn ended with: it waits for this line.
        let pending = || Proposal::ended(previous_turn);
        // A turn that ended on its tools' results, with no answer after
        // them, was cut short (stopped, or out of rounds): its plan is over
        // and what it did not reach stays where it was.
        let cut_short = previous_turn
            .last()
            .is_some_and(|last| role(last) == "tool");
        let intent = match self.go_ahead {
            true => Intent::Yes,
            false => classify(line),
        };
        match intent {
            Intent::Organize => organize(&ctx, &this_turn, declared),
            Intent::Other if !request.is_empty() => organize(&ctx, &this_turn, declared),
            Intent::Yes if cut_short && pending().is_none() => Step::Say(lang.plan_cut_short()),
            Intent::Yes => self.go_ahead(pending(), &this_turn),
            Intent::No => Step::Say(lang.plan_declined()),
            Intent::Review => Step::Say(lang.no_plan_pending()),
            Intent::Other => match pending() {
                Some(plan) => still_waiting(lang, plan),
                None => Step::Say(lang.planner_help()),
            },
        }
    }

    /// On "yes": the calls carrying out the plan the previous turn ended
    /// with, then the report of what they did.
    fn go_ahead(&self, pending: Option<Proposal>, this_turn: &[Exchange]) -> Step {
        let lang = self.lang;
        let Some(proposal) = pending else {
            return Step::Say(lang.no_plan_pending());
        };
        match (proposal, this_turn.is_empty()) {
            (Proposal::PerFile(plan), true) => Step::Call(plan.actions()),
            (Proposal::PerFile(plan), false) => {
                Step::Say(report::report(&plan, this_turn, lang, self.dry_run))
            }
            (Proposal::ByCategory(plan), true) => match plan.steps.is_some() {
                true => Step::Call(plan.actions()),
                // Only a plan whose moves a rehearsal made exact is carried
                // out (one kept from a session of an older tidyup is not).
                false => Step::Say(lang.plan_not_rehearsed()),
            },
            (Proposal::ByCategory(plan), false) => Step::Say(match &plan.steps {
                Some(steps) => steps_report::steps_report(
                    &plan,
                    steps,
                    this_turn,
                    crate::paths::separator(&self.target_dir),
                    lang,
                    self.dry_run,
                ),
                None => lang.plan_not_rehearsed(),
            }),
        }
    }
}

impl ModelClient for OfflinePlanner {
    fn chat_completion(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        if starts_turn(body) {
            self.outcomes.clear();
            self.go_ahead = std::mem::take(&mut self.go_ahead_next);
        }
        let (reply, moves) = self.respond_counting(body);
        self.planned_moves = moves;
        Ok(HttpReply::new(200, reply.to_string()))
    }

    fn tools_answered(&mut self, outputs: Vec<CallOutput>) {
        self.outcomes.record(outputs);
    }

    fn go_ahead_given(&mut self) {
        self.go_ahead_next = true;
    }

    fn planned_moves(&self) -> Option<usize> {
        self.planned_moves
    }

    /// The planner has no context window: a plan of many thousand steps
    /// travels whole in the conversation.
    fn reads_whole_conversation(&self) -> bool {
        true
    }
}

/// The answer to a line the planner does not understand while `plan`
/// waits: the plan carried on unchanged (so the next "yes", `show` or
/// `skip NAME` finds it) and what can be said to it.
fn still_waiting(lang: Lang, plan: Proposal) -> Step {
    Step::Propose(lang.plan_still_waiting().to_owned(), Box::new(plan))
}

/// How many files `calls` move: one per `move_file`, one per move of a
/// `move_files`; `None` when they move none.
fn planned_moves(calls: &[(&'static str, Value)]) -> Option<usize> {
    let moves: usize = calls
        .iter()
        .filter_map(|(name, arguments)| match *name {
            "move_file" => Some(1),
            "move_files" => Some(arguments.get("moves")?.as_array()?.len()),
            _ => None,
        })
        .sum();
    (moves > 0).then_some(moves)
}

/// Whether `body` is the first request of a turn: its last message is the
/// user's line.
fn starts_turn(body: &Value) -> bool {
    body.get("messages")
        .and_then(Value::as_array)
        .and_then(|messages| messages.last())
        .is_some_and(|last| role(last) == "user")
}
