//! The subcommands, one file each; `tidyup` with no subcommand is the
//! interactive session ([`run`]). Each prints its result and returns the
//! exit status. This layer may import every other module of the crate.

mod ask;
mod demo;
mod history;
mod info;
mod interrupt;
mod manual;
mod mcp;
mod run;
mod ui;
mod watch;

use crate::words::CommandsWords;
use std::future::Future;
use std::process::ExitCode;

use tidyup_core::Lang;

use crate::cli::{AskSettings, McpSettings, Settings};
use crate::console::errln;

pub use demo::demo;
pub use history::{apply, forget, history, purge_trash, show_plan, undo, undo_all};
pub use info::{config_path, export_core, providers};
pub use manual::{completions, man};
pub use ui::UiOptions;
pub use watch::WatchOptions;

/// What the core is told of a session with `settings`: its folder, model,
/// calls, limits, contents opt-in, rules and whether it is a dry run.
fn agent_config(settings: &Settings) -> tidyup_core::AgentConfig {
    tidyup_core::AgentConfig {
        target_dir: crate::fs::names::shown_path(&settings.target_dir),
        target_name: settings.remote.as_ref().map(ToString::to_string),
        model: settings.client.model.clone(),
        lang: settings.client.lang,
        provider: settings.client.provider,
        calls: settings.client.call_settings(),
        limits: settings.limits,
        read_contents: settings.read_contents,
        rules: settings.rules.as_ref().map(|rules| rules.text.clone()),
        dry_run: settings.dry_run,
    }
}

/// What the file system of a session with `settings` is made of: its
/// roots (the sandbox, unless `--no-sandbox`), tidyup's own data in
/// `store` out of reach, and the rules file's excludes.
fn session_stack<'a>(
    settings: &'a Settings,
    store: &crate::journal::JournalStore,
) -> crate::journal::StackSpec<'a> {
    use crate::words::FailuresWords;
    crate::journal::StackSpec {
        roots: settings.roots.as_deref(),
        protected: crate::fs::Protected::tidyup_own(store.root()),
        target: &settings.target_dir,
        rules: settings.rules.as_ref(),
        rules_roots: None,
        cannot_open: settings.client.lang.cannot_open_target(),
        remote: settings.remote.as_ref(),
        cancel: None,
    }
}

/// Prints `err` (with its causes) as tidyup's failure; the exit status is
/// `status`.
fn fail(err: &anyhow::Error, status: u8) -> ExitCode {
    say_failure(&format!("{err:#}"), status)
}

/// Prints why a command failed, already worded; returns `status`.
fn say_failure(text: &str, status: u8) -> ExitCode {
    errln!("tidyup: {text}");
    ExitCode::from(status)
}

/// `tidyup [DIR]`: an interactive session until `quit` or the end of input.
pub fn run(settings: Settings) -> ExitCode {
    let lang = settings.client.lang;
    run_async("tidyup", lang, run::session(settings))
}

/// `tidyup ask [--image FILE_OR_URL]... [--system TEXT] QUESTION`.
pub fn ask(settings: AskSettings) -> ExitCode {
    let lang = settings.client.lang;
    run_async("tidyup", lang, ask::ask(settings))
}

/// `tidyup watch DIR`: runs until SIGINT or SIGTERM, status 0 then; 1 when
/// it could not start (another watch holds the folder, for one) or when
/// the folder was moved or deleted.
pub fn watch(settings: Settings, options: WatchOptions) -> ExitCode {
    let lang = settings.client.lang;
    run_async("tidyup", lang, watch::watch(settings, options))
}

/// `tidyup mcp`: serves until the client closes the connection (or the
/// process is asked to stop); the exit status says whether it ended cleanly.
pub fn mcp(settings: McpSettings) -> ExitCode {
    let lang = settings.lang;
    run_async("tidyup mcp", lang, mcp::serve(settings))
}

/// `tidyup ui [DIR]`: serves the window until SIGINT or SIGTERM, status 0
/// then; 1 when it could not start.
pub fn ui(settings: Settings, options: UiOptions) -> ExitCode {
    let lang = settings.client.lang;
    run_async("tidyup ui", lang, ui::serve(settings, options))
}

/// Runs `work` on the process's one tokio runtime (multi-threaded, every
/// driver on). A failure, or a runtime that cannot start (said in `lang`),
/// is printed after `prefix` on standard error with exit status 1.
fn run_async<T: Into<Status>>(
    prefix: &str,
    lang: Lang,
    work: impl Future<Output = anyhow::Result<T>>,
) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            errln!("{prefix}: {}", lang.no_runtime(&err.to_string()));
            return ExitCode::FAILURE;
        }
    };
    let status = match runtime.block_on(work) {
        Ok(done) => done.into().0,
        Err(err) => {
            errln!("{prefix}: {err:#}");
            ExitCode::FAILURE
        }
    };
    // The work is over and said all it had to: the process ends without
    // waiting for idle workers, or a read of standard input still
    // blocking, to wind down.
    runtime.shutdown_background();
    status
}

/// The exit status of work that ended without failing: success, or the
/// status it chose.
struct Status(ExitCode);

impl From<()> for Status {
    fn from((): ()) -> Self {
        Status(ExitCode::SUCCESS)
    }
}

impl From<ExitCode> for Status {
    fn from(code: ExitCode) -> Self {
        Status(code)
    }
}
