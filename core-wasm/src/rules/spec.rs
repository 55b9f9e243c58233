//! Rules as plain data: the part of a rules file one bulk move follows
//! (its excludes, at most a few of its rules), carried in the move's
//! arguments and checked again, exactly as a rules file is, by the tool.

use serde::{Deserialize, Serialize};

use super::{Rules, RulesError};

/// A rules file as JSON: its `exclude` globs and `[[rule]]` tables, as
/// written (placeholders unfilled). `instructions` are for models only.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesSpec {
    /// The `exclude` globs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exclude: Vec<String>,
    /// The rules, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rule: Vec<RuleSpec>,
}

/// One `[[rule]]` as JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSpec {
    /// The `content` regex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    /// The `extensions`, without the dot; empty when not a condition.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extensions: Vec<String>,
    /// The `name` glob.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The `to` folder, placeholders unfilled.
    pub to: String,
}

impl RulesSpec {
    /// The checked rules, as [`Rules::parse`] checks a file; positions in
    /// errors refer to the TOML this spec is written as.
    pub fn rules(&self) -> Result<Rules, RulesError> {
        Rules::parse(&self.to_toml())
    }

    /// The spec written as a rules file. Strings are written as JSON
    /// strings, which are TOML basic strings too.
    fn to_toml(&self) -> String {
        // TOML refuses a raw DEL, which JSON leaves as it is.
        let quoted = |text: &str| {
            serde_json::Value::from(text)
                .to_string()
                .replace('\u{7f}', "\\u007F")
        };
        let list = |items: &[String]| {
            let items: Vec<String> = items.iter().map(|item| quoted(item)).collect();
            format!("[{}]", items.join(", "))
        };
        let mut text = String::new();
        if !self.exclude.is_empty() {
            text.push_str(&format!("exclude = {}\n", list(&self.exclude)));
        }
        for rule in &self.rule {
            text.push_str("\n[[rule]]\n");
            if let Some(content) = &rule.content {
                text.push_str(&format!("content = {}\n", quoted(content)));
            }
            if !rule.extensions.is_empty() {
                text.push_str(&format!("extensions = {}\n", list(&rule.extensions)));
            }
            if let Some(name) = &rule.name {
                text.push_str(&format!("name = {}\n", quoted(name)));
            }
            text.push_str(&format!("to = {}\n", quoted(&rule.to)));
        }
        text
    }
}

impl Rules {
    /// Rule `index` (0-based) as data, to be checked again where it is
    /// followed; `None` past the last rule.
    pub fn rule_spec(&self, index: usize) -> Option<RuleSpec> {
        let terms = self.terms().nth(index)?;
        Some(RuleSpec {
            content: terms.content.map(str::to_owned),
            extensions: terms.extensions.to_vec(),
            name: terms.name.map(str::to_owned),
            to: terms.to,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_as_data_is_the_same_rule_again() {
        let text = "exclude = [\"Keep/**\", \"a \\\"b\\\"\"]\n[[rule]]\ncontent = '(?i)bill\\s+\\d'\nextensions = [\".JPG\", \"heic\"]\nname = \"IMG_*\"\nto = \"Photos/{year}\"\n";
        let rules = Rules::parse(text).unwrap();
        let spec = RulesSpec {
            exclude: rules.exclude_patterns().to_vec(),
            rule: vec![rules.rule_spec(0).unwrap()],
        };
        let again = spec.rules().unwrap();
        assert_eq!(again.exclude_patterns(), rules.exclude_patterns());
        assert_eq!(
            again.terms().collect::<Vec<_>>(),
            rules.terms().collect::<Vec<_>>()
        );
        assert_eq!(rules.rule_spec(1), None);
    }
}
