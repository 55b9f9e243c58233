//! The kind the planner gives each file of the target in one turn: its
//! own judgement ([`crate::kinds`]), never `get_file_type`'s table, which it
//! still asks for every file so a session looks as it always did; a file
//! whose first bytes `summarize_folder` found to be of another kind than
//! its name gives takes that kind (`kinds::by_name_and_head`).

use std::collections::{BTreeMap, BTreeSet};

use crate::file_type::Category;
use crate::kinds::kind;
use crate::tools::ToolData;

use super::exchanges::Exchange;

/// The kinds of the files this turn classified.
pub struct KindsSeen<'a> {
    /// The files `get_file_type` was asked about.
    asked: BTreeSet<&'a str>,
    /// The kinds told by files' first bytes.
    by_content: BTreeMap<String, Category>,
}

impl<'a> KindsSeen<'a> {
    /// What `exchanges` (one turn's) show.
    pub fn new(exchanges: &'a [Exchange]) -> Self {
        let asked = exchanges
            .iter()
            .filter(|e| e.name == "get_file_type" && matches!(e.data, ToolData::Kind(_)))
            .map(|e| e.arg("filename"))
            .collect();
        let by_content = exchanges
            .iter()
            .rev()
            .find(|e| e.name == "summarize_folder" && e.arg("path") == ".")
            .and_then(|e| Some(e.summary()?.by_content.clone()))
            .unwrap_or_default();
        Self { asked, by_content }
    }

    /// The kind of the file `name`; `None` when the turn did not classify it.
    pub fn of(&self, name: &str) -> Option<Category> {
        if !self.asked.contains(name) {
            return None;
        }
        Some(
            self.by_content
                .get(name)
                .copied()
                .unwrap_or_else(|| kind(name)),
        )
    }
}
