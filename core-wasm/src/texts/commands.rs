//! What the commands other than a session print: `undo`, `history`,
//! `trash --purge`, `apply`, `providers`, `config path`, `export-core`.

use crate::texts::{Lang, Noun};

impl Lang {
    /// `history`: one session's line.
    /// `watch` marks a batch of `tidyup watch` (not started by hand).
    pub fn history_line(
        self,
        session: &str,
        target: &str,
        counts: [usize; 3],
        undone: bool,
        watch: bool,
    ) -> String {
        let [created, moved, trashed] = counts;
        match self {
            Lang::En => {
                let watch = if watch { "  (watch batch)" } else { "" };
                let undone = if undone { "  (undone)" } else { "" };
                let created = self.counted(created, Noun::Folder);
                format!(
                    "{session}  {target}  {created} created, {moved} moved, {trashed} deleted or replaced{watch}{undone}"
                )
            }
            Lang::Zh => {
                let watch = if watch { "  （监视批次）" } else { "" };
                let undone = if undone { "  （已撤销）" } else { "" };
                format!(
                    "{session}  {target}  创建了 {created} 个文件夹，移动了 {moved} 个，删除或替换了 {trashed} 个{watch}{undone}"
                )
            }
        }
    }

    /// `apply`: the counts.
    pub fn applied(self, applied: usize, refused: usize) -> String {
        let applied_en = self.counted(applied, Noun::Step);
        self.pick(
            format!("Applied {applied_en}, refused {refused}."),
            format!("已执行 {applied} 步，拒绝 {refused} 步。"),
        )
    }
}
