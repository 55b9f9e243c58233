//! The copies a large-folder plan sets aside: the loose files that
//! `find_duplicates` shows to have the same bytes as a file kept, each moved
//! into the duplicates folder with its own `move_file`, before the moves by
//! type. Nothing is deleted.

use serde_json::{Value, json};

use crate::{Lang, paths};

use super::exchanges::Exchange;
use super::plan::{Listed, duplicates_folder, spare_copies};
use super::texts::same_bytes_as;

/// Copies named one by one in a plan; the rest are counted.
const COPIES_NAMED: usize = 50;

/// One copy to set aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Copy {
    /// Its name in the target.
    pub file: String,
    /// Where it goes, relative to the target.
    pub destination: String,
    /// The file of the same bytes that is kept.
    pub kept: String,
}

/// The copies of a plan and the folder they go to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
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
        let wanted = duplicates_folder(lang);
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

    /// The plan's paragraph: the folder and every copy with the file kept.
    pub fn plan_text(&self, lang: Lang, separator: char) -> String {
        let (folder, count) = (&self.folder, self.copies.len());
        let mut text = match (lang, self.folder_exists) {
            (Lang::En, false) => format!(
                "{folder}{separator} (copies of files kept elsewhere, new folder, {count} files)"
            ),
            (Lang::En, true) => format!(
                "{folder}{separator} (copies of files kept elsewhere, existing folder, {count} files)"
            ),
            (Lang::Zh, false) => {
                format!("{folder}{separator}（内容相同的副本，新建文件夹，{count} 个文件）")
            }
            (Lang::Zh, true) => {
                format!("{folder}{separator}（内容相同的副本，已有文件夹，{count} 个文件）")
            }
        };
        for copy in self.copies.iter().take(COPIES_NAMED) {
            text.push_str(&format!("\n  {} → {}", copy.file, copy.destination));
            text.push_str(&same_bytes_as(lang, &copy.kept));
        }
        if count > COPIES_NAMED {
            text.push_str("\n  ");
            text.push_str(&super::large_texts::and_more(lang, count - COPIES_NAMED));
        }
        text
    }

    /// What the `move_file` results say: `(moved, report lines)`; a line
    /// for the folder, and one for each copy not moved.
    pub fn report(&self, done: &[Exchange], target_dir: &str, lang: Lang) -> (usize, Vec<String>) {
        let separator = paths::separator(target_dir);
        let mut failures = Vec::new();
        let mut moved = 0;
        for copy in &self.copies {
            let destination = paths::resolve(target_dir, &copy.destination);
            let result = done
                .iter()
                .find(|e| e.name == "move_file" && e.arg("source") == copy.file)
                .map_or("-", |e| e.result.as_str());
            if result == lang.moved(&copy.file, &destination) {
                moved += 1;
            } else {
                failures.push(super::texts::report_failure(lang, &copy.file, result));
            }
        }
        let folder = &self.folder;
        let count = self.copies.len();
        let mark = if moved == count { '✓' } else { '✗' };
        let mut lines = vec![match lang {
            Lang::En => {
                format!("  {mark} {folder}{separator}: {moved} of {count} copies set aside")
            }
            Lang::Zh => format!("  {mark} {folder}{separator}：已移出 {moved}/{count} 个副本"),
        }];
        lines.extend(failures);
        (moved, lines)
    }
}
