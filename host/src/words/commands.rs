//! What the commands other than a session print: `undo`, `history`,
//! `trash --purge`, `apply`, `providers`, `config path`, `export-core`.

use tidyup_core::{Lang, Noun};

/// The words of `commands` only the host says.
pub(crate) trait CommandsWords {
    /// `undo`: the session reversed, with its counts.
    fn undo_done(self, session: &str, reversed: usize, skipped: usize) -> String;

    /// `undo`: one change that was not reversed, and why.
    fn undo_skipped(self, reason: &str) -> String;

    /// `undo`: one change that could not be reversed now, and why.
    fn undo_not_yet(self, reason: &str) -> String;

    /// `undo` cut short: how many changes are left, and how to finish.
    fn undo_unfinished(self, session: &str, left: usize) -> String;

    /// `undo` with no session left to undo.
    fn nothing_to_undo(self) -> String;

    /// `undo --watch` with no watch batch to undo.
    fn no_watch_batch_to_undo(self) -> String;

    /// `undo` (or `undo --watch`, `watch`) when every session (watch batch)
    /// was undone before: the newest, and where to see them all.
    fn all_already_undone(self, newest: &str, watch: bool) -> String;

    /// `undo`, before it starts: which session, where, how many changes.
    fn undoing(self, session: &str, target: &str, changes: usize) -> String;

    /// `undo SESSION` of a session undone before.
    fn already_undone(self, session: &str) -> String;

    /// `undo --all --since TIME` with a TIME that names no time.
    fn since_unreadable(self, text: &str) -> String;

    /// `undo --all` with nothing to undo (`since`: the TIME given).
    fn nothing_to_undo_since(self, since: Option<&str>, watch: bool) -> String;

    /// `undo --all`, at the end: how many sessions (watch batches) were
    /// undone and how many changes reversed.
    fn undid_all(self, sessions: usize, reversed: usize, watch: bool) -> String;

    /// `undo --all` stopped at `session`, which could not be undone whole;
    /// `left` older ones were not touched.
    fn undo_all_stopped(self, session: &str, left: usize, watch: bool) -> String;

    /// `history` with no session.
    fn no_sessions(self) -> String;

    /// `trash --purge`: done.
    fn trash_purged(self, sessions: usize, size: &str) -> String;

    /// `apply`: one refused step, and why.
    fn apply_refused(self, reason: &str) -> String;

    /// `providers`: where the config file is, and whether it exists.
    fn config_file_line(self, path: &str, found: bool) -> String;

    /// `config path` without a config directory.
    fn no_config_dir(self, variable: &str) -> String;

    /// A file that could not be written.
    fn cannot_write(self, path: &str, cause: &str) -> String;

    /// The async runtime could not start.
    fn no_runtime(self, cause: &str) -> String;

    /// `demo`: something that is not a readable folder is at `dir`.
    fn demo_dir_unreadable(self, dir: &str) -> String;

    /// `demo`: the folder at `dir` has something in it.
    fn demo_dir_not_empty(self, dir: &str) -> String;

    /// A folder that could not be created (the cause follows).
    fn cannot_create(self, path: &str) -> String;

    /// A file that could not be written (the cause follows).
    fn cannot_write_file(self, path: &str) -> String;

    /// `providers`: the column headings.
    fn provider_columns(self) -> [String; 5];

    /// `providers`: a key is set, through `variable` when it is the one
    /// every provider accepts.
    fn key_set(self, variable: Option<&str>) -> String;

    /// `providers`: a local server that needs no key.
    fn key_not_needed(self) -> String;

    /// `providers`: no key is set.
    fn key_not_set(self) -> String;

    /// `providers`: the mark of a provider the config file defines.
    #[allow(clippy::wrong_self_convention)] // the words of "from the config file"
    fn from_config_file(self) -> String;

    /// `providers`: what the offline planner is.
    fn offline_planner_row(self) -> String;
}

impl CommandsWords for Lang {
    fn undo_done(self, session: &str, reversed: usize, skipped: usize) -> String {
        let reversed_en = self.counted(reversed, Noun::Change);
        self.pick(
            format!("Undid session {session}: {reversed_en} reversed, {skipped} skipped."),
            format!("已撤销会话 {session}：还原了 {reversed} 个改动，跳过 {skipped} 个。"),
        )
    }

    fn undo_skipped(self, reason: &str) -> String {
        self.pick(
            format!("  skipped: {reason}"),
            format!("  已跳过：{reason}"),
        )
    }

