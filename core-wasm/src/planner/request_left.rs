//! What the user's line leaves where it is on a folder too large to list
//! whole, counted by category and kind (the files themselves are named
//! only on the page of the whole plan).

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::file_type::Category;
use crate::texts::requests::KindWord;

/// What the user's line leaves where it is on a large folder.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RequestLeft {
    /// Whole categories that stay: each with whether the line asked to
    /// leave it (else it named other kinds) and how many files stay.
    pub categories: Vec<(Category, bool, usize)>,
    /// The kinds the line asked to leave by name (PDFs), as the plan
    /// names them, each with how many files stay.
    pub kinds: Vec<(String, usize)>,
    /// Those files, by name (also in the plan's `left`, so no bulk move
    /// takes them).
    pub names: Vec<String>,
}

impl RequestLeft {
    /// How many files stay as the line asked (`asked`) or because it did
    /// not name them, each kind as the plan names it with its count.
    pub fn counted(&self, lang: Lang, asked: bool) -> (usize, Vec<String>) {
        let mut parts: Vec<(String, usize)> = (self.categories.iter())
            .filter(|(_, by_asking, count)| *by_asking == asked && *count > 0)
            .map(|(category, _, count)| (lang.kind_label(KindWord::Category(*category)), *count))
            .collect();
        if asked {
            parts.extend(self.kinds.iter().filter(|(_, n)| *n > 0).cloned());
        }
        let total = parts.iter().map(|(_, count)| count).sum();
        let parts = parts
            .into_iter()
            .map(|(label, count)| format!("{label} {}", crate::format::group_digits(count)))
            .collect();
        (total, parts)
    }

    /// Whether the line left the files of `category` where they are:
    /// `Some(true)` as asked, `Some(false)` not named.
    pub fn category(&self, category: Category) -> Option<bool> {
        (self.categories.iter())
            .find(|(of, _, _)| *of == category)
            .map(|(_, asked, _)| *asked)
    }

    /// `category`'s count less `count` files the plan moves by name.
    pub fn less(&mut self, category: Category, count: usize) {
        if let Some(entry) = self
            .categories
            .iter_mut()
            .find(|(of, _, _)| *of == category)
        {
            entry.2 = entry.2.saturating_sub(count);
        }
    }
}
