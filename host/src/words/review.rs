//! Reviewing a plan before the go-ahead: the words the user types (`show`,
//! `skip NAME`), the whole plan as one page, and the answers to a skip.
//! Also the table of a saved dry-run plan (`tidyup plan show`).

use tidyup_core::Lang;

/// The words of `review` only the host says.
pub(crate) trait ReviewWords {
    /// `tidyup plan show`: the heading of a saved plan.
    fn saved_plan_heading(self, target: &str, created: &str, steps: usize) -> String;

    /// `tidyup plan show`: a destination group's heading.
    fn saved_plan_group(self, destination: &str, steps: usize) -> String;

    /// `tidyup plan show`: the column names, in order: from, to, kind.
    fn saved_plan_columns(self) -> [&'static str; 3];

    /// `tidyup plan show`: the word for a step's kind.
    fn saved_plan_kind(self, kind: &str) -> &'static str;
}

impl ReviewWords for Lang {
    fn saved_plan_heading(self, target: &str, created: &str, steps: usize) -> String {
        self.pick(
            format!("Plan for {target} (made {created}): {steps} steps"),
            format!("{target} 的方案（{created} 生成）：共 {steps} 步"),
        )
    }

    fn saved_plan_group(self, destination: &str, steps: usize) -> String {
        self.pick(
            format!("{destination} ({steps} steps)"),
            format!("{destination}（{steps} 步）"),
        )
    }

    fn saved_plan_columns(self) -> [&'static str; 3] {
        match self {
            Lang::En => ["FROM", "TO", "STEP"],
            Lang::Zh => ["原位置", "新位置", "操作"],
        }
    }

    fn saved_plan_kind(self, kind: &str) -> &'static str {
        match (self, kind) {
            (Lang::En, "create_folder") => "create folder",
            (Lang::Zh, "create_folder") => "新建文件夹",
            (Lang::En, "delete") => "delete (to trash)",
            (Lang::Zh, "delete") => "删除（进回收站）",
            (Lang::En, "replace") => "move, replacing",
            (Lang::Zh, "replace") => "移动并替换",
            (Lang::En, _) => "move",
            (Lang::Zh, _) => "移动",
        }
    }
}
