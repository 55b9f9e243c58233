//! The user's rules on a folder too large to list whole: each rule is one
//! bulk move, in the rules' order, before the moves by type, so a file goes
//! where the first rule it matches sends it, exactly as on a folder listed
//! whole.
//!
//! - A rule whose conditions are one glob (`name`, or `extensions` as
//!   `*.{jpg,heic}`) and whose `to` is a plain folder is one
//!   `move_matching` of that glob.
//! - Any other rule (`content`, a placeholder in `to`, both conditions) is
//!   one `move_matching` of the files its conditions could match, carrying
//!   the rule (the tools' undeclared `rules`): the tool reads only those
//!   files, locally, and sends each to its own folder.
//!
//! The moves run in order in one reply, so an earlier rule's files have
//! left the folder before a later rule's move looks; every bulk move
//! carries the rules' excludes, so what they exclude stays. How many files
//! a rule takes is counted from a `find_files` page of its glob, as far as
//! that page tells. A rule that cannot be followed on this folder is named
//! in the plan with why, and left out: its files go by the later rules and
//! by type, as when it matches nothing.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::kinds;
use crate::rules::{RuleSpec, RuleTerms, Rules, RulesSpec};
use crate::texts::Unfollowable;
use crate::tools::BulkOptions;

use super::exchanges::Exchange;
use super::rule_globs::{folder_exists, folders_glob, rule_glob, top_level};
use super::set_aside::SetAside;

/// What a large plan does with the user's rules.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct LargeRules {
    /// One move per rule followed, in the rules' order.
    pub steps: Vec<RuleStep>,
    /// The rules that cannot be followed here, and why.
    pub not_followed: Vec<NotFollowed>,
    /// The rules' `exclude` globs, passed to every bulk move.
    pub exclude: Vec<String>,
    /// How many of the first rules the user's line asked for (by date);
    /// the rules file's are numbered after them.
    #[serde(default)]
    pub asked: usize,
}

impl LargeRules {
    /// The rule numbered `number` among those followed, as a person knows
    /// it: `None` for one the user's line asked for, else its number in
    /// the rules file.
    pub fn shown_number(&self, number: usize) -> Option<usize> {
        number.checked_sub(self.asked).filter(|n| *n > 0)
    }

    /// Where the rules followed come from: `(the user's line, the rules
    /// file)`.
    pub fn sources(&self) -> (bool, bool) {
        let file = self.steps.iter().any(|step| step.number > self.asked)
            || self
                .not_followed
                .iter()
                .any(|rule| rule.number > self.asked)
            || !self.exclude.is_empty();
        (self.asked > 0, file)
    }
}

/// One rule as one `move_matching`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleStep {
    /// The rule's number (1-based).
    pub number: usize,
    /// Its `to` as written, `/`-separated, placeholders unfilled.
    pub to: String,
    /// The glob of the files its conditions could match.
    pub pattern: String,
    /// The rule the tool tries on each file, when the glob alone does not
    /// decide (contents, dates, placeholders).
    pub rule: Option<RuleSpec>,
    /// How many files it takes, as far as known.
    pub count: usize,
    /// Whether `count` is exact (else it is at most that many).
    pub exact: bool,
    /// Whether the tool reads the files' contents (locally).
    pub reads: bool,
    /// Whether its folder is there already, when known (a plain folder
    /// directly in the target).
    #[serde(default)]
    pub folder_exists: Option<bool>,
}

/// A rule the plan cannot follow on this folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotFollowed {
    /// The rule's number (1-based).
    pub number: usize,
    /// Why.
    pub why: Unfollowable,
}

/// The files of the target the rules were seen to take or exclude, for
/// the counts by type of what they leave.
#[derive(Debug, Clone, Default)]
pub struct Taken {
    /// Files known to be taken by a rule or excluded.
    pub known: BTreeSet<String>,
    /// Files a rule may take (it decides by contents or date).
    pub maybe: BTreeSet<String>,
    /// Whether rules may take files not named at all (a page was cut).
    pub unknown: bool,
}

