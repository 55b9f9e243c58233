//! Command-line arguments and the settings they resolve to.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use tidyup_core::{Lang, Provider};

/// The provider used when none is configured.
pub const DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";
/// The model used when none is configured.
pub const DEFAULT_MODEL: &str = "gpt-4o-mini";

const ENVIRONMENT_HELP: &str = "\
Environment:
  TIDYUP_API_KEY, OPENAI_API_KEY     API key of the provider (never pass it as an argument);
                                     without one, tidyup uses its offline planner (rules, no AI)
  TIDYUP_BASE_URL, OPENAI_BASE_URL   base address, e.g. https://api.deepseek.com/v1
  TIDYUP_MODEL                       model identifier
  LANG, LC_ALL                       zh* selects Chinese texts
  NO_COLOR                           no colours

Type your request at the prompt (e.g. \"organize this folder\"); `quit` or end of input exits.";

/// tidyup tidies one directory with any chat-completions model: it scans,
/// classifies, shows a plan, waits for your go-ahead, then creates folders,
/// moves files and reports.
#[derive(Debug, Parser)]
#[command(
    name = "tidyup",
    version,
    about,
    after_help = ENVIRONMENT_HELP,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// Something other than a tidying session.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// The session's options.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create a realistic messy folder to try tidyup on
    Demo {
        /// Where to create it (must not exist, or be empty) [default: ./tidyup-demo]
        dir: Option<PathBuf>,

        /// Language of the messages [default: from LC_ALL/LANG]
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
    /// Reverse the last session (or the one named), restoring deleted and
    /// replaced items; never overwrites what appeared since
    Undo {
        /// The session, as `tidyup history` names it [default: the last one]
        session: Option<String>,
    },
    /// List the journaled sessions with their counts of changes
    History,
    /// Free the space of the trash that keeps deleted and replaced items
    Trash {
        /// Delete the trash (required: nothing is purged without it)
        #[arg(long, required = true)]
        purge: bool,
        /// Only sessions older than this many days
        #[arg(long, value_name = "DAYS")]
        older_than: Option<u64>,
    },
    /// Carry out a plan saved by a --dry-run session, through the sandbox
    /// and the journal; steps whose source changed since are refused
    Apply {
        /// The plan file
        plan: PathBuf,
    },
    /// Write the embedded core .wasm to FILE (for other hosts, e.g. a
    /// browser) and print its SHA-256
    ExportCore {
        /// Where to write it
        file: PathBuf,
    },
}

/// Options of a tidying session.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// The directory to tidy [default: Desktop in your home directory]
    pub dir: Option<PathBuf>,

    /// Base address of the chat-completions service; requests go to
    /// {URL}/chat/completions [default: $TIDYUP_BASE_URL, $OPENAI_BASE_URL, https://api.openai.com/v1]
    #[arg(long, value_name = "URL")]
    pub base_url: Option<String>,

    /// Model identifier of the provider [default: $TIDYUP_MODEL, gpt-4o-mini]
    #[arg(long, value_name = "NAME")]
    pub model: Option<String>,

    /// Language of the prompt, console and tool texts [default: from LC_ALL/LANG]
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,

    /// Who answers: a chat-completions service, or the built-in offline
    /// planner (rules, no AI) [default: openai when an API key is set, else offline]
    #[arg(long, value_enum, value_name = "NAME")]
    pub provider: Option<ProviderArg>,

    /// Also allow the model to read and change this directory (repeatable)
    #[arg(long, value_name = "DIR")]
    pub allow: Vec<PathBuf>,

    /// Let the model reach any path, not only the target's subtree
    #[arg(long)]
    pub no_sandbox: bool,

    /// Change nothing on disk: changes land in an overlay the model sees,
    /// and the plan is printed and saved for `tidyup apply`
    #[arg(long)]
    pub dry_run: bool,

    /// Run this build of the core instead of the embedded one
    #[arg(long, value_name = "FILE.wasm")]
    pub core: Option<PathBuf>,
}

/// `--lang` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// English
    En,
    /// Chinese
    Zh,
}

/// `--provider` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ProviderArg {
    /// A chat-completions service at the base address (OpenAI's by default)
    Openai,
    /// The offline planner (rules, no AI): no key, no network
    Offline,
}

