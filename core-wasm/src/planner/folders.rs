//! The folders the planner files into: a category's folder (an existing
//! folder whose name means the category, in either language or a common
//! synonym, else the planner's own name for it) and the folder copies are
//! set aside in, each made free of files of the same name.

use crate::Lang;
use crate::file_type::Category;

use crate::tools::Listed;

/// Folder names that mean a category, compared ignoring case.
const SYNONYMS: [(Category, &[&str]); 9] = [
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
    (
        Category::ThreeD,
        &["3d models", "3d-models", "models", "3d模型", "三维", "模型"],
    ),
    (Category::Other, &["others", "other", "misc", "其他"]),
];

/// The folder names, besides the planner's own, that mean `category`.
pub fn synonyms(category: Category) -> &'static [&'static str] {
    SYNONYMS
        .iter()
        .find(|(c, _)| *c == category)
        .map_or(&[][..], |(_, names)| *names)
}

/// The folder the files of the category named `category` (as
/// `get_file_type` returns it) go to; any other text is [`Category::Other`].
pub fn folder_name(category: &str, lang: Lang) -> &'static str {
    category_folder(
        Category::from_name(category).unwrap_or(Category::Other),
        lang,
    )
}

/// Whether a folder named `name` is one the planner files `category`
/// into: its own name for it in either language or a synonym, ignoring
/// case, or one of those made free of a file (`Images (2)`).
pub fn means_category(name: &str, category: Category) -> bool {
    let lower = name.to_lowercase();
    let base = match lower.rsplit_once(" (") {
        Some((base, n))
            if n.strip_suffix(')')
                .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())) =>
        {
            base
        }
        _ => lower.as_str(),
    };
    Lang::ALL
        .iter()
        .any(|lang| category_folder(category, *lang).to_lowercase() == base)
        || synonyms(category).contains(&base)
}

/// The planner's name for a category's folder: the category itself in
/// Chinese, its English name in English.
pub fn category_folder(category: Category, lang: Lang) -> &'static str {
    match lang {
        Lang::En => category.english(),
        Lang::Zh => category.name(),
    }
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

/// The folder a category's files go to: an existing folder that means the
/// category, else the planner's name for it (made free of files).
pub fn category_target(category: Category, lang: Lang, items: &[Listed]) -> String {
    existing_category_folder(category, lang, items).map_or_else(
        || free_folder_name(category_folder(category, lang), items),
        str::to_owned,
    )
}

/// The folder copies are set aside in: `Duplicates` (`重复文件`), made
/// free of files.
pub fn duplicates_target(lang: Lang, items: &[Listed]) -> String {
    free_folder_name(lang.duplicates_folder(), items)
}

/// `wanted`, or `wanted (2)`, `wanted (3)`... when a *file* has that name
/// (an existing folder of that name is reused, a file never overwritten).
fn free_folder_name(wanted: &str, items: &[Listed]) -> String {
    let blocked = |name: &str| items.iter().any(|item| !item.is_dir && item.name == name);
    let mut candidate = wanted.to_owned();
    let mut n = 2;
    while blocked(&candidate) {
        candidate = format!("{wanted} ({n})");
        n += 1;
    }
    candidate
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> Listed {
        Listed {
            name: name.to_owned(),
            is_dir: true,
            is_link: false,
            modified: None,
            online_only: false,
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

    #[test]
    fn a_folder_name_taken_by_a_file_is_numbered() {
        let items = vec![Listed {
            name: "Images".into(),
            is_dir: false,
            is_link: false,
            modified: None,
            online_only: false,
        }];
        assert_eq!(free_folder_name("Images", &items), "Images (2)");
    }
}
