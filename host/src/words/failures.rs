//! Why a command failed: starting the core, opening its folders, the
//! journal, saved plans, the config file and the core's runtime.

use tidyup_core::Lang;

/// The words of `failures` only the host says.
pub(crate) trait FailuresWords {
    /// The config file is not UTF-8.
    fn config_not_utf8(self) -> String;

    /// The config file cannot be read.
    fn config_unreadable(self, cause: &str) -> String;

    /// A `[limits]` value of the config file that must be at least 1.
    fn config_at_least_one(self, name: &str) -> String;

    /// A `[limits]` value of the config file out of its range.
    fn config_out_of_range(self, name: &str, max: u64) -> String;

    /// The config file tries to redefine the offline planner.
    fn config_offline_redefined(self) -> String;

    /// A provider of the config file without an address.
    fn config_needs_base_url(self, name: &str) -> String;

    /// A provider of the config file whose `api_key_env` is no variable name.
    fn config_key_env_not_a_name(self, name: &str) -> String;

    /// Added to the parser's message when the config file holds a key.
    fn config_never_put_a_key(self) -> String;

    /// The core stopped and could not go on.
    fn core_stopped_for_good(self) -> String;

    /// The target directory (or the watched folder) cannot be opened.
    fn cannot_open_target(self) -> String;

    /// The folder `tidyup watch` keeps tidy cannot be opened.
    fn cannot_open_watched(self) -> String;

    /// `tidyup watch` was given the remote folder `address`.
    fn cannot_watch_remote(self, address: &str) -> String;

    /// The directories an MCP connection works in cannot be opened.
    fn cannot_open_directories(self) -> String;

    /// The MCP connection could not start.
    fn mcp_could_not_start(self) -> String;

    /// The model service could not be reached: the `cause`, then what to
    /// check.
    fn cannot_connect(self, cause: &str) -> String;

    /// The model service did not answer in time: the `cause`, then what
    /// to check.
    fn no_answer_in_time(self, cause: &str) -> String;

    /// A piped session ended right after a failed model call.
    fn session_ended_with_failed_call(self) -> String;
}

impl FailuresWords for Lang {
    fn config_not_utf8(self) -> String {
        self.pick("not UTF-8 text".to_owned(), "不是 UTF-8 文本".to_owned())
    }

    fn config_unreadable(self, cause: &str) -> String {
        self.pick(
            format!("cannot read: {cause}"),
            format!("无法读取：{cause}"),
        )
    }

    fn config_at_least_one(self, name: &str) -> String {
        self.pick(
            format!("[limits] {name} must be at least 1"),
            format!("[limits] {name} 至少为 1"),
        )
    }

    fn config_out_of_range(self, name: &str, max: u64) -> String {
        self.pick(
            format!("[limits] {name} must be between 1 and {max}"),
            format!("[limits] {name} 必须在 1 到 {max} 之间"),
        )
    }

    fn config_offline_redefined(self) -> String {
        self.pick(
            "[providers.offline]: `offline` is the built-in planner and cannot be redefined"
                .to_owned(),
            "[providers.offline]：`offline` 是内置的规划器，不能重新定义".to_owned(),
        )
    }

    fn config_needs_base_url(self, name: &str) -> String {
        self.pick(
            format!("[providers.{name}] needs a base_url (it is not a preset)"),
            format!("[providers.{name}] 需要 base_url（它不是预设的服务商）"),
        )
    }

    fn config_key_env_not_a_name(self, name: &str) -> String {
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

    fn config_never_put_a_key(self) -> String {
        self.pick(
            "; never put a key in the file: set it in an environment variable and \
             name that variable with api_key_env"
                .to_owned(),
            "；不要把密钥写进文件：把它设在环境变量里，再用 api_key_env 写出这个变量的名称"
                .to_owned(),
        )
    }

    fn core_stopped_for_good(self) -> String {
        self.pick(
            "the tidyup core stopped".to_owned(),
            "tidyup 核心已停止".to_owned(),
        )
    }

    fn cannot_open_target(self) -> String {
        self.pick(
            "cannot open the target directory".to_owned(),
            "无法打开目标目录".to_owned(),
        )
    }

    fn cannot_open_watched(self) -> String {
        self.pick(
            "cannot open the watched folder".to_owned(),
            "无法打开所监视的文件夹".to_owned(),
        )
    }

    fn cannot_watch_remote(self, address: &str) -> String {
        self.pick(
            format!("{address}: tidyup watch keeps a folder of this machine tidy (a remote folder sends no notice of new files); organize it with: tidyup {address}"),
            format!("{address}：tidyup watch 只能监视本机的文件夹（远程文件夹不会通知新文件）；请用以下命令整理它：tidyup {address}"),
        )
    }

    fn cannot_open_directories(self) -> String {
        self.pick(
            "cannot open the directories".to_owned(),
            "无法打开这些目录".to_owned(),
        )
    }

    fn mcp_could_not_start(self) -> String {
        self.pick(
            "the MCP connection could not start".to_owned(),
            "MCP 连接无法建立".to_owned(),
        )
    }

    fn cannot_connect(self, cause: &str) -> String {
        self.pick(
            format!("{cause}. Check the address (--base-url, or the provider's preset), that the server is running and reachable from here, and any proxy (HTTPS_PROXY, NO_PROXY)."),
            format!("{cause}。请检查地址（--base-url 或服务商预设）、服务是否在运行且从本机可以访问，以及代理设置（HTTPS_PROXY、NO_PROXY）。"),
        )
    }

    fn no_answer_in_time(self, cause: &str) -> String {
        self.pick(
            format!("{cause}. The server did not answer in time: check that it is running and not overloaded, the network and any proxy (HTTPS_PROXY), or allow longer (--connect-timeout, --idle-timeout)."),
            format!("{cause}。服务没有及时回答：请检查它是否在运行、是否过载，以及网络和代理设置（HTTPS_PROXY），或者放宽等待时间（--connect-timeout、--idle-timeout）。"),
        )
    }

    fn session_ended_with_failed_call(self) -> String {
        self.pick(
            "the last request to the model failed".to_owned(),
            "最后一次请求模型失败".to_owned(),
        )
    }
}
