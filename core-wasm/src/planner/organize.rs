//! The turn that asks to organize: scan → classify (and read, for the
//! rules) → list the folders files go to → propose a plan, one step per
//! model call. On a folder too large to list whole: overview → plan by
//! category.

use serde_json::{Value, json};

use crate::file_type::Category;
use crate::groups::{Groups, target_project_marker};
use crate::kinds::{is_known, kind};
use crate::rules::Rules;
use crate::secrets;

use super::context::Context;
use super::exchanges::Exchange;
use super::existing::UserFolders;
use super::folders::{category_target, duplicates_target};
use super::kept::kept;
use super::kinds_seen::KindsSeen;
use super::large::{self, LargePlan};
use super::large_existing;
use super::large_plan_text;
use super::large_request;
use super::large_rules;
use super::placement::{Placement, Readings, place, worth_reading};
use super::plan::{Plan, existing_spelling};
use super::plan_text;
use super::proposal::Proposal;
use super::reply::Step;
use crate::tools::Listed;

/// Which of the optional tools a request declares.
#[derive(Debug, Clone, Copy)]
pub struct Declared {
    /// The bulk tools (`summarize_folder` and the others).
    pub bulk: bool,
    /// `read_file`.
    pub read_file: bool,
}

impl Declared {
    /// What the request `body` declares.
    pub fn of(body: &Value) -> Self {
        Self {
            bulk: declares(body, "summarize_folder"),
            read_file: declares(body, "read_file"),
        }
    }
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

/// The next step of a turn that asks to organize, from its exchanges so far.
pub fn organize(ctx: &Context<'_>, this_turn: &[Exchange], declared: Declared) -> Step {
    let Some(listing) = this_turn
        .iter()
        .find(|e| e.name == "list_files" && e.arg("path") == ".")
    else {
        return Step::Call(vec![("list_files", json!({ "path": "." }))]);
    };
    if !listing.succeeded {
        // A folder that could not be listed is not an empty one.
        let cause = listing.result.lines().next().unwrap_or_default();
        return Step::Say(ctx.lang.folder_unlisted(cause));
    }
    let items = listing.items();
    if let Some(marker) = target_project_marker(items.iter().map(|item| item.name.as_str())) {
        return Step::Say(ctx.lang.target_is_project(marker));
    }
    if declared.bulk && large::is_cut(listing) {
        return organize_large(ctx, this_turn, declared);
    }
    let classified = |e: &Exchange| e.name == "get_file_type" || e.name == "find_duplicates";
    if !this_turn.iter().any(classified) {
        return classify_calls(ctx, this_turn, items, declared);
    }
    let unlisted = unlisted_rule_folders(ctx, this_turn, items);
    if !unlisted.is_empty() {
        let listings = unlisted.into_iter().map(|folder| list_files(&folder));
        return Step::Call(listings.collect());
    }
    let unlisted = UserFolders::find(items, this_turn, &[]).unlisted(this_turn, ctx.separator());
    if !unlisted.is_empty() {
        return Step::Call(unlisted.iter().map(|folder| list_files(folder)).collect());
    }
    let mut plan =
        Plan::from_exchanges(this_turn, ctx.lang, ctx.separator(), ctx.rules, ctx.request);
    plan.understood = ctx
        .request
        .understood(ctx.lang, declared.read_file, ctx.separator());
    if plan.move_count() == 0 {
        Step::Say(plan_text::nothing_to_organize(&plan, ctx.lang))
    } else {
        let text = plan_text::plan_text(&plan, ctx.lang, ctx.separator());
        Step::Propose(text, Box::new(Proposal::PerFile(plan)))
    }
}

/// `list_files` of `path`.
fn list_files(path: &str) -> (&'static str, Value) {
    ("list_files", json!({ "path": path }))
}

/// After the scan: the type of every file that may move (never one in
/// use, a key or a launcher), the contents the rules need, the copies and,
/// for names that give no kind or may be keys, the summary that reads
/// their first bytes (when the bulk tools are declared), and the listings of the folders files may go to; or,
/// with no file to move, the answer that there is nothing to do.
fn classify_calls(
    ctx: &Context<'_>,
    this_turn: &[Exchange],
    items: &[Listed],
    declared: Declared,
) -> Step {
    let busy = kept(items, this_turn);
    let movable = |item: &&Listed| {
        !item.is_dir
            && !item.name.starts_with('.')
            && !busy.contains_key(&item.name)
            && ctx.request.keeps(&item.name)
            && !ctx
                .rules
                .is_some_and(|rules| rules.is_excluded(&item.name, false))
    };
    let mut calls: Vec<(&str, Value)> = items
        .iter()
        .filter(movable)
        .map(|item| ("get_file_type", json!({ "filename": item.name })))
        .collect();
    let copies = declared.bulk && ctx.request.sets_copies_aside();
    if calls.is_empty() && !(copies && ctx.request.copies == Some(true)) {
        let mut plan =
            Plan::from_exchanges(this_turn, ctx.lang, ctx.separator(), ctx.rules, ctx.request);
        plan.understood = ctx
            .request
            .understood(ctx.lang, declared.read_file, ctx.separator());
        return Step::Say(plan_text::nothing_to_organize(&plan, ctx.lang));
    }
    if declared.read_file {
        // A photo folder of a year takes pictures by their date taken.
        let dated = UserFolders::find(items, &[], &[]).wants_dates_taken();
        let worth = |item: &&Listed| {
            let category = kind(&item.name);
            ctx.rules
                .is_some_and(|rules| worth_reading(category, rules))
                || (dated && category == Category::Images)
        };
        calls.extend(
            items
                .iter()
                .filter(movable)
                .filter(worth)
                .map(|item| ("read_file", json!({ "path": item.name }))),
        );
    }
    if copies {
        calls.push(("find_duplicates", json!({ "path": "." })));
    }
    // Names that give no kind, and those that may be keys by their
    // contents (`server.key`): the summary reads their first bytes.
    if declared.bulk
        && items
            .iter()
            .filter(movable)
            .any(|item| !is_known(&item.name) || secrets::worth_reading(&item.name.to_lowercase()))
    {
        calls.push(("summarize_folder", json!({ "path": "." })));
    }
    let listed = folder_listings(ctx, items);
    calls.extend(subfolder_listings(items, &listed));
    calls.extend(listed);
    Step::Call(calls)
}

/// Subfolders listed to see which are projects, at most this many.
const SUBFOLDERS_LISTED: usize = 20;

/// `list_files` of the visible subfolders (at most [`SUBFOLDERS_LISTED`])
/// the `listed` calls do not list already and that belong to no saved
/// page, to see which are projects, left whole.
fn subfolder_listings(
    items: &[Listed],
    listed: &[(&'static str, Value)],
) -> Vec<(&'static str, Value)> {
    let related = Groups::form(items.iter().map(|item| (item.name.as_str(), item.is_dir)));
    items
        .iter()
        .filter(|item| item.is_dir && !item.name.starts_with('.'))
        .filter(|item| !related.is_member(&item.name))
        .filter(|item| {
            !listed
                .iter()
                .any(|(_, args)| args["path"] == item.name.as_str())
        })
        .take(SUBFOLDERS_LISTED)
        .map(|item| list_files(&item.name))
        .collect()
}

/// `list_files` of each existing folder files may go to: the categories'
/// folders and the duplicates folder.
fn folder_listings(ctx: &Context<'_>, items: &[Listed]) -> Vec<(&'static str, Value)> {
    let mut folders: Vec<String> = Category::ALL
        .into_iter()
        .map(|category| category_target(category, ctx.lang, items))
        .collect();
    folders.push(duplicates_target(ctx.lang, items));
    items
        .iter()
        .filter(|item| item.is_dir && folders.contains(&item.name))
        .map(|item| list_files(&item.name))
        .collect()
}

/// The folders the rules send files to that this turn has not listed
/// yet (listed once, so names taken there are not overwritten).
fn unlisted_rule_folders(
    ctx: &Context<'_>,
    this_turn: &[Exchange],
    items: &[Listed],
) -> Vec<String> {
    let Some(rules) = ctx.rules else {
        return Vec::new();
    };
    let readings = Readings::new(this_turn);
    let kinds = KindsSeen::new(this_turn);
    let asked = ctx.request.made_rules(ctx.lang).len();
    let mut folders: Vec<String> = Vec::new();
    for exchange in this_turn.iter().filter(|e| e.name == "get_file_type") {
        let (Some(item), Some(category)) = (
            items
                .iter()
                .find(|item| item.name == exchange.arg("filename")),
            kinds.of(exchange.arg("filename")),
        ) else {
            continue;
        };
        if let Placement::Rule { folder, number } = place(item, category, Some(rules), &readings) {
            let folder = match number <= asked {
                true => existing_spelling(&folder, items),
                false => folder,
            };
            let folder = folder.replace('/', &ctx.separator().to_string());
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

/// A large folder: overview (and the lookups the rules need) → plan: the
/// rules first, then by category, one step per model call.
fn organize_large(ctx: &Context<'_>, this_turn: &[Exchange], declared: Declared) -> Step {
    let lang = ctx.lang;
    let items = this_turn
        .iter()
        .find(|e| e.name == "list_files" && e.arg("path") == ".")
        .map(Exchange::items)
        .unwrap_or_default();
    let copies = ctx.request.sets_copies_aside();
    match LargePlan::from_exchanges(this_turn, lang, ctx.separator(), copies) {
        None => {
            let mut calls = large_request::finding_calls(ctx.request);
            calls.extend(large::overview_calls(lang, copies));
            if ctx.request.by_date.is_none() {
                calls.extend(large_existing::list_calls(items));
            }
            if let Some(rules) = large_rules(ctx).0 {
                calls.extend(large_rules::lookup_calls(&rules));
            }
            Step::Call(calls)
        }
        Some(mut plan) => {
            let users = UserFolders::find(items, this_turn, &plan.projects);
            if ctx.request.by_date.is_none() {
                let unlisted = users.unlisted(this_turn, ctx.separator());
                if !unlisted.is_empty() {
                    return Step::Call(unlisted.iter().map(|folder| list_files(folder)).collect());
                }
                let lookups = large_existing::lookup_calls(&users, this_turn);
                if !lookups.is_empty() {
                    return Step::Call(lookups);
                }
                let reads = large_existing::read_calls(&users, this_turn);
                if declared.read_file && !reads.is_empty() {
                    return Step::Call(reads);
                }
            }
            let taken = large::taken_folders(this_turn, lang);
            let (rules, asked) = large_rules(ctx);
            large_request::apply(&mut plan, ctx, this_turn, &taken);
            if let Some(rules) = rules {
                plan.follow_rules(&rules, this_turn, declared.read_file);
                plan.rules.asked = asked;
                plan.drop_empty_asked_steps(ctx.request.takes_every_kind());
            }
            let existing = large_existing::plan(
                &users,
                ctx,
                this_turn,
                (&plan.set_aside, &plan.left, &plan.secrets),
            );
            plan.take_existing(existing);
            if asked > 0 {
                plan.understood = ctx
                    .request
                    .understood(lang, declared.read_file, ctx.separator());
            }
            if plan.file_count() == 0 {
                let nothing = Plan {
                    understood: plan.understood.clone(),
                    ..Plan::default()
                };
                let mut text = plan_text::nothing_to_organize(&nothing, lang);
                if !plan.rules.not_followed.is_empty() {
                    text.push_str("\n\n");
                    text.push_str(&large_plan_text::not_followed_text(&plan.rules, lang));
                }
                return Step::Say(text);
            }
            let text = large_plan_text::plan_text(&plan, lang, ctx.separator());
            Step::Propose(text, Box::new(Proposal::ByCategory(plan)))
        }
    }
}

/// The rules a large folder follows through the bulk moves: what the
/// user's line asks by date (`Request::large_date_rules`), then the
/// rules file's (not when the line names what moves: the other files
/// stay); with how many of them the line asked.
fn large_rules(ctx: &Context<'_>) -> (Option<Rules>, usize) {
    let dates = ctx.request.large_date_rules(ctx.lang);
    let asked = dates.as_ref().map_or(0, Rules::rule_count);
    let file = ctx.file_rules.filter(|_| !ctx.request.is_limited());
    let rules = match (dates, file) {
        (Some(dates), Some(file)) => Some(dates.then(file)),
        (Some(dates), None) => Some(dates),
        (None, file) => file.cloned(),
    };
    (rules, asked)
}