/// Everything a session needs, resolved from flags and the environment.
#[derive(Clone, PartialEq, Eq)]
pub struct Settings {
    /// The absolute target directory.
    pub target_dir: PathBuf,
    /// Base address of the provider.
    pub base_url: String,
    /// Model identifier.
    pub model: String,
    /// Who answers the model calls.
    pub provider: Provider,
    /// The API key, for a remote provider (never printed: `Debug` hides it).
    pub api_key: Option<String>,
    /// Language of texts.
    pub lang: Lang,
    /// A core `.wasm` to run instead of the embedded one.
    pub core: Option<PathBuf>,
    /// The directories the model may reach (target first), or `None` when
    /// the sandbox is off.
    pub roots: Option<Vec<PathBuf>>,
    /// Whether this is a dry run.
    pub dry_run: bool,
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("target_dir", &self.target_dir)
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("provider", &self.provider)
            .field("api_key", &self.api_key.as_ref().map(|_| "<hidden>"))
            .field("lang", &self.lang)
            .field("core", &self.core)
            .field("roots", &self.roots)
            .field("dry_run", &self.dry_run)
            .finish()
    }
}

/// Why tidyup refuses to start (exit status 2).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SettingsError {
    /// No target given and no home directory to find Desktop in.
    #[error("no target directory given and no home directory found; pass the directory to tidy")]
    NoHome,
    /// The target is missing.
    #[error("the target directory does not exist: {0}")]
    TargetMissing(PathBuf),
    /// The target is a file or something else.
    #[error("the target is not a directory: {0}")]
    TargetNotDirectory(PathBuf),
    /// An `--allow` directory is not usable.
    #[error("--allow {0}: not an existing directory")]
    BadAllow(PathBuf),
    /// A remote provider was asked for, with no API key in the environment.
    #[error(
        "no API key found. Set one in the environment, for example:\n  export TIDYUP_API_KEY=sk-...\n(OPENAI_API_KEY works too; tidyup never takes the key as an argument)"
    )]
    NoApiKey,
}

