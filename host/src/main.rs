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
use tidyup_core::Lang;

/// Prints why tidyup refuses to start, in `lang`; exit status 2.
fn refuse(err: &SettingsError, lang: Lang) -> ExitCode {
    eprintln!("tidyup: {}", err.text(lang));
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let env = |name: &str| std::env::var(name).ok();
    // Refused only by what needs it: `config path` works with a malformed file.
    let config = Config::load(env);
    let load_config = || config.clone().map_err(SettingsError::from);
    // Every message's language, resolved as a session resolves it (a
    // malformed config file gives no language).
    let lang = resolve_lang_with(
        cli.lang(),
        env,
        config.as_ref().unwrap_or(&Config::default()),
    );
    tidyup::failure::speak(lang);
    let refuse = |err: &SettingsError| refuse(err, lang);
    match cli.command {
        Some(Command::Demo { dir, .. }) => {
            if let Err(err) = load_config() {
                return refuse(&err);
            }
            let dir = dir.unwrap_or_else(|| PathBuf::from("tidyup-demo"));
            return commands::demo(&dir, lang);
        }
        Some(Command::Ask(args)) => {
            return match load_config().and_then(|config| AskSettings::resolve(&args, env, &config))
            {
                Ok(settings) => commands::ask(settings),
                Err(err) => refuse(&err),
            };
        }
        Some(Command::Providers(_)) => {
            return match load_config() {
                Ok(config) => commands::providers(&config, env, lang),
                Err(err) => refuse(&err),
            };
        }
        Some(Command::Config {
            action: ConfigCommand::Path,
            ..
        }) => return commands::config_path(env, lang),
        Some(Command::Mcp(args)) => {
            return match load_config().and_then(|config| McpSettings::resolve(&args, env, &config))
            {
                Ok(settings) => commands::mcp(settings),
                Err(err) => refuse(&err),
            };
        }
        Some(Command::ExportCore { file, .. }) => return commands::export_core(&file, lang),
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
        Some(Command::Undo { session, .. }) => return commands::undo(session.as_deref(), lang),
        Some(Command::History(_)) => return commands::history(lang),
        Some(Command::Trash { older_than, .. }) => return commands::purge_trash(older_than, lang),
        Some(Command::Apply { plan, .. }) => return commands::apply(&plan, lang),
        None => {}
    }
    match load_config().and_then(|config| Settings::resolve(&cli.run, env, &config)) {
        Ok(settings) => commands::run(settings),
        Err(err) => refuse(&err),
    }
}
