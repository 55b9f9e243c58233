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

    /// The sum of consecutive `get_file_type` calls.
    pub fn view_classified(self, files: usize) -> String {
        let files = self.counted(files, Noun::File);
        self.pick(format!("Classified {files}"), format!("已分类 {files}"))
    }

    /// The sum of consecutive `list_files` calls of one folder.
    pub fn view_listed(self, folder: &str, items: usize) -> String {
        let items = self.counted(items, Noun::Item);
        self.pick(
            format!("Listed {folder}: {items}"),
            format!("已列出 {folder}：{items}"),
        )
    }

    /// The sum of consecutive `list_files` calls of several folders.
    pub fn view_listed_folders(self, folders: usize, items: usize) -> String {
        let folders = self.counted(folders, Noun::Folder);
        let items = self.counted(items, Noun::Item);
        self.pick(
            format!("Listed {folders}: {items}"),
            format!("已列出 {folders}：共 {items}"),
        )
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

    /// The sum of consecutive `create_folder` calls.
    pub fn view_created(self, folders: usize) -> String {
        let folders = self.counted(folders, Noun::Folder);
        self.pick(format!("Created {folders}"), format!("已创建 {folders}"))
    }

    /// The sum of consecutive `rename_file` calls.
    pub fn view_renamed(self, files: usize) -> String {
        let files = self.counted(files, Noun::File);
        self.pick(format!("Renamed {files}"), format!("已重命名 {files}"))
    }

    /// The sum of consecutive `move_file` calls in a dry run.
    pub fn view_would_move(self, files: usize, folders: usize) -> String {
        let files_text = self.counted(files, Noun::File);
        let folders = self.counted(folders, Noun::Folder);
        self.pick(
            format!("Would move {files_text} into {folders} (dry run)"),
            format!("将把 {files_text}移入 {folders}（演练）"),
        )
    }

    /// The sum of consecutive `create_folder` calls in a dry run.
    pub fn view_would_create(self, folders: usize) -> String {
        let folders = self.counted(folders, Noun::Folder);
        self.pick(
            format!("Would create {folders} (dry run)"),
            format!("将创建 {folders}（演练）"),
        )
    }

    /// The sum of consecutive `rename_file` calls in a dry run.
    pub fn view_would_rename(self, files: usize) -> String {
        let files = self.counted(files, Noun::File);
        self.pick(
            format!("Would rename {files} (dry run)"),
            format!("将重命名 {files}（演练）"),
        )
    }

    /// The sum of consecutive `read_file` calls.
    pub fn view_read(self, files: usize) -> String {
        let files = self.counted(files, Noun::File);
        self.pick(format!("Read {files}"), format!("已读取 {files}"))
    }

    /// The sum of consecutive `find_files` calls.
    pub fn view_searched(self, searches: usize) -> String {
        let searches = self.counted(searches, Noun::Search);
        self.pick(
            format!("Looked for files ({searches})"),
            format!("已查找文件（{searches}）"),
        )
    }

    /// The sum of consecutive `summarize_folder` calls.
    pub fn view_summarized(self, folders: usize) -> String {
        let folders = self.counted(folders, Noun::Folder);
        self.pick(
            format!("Looked over {folders}"),
            format!("已查看 {folders}的概况"),
        )
    }

    /// The line of a tool that failed: its name, what it was about and
    /// the first line of its result.
    pub fn view_failed(self, tool: &str, subject: &str, cause: &str) -> String {
        let about = if subject.is_empty() {
            String::new()
        } else {
            format!(" {subject}")
        };
        self.pick(
            format!("✗ {tool}{about}: {cause}"),
            format!("✗ {tool}{about}：{cause}"),
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
