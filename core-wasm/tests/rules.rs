//! The rules file: parsing, error positions, matching, excludes and the
//! text for the model.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use tidyup_core::{FileFacts, Lang, RuleMatch, Rules, RulesError};

mod describe;
mod matching;

const EXAMPLE: &str = r#"instructions = "Keep bills by year; never touch the Keep folder."
exclude = ["Keep/**", "important.txt"]   # globs relative to DIR

[[rule]]                  # first matching rule wins
content = "(?i)electricity bill"   # regex on the file's text
to = "Bills/{year}"                # folder relative to DIR

[[rule]]
extensions = ["jpg", "heic"]       # case-insensitive, without the dot
to = "Photos/{year}-{month}"

[[rule]]
name = "report*"                    # glob on the file name
to = "Reports"
"#;

fn example() -> Rules {
    Rules::parse(EXAMPLE).unwrap()
}

fn file<'a>(name: &'a str) -> FileFacts<'a> {
    FileFacts {
        name,
        category: "Documents",
        text: None,
        date: Some((2024, 3)),
    }
}

fn to(rule: usize, folder: &str) -> Option<RuleMatch> {
    Some(RuleMatch {
        rule,
        folder: folder.to_string(),
    })
}

/// The error for `text`, as (line, column, message).
fn error(text: &str) -> (usize, usize, String) {
    let RulesError {
        problem,
        line,
        column,
    } = Rules::parse(text).unwrap_err();
    (line, column, problem.to_string())
}

// --- parsing ------------------------------------------------------------------

#[test]
fn parses_the_example() {
    let rules = example();
    assert_eq!(
        rules.instructions(),
        Some("Keep bills by year; never touch the Keep folder.")
    );
    assert_eq!(rules.exclude_patterns(), ["Keep/**", "important.txt"]);
    assert_eq!(rules.rule_count(), 3);
    assert!(rules.needs_content());
}

#[test]
fn empty_file_is_no_rules() {
    let rules = Rules::parse("").unwrap();
    assert_eq!(rules.instructions(), None);
    assert_eq!(rules.rule_count(), 0);
    assert!(!rules.needs_content());
    assert!(!rules.is_excluded("a.txt", false));
    assert_eq!(rules.destination(&file("a.txt")), None);
    assert_eq!(rules.describe(Lang::En), "");
}

#[test]
fn blank_instructions_are_none() {
    let rules = Rules::parse("instructions = \"  \"").unwrap();
    assert_eq!(rules.instructions(), None);
}

#[test]
fn display_puts_the_position_first() {
    let err = Rules::parse("[[rule]]\ncontent = \"(?i\"\nto = \"A\"\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, column 11: bad regex in content: expected flag but got end of regex"
    );
}

// --- errors with their line and column ----------------------------------------

#[test]
fn unknown_top_level_key() {
    let (line, column, message) = error("instructions = \"x\"\nrules = 1\n");
    assert_eq!((line, column), (2, 1));
    assert!(message.starts_with("unknown field `rules`"), "{message}");
}

#[test]
fn unknown_key_inside_a_rule() {
    let (line, column, message) = error("[[rule]]\nto = \"A\"\n  nmae = \"x\"\n");
    assert_eq!((line, column), (3, 3));
    assert!(message.starts_with("unknown field `nmae`"), "{message}");
}

#[test]
fn wrong_type() {
    let (line, column, message) = error("[[rule]]\nextensions = \"jpg\"\nto = \"A\"\n");
    assert_eq!((line, column), (2, 14));
    assert!(message.contains("expected a sequence"), "{message}");
}

#[test]
fn single_bracket_rule_gets_a_hint() {
    let (line, column, message) = error("[rule]\nto = \"A\"\n");
    assert_eq!((line, column), (1, 1));
    assert!(
        message.ends_with("(write each rule as [[rule]])"),
        "{message}"
    );
}

#[test]
fn missing_to() {
    let (line, column, message) = error("exclude = [\"a\"]\n\n[[rule]]\nname = \"x\"\n");
    assert_eq!((line, column), (3, 1));
    assert_eq!(message, "missing field `to`");
}

#[test]
fn bad_toml_syntax() {
    let (line, column, _) = error("instructions = \"x\"\nexclude = \n");
    assert_eq!((line, column), (2, 11));
}

