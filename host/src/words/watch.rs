//! What `tidyup watch` and the waiting spinner say.

use tidyup_core::{Lang, Noun};

/// The words of `watch` only the host says.
pub(crate) trait WatchWords {
    /// The line saying what the watch does (`settle` and `group` in
    /// seconds).
    fn watching(self, dir: &str, settle: f64, group: f64) -> String;

    /// A batch of arrivals organized: its session and how many files it
    /// moved.
    fn batch_moved(self, session: &str, moved: usize) -> String;

    /// Another watch keeps the folder (`pid` the other process, when known).
    fn already_watched(self, dir: &str, pid: Option<&str>) -> String;

    /// The watched folder cannot be watched.
    fn cannot_watch(self, dir: &str) -> String;

    /// The watch's rules file changed and was read again.
    fn rules_reloaded(self, path: &str) -> String;

    /// The watch's rules file changed and cannot be used (`error` says why,
    /// with its line and column): no batch runs until it is fixed.
    fn rules_broken_no_moves(self, error: &str) -> String;

    /// The system's change notifications were lost (its queue overflowed,
    /// or the watcher failed): the whole folder is looked at again.
    fn notifications_lost(self) -> String;

    /// The watched folder is no longer where it was: the watch ends.
    fn watched_folder_gone(self, dir: &str) -> String;

    /// The spinner's words after its frame, while a model call runs.
    fn waiting_for_model(self) -> String;

    /// `watch`: the lock file that keeps one watch per folder cannot be made.
    fn cannot_create_watch_lock(self, path: &str, cause: &str) -> String;
}

impl WatchWords for Lang {
    fn watching(self, dir: &str, settle: f64, group: f64) -> String {
        self.pick(
            format!(
                "Watching {dir}: each file that arrives is organized once it has not changed for {settle} s; files arriving within {group} s of each other are one batch. Ctrl-C stops."
            ),
            format!(
                "正在监视 {dir}：新文件在 {settle} 秒内不再变化后即被整理；相隔不到 {group} 秒到达的文件作为一批处理。按 Ctrl-C 停止。"
            ),
        )
    }

    fn batch_moved(self, session: &str, moved: usize) -> String {
        let files = self.counted(moved, Noun::File);
        self.pick(
            format!("Batch {session}: {files} moved; `tidyup undo --watch` reverses it."),
            format!("批次 {session}：移动了 {files}；`tidyup undo --watch` 可撤销。"),
        )
    }

    fn already_watched(self, dir: &str, pid: Option<&str>) -> String {
        match (self, pid) {
            (Lang::En, Some(pid)) => format!(
                "another `tidyup watch` (process {pid}) is already keeping {dir} tidy; stop it first"
            ),
            (Lang::En, None) => {
                format!("another `tidyup watch` is already keeping {dir} tidy; stop it first")
            }
            (Lang::Zh, Some(pid)) => {
                format!("另一个 `tidyup watch`（进程 {pid}）已在整理 {dir}；请先停止它")
            }
            (Lang::Zh, None) => format!("另一个 `tidyup watch` 已在整理 {dir}；请先停止它"),
        }
    }

    fn cannot_watch(self, dir: &str) -> String {
        self.pick(format!("cannot watch {dir}"), format!("无法监视 {dir}"))
    }

    fn rules_reloaded(self, path: &str) -> String {
        self.pick(
            format!("Rules file {path} changed: reloaded."),
            format!("规则文件 {path} 已更改，已重新加载。"),
        )
    }

    fn rules_broken_no_moves(self, error: &str) -> String {
        self.pick(
            format!("{error}; nothing is moved until it is fixed."),
            format!("{error}；修正之前不会移动任何文件。"),
        )
    }

    fn notifications_lost(self) -> String {
        self.pick(
            "Change notifications were lost (the system's queue overflowed or failed); looking at the whole folder again.".to_owned(),
            "部分变更通知已丢失（系统队列溢出或出错）；正在重新查看整个文件夹。".to_owned(),
        )
    }

    fn watched_folder_gone(self, dir: &str) -> String {
        self.pick(
            format!("the watched folder {dir} was moved or deleted; watch stopped"),
            format!("所监视的文件夹 {dir} 已被移动或删除；监视已停止"),
        )
    }

    fn waiting_for_model(self) -> String {
        self.pick(
            "waiting for the model".to_owned(),
            "正在等待模型".to_owned(),
        )
    }

    fn cannot_create_watch_lock(self, path: &str, cause: &str) -> String {
        self.pick(
            format!("cannot create the watch lock {path}: {cause}"),
            format!("无法创建监视锁文件 {path}：{cause}"),
        )
    }
}
