//! Reading a rules file: TOML into checked [`Rules`], every error placed at
//! its line and column.

use std::ops::Range;

use globset::{Glob, GlobBuilder, GlobSetBuilder};
use regex::{Regex, RegexBuilder};
use serde::Deserialize;
use toml::Spanned;

use super::target::Target;
use super::{REGEX_SIZE_LIMIT, Rule, Rules, RulesError, RulesProblem, composed, folded};

/// The file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    instructions: Option<String>,
    exclude: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    rule: Vec<RawRule>,
}

/// One `[[rule]]` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRule {
    content: Option<Spanned<String>>,
    extensions: Option<Spanned<Vec<Spanned<String>>>>,
    name: Option<Spanned<String>>,
    to: Spanned<String>,
}

/// See [`Rules::parse`].
pub(super) fn parse(text: &str) -> Result<Rules, RulesError> {
    let raw: RawFile = toml::from_str(text).map_err(|error| {
        let offset = error.span().map_or(0, |span| span.start);
        let problem = RulesProblem::Syntax {
            message: error.message().trim_end().to_string(),
            single_bracket_rule: text
                .get(offset..)
                .is_some_and(|rest| rest.starts_with("[rule]")),
        };
        at(text, offset, problem)
    })?;
    let (exclude_patterns, exclude) = excludes(text, raw.exclude)?;
    let rules = raw
        .rule
        .into_iter()
        .map(|rule| compile_rule(text, rule))
        .collect::<Result<Vec<_>, _>>()?;
    let instructions = raw.instructions.filter(|s| !s.trim().is_empty());
    Ok(Rules {
        instructions,
        exclude_patterns,
        exclude,
        rules,
    })
}

/// Checks and compiles one rule.
fn compile_rule(text: &str, raw: RawRule) -> Result<Rule, RulesError> {
    let content = match raw.content {
        Some(pattern) => Some(regex(pattern.get_ref()).map_err(|cause| {
            at(
                text,
                pattern.span().start,
                RulesProblem::BadContentRegex(cause),
            )
        })?),
        None => None,
    };
    let mut extensions = Vec::new();
    if let Some(list) = raw.extensions {
        if list.get_ref().is_empty() {
            return Err(at(text, list.span().start, RulesProblem::EmptyExtensions));
        }
        for item in list.into_inner() {
            let ext = composed(item.get_ref().trim().trim_start_matches('.')).to_lowercase();
            if ext.is_empty() {
                return Err(at(text, item.span().start, RulesProblem::EmptyExtension));
            }
            extensions.push(ext);
        }
    }
    let name = match raw.name {
        Some(pattern) if pattern.get_ref().is_empty() => {
            return Err(at(text, pattern.span().start, RulesProblem::EmptyName));
        }
        Some(pattern) => Some((
            pattern.get_ref().clone(),
            glob(&folded(pattern.get_ref()), false)
                .map_err(|cause| at(text, pattern.span().start, RulesProblem::BadNameGlob(cause)))?
                .compile_matcher(),
        )),
        None => None,
    };
    let to = Target::parse(raw.to.get_ref()).map_err(|error| {
        let offset = inner_offset(text, raw.to.span(), raw.to.get_ref(), error.offset);
        at(text, offset, RulesProblem::Target(error.problem))
    })?;
    Ok(Rule {
        content,
        extensions,
        name,
        category: None,
        to,
    })
}

/// The `exclude` globs, normalized, and their compiled set.
fn excludes(
    text: &str,
    raw: Option<Spanned<Vec<Spanned<String>>>>,
) -> Result<(Vec<String>, globset::GlobSet), RulesError> {
    let mut patterns = Vec::new();
    let mut set = GlobSetBuilder::new();
    let list_start = raw.as_ref().map_or(0, |list| list.span().start);
    for item in raw.map(Spanned::into_inner).unwrap_or_default() {
        let pattern = composed(&normalize_exclude(item.get_ref())).into_owned();
        if pattern.is_empty() {
            return Err(at(text, item.span().start, RulesProblem::EmptyExcludeGlob));
        }
        let compiled = glob(&folded(&pattern), true)
            .map_err(|cause| at(text, item.span().start, RulesProblem::BadExcludeGlob(cause)))?;
        set.add(compiled);
        patterns.push(pattern);
    }
    let set = set.build().map_err(|error| {
        at(
            text,
            list_start,
            RulesProblem::BadExcludeSet(error.to_string()),
        )
    })?;
    Ok((patterns, set))
}

/// An exclude glob as matched: `\` read as `/`, a leading `./` or `/`
/// removed (globs are relative to the tidied folder anyway).
fn normalize_exclude(raw: &str) -> String {
    let pattern = raw.trim().replace('\\', "/");
    let pattern = pattern.strip_prefix("./").unwrap_or(&pattern);
    pattern.trim_start_matches('/').to_string()
}

/// A case-insensitive glob. With `separators`, `*` and `?` stay within one
/// path component and `**` crosses them; `\` escapes on every platform.
pub(super) fn glob(pattern: &str, separators: bool) -> Result<Glob, String> {
    GlobBuilder::new(pattern)
        .case_insensitive(true)
        .literal_separator(separators)
        .backslash_escape(true)
        .build()
        .map_err(|error| error.kind().to_string())
}

/// A `content` regex, bounded by [`REGEX_SIZE_LIMIT`]. The error is one
/// line: the regex crate's last line of explanation.
fn regex(pattern: &str) -> Result<Regex, String> {
    RegexBuilder::new(pattern)
        .size_limit(REGEX_SIZE_LIMIT)
        .build()
        .map_err(|error| {
            let full = error.to_string();
            let last = full.lines().rev().find(|line| !line.trim().is_empty());
            let line = last.unwrap_or(&full).trim();
            line.strip_prefix("error: ").unwrap_or(line).to_string()
        })
}

/// Where an error `offset` bytes into a string value lies in the file:
/// inside the quotes when the value is written without escapes, else at
/// the value's start. `None` points at the value's start.
fn inner_offset(text: &str, span: Range<usize>, value: &str, offset: Option<usize>) -> usize {
    let Some(offset) = offset else {
        return span.start;
    };
    let written = text.get(span.clone()).unwrap_or_default();
    let plain = ['"', '\''].into_iter().any(|quote| {
        written.len() == value.len() + 2
            && written.starts_with(quote)
            && written.ends_with(quote)
            && written.get(1..written.len() - 1) == Some(value)
    });
    if plain {
        span.start + 1 + offset
    } else {
        span.start
    }
}

/// A [`RulesError`] at byte `offset` of `text`.
fn at(text: &str, offset: usize, problem: RulesProblem) -> RulesError {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    RulesError {
        problem,
        line: before.matches('\n').count() + 1,
        column: before[line_start..].chars().count() + 1,
    }
}
