//! What `tidyup watch` and the waiting spinner say.

use crate::texts::Lang;

impl Lang {
    /// The line saying what the watch does (`settle` in seconds).
    pub fn watching(self, dir: &str, settle: f64) -> String {
        self.pick(
            format!(
                "Watching {dir}: each file that arrives is organized once it has not changed for {settle} s. Ctrl-C stops."
            ),
            format!("正在监视 {dir}：新文件在 {settle} 秒内不再变化后即被整理。按 Ctrl-C 停止。"),
        )
    }

    /// Another watch keeps the folder (`pid` the other process, when known).
    pub fn already_watched(self, dir: &str, pid: Option<&str>) -> String {
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

    /// The watched folder cannot be watched.
    pub fn cannot_watch(self, dir: &str) -> String {
        self.pick(format!("cannot watch {dir}"), format!("无法监视 {dir}"))
    }

    /// The spinner's words after its frame, while a model call runs.
    pub fn waiting_for_model(self) -> String {
        self.pick(
            "waiting for the model".to_owned(),
            "正在等待模型".to_owned(),
        )
    }
}

impl Lang {
    /// `watch`: the lock file that keeps one watch per folder cannot be made.
    pub fn cannot_create_watch_lock(self, path: &str, cause: &str) -> String {
        self.pick(
            format!("cannot create the watch lock {path}: {cause}"),
            format!("无法创建监视锁文件 {path}：{cause}"),
        )
    }
}
