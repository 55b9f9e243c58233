//! The copies a large-folder plan sets aside: the loose files that
//! `find_duplicates` shows to have the same bytes as a file kept, each moved
//! into the duplicates folder with its own `move_file`, before the moves by
//! type. Nothing is deleted.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::Lang;

use super::copies::spare_copies;
use super::exchanges::Exchange;
use crate::tools::Listed;

/// One copy to set aside.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Copy {
    /// Its name in the target.
    pub file: String,
    /// Where it goes, relative to the target.
    pub destination: String,
    /// The file of the same bytes that is kept.
    pub kept: String,
}

/// The copies of a plan and the folder they go to.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SetAside {
    /// The duplicates folder, relative to the target.
    pub folder: String,
    /// Whether it exists already.
    pub folder_exists: bool,
    /// The copies, by name.
    pub copies: Vec<Copy>,
}

impl SetAside {
    /// The copies the turn's `find_duplicates` of the target shows, going to
    /// the duplicates folder (reused when `taken` shows it as a folder).
    pub fn from_exchanges(
        exchanges: &[Exchange],
        lang: Lang,
        separator: char,
        taken: &[Listed],
    ) -> Self {
        let wanted = lang.duplicates_folder();
        let existing = taken
            .iter()
            .find(|item| item.is_dir && item.name.to_lowercase() == wanted.to_lowercase());
        let folder = existing.map_or_else(|| wanted.to_owned(), |item| item.name.clone());
        let copies = spare_copies(exchanges, lang, separator)
            .into_iter()
            .map(|(file, kept)| Copy {
                destination: format!("{folder}{separator}{file}"),
                file,
                kept,
            })
            .collect();
        Self {
            folder,
            folder_exists: existing.is_some(),
            copies,
        }
    }

    /// Whether `name` is one of the copies set aside.
    pub fn is_copy(&self, name: &str) -> bool {
        self.copies.iter().any(|copy| copy.file == name)
    }

    /// The duplicates folder when needed, then one `move_file` per copy.
    pub fn actions(&self) -> Vec<(&'static str, Value)> {
        if self.copies.is_empty() {
            return Vec::new();
        }
        let folder =
            (!self.folder_exists).then(|| ("create_folder", json!({ "path": self.folder })));
        folder
            .into_iter()
            .chain(self.copies.iter().map(|copy| {
                (
                    "move_file",
                    json!({ "source": copy.file, "destination": copy.destination }),
                )
            }))
            .collect()
    }
}
