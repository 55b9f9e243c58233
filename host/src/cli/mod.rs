//! Command-line arguments and the settings they resolve to.
//!
//! Precedence, field by field: flags > environment > config file > the
//! provider's preset > built-in defaults.

pub(crate) mod config;
mod manual;
mod mcp;
pub(crate) mod presets;
pub(crate) mod providers;
mod settings;
mod since;
#[cfg(test)]
mod tests;

pub use manual::ManArgs;
pub use mcp::McpSettings;
pub use settings::{AskSettings, ProviderSettings, Settings, SettingsError, resolve_lang_with};
pub use since::parse_since;

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand};
use tidyup_core::Lang;

/// How long to wait for a connection, unless configured.
pub const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(15);
/// How long to wait between bytes of a reply, unless configured.
pub const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(120);
/// The delay before the first retry of a failed model call, unless configured.
pub const DEFAULT_RETRY_BASE: Duration = Duration::from_millis(500);
/// Tries of one model call (the first included), unless configured.
pub const DEFAULT_MAX_TRIES: u32 = 4;

/// What a folder to tidy may be, with one example of each, and where each
/// kind's credentials come from: the same words for a session, the window
/// and the MCP server.
macro_rules! targets_help {
    () => {
        "\
Folders to tidy (one per run):
  tidyup ~/Downloads                                  a folder on this computer
  tidyup sftp://ana@nas.local:2222/home/ana/Downloads  over SSH: your ssh agent, keys and ~/.ssh/config,
                                                      as `ssh` uses them (the host key must be known:
                                                      connect once with `ssh nas.local` to verify it)
  tidyup webdav://nas.local:8080/dav/Downloads        WebDAV (webdavs:// for HTTPS): the user in the
                                                      address, else TIDYUP_WEBDAV_USER; the password from
                                                      TIDYUP_WEBDAV_PASSWORD or ~/.netrc ($NETRC), never
                                                      written in the address
  tidyup s3://my-bucket/Downloads                     S3 and compatible stores: AWS_ACCESS_KEY_ID,
                                                      AWS_SECRET_ACCESS_KEY, AWS_PROFILE, AWS_REGION;
                                                      AWS_ENDPOINT_URL for a store other than Amazon's
"
    };
}

/// The folders `tidyup ui` and `tidyup mcp` accept, as `tidyup --help`
/// says them.
const TARGETS_HELP: &str = targets_help!();

