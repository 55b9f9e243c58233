//! Why a command failed: starting the core, opening its folders, the
//! journal, saved plans, the config file and the core's runtime.

use crate::texts::Lang;

impl Lang {
    /// `undo SESSION` of a session that has no journal.
    pub fn no_such_session(self, session: &str, path: &str) -> String {
        self.pick(
            format!("no session {session} ({path})"),
            format!("没有会话 {session}（{path}）"),
        )
    }

    /// A journal whose first record is missing.
    pub fn journal_without_header(self, session: &str) -> String {
        self.pick(
            format!("the journal of {session} has no header"),
            format!("会话 {session} 的日志缺少开头记录"),
        )
    }

    /// The directories a session worked in cannot be opened again.
    pub fn cannot_open_session_roots(self, session: &str) -> String {
        self.pick(
            format!("cannot open the roots of {session}"),
            format!("无法打开会话 {session} 的根目录"),
        )
    }

    /// A session's trash cannot be removed.
    pub fn cannot_purge(self, path: &str) -> String {
        self.pick(format!("cannot purge {path}"), format!("无法清除 {path}"))
    }

    /// A file cannot be read.
    pub fn cannot_read(self, path: &str) -> String {
        self.pick(format!("cannot read {path}"), format!("无法读取 {path}"))
    }

    /// `apply` of a file that is no saved plan.
    pub fn not_a_plan(self, path: &str) -> String {
        self.pick(
            format!("{path} is not a tidyup plan"),
            format!("{path} 不是 tidyup 的整理计划"),
        )
    }

    /// `apply`: the directories a plan names cannot be opened.
    pub fn cannot_open_plan_roots(self) -> String {
        self.pick(
            "cannot open the plan's directories".to_owned(),
            "无法打开计划涉及的目录".to_owned(),
        )
    }

    /// The config file is not UTF-8.
    pub fn config_not_utf8(self) -> String {
        self.pick("not UTF-8 text".to_owned(), "不是 UTF-8 文本".to_owned())
    }

    /// The config file cannot be read.
    pub fn config_unreadable(self, cause: &str) -> String {
        self.pick(
            format!("cannot read: {cause}"),
            format!("无法读取：{cause}"),
        )
    }

    /// A `[limits]` value of the config file that must be at least 1.
    pub fn config_at_least_one(self, name: &str) -> String {
        self.pick(
            format!("[limits] {name} must be at least 1"),
            format!("[limits] {name} 至少为 1"),
        )
    }

    /// A `[limits]` value of the config file out of its range.
    pub fn config_out_of_range(self, name: &str, max: u64) -> String {
        self.pick(
            format!("[limits] {name} must be between 1 and {max}"),
            format!("[limits] {name} 必须在 1 到 {max} 之间"),
        )
    }

    /// The config file tries to redefine the offline planner.
    pub fn config_offline_redefined(self) -> String {
        self.pick(
            "[providers.offline]: `offline` is the built-in planner and cannot be redefined"
                .to_owned(),
            "[providers.offline]：`offline` 是内置的规划器，不能重新定义".to_owned(),
        )
    }

    /// A provider of the config file without an address.
    pub fn config_needs_base_url(self, name: &str) -> String {
        self.pick(
            format!("[providers.{name}] needs a base_url (it is not a preset)"),
            format!("[providers.{name}] 需要 base_url（它不是预设的服务商）"),
        )
    }

    /// A provider of the config file whose `api_key_env` is no variable name.
    pub fn config_key_env_not_a_name(self, name: &str) -> String {
        self.pick(
            format!(
                "[providers.{name}] api_key_env must be the name of an environment \
                 variable (letters, digits, _), not a key"
            ),
            format!(
                "[providers.{name}] 的 api_key_env 必须是环境变量的名称（字母、数字、_），而不是密钥本身"
            ),
        )
    }
}

impl Lang {
    /// Added to the parser's message when the config file holds a key.
    pub fn config_never_put_a_key(self) -> String {
        self.pick(
            "; never put a key in the file: set it in an environment variable and \
             name that variable with api_key_env"
                .to_owned(),
            "；不要把密钥写进文件：把它设在环境变量里，再用 api_key_env 写出这个变量的名称"
                .to_owned(),
        )
    }
}

