//! The folders the user already made, and which loose files belong in
//! them: the one judgement the per-file plan and the large plan share.
//!
//! A folder is a target only when its name clearly means something
//! (`texts::folder_words`: invoices, taxes, papers, books, samples, photos
//! of a year, clients, work, in English and Chinese) and a file clearly
//! belongs there: by words of its name (`Invoice_2024-03_…`, `W-2 2024`,
//! `发票_…`), by its kind (an e-book for `Books/`), by its year (a photo's
//! date taken or the date in its name for `Photos 2023/`), by a client's
//! name (`Clients/Acme/` takes `Acme_logo.ai`), or by what the folder
//! holds (a file whose first word is that of a file of the same kind in
//! it: `Q2 report.docx` beside `Work/Q1 report.docx`). A folder's year
//! must be the file's. Hidden folders, project folders and the folders
//! that mean a category (reused by kind already) are never targets.

use crate::dates::{date_in_name, year_in_name};
use crate::file_type::Category;
use crate::groups::{is_page_folder_name, kept_by_application, project_marker};
use crate::kinds::kind;
use crate::texts::folder_words::{
    BOOK_ENDINGS, Evidence, FOLDER_TOPICS, INVOICE_WORDS, NOT_INVOICE_WORDS, NOT_PAPER_WORDS,
    PAPER_WORDS, SAMPLE_ENDINGS, SAMPLE_WORDS, TAX_WORDS, Topic,
};
use crate::texts::requests::SCREENSHOT_NAMES;
use crate::tools::Listed;

use super::affinity::{Affinity, NameWords, strength, year_fits};
use super::exchanges::Exchange;
use super::folders::means_category;
use super::name_words::{
    ending, first_word, first_word_as_written, has_any, has_word, is_paper_number,
};

/// One folder of the user's that files may go into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserFolder {
    /// Its path relative to the target, `/`-separated (`Clients/Acme`).
    pub path: String,
    /// What its name says it is for, when it is one of the topics known.
    topic: Option<Topic>,
    /// What its name and files say it takes, whatever its name.
    affinity: Affinity,
    /// The year its name carries.
    year: Option<i32>,
    /// A client's folder: the client's name, in lower case.
    client: Option<String>,
    /// The names of the files it holds, as the turn listed it.
    pub holds: Vec<String>,
}

/// The user's folders of one target, in the order they are tried.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UserFolders {
    folders: Vec<UserFolder>,
}

impl UserFolders {
    /// The user's folders among the target's `items`, with what the turn's
    /// listings (`exchanges`) show of them; `projects` names folders left
    /// whole besides those whose listing shows a project.
    pub fn find(items: &[Listed], exchanges: &[Exchange], projects: &[String]) -> Self {
        let listing = |path: &str| {
            exchanges
                .iter()
                .rev()
                .find(|e| e.name == "list_files" && e.arg("path") == path)
                .map(Exchange::items)
        };
        let mut folders = Vec::new();
        for item in items.iter().filter(|item| item.is_dir) {
            let name = &item.name;
            let listed = listing(name).unwrap_or_default();
            let project = projects.contains(name)
                || project_marker(listed.iter().map(|item| item.name.as_str())).is_some();
            if !may_take_files(name) || project {
                continue;
            }
            let year = year_in_name(name);
            let topic = topic_of(name).filter(|topic| *topic != Topic::Photos || year.is_some());
            if topic == Some(Topic::Clients) {
                let clients = listed
                    .iter()
                    .filter(|client| client.is_dir && !client.name.starts_with('.'));
                folders.extend(clients.map(|client| {
                    let path = format!("{name}/{}", client.name);
                    let inside = listing(&path).or_else(|| listing(&path.replace('/', "\\")));
                    let holds = files_of(inside.unwrap_or_default());
                    UserFolder {
                        affinity: Affinity::of(&client.name, &holds),
                        holds,
                        path,
                        topic,
                        year: None,
                        client: Some(client.name.to_lowercase()),
                    }
                }));
                continue;
            }
            let holds = files_of(listed);
            folders.push(UserFolder {
                affinity: Affinity::of(name, &holds),
                path: name.clone(),
                topic,
                year,
                client: None,
                holds,
            });
        }
        folders.sort_by_key(|folder| (folder.topic.is_none(), folder.topic));
        folders.truncate(MOST_FOLDERS);
        Self { folders }
    }

