//! The rules as a compact text for a model's system message.

use super::{DESCRIBE_LIMIT, Rule, Rules};

impl Rules {
    /// The instructions, excludes and rules as text for a model, in Chinese
    /// when `zh`, else English: one line per rule, numbered from 1 like
    /// [`RuleMatch::rule`](super::RuleMatch::rule) + 1. Empty when the file
    /// says nothing. At most [`DESCRIBE_LIMIT`] characters: a longer text
    /// is cut at a line end (mid-line when that would lose over half of it)
    /// and ends with a note saying so.
    pub fn describe(&self, zh: bool) -> String {
        if self.instructions.is_none() && self.exclude_patterns.is_empty() && self.rules.is_empty()
        {
            return String::new();
        }
        let t = |en: &'static str, zh_text: &'static str| if zh { zh_text } else { en };
        let mut lines = vec![
            t(
                "Follow the user's rules for this folder (from its rules file); they come before your own judgement.",
                "请遵守用户为此文件夹定下的规则（来自其规则文件），它们优先于你自己的判断。",
            )
            .to_string(),
        ];
        if let Some(text) = &self.instructions {
            lines.push(format!("{}{}", t("Instructions: ", "说明："), text.trim()));
        }
        if !self.exclude_patterns.is_empty() {
            lines.push(format!(
                "{}{}",
                t(
                    "Never move, rename or delete these (globs relative to the folder): ",
                    "不得移动、重命名或删除以下项目（相对于此文件夹的通配符）：",
                ),
                self.exclude_patterns.join(t(", ", "、")),
            ));
        }
        if !self.rules.is_empty() {
            lines.push(t(
                "Rules, in order; the first that matches a file decides its folder ({year} and {month}: date taken, else modified; {category}: the file's category; {ext}: its extension):",
                "规则按顺序排列，文件归入第一条匹配规则的文件夹（{year} 和 {month}：拍摄日期，否则为修改日期；{category}：文件类别；{ext}：扩展名）：",
            ).to_string());
            for (i, rule) in self.rules.iter().enumerate() {
                lines.push(format!("{}. {} → {}", i + 1, rule_text(rule, zh), rule.to));
            }
        }
        bounded(&lines.join("\n"), zh)
    }
}

/// Which files one rule takes, as a phrase.
fn rule_text(rule: &Rule, zh: bool) -> String {
    let mut conditions = Vec::new();
    if !rule.extensions.is_empty() {
        let list = rule.extensions.join(if zh { " 或 " } else { " or " });
        conditions.push(if zh {
            format!("扩展名为 {list}")
        } else {
            format!("with extension {list}")
        });
    }
    if let Some(glob) = &rule.name {
        let pattern = glob.glob().glob();
        conditions.push(if zh {
            format!("文件名形如 {pattern}")
        } else {
            format!("named like {pattern}")
        });
    }
    if let Some(regex) = &rule.content {
        let pattern = regex.as_str();
        conditions.push(if zh {
            format!("内容匹配 /{pattern}/")
        } else {
            format!("whose text matches /{pattern}/")
        });
    }
    match (conditions.is_empty(), zh) {
        (true, true) => "所有文件".to_string(),
        (true, false) => "every file".to_string(),
        (false, true) => format!("{} 的文件", conditions.join(" 且 ")),
        (false, false) => format!("files {}", conditions.join(" and ")),
    }
}

/// `text` within [`DESCRIBE_LIMIT`] characters, cut with a note when longer.
fn bounded(text: &str, zh: bool) -> String {
    if text.chars().count() <= DESCRIBE_LIMIT {
        return text.to_string();
    }
    let note = if zh {
        "\n（规则过长，以下部分已省略。）"
    } else {
        "\n(The rules are too long; the rest is left out.)"
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
