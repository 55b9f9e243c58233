//! What tidyup says of a rules file: why one is refused, and its rules
//! described to a model.

use std::fmt;

use super::Lang;
use crate::rules::{DESCRIBE_LIMIT, PLACEHOLDERS, RuleTerms, Rules, RulesProblem, TargetProblem};

impl Lang {
    /// What is wrong with a rules file, without its position.
    pub fn rules_problem(self, problem: &RulesProblem) -> String {
        match problem {
            RulesProblem::Syntax {
                message,
                single_bracket_rule,
            } => {
                let hint = match (single_bracket_rule, self) {
                    (false, _) => "",
                    (true, Lang::En) => " (write each rule as [[rule]])",
                    (true, Lang::Zh) => "（每条规则要写成 [[rule]]）",
                };
                format!("{message}{hint}")
            }
            RulesProblem::BadContentRegex(cause) => self.pick(
                format!("bad regex in content: {cause}"),
                format!("content 中的正则表达式有误：{cause}"),
            ),
            RulesProblem::EmptyExtensions => {
                self.pick("`extensions` is empty".into(), "`extensions` 为空".into())
            }
            RulesProblem::EmptyExtension => {
                self.pick("empty extension".into(), "有一个扩展名为空".into())
            }
            RulesProblem::EmptyName => self.pick("`name` is empty".into(), "`name` 为空".into()),
            RulesProblem::BadNameGlob(cause) => self.pick(
                format!("bad glob in name: {cause}"),
                format!("name 中的通配符有误：{cause}"),
            ),
            RulesProblem::EmptyExcludeGlob => self.pick(
                "empty glob in exclude".into(),
                "exclude 中有一个通配符为空".into(),
            ),
            RulesProblem::BadExcludeGlob(cause) => self.pick(
                format!("bad glob in exclude: {cause}"),
                format!("exclude 中的通配符有误：{cause}"),
            ),
            RulesProblem::BadExcludeSet(cause) => self.pick(
                format!("bad exclude globs: {cause}"),
                format!("exclude 的通配符有误：{cause}"),
            ),
            RulesProblem::Target(problem) => self.target_problem(problem),
        }
    }

    fn target_problem(self, problem: &TargetProblem) -> String {
        match problem {
            TargetProblem::Empty => self.pick("`to` is empty".into(), "`to` 为空".into()),
            TargetProblem::Absolute => self.pick(
                "`to` must be a folder relative to the tidied folder, not an absolute path".into(),
                "`to` 必须是相对于所整理文件夹的路径，不能是绝对路径".into(),
            ),
            TargetProblem::ParentDir => self.pick(
                "`to` must not contain `..`".into(),
                "`to` 不能包含 `..`".into(),
            ),
            TargetProblem::Unclosed => self.pick(
                format!("unclosed `{{` in `to` (placeholders: {PLACEHOLDERS})"),
                format!("`to` 中的 `{{` 没有闭合（占位符：{}）", placeholders_zh()),
            ),
            TargetProblem::UnknownPlaceholder(name) => self.pick(
                format!("unknown placeholder {{{name}}} in `to` (known: {PLACEHOLDERS})"),
                format!(
                    "`to` 中有未知的占位符 {{{name}}}（可用：{}）",
                    placeholders_zh()
                ),
            ),
            TargetProblem::Unmatched => self.pick(
                "unmatched `}` in `to`".into(),
                "`to` 中的 `}` 没有对应的 `{`".into(),
            ),
        }
    }
}

/// The placeholders, listed as Chinese lists them.
fn placeholders_zh() -> String {
    PLACEHOLDERS.replace(", ", "、")
}

/// In English, as a log or another host shows it.
impl fmt::Display for RulesProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Lang::En.rules_problem(self))
    }
}