    /// The folders whose listing the turn does not have yet, their paths
    /// with the target's `separator`: listed before planning, so a name
    /// taken inside is never replaced.
    pub fn unlisted(&self, this_turn: &[Exchange], separator: char) -> Vec<String> {
        self.folders
            .iter()
            .map(|folder| folder.path.replace('/', &separator.to_string()))
            .filter(|path| {
                !this_turn
                    .iter()
                    .any(|e| e.name == "list_files" && e.arg("path") == path)
            })
            .collect()
    }

    /// The folders, in the order they are tried.
    pub fn all(&self) -> &[UserFolder] {
        &self.folders
    }

    /// Whether a folder goes by the year a photo was taken (then pictures
    /// are worth reading for their date taken).
    pub fn wants_dates_taken(&self) -> bool {
        self.folders
            .iter()
            .any(|folder| folder.topic == Some(Topic::Photos))
    }

    /// The folder the loose file `name` of kind `category` goes into, when
    /// one clearly means it, with the evidence: the strongest, the first
    /// of equals; `taken` is a picture's date taken, when read.
    pub fn destination(
        &self,
        name: &str,
        category: Category,
        taken: Option<(i32, u32)>,
    ) -> Option<(&UserFolder, Evidence)> {
        let mut best: Option<(&UserFolder, Evidence)> = None;
        let words = NameWords::of(name);
        for folder in &self.folders {
            let Some(evidence) = folder.takes(name, &words, category, taken) else {
                continue;
            };
            if best
                .as_ref()
                .is_none_or(|(_, found)| strength(&evidence) > strength(found))
            {
                best = Some((folder, evidence));
            }
        }
        best
    }
}

/// The person's folders weighed for one plan, at most: the first by name
/// after those whose names say a topic.
const MOST_FOLDERS: usize = 40;

impl UserFolder {
    /// The evidence that this folder clearly means the file `name` (split
    /// into its `words`) of kind `category`, if any: what its name and
    /// files say of it, or its topic. A folder of a year takes only files
    /// of that year.
    fn takes(
        &self,
        name: &str,
        words: &NameWords,
        category: Category,
        taken: Option<(i32, u32)>,
    ) -> Option<Evidence> {
        let year_fits = year_fits(self.year, name);
        let photos = self.topic == Some(Topic::Photos);
        let by_affinity = (year_fits && !photos)
            .then(|| self.affinity.evidence_of(words, category))
            .flatten();
        let by_topic = self
            .topic
            .is_some_and(|topic| self.topic_takes(topic, name, category, taken, year_fits));
        by_affinity.or_else(|| by_topic.then_some(Evidence::Topic))
    }

    /// Whether the folder's topic takes the file `name`.
    fn topic_takes(
        &self,
        topic: Topic,
        name: &str,
        category: Category,
        taken: Option<(i32, u32)>,
        year_fits: bool,
    ) -> bool {
        let lower = name.to_lowercase();
        let documents = category == Category::Documents;
        match topic {
            Topic::Invoices => {
                documents
                    && has_any(&lower, INVOICE_WORDS)
                    && !has_any(&lower, NOT_INVOICE_WORDS)
                    && year_fits
            }
            Topic::Taxes => documents && has_any(&lower, TAX_WORDS) && year_fits,
            Topic::Papers => {
                ending(&lower) == Some("pdf")
                    && !has_any(&lower, NOT_PAPER_WORDS)
                    && year_fits
                    && (is_paper_number(&lower)
                        || has_any(&lower, PAPER_WORDS)
                        || self.holds_alike(name, category))
            }
            Topic::Books => ending(&lower).is_some_and(|end| BOOK_ENDINGS.contains(&end)),
            Topic::Samples => {
                // `Artist - Title` is a song's or a stem's name.
                let song = lower.contains(" - ");
                category == Category::Audio
                    && ending(&lower).is_some_and(|end| SAMPLE_ENDINGS.contains(&end))
                    && !song
                    && (has_any(&lower, SAMPLE_WORDS) || self.holds_alike(name, category))
            }
            Topic::Photos => {
                let screenshot = SCREENSHOT_NAMES.iter().any(|word| lower.contains(word));
                let year = taken.or_else(|| date_in_name(name)).map(|(year, _)| year);
                category == Category::Images && !screenshot && year.is_some() && year == self.year
            }
            Topic::Clients => self
                .client
                .as_deref()
                .is_some_and(|client| has_word(&lower, client)),
            Topic::Work => self.holds_alike(name, category),
        }
    }