#[test]
fn bad_regex() {
    let (line, column, message) = error("\n[[rule]]\n  content = \"(a\"\nto = \"A\"\n");
    assert_eq!((line, column), (3, 13));
    assert!(message.starts_with("bad regex in content: "), "{message}");
}

#[test]
fn bad_glob_in_name() {
    let (line, column, message) = error("[[rule]]\nname = \"report[\"\nto = \"A\"\n");
    assert_eq!((line, column), (2, 8));
    assert_eq!(
        message,
        "bad glob in name: unclosed character class; missing ']'"
    );
}

#[test]
fn bad_glob_in_exclude() {
    let (line, column, message) = error("exclude = [\n  \"Keep/**\",\n  \"a{b\",\n]\n");
    assert_eq!((line, column), (3, 3));
    assert!(message.starts_with("bad glob in exclude: unclosed alternate group"));
}

#[test]
fn absolute_to() {
    for (text, column) in [
        ("[[rule]]\nto = \"/abs\"\n", 6),
        ("[[rule]]\nto = '\\abs'\n", 6),
        ("[[rule]]\nto  =  'C:\\x'\n", 8),
        ("[[rule]]\nto = \"~/Bills\"\n", 6),
    ] {
        let (line, col, message) = error(text);
        assert_eq!((line, col), (2, column), "{text}");
        assert_eq!(
            message,
            "`to` must be a folder relative to the tidied folder, not an absolute path"
        );
    }
}

#[test]
fn dot_dot_in_to() {
    let (line, column, message) = error("[[rule]]\nto = \"Bills/../x\"\n");
    assert_eq!((line, column), (2, 13));
    assert_eq!(message, "`to` must not contain `..`");
    // Written with escapes, the error points at the value's start.
    assert_eq!(error("[[rule]]\nto = \"Bills\\\\..\"\n").1, 6);
}

#[test]
fn unknown_placeholder() {
    let (line, column, message) = error("[[rule]]\nname = \"a*\"\nto = \"Photos/{year}-{mnth}\"\n");
    assert_eq!((line, column), (3, 21));
    assert_eq!(
        message,
        "unknown placeholder {mnth} in `to` (known: {year}, {month}, {category}, {ext})"
    );
}

#[test]
fn unbalanced_braces_in_to() {
    assert_eq!(error("[[rule]]\nto = \"A/{year\"\n").0, 2);
    assert!(
        error("[[rule]]\nto = \"A/{year\"\n")
            .2
            .starts_with("unclosed `{`")
    );
    assert_eq!(error("[[rule]]\nto = \"A}\"\n").1, 8);
}

#[test]
fn empty_values() {
    assert_eq!(error("[[rule]]\nto = \"\"\n").2, "`to` is empty");
    assert_eq!(error("[[rule]]\nto = \" / . /\"\n").2, "`to` is empty");
    assert_eq!(
        error("[[rule]]\nname = \"\"\nto = \"A\"\n").2,
        "`name` is empty"
    );
    assert_eq!(
        error("[[rule]]\nextensions = []\nto = \"A\"\n"),
        (2, 14, "`extensions` is empty".into())
    );
    assert_eq!(
        error("[[rule]]\nextensions = [\"pdf\", \".\"]\nto = \"A\"\n"),
        (2, 22, "empty extension".into())
    );
    assert_eq!(error("exclude = [\"./\"]\n").2, "empty glob in exclude");
}

#[test]
fn columns_count_characters() {
    let (line, column, _) = error("instructions = \"整理\" # 注释\n[[rule]]\nto = \"文件/{年}\"\n");
    assert_eq!((line, column), (3, 10));
}

#[test]
fn hostile_regex_is_refused_by_size() {
    let (line, column, message) = error("[[rule]]\ncontent = \"(a{1000}){1000}\"\nto = \"A\"\n");
    assert_eq!((line, column), (2, 11));
    assert!(message.contains("size limit"), "{message}");
    // An ordinary Unicode pattern stays well within the limit.
    assert!(Rules::parse("[[rule]]\ncontent = '(?i)\\w+ invoice \\d{4}'\nto = \"A\"\n").is_ok());
}