impl Lang {
    /// The core instance is gone (a restart failed before).
    pub fn core_not_running(self) -> String {
        self.pick(
            "the core is not running".to_owned(),
            "核心没有在运行".to_owned(),
        )
    }

    /// The core stopped and a fresh instance could not start.
    pub fn core_not_restarted(self, cause: &str) -> String {
        self.pick(
            format!("the core stopped ({cause}) and could not be restarted"),
            format!("核心已停止（{cause}），且无法重新启动"),
        )
    }

    /// The core stopped and the conversation could not be restored.
    pub fn core_not_restored(self, cause: &str) -> String {
        self.pick(
            format!("the core stopped ({cause}) and could not be restored"),
            format!("核心已停止（{cause}），且无法恢复对话"),
        )
    }

    /// The core stopped during `tidyup ask`.
    pub fn core_stopped_with(self, cause: &str) -> String {
        self.pick(
            format!("the core stopped ({cause})"),
            format!("核心已停止（{cause}）"),
        )
    }

    /// The core and the host speak different ABI versions.
    pub fn abi_mismatch(self, found: i32, expected: i32) -> String {
        self.pick(
            format!("the core speaks ABI version {found}, this host speaks {expected}"),
            format!("核心使用 ABI 版本 {found}，本程序使用 {expected}"),
        )
    }

    /// The core exports no memory.
    pub fn core_without_memory(self) -> String {
        self.pick(
            "the core exports no memory".to_owned(),
            "核心没有导出内存".to_owned(),
        )
    }

    /// Input for the core over the ABI's buffer limit.
    pub fn core_input_too_large(self, bytes: usize) -> String {
        self.pick(
            format!("input of {bytes} bytes is too large"),
            format!("{bytes} 字节的输入过大"),
        )
    }

    /// The core could not allocate a buffer for its input.
    pub fn core_cannot_allocate(self, bytes: u32) -> String {
        self.pick(
            format!("the core could not allocate {bytes} bytes"),
            format!("核心无法分配 {bytes} 字节"),
        )
    }

    /// The core's reply lies outside its memory.
    pub fn core_reply_outside_memory(self) -> String {
        self.pick(
            "the core replied outside its memory".to_owned(),
            "核心的回复超出了它的内存".to_owned(),
        )
    }

    /// The core's reply is not the JSON the ABI says.
    pub fn core_reply_unreadable(self) -> String {
        self.pick(
            "unreadable reply from the core".to_owned(),
            "无法读取核心的回复".to_owned(),
        )
    }

    /// The core `.wasm` does not compile.
    pub fn core_does_not_compile(self) -> String {
        self.pick(
            "the core .wasm does not compile".to_owned(),
            "核心 .wasm 无法编译".to_owned(),
        )
    }

    /// A lock shared between threads was poisoned by a panic; `what` is
    /// what it guards.
    pub fn lock_poisoned(self, what: &str) -> String {
        let what_zh = match what {
            "journal" => "日志",
            "plan" => "计划",
            "file system" => "文件系统",
            _ => "工作区",
        };
        self.pick(
            format!("the {what} lock was poisoned"),
            format!("{what_zh}的锁已损坏"),
        )
    }

    /// The API key cannot travel in an HTTP header.
    pub fn key_not_header_safe(self) -> String {
        self.pick(
            "the API key contains characters not allowed in a header".to_owned(),
            "API 密钥含有 HTTP 头中不允许的字符".to_owned(),
        )
    }

    /// `watch` cannot listen for the signal that stops it.
    pub fn cannot_listen_for_sigterm(self) -> String {
        self.pick(
            "cannot listen for SIGTERM".to_owned(),
            "无法监听 SIGTERM".to_owned(),
        )
    }
}

impl Lang {
    /// The core stopped and could not go on.
    pub fn core_stopped_for_good(self) -> String {
        self.pick(
            "the tidyup core stopped".to_owned(),
            "tidyup 核心已停止".to_owned(),
        )
    }

