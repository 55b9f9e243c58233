//! The settings the arguments, environment, config file and presets
//! resolve to.

use crate::rules_file::{RulesFile, RulesFileError};
use crate::words::StartupWords;
use std::path::{Path, PathBuf};
use std::time::Duration;

use tidyup_core::{CallSettings, Expected, Lang, Provider, ToolLimits};

use super::config::{Config, ConfigError};
use super::presets::{self, DEFAULT_PROVIDER, OFFLINE};
use super::providers::ProviderError;
use super::*;

/// Who answers the model calls and how, resolved from flags, the
/// environment, the config file and the provider's preset: everything a
/// model call needs; [`Settings`] and [`AskSettings`] hold it as `client`.
#[derive(Clone, PartialEq, Eq)]
pub struct ProviderSettings {
    /// The provider's name: a preset, a `[providers.NAME]`, or `offline`.
    pub provider_name: String,
    /// Base address of the provider.
    pub base_url: String,
    /// Model identifier.
    pub model: String,
    /// Who answers the model calls.
    pub provider: Provider,
    /// The API key, for a remote provider (never printed: `Debug` hides it).
    /// `None` for a keyless provider without one: no `Authorization` header.
    pub api_key: Option<String>,
    /// Language of texts.
    pub lang: Lang,
    /// How long to wait for a connection.
    pub connect_timeout: Duration,
    /// How long to wait between bytes of a reply (no overall limit).
    pub idle_timeout: Duration,
    /// Whether to ask for streamed replies.
    pub stream: bool,
    /// The delay before the first retry of a failed model call.
    pub retry_base: Duration,
    /// Tries of one model call, the first included (at least 1).
    pub max_tries: u32,
    /// The largest reply: a whole body, one streamed event, the text a
    /// stream assembles.
    pub max_reply_bytes: u64,
    /// The most tokens a request may carry, as estimated.
    pub context_tokens: u64,
}

impl std::fmt::Debug for ProviderSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProviderSettings")
            .field("provider_name", &self.provider_name)
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("provider", &self.provider)
            .field("api_key", &self.api_key.as_ref().map(|_| "<hidden>"))
            .field("lang", &self.lang)
            .field("connect_timeout", &self.connect_timeout)
            .field("idle_timeout", &self.idle_timeout)
            .field("stream", &self.stream)
            .field("retry_base", &self.retry_base)
            .field("max_tries", &self.max_tries)
            .field("max_reply_bytes", &self.max_reply_bytes)
            .field("context_tokens", &self.context_tokens)
            .finish()
    }
}

/// Everything a session needs, resolved from flags, the environment and
/// the config file, with its [`ProviderSettings`] as `client`
/// (`settings.client.model`, `settings.client.api_key`...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The absolute target directory (for a remote folder, the path the
    /// core sees for it: see `remote`).
    pub target_dir: PathBuf,
    /// The remote folder, when the target is one (`sftp://`, `webdav://`,
    /// `s3://`): never looked for on this machine.
    pub remote: Option<crate::remote::RemoteAddress>,
    /// Who answers and how.
    pub client: ProviderSettings,
    /// A core `.wasm` to run instead of the embedded one.
    pub core: Option<PathBuf>,
    /// The directories the model may reach (target first), or `None` when
    /// the sandbox is off.
    pub roots: Option<Vec<PathBuf>>,
    /// Whether this is a dry run.
    pub dry_run: bool,
    /// The core's fuel between two host calls (`TIDYUP_CORE_FUEL`), when
    /// not the default.
    pub core_fuel: Option<u64>,
    /// When a directory is large, the context budget, excerpt length.
    pub limits: tidyup_core::Limits,
    /// Whether the model may read files' contents.
    pub read_contents: bool,
    /// The user's rules file, when there is one.
    pub rules: Option<RulesFile>,
    /// Whether a terminal shows every tool call's own line (`--verbose`).
    pub verbose: bool,
}

/// Everything `tidyup ask` needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AskSettings {
    /// Who answers and how.
    pub client: ProviderSettings,
    /// The question.
    pub question: String,
    /// A system message to send first.
    pub system: Option<String>,
    /// Images to ask about: files or URLs, as given.
    pub images: Vec<String>,
}

