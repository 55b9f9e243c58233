//! The config file: `~/.config/tidyup/config.toml` (the user's config
//! directory), or the file `TIDYUP_CONFIG` names.
//!
//! ```toml
//! provider = "deepseek"        # default provider
//! model = "deepseek-chat"      # default model (of that provider)
//! lang = "zh"                  # en or zh
//! base_url = "https://..."     # default base address (of that provider)
//! stream = true
//!
//! [limits]
//! connect_timeout_secs = 15
//! idle_timeout_secs = 120
//! retry_base_ms = 500
//! max_tries = 4
//! max_reply_mib = 8            # the largest reply (whole body, one streamed event)
//!
//! [providers.work]             # a custom provider, or changes to a preset
//! base_url = "https://llm.example.com/v1"
//! model = "big-model"
//! api_key_env = "WORK_LLM_KEY" # the NAME of the variable holding the key
//! keyless = false
//! ```
//!
//! A missing file is an empty one. Unknown keys are errors (a typo must not
//! be silently ignored), reported with the file and line.

use crate::words::FailuresWords;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use tidyup_core::Lang;

/// The variable naming another config file.
pub use crate::places::CONFIG_ENV;

/// The whole file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The default provider: a preset, a `[providers.NAME]`, or `offline`.
    pub provider: Option<String>,
    /// The default model (for the file's provider).
    pub model: Option<String>,
    /// The default language.
    pub lang: Option<Lang>,
    /// The default base address (for the file's provider).
    pub base_url: Option<String>,
    /// Whether to ask for streamed replies.
    pub stream: Option<bool>,
    /// The most tokens a request may carry (for the file's provider and any
    /// other without its own).
    pub context_tokens: Option<u64>,
    /// Whether the model may read files' contents (`--read-contents`).
    pub read_contents: Option<bool>,
    /// Timeouts and retries.
    #[serde(default)]
    pub limits: Limits,
    /// Custom providers, and changes to presets, by name.
    #[serde(default)]
    pub providers: BTreeMap<String, CustomProvider>,
}

/// `[limits]`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Seconds to wait for a connection.
    pub connect_timeout_secs: Option<u64>,
    /// Seconds to wait between bytes of a reply.
    pub idle_timeout_secs: Option<u64>,
    /// The first retry's delay, in milliseconds (doubled each retry).
    pub retry_base_ms: Option<u64>,
    /// Tries of one model call, the first included.
    pub max_tries: Option<u32>,
    /// The largest reply, in MiB: a whole body, one streamed event, and the
    /// text a stream assembles (1 to [`MAX_REPLY_MIB`]).
    pub max_reply_mib: Option<u64>,
    /// Entries above which a directory is large: listings show that many
    /// and the bulk tools are offered.
    pub large_folder_entries: Option<usize>,
    /// The most characters of a `read_file` excerpt (1 to
    /// [`MAX_EXCERPT_CHARS`]).
    pub excerpt_chars: Option<usize>,
}

/// The highest `[limits] excerpt_chars`.
pub const MAX_EXCERPT_CHARS: usize = tidyup_core::MAX_EXCERPT_CHARS;

/// The highest `[limits] max_reply_mib`: the core digests a reply of this
/// size, however it is made, within its memory with room to spare.
pub const MAX_REPLY_MIB: u64 = 16;

/// `[providers.NAME]`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CustomProvider {
    /// Base address (required for a name that is not a preset).
    pub base_url: Option<String>,
    /// Default model.
    pub model: Option<String>,
    /// The name of the environment variable holding the key.
    pub api_key_env: Option<String>,
    /// Works without a key.
    pub keyless: Option<bool>,
    /// The most tokens a request to it may carry.
    pub context_tokens: Option<u64>,
}

/// A config file that cannot be used (exit status 2).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}: {}", self.place(), self.message())]
pub struct ConfigError {
    /// The file.
    pub path: PathBuf,
    /// Line and column (1-based), when the error has a place.
    pub line: Option<(usize, usize)>,
    /// What is wrong.
    pub problem: ConfigProblem,
}

/// What is wrong with the config file; [`ConfigProblem::text`] words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigProblem {
    /// The file is not UTF-8.
    NotUtf8,
    /// The file cannot be read (the system's cause).
    Unreadable(String),
    /// The TOML parser's message; `pasted_key` when a key was put in it.
    Syntax {
        /// The parser's message.
        message: String,
        /// Whether the file holds an `api_key`.
        pasted_key: bool,
    },
    /// A `[limits]` value that must be at least 1.
    AtLeastOne(&'static str),
    /// A `[limits]` value outside `1..=max`.
    OutOfRange {
        /// The value's name.
        name: &'static str,
        /// Its largest value.
        max: u64,
    },
    /// `[providers.offline]`: the built-in planner redefined.
    OfflineRedefined,
    /// A provider of the file without `base_url`.
    NeedsBaseUrl(String),
    /// A provider whose `api_key_env` is not a variable name.
    KeyEnvNotAName(String),
}

