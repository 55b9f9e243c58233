//! The offline planner: a deterministic, rule-based stand-in for a model.
//!
//! It answers the same chat-completion requests the agent sends a provider,
//! driven only by the messages in them, as a model following the system
//! prompt would: on a request to organize it lists the target, asks for the
//! type of every file, then proposes a plan grouped by category and waits; on
//! "yes" it creates the folders and moves the files, then reports what the
//! tool results say happened; on "no" it changes nothing. It never deletes.
//! On a folder too large to list whole it plans from `summarize_folder`
//! instead, by category, and moves each category with one `move_by_type`.
//! Its replies are well-formed chat completions that go through the same
//! parsing as a real provider's, without token usage (no model is called).

mod exchanges;
mod intent;
mod large;
mod large_texts;
mod placement;
mod plan;
mod readings;
mod set_aside;
mod texts;

use serde_json::{Value, json};

use crate::file_type::Category;
use crate::ports::HttpReply;
use crate::ports::{HostError, ModelClient};
use crate::rules::Rules;
use crate::{Lang, paths};

use exchanges::{Exchange, content, exchanges, role};
pub use intent::{Intent, classify};
use large::LargePlan;
use placement::{Placement, Readings, place, worth_reading};
pub use plan::{Plan, Reason, folder_name, parse_listing};
use plan::{category_named, category_target, duplicates_target};

/// The model identifier the planner reports.
pub const MODEL: &str = "tidyup-offline-planner";

/// The planner as a [`ModelClient`] for one target directory.
#[derive(Debug, Clone)]
pub struct OfflinePlanner {
    lang: Lang,
    target_dir: String,
    rules: Option<Rules>,
}

impl OfflinePlanner {
    /// A planner speaking `lang` about `target_dir` (to read tool results).
    pub fn new(lang: Lang, target_dir: &str) -> Self {
        Self {
            lang,
            target_dir: target_dir.to_owned(),
            rules: None,
        }
    }

    /// The same planner following the user's `rules` first.
    pub fn with_rules(mut self, rules: Option<Rules>) -> Self {
        self.rules = rules;
        self
    }

    /// The chat-completion response to a request body.
    pub fn respond(&self, body: &Value) -> Value {
        let empty = Vec::new();
        let messages = body
            .get("messages")
            .and_then(Value::as_array)
            .unwrap_or(&empty);
        let declared = Declared {
            bulk: declares(body, "summarize_folder"),
            read_file: declares(body, "read_file"),
        };
        let step = self.next_step(messages, declared);
        completion(body, messages.len(), step)
    }

    /// The next step, from the messages and whether the request declares
    /// the bulk tools.
    fn next_step(&self, messages: &[Value], declared: Declared) -> Step {
        let lang = self.lang;
        let users: Vec<usize> = (0..messages.len())
            .filter(|&i| role(&messages[i]) == "user")
            .collect();
        let Some(&current_user) = users.last() else {
            return Step::Say(texts::help(lang));
        };
        let this_turn = exchanges(&messages[current_user + 1..]);
        match classify(content(&messages[current_user])) {
            Intent::Organize => self.organize(&this_turn, declared),
            Intent::Yes => {
                let previous_user = users.iter().rev().nth(1).copied();
                let previous_turn = previous_user.map(|prev| &messages[prev..current_user]);
                if let Some(plan) = previous_turn.and_then(|turn| self.pending_large_plan(turn)) {
                    return match this_turn.is_empty() {
                        true => Step::Call(plan.actions()),
                        false => Step::Say(plan.report(&this_turn, &self.target_dir, lang)),
                    };
                }
                match previous_turn.and_then(|turn| self.pending_plan(turn)) {
                    None => Step::Say(texts::no_plan_pending(lang)),
                    Some(plan) if this_turn.is_empty() => Step::Call(actions(&plan)),
                    Some(plan) => Step::Say(self.report(&plan, &this_turn)),
                }
            }
            Intent::No => Step::Say(texts::declined(lang)),
            Intent::Other => Step::Say(texts::help(lang)),
        }
    }