/// Why tidyup refuses to start (exit status 2). [`SettingsError::text`]
/// words it in either language; `Display` is the English text.
#[derive(Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// No target given and no home directory to find Desktop in.
    NoHome,
    /// The target is missing.
    TargetMissing(PathBuf),
    /// No target given, and the Desktop tidied by default is missing.
    NoDefaultTarget(PathBuf),
    /// The target is a file or something else.
    TargetNotDirectory(PathBuf),
    /// An `--allow` directory is not usable.
    BadAllow(PathBuf),
    /// The target is a remote folder's address that does not parse (why).
    BadRemote(String),
    /// A provider that needs a key was chosen, with no key in the environment.
    NoApiKey {
        /// The provider chosen.
        provider: String,
        /// The variable to set.
        variable: String,
        /// A custom provider naming no key variable: `api_key_env` is suggested.
        suggest_api_key_env: bool,
    },
    /// The provider name is neither a preset nor in the config file.
    Provider(ProviderError),
    /// A custom provider with no model anywhere.
    NoModel(String),
    /// The config file cannot be used.
    Config(ConfigError),
    /// The rules file cannot be used.
    Rules(RulesFileError),
    /// An environment variable with a value tidyup cannot use.
    BadEnv {
        /// The variable.
        name: &'static str,
        /// Its value.
        value: String,
        /// What it should be.
        expected: Expected,
    },
}

impl SettingsError {
    /// Why tidyup refuses to start, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let shown = |path: &PathBuf| path.display().to_string();
        match self {
            SettingsError::NoHome => lang.no_home(),
            SettingsError::TargetMissing(path) => {
                lang.target_missing(&shown(path), subcommand_meant(path).as_deref())
            }
            SettingsError::NoDefaultTarget(path) => lang.no_default_target(&shown(path)),
            SettingsError::TargetNotDirectory(path) => lang.target_not_directory(&shown(path)),
            SettingsError::BadAllow(path) => lang.bad_allow(&shown(path)),
            SettingsError::BadRemote(why) => why.clone(),
            SettingsError::NoApiKey {
                provider,
                variable,
                suggest_api_key_env,
            } => {
                let hint = if *suggest_api_key_env {
                    lang.api_key_env_hint(provider)
                } else {
                    String::new()
                };
                lang.no_api_key(provider, &set_variable_example(variable), &hint)
            }
            SettingsError::Provider(err) => err.text(lang),
            SettingsError::NoModel(provider) => lang.no_model(provider),
            SettingsError::Config(err) => {
                lang.config_file_error(&err.place(), &err.problem.text(lang))
            }
            SettingsError::Rules(err) => err.text(lang),
            SettingsError::BadEnv {
                name,
                value,
                expected,
            } => lang.bad_env(name, value, *expected),
        }
    }
}

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for SettingsError {}

impl From<ProviderError> for SettingsError {
    fn from(err: ProviderError) -> Self {
        SettingsError::Provider(err)
    }
}

impl From<ConfigError> for SettingsError {
    fn from(err: ConfigError) -> Self {
        SettingsError::Config(err)
    }
}

impl From<RulesFileError> for SettingsError {
    fn from(err: RulesFileError) -> Self {
        SettingsError::Rules(err)
    }
}

/// The first of `names` set to a non-empty value in `env`.
fn first_env(env: &impl Fn(&str) -> Option<String>, names: &[&str]) -> Option<String> {
    names
        .iter()
        .find_map(|name| env(name).filter(|value| !value.trim().is_empty()))
}

