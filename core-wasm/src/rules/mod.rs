//! The user's rules file: `.tidyup.toml` in the tidied folder, or the file
//! given with `--rules`.
//!
//! ```toml
//! instructions = "Keep bills by year; never touch the Keep folder."
//! exclude = ["Keep/**", "important.txt"]
//!
//! [[rule]]
//! content = "(?i)electricity bill"
//! to = "Bills/{year}"
//!
//! [[rule]]
//! extensions = ["jpg", "heic"]
//! to = "Photos/{year}-{month}"
//! ```
//!
//! The keys are a contract with the people who write these files:
//!
//! - `instructions`: free text for the model.
//! - `exclude`: globs relative to the folder, `/` separated; an item is left
//!   alone when it or any folder above it matches (see [`Rules::is_excluded`]).
//! - `[[rule]]`: tried in order, the first whose conditions all hold wins.
//!   Conditions: `content` (a regex on the file's text in a form no
//!   language shapes: its facts as `key: value` lines, then its own words;
//!   `Contents::rule_text` in `crate::contents` gives it), `extensions`
//!   (case-insensitive, without the dot) and `name` (a case-insensitive glob
//!   on the file name). A rule without any condition matches every file.
//!   `to` (required) is a folder relative to the tidied folder, with the
//!   placeholders `{year}`, `{month}`, `{category}` and `{ext}`.
//!
//! This module is pure and self-contained: the caller reads the file, and
//! hands over the facts of each file as plain values ([`FileFacts`]).

mod compose;
mod matching;
mod parse;
mod spec;
mod target;

use std::borrow::Cow;
use std::fmt;

use globset::{GlobMatcher, GlobSet};
use regex::Regex;

pub use compose::MadeRule;
pub use spec::{RuleSpec, RulesSpec};
use target::Target;
use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};

/// `name` in Unicode's composed form (NFC), so a name written decomposed
/// (`e` + a combining accent, as macOS and many archives store names) and
/// the same name typed composed are one name to every glob and rule.
fn composed(name: &str) -> Cow<'_, str> {
    match is_nfc_quick(name.chars()) {
        IsNormalized::Yes => Cow::Borrowed(name),
        IsNormalized::No | IsNormalized::Maybe => Cow::Owned(name.nfc().collect()),
    }
}

/// `name` as globs compare it: composed and in lower case, every letter
/// (the glob engine itself folds only ASCII), as the case-insensitive file
/// systems of Windows and macOS compare names.
fn folded(name: &str) -> String {
    composed(name).to_lowercase()
}

/// Upper bound, in bytes, of one compiled `content` regex, so a hostile
/// pattern is refused at parse time rather than eating memory.
pub const REGEX_SIZE_LIMIT: usize = 1 << 20;

/// Upper bound, in characters, of the rules described to a model.
pub const DESCRIBE_LIMIT: usize = 4_000;

/// A parsed, checked rules file: every regex and glob compiled, every `to`
/// validated.
#[derive(Debug, Clone)]
pub struct Rules {
    instructions: Option<String>,
    exclude_patterns: Vec<String>,
    exclude: GlobSet,
    rules: Vec<Rule>,
}

/// One `[[rule]]`: its conditions (all optional) and its destination.
#[derive(Debug, Clone)]
struct Rule {
    content: Option<Regex>,
    /// Lowercase, without a leading dot; empty when the rule has no
    /// `extensions` key.
    extensions: Vec<String>,
    /// The `name` glob as written, and compiled over folded names.
    name: Option<(String, GlobMatcher)>,
    /// The category the file must have (its name as [`FileFacts`] gives
    /// it): a condition only rules tidyup makes itself have ([`MadeRule`]),
    /// never one of a rules file.
    category: Option<String>,
    to: Target,
}

/// Why a rules file was refused, and where: 1-based line and column (in
/// characters) of the offending key or value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesError {
    /// What is wrong, without the position (its `Display` is English; the
    /// catalogue words it in either language).
    pub problem: RulesProblem,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.problem
        )
    }
}

impl std::error::Error for RulesError {}

