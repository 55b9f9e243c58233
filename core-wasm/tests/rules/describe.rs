//! The rules as text for the model, and parsing arbitrary input.

use pretty_assertions::assert_eq;
use proptest::prelude::*;
use tidyup_core::{DESCRIBE_LIMIT, Lang, Rules};

use super::example;

// --- the text for the model ---------------------------------------------------

#[test]
fn describe_in_english() {
    assert_eq!(
        example().describe(Lang::En),
        "Follow the user's rules for this folder (from its rules file); they come before your own judgement.
Instructions: Keep bills by year; never touch the Keep folder.
Never move, rename or delete these (globs relative to the folder): Keep/**, important.txt
Rules, in order; the first that matches a file decides its folder ({year} and {month}: date taken, else the date in the name, else modified; {category}: the file's category; {ext}: its extension):
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
        rules.describe(Lang::Zh),
        "请遵守用户为此文件夹定下的规则（来自其规则文件），它们优先于你自己的判断。
规则按顺序排列，文件归入第一条匹配规则的文件夹（{year} 和 {month}：拍摄日期，否则为文件名中的日期，再否则为修改日期；{category}：文件类别；{ext}：扩展名）：
1. 扩展名为 pdf 或 png 且 文件名形如 scan* 的文件 → Scans
2. 所有文件 → 其他"
    );
    assert!(
        example()
            .describe(Lang::Zh)
            .contains("说明：Keep bills by year")
    );
    assert!(
        example()
            .describe(Lang::Zh)
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
    for lang in Lang::ALL {
        let described = rules.describe(lang);
        assert!(described.chars().count() <= DESCRIBE_LIMIT);
        let last = described.lines().last().unwrap();
        assert!(last.contains("too long") || last.contains("过长"), "{last}");
        let before = described.lines().rev().nth(1).unwrap();
        assert!(before.ends_with('}') || before.chars().last().unwrap().is_ascii_digit());
    }
    let long = format!("instructions = \"{}\"", "长".repeat(10_000));
    let described = Rules::parse(&long).unwrap().describe(Lang::Zh);
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