const ENVIRONMENT_HELP: &str = concat!(
    targets_help!(),
    "\
Providers (--provider NAME; `tidyup providers` lists them with their addresses and models):
  openai deepseek qwen moonshot zhipu openrouter groq mistral   need a key
  ollama lmstudio llamacpp vllm                                 local, no key needed
  offline                                                       the offline planner (rules, no AI)
  and any [providers.NAME] of the config file

Environment:
  TIDYUP_API_KEY            API key for any provider (wins over the provider's own variable)
  OPENAI_API_KEY, DEEPSEEK_API_KEY, DASHSCOPE_API_KEY, MOONSHOT_API_KEY, ZHIPUAI_API_KEY,
  OPENROUTER_API_KEY, GROQ_API_KEY, MISTRAL_API_KEY, VLLM_API_KEY
                            each provider's own key; never pass a key as an argument.
                            Without a key and without --provider, tidyup uses its offline planner
  TIDYUP_PROVIDER           provider, like --provider
  TIDYUP_BASE_URL           base address, e.g. https://api.deepseek.com/v1
                            (OPENAI_BASE_URL too, for the openai provider)
  TIDYUP_MODEL              model identifier
  TIDYUP_LANG               en or zh; else the config file; else LC_ALL/LC_MESSAGES/LANG (zh* = Chinese)
  TIDYUP_CONFIG             the config file [default: tidyup/config.toml in your config directory:
                            ~/.config, ~/Library/Application Support, %APPDATA%]
  TIDYUP_DATA_DIR           journals, trash and plans [default: tidyup in your data directory:
                            ~/.local/share, ~/Library/Application Support, %APPDATA%]
  TIDYUP_CACHE_DIR          a --core FILE compiled [default: tidyup in your cache directory:
                            ~/.cache, ~/Library/Caches, %LOCALAPPDATA%]
  TIDYUP_RETRY_BASE_MS      delay before the first retry of a model call [default: 500]
  NO_COLOR                  no colours

Config file (`tidyup config path` prints where it is): provider, model, lang, base_url, stream;
[limits] connect_timeout_secs (15), idle_timeout_secs (120), retry_base_ms (500), max_tries (4);
[providers.NAME] base_url, model, api_key_env (the NAME of the variable holding the key), keyless.
Flags beat the environment, which beats the file, which beats the provider's preset.

Type your request at the prompt (e.g. \"organize this folder\"); `quit` or end of input exits."
);

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

impl Cli {
    /// The `--lang` given, to the session or to a subcommand.
    pub fn lang(&self) -> Option<Lang> {
        match &self.command {
            None => self.run.provider.lang,
            Some(Command::Demo { lang, .. }) => *lang,
            Some(Command::Ask(args)) => args.provider.lang,
            Some(Command::Watch(args)) => args.lang,
            Some(Command::Mcp(args)) => args.lang,
            Some(Command::Ui(args)) => args.provider.lang,
            Some(Command::Man(args)) => args.lang.lang,
            Some(Command::Completions { .. }) => None,
            Some(
                Command::Providers(lang)
                | Command::History { lang, .. }
                | Command::Config { lang, .. }
                | Command::Undo { lang, .. }
                | Command::Trash { lang, .. }
                | Command::Apply { lang, .. }
                | Command::Plan { lang, .. }
                | Command::ExportCore { lang, .. },
            ) => lang.lang,
        }
    }
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create a realistic messy folder to try tidyup on
    Demo {
        /// Where to create it (must not exist, or be empty) [default: ./tidyup-demo]
        dir: Option<PathBuf>,

        /// Language of the messages [default: from TIDYUP_LANG, the config file, LC_ALL/LANG]
        #[arg(long, value_parser = lang_value())]
        lang: Option<Lang>,
    },
    /// Ask the model one question (optionally about images) and print the
    /// answer; no directory, no tools
    Ask(AskArgs),
    /// List the provider presets and the config file's providers: base
    /// address, default model, key variable, and whether a key is set
    Providers(LangArgs),
    /// The config file
    Config {
        /// What to do with it.
        #[command(subcommand)]
        action: ConfigCommand,
        /// The language of its messages.
        #[command(flatten)]
        lang: LangArgs,
    },
    /// Reverse the last session you started (or the one named, or with
    /// --watch the last watch batch), restoring deleted and replaced items;
    /// never overwrites what appeared since
    Undo {
        /// The session, as `tidyup history` names it [default: the last one
        /// started by hand not yet undone: a session, an apply, an MCP
        /// connection; again, the one before]
        session: Option<String>,
        /// Reverse the last batch of `tidyup watch` instead
        #[arg(long, conflicts_with = "session")]
        watch: bool,
        /// Reverse every session not yet undone (with --watch: every watch
        /// batch), newest first, stopping at the first that cannot be
        /// reversed whole
        #[arg(long, conflicts_with = "session")]
        all: bool,
        /// With --all: only those started at or after TIME (local):
        /// `2026-11-27`, `2026-11-27 14:00`, `14:00` (today), or back from
        /// now: `30m`, `2h`, `1d`
        #[arg(long, value_name = "TIME", requires = "all")]
        since: Option<String>,
        /// The language of its messages.
        #[command(flatten)]
        lang: LangArgs,
    },
    /// List the journaled sessions with their counts of changes
    History {
        /// Remove this session from the history (as `tidyup history` names
        /// it), e.g. one whose folder no longer exists; the items it
        /// deleted stay in the trash until `tidyup trash --purge`
        #[arg(long, value_name = "SESSION")]
        forget: Option<String>,
        /// The language of its messages.
        #[command(flatten)]
        lang: LangArgs,
    },
    /// Free the space of the trash that keeps deleted and replaced items
    Trash {
        /// Delete the trash (required: nothing is purged without it)
        #[arg(long, required = true)]
        purge: bool,
        /// Only sessions older than this many days
        #[arg(long, value_name = "DAYS")]
        older_than: Option<u64>,
        /// The language of its messages.
        #[command(flatten)]
        lang: LangArgs,
    },
    /// Carry out a plan saved by a --dry-run session, through the sandbox
    /// and the journal; steps whose source changed since are refused
    Apply {
        /// The plan file
        plan: PathBuf,
        /// Also let it reach this directory, beyond the plan's folder
        /// (repeatable; a plan naming other folders needs each)
        #[arg(long, value_name = "DIR")]
        allow: Vec<PathBuf>,
        /// Let it reach any path (a plan made with --no-sandbox needs it)
        #[arg(long)]
        no_sandbox: bool,
        /// The language of its messages.
        #[command(flatten)]
        lang: LangArgs,
    },
    /// Saved plans: `tidyup plan show FILE` prints one whole
    Plan {
        /// What to do with it.
        #[command(subcommand)]
        action: PlanCommand,
        /// The language of its messages.
        #[command(flatten)]
        lang: LangArgs,
    },
    /// Keep a folder tidy: organize each file that arrives, once it has
    /// settled, with the offline planner and the rules file (never a model);
    /// each batch is journaled, `tidyup undo` reverses the last
    Watch(WatchArgs),
    /// Serve tidyup's tools to an AI agent (Claude, Codex, VS Code...) over
    /// the Model Context Protocol on standard input/output: sandboxed,
    /// journaled, undoable with `tidyup undo`
    #[command(after_help = TARGETS_HELP)]
    Mcp(McpArgs),
    /// Open a window in your browser to organize a folder: review the plan
    /// as a table, untick or redirect files, apply, stop, undo; the server
    /// listens on 127.0.0.1 only, at an address with a secret, until Ctrl-C
    #[command(after_help = TARGETS_HELP)]
    Ui(UiArgs),
    /// Write the embedded core .wasm to FILE (for other hosts, e.g. a
    /// browser) and print its SHA-256
    ExportCore {
        /// Where to write it
        file: PathBuf,
        /// The language of its messages.
        #[command(flatten)]
        lang: LangArgs,
    },
    /// Print the completion script for SHELL; e.g. bash: `tidyup completions
    /// bash > ~/.local/share/bash-completion/completions/tidyup`
    #[command(alias = "completion")]
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) of tidyup or of one subcommand, or write
    /// every page to a directory: `tidyup man | man -l -`
    Man(ManArgs),
}

/// `tidyup plan ...`.
#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum PlanCommand {
    /// Print a plan saved by a --dry-run session, whole, grouped by
    /// destination folder (from, to, step)
    Show {
        /// The plan file
        plan: PathBuf,
        /// Print it as JSON (a stable shape; see the user guide)
        #[arg(long)]
        json: bool,
    },
}

