//! The user's rules on the page of a large plan (`show`): a section per
//! rule followed, listing the files its move takes and where, before the
//! sections by type, which leave those files out, and the files the rules
//! exclude. A date is the modification time here (a photo's date taken is
//! read only when the rule runs); a rule on contents is shown with how
//! many files it reads, its files staying in the sections by type: which
//! it takes is known only when their text is read.

use std::collections::BTreeSet;

use globset::GlobBuilder;

use crate::format::format_local_time;
use crate::ports::Entry;
use crate::rules::{FileFacts, Rules, RulesSpec};
use crate::texts::RuleFolder;
use crate::{Lang, kinds};

use super::large::LargePlan;

/// What the rules put on the page.
#[derive(Default)]
pub struct RulePages {
    /// One section per rule followed.
    pub sections: Vec<String>,
    /// The files listed under a rule.
    pub taken: BTreeSet<String>,
    /// The files the rules exclude.
    pub excluded: Vec<String>,
}

/// The rules' sections of `plan`'s page over the target's movable files
/// `names`, sorted, less those that `stays` (copies, files left out).
pub fn rule_pages(
    plan: &LargePlan,
    lang: Lang,
    separator: char,
    names: &[&Entry],
    stays: &dyn Fn(&str) -> bool,
) -> RulePages {
    let mut pages = RulePages::default();
    let excludes = excludes_of(plan);
    let excluded = |name: &str| {
        excludes
            .as_ref()
            .is_some_and(|r| r.is_excluded(name, false))
    };
    pages.excluded = names_excluded(excludes.as_ref(), names);
    for step in &plan.rules.steps {
        let Ok(glob) = GlobBuilder::new(&step.pattern)
            .case_insensitive(true)
            .literal_separator(true)
            .backslash_escape(false)
            .build()
            .map(|glob| glob.compile_matcher())
        else {
            continue;
        };
        let conditions: Option<Rules> = step.rule.as_ref().and_then(|rule| {
            RulesSpec {
                exclude: Vec::new(),
                rule: vec![rule.clone()],
            }
            .rules()
            .ok()
        });
        let candidates = names.iter().copied().filter(|entry| {
            let name = entry.name.as_str();
            glob.is_match(name) && !excluded(name) && !stays(name) && !pages.taken.contains(name)
        });
        let to = step.shown(separator);
        let folder = RuleFolder {
            to: &to,
            separator,
            number: plan.rules.shown_number(step.number),
        };
        if step.reads {
            let count = candidates
                .filter(|e| {
                    conditions
                        .as_ref()
                        .is_none_or(|r| r.matches_some_name(&e.name))
                })
                .count();
            let heading = lang.large_rule_step(folder, count, false, true);
            let note = lang.rule_decided_when_read();
            pages
                .sections
                .push(format!("{}\n  {note}", heading.trim_start()));
            continue;
        }
        let files: Vec<(&str, String)> = candidates
            .filter_map(|entry| {
                let folder = match &conditions {
                    None => to.clone(),
                    Some(rules) => filled(rules, entry)?.replace('/', &separator.to_string()),
                };
                Some((entry.name.as_str(), folder))
            })
            .collect();
        let mut text = lang
            .large_rule_step(folder, files.len(), true, false)
            .trim_start()
            .to_owned();
        for (name, folder) in &files {
            text.push_str(&format!("\n  {name} → {folder}{separator}{name}"));
        }
        pages.sections.push(text);
        pages
            .taken
            .extend(files.into_iter().map(|(name, _)| name.to_owned()));
    }
    pages
}

/// The rules of `plan`'s excludes alone; `None` when they do not compile.
fn excludes_of(plan: &LargePlan) -> Option<Rules> {
    RulesSpec {
        exclude: plan.rules.exclude.clone(),
        rule: Vec::new(),
    }
    .rules()
    .ok()
}

/// The names of `names` that the rules `plan` follows exclude.
pub fn excluded_names(plan: &LargePlan, names: &[&Entry]) -> Vec<String> {
    names_excluded(excludes_of(plan).as_ref(), names)
}

/// The names of `names` that `excludes` exclude (none without them).
fn names_excluded(excludes: Option<&Rules>, names: &[&Entry]) -> Vec<String> {
    let Some(excludes) = excludes else {
        return Vec::new();
    };
    names
        .iter()
        .filter(|entry| excludes.is_excluded(&entry.name, false))
        .map(|entry| entry.name.clone())
        .collect()
}

/// The folder `rules` send `entry` to, its date its modification time.
fn filled(rules: &Rules, entry: &Entry) -> Option<String> {
    let shown = format_local_time(entry.modified, entry.utc_offset);
    let date = shown
        .get(0..4)?
        .parse()
        .ok()
        .zip(shown.get(5..7)?.parse().ok());
    let facts = FileFacts {
        name: &entry.name,
        category: kinds::kind(&entry.name).name(),
        text: None,
        date,
    };
    rules.destination(&facts).map(|found| found.folder)
}
