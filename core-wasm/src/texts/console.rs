//! The console texts of a session: the start message, tool lines, notices
//! and the causes of failed model calls, and of a core that stopped.

use crate::ports::Provider;
use crate::texts::Lang;

impl Lang {
    /// The start message naming the target directory (and the offline
    /// planner when it answers instead of a model).
    pub fn started(self, target: &str, provider: Provider) -> String {
        let first = self.pick(
            format!("tidyup started. Target directory: {target}"),
            format!("tidyup 已启动。目标目录：{target}"),
        );
        let note = match provider {
            Provider::Remote => return first,
            Provider::Offline => self.pick(
                "Using the offline planner (rules, no AI).".to_owned(),
                "使用离线规划器（基于规则，非 AI）。".to_owned(),
            ),
            Provider::OfflineNoKey => self.pick(
                "No API key is configured, so tidyup uses its offline planner (rules, no AI). \
                 To use a real model, set TIDYUP_API_KEY (or the provider's own key, e.g. OPENAI_API_KEY) and pick it with --provider (see `tidyup providers`), --base-url and --model."
                    .to_owned(),
                "未配置 API 密钥，tidyup 使用离线规划器（基于规则，非 AI）。\
                 要使用真正的模型，请设置 TIDYUP_API_KEY（或服务商自己的密钥变量，如 OPENAI_API_KEY），并用 --provider（见 `tidyup providers`）、--base-url 和 --model 选择。"
                    .to_owned(),
            ),
        };
        format!("{first}\n{note}")
    }

    /// The console line of one executed tool: its name and its (already cut) result.
    pub fn tool_line(self, name: &str, preview: &str) -> String {
        self.pick(
            format!("[tool] {name}: {preview}"),
            format!("[工具] {name}: {preview}"),
        )
    }

    /// The notice printed when a turn used all its model calls.
    pub fn round_limit(self, max_rounds: u32) -> String {
        self.pick(
            format!(
                "Reached the maximum number of rounds ({max_rounds}); the task may be unfinished."
            ),
            format!("已达到最大轮数（{max_rounds}），任务可能尚未完成。"),
        )
    }

    /// The error line of a failed model call.
    pub fn model_call_failed(self, cause: &str) -> String {
        self.pick(
            format!("model call failed: {cause}"),
            format!("模型调用失败: {cause}"),
        )
    }

    /// Cause: a model call's HTTP status was not 2xx; `context_overflow`
    /// when the provider's message says the request was too long.
    pub fn http_status(self, status: u16, message: Option<&str>, context_overflow: bool) -> String {
        let Some(message) = message else {
            return format!("HTTP {status}");
        };
        if context_overflow {
            return format!("HTTP {status}: {message} ({})", self.context_advice());
        }
        format!("HTTP {status}: {message}")
    }

    /// Cause: the reply body was not a chat completion.
    pub fn bad_reply(self, detail: &str) -> String {
        self.pick(
            format!("the reply is not a chat completion ({detail})"),
            format!("回复不是有效的 chat completion（{detail}）"),
        )
    }

    /// Cause: the reply held neither text nor a tool call.
    pub fn no_answer_in_reply(self) -> String {
        self.pick(
            "the reply held no answer".to_owned(),
            "回复中没有任何回答".to_owned(),
        )
    }

    /// Cause: the reply had no choices.
    pub fn no_choices(self) -> String {
        self.pick(
            "the reply has no choices".to_owned(),
            "回复中没有 choices".to_owned(),
        )
    }

    /// Cause: the reply (a whole body, one streamed event, or the text a
    /// stream assembled) passed the size limit of `limit_bytes`.
    pub fn reply_too_large(self, limit_bytes: u64) -> String {
        let limit = limit_text(limit_bytes);
        self.pick(
            format!(
                "reply too large (more than {limit}; raise [limits] max_reply_mib in the config file)"
            ),
            format!("回复过大（超过 {limit}；可在配置文件的 [limits] max_reply_mib 中调高）"),
        )
    }

    /// Cause: the reply (a whole body or one streamed event) holds more
    /// JSON values than the size limit allows (one per 16 bytes of it).
    pub fn reply_too_many_values(self, max_values: u64) -> String {
        self.pick(
            format!(
                "reply too large (more than {max_values} JSON values; raise [limits] max_reply_mib in the config file)"
            ),
            format!("回复过大（超过 {max_values} 个 JSON 值；可在配置文件的 [limits] max_reply_mib 中调高）"),
        )
    }

    /// The error line when the core stopped in the middle of a line and the
    /// conversation was restored to the last completed turn.
    pub fn core_stopped(self, cause: &str) -> String {
        self.pick(
            format!(
                "tidyup: the core stopped ({cause}); this line was rolled back and the session goes on from the last completed turn (file changes already made stay; `tidyup undo` reverses them)"
            ),
            format!(
                "tidyup：核心已停止（{cause}）；这一行已回滚，会话从上一个完成的回合继续（已做的文件改动保留；`tidyup undo` 可以撤销）"
            ),
        )
    }

    /// Cause of a stop: the core ran more than `fuel` instructions without
    /// calling the host.
    pub fn core_out_of_fuel(self, fuel: u64) -> String {
        self.pick(
            format!(
                "out of fuel: more than {fuel} instructions between two host calls; TIDYUP_CORE_FUEL raises it"
            ),
            format!("燃料耗尽：两次主机调用之间超过 {fuel} 条指令；可用 TIDYUP_CORE_FUEL 调高"),
        )
    }

    /// The dim usage line of a turn.
    pub fn usage(self, prompt: u64, completion: u64, total: u64) -> String {
        self.pick(
            format!("tokens: {prompt} prompt + {completion} completion = {total}"),
            format!("tokens：输入 {prompt} + 输出 {completion} = {total}"),
        )
    }

    /// Notice: the user cancelled the turn.
    pub fn turn_cancelled(self) -> String {
        self.pick(
            "Cancelled. The conversation is kept; type your next request.".to_owned(),
            "已取消。对话记录保留，请输入下一个请求。".to_owned(),
        )
    }

    /// Notice: the user stopped a turn that was moving files, after
    /// `done` of the `total` files its calls were to move.
    pub fn turn_stopped_after(self, done: usize, total: usize) -> String {
        let stopped = self.stopped_after(done, total);
        self.pick(
            format!("{stopped} The conversation is kept; type your next request."),
            format!("{stopped}对话记录保留，请输入下一个请求。"),
        )
    }

    /// Notice: the provider filtered the reply.
    pub fn content_filtered(self) -> String {
        self.pick(
            "The provider's content filter withheld part or all of this reply (finish_reason \"content_filter\").".to_owned(),
            "服务商的内容过滤拦截了这次回复的部分或全部内容（finish_reason 为 \"content_filter\"）。".to_owned(),
        )
    }
}

/// A limit in bytes as people set it: whole MiB or KiB when it is one, else bytes.
pub fn limit_text(bytes: u64) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = 1024 * KIB;
    match bytes {
        b if b >= MIB && b % MIB == 0 => format!("{} MiB", b / MIB),
        b if b >= KIB && b % KIB == 0 => format!("{} KiB", b / KIB),
        b => format!("{b} bytes"),
    }
}
