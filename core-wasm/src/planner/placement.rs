//! Where the planner puts a file: the folder of the first of the user's
//! rules that matches it, else the folder of its category.

use crate::contents::Contents;
use crate::dates::file_date;
use crate::file_type::Category;
use crate::rules::{FileFacts, Rules};

use super::exchanges::Exchange;
use crate::tools::{Listed, ToolData};

/// Where one file goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// Rule `number` (1-based) sends it to `folder` (relative, `/`-separated).
    Rule { number: usize, folder: String },
    /// Its category's folder.
    Category(Category),
}

/// What the planner knows of the target's files in one turn: what
/// `read_file` found (its data, never its words), by file name.
pub struct Readings<'a> {
    exchanges: &'a [Exchange],
}

impl<'a> Readings<'a> {
    /// The readings among `exchanges`.
    pub fn new(exchanges: &'a [Exchange]) -> Self {
        Self { exchanges }
    }

    /// What `read_file` found `name` holds, when it was read.
    pub fn of(&self, name: &str) -> Option<&'a Contents> {
        self.exchanges
            .iter()
            .rev()
            .find(|e| e.name == "read_file" && e.arg("path") == name)
            .and_then(|e| match &e.data {
                ToolData::Contents(contents) => Some(&**contents),
                ToolData::None
                | ToolData::Listing(_)
                | ToolData::Kind(_)
                | ToolData::Summary(_)
                | ToolData::Moves(_)
                | ToolData::NothingToMove
                | ToolData::Duplicates(_)
                | ToolData::EachMove(_) => None,
            })
    }
}

/// Where `item` of category `category` goes under `rules`.
pub fn place(
    item: &Listed,
    category: Category,
    rules: Option<&Rules>,
    readings: &Readings<'_>,
) -> Placement {
    let Some(rules) = rules else {
        return Placement::Category(category);
    };
    let read = readings.of(&item.name);
    let text = read.map(Contents::rule_text);
    let taken = read.and_then(Contents::taken_month);
    let date = file_date(taken, &item.name, item.modified).map(|(date, _)| date);
    let facts = FileFacts {
        name: &item.name,
        category: category.name(),
        text: text.as_deref(),
        date,
    };
    match rules.destination(&facts) {
        Some(found) => Placement::Rule {
            number: found.rule + 1,
            folder: found.folder,
        },
        None => Placement::Category(category),
    }
}

/// Whether the planner reads a file of `category` before planning: when a rule looks at
/// contents, every file; when a rule files by date, the pictures (their
/// date taken).
pub fn worth_reading(category: Category, rules: &Rules) -> bool {
    rules.needs_content() || (rules.needs_dates() && category == Category::Images)
}
