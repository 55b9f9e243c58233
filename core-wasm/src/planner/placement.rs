//! Where the planner puts a file: the folder of the first of the user's
//! rules that matches it, else the folder of its category, which is an
//! existing folder of the target whose name means that category (in either
//! language, or a common synonym) when there is one.

use crate::Lang;
use crate::contents;
use crate::file_type::Category;
use crate::rules::{FileFacts, Rules};

use super::exchanges::Exchange;
use super::plan::{Listed, category_folder};

/// Folder names that mean a category, compared ignoring case.
const SYNONYMS: [(Category, &[&str]); 8] = [
    (
        Category::Documents,
        &["documents", "docs", "document", "文档", "文件"],
    ),
    (
        Category::Images,
        &[
            "images", "pictures", "photos", "pics", "image", "图片", "照片", "相片",
        ],
    ),
    (
        Category::Videos,
        &["videos", "movies", "video", "视频", "影片"],
    ),
    (
        Category::Audio,
        &["audio", "music", "songs", "音乐", "音频"],
    ),
    (Category::Code, &["code", "source", "src", "代码"]),
    (Category::Archives, &["archives", "compressed", "压缩包"]),
    (Category::Installers, &["installers", "setup", "安装包"]),
    (Category::Other, &["others", "other", "misc", "其他"]),
];

/// The folder names, besides the planner's own, that mean `category`.
pub fn synonyms(category: Category) -> &'static [&'static str] {
    SYNONYMS
        .iter()
        .find(|(c, _)| *c == category)
        .map_or(&[][..], |(_, names)| *names)
}

/// The existing folder among `items` whose name means `category`: the
/// planner's own name for it in `lang` first, then any synonym.
pub fn existing_category_folder(category: Category, lang: Lang, items: &[Listed]) -> Option<&str> {
    let own = category_folder(category, lang);
    let dirs = || items.iter().filter(|item| item.is_dir);
    if let Some(item) = dirs().find(|item| item.name == own) {
        return Some(&item.name);
    }
    dirs()
        .find(|item| synonyms(category).contains(&item.name.to_lowercase().as_str()))
        .map(|item| item.name.as_str())
}

/// Where one file goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// Rule `number` (1-based) sends it to `folder` (relative, `/`-separated).
    Rule { number: usize, folder: String },
    /// Its category's folder.
    Category(Category),
}

/// What the planner knows of the target's files in one turn: the `read_file`
/// results by file name.
pub struct Readings<'a> {
    exchanges: &'a [Exchange],
}

impl<'a> Readings<'a> {
    /// The readings among `exchanges`.
    pub fn new(exchanges: &'a [Exchange]) -> Self {
        Self { exchanges }
    }

    /// What `read_file` gave for `name`, when it was read.
    pub fn of(&self, name: &str) -> Option<&'a str> {
        self.exchanges
            .iter()
            .rev()
            .find(|e| e.name == "read_file" && e.arg("path") == name)
            .map(|e| e.result.as_str())
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
    let text = readings.of(&item.name);
    let date = text.and_then(contents::taken_month).or(item.modified);
    let facts = FileFacts {
        name: &item.name,
        category: category.name(),
        text,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> Listed {
        Listed {
            name: name.to_owned(),
            is_dir: true,
            modified: None,
        }
    }

    #[test]
    fn existing_folders_are_found_by_synonym_in_either_language() {
        let items = [dir("Pictures"), dir("照片"), dir("Music")];
        assert_eq!(
            existing_category_folder(Category::Images, Lang::En, &items),
            Some("Pictures")
        );
        assert_eq!(
            existing_category_folder(Category::Audio, Lang::Zh, &items),
            Some("Music")
        );
        assert_eq!(
            existing_category_folder(Category::Videos, Lang::En, &items),
            None
        );
        let own = [dir("Photos"), dir("Images")];
        assert_eq!(
            existing_category_folder(Category::Images, Lang::En, &own),
            Some("Images")
        );
    }
}