/// The `find_files` of `.` for each glob the rules need counted: each
/// rule's, then each exclude that can name a file of the target itself.
pub fn lookup_calls(rules: &Rules) -> Vec<(&'static str, Value)> {
    let mut globs: Vec<String> = rules.terms().map(|terms| rule_glob(&terms).0).collect();
    globs.extend(rules.exclude_patterns().iter().filter_map(|p| top_level(p)));
    globs.extend(folders_glob(rules));
    let mut seen = BTreeSet::new();
    globs.retain(|glob| seen.insert(glob.clone()));
    globs
        .into_iter()
        .map(|glob| {
            (
                "find_files",
                json!({ "path": ".", "pattern": glob, "offset": 0 }),
            )
        })
        .collect()
}

/// A page of names a `find_files` lookup gave: the files (hidden ones
/// aside) and whether that was all of them.
struct Lookup {
    files: Vec<String>,
    complete: bool,
    total: usize,
}

impl Lookup {
    /// The lookup of `glob` among `exchanges`; `None` when it did not run.
    fn find(exchanges: &[Exchange], glob: &str) -> Option<Self> {
        let exchange = exchanges
            .iter()
            .rev()
            .find(|e| e.name == "find_files" && e.arg("path") == "." && e.arg("pattern") == glob)?;
        let listing = exchange.listing();
        let complete = listing.is_none_or(|listing| listing.more == 0);
        let items = exchange.items();
        let total = listing.map_or(items.len(), |listing| listing.total);
        let files = (items.iter())
            .filter(|item| !item.is_dir && !item.name.starts_with('.'))
            .map(|item| item.name.clone())
            .collect();
        Some(Self {
            files,
            complete,
            total,
        })
    }
}

impl LargeRules {
    /// What a large plan setting aside `set_aside` does with `rules`, from
    /// the turn's lookups; `read` says whether the session may read
    /// contents. Returns what the rules take, for the counts by type.
    pub fn plan(
        rules: &Rules,
        set_aside: &SetAside,
        exchanges: &[Exchange],
        read: bool,
    ) -> (Self, Taken) {
        let mut taken = Taken::default();
        for glob in rules.exclude_patterns().iter().filter_map(|p| top_level(p)) {
            match Lookup::find(exchanges, &glob) {
                Some(lookup) => {
                    let excluded = lookup.files.into_iter();
                    taken
                        .known
                        .extend(excluded.filter(|name| rules.is_excluded(name, false)));
                    taken.unknown |= !lookup.complete;
                }
                None => taken.unknown = true,
            }
        }
        let existing: Vec<String> = folders_glob(rules)
            .and_then(|glob| {
                let exchange = exchanges.iter().rev().find(|e| {
                    e.name == "find_files" && e.arg("path") == "." && e.arg("pattern") == glob
                })?;
                let items = exchange.items().iter();
                Some(
                    items
                        .filter(|item| item.is_dir)
                        .map(|item| item.name.clone())
                        .collect(),
                )
            })
            .unwrap_or_default();
        let mut out = Self {
            exclude: rules.exclude_patterns().to_vec(),
            ..Self::default()
        };
        for (index, terms) in rules.terms().enumerate() {
            let number = index + 1;
            if let Some(why) = unfollowable(rules, &terms, read) {
                out.not_followed.push(NotFollowed { number, why });
                continue;
            }
            let (pattern, glob_decides) = rule_glob(&terms);
            let decided = glob_decides && terms.content.is_none() && !terms.to.contains('{');
            // Without contents, only a missing extension keeps a file the
            // glob matches from its folder.
            let certain = glob_decides
                && terms.content.is_none()
                && (!terms.to.contains("{ext}") || !terms.extensions.is_empty());
            let spec = rules.rule_spec(index).filter(|_| !decided);
            let one = spec.as_ref().and_then(|spec| {
                RulesSpec {
                    exclude: Vec::new(),
                    rule: vec![spec.clone()],
                }
                .rules()
                .ok()
            });
            let lookup = Lookup::find(exchanges, &pattern);
            let step = match lookup {
                Some(lookup) if lookup.complete => {
                    let candidates: Vec<String> = lookup
                        .files
                        .into_iter()
                        .filter(|name| !set_aside.is_copy(name))
                        .filter(|name| !rules.is_excluded(name, false))
                        .filter(|name| !taken.known.contains(name))
                        .filter(|name| one.as_ref().is_none_or(|one| one.matches_some_name(name)))
                        .collect();
                    let unsure = candidates.iter().any(|name| taken.maybe.contains(name));
                    let count = candidates.len();
                    let exact = certain && !unsure && !taken.unknown;
                    if certain {
                        taken.known.extend(candidates);
                    } else {
                        taken.maybe.extend(candidates);
                    }
                    (count, exact)
                }
                Some(lookup) => {
                    taken.unknown = true;
                    (lookup.total, false)
                }
                None => {
                    taken.unknown = true;
                    (0, false)
                }
            };
            out.steps.push(RuleStep {
                number,
                to: terms.to.clone(),
                pattern,
                reads: terms.content.is_some(),
                rule: spec,
                count: step.0,
                exact: step.1,
                folder_exists: folder_exists(&terms.to, &existing),
            });
        }
        (out, taken)
    }

