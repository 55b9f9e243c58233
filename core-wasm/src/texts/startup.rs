//! Why tidyup refuses to start (exit status 2): the target, `--allow`, the
//! provider and its key, the config file, the rules file, the environment.
//! Causes a parser words (TOML, a glob) are passed through as they are.

use crate::texts::Lang;

impl Lang {
    /// No target given and no home directory to find Desktop in.
    pub fn no_home(self) -> String {
        self.pick(
            "no target directory given and no home directory found; pass the directory to tidy"
                .to_owned(),
            "没有指定目标目录，也找不到主目录；请给出要整理的目录".to_owned(),
        )
    }

    /// The target is missing; `subcommand` is one its name is a typo of.
    pub fn target_missing(self, path: &str, subcommand: Option<&str>) -> String {
        match subcommand {
            None => self.pick(
                format!("the target directory does not exist: {path}"),
                format!("目标目录不存在：{path}"),
            ),
            Some(name) => self.pick(
                format!(
                    "the target directory does not exist: {path} (did you mean `tidyup {name}`?)"
                ),
                format!("目标目录不存在：{path}（是否想用 `tidyup {name}`？）"),
            ),
        }
    }

    /// The target is a file or something else.
    pub fn target_not_directory(self, path: &str) -> String {
        self.pick(
            format!("the target is not a directory: {path}"),
            format!("目标不是目录：{path}"),
        )
    }

    /// An `--allow` directory is not usable.
    pub fn bad_allow(self, path: &str) -> String {
        self.pick(
            format!("--allow {path}: not an existing directory"),
            format!("--allow {path}：不是已存在的目录"),
        )
    }

    /// A provider that needs a key, and no key: `example` sets `variable`
    /// in the user's shell, `hint` (empty or starting with `; `) says more.
    pub fn no_api_key(self, provider: &str, example: &str, hint: &str) -> String {
        self.pick(
            format!(
                "no API key found for provider {provider}. Set one in the environment, for example:\n  {example}\n(TIDYUP_API_KEY works for every provider and wins; tidyup never takes the key as an argument{hint})"
            ),
            format!(
                "找不到服务商 {provider} 的 API 密钥。请在环境变量中设置，例如：\n  {example}\n（TIDYUP_API_KEY 对所有服务商有效且优先；tidyup 从不通过命令行参数接收密钥{hint}）"
            ),
        )
    }

    /// The end of [`Lang::no_api_key`] for a custom provider that names no
    /// key variable.
    pub fn api_key_env_hint(self, provider: &str) -> String {
        self.pick(
            format!(
                "; or name a variable with api_key_env in [providers.{provider}] of the config file"
            ),
            format!("；或在配置文件的 [providers.{provider}] 中用 api_key_env 指定变量名"),
        )
    }

    /// A provider name that is neither a preset nor in the config file.
    pub fn unknown_provider(self, name: &str, known: &str) -> String {
        self.pick(
            format!("unknown provider `{name}`; known: {known}"),
            format!("未知的服务商 `{name}`；可用：{known}"),
        )
    }

    /// A `[providers.NAME]` table that adds a provider without a base address.
    pub fn provider_needs_base_url(self, name: &str) -> String {
        self.pick(
            format!("[providers.{name}] of the config file needs a base_url"),
            format!("配置文件的 [providers.{name}] 需要 base_url"),
        )
    }

    /// A custom provider with no model anywhere.
    pub fn no_model(self, provider: &str) -> String {
        self.pick(
            format!(
                "no model for provider {provider}: pass --model, set TIDYUP_MODEL, or add model to [providers.{provider}] of the config file"
            ),
            format!(
                "服务商 {provider} 没有指定模型：请传入 --model、设置 TIDYUP_MODEL，或在配置文件的 [providers.{provider}] 中添加 model"
            ),
        )
    }

    /// The config file cannot be used: `place` is its path (with `:line:column`).
    pub fn config_file_error(self, place: &str, cause: &str) -> String {
        self.pick(
            format!("config file {place}: {cause}"),
            format!("配置文件 {place}：{cause}"),
        )
    }

    /// The rules file cannot be used: `place` is its path (with `:line:column`).
    pub fn rules_file_error(self, place: &str, cause: &str) -> String {
        self.pick(
            format!("rules file {place}: {cause}"),
            format!("规则文件 {place}：{cause}"),
        )
    }

    /// The rules file cannot be read (the system's cause).
    pub fn rules_file_unreadable(self, cause: &str) -> String {
        self.pick(
            format!("cannot be read: {cause}"),
            format!("无法读取：{cause}"),
        )
    }

    /// An environment variable with a value tidyup cannot use.
    pub fn bad_env(self, name: &str, value: &str, expected: Expected) -> String {
        let expected = match (self, expected) {
            (Lang::En, Expected::Milliseconds) => "expected a number of milliseconds",
            (Lang::En, Expected::Instructions) => "expected a number of instructions",
            (Lang::En, Expected::PositiveInstructions) => {
                "expected a positive number of instructions"
            }
            (Lang::Zh, Expected::Milliseconds) => "应为毫秒数",
            (Lang::Zh, Expected::Instructions) => "应为指令数",
            (Lang::Zh, Expected::PositiveInstructions) => "应为正的指令数",
        };
        match self {
            Lang::En => format!("{name}={value}: {expected}"),
            Lang::Zh => format!("{name}={value}：{expected}"),
        }
    }
}

/// What an environment variable's value should have been.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// A number of milliseconds.
    Milliseconds,
    /// A number of instructions.
    Instructions,
    /// A positive number of instructions.
    PositiveInstructions,
}
