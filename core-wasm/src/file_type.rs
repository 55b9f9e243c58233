//! The extension rule and category table of `get_file_type`.

use serde::{Deserialize, Serialize};

/// The categories `get_file_type` returns, with the extensions of each;
/// their names are part of the tool's contract and never translated.
/// Anything else is [`OTHER`].
pub const CATEGORIES: [(&str, &[&str]); 7] = [
    Category::Documents.row(),
    Category::Images.row(),
    Category::Videos.row(),
    Category::Audio.row(),
    Category::Code.row(),
    Category::Archives.row(),
    Category::Installers.row(),
];

/// The category of any other or empty extension.
pub const OTHER: &str = Category::Other.name();

/// The extension of a file name: the text after the last dot of its last
/// path component, lowercased; empty when there is no dot, or the dot is the
/// first or last character.
pub fn extension(filename: &str) -> String {
    let name = filename.rsplit(['/', '\\']).next().unwrap_or(filename);
    match name.rfind('.') {
        Some(dot) if dot != 0 && dot + 1 != name.len() => name[dot + 1..].to_lowercase(),
        Some(_) | None => String::new(),
    }
}

/// A category of `get_file_type`, as a type. Code names categories by this
/// type; its names (the one `get_file_type` reports, in Chinese, and the
/// English one) are words to show or to read from a tool result, written
/// in one table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// 文档
    Documents,
    /// 图片
    Images,
    /// 视频
    Videos,
    /// 音频
    Audio,
    /// 代码
    Code,
    /// 压缩包
    Archives,
    /// 安装包
    Installers,
    /// 三维模型: 3D models and scenes. tidyup's own judgement files them
    /// apart; `get_file_type` never reports it, its table having no
    /// ending of this kind.
    ThreeD,
    /// 其他
    Other,
}

/// A category's words and extensions.
struct Names {
    /// The exact name `get_file_type` returns.
    reported: &'static str,
    /// The English name, as an English folder name.
    english: &'static str,
    /// The lowercased extensions of its files (none for [`Category::Other`]).
    extensions: &'static [&'static str],
}

/// The one place each category's names and extensions are written, in
/// the order of [`Category::ALL`] (the order of its variants).
const NAMES: [Names; 9] = [
    Names {
        reported: "文档",
        english: "Documents",
        extensions: &[
            "doc", "docx", "pdf", "txt", "rtf", "xls", "xlsx", "ppt", "pptx", "csv",
        ],
    },
    Names {
        reported: "图片",
        english: "Images",
        extensions: &[
            "jpg", "jpeg", "png", "gif", "bmp", "svg", "webp", "ico", "tiff",
        ],
    },
    Names {
        reported: "视频",
        english: "Videos",
        extensions: &["mp4", "avi", "mov", "mkv", "wmv", "flv"],
    },
    Names {
        reported: "音频",
        english: "Audio",
        extensions: &["mp3", "wav", "flac", "aac", "ogg", "m4a"],
    },
    Names {
        reported: "代码",
        english: "Code",
        extensions: &[
            "java", "py", "js", "ts", "html", "css", "cpp", "c", "go", "rs", "rb", "php", "sh",
            "sql", "json", "xml", "yaml", "yml",
        ],
    },
    Names {
        reported: "压缩包",
        english: "Archives",
        extensions: &["zip", "rar", "7z", "tar", "gz", "bz2"],
    },
    Names {
        reported: "安装包",
        english: "Installers",
        extensions: &["exe", "msi", "app", "dmg", "deb", "rpm"],
    },
    Names {
        reported: "三维模型",
        english: "3D",
        extensions: &[],
    },
    Names {
        reported: "其他",
        english: "Others",
        extensions: &[],
    },
];

impl Category {
    /// Every category, in table order, [`Category::Other`] last.
    pub const ALL: [Category; 9] = [
        Category::Documents,
        Category::Images,
        Category::Videos,
        Category::Audio,
        Category::Code,
        Category::Archives,
        Category::Installers,
        Category::ThreeD,
        Category::Other,
    ];

    /// Its names and extensions.
    const fn names(self) -> &'static Names {
        &NAMES[self as usize]
    }

    /// Its row of [`CATEGORIES`].
    pub(crate) const fn row(self) -> (&'static str, &'static [&'static str]) {
        let names = self.names();
        (names.reported, names.extensions)
    }

    /// The exact name `get_file_type` returns (`文档` ... `其他`).
    pub const fn name(self) -> &'static str {
        self.names().reported
    }

    /// Its English name, as an English folder name.
    pub const fn english(self) -> &'static str {
        self.names().english
    }

    /// The category whose exact name (as `get_file_type` returns it) is
    /// `name`.
    pub fn from_name(name: &str) -> Option<Category> {
        Category::ALL
            .into_iter()
            .find(|category| category.name() == name)
    }

    /// The category a model or user named: its exact name, or its English
    /// name in any case.
    pub fn parse(text: &str) -> Option<Category> {
        let text = text.trim();
        Category::ALL.into_iter().find(|category| {
            category.name() == text || category.english().eq_ignore_ascii_case(text)
        })
    }

    /// The category of a file name, by its [`extension`].
    pub fn of(filename: &str) -> Category {
        let ext = extension(filename);
        Category::ALL
            .into_iter()
            .find(|category| category.names().extensions.contains(&ext.as_str()))
            .unwrap_or(Category::Other)
    }
}

/// The category of a file name, one of [`CATEGORIES`] or [`OTHER`].
pub fn category(filename: &str) -> &'static str {
    Category::of(filename).name()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extension_rule_edges() {
        assert_eq!(extension("report.PDF"), "pdf");
        assert_eq!(extension("archive.tar.gz"), "gz");
        assert_eq!(extension(".bashrc"), "");
        assert_eq!(extension("trailing."), "");
        assert_eq!(extension("noext"), "");
        assert_eq!(extension(""), "");
        assert_eq!(extension("dir.d/file"), "");
        assert_eq!(extension("C:\\x.y\\photo.JpG"), "jpg");
        assert_eq!(extension("照片.PNG"), "png");
        assert_eq!(extension("a.b/.hidden"), "");
    }

    #[test]
    fn every_row_of_the_table() {
        for (name, extensions) in CATEGORIES {
            for ext in extensions {
                assert_eq!(category(&format!("x.{ext}")), name);
                assert_eq!(category(&format!("x.{}", ext.to_uppercase())), name);
            }
        }
        assert_eq!(category("Main.java"), "代码");
        assert_eq!(category("x.unknown"), OTHER);
        assert_eq!(category("Makefile"), OTHER);
        assert_eq!(category(".gitignore"), OTHER);
    }

    #[test]
    fn names_read_back_to_their_category() {
        for (index, category) in Category::ALL.into_iter().enumerate() {
            assert_eq!(category as usize, index, "the table's order");
        }
        for category in Category::ALL {
            assert_eq!(Category::from_name(category.name()), Some(category));
            assert_eq!(Category::parse(category.english()), Some(category));
        }
        assert_eq!(Category::from_name("Images"), None);
    }
}