    fn undo_not_yet(self, reason: &str) -> String {
        self.pick(
            format!("  not yet reversed: {reason}"),
            format!("  尚未还原：{reason}"),
        )
    }

    fn undo_unfinished(self, session: &str, left: usize) -> String {
        let left_en = self.counted(left, Noun::Change);
        self.pick(
            format!(
                "Session {session} is not undone yet: {left_en} could not be reversed now. \
                 Run `tidyup undo` again to finish it."
            ),
            format!(
                "会话 {session} 尚未撤销完：有 {left} 个改动暂时无法还原。再次运行 `tidyup undo` 以完成撤销。"
            ),
        )
    }

    fn nothing_to_undo(self) -> String {
        self.pick(
            "there is no session to undo".to_owned(),
            "没有可以撤销的会话".to_owned(),
        )
    }

    fn no_watch_batch_to_undo(self) -> String {
        self.pick(
            "there is no watch batch to undo".to_owned(),
            "没有可以撤销的监视批次".to_owned(),
        )
    }

    fn all_already_undone(self, newest: &str, watch: bool) -> String {
        match (self, watch) {
            (Lang::En, false) => format!(
                "nothing left to undo: every session has been undone (the newest: {newest}); `tidyup history` lists them"
            ),
            (Lang::En, true) => format!(
                "nothing left to undo: every watch batch has been undone (the newest: {newest}); `tidyup history` lists them"
            ),
            (Lang::Zh, false) => {
                format!(
                    "没有可撤销的了：所有会话都已撤销（最近的是 {newest}）；`tidyup history` 列出全部"
                )
            }
            (Lang::Zh, true) => {
                format!(
                    "没有可撤销的了：所有监视批次都已撤销（最近的是 {newest}）；`tidyup history` 列出全部"
                )
            }
        }
    }

    fn undoing(self, session: &str, target: &str, changes: usize) -> String {
        let changes = self.counted(changes, Noun::Change);
        self.pick(
            format!("Undoing session {session} in {target}: {changes}."),
            format!("正在撤销 {target} 中的会话 {session}：{changes}。"),
        )
    }

    fn already_undone(self, session: &str) -> String {
        self.pick(
            format!("session {session} was already undone"),
            format!("会话 {session} 已经撤销过了"),
        )
    }

    fn since_unreadable(self, text: &str) -> String {
        self.pick(
            format!("--since {text}: not a time; give a date (2026-11-27), a date and a time (2026-11-27 14:00), a time today (14:00) or a span back from now (30m, 2h, 1d)"),
            format!("--since {text}：不是一个时间；请给出日期（2026-11-27）、日期和时间（2026-11-27 14:00）、今天的时间（14:00），或从现在往回的时长（30m、2h、1d）"),
        )
    }

    fn nothing_to_undo_since(self, since: Option<&str>, watch: bool) -> String {
        match (self, since, watch) {
            (Lang::En, None, _) if watch => "there is no watch batch left to undo".to_owned(),
            (Lang::En, None, _) => "there is no session left to undo".to_owned(),
            (Lang::En, Some(since), true) => {
                format!("no watch batch started since {since} is left to undo")
            }
            (Lang::En, Some(since), false) => {
                format!("no session started since {since} is left to undo")
            }
            (Lang::Zh, None, true) => "没有剩下可以撤销的监视批次".to_owned(),
            (Lang::Zh, None, false) => "没有剩下可以撤销的会话".to_owned(),
            (Lang::Zh, Some(since), true) => format!("{since} 以来开始的监视批次都已撤销"),
            (Lang::Zh, Some(since), false) => format!("{since} 以来开始的会话都已撤销"),
        }
    }

    fn undid_all(self, sessions: usize, reversed: usize, watch: bool) -> String {
        let changes = self.counted(reversed, Noun::Change);
        match (self, watch) {
            (Lang::En, false) => format!(
                "Undid {}: {changes} reversed.",
                self.counted(sessions, Noun::Session)
            ),
            (Lang::En, true) => {
                let batches = if sessions == 1 {
                    "watch batch"
                } else {
                    "watch batches"
                };
                format!("Undid {sessions} {batches}: {changes} reversed.")
            }
            (Lang::Zh, false) => format!("共撤销 {sessions} 个会话，还原了 {changes}。"),
            (Lang::Zh, true) => format!("共撤销 {sessions} 个监视批次，还原了 {changes}。"),
        }
    }

