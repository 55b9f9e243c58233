//! What the user's line asks of the offline planner.

use crate::texts::{SHOW_WORDS, SKIP_WORDS};

/// The user's intent, read from one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    /// Go ahead with the plan.
    Yes,
    /// Do not.
    No,
    /// Scan the folder and propose a plan.
    Organize,
    /// Review the pending plan (`show`, `skip NAME`): the agent answers
    /// these itself while a plan waits; the planner sees them only when
    /// none does.
    Review,
    /// Anything else.
    Other,
}

const YES: &[&str] = &[
    "yes", "y", "yeah", "yep", "ok", "okay", "go", "go ahead", "sure", "do it", "proceed",
    "confirm", "agreed", "好", "好的", "可以", "确认", "确定", "是", "是的", "行", "同意", "执行",
    "开始",
];
const NO: &[&str] = &[
    "no", "n", "nope", "cancel", "stop", "don't", "dont", "abort", "不", "不要", "不用", "取消",
    "算了", "否", "别",
];
const ORGANIZE: &[&str] = &[
    "organize", "organise", "tidy", "clean", "sort", "arrange", "classify", "plan", "scan", "整理",
    "归类", "分类", "收拾", "清理", "规划",
];

/// Reads a line: a review request, else an exact yes/no word (trailing
/// punctuation ignored), else any organize keyword, else [`Intent::Other`].
pub fn classify(line: &str) -> Intent {
    let normalized = line
        .trim()
        .trim_end_matches(['.', '!', '?', '。', '！', '？', '~'])
        .trim()
        .to_lowercase();
    if review_request(line).is_some() {
        Intent::Review
    } else if YES.contains(&normalized.as_str()) {
        Intent::Yes
    } else if NO.contains(&normalized.as_str()) {
        Intent::No
    } else if ORGANIZE.iter().any(|word| normalized.contains(word)) {
        Intent::Organize
    } else {
        Intent::Other
    }
}

/// What a review line asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Review {
    /// The whole plan.
    Show,
    /// Leave this folder or file out (empty: the user named none).
    Skip(String),
}

/// Reads a line as a review request: one of [`SHOW_WORDS`], or one of
/// [`SKIP_WORDS`] and a name (ASCII letters in any case).
pub fn review_request(line: &str) -> Option<Review> {
    let bare = line
        .trim()
        .trim_end_matches(['.', '!', '?', '。', '！', '？'])
        .trim();
    if SHOW_WORDS
        .iter()
        .any(|word| bare.eq_ignore_ascii_case(word))
    {
        return Some(Review::Show);
    }
    SKIP_WORDS.iter().find_map(|word| {
        let head = line.trim().get(..word.len())?;
        let rest = &line.trim()[word.len()..];
        // An English word is followed by a space; a Chinese one may not be.
        let separated =
            !word.is_ascii() || rest.is_empty() || rest.starts_with(char::is_whitespace);
        (head.eq_ignore_ascii_case(word) && separated).then(|| {
            Review::Skip(
                rest.trim()
                    .trim_start_matches([':', '：'])
                    .trim()
                    .to_owned(),
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_yes_no_and_requests() {
        for yes in ["yes", "Y", "OK!", "go", "好", "可以。", "确认", " Yes. "] {
            assert_eq!(classify(yes), Intent::Yes, "{yes}");
        }
        for no in ["no", "No.", "cancel", "不", "取消"] {
            assert_eq!(classify(no), Intent::No, "{no}");
        }
        for ask in [
            "organize",
            "please tidy up my desktop",
            "帮我整理一下",
            "Sort these files",
        ] {
            assert_eq!(classify(ask), Intent::Organize, "{ask}");
        }
        assert_eq!(classify("what's the weather"), Intent::Other);
        assert_eq!(classify("yes, but only images"), Intent::Other);
    }

    #[test]
    fn reads_show_and_skip_lines() {
        assert_eq!(review_request("show"), Some(Review::Show));
        assert_eq!(review_request(" SHOW. "), Some(Review::Show));
        assert_eq!(review_request("显示"), Some(Review::Show));
        assert_eq!(review_request("查看"), Some(Review::Show));
        let skip = |name: &str| Some(Review::Skip(name.to_owned()));
        assert_eq!(review_request("skip Installers"), skip("Installers"));
        assert_eq!(
            review_request("Skip  Budget 2025 (2).xlsx"),
            skip("Budget 2025 (2).xlsx")
        );
        assert_eq!(review_request("跳过 安装包"), skip("安装包"));
        assert_eq!(review_request("跳过安装包"), skip("安装包"));
        assert_eq!(review_request("skip"), skip(""));
        assert_eq!(review_request("skipper"), None);
        assert_eq!(review_request("show me the weather"), None);
    }
}
