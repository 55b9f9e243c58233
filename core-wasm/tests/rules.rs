//! The rules file: parsing, error positions, matching, excludes and the
//! text for the model.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use proptest::prelude::*;
use tidyup_core::rules::{DESCRIBE_LIMIT, FileFacts, RuleMatch, Rules, RulesError};

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
        message,
        line,
        column,
    } = Rules::parse(text).unwrap_err();
    (line, column, message)
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
    assert_eq!(rules.describe(false), "");
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

// --- matching -----------------------------------------------------------------

#[test]
fn first_rule_wins() {
    let rules = example();
    let mut bill = file("report.jpg");
    bill.text = Some("Your ELECTRICITY BILL for March");
    assert_eq!(rules.destination(&bill), to(0, "Bills/2024"));
    assert_eq!(
        rules.destination(&file("report.jpg")),
        to(1, "Photos/2024-03")
    );
    assert_eq!(rules.destination(&file("report.pdf")), to(2, "Reports"));
    assert_eq!(rules.destination(&file("notes.pdf")), None);
}

#[test]
fn all_conditions_must_hold() {
    let rules = Rules::parse(
        "[[rule]]\nname = \"scan*\"\nextensions = [\"pdf\"]\ncontent = \"total\"\nto = \"Scans\"\n",
    )
    .unwrap();
    let mut facts = file("scan1.pdf");
    facts.text = Some("total: 3");
    assert_eq!(rules.destination(&facts), to(0, "Scans"));
    for (name, text) in [
        ("scan1.txt", "total: 3"),
        ("other.pdf", "total: 3"),
        ("scan1.pdf", "nothing"),
    ] {
        facts.name = name;
        facts.text = Some(text);
        assert_eq!(rules.destination(&facts), None, "{name} {text}");
    }
}

#[test]
fn name_and_extension_ignore_case() {
    let rules = example();
    assert_eq!(rules.destination(&file("IMG_1.JPG")).unwrap().rule, 1);
    assert_eq!(rules.destination(&file("a.Heic")).unwrap().rule, 1);
    assert_eq!(rules.destination(&file("Report-Q1.PDF")).unwrap().rule, 2);
    assert_eq!(rules.destination(&file("REPORT")).unwrap().rule, 2);
}

#[test]
fn extensions_written_loosely() {
    let rules =
        Rules::parse("[[rule]]\nextensions = [\".PDF\", \"tar.gz\"]\nto = \"A\"\n").unwrap();
    assert!(rules.destination(&file("x.pdf")).is_some());
    assert!(rules.destination(&file("x.TAR.GZ")).is_some());
    assert!(rules.destination(&file("x.gz")).is_none());
    assert!(rules.destination(&file(".pdf")).is_none());
    assert!(rules.destination(&file("pdf")).is_none());
}

#[test]
fn name_is_the_last_component() {
    let rules = example();
    assert_eq!(rules.destination(&file("sub/report.txt")).unwrap().rule, 2);
    assert_eq!(rules.destination(&file("report\\x.txt")), None);
}

#[test]
fn content_rule_needs_read_text() {
    let rules = example();
    let mut facts = file("bill.pdf");
    assert_eq!(rules.destination(&facts), None);
    facts.text = Some("electricity bill");
    assert_eq!(rules.destination(&facts), to(0, "Bills/2024"));
    facts.text = Some("water bill");
    assert_eq!(rules.destination(&facts), None);
}

#[test]
fn placeholders_are_filled() {
    let rules = Rules::parse("[[rule]]\nto = \"By/{category}/{ext}/{year}/{month}\"\n").unwrap();
    let mut facts = file("Photo.JPEG");
    facts.category = "Images";
    facts.date = Some((2023, 7));
    assert_eq!(rules.destination(&facts), to(0, "By/Images/jpeg/2023/07"));
    facts.date = Some((987, 12));
    assert_eq!(
        rules.destination(&facts).unwrap().folder,
        "By/Images/jpeg/0987/12"
    );
}

#[test]
fn unfillable_placeholders_fall_through() {
    let rules = Rules::parse(
        "[[rule]]\nto = \"Dated/{year}\"\n[[rule]]\nto = \"Ext/{ext}\"\n[[rule]]\nto = \"Rest\"\n",
    )
    .unwrap();
    let mut facts = file("README");
    assert_eq!(rules.destination(&facts), to(0, "Dated/2024"));
    facts.date = None;
    assert_eq!(rules.destination(&facts), to(2, "Rest"));
    facts.date = Some((2024, 13));
    assert_eq!(rules.destination(&facts), to(2, "Rest"));
    facts.name = "readme.md";
    assert_eq!(rules.destination(&facts), to(1, "Ext/md"));
    facts.name = ".bashrc";
    assert_eq!(rules.destination(&facts), to(2, "Rest"));
}

#[test]
fn rule_without_conditions_takes_everything() {
    let rules = Rules::parse("[[rule]]\nto = \"./Misc/\"\n").unwrap();
    assert!(!rules.needs_content());
    assert_eq!(rules.destination(&file("anything")), to(0, "Misc"));
}

#[test]
fn to_is_normalized() {
    let rules = Rules::parse("[[rule]]\nto = 'Bills \\ {year} //'\n").unwrap();
    assert_eq!(rules.destination(&file("a")), to(0, "Bills/2024"));
}

#[test]
fn category_must_be_a_plain_name() {
    let rules = Rules::parse("[[rule]]\nto = \"{category}\"\n").unwrap();
    for category in ["", ".", "..", "a/b", "a\\b"] {
        let mut facts = file("a.txt");
        facts.category = category;
        assert_eq!(rules.destination(&facts), None, "{category}");
    }
}

