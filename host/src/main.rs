//! The `tidyup` command.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use tidyup::cli::{Cli, Command, Settings, resolve_lang};
use tidyup_core::demo::DEMO_FILES;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let env = |name: &str| std::env::var(name).ok();
    match cli.command {
        Some(Command::Demo { dir, lang }) => {
            let dir = dir.unwrap_or_else(|| PathBuf::from("tidyup-demo"));
            return demo(dir, resolve_lang(lang, env));
        }
        Some(Command::ExportCore { file }) => return export_core(&file),
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

/// `tidyup export-core FILE`: the embedded core, byte for byte.
fn export_core(file: &std::path::Path) -> ExitCode {
    match std::fs::write(file, tidyup::EMBEDDED_CORE) {
        Ok(()) => {
            println!(
                "{}  {}",
                tidyup::module_cache::sha256_hex(tidyup::EMBEDDED_CORE),
                file.display()
            );
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("tidyup: cannot write {}: {err}", file.display());
            ExitCode::FAILURE
        }
    }
}

/// `tidyup demo [DIR]`: creates the folder and says how to organize it.
fn demo(dir: PathBuf, lang: tidyup_core::Lang) -> ExitCode {
    match tidyup::demo::create(&dir) {
        Ok(created) => {
            let shown = created.display().to_string();
            let command = format!("tidyup --provider offline \"{shown}\"");
            println!("{}", lang.demo_created(DEMO_FILES.len(), &shown, &command));
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("tidyup: {err:#}");
            ExitCode::from(2)
        }
    }
}
