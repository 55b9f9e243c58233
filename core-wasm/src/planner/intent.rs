//! What the user's line asks of the offline planner.

/// The user's intent, read from one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    /// Go ahead with the plan.
    Yes,
    /// Do not.
    No,
    /// Scan the folder and propose a plan.
    Organize,
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

/// Reads a line: an exact yes/no word (trailing punctuation ignored), else
/// any organize keyword, else [`Intent::Other`].
pub fn classify(line: &str) -> Intent {
    let normalized = line
        .trim()
        .trim_end_matches(['.', '!', '?', '。', '！', '？', '~'])
        .trim()
        .to_lowercase();
    if YES.contains(&normalized.as_str()) {
        Intent::Yes
    } else if NO.contains(&normalized.as_str()) {
        Intent::No
    } else if ORGANIZE.iter().any(|word| normalized.contains(word)) {
        Intent::Organize
    } else {
        Intent::Other
    }
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
}
