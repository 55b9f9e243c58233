//! The result texts of `find_duplicates`. Numbers come already grouped
//! (`1,234`) and sizes already formatted.

use crate::texts::Lang;

impl Lang {
    /// No two files under `path` have the same bytes.
    pub fn no_duplicates(self, path: &str, compared: &str) -> String {
        self.pick(
            format!("No identical files under {path} ({compared} files compared)."),
            format!("{path} 下没有内容相同的文件（比较了 {compared} 个文件）。"),
        )
    }

    /// The heading with the totals of the groups found.
    pub fn duplicates_heading(self, path: &str, groups: &str, copies: &str, size: &str) -> String {
        self.pick(
            format!("Identical files under {path}: {groups} groups, {copies} copies beyond the first ({size}). Each group lists first the file to keep: a name without a copy's mark (such as \" (1)\" or \"copy\"), else the oldest."),
            format!("{path} 下内容相同的文件：{groups} 组，除第一个外共 {copies} 个副本（{size}）。每组最前的是该保留的文件：名字不带副本标记（如“ (1)”“副本”）的，否则最早的。"),
        )
    }

    /// The first line of a group: `- 3 files of 1.2 KB:`.
    pub fn duplicate_group(self, count: usize, size: &str) -> String {
        self.pick(
            format!("- {count} files of {size}:"),
            format!("- {count} 个文件，每个 {size}："),
        )
    }

    /// The line standing for the files of a group not shown.
    pub fn more_copies(self, more: &str) -> String {
        self.pick(
            format!("...and {more} more copies"),
            format!("……还有 {more} 个副本"),
        )
    }

    /// The line standing for the groups not shown.
    pub fn more_groups(self, groups: &str, copies: &str, size: &str) -> String {
        self.pick(
            format!("...and {groups} more groups ({copies} copies, {size}); call find_duplicates on a subfolder to see them."),
            format!("……还有 {groups} 组（{copies} 个副本，{size}）；对子文件夹调用 find_duplicates 可以看到。"),
        )
    }

    /// Files that could not be read and were not compared.
    pub fn unreadable_left_out(self, count: &str) -> String {
        self.pick(
            format!("{count} files could not be read and were left out."),
            format!("{count} 个文件无法读取，未参与比较。"),
        )
    }

    /// Files whose bytes another file shares but that are no copies of it:
    /// of another kind, or too small to mean a copy.
    pub fn not_copies_left_out(self, count: &str, min_bytes: u64) -> String {
        self.pick(
            format!("{count} files share their bytes with a file of another kind, or are {min_bytes} bytes or smaller without a copy's name, and are not counted as copies."),
            format!("{count} 个文件与另一类文件内容相同，或不超过 {min_bytes} 字节且名字不像副本，不算作副本。"),
        )
    }

    /// The walk stopped at its file or depth limit.
    pub fn duplicates_cut(self, files: &str, depth: usize) -> String {
        self.pick(
            format!("Only the first {files} files and {depth} folder levels were compared; call find_duplicates on a subfolder for the rest."),
            format!("只比较了前 {files} 个文件和 {depth} 层文件夹；其余的请对子文件夹调用 find_duplicates。"),
        )
    }
}
