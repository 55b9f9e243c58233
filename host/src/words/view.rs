//! The people's view of a session on a terminal: the live line that sums up
//! consecutive calls of one tool, and counted nouns with their plurals
//! (English) or measure words (Chinese).

use tidyup_core::{Lang, Noun};

/// The words of `view` only the host says.
pub(crate) trait ViewWords {
    /// The sum of consecutive `get_file_type` calls.
    fn view_classified(self, files: usize) -> String;

    /// The sum of consecutive `list_files` calls of one folder.
    fn view_listed(self, folder: &str, items: usize) -> String;

    /// The sum of consecutive `list_files` calls of several folders.
    fn view_listed_folders(self, folders: usize, items: usize) -> String;

    /// The sum of consecutive `create_folder` calls.
    fn view_created(self, folders: usize) -> String;

    /// The sum of consecutive `rename_file` calls.
    fn view_renamed(self, files: usize) -> String;

    /// The sum of consecutive `move_file` calls in a dry run.
    fn view_would_move(self, files: usize, folders: usize) -> String;

    /// The sum of consecutive `create_folder` calls in a dry run.
    fn view_would_create(self, folders: usize) -> String;

    /// The sum of consecutive `rename_file` calls in a dry run.
    fn view_would_rename(self, files: usize) -> String;

    /// The sum of consecutive `read_file` calls.
    fn view_read(self, files: usize) -> String;

    /// The sum of consecutive `find_files` calls.
    fn view_searched(self, searches: usize) -> String;

    /// The sum of consecutive `summarize_folder` calls: of one folder,
    /// `only` names it (`None`: the folder being tidied).
    fn view_summarized(self, folders: usize, only: Option<&str>) -> String;

    /// The line of a tool that failed: its name, what it was about and
    /// the first line of its result.
    fn view_failed(self, tool: &str, subject: &str, cause: &str) -> String;
}

impl ViewWords for Lang {
    fn view_classified(self, files: usize) -> String {
        let files = self.counted(files, Noun::File);
        self.pick(format!("Classified {files}"), format!("已分类 {files}"))
    }

    fn view_listed(self, folder: &str, items: usize) -> String {
        let items = self.counted(items, Noun::Item);
        self.pick(
            format!("Listed {folder}: {items}"),
            format!("已列出 {folder}：{items}"),
        )
    }

    fn view_listed_folders(self, folders: usize, items: usize) -> String {
        let folders = self.counted(folders, Noun::Folder);
        let items = self.counted(items, Noun::Item);
        self.pick(
            format!("Listed {folders}: {items}"),
            format!("已列出 {folders}：共 {items}"),
        )
    }

    fn view_created(self, folders: usize) -> String {
        let folders = self.counted(folders, Noun::Folder);
        self.pick(format!("Created {folders}"), format!("已创建 {folders}"))
    }

    fn view_renamed(self, files: usize) -> String {
        let files = self.counted(files, Noun::File);
        self.pick(format!("Renamed {files}"), format!("已重命名 {files}"))
    }

    fn view_would_move(self, files: usize, folders: usize) -> String {
        let files_text = self.counted(files, Noun::File);
        let folders = self.counted(folders, Noun::Folder);
        self.pick(
            format!("Would move {files_text} into {folders} (dry run)"),
            format!("将把 {files_text}移入 {folders}（演练）"),
        )
    }

    fn view_would_create(self, folders: usize) -> String {
        let folders = self.counted(folders, Noun::Folder);
        self.pick(
            format!("Would create {folders} (dry run)"),
            format!("将创建 {folders}（演练）"),
        )
    }

    fn view_would_rename(self, files: usize) -> String {
        let files = self.counted(files, Noun::File);
        self.pick(
            format!("Would rename {files} (dry run)"),
            format!("将重命名 {files}（演练）"),
        )
    }

    fn view_read(self, files: usize) -> String {
        let files = self.counted(files, Noun::File);
        self.pick(format!("Read {files}"), format!("已读取 {files}"))
    }

    fn view_searched(self, searches: usize) -> String {
        let searches = self.counted(searches, Noun::Search);
        self.pick(
            format!("Looked for files ({searches})"),
            format!("已查找文件（{searches}）"),
        )
    }

    fn view_summarized(self, folders: usize, only: Option<&str>) -> String {
        if folders <= 1 {
            return match only {
                Some(name) => self.pick(
                    format!("Looked over {name}"),
                    format!("已查看 {name} 的概况"),
                ),
                None => self.pick(
                    "Looked over the whole folder".to_owned(),
                    "已查看整个文件夹的概况".to_owned(),
                ),
            };
        }
        let folders = self.counted(folders, Noun::Folder);
        self.pick(
            format!("Looked over {folders}"),
            format!("已查看 {folders}的概况"),
        )
    }

    fn view_failed(self, tool: &str, subject: &str, cause: &str) -> String {
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
