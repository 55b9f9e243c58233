//! The subcommands other than a session: `demo`, `ask`, `providers`,
//! `config path`, `undo`, `history`, `trash --purge`, `apply`,
//! `export-core`. Each prints its result and returns the exit status.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use tidyup_core::Lang;
use tidyup_core::demo_folder::DEMO_FILES;

use crate::cli::AskSettings;
use crate::cli::config::{self, Config};
use crate::cli::providers;
use crate::journal::{self, Store};
use crate::plan::{self, Plan};

fn fail(err: &anyhow::Error, status: u8) -> ExitCode {
    eprintln!("tidyup: {err:#}");
    ExitCode::from(status)
}

/// `tidyup demo [DIR]`: creates the folder and says how to organize it.
pub fn demo(dir: &Path, lang: Lang) -> ExitCode {
    match crate::demo::create(dir) {
        Ok(created) => {
            let shown = created.display().to_string();
            let command = format!("tidyup --provider offline \"{shown}\"");
            println!("{}", lang.demo_created(DEMO_FILES.len(), &shown, &command));
            ExitCode::SUCCESS
        }
        Err(err) => fail(&err, 2),
    }
}

/// `tidyup ask [--image FILE_OR_URL]... [--system TEXT] QUESTION`.
pub fn ask(settings: AskSettings) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            return fail(&anyhow::anyhow!("cannot start the async runtime: {err}"), 1);
        }
    };
    match runtime.block_on(crate::ask::ask(settings)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => fail(&err, 1),
    }
}

/// `tidyup providers`: one line per provider (name, base address, default
/// model, key variable, whether a key is set), then where the config file
/// is. Key values are never printed.
pub fn providers(config: &Config, env: impl Fn(&str) -> Option<String>) -> ExitCode {
    for line in providers::listing(config, &env) {
        println!("{line}");
    }
    if let Some(path) = config::path(&env) {
        let found = if path.is_file() { "" } else { " (not found)" };
        println!("Config file: {}{found}", path.display());
    }
    ExitCode::SUCCESS
}

/// `tidyup config path`: where the config file is (or would be).
pub fn config_path(env: impl Fn(&str) -> Option<String>) -> ExitCode {
    match config::path(env) {
        Some(path) => {
            println!("{}", path.display());
            ExitCode::SUCCESS
        }
        None => fail(
            &anyhow::anyhow!(
                "no config directory found; set {} to a file path",
                config::CONFIG_ENV
            ),
            1,
        ),
    }
}

/// `tidyup export-core FILE`: the embedded core, byte for byte.
pub fn export_core(file: &Path) -> ExitCode {
    match std::fs::write(file, crate::EMBEDDED_CORE) {
        Ok(()) => {
            let hash = crate::module_cache::sha256_hex(crate::EMBEDDED_CORE);
            println!("{hash}  {}", file.display());
            ExitCode::SUCCESS
        }
        Err(err) => fail(
            &anyhow::anyhow!("cannot write {}: {err}", file.display()),
            1,
        ),
    }
}

/// `tidyup undo [SESSION]`.
pub fn undo(session: Option<&str>) -> ExitCode {
    let report = Store::default_location().and_then(|store| journal::undo(&store, session));
    match report {
        Ok(report) => {
            println!(
                "Undid session {}: {} changes reversed, {} skipped.",
                report.session,
                report.reversed,
                report.skipped.len()
            );
            for reason in &report.skipped {
                println!("  skipped: {reason}");
            }
            ExitCode::SUCCESS
        }
        Err(err) => fail(&err, 1),
    }
}

/// `tidyup history`.
pub fn history() -> ExitCode {
    match Store::default_location().and_then(|store| journal::history(&store)) {
        Ok(sessions) if sessions.is_empty() => {
            println!("No sessions yet.");
            ExitCode::SUCCESS
        }
        Ok(sessions) => {
            for s in sessions {
                let undone = if s.undone { "  (undone)" } else { "" };
                println!(
                    "{}  {}  {} folders created, {} moved, {} deleted or replaced{undone}",
                    s.session,
                    s.target.display(),
                    s.created,
                    s.moved,
                    s.trashed
                );
            }
            ExitCode::SUCCESS
        }
        Err(err) => fail(&err, 1),
    }
}

/// `tidyup trash --purge [--older-than DAYS]`.
pub fn purge_trash(older_than_days: Option<u64>) -> ExitCode {
    let older_than = older_than_days.map(|days| Duration::from_secs(days.saturating_mul(86_400)));
    match Store::default_location().and_then(|store| journal::purge_trash(&store, older_than)) {
        Ok((sessions, bytes)) => {
            let size = tidyup_core::format::format_size(bytes);
            println!("Purged the trash of {sessions} sessions, freeing {size}.");
            ExitCode::SUCCESS
        }
        Err(err) => fail(&err, 1),
    }
}

/// `tidyup apply PLAN`.
pub fn apply(plan_path: &Path) -> ExitCode {
    let report = Store::default_location()
        .and_then(|store| Ok((store.clone(), Plan::load(plan_path)?)))
        .and_then(|(store, plan)| plan::apply(&store, &plan));
    match report {
        Ok(report) => {
            println!(
                "Applied {} steps, refused {}.",
                report.applied,
                report.skipped.len()
            );
            for reason in &report.skipped {
                println!("  refused: {reason}");
            }
            if let Some(session) = report.session {
                println!("Changes journaled as session {session}; `tidyup undo` reverses them.");
            }
            if report.skipped.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(err) => fail(&err, 1),
    }
}