    /// Scan → classify (and read, for the rules) → list the rules' folders
    /// → plan, one step per model call.
    fn organize(&self, this_turn: &[Exchange], declared: Declared) -> Step {
        let lang = self.lang;
        let Some(listing) = this_turn
            .iter()
            .find(|e| e.name == "list_files" && e.arg("path") == ".")
        else {
            return Step::Call(vec![("list_files", json!({ "path": "." }))]);
        };
        if declared.bulk && large::is_cut(&listing.result) {
            return self.organize_large(this_turn);
        }
        let items = parse_listing(&listing.result);
        let rules = self.rules.as_ref();
        let movable = |item: &&plan::Listed| {
            !item.is_dir
                && !item.name.starts_with('.')
                && !rules.is_some_and(|rules| rules.is_excluded(&item.name, false))
        };
        if !this_turn.iter().any(|e| e.name == "get_file_type") {
            let mut calls: Vec<(&str, Value)> = items
                .iter()
                .filter(movable)
                .map(|item| ("get_file_type", json!({ "filename": item.name })))
                .collect();
            if calls.is_empty() {
                let plan = Plan::from_exchanges(this_turn, lang, self.separator(), rules);
                return Step::Say(texts::nothing_to_organize(&plan, lang));
            }
            if let Some(rules) = rules.filter(|_| declared.read_file) {
                calls.extend(
                    items
                        .iter()
                        .filter(movable)
                        .filter(|item| worth_reading(Category::of(&item.name), rules))
                        .map(|item| ("read_file", json!({ "path": item.name }))),
                );
            }
            if declared.bulk {
                calls.push(("find_duplicates", json!({ "path": "." })));
            }
            let mut folders: Vec<String> = Category::ALL
                .into_iter()
                .map(|category| category_target(category, lang, &items))
                .collect();
            folders.push(duplicates_target(lang, &items));
            calls.extend(
                items
                    .iter()
                    .filter(|item| item.is_dir && folders.contains(&item.name))
                    .map(|item| ("list_files", json!({ "path": item.name }))),
            );
            return Step::Call(calls);
        }
        let unlisted = self.unlisted_rule_folders(this_turn, &items);
        if !unlisted.is_empty() {
            return Step::Call(
                unlisted
                    .into_iter()
                    .map(|folder| ("list_files", json!({ "path": folder })))
                    .collect(),
            );
        }
        let plan = Plan::from_exchanges(this_turn, lang, self.separator(), rules);
        if plan.move_count() == 0 {
            Step::Say(texts::nothing_to_organize(&plan, lang))
        } else {
            Step::Say(texts::plan_text(&plan, lang, self.separator()))
        }
    }

    /// The folders the rules send files to that this turn has not listed
    /// yet (listed once, so names taken there are not overwritten).
    fn unlisted_rule_folders(&self, this_turn: &[Exchange], items: &[plan::Listed]) -> Vec<String> {
        let Some(rules) = &self.rules else {
            return Vec::new();
        };
        let readings = Readings::new(this_turn);
        let mut folders: Vec<String> = Vec::new();
        for exchange in this_turn.iter().filter(|e| e.name == "get_file_type") {
            let (Some(item), Some(category)) = (
                items
                    .iter()
                    .find(|item| item.name == exchange.arg("filename")),
                category_named(&exchange.result),
            ) else {
                continue;
            };
            if let Placement::Rule { folder, .. } = place(item, category, Some(rules), &readings) {
                let folder = folder.replace('/', &self.separator().to_string());
                let listed = this_turn
                    .iter()
                    .any(|e| e.name == "list_files" && e.arg("path") == folder);
                if !listed && !folders.contains(&folder) {
                    folders.push(folder);
                }
            }
        }
        folders
    }

    /// A large folder: overview → plan by category, one step per model call.
    fn organize_large(&self, this_turn: &[Exchange]) -> Step {
        let lang = self.lang;
        match LargePlan::from_exchanges(this_turn, lang, self.separator()) {
            None => Step::Call(large::overview_calls(lang)),
            Some(plan) if plan.file_count() == 0 => {
                Step::Say(texts::nothing_to_organize(&Plan::default(), lang))
            }
            Some(plan) => Step::Say(large_texts::plan_text(&plan, lang, self.separator())),
        }
    }

    /// The plan proposed at the end of the previous turn, if that turn ended
    /// with one.
    fn pending_plan(&self, previous_turn: &[Value]) -> Option<Plan> {
        answered_organize(previous_turn)
            .then(|| {
                Plan::from_exchanges(
                    &exchanges(previous_turn),
                    self.lang,
                    self.separator(),
                    self.rules.as_ref(),
                )
            })
            .filter(|plan| plan.move_count() > 0)
    }

    /// The large-folder plan proposed at the end of the previous turn, if
    /// that turn summarized the target and ended with a plan.
    fn pending_large_plan(&self, previous_turn: &[Value]) -> Option<LargePlan> {
        if !answered_organize(previous_turn) {
            return None;
        }
        LargePlan::from_exchanges(&exchanges(previous_turn), self.lang, self.separator())
            .filter(|plan| plan.file_count() > 0)
    }

