//! What the user's line asks, on a folder too large to list whole: with
//! the bulk tools, a category left alone or not asked for is not moved, a
//! category asked into a folder of the user's goes there, and a kind that
//! is not a whole category (PDFs, screenshots) is moved by name with one
//! `move_matching` before the categories, or named in their `except` when
//! left alone. The files of those kinds are found first with `find_files`.

use serde_json::{Value, json};

use crate::Lang;
use crate::file_type::Category;
use crate::texts::requests::KindWord;

use super::context::Context;
use super::exchanges::Exchange;
use super::folders::{category_folder, existing_category_folder};
use super::large::{KindMove, LargeGroup, LargePlan, less_matching, without};
use super::request::{Request, category_of, kind_glob};
use crate::tools::Listed;

/// The kinds of `request` that are not whole categories.
fn named_kinds(request: &Request) -> Vec<KindWord> {
    let mut kinds: Vec<KindWord> = request
        .only
        .iter()
        .chain(&request.leave)
        .chain(request.into.iter().map(|(kind, _)| kind))
        .copied()
        .filter(|kind| kind_glob(*kind).is_some())
        .collect();
    kinds.sort();
    kinds.dedup();
    kinds
}

/// The `find_files` calls that find the files of the kinds `request`
/// names that are not whole categories; they come before the overview's
/// own (whose `find_files` of folder names is the turn's last).
pub fn finding_calls(request: &Request) -> Vec<(&'static str, Value)> {
    named_kinds(request)
        .into_iter()
        .filter_map(kind_glob)
        .map(|pattern| {
            (
                "find_files",
                json!({ "path": ".", "pattern": pattern, "offset": 0 }),
            )
        })
        .collect()
}

/// The files `find_files` found for `pattern` this turn (visible files
/// only), and how many match in all.
fn found(this_turn: &[Exchange], pattern: &str) -> (Vec<String>, usize) {
    let Some(exchange) = this_turn
        .iter()
        .find(|e| e.name == "find_files" && e.arg("pattern") == pattern)
    else {
        return (Vec::new(), 0);
    };
    let names: Vec<String> = (exchange.items().iter())
        .filter(|item| !item.is_dir && !item.name.starts_with('.'))
        .map(|item| item.name.clone())
        .collect();
    let total = exchange
        .listing()
        .map_or(names.len(), |listing| listing.total);
    let total = total.max(names.len());
    (names, total)
}

/// Applies `ctx.request` to `plan`; `taken` is what the overview found of
/// the folder names.
pub fn apply(plan: &mut LargePlan, ctx: &Context<'_>, this_turn: &[Exchange], taken: &[Listed]) {
    let (request, lang) = (ctx.request, ctx.lang);
    let folder_of = |name: &str| {
        let existing = taken.iter().find(|item| item.is_dir && item.name == name);
        (name.to_owned(), existing.is_some())
    };
    let kept = |category: Category| {
        let left = request.leave.contains(&KindWord::Category(category));
        let asked = request.only.is_empty() || request.only.contains(&KindWord::Category(category));
        !left && asked
    };
    for group in &mut plan.groups {
        if let Some((_, folder)) = request
            .into
            .iter()
            .find(|(kind, _)| *kind == KindWord::Category(group.category))
        {
            (group.folder, group.folder_exists) = folder_of(folder);
        }
    }
    let (kept_groups, gone): (Vec<_>, Vec<_>) = std::mem::take(&mut plan.groups)
        .into_iter()
        .partition(|group| kept(group.category));
    plan.groups = kept_groups;
    plan.skipped_categories
        .extend(gone.iter().map(|group| group.category));
    for kind in named_kinds(request) {
        let Some(pattern) = kind_glob(kind) else {
            continue;
        };
        let (names, count) = found(this_turn, &pattern);
        let category = category_of(kind);
        let group = plan.groups.iter_mut().find(|g| g.category == category);
        if request.leave.contains(&kind) {
            if let Some(group) = group {
                less(group, &names, names.len());
            }
            plan.left.extend(names);
            continue;
        }
        if count == 0 {
            continue;
        }
        let into = request.into.iter().find(|(asked, _)| *asked == kind);
        let (folder, folder_exists) = match (into, &group) {
            (Some((_, folder)), _) => folder_of(folder),
            (None, Some(group)) => (group.folder.clone(), group.folder_exists),
            (None, None) => match existing_category_folder(category, lang, taken) {
                Some(existing) => (existing.to_owned(), true),
                None => folder_of(category_folder(category, lang)),
            },
        };
        if let Some(group) = group {
            less(group, &names, count);
        }
        plan.by_name.push(KindMove {
            label: lang.kind_label(kind),
            pattern,
            category,
            folder,
            folder_exists,
            count,
            samples: names.into_iter().take(3).collect(),
        });
    }
    plan.groups.retain(|group| group.count > 0);
    plan.understood = understood(request, lang);
}

/// `group` less `count` files of a kind moved apart or left, `names` the
/// ones found: its count, name patterns and samples.
fn less(group: &mut LargeGroup, names: &[String], count: usize) {
    group.count = group.count.saturating_sub(count);
    // The summary's size counted them too; the rest's size is unknown.
    group.size.clear();
    group.patterns = std::mem::take(&mut group.patterns)
        .into_iter()
        .filter_map(|(pattern, count)| {
            less_matching(&pattern, count, names.iter().map(String::as_str))
        })
        .collect();
    group.samples = group
        .samples
        .as_deref()
        .and_then(|samples| without(samples, |name| names.iter().any(|n| n == name)));
}

/// The line saying what was understood: on a large folder, a request by
/// date that also names a folder for a kind goes by kind (one by date
/// alone is followed as rules; the planner words it then).
fn understood(request: &Request, lang: Lang) -> Option<String> {
    let Some(_) = request.by_date.filter(|_| !request.into.is_empty()) else {
        return request.understood(lang, false);
    };
    let by_kind = Request {
        by_date: None,
        ..request.clone()
    };
    let mut parts = by_kind.parts(lang, false);
    if by_kind.only.is_empty() {
        parts.pop();
    }
    parts.push(lang.asked_date_too_large());
    Some(lang.understood(&parts))
}