// --- excludes -----------------------------------------------------------------

#[test]
fn excludes_files_and_folders() {
    let rules = example();
    assert!(rules.is_excluded("important.txt", false));
    assert!(rules.is_excluded("IMPORTANT.TXT", false));
    assert!(!rules.is_excluded("sub/important.txt", false));
    assert!(!rules.is_excluded("important.txt.bak", false));
    assert!(rules.is_excluded("Keep", true));
    assert!(!rules.is_excluded("Keep", false));
    assert!(!rules.is_excluded("Keeper", true));
    assert!(!rules.is_excluded("", true));
}

#[test]
fn excludes_cover_everything_below() {
    for pattern in ["Keep/**", "Keep", "/Keep", "./Keep/**", "Keep/*"] {
        let rules = Rules::parse(&format!("exclude = [\"{pattern}\"]")).unwrap();
        assert!(rules.is_excluded("Keep/a/b.txt", false), "{pattern}");
        assert!(rules.is_excluded("Keep/a", true), "{pattern}");
        assert!(rules.is_excluded("Keep", true), "{pattern}");
        assert!(!rules.is_excluded("Other/Keep.txt", false), "{pattern}");
    }
}

#[test]
fn excludes_read_backslash_paths() {
    let rules = example();
    assert!(rules.is_excluded("Keep\\a\\b.txt", false));
    assert!(rules.is_excluded("./Keep/a.txt", false));
    assert!(rules.is_excluded("/Keep//a.txt", false));
    let rules = Rules::parse("exclude = ['Docs\\Keep\\**']").unwrap();
    assert!(rules.is_excluded("Docs\\Keep\\x", false));
    assert!(!rules.is_excluded("Docs\\x", false));
}

#[test]
fn exclude_stars_stay_in_one_component() {
    let rules = Rules::parse("exclude = [\"*.txt\", \"**/*.key\"]").unwrap();
    assert!(rules.is_excluded("a.txt", false));
    assert!(!rules.is_excluded("sub/a.txt", false));
    assert!(rules.is_excluded("a.key", false));
    assert!(rules.is_excluded("x/y/a.key", false));
}

// --- the text for the model ---------------------------------------------------

#[test]
fn describe_in_english() {
    assert_eq!(
        example().describe(false),
        "Follow the user's rules for this folder (from its rules file); they come before your own judgement.
Instructions: Keep bills by year; never touch the Keep folder.
Never move, rename or delete these (globs relative to the folder): Keep/**, important.txt
Rules, in order; the first that matches a file decides its folder ({year} and {month}: date taken, else modified; {category}: the file's category; {ext}: its extension):
1. files whose text matches /(?i)electricity bill/ → Bills/{year}
2. files with extension jpg or heic → Photos/{year}-{month}
3. files named like report* → Reports"
    );
}

#[test]
fn describe_in_chinese() {
    let rules = Rules::parse(
        "[[rule]]\nname = \"scan*\"\nextensions = [\"pdf\", \"png\"]\nto = \"Scans\"\n[[rule]]\nto = \"其他\"\n",
    )
    .unwrap();
    assert_eq!(
        rules.describe(true),
        "请遵守用户为此文件夹定下的规则（来自其规则文件），它们优先于你自己的判断。
规则按顺序排列，文件归入第一条匹配规则的文件夹（{year} 和 {month}：拍摄日期，否则为修改日期；{category}：文件类别；{ext}：扩展名）：
1. 扩展名为 pdf 或 png 且 文件名形如 scan* 的文件 → Scans
2. 所有文件 → 其他"
    );
    assert!(
        example()
            .describe(true)
            .contains("说明：Keep bills by year")
    );
    assert!(
        example()
            .describe(true)
            .contains("1. 内容匹配 /(?i)electricity bill/ 的文件 → Bills/{year}")
    );
}

#[test]
fn describe_is_bounded() {
    let mut text = String::new();
    for i in 0..300 {
        text.push_str(&format!(
            "[[rule]]\nname = \"pattern-{i}-*\"\nto = \"Folder {i}\"\n"
        ));
    }
    let rules = Rules::parse(&text).unwrap();
    for zh in [false, true] {
        let described = rules.describe(zh);
        assert!(described.chars().count() <= DESCRIBE_LIMIT);
        let last = described.lines().last().unwrap();
        assert!(last.contains("too long") || last.contains("过长"), "{last}");
        let before = described.lines().rev().nth(1).unwrap();
        assert!(before.ends_with('}') || before.chars().last().unwrap().is_ascii_digit());
    }
    let long = format!("instructions = \"{}\"", "长".repeat(10_000));
    let described = Rules::parse(&long).unwrap().describe(true);
    assert_eq!(described.chars().count(), DESCRIBE_LIMIT);
}

proptest! {
    #[test]
    fn parse_never_panics(text in "\\PC{0,200}") {
        let _ = Rules::parse(&text);
    }

    #[test]
    fn parse_never_panics_on_near_misses(
        key in "(content|name|to|exclude|extensions|instructions|x)",
        value in "[\\[\\]{}*?()\\\\/.a-z'\"\\n ]{0,30}",
    ) {
        let text = format!("[[rule]]\n{key} = \"{value}\"\nto = \"{value}\"\n");
        if let Err(err) = Rules::parse(&text) {
            prop_assert!(err.line >= 1 && err.column >= 1);
        }
        let _ = Rules::parse(&format!("exclude = ['{value}']"));
    }
}
