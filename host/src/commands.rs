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
use crate::journal::{self, Store, UndoRefusal};
use crate::plan::{self, Plan};

fn fail(err: &anyhow::Error, status: u8) -> ExitCode {
    say_failure(&format!("{err:#}"), status)
}

/// Prints why a command failed, already worded; returns `status`.
fn say_failure(text: &str, status: u8) -> ExitCode {
    eprintln!("tidyup: {text}");
    ExitCode::from(status)
}

/// `tidyup demo [DIR]`: creates the folder and says how to organize it.
pub fn demo(dir: &Path, lang: Lang) -> ExitCode {
    match crate::demo::create(dir, lang) {
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
        Err(err) => return say_failure(&settings.lang.no_runtime(&err.to_string()), 1),
    };
    match runtime.block_on(crate::ask::ask(settings)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => fail(&err, 1),
    }
}

/// `tidyup providers`: one line per provider (name, base address, default
/// model, key variable, whether a key is set), then where the config file
/// is. Key values are never printed.
pub fn providers(config: &Config, env: impl Fn(&str) -> Option<String>, lang: Lang) -> ExitCode {
    for line in providers::listing(config, &env) {
        println!("{line}");
    }
    if let Some(path) = config::path(&env) {
        let shown = path.display().to_string();
        println!("{}", lang.config_file_line(&shown, path.is_file()));
    }
    ExitCode::SUCCESS
}

/// `tidyup config path`: where the config file is (or would be).
pub fn config_path(env: impl Fn(&str) -> Option<String>, lang: Lang) -> ExitCode {
    match config::path(env) {
        Some(path) => {
            println!("{}", path.display());
            ExitCode::SUCCESS
        }
        None => say_failure(&lang.no_config_dir(config::CONFIG_ENV), 1),
    }
}

/// `tidyup export-core FILE`: the embedded core, byte for byte.
pub fn export_core(file: &Path, lang: Lang) -> ExitCode {
    match std::fs::write(file, crate::EMBEDDED_CORE) {
        Ok(()) => {
            let hash = crate::module_cache::sha256_hex(crate::EMBEDDED_CORE);
            println!("{hash}  {}", file.display());
            ExitCode::SUCCESS
        }
        Err(err) => say_failure(
            &lang.cannot_write(&file.display().to_string(), &err.to_string()),
            1,
        ),
    }
}

/// `tidyup undo [SESSION]`.
pub fn undo(session: Option<&str>, lang: Lang) -> ExitCode {
    let report = Store::default_location().and_then(|store| journal::undo(&store, session));
    match report {
        Ok(report) => {
            let skipped = report.skipped.len();
            println!(
                "{}",
                lang.undo_done(&report.session, report.reversed, skipped)
            );
            for reason in &report.skipped {
                println!("{}", lang.undo_skipped(reason));
            }
            ExitCode::SUCCESS
        }
        Err(err) => match err.downcast_ref::<UndoRefusal>() {
            Some(refusal) => say_failure(&refusal.text(lang), 1),
            None => fail(&err, 1),
        },
    }
}

/// `tidyup history`.
pub fn history(lang: Lang) -> ExitCode {
    match Store::default_location().and_then(|store| journal::history(&store)) {
        Ok(sessions) if sessions.is_empty() => {
            println!("{}", lang.no_sessions());
            ExitCode::SUCCESS
        }
        Ok(sessions) => {
            for s in sessions {
                let target = s.target.display().to_string();
                let counts = [s.created, s.moved, s.trashed];
                println!(
                    "{}",
                    lang.history_line(&s.session, &target, counts, s.undone)
                );
            }
            ExitCode::SUCCESS
        }
        Err(err) => fail(&err, 1),
    }
}

/// `tidyup trash --purge [--older-than DAYS]`.
pub fn purge_trash(older_than_days: Option<u64>, lang: Lang) -> ExitCode {
    let older_than = older_than_days.map(|days| Duration::from_secs(days.saturating_mul(86_400)));
    match Store::default_location().and_then(|store| journal::purge_trash(&store, older_than)) {
        Ok((sessions, bytes)) => {
            let size = tidyup_core::format::format_size(bytes);
            println!("{}", lang.trash_purged(sessions, &size));
            ExitCode::SUCCESS
        }
        Err(err) => fail(&err, 1),
    }
}

/// `tidyup apply PLAN`.
pub fn apply(plan_path: &Path, lang: Lang) -> ExitCode {
    let report = Store::default_location()
        .and_then(|store| Ok((store.clone(), Plan::load(plan_path)?)))
        .and_then(|(store, plan)| plan::apply(&store, &plan));
    match report {
        Ok(report) => {
            println!("{}", lang.applied(report.applied, report.skipped.len()));
            for reason in &report.skipped {
                println!("{}", lang.apply_refused(reason));
            }
            if let Some(session) = report.session {
                println!("{}", lang.changes_journaled(&session));
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