    /// The target directory (or the watched folder) cannot be opened.
    pub fn cannot_open_target(self) -> String {
        self.pick(
            "cannot open the target directory".to_owned(),
            "无法打开目标目录".to_owned(),
        )
    }

    /// The folder `tidyup watch` keeps tidy cannot be opened.
    pub fn cannot_open_watched(self) -> String {
        self.pick(
            "cannot open the watched folder".to_owned(),
            "无法打开所监视的文件夹".to_owned(),
        )
    }

    /// The directories an MCP connection works in cannot be opened.
    pub fn cannot_open_directories(self) -> String {
        self.pick(
            "cannot open the directories".to_owned(),
            "无法打开这些目录".to_owned(),
        )
    }

    /// The MCP connection could not start.
    pub fn mcp_could_not_start(self) -> String {
        self.pick(
            "the MCP connection could not start".to_owned(),
            "MCP 连接无法建立".to_owned(),
        )
    }
}

impl Lang {
    /// The user cancelled what the host was doing.
    pub fn cancelled_by_user(self) -> String {
        self.pick(
            "cancelled by the user".to_owned(),
            "已被用户取消".to_owned(),
        )
    }

    /// The core asked with a request over the ABI's buffer limit.
    pub fn core_request_too_large(self, bytes: usize) -> String {
        self.pick(
            format!("request of {bytes} bytes is too large"),
            format!("{bytes} 字节的请求过大"),
        )
    }

    /// The core's request lies outside its memory.
    pub fn core_request_outside_memory(self) -> String {
        self.pick(
            "request buffer is outside guest memory".to_owned(),
            "请求缓冲区不在核心的内存之内".to_owned(),
        )
    }

    /// The core's request is not the JSON of the ABI.
    pub fn core_request_unreadable(self, cause: &str) -> String {
        self.pick(
            format!("unreadable request: {cause}"),
            format!("无法读取的请求：{cause}"),
        )
    }

    /// `--core` names a file that cannot be read.
    pub fn cannot_read_core(self, path: &str) -> String {
        self.pick(
            format!("cannot read the core {path}"),
            format!("无法读取核心 {path}"),
        )
    }

    /// `apply` of a plan saved by an earlier version, which cannot show
    /// every edit made since.
    pub fn plan_from_an_earlier_version(self, path: &str) -> String {
        self.pick(
            format!("{path} was saved by an earlier version of tidyup, whose plans cannot show every edit made since; make the plan again with --dry-run"),
            format!("{path} 由较早版本的 tidyup 保存，这种计划无法反映之后的所有改动；请用 --dry-run 重新生成计划"),
        )
    }

    /// The model service could not be reached: the `cause`, then what to
    /// check.
    pub fn cannot_connect(self, cause: &str) -> String {
        self.pick(
            format!("{cause}. Check the address (--base-url, or the provider's preset), that the server is running and reachable from here, and any proxy (HTTPS_PROXY, NO_PROXY)."),
            format!("{cause}。请检查地址（--base-url 或服务商预设）、服务是否在运行且从本机可以访问，以及代理设置（HTTPS_PROXY、NO_PROXY）。"),
        )
    }

    /// The model service did not answer in time: the `cause`, then what
    /// to check.
    pub fn no_answer_in_time(self, cause: &str) -> String {
        self.pick(
            format!("{cause}. The server did not answer in time: check that it is running and not overloaded, the network and any proxy (HTTPS_PROXY), or allow longer (--connect-timeout, --idle-timeout)."),
            format!("{cause}。服务没有及时回答：请检查它是否在运行、是否过载，以及网络和代理设置（HTTPS_PROXY），或者放宽等待时间（--connect-timeout、--idle-timeout）。"),
        )
    }

    /// A piped session ended right after a failed model call.
    pub fn session_ended_with_failed_call(self) -> String {
        self.pick(
            "the last request to the model failed".to_owned(),
            "最后一次请求模型失败".to_owned(),
        )
    }
}