/// `tidyup config ...`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Subcommand)]
pub enum ConfigCommand {
    /// Print the config file's path (whether or not it exists)
    Path,
}

/// Who answers and how: shared by a session and `tidyup ask`.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct ProviderArgs {
    /// A provider preset (openai, deepseek, qwen, moonshot, zhipu,
    /// openrouter, groq, mistral, ollama, lmstudio, llamacpp, vllm), a
    /// [providers.NAME] of the config file, or `offline`: the offline
    /// planner (rules, no AI) [default: $TIDYUP_PROVIDER, the config file's,
    /// else openai when a key is set and offline when not]
    #[arg(long, value_name = "NAME")]
    pub provider: Option<String>,

    /// Base address of the chat-completions service; requests go to
    /// {URL}/chat/completions [default: $TIDYUP_BASE_URL, the config file's,
    /// the provider's]
    #[arg(long, value_name = "URL")]
    pub base_url: Option<String>,

    /// Model identifier [default: $TIDYUP_MODEL, the config file's, the provider's]
    #[arg(long, value_name = "NAME")]
    pub model: Option<String>,

    /// Language of the prompt, console and tool texts [default: $TIDYUP_LANG,
    /// the config file's, from LC_ALL/LANG]
    #[arg(long, value_parser = lang_value())]
    pub lang: Option<Lang>,

    /// Seconds to wait for a connection to the provider [default: 15, or
    /// [limits] connect_timeout_secs]
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub connect_timeout: Option<u64>,

    /// Seconds to wait for the next bytes of a reply before giving up the
    /// call [default: 120, or [limits] idle_timeout_secs]
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub idle_timeout: Option<u64>,

    /// Ask for whole replies instead of streamed ones [default: streamed,
    /// unless the config file says stream = false]
    #[arg(long)]
    pub no_stream: bool,

    /// The most tokens a request may carry; tool results are shortened,
    /// oldest first, to stay within it [default: the provider's, or
    /// context_tokens in the config file]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1000..))]
    pub context_tokens: Option<u64>,
}