impl Rules {
    /// The instructions, excludes and rules as text for a model, in `lang`:
    /// one line per rule, numbered from 1 like
    /// [`RuleMatch::rule`](crate::rules::RuleMatch::rule) + 1. Empty when
    /// the file says nothing. At most [`DESCRIBE_LIMIT`] characters: a
    /// longer text is cut at a line end (mid-line when that would lose over
    /// half of it) and ends with a note saying so.
    pub fn describe(&self, lang: Lang) -> String {
        if self.instructions().is_none()
            && self.exclude_patterns().is_empty()
            && self.rule_count() == 0
        {
            return String::new();
        }
        let t = |en: &'static str, zh: &'static str| match lang {
            Lang::En => en,
            Lang::Zh => zh,
        };
        let mut lines = vec![
            t(
                "Follow the user's rules for this folder (from its rules file); they come before your own judgement.",
                "请遵守用户为此文件夹定下的规则（来自其规则文件），它们优先于你自己的判断。",
            )
            .to_string(),
        ];
        if let Some(text) = self.instructions() {
            lines.push(format!("{}{}", t("Instructions: ", "说明："), text.trim()));
        }
        if !self.exclude_patterns().is_empty() {
            lines.push(format!(
                "{}{}",
                t(
                    "Never move, rename or delete these (globs relative to the folder): ",
                    "不得移动、重命名或删除以下项目（相对于此文件夹的通配符）：",
                ),
                self.exclude_patterns().join(t(", ", "、")),
            ));
        }
        if self.rule_count() > 0 {
            lines.push(t(
                "Rules, in order; the first that matches a file decides its folder ({year} and {month}: date taken, else the date in the name, else modified; {category}: the file's category; {ext}: its extension):",
                "规则按顺序排列，文件归入第一条匹配规则的文件夹（{year} 和 {month}：拍摄日期，否则为文件名中的日期，再否则为修改日期；{category}：文件类别；{ext}：扩展名）：",
            ).to_string());
            for (i, rule) in self.terms().enumerate() {
                lines.push(format!(
                    "{}. {} → {}",
                    i + 1,
                    rule_text(&rule, lang),
                    rule.to
                ));
            }
        }
        bounded(&lines.join("\n"), lang)
    }
}

/// Which files one rule takes, as a phrase.
fn rule_text(rule: &RuleTerms<'_>, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let mut conditions = Vec::new();
    if !rule.extensions.is_empty() {
        let list = rule.extensions.join(if zh { " 或 " } else { " or " });
        conditions.push(lang.pick(format!("with extension {list}"), format!("扩展名为 {list}")));
    }
    if let Some(pattern) = rule.name {
        conditions.push(lang.pick(
            format!("named like {pattern}"),
            format!("文件名形如 {pattern}"),
        ));
    }
    if let Some(pattern) = rule.content {
        conditions.push(lang.pick(
            format!("whose text matches /{pattern}/"),
            format!("内容匹配 /{pattern}/"),
        ));
    }
    match (conditions.is_empty(), lang) {
        (true, Lang::Zh) => "所有文件".to_string(),
        (true, Lang::En) => "every file".to_string(),
        (false, Lang::Zh) => format!("{} 的文件", conditions.join(" 且 ")),
        (false, Lang::En) => format!("files {}", conditions.join(" and ")),
    }
}

/// `text` within [`DESCRIBE_LIMIT`] characters, cut with a note when longer.
fn bounded(text: &str, lang: Lang) -> String {
    if text.chars().count() <= DESCRIBE_LIMIT {
        return text.to_string();
    }
    let note = match lang {
        Lang::Zh => "\n（规则过长，以下部分已省略。）",
        Lang::En => "\n(The rules are too long; the rest is left out.)",
    };
    let keep = DESCRIBE_LIMIT - note.chars().count();
    let end = text.char_indices().nth(keep).map_or(text.len(), |(i, _)| i);
    let head = &text[..end];
    // Cut at a line end unless that loses more than half of what fits.
    let head = match head.rfind('\n') {
        Some(line_end) if head[..line_end].chars().count() >= keep / 2 => &head[..line_end],
        _ => head,
    };
    format!("{head}{note}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_chinese(text: &str) -> bool {
        text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    #[test]
    fn every_problem_has_its_chinese_words() {
        let problems = [
            RulesProblem::BadContentRegex("x".into()),
            RulesProblem::EmptyExtensions,
            RulesProblem::EmptyExtension,
            RulesProblem::EmptyName,
            RulesProblem::BadNameGlob("x".into()),
            RulesProblem::EmptyExcludeGlob,
            RulesProblem::BadExcludeGlob("x".into()),
            RulesProblem::BadExcludeSet("x".into()),
            RulesProblem::Target(TargetProblem::Empty),
            RulesProblem::Target(TargetProblem::Absolute),
            RulesProblem::Target(TargetProblem::ParentDir),
            RulesProblem::Target(TargetProblem::Unclosed),
            RulesProblem::Target(TargetProblem::UnknownPlaceholder("yaer".into())),
            RulesProblem::Target(TargetProblem::Unmatched),
        ];
        for problem in &problems {
            let (en, zh) = (
                Lang::En.rules_problem(problem),
                Lang::Zh.rules_problem(problem),
            );
            assert_eq!(en, problem.to_string());
            assert!(!is_chinese(&en) && is_chinese(&zh), "{en} / {zh}");
        }
        let syntax = RulesProblem::Syntax {
            message: "expected `]`".into(),
            single_bracket_rule: true,
        };
        assert_eq!(
            Lang::Zh.rules_problem(&syntax),
            "expected `]`（每条规则要写成 [[rule]]）"
        );
    }
}