    /// How many files the rules' moves take, as far as known.
    pub fn file_count(&self) -> usize {
        self.steps.iter().map(|step| step.count).sum()
    }

    /// One `move_matching` per rule followed, in order, by the index of
    /// its step, with the options that make it follow its rule; `left`
    /// are the files the user left out.
    pub fn intents(&self, separator: char, left: &[String]) -> Vec<(usize, Value, BulkOptions)> {
        self.steps
            .iter()
            .enumerate()
            .map(|(index, step)| {
                let arguments = json!({
                    "path": ".",
                    "pattern": step.pattern,
                    "destination": step.destination(separator),
                });
                let spec = RulesSpec {
                    exclude: self.exclude.clone(),
                    rule: step.rule.iter().cloned().collect(),
                };
                let options = BulkOptions {
                    except: left.to_vec(),
                    rules: (spec != RulesSpec::default()).then_some(spec),
                };
                (index, arguments, options)
            })
            .collect()
    }

    /// The rules the moves by type follow: the excludes.
    pub fn by_type_rules(&self) -> Option<RulesSpec> {
        (!self.exclude.is_empty()).then(|| RulesSpec {
            exclude: self.exclude.clone(),
            rule: Vec::new(),
        })
    }
}

impl RuleStep {
    /// The folder the move names: `to` up to its first placeholder, with
    /// the target's separator (`.` when it starts with one).
    pub fn destination(&self, separator: char) -> String {
        let fixed: Vec<&str> = self
            .to
            .split('/')
            .take_while(|segment| !segment.contains('{'))
            .collect();
        match fixed.is_empty() {
            true => ".".to_owned(),
            false => fixed.join(&separator.to_string()),
        }
    }

    /// `to` with the target's separator, as a plan shows it.
    pub fn shown(&self, separator: char) -> String {
        self.to.replace('/', &separator.to_string())
    }
}

impl Taken {
    /// How many of the summary's `count` files of a kind the rules leave
    /// (`in_kind` says whether a name is of that kind), and whether that
    /// is exact.
    pub fn left_of(&self, count: usize, in_kind: impl Fn(&str) -> bool) -> (usize, bool) {
        let gone = self.known.iter().filter(|name| in_kind(name)).count();
        let unsure = self.unknown || self.maybe.iter().any(|name| in_kind(name));
        (count.saturating_sub(gone), !unsure)
    }

    /// Whether `name` is known to be taken by a rule or excluded.
    pub fn has(&self, name: &str) -> bool {
        self.known.contains(name)
    }
}

/// Why the rule `terms` cannot be followed here, if it cannot.
fn unfollowable(rules: &Rules, terms: &RuleTerms<'_>, read: bool) -> Option<Unfollowable> {
    if terms.content.is_some() && !read {
        return Some(Unfollowable::Contents);
    }
    let fixed: Vec<&str> = terms
        .to
        .split('/')
        .take_while(|segment| !segment.contains('{'))
        .collect();
    let protected = !fixed.is_empty() && rules.is_excluded(&fixed.join("/"), true);
    protected.then_some(Unfollowable::Protected)
}

/// Whether `name` is of the kind `category` as the bulk moves see it.
pub fn of_kind(name: &str, category: crate::file_type::Category) -> bool {
    kinds::kind(name) == category
}