impl ConfigProblem {
    /// What is wrong, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            ConfigProblem::NotUtf8 => lang.config_not_utf8(),
            ConfigProblem::Unreadable(cause) => lang.config_unreadable(cause),
            ConfigProblem::Syntax {
                message,
                pasted_key,
            } => {
                let advice = if *pasted_key {
                    lang.config_never_put_a_key()
                } else {
                    String::new()
                };
                format!("{message}{advice}")
            }
            ConfigProblem::AtLeastOne(name) => lang.config_at_least_one(name),
            ConfigProblem::OutOfRange { name, max } => lang.config_out_of_range(name, *max),
            ConfigProblem::OfflineRedefined => lang.config_offline_redefined(),
            ConfigProblem::NeedsBaseUrl(name) => lang.config_needs_base_url(name),
            ConfigProblem::KeyEnvNotAName(name) => lang.config_key_env_not_a_name(name),
        }
    }
}

impl ConfigError {
    /// The file, with `:line:column` when the error has a place.
    pub fn place(&self) -> String {
        let at = self
            .line
            .map(|(l, c)| format!(":{l}:{c}"))
            .unwrap_or_default();
        format!("{}{at}", self.path.display())
    }

    /// What is wrong, in English.
    pub fn message(&self) -> String {
        self.problem.text(Lang::En)
    }

    fn new(path: &Path, line: Option<(usize, usize)>, problem: ConfigProblem) -> Self {
        Self {
            path: path.to_owned(),
            line,
            problem,
        }
    }
}

pub use crate::places::config_file as path;

impl Config {
    /// Reads the config file at [`path`]; a missing file (or no config
    /// directory) is an empty config.
    pub fn load(env: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        match path(env) {
            Some(path) => Self::load_from(&path),
            None => Ok(Self::default()),
        }
    }

    /// Reads the config file at `path`; a missing file is an empty config.
    pub fn load_from(path: &Path) -> Result<Self, ConfigError> {
        match crate::regular_file::read(path) {
            Ok(bytes) => {
                let text = String::from_utf8(bytes)
                    .map_err(|_| ConfigError::new(path, None, ConfigProblem::NotUtf8))?;
                Self::parse(&text, path)
            }
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(Self::default()),
            Err(err) => Err(ConfigError::new(
                path,
                None,
                ConfigProblem::Unreadable(err.to_string()),
            )),
        }
    }

    /// Parses the text of the file at `path` (named in errors) and checks
    /// its values.
    pub fn parse(text: &str, path: &Path) -> Result<Self, ConfigError> {
        let config: Self = toml::from_str(text).map_err(|err| {
            // Only the message and the place: the parser's own rendering
            // quotes the line, which might hold a secret pasted by mistake.
            let line = err.span().map(|span| line_and_column(text, span.start));
            let message = err.message().trim_end().to_owned();
            let pasted_key = message.contains("unknown field `api_key`");
            let problem = ConfigProblem::Syntax {
                message,
                pasted_key,
            };
            ConfigError::new(path, line, problem)
        })?;
        config.check(text, path)?;
        Ok(config)
    }

    /// The first value of the file (its `text`, read from `path`) that
    /// tidyup cannot use, placed at the line and column that names it.
    fn check(&self, text: &str, path: &Path) -> Result<(), ConfigError> {
        match self.limits_problem().or_else(|| self.providers_problem()) {
            None => Ok(()),
            Some((key, problem)) => {
                let place = text.find(&key).map(|offset| line_and_column(text, offset));
                Err(ConfigError::new(path, place, problem))
            }
        }
    }

    /// The first `[limits]` value out of range, with the text that names it.
    fn limits_problem(&self) -> Option<(String, ConfigProblem)> {
        let limits = [
            ("connect_timeout_secs", self.limits.connect_timeout_secs),
            ("idle_timeout_secs", self.limits.idle_timeout_secs),
            ("max_tries", self.limits.max_tries.map(u64::from)),
        ];
        if let Some((name, _)) = limits.into_iter().find(|(_, value)| *value == Some(0)) {
            return Some((name.to_owned(), ConfigProblem::AtLeastOne(name)));
        }
        let ranges = [
            ("max_reply_mib", self.limits.max_reply_mib, MAX_REPLY_MIB),
            (
                "excerpt_chars",
                self.limits.excerpt_chars.map(|chars| chars as u64),
                MAX_EXCERPT_CHARS as u64,
            ),
        ];
        ranges.into_iter().find_map(|(name, value, max)| {
            value
                .filter(|value| !(1..=max).contains(value))
                .map(|_| (name.to_owned(), ConfigProblem::OutOfRange { name, max }))
        })
    }

    /// The first `[providers.NAME]` table tidyup cannot use, with the text
    /// that names it.
    fn providers_problem(&self) -> Option<(String, ConfigProblem)> {
        self.providers.iter().find_map(|(name, custom)| {
            if name == super::presets::OFFLINE {
                Some((
                    "[providers.offline]".to_owned(),
                    ConfigProblem::OfflineRedefined,
                ))
            } else if super::presets::find_preset(name).is_none() && custom.base_url.is_none() {
                Some((
                    format!("providers.{name}"),
                    ConfigProblem::NeedsBaseUrl(name.clone()),
                ))
            } else if custom
                .api_key_env
                .as_ref()
                .is_some_and(|var| !is_variable_name(var))
            {
                Some((
                    "api_key_env".to_owned(),
                    ConfigProblem::KeyEnvNotAName(name.clone()),
                ))
            } else {
                None
            }
        })
    }
}

