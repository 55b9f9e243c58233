//! The two languages tidyup speaks, and every console and tool text it says.
//!
//! The markers `[目录]`/`[文件]` and the seven file-type categories are not
//! here: they are exact in both languages (see [`crate::file_type`]).

use serde::{Deserialize, Serialize};

use crate::ports::{ErrorCode, HostError, Provider};

/// Language of the system prompt, console texts and tool result texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// Picks one of two texts by language.
    pub(crate) fn pick(self, en: String, zh: String) -> String {
        match self {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }

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

    /// Tool result: the model named a tool that does not exist.
    pub fn unknown_tool(self, name: &str) -> String {
        self.pick(
            format!("Error: unknown tool {name}"),
            format!("错误：未知工具 {name}"),
        )
    }

    /// Tool result: the tool could not run (bad arguments, IO failure...).
    pub fn tool_failed(self, cause: &str) -> String {
        self.pick(
            format!("tool execution failed: {cause}"),
            format!("工具执行失败: {cause}"),
        )
    }

    /// Cause: a file primitive failed. A refused path (code `denied`), a
    /// protected root (code `protected`) and an item the rules file
    /// excludes (code `excluded`) are worded here; other causes are the
    /// host's own message.
    // Four codes have their own wording; every other code, including codes
    // of other hosts, shows the host's message.
    #[allow(clippy::wildcard_enum_match_arm)]
    pub fn host_failure(self, err: &HostError) -> String {
        match &err.code {
            ErrorCode::Denied => self.pick(
                format!(
                    "the path is outside the allowed directories: {}",
                    err.message
                ),
                format!("路径不在允许的目录内: {}", err.message),
            ),
            ErrorCode::NotAllowedOnWindows => self.pick(
                format!(
                    "the name \"{}\" is not allowed on Windows (device names such as CON, NUL, AUX, COM1; a trailing dot or space; any of < > : \" | ? *)",
                    err.message
                ),
                format!(
                    "Windows 不允许使用名称 \"{}\"（CON、NUL、AUX、COM1 等设备名；以点或空格结尾；含有 < > : \" | ? * 之一）",
                    err.message
                ),
            ),
            ErrorCode::Excluded => self.pick(
                format!(
                    "protected by the rules file, which excludes it (or something in it): {}",
                    err.message
                ),
                format!("受规则文件保护（它或其中的内容被排除）：{}", err.message),
            ),
            ErrorCode::Protected => self.pick(
                format!(
                    "an allowed root directory itself cannot be moved or deleted: {}",
                    err.message
                ),
                format!("不能移动或删除允许的根目录本身: {}", err.message),
            ),
            _ => err.message.clone(),
        }
    }

    /// Cause: a required argument is missing.
    pub fn missing_argument(self, name: &str) -> String {
        self.pick(
            format!("missing argument '{name}'"),
            format!("缺少参数 '{name}'"),
        )
    }

    /// Cause: an argument has the wrong JSON type.
    pub fn wrong_type(self, name: &str, expected: &str) -> String {
        self.pick(
            format!("argument '{name}' must be a {expected}"),
            format!("参数 '{name}' 必须是 {expected}"),
        )
    }

    /// Cause: the arguments text is not a JSON object.
    pub fn arguments_not_object(self, detail: &str) -> String {
        self.pick(
            format!("arguments are not a JSON object ({detail})"),
            format!("参数不是 JSON 对象（{detail}）"),
        )
    }

    /// list_files: the directory is missing or not a directory.
    pub fn dir_missing(self, path: &str) -> String {
        self.pick(
            format!("Directory does not exist: {path}"),
            format!("目录不存在: {path}"),
        )
    }

    /// list_files: the directory has no entries.
    pub fn dir_empty(self, path: &str) -> String {
        self.pick(
            format!("Directory is empty: {path}"),
            format!("目录为空: {path}"),
        )
    }

    /// list_files: the first line, starting with the item count.
    pub fn dir_count(self, count: usize, path: &str) -> String {
        self.pick(
            format!("{count} items in {path}:"),
            format!("{count} 个项目，位于 {path}："),
        )
    }

    /// create_folder: done.
    pub fn folder_created(self, path: &str) -> String {
        self.pick(
            format!("Created folder: {path}"),
            format!("已创建文件夹: {path}"),
        )
    }

    /// create_folder: a folder is already there; nothing changed.
    pub fn folder_exists(self, path: &str) -> String {
        self.pick(
            format!("Folder already exists: {path}"),
            format!("文件夹已存在: {path}"),
        )
    }

    /// create_folder: a file (not a folder) already has that name.
    pub fn folder_blocked_by_file(self, path: &str) -> String {
        self.pick(
            format!("Failed to create folder: a file already exists at {path}"),
            format!("创建文件夹失败：{path} 已存在同名文件"),
        )
    }

    /// create_folder: the file system refused.
    pub fn folder_failed(self, path: &str, cause: &str) -> String {
        self.pick(
            format!("Failed to create folder {path}: {cause}"),
            format!("创建文件夹失败 {path}: {cause}"),
        )
    }

    /// move_file / rename_file: the source is missing.
    pub fn source_missing(self, path: &str) -> String {
        self.pick(
            format!("Source does not exist: {path}"),
            format!("源路径不存在: {path}"),
        )
    }

    /// move_file: done.
    pub fn moved(self, name: &str, destination: &str) -> String {
        self.pick(
            format!("Moved {name} to {destination}"),
            format!("已移动 {name} 到 {destination}"),
        )
    }

    /// move_file: the file system refused.
    pub fn move_failed(self, source: &str, cause: &str) -> String {
        self.pick(
            format!("Failed to move {source}: {cause}"),
            format!("移动失败 {source}: {cause}"),
        )
    }

    /// rename_file: done.
    pub fn renamed(self, old: &str, new_name: &str) -> String {
        self.pick(
            format!("Renamed {old} to {new_name}"),
            format!("已将 {old} 重命名为 {new_name}"),
        )
    }

    /// rename_file: something already has the new name; nothing changed.
    pub fn rename_target_exists(self, path: &str) -> String {
        self.pick(
            format!("Target already exists: {path}; nothing was renamed"),
            format!("目标已存在: {path}，未重命名"),
        )
    }

    /// rename_file: the file system refused.
    pub fn rename_failed(self, path: &str, cause: &str) -> String {
        self.pick(
            format!("Failed to rename {path}: {cause}"),
            format!("重命名失败 {path}: {cause}"),
        )
    }

    /// rename_file: `new_name` is not a plain name.
    pub fn bad_new_name(self, new_name: &str) -> String {
        self.pick(
            format!(
                "new_name must be a plain name without '/', '\\', '.' or '..', not empty: {new_name:?}"
            ),
            format!("new_name 必须是不含 '/'、'\\'、'.' 或 '..' 的非空名称: {new_name:?}"),
        )
    }

    /// delete_file: `confirm` was not `true`; nothing deleted.
    pub fn delete_cancelled(self, path: &str) -> String {
        self.pick(
            format!("Deletion cancelled: confirm was not true, nothing was deleted ({path})"),
            format!("删除已取消：未确认（confirm 不为 true），未删除任何内容（{path}）"),
        )
    }

    /// delete_file: nothing at the path.
    pub fn delete_missing(self, path: &str) -> String {
        self.pick(
            format!("Path does not exist: {path}"),
            format!("路径不存在: {path}"),
        )
    }

    /// delete_file: a file was deleted.
    pub fn deleted_file(self, path: &str) -> String {
        self.pick(
            format!("Deleted file: {path}"),
            format!("已删除文件: {path}"),
        )
    }

    /// delete_file: a folder and its contents were deleted.
    pub fn deleted_folder(self, path: &str) -> String {
        self.pick(
            format!("Deleted folder and all its contents: {path}"),
            format!("已删除文件夹及其全部内容: {path}"),
        )
    }

    /// delete_file: the file system refused.
    pub fn delete_failed(self, path: &str, cause: &str) -> String {
        self.pick(
            format!("Failed to delete {path}: {cause}"),
            format!("删除失败 {path}: {cause}"),
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

    /// Cause of a stop: the core asked for more than its `limit_bytes` of memory.
    pub fn core_out_of_memory(self, limit_bytes: u64) -> String {
        let limit = limit_text(limit_bytes);
        self.pick(
            format!("out of memory: the core may use {limit}"),
            format!("内存不足：核心最多可用 {limit}"),
        )
    }

    /// Cause of a stop: any other fault of the core, with the runtime's words.
    pub fn core_fault(self, detail: &str) -> String {
        self.pick(format!("fault: {detail}"), format!("故障：{detail}"))
    }

    /// `tidyup demo`: the folder was created.
    pub fn demo_created(self, count: usize, dir: &str, command: &str) -> String {
        self.pick(
            format!(
                "Created a messy demo folder with {count} files: {dir}\nOrganize it with the offline planner (no key, no network):\n  {command}\nthen type \"organize\" and answer \"yes\"."
            ),
            format!(
                "已创建一个杂乱的演示文件夹，共 {count} 个文件：{dir}\n用离线规划器整理它（无需密钥、无需联网）：\n  {command}\n然后输入“整理”，再回复“好”。"
            ),
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

    /// Tool result of a call not run because the user cancelled.
    pub fn call_cancelled(self) -> String {
        self.pick(
            "Not executed: the user cancelled this turn.".to_owned(),
            "未执行：用户取消了本轮操作。".to_owned(),
        )
    }

    /// Tool result of a call not run because the reply was cut off.
    pub fn call_truncated(self) -> String {
        self.pick(
            "Not executed: your reply was cut off by the length limit (finish_reason \"length\"), so this call may be incomplete. Send fewer or shorter tool calls.".to_owned(),
            "未执行：你的回复因长度限制被截断（finish_reason 为 \"length\"），这个调用可能不完整。请发送更少或更短的工具调用。".to_owned(),
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
fn limit_text(bytes: u64) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = 1024 * KIB;
    match bytes {
        b if b >= MIB && b % MIB == 0 => format!("{} MiB", b / MIB),
        b if b >= KIB && b % KIB == 0 => format!("{} KiB", b / KIB),
        b => format!("{b} bytes"),
    }
}
