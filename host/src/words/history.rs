//! What `undo` and `history` say of sessions they pass over or forget, and
//! of a folder a `tidyup watch` keeps.

use tidyup_core::Lang;

/// The words of the history's edges only the host says.
pub(crate) trait HistoryWords {
    /// `undo` passes over a session whose folder no longer exists: one line
    /// that says so and how to remove it from the history.
    fn folder_gone_skipped(self, session: &str, folder: &str) -> String;

    /// `undo SESSION` of a session whose folder no longer exists.
    fn folder_gone(self, session: &str, folder: &str) -> String;

    /// `history`: the mark of a session whose folder no longer exists.
    fn folder_gone_mark(self) -> String;

    /// `history --forget`: the session was removed from the history
    /// (`trash_kept`: the items it deleted are still in its trash).
    fn forgot(self, session: &str, trash_kept: bool) -> String;

    /// `undo` of a folder that a `tidyup watch` keeps (`pid`: its process):
    /// the watcher would file the restored files again.
    fn undo_watched(self, dir: &str, pid: Option<&str>) -> String;

    /// The window's words for the same refusal: no command named.
    fn window_undo_watched(self) -> String;

    /// The window's words for an undo of a session whose folder is gone.
    fn window_folder_gone(self) -> String;
}

impl HistoryWords for Lang {
    fn folder_gone_skipped(self, session: &str, folder: &str) -> String {
        self.pick(
            format!(
                "Passed over session {session}: its folder {folder} no longer exists (`tidyup history --forget {session}` removes it from the history)."
            ),
            format!(
                "已跳过会话 {session}：它的文件夹 {folder} 已不存在（`tidyup history --forget {session}` 可将它从历史中删去）。"
            ),
        )
    }

    fn folder_gone(self, session: &str, folder: &str) -> String {
        self.pick(
            format!(
                "session {session} cannot be undone: its folder {folder} no longer exists; `tidyup history --forget {session}` removes it from the history"
            ),
            format!(
                "会话 {session} 无法撤销：它的文件夹 {folder} 已不存在；`tidyup history --forget {session}` 可将它从历史中删去"
            ),
        )
    }

    fn folder_gone_mark(self) -> String {
        self.pick(" (folder gone)".to_owned(), "（文件夹已不存在）".to_owned())
    }

    fn forgot(self, session: &str, trash_kept: bool) -> String {
        match (self, trash_kept) {
            (Lang::En, false) => format!("Forgot session {session}."),
            (Lang::En, true) => format!(
                "Forgot session {session}; the items it deleted stay in the trash until `tidyup trash --purge`."
            ),
            (Lang::Zh, false) => format!("已忘记会话 {session}。"),
            (Lang::Zh, true) => format!(
                "已忘记会话 {session}；它删除的项目仍在回收站中，直到 `tidyup trash --purge`。"
            ),
        }
    }

    fn undo_watched(self, dir: &str, pid: Option<&str>) -> String {
        let process_en = pid
            .map(|pid| format!(" (process {pid})"))
            .unwrap_or_default();
        let process_zh = pid.map(|pid| format!("（进程 {pid}）")).unwrap_or_default();
        self.pick(
            format!(
                "`tidyup watch`{process_en} is keeping {dir} tidy and would file the restored files again; stop it first (Ctrl-C where it runs, or stop its service), undo, then start it again: files already there when it starts stay where they are"
            ),
            format!(
                "`tidyup watch`{process_zh} 正在整理 {dir}，会把还原的文件再次归类；请先停止它（在它运行处按 Ctrl-C，或停止它的服务），撤销后再启动它：启动时已在那里的文件不会被移动"
            ),
        )
    }

    fn window_undo_watched(self) -> String {
        self.pick(
            "This folder is being kept tidy as files arrive, which would file the restored files again. Stop that first, then undo.".to_owned(),
            "这个文件夹正在随文件到达自动整理，会把还原的文件再次归类。请先停止自动整理，再撤销。".to_owned(),
        )
    }

    fn window_folder_gone(self) -> String {
        self.pick(
            "This session's folder no longer exists, so nothing of it can be put back.".to_owned(),
            "这个会话的文件夹已不存在，无法还原其中的任何内容。".to_owned(),
        )
    }
}