/// Letters, digits and `_`, not starting with a digit.
fn is_variable_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The 1-based line and column (in characters) of byte `offset` of `text`.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit('\n')
        .next()
        .map_or(0, |last| last.chars().count())
        + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse(text, Path::new("/x/config.toml"))
    }

    #[test]
    fn reads_every_field() {
        let config = parse(
            r#"
provider = "work"
model = "m"
lang = "zh"
base_url = "http://b/v1"
stream = false
context_tokens = 32000

[limits]
connect_timeout_secs = 3
idle_timeout_secs = 30
retry_base_ms = 10
max_tries = 2
max_reply_mib = 16
large_folder_entries = 500

[providers.work]
base_url = "http://w/v1"
model = "wm"
api_key_env = "WORK_KEY"
keyless = true
context_tokens = 16000
"#,
        )
        .unwrap();
        assert_eq!(config.provider.as_deref(), Some("work"));
        assert_eq!(config.lang, Some(Lang::Zh));
        assert_eq!(config.stream, Some(false));
        assert_eq!(
            config.limits,
            Limits {
                connect_timeout_secs: Some(3),
                idle_timeout_secs: Some(30),
                retry_base_ms: Some(10),
                max_tries: Some(2),
                max_reply_mib: Some(16),
                large_folder_entries: Some(500),
                excerpt_chars: None,
            }
        );
        assert_eq!(config.context_tokens, Some(32_000));
        assert_eq!(
            config.providers["work"],
            CustomProvider {
                base_url: Some("http://w/v1".into()),
                model: Some("wm".into()),
                api_key_env: Some("WORK_KEY".into()),
                keyless: Some(true),
                context_tokens: Some(16_000),
            }
        );
        assert_eq!(parse("").unwrap(), Config::default());
    }

    #[test]
    fn errors_name_the_file_and_line() {
        let err = parse("model = \"m\"\nlang = \"fr\"\n").unwrap_err();
        assert_eq!(err.line.map(|(line, _)| line), Some(2), "{err}");
        assert!(err.to_string().starts_with("/x/config.toml:2:"), "{err}");

        let err = parse("model = \"m\"\n\n[limits]\nidle_timeout = 3\n").unwrap_err();
        assert_eq!(err.line.map(|(line, _)| line), Some(4), "{err}");
        assert!(err.message().contains("idle_timeout"), "{err}");

        let err = parse("model = \n").unwrap_err();
        assert_eq!(err.line.map(|(line, _)| line), Some(1), "{err}");

        let err = parse("[limits]\nmax_tries = 0\n").unwrap_err();
        assert_eq!(err.line, Some((2, 1)), "{err}");

        for mib in [0, MAX_REPLY_MIB + 1] {
            let err = parse(&format!("[limits]\nmax_reply_mib = {mib}\n")).unwrap_err();
            assert_eq!(err.line, Some((2, 1)), "{err}");
            assert!(
                err.message()
                    .contains("max_reply_mib must be between 1 and"),
                "{err}"
            );
        }

        let err = parse("[providers.x]\nmodel = \"m\"\n").unwrap_err();
        assert!(err.message().contains("base_url"), "{err}");
        assert_eq!(err.line.map(|(line, _)| line), Some(1), "{err}");

        let err = parse("[providers.offline]\nbase_url = \"http://o\"\n").unwrap_err();
        assert!(err.message().contains("offline"), "{err}");
    }

    #[test]
    fn a_key_in_the_file_is_refused_without_being_repeated() {
        let err = parse("[providers.openai]\napi_key = \"sk-secret-123\"\n").unwrap_err();
        assert!(!err.to_string().contains("sk-secret-123"), "{err}");
        assert!(err.message().contains("api_key_env"), "{err}");
        let err = parse("[providers.openai]\napi_key_env = \"sk-secret-123\"\n").unwrap_err();
        assert!(!err.to_string().contains("sk-secret-123"), "{err}");
    }

    #[test]
    fn tidyup_config_names_the_file_and_a_missing_one_is_empty() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("c.toml");
        let env = |name: &str| (name == CONFIG_ENV).then(|| file.display().to_string());
        assert_eq!(path(env), Some(file.clone()));
        assert_eq!(Config::load(env).unwrap(), Config::default());
        std::fs::write(&file, "model = \"m\"\n").unwrap();
        assert_eq!(Config::load(env).unwrap().model.as_deref(), Some("m"));
        std::fs::write(&file, [0xff, 0xfe]).unwrap();
        assert!(Config::load(env).is_err());
    }

    #[test]
    fn places_are_lines_and_columns() {
        assert_eq!(line_and_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_and_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_and_column("é\nx", 3), (2, 1));
    }
}