impl Settings {
    /// Resolves flags, then environment (read through `env`), then defaults.
    pub fn resolve(
        cli: &RunArgs,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Self, SettingsError> {
        let first = |names: &[&str]| {
            names
                .iter()
                .find_map(|name| env(name).filter(|v| !v.is_empty()))
        };
        let target = match &cli.dir {
            Some(dir) => dir.clone(),
            None => dirs::home_dir()
                .ok_or(SettingsError::NoHome)?
                .join("Desktop"),
        };
        let target_dir = match std::fs::metadata(&target) {
            Ok(meta) if meta.is_dir() => {
                std::fs::canonicalize(&target).unwrap_or_else(|_| target.clone())
            }
            Ok(_) => return Err(SettingsError::TargetNotDirectory(target)),
            Err(_) => return Err(SettingsError::TargetMissing(target)),
        };
        let api_key = first(&["TIDYUP_API_KEY", "OPENAI_API_KEY"]);
        let provider = match (cli.provider, &api_key) {
            (Some(ProviderArg::Offline), _) => Provider::Offline,
            (Some(ProviderArg::Openai), None) => return Err(SettingsError::NoApiKey),
            (Some(ProviderArg::Openai) | None, Some(_)) => Provider::Remote,
            (None, None) => Provider::OfflineNoKey,
        };
        let lang = resolve_lang(cli.lang, &env);
        let mut roots = vec![target_dir.clone()];
        for allowed in &cli.allow {
            match std::fs::canonicalize(allowed) {
                Ok(dir) if dir.is_dir() => roots.push(dir),
                Ok(_) | Err(_) => return Err(SettingsError::BadAllow(allowed.clone())),
            }
        }
        Ok(Self {
            target_dir,
            base_url: cli
                .base_url
                .clone()
                .or_else(|| first(&["TIDYUP_BASE_URL", "OPENAI_BASE_URL"]))
                .unwrap_or_else(|| DEFAULT_BASE_URL.to_owned()),
            model: cli
                .model
                .clone()
                .or_else(|| first(&["TIDYUP_MODEL"]))
                .unwrap_or_else(|| DEFAULT_MODEL.to_owned()),
            provider,
            api_key,
            lang,
            core: cli.core.clone(),
            roots: (!cli.no_sandbox).then_some(roots),
            dry_run: cli.dry_run,
        })
    }
}

/// `--lang`, else the locale of `LC_ALL`, `LC_MESSAGES` or `LANG`.
pub fn resolve_lang(flag: Option<LangArg>, env: impl Fn(&str) -> Option<String>) -> Lang {
    match flag {
        Some(LangArg::En) => Lang::En,
        Some(LangArg::Zh) => Lang::Zh,
        None => lang_from_locale(
            ["LC_ALL", "LC_MESSAGES", "LANG"]
                .iter()
                .find_map(|name| env(name).filter(|value| !value.is_empty()))
                .as_deref(),
        ),
    }
}

/// `zh*` locales give Chinese; anything else English.
pub fn lang_from_locale(locale: Option<&str>) -> Lang {
    match locale {
        Some(locale) if locale.to_ascii_lowercase().starts_with("zh") => Lang::Zh,
        Some(_) | None => Lang::En,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn resolve(args: &[&str], env: &[(&str, &str)]) -> Result<Settings, SettingsError> {
        let cli =
            Cli::try_parse_from(std::iter::once("tidyup").chain(args.iter().copied())).unwrap();
        let env: HashMap<String, String> = env
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Settings::resolve(&cli.run, |name| env.get(name).cloned())
    }

    #[test]
    fn flags_beat_environment_beats_defaults() {
        let dir = std::env::temp_dir();
        let dir = dir.to_str().unwrap();
        let s = resolve(&[dir], &[("OPENAI_API_KEY", "k1")]).unwrap();
        assert_eq!(
            (s.base_url.as_str(), s.model.as_str()),
            (DEFAULT_BASE_URL, DEFAULT_MODEL)
        );
        assert_eq!(s.api_key.as_deref(), Some("k1"));
        assert_eq!(s.provider, Provider::Remote);
        let env = [
            ("TIDYUP_API_KEY", "k2"),
            ("OPENAI_API_KEY", "k1"),
            ("OPENAI_BASE_URL", "http://b"),
            ("TIDYUP_MODEL", "m1"),
            ("LANG", "zh_CN.UTF-8"),
        ];
        let s = resolve(&[dir], &env).unwrap();
        assert_eq!(
            (s.api_key.as_deref(), s.base_url.as_str(), s.model.as_str()),
            (Some("k2"), "http://b", "m1")
        );
        assert_eq!(s.lang, Lang::Zh);
        let s = resolve(
            &[
                dir,
                "--base-url",
                "http://a",
                "--model",
                "m2",
                "--lang",
                "en",
            ],
            &env,
        )
        .unwrap();
        assert_eq!(
            (s.base_url.as_str(), s.model.as_str(), s.lang),
            ("http://a", "m2", Lang::En)
        );
        assert!(!format!("{s:?}").contains("k2"));
    }

    #[test]
    fn picks_the_offline_planner_without_a_key() {
        let dir = std::env::temp_dir();
        let dir = dir.to_str().unwrap();
        assert_eq!(
            resolve(&[dir], &[]).unwrap().provider,
            Provider::OfflineNoKey
        );
        let chosen = resolve(&[dir, "--provider", "offline"], &[("TIDYUP_API_KEY", "k")]).unwrap();
        assert_eq!(chosen.provider, Provider::Offline);
        assert_eq!(
            resolve(&[dir, "--provider", "openai"], &[]),
            Err(SettingsError::NoApiKey)
        );
    }

    #[test]
    fn sandbox_roots_start_with_the_target() {
        let dir = std::env::temp_dir().canonicalize().unwrap();
        let dir = dir.to_str().unwrap();
        let s = resolve(&[dir, "--allow", "/"], &[]).unwrap();
        assert_eq!(
            s.roots.unwrap(),
            [std::path::PathBuf::from(dir), "/".into()]
        );
        assert_eq!(resolve(&[dir, "--no-sandbox"], &[]).unwrap().roots, None);
        assert!(matches!(
            resolve(&[dir, "--allow", "/surely/not/here"], &[]),
            Err(SettingsError::BadAllow(_))
        ));
    }

    #[test]
    fn refuses_a_missing_target() {
        let dir = std::env::temp_dir();
        let missing = dir.join("tidyup-surely-missing-dir");
        assert_eq!(
            resolve(&[missing.to_str().unwrap()], &[("TIDYUP_API_KEY", "k")]),
            Err(SettingsError::TargetMissing(missing))
        );
    }
}
