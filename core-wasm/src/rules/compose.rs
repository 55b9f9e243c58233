//! Rules tidyup makes itself, from what the user asked in plain words,
//! and rules joined: the asked ones first, then the rules file's.

use super::parse::glob;
use super::target::Target;
use super::{Rule, Rules, folded};

/// One rule made by tidyup: its conditions (all optional) and its folder.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MadeRule {
    /// The file's category, by the name [`super::FileFacts`] gives it.
    pub category: Option<String>,
    /// The file's extension, lower case, without the dot.
    pub extension: Option<String>,
    /// A case-insensitive glob on the file name.
    pub name: Option<String>,
    /// The folder, relative, with the placeholders of a rules file.
    pub to: String,
}

impl Rules {
    /// The rules `made`, in order, with no excludes and no instructions;
    /// `None` when a `to` or a glob cannot be one of a rules file.
    pub fn made(made: &[MadeRule]) -> Option<Rules> {
        let rules = made
            .iter()
            .map(|rule| {
                let name = match &rule.name {
                    Some(pattern) => Some((
                        pattern.clone(),
                        glob(&folded(pattern), false).ok()?.compile_matcher(),
                    )),
                    None => None,
                };
                Some(Rule {
                    content: None,
                    extensions: rule.extension.iter().map(|ext| folded(ext)).collect(),
                    name,
                    category: rule.category.clone(),
                    to: Target::parse(&rule.to).ok()?,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Rules {
            instructions: None,
            exclude_patterns: Vec::new(),
            exclude: globset::GlobSet::empty(),
            rules,
        })
    }

    /// These rules, then those of `after`, which also gives the excludes
    /// and instructions.
    pub fn then(&self, after: &Rules) -> Rules {
        let mut rules = self.rules.clone();
        rules.extend(after.rules.iter().cloned());
        Rules {
            instructions: after.instructions.clone(),
            exclude_patterns: after.exclude_patterns.clone(),
            exclude: after.exclude.clone(),
            rules,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::FileFacts;

    fn facts<'a>(name: &'a str, category: &'a str) -> FileFacts<'a> {
        FileFacts {
            name,
            category,
            text: None,
            date: Some((2024, 3)),
        }
    }

    #[test]
    fn made_rules_come_before_the_files_rules() {
        let asked = Rules::made(&[
            MadeRule {
                extension: Some("pdf".to_owned()),
                to: "Papers".to_owned(),
                ..MadeRule::default()
            },
            MadeRule {
                category: Some("图片".to_owned()),
                to: "Images/{year}".to_owned(),
                ..MadeRule::default()
            },
        ])
        .unwrap();
        let file = Rules::parse("exclude = [\"Keep/**\"]\n[[rule]]\nto = \"All\"\n").unwrap();
        let both = asked.then(&file);
        let to = |name, category| both.destination(&facts(name, category)).map(|m| m.folder);
        assert_eq!(to("A.PDF", "文档").as_deref(), Some("Papers"));
        assert_eq!(to("a.jpg", "图片").as_deref(), Some("Images/2024"));
        assert_eq!(to("a.txt", "文档").as_deref(), Some("All"));
        assert!(both.is_excluded("Keep/a.txt", false));
        assert_eq!(both.rule_count(), 3);
        let screenshots = MadeRule {
            name: Some("{*screenshot*,*截图*}".to_owned()),
            to: "Shots".to_owned(),
            ..MadeRule::default()
        };
        let shots = Rules::made(&[screenshots]).unwrap();
        assert!(
            shots
                .destination(&facts("Screenshot 1.png", "图片"))
                .is_some()
        );
        assert!(shots.destination(&facts("截图 1.png", "图片")).is_some());
        assert!(shots.destination(&facts("cat.png", "图片")).is_none());
        let bad = MadeRule {
            to: "../out".to_owned(),
            ..MadeRule::default()
        };
        assert!(Rules::made(&[bad]).is_none());
    }
}
