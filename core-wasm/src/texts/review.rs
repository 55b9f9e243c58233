//! Reviewing a plan before the go-ahead: the words the user types (`show`,
//! `skip NAME`), the whole plan as one page, and the answers to a skip.
//! Also the table of a saved dry-run plan (`tidyup plan show`).

use super::Lang;
use super::planner::LeftAlone;

/// The lines that ask to see the whole pending plan (ASCII letters in any
/// case, trailing punctuation ignored).
pub const SHOW_WORDS: [&str; 6] = ["show", "show all", "显示", "查看", "显示全部", "查看全部"];

/// The words that, followed by a name, leave that folder or file out of
/// the pending plan (`skip Installers`, `跳过 Budget.xlsx`).
pub const SKIP_WORDS: [&str; 3] = ["skip", "跳过", "不要移动"];

impl Lang {
    /// The line of every plan saying how to review it.
    pub fn plan_review_hint(self) -> &'static str {
        match self {
            Lang::En => {
                "Type \"show\" to see every file, \"skip NAME\" to leave a folder or a file out."
            }
            Lang::Zh => "输入“显示”查看每个文件，输入“跳过 名称”把某个文件夹或文件留在原处。",
        }
    }

    /// The first line of the whole plan shown on `show`.
    pub fn page_heading(self, moves: usize) -> String {
        let moves = crate::format::group_digits(moves);
        self.pick(
            format!("The whole plan: {moves} files to move, grouped by destination folder."),
            format!("完整方案：共移动 {moves} 个文件，按目标文件夹分组。"),
        )
    }

    /// The heading of what stays, one kind at a time, on the page.
    pub fn page_left_heading(self, kind: LeftAlone, count: usize) -> String {
        if let LeftAlone::InUse(why) = kind {
            return self.page_in_use_heading(why, count);
        }
        let count = crate::format::group_digits(count);
        match (self, kind) {
            (Lang::En, LeftAlone::Projects) => format!("Projects left whole ({count}):"),
            (Lang::Zh, LeftAlone::Projects) => format!("保持完整的项目文件夹（{count} 个）："),
            (Lang::En, LeftAlone::Folders) => format!("Folders left as they are ({count}):"),
            (Lang::Zh, LeftAlone::Folders) => format!("保持不动的文件夹（{count} 个）："),
            (Lang::En, LeftAlone::Hidden) => format!("Hidden files left alone ({count}):"),
            (Lang::Zh, LeftAlone::Hidden) => format!("保持不动的隐藏文件（{count} 个）："),
            (Lang::En, LeftAlone::Unclassified) => {
                format!("Files left alone, type unknown ({count}):")
            }
            (Lang::Zh, LeftAlone::Unclassified) => {
                format!("未分类、保持不动的文件（{count} 个）：")
            }
            (Lang::En, LeftAlone::Excluded) => format!("Left alone by the rules file ({count}):"),
            (Lang::Zh, LeftAlone::Excluded) => format!("规则文件要求保持不动（{count} 个）："),
            (Lang::En, LeftAlone::Skipped) => format!("Left out by you ({count}):"),
            (Lang::Zh, LeftAlone::Skipped) => format!("你要求保持不动（{count} 个）："),
            (_, LeftAlone::InUse(_)) => String::new(),
            (Lang::En, LeftAlone::Asked) => format!("Left where they are, as you asked ({count}):"),
            (Lang::Zh, LeftAlone::Asked) => format!("按你的要求保持不动（{count} 个）："),
            (Lang::En, LeftAlone::NotAsked) => {
                format!("Not part of your request ({count}), staying where they are:")
            }
            (Lang::Zh, LeftAlone::NotAsked) => {
                format!("不在你的要求之内（{count} 个），保持不动：")
            }
        }
    }

    /// The line that ends the page: the plan still waits.
    pub fn page_end(self) -> &'static str {
        match self {
            Lang::En => {
                "The plan still waits: reply \"yes\" to go ahead, \"no\" to leave everything, or \"skip NAME\"."
            }
            Lang::Zh => "方案仍在等待：回复“好”开始整理，回复“不”保持原样，或“跳过 名称”。",
        }
    }

    /// Said before the plan shown again after a skip: `name` is out of it.
    pub fn skipped(self, name: &str, files: Option<usize>) -> String {
        match (self, files) {
            (Lang::En, Some(1)) => {
                format!("Left out of the plan: {name} (1 file stays where it is).")
            }
            (Lang::En, Some(n)) => format!(
                "Left out of the plan: {name} ({} files stay where they are).",
                crate::format::group_digits(n)
            ),
            (Lang::En, None) => format!("Left out of the plan: {name} (it stays where it is)."),
            (Lang::Zh, Some(n)) => format!(
                "已从方案中去掉：{name}（{} 个文件保持不动）。",
                crate::format::group_digits(n)
            ),
            (Lang::Zh, None) => format!("已从方案中去掉：{name}（它保持不动）。"),
        }
    }

    /// Said before the plan shown again after a skip of `name`, a file of
    /// a group of related files whose main file is `main`: the whole
    /// group (`files` files) stays with it.
    pub fn skipped_group(self, name: &str, main: &str, files: usize) -> String {
        let count = crate::format::group_digits(files);
        let others = crate::format::group_digits(files.saturating_sub(1));
        match (self, name == main) {
            (Lang::En, true) => format!(
                "Left out of the plan: {name}, with the files that belong with it ({count} files stay where they are)."
            ),
            (Lang::En, false) => format!(
                "Left out of the plan: {name}. It belongs with {main}, so {main} and the files of its group stay where they are too ({count} files)."
            ),
            (Lang::Zh, true) => format!(
                "已从方案中去掉：{name}，连同与它一组的 {others} 个文件（共 {count} 个文件保持不动）。"
            ),
            (Lang::Zh, false) => format!(
                "已从方案中去掉：{name}。它与 {main} 是一组，所以 {main} 和这一组的文件也保持不动（共 {count} 个文件）。"
            ),
        }
    }

    /// Said on a skip that names nothing of the plan: what can be skipped.
    pub fn skip_unknown(self, name: &str, folders: &[String]) -> String {
        let (en_list, zh_list) = (folders.join(", "), folders.join("、"));
        match (self, name.is_empty()) {
            (Lang::En, false) => format!(
                "Nothing in the plan is called \"{name}\". You can skip a destination folder ({en_list}) or one file of the plan by its name; type \"show\" to see them all."
            ),
            (Lang::En, true) => format!(
                "Say what to skip: a destination folder ({en_list}) or one file of the plan by its name, e.g. \"skip {}\".",
                folders.first().map_or("NAME", String::as_str)
            ),
            (Lang::Zh, false) => format!(
                "方案里没有“{name}”。可以跳过一个目标文件夹（{zh_list}），或按名称跳过方案里的一个文件；输入“显示”查看全部。"
            ),
            (Lang::Zh, true) => format!(
                "请说明要跳过什么：一个目标文件夹（{zh_list}），或方案里一个文件的名称，例如“跳过 {}”。",
                folders.first().map_or("名称", String::as_str)
            ),
        }
    }

    /// The user's line of a go-ahead given as a command (a window's
    /// button): what the model reads.
    pub fn go_ahead_line(self) -> &'static str {
        match self {
            Lang::En => "yes",
            Lang::Zh => "好",
        }
    }

    /// Said to a go-ahead for a large plan whose moves were never
    /// rehearsed (kept from an older tidyup): nothing is done.
    pub fn plan_not_rehearsed(self) -> String {
        self.pick(
            "This plan was kept from an older tidyup and its moves were never worked out here: nothing was changed. Ask again (\"organize\") for a plan to review.".to_owned(),
            "这个方案来自较早版本的 tidyup，它的每一步从未在这里核对过：没有做任何改动。请重新提出请求（“整理”），得到一个可以查看的方案。".to_owned(),
        )
    }

    /// Said when a skip leaves nothing to move: no plan waits any more.
    pub fn plan_emptied(self) -> &'static str {
        match self {
            Lang::En => "Nothing is left in the plan: everything stays where it is.",
            Lang::Zh => "方案里已没有要移动的文件，一切保持原样。",
        }
    }
}
