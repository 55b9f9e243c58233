//! The words for files in use (see [`crate::in_use`]): what plans leave
//! where it is, the note a `move_file` of such a file gets, the rows of a
//! summary, and `apply`'s refusal.

use super::Lang;
use crate::format::group_digits;
use crate::in_use::InUse;

impl Lang {
    /// What files in use of one kind are, for `count` of them
    /// (`downloads in progress`, `正在下载的文件`).
    pub fn in_use_label(self, why: InUse, count: usize) -> &'static str {
        match (self, why, count == 1) {
            (Lang::En, InUse::Downloading, true) => "download in progress",
            (Lang::En, InUse::Downloading, false) => "downloads in progress",
            (Lang::En, InUse::Lock, true) => "lock file of an open document",
            (Lang::En, InUse::Lock, false) => "lock files of open documents",
            (Lang::En, InUse::System, true) => "system file of the folder",
            (Lang::En, InUse::System, false) => "system files of the folder",
            (Lang::En, InUse::Secret, true) => "key or credential",
            (Lang::En, InUse::Secret, false) => "keys and credentials",
            (Lang::En, InUse::Launcher, true) => "launcher or link",
            (Lang::En, InUse::Launcher, false) => "launchers and links",
            (Lang::Zh, InUse::Downloading, _) => "正在下载的文件",
            (Lang::Zh, InUse::Lock, _) => "打开的文档的锁文件",
            (Lang::Zh, InUse::System, _) => "文件夹的系统文件",
            (Lang::Zh, InUse::Secret, _) => "密钥和凭据",
            (Lang::Zh, InUse::Launcher, _) => "快捷方式和链接",
        }
    }

    /// A plan's line on the `count` files in use of one kind it leaves
    /// where they are, naming `names` (the first of them when fewer):
    /// `2 downloads in progress left where they are: a.part, b.crdownload`;
    /// keys and launchers with why (`Left where they are: 2 keys and
    /// credentials (id_ed25519, id_ed25519.pub) — tidyup does not file
    /// secrets`).
    pub fn left_in_use(self, why: InUse, count: usize, names: &[String]) -> String {
        let label = self.in_use_label(why, count);
        let shown = group_digits(count);
        let (list, more) = match self {
            Lang::En => (names.join(", "), ", …"),
            Lang::Zh => (names.join("、"), "……"),
        };
        let more = if names.len() < count { more } else { "" };
        let why_left = match (self, why) {
            (Lang::En, InUse::Secret) => Some("tidyup does not file secrets"),
            (Lang::En, InUse::Launcher) => Some("moved, they would point nowhere"),
            (Lang::Zh, InUse::Secret) => Some("tidyup 不整理密钥和凭据"),
            (Lang::Zh, InUse::Launcher) => Some("移动后它们会失效"),
            (_, InUse::Downloading | InUse::Lock | InUse::System) => None,
        };
        if let Some(why_left) = why_left {
            return match self {
                Lang::En => {
                    format!("Left where they are: {shown} {label} ({list}{more}) — {why_left}")
                }
                Lang::Zh => format!("保持不动：{shown} 个{label}（{list}{more}）——{why_left}"),
            };
        }
        match (self, count) {
            (Lang::En, 1) => format!("1 {label} left where it is: {list}"),
            (Lang::En, _) => format!("{shown} {label} left where they are: {list}{more}"),
            (Lang::Zh, _) => format!("{shown} 个{label}保持不动：{list}{more}"),
        }
    }

    /// The heading of the files in use of one kind on the page of a plan.
    pub fn page_in_use_heading(self, why: InUse, count: usize) -> String {
        let label = self.in_use_label(why, count);
        let count = group_digits(count);
        match self {
            Lang::En => format!("{count} {label}, left where they are:"),
            Lang::Zh => format!("{count} 个{label}，保持不动："),
        }
    }

    /// The sentence a `move_file` result ends with when the file moved
    /// looks in use.
    pub fn looks_in_use(self, why: InUse) -> String {
        let what = match (self, why) {
            (Lang::En, InUse::Downloading) => "a download still in progress",
            (Lang::En, InUse::Lock) => "the lock file of an open document",
            (Lang::En, InUse::System) => "a system file of its folder",
            (Lang::Zh, InUse::Downloading) => "下载尚未完成",
            (Lang::Zh, InUse::Lock) => "打开的文档的锁文件",
            (Lang::Zh, InUse::System) => "所在文件夹的系统文件",
            (Lang::En, InUse::Secret) => "a key or credential",
            (Lang::En, InUse::Launcher) => "a launcher or link",
            (Lang::Zh, InUse::Secret) => "密钥或凭据",
            (Lang::Zh, InUse::Launcher) => "快捷方式或链接",
        };
        self.pick(
            format!("Note: it looks in use ({what})."),
            format!("注意：它看起来正在使用中（{what}）。"),
        )
    }

    /// summarize_folder: the heading of the files in use.
    pub fn summary_in_use(self) -> String {
        self.pick(
            "In use (never moved by the bulk tools):".to_owned(),
            "正在使用（批量工具不会移动它们）：".to_owned(),
        )
    }

    /// summarize_folder: the row of the files in use of one kind:
    /// `  downloads in progress (2): a.part, b.crdownload`.
    pub fn summary_in_use_row(self, why: InUse, count: usize, names: &[String]) -> String {
        let label = self.in_use_label(why, 2);
        let separator = self.pick(", ".to_owned(), "、".to_owned());
        format!(
            "  {label} ({}): {}",
            group_digits(count),
            names.join(&separator)
        )
    }
}
