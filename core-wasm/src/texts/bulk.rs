//! The result texts of large listings and the bulk tools, in both languages.

use crate::texts::Lang;

impl Lang {
    /// list_files on a large directory: the line after the items shown.
    pub fn more_items(self, more: usize, shown: usize) -> String {
        self.pick(
            format!(
                "... and {more} more items not shown. This folder is large: call summarize_folder for an overview, or find_files with pattern \"*\" and offset {shown} to see more."
            ),
            format!(
                "……另有 {more} 个项目未显示。这个文件夹很大：用 summarize_folder 查看概况，或用 find_files（pattern 为 \"*\"，offset 为 {shown}）继续查看。"
            ),
        )
    }

    /// A glob the bulk tools cannot read.
    pub fn bad_pattern(self, pattern: &str, cause: &str) -> String {
        self.pick(
            format!("invalid pattern {pattern:?}: {cause}"),
            format!("无效的匹配模式 {pattern:?}：{cause}"),
        )
    }

    /// A category the bulk tools do not know.
    pub fn unknown_category(self, category: &str) -> String {
        self.pick(
            format!(
                "unknown category {category:?}; use one of 文档, 图片, 视频, 音频, 代码, 压缩包, 安装包, 三维模型, 其他"
            ),
            format!("未知类别 {category:?}；可用：文档、图片、视频、音频、代码、压缩包、安装包、三维模型、其他"),
        )
    }

    /// find_files: no item matches.
    pub fn no_match(self, path: &str, pattern: &str) -> String {
        self.pick(
            format!("No items in {path} match {pattern}"),
            format!("{path} 中没有与 {pattern} 匹配的项目"),
        )
    }

    /// find_files: the offset is past the last match.
    pub fn past_the_end(self, total: usize, pattern: &str, offset: usize) -> String {
        self.pick(
            format!("No more items: {total} match {pattern}, and offset {offset} is past the end"),
            format!("没有更多项目：共 {total} 个与 {pattern} 匹配，offset {offset} 已超出末尾"),
        )
    }

    /// find_files: the first line of a page.
    pub fn matches_page(
        self,
        total: usize,
        path: &str,
        pattern: &str,
        first: usize,
        last: usize,
    ) -> String {
        self.pick(
            format!("{total} items in {path} match {pattern}; items {first}-{last}:"),
            format!("{path} 中有 {total} 个项目与 {pattern} 匹配；第 {first}-{last} 个："),
        )
    }

    /// find_files: the last line when more pages follow.
    pub fn next_page(self, next_offset: usize, more: usize) -> String {
        self.pick(
            format!("{more} more: call find_files again with offset {next_offset}"),
            format!("还有 {more} 个：用 offset {next_offset} 再次调用 find_files"),
        )
    }

    /// move_matching: no file matches.
    pub fn nothing_matched(self, path: &str, pattern: &str) -> String {
        self.pick(
            format!("No files in {path} match {pattern}; nothing was moved"),
            format!("{path} 中没有与 {pattern} 匹配的文件；未移动任何文件"),
        )
    }

    /// move_by_type: no file of the category.
    pub fn no_files_of_type(self, path: &str, category: &str) -> String {
        self.pick(
            format!("No {category} files in {path}; nothing was moved"),
            format!("{path} 中没有{category}类文件；未移动任何文件"),
        )
    }

    /// A bulk move's first line.
    pub fn bulk_moved(self, moved: usize, total: usize, destination: &str) -> String {
        self.pick(
            format!("Moved {moved} of {total} files to {destination}"),
            format!("已移动 {moved}/{total} 个文件到 {destination}"),
        )
    }

    /// `move_files`'s first line: how many of its moves were made.
    pub fn each_moved(self, moved: usize, total: usize, dry_run: bool) -> String {
        match dry_run {
            false => self.pick(
                format!("Moved {moved} of {total} items, each to its own destination"),
                format!("已移动 {moved}/{total} 项，各自到其目标位置"),
            ),
            true => self.pick(
                format!("Dry run, nothing on disk changed: would move {moved} of {total} items, each to its own destination"),
                format!("演练，磁盘上没有改动：将移动 {moved}/{total} 项，各自到其目标位置"),
            ),
        }
    }

    /// `move_files`: items not there any more (nothing to move).
    pub fn items_gone(self, gone: usize) -> String {
        self.pick(
            format!(
                "{gone} {} no longer there, nothing to move",
                match gone {
                    1 => "item was",
                    _ => "items were",
                }
            ),
            format!("{gone} 项已不在原处，无需移动"),
        )
    }

    /// `move_files` given more moves than one call takes.
    pub fn too_many_moves(self, given: usize, most: usize) -> String {
        self.pick(
            format!(
                "{given} moves in one call; at most {most} are taken: split them over several calls"
            ),
            format!("一次调用有 {given} 个移动；最多接受 {most} 个：请分成几次调用"),
        )
    }

    /// What a bulk move's progress bar says it does.
    pub fn moving_files(self) -> String {
        self.pick("Moving files".to_owned(), "正在移动文件".to_owned())
    }

    /// A bulk move's first line in a dry run.
    pub fn bulk_would_move(self, moved: usize, total: usize, destination: &str) -> String {
        self.pick(
            format!("Dry run, nothing on disk changed: would move {moved} of {total} files to {destination}"),
            format!("演练，磁盘上没有改动：将移动 {moved}/{total} 个文件到 {destination}"),
        )
    }