    fn undo_all_stopped(self, session: &str, left: usize, watch: bool) -> String {
        match (self, watch) {
            (Lang::En, false) => format!(
                "stopped: session {session} could not be undone whole (see above); {} before it left as they are",
                self.counted(left, Noun::Session)
            ),
            (Lang::En, true) => {
                let batches = if left == 1 {
                    "watch batch"
                } else {
                    "watch batches"
                };
                format!(
                    "stopped: watch batch {session} could not be undone whole (see above); {left} {batches} before it left as they are"
                )
            }
            (Lang::Zh, false) => format!(
                "已停止：会话 {session} 未能完全撤销（见上文）；更早的 {left} 个会话保持原样"
            ),
            (Lang::Zh, true) => format!(
                "已停止：监视批次 {session} 未能完全撤销（见上文）；更早的 {left} 个监视批次保持原样"
            ),
        }
    }

    fn no_sessions(self) -> String {
        self.pick("No sessions yet.".to_owned(), "还没有任何会话。".to_owned())
    }

    fn trash_purged(self, sessions: usize, size: &str) -> String {
        let sessions_en = self.counted(sessions, Noun::Session);
        self.pick(
            format!("Purged the trash of {sessions_en}, freeing {size}."),
            format!("已清空 {sessions} 个会话的回收站，释放了 {size}。"),
        )
    }

    fn apply_refused(self, reason: &str) -> String {
        self.pick(
            format!("  refused: {reason}"),
            format!("  已拒绝：{reason}"),
        )
    }

    fn config_file_line(self, path: &str, found: bool) -> String {
        match (self, found) {
            (Lang::En, true) => format!("Config file: {path}"),
            (Lang::En, false) => format!("Config file: {path} (not found)"),
            (Lang::Zh, true) => format!("配置文件：{path}"),
            (Lang::Zh, false) => format!("配置文件：{path}（不存在）"),
        }
    }

    fn no_config_dir(self, variable: &str) -> String {
        self.pick(
            format!("no config directory found; set {variable} to a file path"),
            format!("找不到配置目录；请把 {variable} 设为一个文件路径"),
        )
    }

    fn cannot_write(self, path: &str, cause: &str) -> String {
        self.pick(
            format!("cannot write {path}: {cause}"),
            format!("无法写入 {path}：{cause}"),
        )
    }

    fn no_runtime(self, cause: &str) -> String {
        self.pick(
            format!("cannot start the async runtime: {cause}"),
            format!("无法启动异步运行时：{cause}"),
        )
    }

    fn demo_dir_unreadable(self, dir: &str) -> String {
        self.pick(
            format!("{dir} exists and is not a readable directory"),
            format!("{dir} 已存在，且不是可读取的目录"),
        )
    }

    fn demo_dir_not_empty(self, dir: &str) -> String {
        self.pick(
            format!("{dir} already exists and is not empty; choose another directory"),
            format!("{dir} 已存在且不为空；请换一个目录"),
        )
    }

    fn cannot_create(self, path: &str) -> String {
        self.pick(format!("cannot create {path}"), format!("无法创建 {path}"))
    }

    fn cannot_write_file(self, path: &str) -> String {
        self.pick(format!("cannot write {path}"), format!("无法写入 {path}"))
    }

    fn provider_columns(self) -> [String; 5] {
        match self {
            Lang::En => ["NAME", "BASE URL", "MODEL", "KEY VARIABLE", "KEY"],
            Lang::Zh => ["名称", "基础地址", "模型", "密钥变量", "密钥"],
        }
        .map(str::to_owned)
    }

    fn key_set(self, variable: Option<&str>) -> String {
        match (self, variable) {
            (Lang::En, Some(variable)) => format!("set ({variable})"),
            (Lang::Zh, Some(variable)) => format!("已设置（{variable}）"),
            (Lang::En, None) => "set".to_owned(),
            (Lang::Zh, None) => "已设置".to_owned(),
        }
    }

    fn key_not_needed(self) -> String {
        self.pick("not needed".to_owned(), "不需要".to_owned())
    }

    fn key_not_set(self) -> String {
        self.pick("not set".to_owned(), "未设置".to_owned())
    }

    fn from_config_file(self) -> String {
        self.pick(" (config)".to_owned(), "（配置文件）".to_owned())
    }

    fn offline_planner_row(self) -> String {
        self.pick(
            "(built in: rules, no AI)".to_owned(),
            "（内置：规则，无 AI）".to_owned(),
        )
    }
}