    /// Whether the folder holds a file of kind `category` whose first word
    /// is `name`'s (a telling word, not a camera's or a program's).
    fn holds_alike(&self, name: &str, category: Category) -> bool {
        let Some(first) = first_word(name) else {
            return false;
        };
        self.holds
            .iter()
            .any(|held| kind(held) == category && first_word(held).as_deref() == Some(&first))
    }

    /// A glob on names that finds every file this folder may take (and
    /// others): its words, a client's name, the first words of what it
    /// holds, the endings of its kind.
    pub fn candidates_glob(&self) -> String {
        let Some(topic) = self.topic else {
            return glob_of(self.affinity.globs());
        };
        let mut words: Vec<String> = match topic {
            Topic::Invoices => around(INVOICE_WORDS),
            Topic::Taxes => around(TAX_WORDS),
            Topic::Papers => vec!["*.pdf".to_owned()],
            Topic::Books => BOOK_ENDINGS.iter().map(|end| format!("*.{end}")).collect(),
            Topic::Samples => {
                let mut words = around(SAMPLE_WORDS);
                words.extend(self.first_words());
                words
            }
            Topic::Photos => IMAGE_ENDINGS.iter().map(|end| format!("*.{end}")).collect(),
            Topic::Clients => self.client.iter().map(|c| format!("*{c}*")).collect(),
            Topic::Work => self.first_words(),
        };
        words.extend(self.affinity.globs());
        glob_of(words)
    }

    /// `FIRST*` for the telling first words of the files it holds.
    fn first_words(&self) -> Vec<String> {
        let mut words: Vec<String> = self
            .holds
            .iter()
            .filter_map(|held| first_word_as_written(held))
            .map(|word| {
                // `Q1` finds `Q2` too: the words compare with their digits
                // as one.
                let mut glob = String::new();
                for c in word.chars() {
                    if !c.is_ascii_digit() {
                        glob.push(c);
                    } else if !glob.ends_with('*') {
                        glob.push('*');
                    }
                }
                if !glob.ends_with('*') {
                    glob.push('*');
                }
                glob
            })
            .collect();
        words.sort();
        words.dedup();
        words
    }
}

/// The folders among the target's `items` worth listing to find the
/// user's folders: visible, not meaning a category; those whose names
/// say a topic first, [`MOST_FOLDERS`] at most.
pub fn folders_to_list(items: &[Listed]) -> Vec<String> {
    let mut folders: Vec<&Listed> = items
        .iter()
        .filter(|item| item.is_dir && may_take_files(&item.name))
        .collect();
    folders.sort_by_key(|item| topic_of(&item.name).is_none());
    folders
        .into_iter()
        .take(MOST_FOLDERS)
        .map(|item| item.name.clone())
        .collect()
}

/// Whether a folder named `name` may take loose files by its name alone:
/// not hidden, not meaning a category (reused by kind already), not a
/// package (`Wedding.fcpbundle`, `Photos Library.photoslibrary`: a
/// program's document), not one a program keeps (auto-saves, caches).
fn may_take_files(name: &str) -> bool {
    let package = name.rsplit_once('.').is_some_and(|(stem, ending)| {
        !stem.is_empty()
            && (2..=16).contains(&ending.len())
            && ending.chars().all(|c| c.is_ascii_alphanumeric())
            && ending.chars().any(|c| c.is_ascii_alphabetic())
    });
    !name.starts_with('.')
        && !package
        && !means_some_category(name)
        && !kept_by_application(name)
        && !is_page_folder_name(name)
}

