//! The people's view of a session on a terminal: the live line that sums up
//! consecutive calls of one tool, and counted nouns with their plurals
//! (English) or measure words (Chinese).

use crate::format::group_digits;
use crate::texts::Lang;

/// Something counted in a text: `1 file`, `2 files`, `2 个文件`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Noun {
    /// A file.
    File,
    /// A folder.
    Folder,
    /// An item of a listing (a file or a folder).
    Item,
    /// A search.
    Search,
    /// A change (a move, a folder made, an item trashed).
    Change,
    /// A step of a plan.
    Step,
    /// A session.
    Session,
    /// A copy of a file.
    Copy,
}

impl Lang {
    /// `n` and the noun, in the right number: "1 file", "46 files",
    /// "46 个文件".
    pub fn counted(self, n: usize, noun: Noun) -> String {
        format!("{} {}", group_digits(n), self.noun(n, noun))
    }

    /// The noun that follows the count `n`: "file", "files", "个文件".
    pub fn noun(self, n: usize, noun: Noun) -> &'static str {
        let (one, many, zh) = match noun {
            Noun::File => ("file", "files", "个文件"),
            Noun::Folder => ("folder", "folders", "个文件夹"),
            Noun::Item => ("item", "items", "项"),
            Noun::Search => ("search", "searches", "次搜索"),
            Noun::Change => ("change", "changes", "处改动"),
            Noun::Step => ("step", "steps", "步"),
            Noun::Session => ("session", "sessions", "个会话"),
            Noun::Copy => ("copy", "copies", "份副本"),
        };
        match self {
            Lang::En if n == 1 => one,
            Lang::En => many,
            Lang::Zh => zh,
        }
    }

    /// The sum of consecutive `move_file` calls.
    pub fn view_moved(self, files: usize, folders: usize) -> String {
        let files_text = self.counted(files, Noun::File);
        let folders = self.counted(folders, Noun::Folder);
        self.pick(
            format!("Moved {files_text} into {folders}"),
            format!("已将 {files_text}移入 {folders}"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_take_the_right_number_and_measure_word() {
        assert_eq!(Lang::En.counted(1, Noun::File), "1 file");
        assert_eq!(Lang::En.counted(0, Noun::Folder), "0 folders");
        assert_eq!(Lang::En.counted(2, Noun::Search), "2 searches");
        assert_eq!(Lang::En.counted(12_000, Noun::Item), "12,000 items");
        assert_eq!(Lang::Zh.counted(1, Noun::File), "1 个文件");
        assert_eq!(Lang::Zh.counted(50, Noun::Item), "50 项");
        assert_eq!(Lang::En.view_moved(1, 1), "Moved 1 file into 1 folder");
        assert_eq!(Lang::Zh.view_moved(46, 8), "已将 46 个文件移入 8 个文件夹");
    }
}
