//! The user's rules in a bulk move: the [`RulesSpec`] (a rules file as
//! data) of a context's [`BulkOptions`], which the offline planner's
//! rehearsal hands `move_matching` and `move_by_type` so its bulk moves
//! follow the rules on a folder of any size exactly as its moves file by
//! file do.
//!
//! - Its `exclude` globs: files they exclude stay where they are.
//! - Its one `rule` (`move_matching` only): each file the glob matches is
//!   tried against the rule as [`Rules::destination`] tries it, with the
//!   file's text when the rule looks at contents, its date (`dates`:
//!   taken, for a picture, else the date in its name, else modified) when
//!   the rule files by date, its kind and
//!   extension; a file the rule takes goes to its own filled folder, the
//!   others stay. Texts are read here, in the core, and only when the
//!   context allows reading contents; nothing of them is in the result
//!   beyond where each file went.
//!
//! The options are no argument of any tool: a model or an MCP client
//! calls exactly the declared tools, and only Rust code of this crate's
//! API sets them.

use std::collections::BTreeMap;

use super::bulk::{MoveReport, move_units_into};
use super::read_file::read_contents;
use serde::{Deserialize, Serialize};

use super::{ToolContext, ToolFailure};
use crate::contents::Contents;
use crate::dates::file_date;
use crate::file_type::Category;
use crate::format::format_local_time;
use crate::ports::Entry;
use crate::rules::{FileFacts, Rules, RulesSpec};
use crate::{kinds, paths};

/// What a caller of this crate's API adds to a bulk move beyond its
/// declared arguments: names that stay where they are (`except`: a group
/// stays whole when one of its files is there), and the user's rules
/// (`rules`: their excludes stay; with one rule, `move_matching` sends
/// each file where that rule does). None by default.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BulkOptions {
    /// Names that stay.
    #[serde(default)]
    pub except: Vec<String>,
    /// The rules to follow.
    #[serde(default)]
    pub rules: Option<RulesSpec>,
}

/// The rules the context's options carry, checked as a rules file is;
/// `None` without any.
pub(super) fn carried(ctx: &ToolContext<'_>) -> Result<Option<Rules>, ToolFailure> {
    let Some(spec) = &ctx.options.rules else {
        return Ok(None);
    };
    let lang = ctx.lang;
    let rules = spec.rules().map_err(|err| {
        ToolFailure::Cause(lang.rules_argument_bad(&lang.rules_problem(&err.problem)))
    })?;
    if rules.needs_content() && !ctx.tools.contents {
        return Err(ToolFailure::Cause(lang.rule_needs_contents()));
    }
    Ok(Some(rules))
}

/// Whether `rules` exclude the entry `name` of the directory `folder`
/// (absolute): its path relative to the target is tested.
pub(super) fn excluded(
    rules: Option<&Rules>,
    ctx: &ToolContext<'_>,
    folder: &str,
    name: &str,
) -> bool {
    let Some(rules) = rules else {
        return false;
    };
    let target = ctx.target_dir.trim_end_matches(['/', '\\']);
    let Some(rest) = folder.strip_prefix(target) else {
        return false;
    };
    if !rest.is_empty() && !rest.starts_with(['/', '\\']) {
        return false;
    }
    let relative = match rest.trim_matches(['/', '\\']) {
        "" => name.to_owned(),
        rest => format!("{rest}/{name}"),
    };
    rules.is_excluded(&relative, false)
}

/// Moves each of `units` (a main file of the directory `from_dir` with
/// the names of its group, itself first) that the rule of `rules` takes
/// to the folder it fills for that main file, the group with it (its
/// date, its kind); the others stay. `Ok(None)` when the rule takes none.
pub(super) fn move_by_rule(
    ctx: &mut ToolContext<'_>,
    rules: &Rules,
    from_dir: &str,
    units: Vec<(&Entry, Vec<String>)>,
) -> Result<Option<MoveReport>, ToolFailure> {
    let mut by_folder: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
    for (entry, names) in units {
        if !rules.matches_some_name(&entry.name) {
            continue;
        }
        if let Some(folder) = destination(ctx, rules, from_dir, entry) {
            by_folder.entry(folder).or_default().push(names);
        }
    }
    if by_folder.is_empty() {
        return Ok(None);
    }
    let mut report = MoveReport {
        moved: Vec::new(),
        failed: Vec::new(),
        left: 0,
        made: Vec::new(),
    };
    for (folder, units) in by_folder {
        if report.left > 0 {
            report.left += units.iter().map(Vec::len).sum::<usize>();
            continue;
        }
        let separator = paths::separator(ctx.target_dir).to_string();
        let destination = paths::resolve(ctx.target_dir, &folder.replace('/', &separator));
        match move_units_into(ctx, from_dir, &units, &destination)? {
            Ok(done) => {
                report.moved.extend(done.moved);
                report.failed.extend(done.failed);
                report.left += done.left;
                report.made.extend(done.made);
            }
            Err(cause) => {
                let failed = (units.into_iter().flatten()).map(|name| (name, cause.clone()));
                report.failed.extend(failed);
            }
        }
    }
    ctx.files_moved = report.moved.len();
    ctx.files_left = report.left;
    Ok(Some(report))
}

/// Where the rules send `entry`, `/`-separated and relative to the
/// target; `None` when no rule takes it.
fn destination(
    ctx: &mut ToolContext<'_>,
    rules: &Rules,
    from_dir: &str,
    entry: &Entry,
) -> Option<String> {
    let kind = kinds::kind(&entry.name);
    let worth_reading = rules.needs_content() || (rules.needs_dates() && kind == Category::Images);
    let read = match worth_reading && ctx.tools.contents {
        true => read_contents(ctx, &paths::join(from_dir, &entry.name)).ok(),
        false => None,
    };
    let text = read.as_ref().map(Contents::rule_text);
    let taken = read.as_ref().and_then(Contents::taken_month);
    let date = file_date(taken, &entry.name, year_month(entry)).map(|(date, _)| date);
    let facts = FileFacts {
        name: &entry.name,
        category: kind.name(),
        text: text.as_deref(),
        date,
    };
    rules.destination(&facts).map(|found| found.folder)
}

/// The year and month `entry` was last modified, in local time as
/// listings show it.
fn year_month(entry: &Entry) -> Option<(i32, u32)> {
    let shown = format_local_time(entry.modified, entry.utc_offset);
    let year = shown.get(0..4)?.parse().ok()?;
    let month = shown.get(5..7)?.parse().ok()?;
    Some((year, month))
}