/// What is wrong with a rules file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesProblem {
    /// Not TOML of the expected shape: the parser's message, and whether a
    /// rule was written `[rule]` instead of `[[rule]]`.
    Syntax {
        /// The TOML parser's message.
        message: String,
        /// A `[rule]` table stands where the fault is.
        single_bracket_rule: bool,
    },
    /// A `content` regex that does not compile (the regex crate's cause).
    BadContentRegex(String),
    /// `extensions = []`.
    EmptyExtensions,
    /// An empty string among the extensions.
    EmptyExtension,
    /// `name = ""`.
    EmptyName,
    /// A `name` glob that does not compile (globset's cause).
    BadNameGlob(String),
    /// An empty string among the excludes.
    EmptyExcludeGlob,
    /// An `exclude` glob that does not compile (globset's cause).
    BadExcludeGlob(String),
    /// The excludes together do not compile (globset's cause).
    BadExcludeSet(String),
    /// A `to` that cannot be a destination.
    Target(TargetProblem),
}

/// What is wrong with a rule's `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TargetProblem {
    /// Empty, or only separators and `.`.
    Empty,
    /// An absolute path (or a drive, or `~`).
    Absolute,
    /// A `..` segment.
    ParentDir,
    /// A `{` without its `}`.
    Unclosed,
    /// A placeholder tidyup does not know (its name).
    UnknownPlaceholder(String),
    /// A `}` without its `{`.
    Unmatched,
}

/// The placeholders a `to` may hold, as a rules file writes them.
pub const PLACEHOLDERS: &str = "{year}, {month}, {category}, {ext}";

/// What the rules know of one file, supplied by the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileFacts<'a> {
    /// The file's name (a path is cut to its last component).
    pub name: &'a str,
    /// The file's category name, used for `{category}`.
    pub category: &'a str,
    /// The file's text as `content` rules see it (`Contents::rule_text`:
    /// its facts, then its own words, the same in every language); `None`
    /// when it was not read, and then no `content` rule matches.
    pub text: Option<&'a str>,
    /// `(year, month)`: the date taken when known, else the date in the
    /// name, else the modification time (the caller decides, `dates`). `None` when unknown; then rules using `{year}` or `{month}` do
    /// not match.
    pub date: Option<(i32, u32)>,
}

/// One `[[rule]]` as written, for texts that describe it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleTerms<'a> {
    /// Lowercase extensions without the dot; empty when not a condition.
    pub extensions: &'a [String],
    /// The `name` glob.
    pub name: Option<&'a str>,
    /// The `content` regex.
    pub content: Option<&'a str>,
    /// The `to` folder, placeholders unfilled.
    pub to: String,
}

/// The rule a file matched and where it should go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleMatch {
    /// 0-based index of the rule in the file (plans say "rule {index + 1}").
    pub rule: usize,
    /// Destination folder relative to the tidied folder, `/` separated,
    /// placeholders filled.
    pub folder: String,
}

impl Rules {
    /// Parses and checks a rules file. Every problem (bad TOML, unknown key,
    /// wrong type, missing `to`, bad regex or glob, bad `to`) is an error
    /// carrying its line and column.
    pub fn parse(text: &str) -> Result<Rules, RulesError> {
        parse::parse(text)
    }

    /// The free-text `instructions`, when given and not blank.
    pub fn instructions(&self) -> Option<&str> {
        self.instructions.as_deref()
    }

    /// The `exclude` globs as written (a leading `/` or `./` removed).
    pub fn exclude_patterns(&self) -> &[String] {
        &self.exclude_patterns
    }

    /// Each `[[rule]]`'s conditions and destination as written, in order.
    pub fn terms(&self) -> impl Iterator<Item = RuleTerms<'_>> {
        self.rules.iter().map(|rule| RuleTerms {
            extensions: &rule.extensions,
            name: rule.name.as_ref().map(|(written, _)| written.as_str()),
            content: rule.content.as_ref().map(Regex::as_str),
            to: rule.to.to_string(),
        })
    }

    /// How many `[[rule]]` tables the file has.
    pub fn rule_count(&self) -> usize {
        self.rules.len()
    }

    /// Whether any rule has a `content` condition, so file texts are worth
    /// reading.
    pub fn needs_content(&self) -> bool {
        self.rules.iter().any(|rule| rule.content.is_some())
    }

    /// Whether any rule's `to` has `{year}` or `{month}`, so the dates
    /// pictures were taken are worth reading.
    pub fn needs_dates(&self) -> bool {
        self.rules.iter().any(|rule| rule.to.uses_date())
    }
}