impl ProviderSettings {
    /// Streaming and retries as configured, with a fresh jitter seed.
    pub fn call_settings(&self) -> CallSettings {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64)
            ^ u64::from(std::process::id());
        CallSettings {
            stream: self.stream,
            max_tries: self.max_tries,
            retry_base_ms: u64::try_from(self.retry_base.as_millis()).unwrap_or(u64::MAX),
            seed,
            max_reply_bytes: self.max_reply_bytes,
        }
    }

    /// Resolves the provider, model, key, language, timeouts and retries:
    /// flags > environment (read through `env`) > `config` > the provider's
    /// preset > defaults.
    ///
    /// The file's top-level `base_url` and `model` go with the file's
    /// `provider`: when a flag or `TIDYUP_PROVIDER` picks another one, that
    /// provider's own address and model apply. `OPENAI_BASE_URL`, like
    /// `OPENAI_API_KEY`, applies to the openai provider only.
    pub fn resolve(
        args: &ProviderArgs,
        env: impl Fn(&str) -> Option<String>,
        config: &Config,
    ) -> Result<Self, SettingsError> {
        let chosen = chosen_provider(args, &env, config);
        let explicit = chosen.is_some();
        let name = chosen.unwrap_or_else(|| DEFAULT_PROVIDER.to_owned());
        let offline = name == OFFLINE;
        // The offline planner still gets a model name (it is in the
        // requests it answers); it is the default provider's.
        let profile = providers::lookup(if offline { DEFAULT_PROVIDER } else { &name }, config)?;
        let (base_url, model) = endpoint(args, &env, config, &name, &profile)?;
        let key = if offline {
            None
        } else {
            profile.find_key(&env)
        };
        let provider = who_answers(offline, key.is_some(), explicit, &name, &profile)?;
        let secs = |flag: Option<u64>, file: Option<u64>, default: Duration| {
            flag.or(file).map_or(default, Duration::from_secs)
        };
        Ok(Self {
            context_tokens: context_tokens(args, config, &name),
            provider_name: name,
            base_url,
            model,
            provider,
            api_key: key.map(|(_, key)| key),
            lang: resolve_lang_with(args.lang, &env, config),
            connect_timeout: secs(
                args.connect_timeout,
                config.limits.connect_timeout_secs,
                DEFAULT_CONNECT_TIMEOUT,
            ),
            idle_timeout: secs(
                args.idle_timeout,
                config.limits.idle_timeout_secs,
                DEFAULT_IDLE_TIMEOUT,
            ),
            stream: !args.no_stream && config.stream.unwrap_or(true),
            retry_base: retry_base(&env, config)?,
            max_tries: config.limits.max_tries.unwrap_or(DEFAULT_MAX_TRIES).max(1),
            max_reply_bytes: config
                .limits
                .max_reply_mib
                .map_or(tidyup_core::DEFAULT_MAX_REPLY_BYTES, |mib| {
                    mib.saturating_mul(1 << 20)
                }),
        })
    }
}

/// The provider named by the flag, else `TIDYUP_PROVIDER`, else the config
/// file; `None` when none names one.
fn chosen_provider(
    args: &ProviderArgs,
    env: &impl Fn(&str) -> Option<String>,
    config: &Config,
) -> Option<String> {
    args.provider
        .clone()
        .filter(|name| !name.trim().is_empty())
        .or_else(|| first_env(env, &["TIDYUP_PROVIDER"]))
        .or_else(|| config.provider.clone())
        .map(|name| name.trim().to_owned())
}

/// The base address and model of provider `name`. The file's top-level
/// `base_url` and `model` apply only when the file's `provider` is `name`
/// (or it names none); `OPENAI_BASE_URL` only to the default provider.
fn endpoint(
    args: &ProviderArgs,
    env: &impl Fn(&str) -> Option<String>,
    config: &Config,
    name: &str,
    profile: &providers::Profile,
) -> Result<(String, String), SettingsError> {
    let file_applies = config
        .provider
        .as_deref()
        .is_none_or(|file| file.trim() == name);
    let file = |value: &Option<String>| {
        value
            .clone()
            .filter(|value| file_applies && !value.trim().is_empty())
    };
    let mut base_env = vec!["TIDYUP_BASE_URL"];
    if profile.name == DEFAULT_PROVIDER {
        base_env.push("OPENAI_BASE_URL");
    }
    let base_url = args
        .base_url
        .clone()
        .or_else(|| first_env(env, &base_env))
        .or_else(|| file(&config.base_url))
        .unwrap_or_else(|| profile.base_url.clone());
    let model = args
        .model
        .clone()
        .or_else(|| first_env(env, &["TIDYUP_MODEL"]))
        .or_else(|| file(&config.model))
        .or_else(|| profile.model.clone())
        .ok_or_else(|| SettingsError::NoModel(name.to_owned()))?;
    Ok((base_url, model))
}

/// Who answers the model calls: the offline planner when chosen, or when no
/// key is set and no provider was named; a provider named explicitly that
/// needs a key and has none is refused.
fn who_answers(
    offline: bool,
    has_key: bool,
    explicit: bool,
    name: &str,
    profile: &providers::Profile,
) -> Result<Provider, SettingsError> {
    match (offline, has_key, profile.keyless, explicit) {
        (true, _, _, _) => Ok(Provider::Offline),
        (false, true, _, _) | (false, false, true, _) => Ok(Provider::Remote),
        (false, false, false, false) => Ok(Provider::OfflineNoKey),
        (false, false, false, true) => Err(SettingsError::NoApiKey {
            variable: profile.suggested_variable().to_owned(),
            provider: name.to_owned(),
            suggest_api_key_env: profile.custom && profile.key_env.is_none(),
        }),
    }
}

