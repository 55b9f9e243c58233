//! The subcommands over the journal and saved plans: `undo`, `history`,
//! `trash --purge` and `apply`.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use super::fail;
use crate::dry_run::{self, DryRunPlan};
use crate::journal::{self, JournalStore};

/// `tidyup undo [SESSION]`.
pub fn undo(session: Option<&str>) -> ExitCode {
    let report = JournalStore::default_location().and_then(|store| journal::undo(&store, session));
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
    match JournalStore::default_location().and_then(|store| journal::history(&store)) {
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
    match JournalStore::default_location()
        .and_then(|store| journal::purge_trash(&store, older_than))
    {
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
    let report = JournalStore::default_location()
        .and_then(|store| Ok((store.clone(), DryRunPlan::load(plan_path)?)))
        .and_then(|(store, plan)| dry_run::apply(&store, &plan));
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
