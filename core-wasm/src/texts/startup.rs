//! Why tidyup refuses to start (exit status 2): the target, `--allow`, the
//! provider and its key, the config file, the rules file, the environment.
//! Causes a parser words (TOML, a glob) are passed through as they are.

use crate::texts::Lang;

impl Lang {
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
