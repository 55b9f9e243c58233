//! What the user's line asks, on a folder too large to list whole: with
//! the bulk tools, a category left alone or not named by a limited request
//! is not moved (and the plan counts what stays, and why), a category
//! asked into a folder of the user's goes there (the folder the user has,
//! in whatever letter case, when there is one), and a kind that is not a
//! whole category (PDFs, screenshots) is moved by name with one
//! `move_matching` before the categories, or named in their `except` when
//! left alone. The files of those kinds and the folders asked for are
//! found first with `find_files`.

use serde_json::{Value, json};

use crate::Lang;
use crate::file_type::Category;
use crate::kinds::kind;
use crate::texts::requests::KindWord;

use super::context::Context;
use super::exchanges::Exchange;
use super::folders::{category_folder, existing_category_folder};
use super::large::{KindMove, LargeGroup, LargePlan, less_matching, without};
use super::request::{Request, category_of, kind_glob};
use super::request_left::RequestLeft;
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

/// The glob `find_files` looks for the folder `name` with (any letter
/// case): the name with a `[` made literal.
fn folder_pattern(name: &str) -> String {
    name.replace('[', "[[]")
}

/// The `find_files` calls that find the files of the kinds `request`
/// names that are not whole categories, and the folders it asks for;
/// they come before the overview's own (whose `find_files` of folder
/// names is the turn's last).
pub fn finding_calls(request: &Request) -> Vec<(&'static str, Value)> {
    let mut folders: Vec<&str> = request.into.iter().map(|(_, f)| f.as_str()).collect();
    folders.sort();
    folders.dedup();
    let find = |pattern: String| {
        (
            "find_files",
            json!({ "path": ".", "pattern": pattern, "offset": 0 }),
        )
    };
    named_kinds(request)
        .into_iter()
        .filter_map(kind_glob)
        .chain(folders.into_iter().map(folder_pattern))
        .map(find)
        .collect()
}

/// The items `find_files` found for `pattern` this turn, and how many
/// match in all.
fn found_items(this_turn: &[Exchange], pattern: &str) -> (Vec<Listed>, usize) {
    let Some(exchange) = this_turn
        .iter()
        .find(|e| e.name == "find_files" && e.arg("pattern") == pattern)
    else {
        return (Vec::new(), 0);
    };
    let items = exchange.items().to_vec();
    let total = exchange
        .listing()
        .map_or(items.len(), |listing| listing.total);
    (items, total)
}

/// The files `find_files` found for `pattern` this turn (visible files
/// only), and how many match in all.
fn found(this_turn: &[Exchange], pattern: &str) -> (Vec<String>, usize) {
    let (items, total) = found_items(this_turn, pattern);
    let names: Vec<String> = (items.into_iter())
        .filter(|item| !item.is_dir && !item.name.starts_with('.'))
        .map(|item| item.name)
        .collect();
    let total = total.max(names.len());
    (names, total)
}

/// Applies `ctx.request` to `plan`; `taken` is what the overview found of
/// the folder names.
pub fn apply(plan: &mut LargePlan, ctx: &Context<'_>, this_turn: &[Exchange], taken: &[Listed]) {
    let (request, lang) = (ctx.request, ctx.lang);
    let folder_of = |name: &str| existing_folder(name, taken, this_turn);
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
        .partition(|group| request.takes_category(group.category));
    plan.groups = kept_groups;
    let mut left = RequestLeft {
        categories: (gone.iter())
            .map(|group| {
                let asked = request.leave.contains(&KindWord::Category(group.category));
                (group.category, asked, group.count)
            })
            .collect(),
        ..RequestLeft::default()
    };
    for kind in named_kinds(request) {
        let Some(pattern) = kind_glob(kind) else {
            continue;
        };
        let (names, count) = found(this_turn, &pattern);
        let category = category_of(kind);
        if request.leave.contains(&kind) {
            take_off(plan, &mut left, category, &names, names.len());
            left.kinds.push((lang.kind_label(kind), names.len()));
            left.names.extend(names.iter().cloned());
            plan.left.extend(names);
            continue;
        }
        if count == 0 {
            continue;
        }
        let into = request.into.iter().find(|(asked, _)| *asked == kind);
        let group = plan.groups.iter().find(|g| g.category == category);
        let (folder, folder_exists) = match (into, group) {
            (Some((_, folder)), _) => folder_of(folder),
            (None, Some(group)) => (group.folder.clone(), group.folder_exists),
            (None, None) => match existing_category_folder(category, lang, taken) {
                Some(existing) => (existing.to_owned(), true),
                None => folder_of(category_folder(category, lang)),
            },
        };
        take_off(plan, &mut left, category, &names, count);
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
    plan.request_left = left;
    plan.understood = understood(request, lang, ctx.separator());
}

/// The folder `name` asked for, and whether it exists: a folder of that
/// name among the overview's `taken`, else one `find_files` found this
/// turn, the same name first, else the one alike in letter case (under
/// its own spelling).
fn existing_folder(name: &str, taken: &[Listed], this_turn: &[Exchange]) -> (String, bool) {
    if let Some(dir) = taken.iter().find(|item| item.is_dir && item.name == name) {
        return (dir.name.clone(), true);
    }
    let (found, _) = found_items(this_turn, &folder_pattern(name));
    let wanted = name.to_lowercase();
    let same = |item: &&Listed| item.is_dir && item.name == name;
    let alike = |item: &&Listed| item.is_dir && item.name.to_lowercase() == wanted;
    match found.iter().find(same).or_else(|| found.iter().find(alike)) {
        Some(dir) => (dir.name.clone(), true),
        None => (name.to_owned(), false),
    }
}

/// Takes `count` files of a kind moved apart or left, `names` the ones
/// found, off the counts of the categories they belong to: each file
/// found off its own category's group (or what the line leaves of it),
/// those not found off `category`'s.
fn take_off(
    plan: &mut LargePlan,
    left: &mut RequestLeft,
    category: Category,
    names: &[String],
    count: usize,
) {
    let mut by_category: Vec<(Category, Vec<String>)> = vec![(category, Vec::new())];
    for name in names {
        let of = kind(name);
        match by_category.iter_mut().find(|(c, _)| *c == of) {
            Some((_, names)) => names.push(name.clone()),
            None => by_category.push((of, vec![name.clone()])),
        }
    }
    let unseen = count.saturating_sub(names.len());
    for (of, names) in by_category {
        let n = names.len() + if of == category { unseen } else { 0 };
        if n == 0 {
            continue;
        }
        match plan.groups.iter_mut().find(|g| g.category == of) {
            Some(group) => less(group, &names, n),
            None => left.less(of, n),
        }
    }
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
fn understood(request: &Request, lang: Lang, separator: char) -> Option<String> {
    let Some(_) = request.by_date.filter(|_| !request.into.is_empty()) else {
        return request.understood(lang, false, separator);
    };
    let by_kind = Request {
        by_date: None,
        ..request.clone()
    };
    let mut parts = by_kind.parts(lang, false, separator);
    // The last part says what becomes of the other files.
    let rest = parts.pop();
    parts.push(lang.asked_date_too_large());
    parts.extend(rest);
    Some(lang.understood(&parts))
}
