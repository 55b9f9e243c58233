//! Why tidyup refuses to start (exit status 2): the target, `--allow`, the
//! provider and its key, the config file, the rules file, the environment.
//! Causes a parser words (TOML, a glob) are passed through as they are.

use tidyup_core::{Expected, Lang};

/// The words of `startup` only the host says.
pub(crate) trait StartupWords {
    /// No target given and no home directory to find Desktop in.
    fn no_home(self) -> String;

    /// The target is missing; `subcommand` is one its name is a typo of.
    fn target_missing(self, path: &str, subcommand: Option<&str>) -> String;

    /// No folder was given and the Desktop tidied by default is missing.
    fn no_default_target(self, desktop: &str) -> String;

    /// The target is a file or something else.
    fn target_not_directory(self, path: &str) -> String;

    /// An `--allow` directory is not usable.
    fn bad_allow(self, path: &str) -> String;

    /// The end of [`Lang::no_api_key`] for a custom provider that names no
    /// key variable.
    fn api_key_env_hint(self, provider: &str) -> String;

    /// A provider name that is neither a preset nor in the config file.
    fn unknown_provider(self, name: &str, known: &str) -> String;

    /// A `[providers.NAME]` table that adds a provider without a base address.
    fn provider_needs_base_url(self, name: &str) -> String;

    /// A custom provider with no model anywhere.
    fn no_model(self, provider: &str) -> String;

    /// The config file cannot be used: `place` is its path (with `:line:column`).
    fn config_file_error(self, place: &str, cause: &str) -> String;

    /// The rules file cannot be used: `place` is its path (with `:line:column`).
    fn rules_file_error(self, place: &str, cause: &str) -> String;

    /// The rules file cannot be read (the system's cause).
    fn rules_file_unreadable(self, cause: &str) -> String;

    /// An environment variable with a value tidyup cannot use.
    fn bad_env(self, name: &str, value: &str, expected: Expected) -> String;
}

impl StartupWords for Lang {
    fn no_home(self) -> String {
        self.pick(
            "no target directory given and no home directory found; pass the directory to tidy"
                .to_owned(),
            "没有指定目标目录，也找不到主目录；请给出要整理的目录".to_owned(),
        )
    }

    fn target_missing(self, path: &str, subcommand: Option<&str>) -> String {
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

    fn no_default_target(self, desktop: &str) -> String {
        self.pick(
            format!(
                "no folder given, and there is no Desktop folder ({desktop}) to tidy by default; name the folder to tidy: `tidyup FOLDER`, e.g. `tidyup ~/Downloads`"
            ),
            format!(
                "没有指定文件夹，也没有可默认整理的桌面文件夹（{desktop}）；请给出要整理的文件夹：`tidyup 文件夹`，例如 `tidyup ~/Downloads`"
            ),
        )
    }

    fn target_not_directory(self, path: &str) -> String {
        self.pick(
            format!("the target is not a directory: {path}"),
            format!("目标不是目录：{path}"),
        )
    }

    fn bad_allow(self, path: &str) -> String {
        self.pick(
            format!("--allow {path}: not an existing directory"),
            format!("--allow {path}：不是已存在的目录"),
        )
    }

    fn api_key_env_hint(self, provider: &str) -> String {
        self.pick(
            format!(
                "; or name a variable with api_key_env in [providers.{provider}] of the config file"
            ),
            format!("；或在配置文件的 [providers.{provider}] 中用 api_key_env 指定变量名"),
        )
    }

    fn unknown_provider(self, name: &str, known: &str) -> String {
        self.pick(
            format!("unknown provider `{name}`; known: {known}"),
            format!("未知的服务商 `{name}`；可用：{known}"),
        )
    }

    fn provider_needs_base_url(self, name: &str) -> String {
        self.pick(
            format!("[providers.{name}] of the config file needs a base_url"),
            format!("配置文件的 [providers.{name}] 需要 base_url"),
        )
    }

    fn no_model(self, provider: &str) -> String {
        self.pick(
            format!(
                "no model for provider {provider}: pass --model, set TIDYUP_MODEL, or add model to [providers.{provider}] of the config file"
            ),
            format!(
                "服务商 {provider} 没有指定模型：请传入 --model、设置 TIDYUP_MODEL，或在配置文件的 [providers.{provider}] 中添加 model"
            ),
        )
    }

    fn config_file_error(self, place: &str, cause: &str) -> String {
        self.pick(
            format!("config file {place}: {cause}"),
            format!("配置文件 {place}：{cause}"),
        )
    }

    fn rules_file_error(self, place: &str, cause: &str) -> String {
        self.pick(
            format!("rules file {place}: {cause}"),
            format!("规则文件 {place}：{cause}"),
        )
    }

    fn rules_file_unreadable(self, cause: &str) -> String {
        self.pick(
            format!("cannot be read: {cause}"),
            format!("无法读取：{cause}"),
        )
    }

    fn bad_env(self, name: &str, value: &str, expected: Expected) -> String {
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