/// Options of a tidying session.
#[derive(Debug, Clone, clap::Args)]
pub struct RunArgs {
    /// The folder to tidy: a path, or an sftp://, webdav://, webdavs:// or
    /// s3:// address (see below) [default: your Desktop]
    pub dir: Option<PathBuf>,

    /// Who answers, and how.
    #[command(flatten)]
    pub provider: ProviderArgs,

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

    /// Let the model read what files hold (read_file): excerpts of files
    /// are sent to the provider [config: read_contents = true]
    #[arg(long)]
    pub read_contents: bool,

    /// The rules file to follow [default: DIR/.tidyup.toml when present]
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,

    /// Show every tool call's own line on a terminal too, instead of
    /// summing calls up (piped output always has them)
    #[arg(long, short = 'v')]
    pub verbose: bool,
}

/// `tidyup mcp`'s arguments.
#[derive(Debug, clap::Args)]
pub struct McpArgs {
    /// The directories the tools may work in, or one remote address (see
    /// below); relative paths resolve against the first [default: the
    /// roots the client offers]
    #[arg(value_name = "DIR")]
    pub dirs: Vec<PathBuf>,

    /// Also allow the tools to read and change this directory (repeatable)
    #[arg(long, value_name = "DIR")]
    pub allow: Vec<PathBuf>,

    /// Let the tools reach any path, not only the roots' subtrees
    #[arg(long)]
    pub no_sandbox: bool,

    /// Change nothing on disk: changes land in an overlay the tools see,
    /// and the plan is saved for `tidyup apply` when the connection ends
    #[arg(long)]
    pub dry_run: bool,

    /// Also offer read_file, which reads what files hold [config:
    /// read_contents = true]
    #[arg(long)]
    pub read_contents: bool,

    /// Language of the tool results and messages [default: $TIDYUP_LANG,
    /// the config file's, from LC_ALL/LANG]
    #[arg(long, value_parser = lang_value())]
    pub lang: Option<Lang>,
}

/// `tidyup watch`'s arguments.
#[derive(Debug, clap::Args)]
pub struct WatchArgs {
    /// The folder to keep tidy [default: your Desktop]
    pub dir: Option<PathBuf>,

    /// Seconds a file must stay unchanged before it is organized, so a
    /// download or copy is never moved half-written
    #[arg(long, value_name = "SECS", default_value = "2", value_parser = seconds)]
    pub settle: Duration,

    /// Seconds the folder must then stay quiet before the settled files
    /// are organized: files arriving within it of each other are one batch
    /// (one journaled session, one `tidyup undo --watch`)
    #[arg(long, value_name = "SECS", default_value = "2", value_parser = seconds)]
    pub group: Duration,

    /// Look for changes every SECS seconds instead of through the
    /// operating system's notifications (network and some virtual drives)
    #[arg(long, value_name = "SECS", value_parser = seconds)]
    pub poll: Option<Duration>,

    /// First organize the files already in the folder, as one batch
    /// [default: they are left alone]
    #[arg(long)]
    pub now: bool,

    /// The rules file to follow [default: DIR/.tidyup.toml when present]
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,

    /// Also allow moves into this directory (repeatable)
    #[arg(long, value_name = "DIR")]
    pub allow: Vec<PathBuf>,

    /// Language of the messages [default: $TIDYUP_LANG, the config file's,
    /// from LC_ALL/LANG]
    #[arg(long, value_parser = lang_value())]
    pub lang: Option<Lang>,

    /// Run this build of the core instead of the embedded one
    #[arg(long, value_name = "FILE.wasm")]
    pub core: Option<PathBuf>,
}