/// The first retry's delay: `TIDYUP_RETRY_BASE_MS`, else the config file,
/// else the default.
fn retry_base(
    env: &impl Fn(&str) -> Option<String>,
    config: &Config,
) -> Result<Duration, SettingsError> {
    match first_env(env, &["TIDYUP_RETRY_BASE_MS"]) {
        Some(value) => value
            .trim()
            .parse()
            .map(Duration::from_millis)
            .map_err(|_| SettingsError::BadEnv {
                name: "TIDYUP_RETRY_BASE_MS",
                value,
                expected: Expected::Milliseconds,
            }),
        None => Ok(config
            .limits
            .retry_base_ms
            .map_or(DEFAULT_RETRY_BASE, Duration::from_millis)),
    }
}

/// The limits of every tool call, a session's and an MCP client's alike:
/// the config file's `[limits]`, else the core's defaults.
pub fn tool_limits(config: &Config) -> ToolLimits {
    let defaults = ToolLimits::default();
    ToolLimits {
        large_folder_entries: config
            .limits
            .large_folder_entries
            .unwrap_or(defaults.large_folder_entries),
        excerpt_chars: config
            .limits
            .excerpt_chars
            .unwrap_or(defaults.excerpt_chars),
    }
}

/// The context budget: the flag, else the provider's entry of the config
/// file, else the file's top level, else what the preset's model reads.
fn context_tokens(args: &ProviderArgs, config: &Config, name: &str) -> u64 {
    args.context_tokens
        .or_else(|| config.providers.get(name).and_then(|p| p.context_tokens))
        .or(config.context_tokens)
        .unwrap_or_else(|| presets::context_tokens(name))
}

impl Settings {
    /// The folder as a person names it: a remote folder's address (never
    /// with a password), else its path.
    pub fn folder_name(&self) -> String {
        match &self.remote {
            Some(address) => address.to_string(),
            None => self.target_dir.display().to_string(),
        }
    }

    /// Resolves a session's settings: the target, the sandbox, and the
    /// provider (see [`ProviderSettings::resolve`]).
    pub fn resolve(
        cli: &RunArgs,
        env: impl Fn(&str) -> Option<String>,
        config: &Config,
    ) -> Result<Self, SettingsError> {
        let remote = remote_target(cli.dir.as_ref())?;
        let target_dir = match &remote {
            Some(address) => PathBuf::from(address.root_path()),
            None => target_dir(cli.dir.as_ref())?,
        };
        let core_fuel = core_fuel(&env)?;
        let client = ProviderSettings::resolve(&cli.provider, &env, config)?;
        let roots = match &remote {
            Some(_) => vec![target_dir.clone()],
            None => sandbox_roots(&target_dir, &cli.allow)?,
        };
        let context_tokens = client.context_tokens;
        // A remote folder's own rules file is not read: only `--rules`.
        let rules = match (&remote, cli.rules.as_deref()) {
            (Some(_), None) => None,
            (_, explicit) => crate::rules_file::load(&target_dir, explicit)?,
        };
        Ok(Self {
            target_dir,
            remote,
            client,
            core: cli.core.clone(),
            roots: (!cli.no_sandbox).then_some(roots),
            dry_run: cli.dry_run,
            core_fuel,
            limits: tidyup_core::Limits {
                tools: tool_limits(config),
                context_tokens,
            },
            read_contents: cli.read_contents || config.read_contents.unwrap_or(false),
            rules,
            verbose: cli.verbose,
        })
    }
}

/// The remote folder `dir` names, when it names one.
fn remote_target(
    dir: Option<&PathBuf>,
) -> Result<Option<crate::remote::RemoteAddress>, SettingsError> {
    let Some(text) = dir.and_then(|dir| dir.to_str()) else {
        return Ok(None);
    };
    if !crate::remote::RemoteAddress::is_remote(text) {
        return Ok(None);
    }
    crate::remote::RemoteAddress::parse(text)
        .map(Some)
        .map_err(|err| SettingsError::BadRemote(err.to_string()))
}

/// The directory to tidy, canonicalized: `dir`, else the default one.
fn target_dir(dir: Option<&PathBuf>) -> Result<PathBuf, SettingsError> {
    let target = match dir {
        Some(dir) => dir.clone(),
        None => {
            let desktop = default_target().ok_or(SettingsError::NoHome)?;
            if std::fs::metadata(&desktop).is_err() {
                return Err(SettingsError::NoDefaultTarget(desktop));
            }
            desktop
        }
    };
    match std::fs::metadata(&target) {
        Ok(meta) if meta.is_dir() => {
            Ok(dunce::canonicalize(&target).unwrap_or_else(|_| target.clone()))
        }
        Ok(_) => Err(SettingsError::TargetNotDirectory(target)),
        Err(_) => Err(SettingsError::TargetMissing(target)),
    }
}