    /// A multi-file move the user stopped: how many of its files were
    /// moved before it stopped (digits grouped).
    pub fn stopped_after(self, done: usize, total: usize) -> String {
        let (done, total) = (
            crate::format::group_digits(done),
            crate::format::group_digits(total),
        );
        self.pick(
            format!("Stopped after {done} of {total} files."),
            format!("已停止：{total} 个文件中已移动 {done} 个。"),
        )
    }

    /// A bulk move whose destination is the folder the files are in.
    pub fn already_in_place(self, destination: &str) -> String {
        self.pick(
            format!("The files are already in {destination}; nothing was moved"),
            format!("这些文件已在 {destination} 中；未移动任何文件"),
        )
    }

    /// Cause: the file system answered a batch without this move's result.
    pub fn no_move_result(self) -> String {
        self.pick(
            "the file system gave no result for this move; it may not have happened".to_owned(),
            "文件系统没有返回这次移动的结果；可能没有移动".to_owned(),
        )
    }

    /// A bulk move's failure heading.
    pub fn bulk_failed(self, failed: usize) -> String {
        self.pick(
            format!("{failed} files were not moved:"),
            format!("{failed} 个文件未移动："),
        )
    }

    /// The line standing for the rest of a cut list.
    pub fn and_more(self, more: usize) -> String {
        self.and_more_written(&more.to_string())
    }

    /// [`Lang::and_more`] with the count's digits grouped (`1,234`).
    pub fn and_more_grouped(self, more: usize) -> String {
        self.and_more_written(&crate::format::group_digits(more))
    }

    fn and_more_written(self, more: &str) -> String {
        self.pick(format!("... and {more} more"), format!("……另有 {more} 个"))
    }

    /// summarize_folder: the first line.
    pub fn summary_heading(self, path: &str, files: &str, folders: &str, size: &str) -> String {
        self.pick(
            format!("Summary of {path}: {files} files, {folders} folders, {size}"),
            format!("{path} 概况：{files} 个文件，{folders} 个文件夹，共 {size}"),
        )
    }

    /// summarize_folder: the category section's heading.
    pub fn summary_by_type(self) -> String {
        self.pick(
            "Files by type (move_by_type takes these names):".to_owned(),
            "按类型（move_by_type 使用这些名称）：".to_owned(),
        )
    }

    /// summarize_folder: the extensions line's heading.
    pub fn summary_extensions(self) -> String {
        self.pick("Extensions: ".to_owned(), "扩展名：".to_owned())
    }

    /// summarize_folder: the months line's heading.
    pub fn summary_months(self) -> String {
        self.pick(
            "Modified (month, newest first): ".to_owned(),
            "修改时间（按月，最近在前）：".to_owned(),
        )
    }

    /// summarize_folder: the name patterns line's heading.
    pub fn summary_patterns(self) -> String {
        self.pick(
            "Name patterns (globs for move_matching):".to_owned(),
            "文件名模式（可用于 move_matching 的通配符）：".to_owned(),
        )
    }

    /// summarize_folder: the subfolders line's heading.
    pub fn summary_folders(self) -> String {
        self.pick("Subfolders: ".to_owned(), "子文件夹：".to_owned())
    }

    /// summarize_folder: the heading of the project folders, one row each.
    pub fn summary_projects(self, count: usize) -> String {
        let count = crate::format::group_digits(count);
        self.pick(
            format!("Projects ({count}; leave each whole, never move anything out of it):"),
            format!("项目文件夹（{count} 个；保持完整，不要从中移出任何东西）："),
        )
    }

    /// summarize_folder: the heading of the groups of related files.
    pub fn summary_groups(self, count: usize) -> String {
        let count = crate::format::group_digits(count);
        self.pick(
            format!("Related files ({count} groups; move_by_type moves each group whole, with its main file's type):"),
            format!("相关文件（{count} 组；move_by_type 会按主文件的类型整组移动）："),
        )
    }

    /// summarize_folder: the samples section's heading.
    pub fn summary_samples(self) -> String {
        self.pick("Sample names:".to_owned(), "示例文件名：".to_owned())
    }

    /// summarize_folder: the heading of the files whose kind their first
    /// bytes told.
    pub fn summary_by_content(self) -> String {
        self.pick(
            "Kinds told by the first bytes (names that give none):".to_owned(),
            "按文件开头字节识别的类型（文件名看不出类型的）：".to_owned(),
        )
    }

    /// summarize_folder: hidden files, which bulk moves leave alone.
    pub fn summary_hidden(self, count: &str) -> String {
        self.pick(
            format!("Hidden files: {count} (never moved by the bulk tools)"),
            format!("隐藏文件：{count} 个（批量工具不会移动它们）"),
        )
    }

    /// The summary's line of online-only files (a cloud drive's
    /// placeholders): how many, and the first `named`.
    pub fn summary_online_only(self, count: &str, named: &[String]) -> String {
        self.pick(
            format!(
                "Online-only files: {count} (their content lives in the cloud; moved without downloading them, never read): {}",
                named.join(", ")
            ),
            format!(
                "仅在云端的文件：{count} 个（内容存放在云中；只移动，不下载，也不读取）：{}",
                named.join("、")
            ),
        )
    }

    /// A large plan's line of the online-only files it moves: how many,
    /// and the first `named`.
    pub fn plan_online_only(self, count: usize, named: &[String]) -> String {
        self.pick(
            format!(
                "Online-only, moved without downloading them: {count} files ({})",
                named.join(", ")
            ),
            format!(
                "仅在云端、只移动不下载的文件：{count} 个（{}）",
                named.join("、")
            ),
        )
    }
}
