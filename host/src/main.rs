//! The `tidyup` command.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use tidyup::{
    AskSettings, Cli, Command, Config, ConfigCommand, ConfigError, McpSettings, PlanCommand,
    Settings, SettingsError, resolve_lang_with,
};
use tidyup_core::Lang;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Refused only by what needs it: `config path` works with a malformed file.
    let config = Config::load(env);
    // Every message's language, resolved as a session resolves it (a
    // malformed config file gives no language).
    let lang = resolve_lang_with(
        cli.lang(),
        env,
        config.as_ref().unwrap_or(&Config::default()),
    );
    tidyup::speak(lang);
    let start = Start { config, lang };
    match cli.command {
        Some(command) => dispatch(command, &start),
        None => start.with(
            |config| Settings::resolve(&cli.run, env, config),
            tidyup::run,
        ),
    }
}

/// The process's environment variable `name`, when set and Unicode.
fn env(name: &str) -> Option<String> {
    std::env::var(name).ok()
}

/// Runs a subcommand.
fn dispatch(command: Command, start: &Start) -> ExitCode {
    let lang = start.lang;
    match command {
        Command::Demo { dir, .. } => start.with(
            |_| Ok(dir.unwrap_or_else(|| PathBuf::from("tidyup-demo"))),
            |dir| tidyup::demo(&dir, lang),
        ),
        Command::Ask(args) => start.with(
            |config| AskSettings::resolve(&args, env, config),
            tidyup::ask,
        ),
        Command::Providers(_) => start.with(
            |config| Ok(config.clone()),
            |config| tidyup::providers(&config, env, lang),
        ),
        Command::Config {
            action: ConfigCommand::Path,
            ..
        } => tidyup::config_path(env, lang),
        Command::Mcp(args) => start.with(
            |config| McpSettings::resolve(&args, env, config),
            tidyup::mcp,
        ),
        Command::ExportCore { file, .. } => tidyup::export_core(&file, lang),
        Command::Watch(args) => {
            let options = tidyup::WatchOptions {
                settle: args.settle,
                group: args.group,
                poll: args.poll,
                now: args.now,
                rules: args.rules.clone(),
            };
            start.with(
                |config| Settings::resolve(&args.as_run_args(), env, config),
                |settings| tidyup::watch(settings, options),
            )
        }
        Command::Ui(args) => start.with(
            |config| {
                let run = args.as_run_args();
                let settings = Settings::resolve(&run, env, config)?;
                let options = tidyup::UiOptions {
                    port: args.port,
                    open: !args.no_open,
                    max_connections: usize::from(args.max_connections),
                    args: run,
                    config: config.clone(),
                };
                Ok((settings, options))
            },
            |(settings, options)| tidyup::ui(settings, options),
        ),
        Command::Undo {
            all: true,
            watch,
            since,
            ..
        } => tidyup::undo_all(watch, since.as_deref(), lang),
        Command::Undo { session, watch, .. } => tidyup::undo(session.as_deref(), watch, lang),
        Command::History {
            forget: Some(session),
            ..
        } => tidyup::forget(&session, lang),
        Command::History { .. } => tidyup::history(lang),
        Command::Trash { older_than, .. } => tidyup::purge_trash(older_than, lang),
        Command::Apply {
            plan,
            allow,
            no_sandbox,
            ..
        } => tidyup::apply(&plan, &allow, no_sandbox, lang),
        Command::Plan {
            action: PlanCommand::Show { plan, json },
            ..
        } => tidyup::show_plan(&plan, json, lang),
        Command::Completions { shell } => tidyup::completions(shell),
        Command::Man(args) => tidyup::man(&args, lang),
    }
}

/// What every command starts from: the config file as loaded, and the
/// language of every message.
struct Start {
    config: Result<Config, ConfigError>,
    lang: Lang,
}

impl Start {
    /// Runs `command` with what `resolve` makes of the config file; a config
    /// file or settings tidyup cannot use is refused instead.
    fn with<S>(
        &self,
        resolve: impl FnOnce(&Config) -> Result<S, SettingsError>,
        command: impl FnOnce(S) -> ExitCode,
    ) -> ExitCode {
        let settings = match &self.config {
            Ok(config) => resolve(config),
            Err(err) => Err(SettingsError::from(err.clone())),
        };
        match settings {
            Ok(settings) => command(settings),
            Err(err) => self.refuse(&err),
        }
    }

    /// Prints why tidyup refuses to start; exit status 2.
    fn refuse(&self, err: &SettingsError) -> ExitCode {
        tidyup::print_line(true, &format!("tidyup: {}", err.text(self.lang)));
        ExitCode::from(2)
    }
}