/// `TIDYUP_CORE_FUEL`, when set: a positive number of instructions.
fn core_fuel(env: impl Fn(&str) -> Option<String>) -> Result<Option<u64>, SettingsError> {
    let Some(value) = first_env(&env, &["TIDYUP_CORE_FUEL"]) else {
        return Ok(None);
    };
    match value.trim().parse::<u64>() {
        Ok(fuel) if fuel > 0 => Ok(Some(fuel)),
        Ok(_) | Err(_) => Err(SettingsError::BadEnv {
            name: "TIDYUP_CORE_FUEL",
            value,
            expected: Expected::PositiveInstructions,
        }),
    }
}

/// The directories the sandbox allows: the target and each `--allow`d one
/// (which must be a directory).
fn sandbox_roots(target_dir: &Path, allow: &[PathBuf]) -> Result<Vec<PathBuf>, SettingsError> {
    let mut roots = vec![target_dir.to_path_buf()];
    for allowed in allow {
        match dunce::canonicalize(allowed) {
            Ok(dir) if dir.is_dir() => roots.push(dir),
            Ok(_) | Err(_) => return Err(SettingsError::BadAllow(allowed.clone())),
        }
    }
    Ok(roots)
}

/// How to set `variable` in the usual shell of the platform.
fn set_variable_example(variable: &str) -> String {
    if cfg!(windows) {
        format!("$env:{variable} = \"...\"    (PowerShell; in cmd: set {variable}=...)")
    } else {
        format!("export {variable}=...")
    }
}

/// The directory tidied when none is given: the user's Desktop as the
/// platform knows it (moved into OneDrive or localized on Windows, the XDG
/// `DESKTOP` directory on Linux), else `Desktop` in the home directory.
pub fn default_target() -> Option<PathBuf> {
    dirs::desktop_dir().or_else(|| dirs::home_dir().map(|home| home.join("Desktop")))
}

impl AskSettings {
    /// Resolves `tidyup ask`'s settings (see [`ProviderSettings::resolve`]).
    pub fn resolve(
        args: &AskArgs,
        env: impl Fn(&str) -> Option<String>,
        config: &Config,
    ) -> Result<Self, SettingsError> {
        Ok(Self {
            client: ProviderSettings::resolve(&args.provider, env, config)?,
            question: args.question.clone(),
            system: args.system.clone(),
            images: args.images.clone(),
        })
    }
}

/// `--lang`, else `TIDYUP_LANG`, else the config file's `lang`, else the
/// locale of `LC_ALL`, `LC_MESSAGES` or `LANG`.
///
/// The system locale comes after the file: it is set for every program,
/// while the file says what the user chose for tidyup.
pub fn resolve_lang_with(
    flag: Option<Lang>,
    env: impl Fn(&str) -> Option<String>,
    config: &Config,
) -> Lang {
    let from_env =
        || first_env(&env, &["TIDYUP_LANG"]).map(|value| lang_from_locale(Some(value.trim())));
    let from_file = || config.lang;
    flag.or_else(from_env)
        .or_else(from_file)
        .unwrap_or_else(|| resolve_lang(None, &env))
}

/// `--lang`, else the locale of `LC_ALL`, `LC_MESSAGES` or `LANG`.
pub fn resolve_lang(flag: Option<Lang>, env: impl Fn(&str) -> Option<String>) -> Lang {
    flag.unwrap_or_else(|| {
        lang_from_locale(first_env(&env, &["LC_ALL", "LC_MESSAGES", "LANG"]).as_deref())
    })
}

/// `zh*` locales give Chinese; anything else English.
pub fn lang_from_locale(locale: Option<&str>) -> Lang {
    match locale {
        Some(locale) if locale.to_ascii_lowercase().starts_with("zh") => Lang::Zh,
        Some(_) | None => Lang::En,
    }
}

/// The subcommand a missing target's name is most likely a typo of (`undoo`
/// for `undo`): a bare name within two edits of one, or none.
fn subcommand_meant(path: &Path) -> Option<String> {
    let typed = path.to_str().filter(|name| !name.contains(['/', '\\']))?;
    let cli = <Cli as clap::CommandFactory>::command();
    let (distance, meant) = cli
        .get_subcommands()
        .map(|command| {
            let name = command.get_name();
            (strsim::damerau_levenshtein(typed, name), name)
        })
        .min()?;
    (distance <= 2 && distance < typed.chars().count()).then(|| meant.to_owned())
}