/// One glob that matches any of `words` (each a glob), the characters
/// globs treat specially in a name made plain `?`.
fn glob_of(words: Vec<String>) -> String {
    let mut words: Vec<String> = words
        .into_iter()
        .map(|word| word.replace(['{', '}', ',', '[', ']', '?', '\\'], "?"))
        .collect();
    words.sort();
    words.dedup();
    format!("{{{}}}", words.join(","))
}

/// Endings of pictures a photo folder finds its candidates by.
const IMAGE_ENDINGS: &[&str] = &["jpg", "jpeg", "heic", "heif", "png", "dng", "webp"];

/// The names of the visible files among `items`.
fn files_of(items: &[Listed]) -> Vec<String> {
    items
        .iter()
        .filter(|held| !held.is_dir && !held.name.starts_with('.'))
        .map(|held| held.name.clone())
        .collect()
}

/// `*WORD*` for each of `words`.
fn around(words: &[&str]) -> Vec<String> {
    words.iter().map(|word| format!("*{word}*")).collect()
}

/// Whether the folder name `name` means one of tidyup's categories (or the
/// duplicates folder): such a folder is reused by kind already.
fn means_some_category(name: &str) -> bool {
    Category::ALL
        .into_iter()
        .any(|category| means_category(name, category))
        || crate::Lang::ALL
            .iter()
            .any(|lang| lang.duplicates_folder().eq_ignore_ascii_case(name))
}

/// What the folder name `name` says the folder is for.
fn topic_of(name: &str) -> Option<Topic> {
    let lower = name.to_lowercase();
    FOLDER_TOPICS
        .iter()
        .find(|(_, words)| has_any(&lower, words))
        .map(|(topic, _)| *topic)
        .filter(|topic| *topic != Topic::Invoices || !has_any(&lower, NOT_INVOICE_WORDS))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(name: &str, is_dir: bool) -> Listed {
        Listed {
            name: name.to_owned(),
            is_dir,
            modified: None,
            online_only: false,
            is_link: false,
        }
    }

    fn folders(dirs: &[&str]) -> UserFolders {
        let items: Vec<Listed> = dirs.iter().map(|name| item(name, true)).collect();
        UserFolders::find(&items, &[], &[])
    }

    #[test]
    fn folder_names_say_what_they_are_for() {
        let found = folders(&[
            "Invoices",
            "Taxes 2024",
            "2023年照片",
            "Photos",
            "Documents",
            ".git",
            "发票",
            "Misc",
        ]);
        let paths: Vec<&str> = found.all().iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["Invoices", "发票", "Taxes 2024", "2023年照片"]);
    }

    #[test]
    fn a_file_goes_where_its_name_or_year_says() {
        let found = folders(&["Invoices", "Taxes 2024", "Photos 2023", "Books"]);
        let to = |name: &str, category, taken| {
            found
                .destination(name, category, taken)
                .map(|(f, _)| f.path.as_str())
        };
        let docs = Category::Documents;
        assert_eq!(
            to("Invoice_2024-03_Hetzner.pdf", docs, None),
            Some("Invoices")
        );
        assert_eq!(to("W-2 2024.pdf", docs, None), Some("Taxes 2024"));
        assert_eq!(to("1099-INT 2023.pdf", docs, None), None);
        assert_eq!(to("report.pdf", docs, None), None);
        let photo = Category::Images;
        assert_eq!(
            to("IMG_20230715_101500.jpg", photo, None),
            Some("Photos 2023")
        );
        assert_eq!(
            to("DSC01234.JPG", photo, Some((2023, 5))),
            Some("Photos 2023")
        );
        assert_eq!(to("IMG_20240715_101500.jpg", photo, None), None);
        assert_eq!(
            to("Screenshot 2023-03-12 at 10.15.30.png", photo, None),
            None
        );
        assert_eq!(to("The Hobbit.epub", docs, None), Some("Books"));
        assert!(is_paper_number("2403.01234v2.pdf"));
        assert!(is_paper_number("3597503.3673866.pdf"));
        assert!(!is_paper_number("ubuntu-24.04.pdf"));
    }
}