    /// The separator of the target's paths, used in the plan's paths.
    fn separator(&self) -> char {
        paths::separator(&self.target_dir)
    }

    /// What the tool results say was done.
    fn report(&self, plan: &Plan, done: &[Exchange]) -> String {
        let lang = self.lang;
        let result_of = |name: &str, key: &str, value: &str| {
            done.iter()
                .find(|e| e.name == name && e.arg(key) == value)
                .map(|e| e.result.as_str())
        };
        let mut folders = 0;
        let mut lines = Vec::new();
        let mut moved = 0;
        for group in &plan.groups {
            let folder_path = paths::resolve(&self.target_dir, &group.folder);
            if result_of("create_folder", "path", &group.folder)
                == Some(&lang.folder_created(&folder_path))
            {
                folders += 1;
            }
            for step in &group.moves {
                let destination = paths::resolve(&self.target_dir, &step.destination);
                match result_of("move_file", "source", &step.file) {
                    Some(result) if result == lang.moved(&step.file, &destination) => {
                        moved += 1;
                        lines.push(format!("  ✓ {} → {}", step.file, step.destination));
                    }
                    Some(result) => lines.push(texts::report_failure(lang, &step.file, result)),
                    None => lines.push(texts::report_failure(lang, &step.file, "-")),
                }
            }
        }
        let mut text = texts::report_heading(lang, folders, moved, plan.move_count());
        for line in lines {
            text.push('\n');
            text.push_str(&line);
        }
        text
    }
}

impl ModelClient for OfflinePlanner {
    fn chat_completion(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        Ok(HttpReply::new(200, self.respond(body).to_string()))
    }
}

/// Whether `turn` (a user line and what followed it) asked to organize and
/// ended with a plain answer: the planner's own plan, when it had one, is
/// that answer. Read from the messages' roles and calls, never their words.
fn answered_organize(turn: &[Value]) -> bool {
    let asked = turn
        .first()
        .is_some_and(|first| role(first) == "user" && classify(content(first)) == Intent::Organize);
    let answered = turn.last().is_some_and(|last| {
        role(last) == "assistant"
            && last
                .get("tool_calls")
                .and_then(Value::as_array)
                .is_none_or(Vec::is_empty)
    });
    asked && answered
}

/// Which of the optional tools a request declares.
#[derive(Debug, Clone, Copy)]
struct Declared {
    bulk: bool,
    read_file: bool,
}

/// Whether the request `body` declares the tool `name`.
fn declares(body: &Value, name: &str) -> bool {
    body.get("tools")
        .and_then(Value::as_array)
        .is_some_and(|tools| {
            tools
                .iter()
                .any(|tool| tool.pointer("/function/name").and_then(Value::as_str) == Some(name))
        })
}

/// What the planner does next.
enum Step {
    /// Ask for these tool calls, in order.
    Call(Vec<(&'static str, Value)>),
    /// Answer in plain text.
    Say(String),
}

/// `create_folder` for each new folder, then `move_file` for each file.
fn actions(plan: &Plan) -> Vec<(&'static str, Value)> {
    let folders = plan
        .groups
        .iter()
        .filter(|group| !group.folder_exists)
        .map(|group| ("create_folder", json!({ "path": group.folder })));
    let moves = plan.groups.iter().flat_map(|group| {
        group.moves.iter().map(|step| {
            (
                "move_file",
                json!({ "source": step.file, "destination": step.destination }),
            )
        })
    });
    folders.chain(moves).collect()
}

/// A chat completion carrying `step`; ids are numbered by the history length.
/// It has no `usage`: no model was called, so there are no tokens to report.
fn completion(body: &Value, turn: usize, step: Step) -> Value {
    let (message, finish_reason) = match step {
        Step::Say(text) => (json!({ "role": "assistant", "content": text }), "stop"),
        Step::Call(calls) => {
            let tool_calls: Vec<Value> = calls
                .into_iter()
                .enumerate()
                .map(|(i, (name, arguments))| {
                    json!({
                        "id": format!("call_{turn}_{i}"),
                        "type": "function",
                        "function": { "name": name, "arguments": arguments.to_string() },
                    })
                })
                .collect();
            (
                json!({ "role": "assistant", "content": null, "tool_calls": tool_calls }),
                "tool_calls",
            )
        }
    };
    json!({
        "id": format!("offline-{turn}"),
        "object": "chat.completion",
        "created": 0,
        "model": body.get("model").and_then(Value::as_str).unwrap_or(MODEL),
        "choices": [{ "index": 0, "message": message, "finish_reason": finish_reason }],
    })
}
