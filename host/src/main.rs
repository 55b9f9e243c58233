//! The `tidyup` command.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use tidyup::cli::{Cli, Command, Settings, resolve_lang};
use tidyup::commands;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let env = |name: &str| std::env::var(name).ok();
    match cli.command {
        Some(Command::Demo { dir, lang }) => {
            let dir = dir.unwrap_or_else(|| PathBuf::from("tidyup-demo"));
            return commands::demo(&dir, resolve_lang(lang, env));
        }
        Some(Command::ExportCore { file }) => return commands::export_core(&file),
        Some(Command::Undo { session }) => return commands::undo(session.as_deref()),
        Some(Command::History) => return commands::history(),
        Some(Command::Trash {
            purge: _,
            older_than,
        }) => return commands::purge_trash(older_than),
        Some(Command::Apply { plan }) => return commands::apply(&plan),
        None => {}
    }
    let settings = match Settings::resolve(&cli.run, env) {
        Ok(settings) => settings,
        Err(err) => {
            eprintln!("tidyup: {err}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("tidyup: cannot start the async runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(tidyup::session::run(settings)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("tidyup: {err:#}");
            ExitCode::FAILURE
        }
    }
}
