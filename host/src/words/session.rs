//! What a session says around the conversation: what protects the files,
//! and at the end how to undo the changes or where the dry run's plan is.

use tidyup_core::{Lang, Noun};

/// The words of `session` only the host says.
pub(crate) trait SessionWords {
    /// Who answers this session (shown on a terminal after the start
    /// line): the `model` at `host`, of the provider `provider`.
    fn model_line(self, model: &str, host: &str, provider: &str) -> String;

    /// The sandbox is off for this session.
    fn sandbox_off(self) -> String;

    /// This session is a dry run.
    fn dry_run_on(self) -> String;

    /// Reading contents is on and excerpts of at most `chars` characters
    /// go to the model service at `host`.
    fn reading_contents_sent(self, chars: usize, host: &str) -> String;

    /// Reading contents is on and the offline planner reads locally.
    fn reading_contents_local(self) -> String;

    /// The session follows the rules file at `path`.
    fn following_rules(self, path: &str) -> String;

    /// The session's changes were journaled as `session`.
    fn changes_journaled(self, session: &str) -> String;

    /// A first Ctrl-C at the prompt: how to leave.
    fn ctrl_c_again_to_leave(self) -> String;

    /// A second Ctrl-C during a turn: the session ends once the turn has
    /// stopped.
    fn leaving_after_turn(self) -> String;

    /// A dry run that planned no change.
    fn dry_run_nothing_planned(self) -> String;

    /// The heading of a dry run's plan of `steps` steps.
    fn dry_run_plan_heading(self, steps: usize) -> String;

    /// Where the dry run's plan was saved, how to see it whole and how to
    /// carry it out.
    fn plan_saved_to(self, path: &str) -> String;

    /// A dry run's step: create the folder at `path`.
    fn plan_create_folder(self, path: &str) -> String;

    /// A dry run's step: move `from` to `to` (`replaces` what is there).
    fn plan_move(self, from: &str, to: &str, replaces: bool) -> String;

    /// A dry run's step: delete `path`.
    fn plan_delete(self, path: &str) -> String;
}

impl SessionWords for Lang {
    fn model_line(self, model: &str, host: &str, provider: &str) -> String {
        self.pick(
            format!("Model: {model} at {host} ({provider})"),
            format!("模型：{model}，服务地址 {host}（{provider}）"),
        )
    }

    fn sandbox_off(self) -> String {
        self.pick(
            "Sandbox off: the model may reach any path on this machine.".to_owned(),
            "沙箱已关闭：模型可以访问本机的任何路径。".to_owned(),
        )
    }

    fn dry_run_on(self) -> String {
        self.pick(
            "Dry run: nothing on disk will change; the plan is printed at the end.".to_owned(),
            "演练模式：不会改动磁盘上的任何内容，结束时打印整理计划。".to_owned(),
        )
    }

    fn reading_contents_sent(self, chars: usize, host: &str) -> String {
        self.pick(
            format!("Reading contents is on: excerpts of files (at most {chars} characters each) are sent to {host}."),
            format!("已开启读取内容：文件的摘录（每个最多 {chars} 个字符）会发送给 {host}。"),
        )
    }

    fn reading_contents_local(self) -> String {
        self.pick(
            "Reading contents is on: the offline planner reads files on this machine; nothing is sent.".to_owned(),
            "已开启读取内容：离线规划器只在本机读取文件，不发送任何内容。".to_owned(),
        )
    }

    fn following_rules(self, path: &str) -> String {
        self.pick(
            format!("Following the rules file {path}; what it excludes cannot be changed."),
            format!("遵循规则文件 {path}；其中排除的项目不会被改动。"),
        )
    }

    fn changes_journaled(self, session: &str) -> String {
        self.pick(
            format!("Changes journaled as session {session}; `tidyup undo` reverses them."),
            format!("改动已记录为会话 {session}；`tidyup undo` 可以撤销。"),
        )
    }

    fn ctrl_c_again_to_leave(self) -> String {
        self.pick(
            "Press Ctrl-C again or type quit to leave.".to_owned(),
            "再按一次 Ctrl-C 或输入 quit 退出。".to_owned(),
        )
    }

    fn leaving_after_turn(self) -> String {
        self.pick(
            "Leaving as soon as this turn has stopped (Ctrl-C once more leaves at once)."
                .to_owned(),
            "本轮停止后立即退出（再按一次 Ctrl-C 马上退出）。".to_owned(),
        )
    }

    fn dry_run_nothing_planned(self) -> String {
        self.pick(
            "Dry run: no changes planned.".to_owned(),
            "演练：没有计划任何改动。".to_owned(),
        )
    }

    fn dry_run_plan_heading(self, steps: usize) -> String {
        let steps_en = self.counted(steps, Noun::Step);
        self.pick(
            format!("Dry run: nothing on disk was changed. The plan ({steps_en}):"),
            format!("演练：磁盘上没有任何改动。整理计划（{steps} 步）："),
        )
    }

    fn plan_saved_to(self, path: &str) -> String {
        self.pick(
            format!("Saved to {path}; see it whole with: tidyup plan show \"{path}\"; carry it out with: tidyup apply \"{path}\""),
            format!("已保存到 {path}；查看完整方案：tidyup plan show \"{path}\"；执行：tidyup apply \"{path}\""),
        )
    }

    fn plan_create_folder(self, path: &str) -> String {
        self.pick(
            format!("create folder {path}"),
            format!("创建文件夹 {path}"),
        )
    }

    fn plan_move(self, from: &str, to: &str, replaces: bool) -> String {
        match (self, replaces) {
            (Lang::En, false) => format!("move {from} → {to}"),
            (Lang::En, true) => format!("move {from} → {to} (replacing it)"),
            (Lang::Zh, false) => format!("移动 {from} → {to}"),
            (Lang::Zh, true) => format!("移动 {from} → {to}（替换原有项目）"),
        }
    }

    fn plan_delete(self, path: &str) -> String {
        self.pick(format!("delete {path}"), format!("删除 {path}"))
    }
}
