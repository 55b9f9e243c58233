//! The `tidyup` command.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use tidyup::cli::config::Config;
use tidyup::cli::{
    AskSettings, Cli, Command, ConfigCommand, McpSettings, Settings, SettingsError,
    resolve_lang_with,
};
use tidyup::commands;

/// Prints why tidyup refuses to start; exit status 2.
fn refuse(err: &SettingsError) -> ExitCode {
    eprintln!("tidyup: {err}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let env = |name: &str| std::env::var(name).ok();
    // Read only by what needs it: `config path` works with a malformed file.
    let load_config = || Config::load(env).map_err(SettingsError::from);
    match cli.command {
        Some(Command::Demo { dir, lang }) => {
            let config = match load_config() {
                Ok(config) => config,
                Err(err) => return refuse(&err),
            };
            let dir = dir.unwrap_or_else(|| PathBuf::from("tidyup-demo"));
            return commands::demo(&dir, resolve_lang_with(lang, env, &config));
        }
        Some(Command::Ask(args)) => {
            return match load_config().and_then(|config| AskSettings::resolve(&args, env, &config))
            {
                Ok(settings) => commands::ask(settings),
                Err(err) => refuse(&err),
            };
        }
        Some(Command::Providers) => {
            return match load_config() {
                Ok(config) => commands::providers(&config, env),
                Err(err) => refuse(&err),
            };
        }
        Some(Command::Config {
            action: ConfigCommand::Path,
        }) => return commands::config_path(env),
        Some(Command::Mcp(args)) => {
            return match load_config().and_then(|config| McpSettings::resolve(&args, env, &config))
            {
                Ok(settings) => commands::mcp(settings),
                Err(err) => refuse(&err),
            };
        }
        Some(Command::ExportCore { file }) => return commands::export_core(&file),
        Some(Command::Watch(args)) => {
            let options = commands::WatchOptions {
                settle: args.settle,
                poll: args.poll,
                now: args.now,
            };
            return match load_config()
                .and_then(|config| Settings::resolve(&args.as_run_args(), env, &config))
            {
                Ok(settings) => commands::watch(settings, options),
                Err(err) => refuse(&err),
            };
        }
        Some(Command::Undo { session }) => return commands::undo(session.as_deref()),
        Some(Command::History) => return commands::history(),
        Some(Command::Trash {
            purge: _,
            older_than,
        }) => return commands::purge_trash(older_than),
        Some(Command::Apply { plan }) => return commands::apply(&plan),
        None => {}
    }
    match load_config().and_then(|config| Settings::resolve(&cli.run, env, &config)) {
        Ok(settings) => commands::run(settings),
        Err(err) => refuse(&err),
    }
}