impl WatchArgs {
    /// The session options a watch resolves like a session: the offline
    /// planner, the sandbox of DIR and `--allow`, the rules file.
    pub fn as_run_args(&self) -> RunArgs {
        RunArgs {
            dir: self.dir.clone(),
            provider: ProviderArgs {
                provider: Some("offline".to_owned()),
                lang: self.lang,
                ..ProviderArgs::default()
            },
            allow: self.allow.clone(),
            no_sandbox: false,
            dry_run: false,
            core: self.core.clone(),
            read_contents: false,
            rules: self.rules.clone(),
            verbose: false,
        }
    }
}

/// `tidyup ui`'s arguments.
#[derive(Debug, clap::Args)]
pub struct UiArgs {
    /// The folder to organize first, a path or a remote address (see
    /// below); the window can change it [default: the current folder]
    pub dir: Option<PathBuf>,

    /// The port to listen on, on 127.0.0.1 [default: a free one]
    #[arg(long, value_name = "N", default_value_t = 0, hide_default_value = true)]
    pub port: u16,

    /// Print the address only; do not open it in the browser
    #[arg(long)]
    pub no_open: bool,

    /// The most connections the window keeps open at once; past it, a new
    /// one closes the oldest that never carried the address's secret
    #[arg(
        long,
        value_name = "N",
        env = "TIDYUP_UI_MAX_CONNECTIONS",
        default_value_t = 64,
        value_parser = clap::value_parser!(u16).range(1..)
    )]
    pub max_connections: u16,

    /// Who answers, and how.
    #[command(flatten)]
    pub provider: ProviderArgs,

    /// Also allow the model to read and change this directory (repeatable)
    #[arg(long, value_name = "DIR")]
    pub allow: Vec<PathBuf>,

    /// Change nothing on disk: Apply saves the plan for `tidyup apply`
    /// instead of carrying it out
    #[arg(long)]
    pub dry_run: bool,

    /// Let the model read what files hold (read_file): excerpts of files
    /// are sent to the provider [config: read_contents = true]
    #[arg(long)]
    pub read_contents: bool,

    /// The rules file to follow [default: DIR/.tidyup.toml when present]
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,

    /// Run this build of the core instead of the embedded one
    #[arg(long, value_name = "FILE.wasm", hide = true)]
    pub core: Option<PathBuf>,
}

impl UiArgs {
    /// The session options the window starts with, resolved like a
    /// session's; the folder is the current one unless given.
    pub fn as_run_args(&self) -> RunArgs {
        RunArgs {
            dir: Some(self.dir.clone().unwrap_or_else(|| PathBuf::from("."))),
            provider: self.provider.clone(),
            allow: self.allow.clone(),
            no_sandbox: false,
            dry_run: self.dry_run,
            core: self.core.clone(),
            read_contents: self.read_contents,
            rules: self.rules.clone(),
            verbose: false,
        }
    }
}

/// A positive number of seconds, at most a day (`0.5`, `2`).
fn seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("expected a number of seconds, got {text:?}"))?;
    if !(0.01..=86_400.0).contains(&value) {
        return Err(format!(
            "expected between 0.01 and 86400 seconds, got {text}"
        ));
    }
    Ok(Duration::from_secs_f64(value))
}

/// `tidyup ask`'s arguments.
#[derive(Debug, clap::Args)]
pub struct AskArgs {
    /// The question
    pub question: String,

    /// An image to ask about: a file or an http(s)/data: URL (repeatable)
    #[arg(long = "image", value_name = "FILE_OR_URL")]
    pub images: Vec<String>,

    /// A system message to send before the question
    #[arg(long, value_name = "TEXT")]
    pub system: Option<String>,

    /// Who answers, and how.
    #[command(flatten)]
    pub provider: ProviderArgs,
}

/// `--lang`'s values: the names of [`Lang`], each with what it means.
fn lang_value() -> impl TypedValueParser<Value = Lang> {
    PossibleValuesParser::new([
        PossibleValue::new("en").help("English"),
        PossibleValue::new("zh").help("Chinese"),
    ])
    .try_map(|name| name.parse::<Lang>())
}

/// `--lang` of the subcommands that print only a few lines.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::Args)]
pub struct LangArgs {
    /// Language of the messages [default: $TIDYUP_LANG, the config file's,
    /// from LC_ALL/LANG]
    #[arg(long, global = true, value_parser = lang_value())]
    pub lang: Option<Lang>,
}
