//! A plan's steps as data: each move a rehearsal recorded, with its id and
//! the part of the plan that made it. Used by the large plan (which holds
//! them), its page and its report.

use serde::{Deserialize, Serialize};

use crate::file_type::Category;
use crate::texts::{PlanFolder, RuleFolder};

/// The part of a large plan a step belongs to (and why it is made).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "part", content = "of", rename_all = "snake_case")]
pub enum Part {
    /// A byte-identical copy set aside.
    Copies,
    /// Into the folder of the user's at this index of `existing`.
    Existing(usize),
    /// A kind the user's line names, at this index of `by_name`.
    ByName(usize),
    /// The rule step at this index of the rules' steps.
    Rule(usize),
    /// The move by type of this category.
    Type(Category),
}

/// One step of a plan: an item of the target and where it goes, as the
/// rehearsal moved it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlannedMove {
    /// The step's id, unique in its plan.
    pub id: u32,
    /// The item, relative to the target (absolute when outside it).
    pub from: String,
    /// Its destination, the same way.
    pub to: String,
    /// Its size in bytes.
    pub size: u64,
    /// The part of the plan that moves it.
    pub part: Part,
    /// For a copy set aside, the file of the same bytes that stays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub twin: Option<String>,
}

/// The steps as the plan's data carries them: one text, a line per step
/// (`id`, part, size, from, to, twin, separated by tabs; a tab, a line
/// break or a backslash in a name escaped), so a plan of many thousand
/// steps is one string in the conversation, not a tree of values.
pub mod compact {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Part, PlannedMove};
    use crate::file_type::Category;

    /// Writes `steps` (none: no value) as one text.
    pub fn serialize<S: Serializer>(
        steps: &Option<Vec<PlannedMove>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        steps
            .as_ref()
            .map(|steps| text_of(steps))
            .serialize(serializer)
    }

    /// Reads the text [`serialize`] wrote; a line that is not a step is an
    /// error (the plan is then not read at all).
    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Vec<PlannedMove>>, D::Error> {
        let Some(text) = Option::<String>::deserialize(deserializer)? else {
            return Ok(None);
        };
        text.lines()
            .filter(|line| !line.is_empty())
            .map(|line| step_of(line).ok_or_else(|| serde::de::Error::custom("a plan step")))
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    /// The text of `steps`.
    pub fn text_of(steps: &[PlannedMove]) -> String {
        let mut text = String::new();
        for step in steps {
            let part = match step.part {
                Part::Copies => "c".to_owned(),
                Part::Existing(at) => format!("e{at}"),
                Part::ByName(at) => format!("n{at}"),
                Part::Rule(at) => format!("r{at}"),
                Part::Type(category) => format!("t{}", category.name()),
            };
            let twin = step.twin.as_deref().unwrap_or("");
            text.push_str(&format!(
                "{}\t{part}\t{}\t{}\t{}\t{}\n",
                step.id,
                step.size,
                escaped(&step.from),
                escaped(&step.to),
                escaped(twin)
            ));
        }
        text
    }

    fn step_of(line: &str) -> Option<PlannedMove> {
        let mut fields = line.split('\t');
        let id = fields.next()?.parse().ok()?;
        let part = fields.next()?;
        let part = match part.split_at_checked(1)? {
            ("c", "") => Part::Copies,
            ("e", at) => Part::Existing(at.parse().ok()?),
            ("n", at) => Part::ByName(at.parse().ok()?),
            ("r", at) => Part::Rule(at.parse().ok()?),
            ("t", name) => Part::Type(Category::parse(name)?),
            _ => return None,
        };
        let size = fields.next()?.parse().ok()?;
        let from = unescaped(fields.next()?)?;
        let to = unescaped(fields.next()?)?;
        let twin = unescaped(fields.next()?)?;
        Some(PlannedMove {
            id,
            from,
            to,
            size,
            part,
            twin: (!twin.is_empty()).then_some(twin),
        })
    }

    fn escaped(text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        for c in text.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                c => out.push(c),
            }
        }
        out
    }

    fn unescaped(text: &str) -> Option<String> {
        let mut out = String::with_capacity(text.len());
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            out.push(match chars.next()? {
                '\\' => '\\',
                't' => '\t',
                'n' => '\n',
                'r' => '\r',
                _ => return None,
            });
        }
        Some(out)
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn steps_come_back_as_written_whatever_their_names_hold() {
            let steps = vec![
                PlannedMove {
                    id: 1,
                    from: "a\tb\\c\nd.txt".to_owned(),
                    to: "Documents/a\tb\\c\nd.txt".to_owned(),
                    size: 7,
                    part: Part::Type(Category::Documents),
                    twin: None,
                },
                PlannedMove {
                    id: 2,
                    from: "x (1).pdf".to_owned(),
                    to: "Duplicates/x (1).pdf".to_owned(),
                    size: 0,
                    part: Part::Copies,
                    twin: Some("x.pdf".to_owned()),
                },
                PlannedMove {
                    id: 3,
                    from: "图片.jpg".to_owned(),
                    to: "/elsewhere/图片.jpg".to_owned(),
                    size: 3,
                    part: Part::Rule(2),
                    twin: None,
                },
            ];
            let text = text_of(&steps);
            assert_eq!(text.lines().count(), 3);
            let back: Vec<PlannedMove> = text.lines().map(|l| step_of(l).unwrap()).collect();
            assert_eq!(back, steps);
            assert!(step_of("1\tx\t0\ta\tb\t").is_none());
            assert!(step_of("1\tc\t0\ta\\q\tb\t").is_none());
        }
    }
}

/// Where the steps of one part of a plan go, as its lines name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// One folder: its name (relative to the target), whether it was
    /// there before, and what puts files there.
    Folder {
        /// The folder.
        name: String,
        /// Whether it existed already.
        exists: bool,
        /// Why files go there.
        why: Why,
    },
    /// The folders a rule fills: its `to` as written, whether its folder
    /// existed (`None`: folders named by dates, not known), and the rule's
    /// number as the plan shows it.
    Rule {
        /// The rule's destination, placeholders unfilled.
        to: String,
        /// Whether its folder existed already, when known.
        exists: Option<bool>,
        /// The rule's number as shown.
        number: Option<usize>,
    },
}

/// Why a part's files go to its folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// Byte-identical copies set aside.
    Copies,
    /// A folder of the user's that means them.
    Existing,
    /// Files of a kind the user's line named (of this category).
    Request(Category),
    /// Files of this category.
    Type(Category),
}

/// A destination as the plan's lines write it.
pub enum Shown<'a> {
    /// One folder, and why files go there.
    Folder(PlanFolder<'a>, Why),
    /// The folders of a rule.
    Rule(RuleFolder<'a>),
}

impl Destination {
    /// The destination as a line writes it, with the target's `separator`.
    pub fn shown(&self, separator: char) -> Shown<'_> {
        match self {
            Destination::Folder { name, exists, why } => Shown::Folder(
                PlanFolder {
                    name,
                    separator,
                    exists: *exists,
                },
                *why,
            ),
            Destination::Rule { to, number, .. } => Shown::Rule(RuleFolder {
                to,
                separator,
                number: *number,
            }),
        }
    }
}
