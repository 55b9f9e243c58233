//! The extension rule and category table of `get_file_type`.

/// The categories `get_file_type` returns, with the extensions of each;
/// their names are part of the tool's contract and never translated. Anything else is [`OTHER`].
pub const CATEGORIES: [(&str, &[&str]); 7] = [
    (
        "文档",
        &[
            "doc", "docx", "pdf", "txt", "rtf", "xls", "xlsx", "ppt", "pptx", "csv",
        ],
    ),
    (
        "图片",
        &[
            "jpg", "jpeg", "png", "gif", "bmp", "svg", "webp", "ico", "tiff",
        ],
    ),
    ("视频", &["mp4", "avi", "mov", "mkv", "wmv", "flv"]),
    ("音频", &["mp3", "wav", "flac", "aac", "ogg", "m4a"]),
    (
        "代码",
        &[
            "java", "py", "js", "ts", "html", "css", "cpp", "c", "go", "rs", "rb", "php", "sh",
            "sql", "json", "xml", "yaml", "yml",
        ],
    ),
    ("压缩包", &["zip", "rar", "7z", "tar", "gz", "bz2"]),
    ("安装包", &["exe", "msi", "app", "dmg", "deb", "rpm"]),
];

/// The category of any other or empty extension.
pub const OTHER: &str = "其他";

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

/// A category of `get_file_type`, as a type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
    /// 其他
    Other,
}

impl Category {
    /// Every category, in table order, [`Category::Other`] last.
    pub const ALL: [Category; 8] = [
        Category::Documents,
        Category::Images,
        Category::Videos,
        Category::Audio,
        Category::Code,
        Category::Archives,
        Category::Installers,
        Category::Other,
    ];

    /// The exact name `get_file_type` returns (`文档` ... `其他`).
    pub fn name(self) -> &'static str {
        match self {
            Category::Documents => CATEGORIES[0].0,
            Category::Images => CATEGORIES[1].0,
            Category::Videos => CATEGORIES[2].0,
            Category::Audio => CATEGORIES[3].0,
            Category::Code => CATEGORIES[4].0,
            Category::Archives => CATEGORIES[5].0,
            Category::Installers => CATEGORIES[6].0,
            Category::Other => OTHER,
        }
    }

    /// Its English name, as an English folder name.
    pub fn english(self) -> &'static str {
        match self {
            Category::Documents => "Documents",
            Category::Images => "Images",
            Category::Videos => "Videos",
            Category::Audio => "Audio",
            Category::Code => "Code",
            Category::Archives => "Archives",
            Category::Installers => "Installers",
            Category::Other => "Others",
        }
    }

    /// The category a model or user named: its exact name, or its English
    /// name in any case.
    pub fn parse(text: &str) -> Option<Category> {
        let text = text.trim();
        Category::ALL.into_iter().find(|category| {
            category.name() == text || category.english().eq_ignore_ascii_case(text)
        })
    }

    /// The category of a file name.
    pub fn of(filename: &str) -> Category {
        let name = category(filename);
        Category::ALL
            .into_iter()
            .find(|category| category.name() == name)
            .unwrap_or(Category::Other)
    }
}

/// The category of a file name, one of [`CATEGORIES`] or [`OTHER`].
pub fn category(filename: &str) -> &'static str {
    let ext = extension(filename);
    CATEGORIES
        .iter()
        .find(|(_, extensions)| extensions.contains(&ext.as_str()))
        .map_or(OTHER, |(name, _)| name)
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
}
