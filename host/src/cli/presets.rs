//! The built-in providers (`--provider NAME`): a base address, the
//! environment variable of its key and a default model each, and the name
//! of the offline planner. A leaf of the settings: it depends on nothing
//! else of tidyup.

/// The provider used when none is chosen (with a key) anywhere.
pub const DEFAULT_PROVIDER: &str = "openai";

/// The name of the built-in offline planner (rules, no AI).
pub const OFFLINE: &str = "offline";

/// The variable whose key every provider accepts, and which wins.
pub const TIDYUP_API_KEY: &str = "TIDYUP_API_KEY";

/// A built-in provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    /// What `--provider` takes.
    pub name: &'static str,
    /// Base address; requests go to `{base_url}/chat/completions`.
    pub base_url: &'static str,
    /// The environment variable of its key, if it has one.
    pub key_env: Option<&'static str>,
    /// The model used unless one is given.
    pub model: &'static str,
    /// A local server that needs no key.
    pub keyless: bool,
}

const fn preset(
    name: &'static str,
    base_url: &'static str,
    key_env: Option<&'static str>,
    model: &'static str,
    keyless: bool,
) -> Preset {
    Preset {
        name,
        base_url,
        key_env,
        model,
        keyless,
    }
}

/// The context budget, in tokens, of a provider's default model: what its
/// preset's model reads (a local server's default context for `ollama` and
/// `lmstudio`), else [`tidyup_core::DEFAULT_CONTEXT_TOKENS`].
pub fn context_tokens(provider: &str) -> u64 {
    match provider {
        "deepseek" => 64_000,
        "moonshot" | "ollama" | "lmstudio" => 8_000,
        "mistral" => 32_000,
        _ => tidyup_core::DEFAULT_CONTEXT_TOKENS,
    }
}

/// Every preset, in the order `tidyup providers` lists them.
pub const PRESETS: &[Preset] = &[
    preset(
        "openai",
        "https://api.openai.com/v1",
        Some("OPENAI_API_KEY"),
        "gpt-4o-mini",
        false,
    ),
    preset(
        "deepseek",
        "https://api.deepseek.com/v1",
        Some("DEEPSEEK_API_KEY"),
        "deepseek-chat",
        false,
    ),
    preset(
        "qwen",
        "https://dashscope.aliyuncs.com/compatible-mode/v1",
        Some("DASHSCOPE_API_KEY"),
        "qwen-plus",
        false,
    ),
    preset(
        "moonshot",
        "https://api.moonshot.cn/v1",
        Some("MOONSHOT_API_KEY"),
        "moonshot-v1-8k",
        false,
    ),
    preset(
        "zhipu",
        "https://open.bigmodel.cn/api/paas/v4",
        Some("ZHIPUAI_API_KEY"),
        "glm-4-flash",
        false,
    ),
    preset(
        "openrouter",
        "https://openrouter.ai/api/v1",
        Some("OPENROUTER_API_KEY"),
        "openai/gpt-4o-mini",
        false,
    ),
    preset(
        "groq",
        "https://api.groq.com/openai/v1",
        Some("GROQ_API_KEY"),
        "llama-3.3-70b-versatile",
        false,
    ),
    preset(
        "mistral",
        "https://api.mistral.ai/v1",
        Some("MISTRAL_API_KEY"),
        "mistral-small-latest",
        false,
    ),
    preset(
        "ollama",
        "http://127.0.0.1:11434/v1",
        None,
        "qwen2.5:7b",
        true,
    ),
    preset(
        "lmstudio",
        "http://127.0.0.1:1234/v1",
        None,
        "local-model",
        true,
    ),
    preset("llamacpp", "http://127.0.0.1:8080/v1", None, "local", true),
    preset(
        "vllm",
        "http://127.0.0.1:8000/v1",
        Some("VLLM_API_KEY"),
        "default",
        true,
    ),
];

/// The preset called `name`.
pub fn find_preset(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|preset| preset.name == name)
}
