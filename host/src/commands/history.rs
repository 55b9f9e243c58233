//! The subcommands over the journal and saved plans: `undo`, `history`,
//! `trash --purge`, `apply` and `plan show`.

use crate::words::{CommandsWords, HistoryWords, SessionWords};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use tidyup_core::Lang;

use super::{fail, say_failure};
use crate::console::outln;
use crate::dry_run::{self, Allowed};
use crate::journal::{self, JournalStore, UndoQueue, UndoRefusal};
use crate::plan_view::PlanView;

/// `tidyup undo [SESSION | --watch]`: says which session it reverses,
/// where, and how many changes, before it starts. Without SESSION it walks
/// back past sessions whose folder no longer exists, one line each.
pub fn undo(session: Option<&str>, watch: bool, lang: Lang) -> ExitCode {
    let report = JournalStore::default_location().and_then(|store| {
        let chosen = match session {
            Some(name) => journal::named_for_undo(&store, name)?,
            None => {
                let queue = journal::undo_queue(&store, watch, None)?;
                say_passed_over(&queue, lang);
                match queue.sessions.first() {
                    Some(newest) => newest.clone(),
                    None => return Err(queue.refusal().into()),
                }
            }
        };
        outln!(
            "{}",
            lang.undoing(&chosen.session, &chosen.folder(), chosen.changes())
        );
        journal::undo(&store, Some(&chosen.session), lang)
    });
    match report {
        Ok(report) => {
            let skipped = report.skipped.len();
            outln!(
                "{}",
                lang.undo_done(&report.session, report.reversed, skipped)
            );
            say_skipped(&report, lang)
        }
        Err(err) => undo_failed(&err, lang),
    }
}

/// Each change an undo left, with why; when some could not be reversed
/// now, how to finish, and status 1.
fn say_skipped(report: &journal::UndoReport, lang: Lang) -> ExitCode {
    for reason in &report.skipped {
        outln!("{}", lang.undo_skipped(reason));
    }
    for reason in &report.unfinished {
        outln!("{}", lang.undo_not_yet(reason));
    }
    if report.unfinished.is_empty() {
        return ExitCode::SUCCESS;
    }
    say_failure(
        &lang.undo_unfinished(&report.session, report.unfinished.len()),
        1,
    )
}

/// Why an undo did nothing, in `lang` (a refusal in its own words); 1.
fn undo_failed(err: &anyhow::Error, lang: Lang) -> ExitCode {
    match err.downcast_ref::<UndoRefusal>() {
        Some(refusal) => say_failure(&refusal.text(lang), 1),
        None => fail(err, 1),
    }
}

/// One line for each session an undo walks past because its folder is gone.
fn say_passed_over(queue: &UndoQueue, lang: Lang) {
    for gone in &queue.passed_over {
        outln!(
            "{}",
            lang.folder_gone_skipped(&gone.session, &gone.folder())
        );
    }
}

/// `tidyup undo --all [--since TIME] [--watch]`: every session (watch
/// batch) not yet undone, of those started since TIME when it is given,
/// newest first, each said before it starts and summed up after; stops at
/// the first that cannot be undone whole (status 1). Sessions whose folder
/// no longer exists are passed over, one line each. A TIME that names no
/// time is refused with status 2.
pub fn undo_all(watch: bool, since: Option<&str>, lang: Lang) -> ExitCode {
    let from = match since {
        None => None,
        Some(text) => match crate::cli::parse_since(text, chrono::Local::now()) {
            Some(at) => Some(at),
            None => return say_failure(&lang.since_unreadable(text), 2),
        },
    };
    let (store, queue) = match JournalStore::default_location()
        .and_then(|store| Ok((store.clone(), journal::undo_queue(&store, watch, from)?)))
    {
        Ok(found) => found,
        Err(err) => return fail(&err, 1),
    };
    say_passed_over(&queue, lang);
    let sessions = queue.sessions;
    if sessions.is_empty() {
        return say_failure(&lang.nothing_to_undo_since(since, watch), 1);
    }
    let (mut undone, mut reversed) = (0, 0);
    for (index, chosen) in sessions.iter().enumerate() {
        outln!(
            "{}",
            lang.undoing(&chosen.session, &chosen.folder(), chosen.changes())
        );
        let report = match journal::undo(&store, Some(&chosen.session), lang) {
            Ok(report) => report,
            Err(err) => {
                outln!("{}", lang.undid_all(undone, reversed, watch));
                return undo_failed(&err, lang);
            }
        };
        outln!(
            "{}",
            lang.undo_done(&report.session, report.reversed, report.skipped.len())
        );
        for reason in &report.skipped {
            outln!("{}", lang.undo_skipped(reason));
        }
        for reason in &report.unfinished {
            outln!("{}", lang.undo_not_yet(reason));
        }
        reversed += report.reversed;
        if !report.skipped.is_empty() || !report.unfinished.is_empty() {
            let left = sessions.len() - index - 1;
            outln!("{}", lang.undid_all(undone, reversed, watch));
            return say_failure(&lang.undo_all_stopped(&report.session, left, watch), 1);
        }
        undone += 1;
    }
    outln!("{}", lang.undid_all(undone, reversed, watch));
    ExitCode::SUCCESS
}

/// `tidyup history`: every session, oldest first, a session whose folder
/// no longer exists marked so.
pub fn history(lang: Lang) -> ExitCode {
    match JournalStore::default_location().and_then(|store| journal::history(&store)) {
        Ok(sessions) if sessions.is_empty() => {
            outln!("{}", lang.no_sessions());
            ExitCode::SUCCESS
        }
        Ok(sessions) => {
            for s in sessions {
                let counts = [s.created, s.moved, s.trashed];
                let watch = !s.kind.by_hand();
                let gone = match s.folder_gone() {
                    true => lang.folder_gone_mark(),
                    false => String::new(),
                };
                outln!(
                    "{}{gone}",
                    lang.history_line(&s.session, &s.folder(), counts, s.undone, watch)
                );
            }
            ExitCode::SUCCESS
        }
        Err(err) => fail(&err, 1),
    }
}

/// `tidyup history --forget SESSION`: the session leaves the history; the
/// items it deleted stay in the trash until it is purged.
pub fn forget(session: &str, lang: Lang) -> ExitCode {
    match JournalStore::default_location().and_then(|store| journal::forget(&store, session)) {
        Ok(trash_kept) => {
            outln!("{}", lang.forgot(session, trash_kept));
            ExitCode::SUCCESS
        }
        Err(err) => fail(&err, 1),
    }
}

/// `tidyup trash --purge [--older-than DAYS]`.
pub fn purge_trash(older_than_days: Option<u64>, lang: Lang) -> ExitCode {
    let older_than = older_than_days.map(|days| Duration::from_secs(days.saturating_mul(86_400)));
    match JournalStore::default_location()
        .and_then(|store| journal::purge_trash(&store, older_than))
    {
        Ok((sessions, bytes)) => {
            let size = tidyup_core::format_size(bytes);
            outln!("{}", lang.trash_purged(sessions, &size));
            ExitCode::SUCCESS
        }
        Err(err) => fail(&err, 1),
    }
}

/// `tidyup apply PLAN [--allow DIR]... [--no-sandbox]`: the plan carried
/// out in its folder and the folders allowed now.
pub fn apply(plan_path: &Path, allow: &[PathBuf], no_sandbox: bool, lang: Lang) -> ExitCode {
    let allowed = match no_sandbox {
        true => Allowed::Anywhere,
        false => Allowed::Folders(allow.to_vec()),
    };
    let report = JournalStore::default_location().and_then(|store| {
        let (plan, remote) = dry_run::load_for(plan_path)?;
        let on = dry_run::Where {
            allowed: &allowed,
            remote: remote.as_ref(),
            cancel: None,
        };
        dry_run::apply_on(&store, &plan, on, lang)
    });
    match report {
        Ok(report) => {
            outln!("{}", lang.applied(report.applied, report.skipped.len()));
            for reason in &report.skipped {
                outln!("{}", lang.apply_refused(reason));
            }
            if let Some(session) = report.session {
                outln!("{}", lang.changes_journaled(&session));
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

/// `tidyup plan show PLAN [--json]`: the plan whole, as a table grouped by
/// destination, or as JSON (see [`PlanView`]).
pub fn show_plan(plan_path: &Path, json: bool, lang: Lang) -> ExitCode {
    let (plan, remote) = match dry_run::load_for(plan_path) {
        Ok(loaded) => loaded,
        Err(err) => return fail(&err, 1),
    };
    let view = PlanView {
        remote: remote.map(|address| address.to_string()),
        ..PlanView::of(&plan)
    };
    if json {
        match serde_json::to_string_pretty(&view) {
            Ok(text) => outln!("{text}"),
            Err(err) => return fail(&err.into(), 1),
        }
    } else {
        for line in view.table(lang) {
            outln!("{line}");
        }
    }
    ExitCode::SUCCESS
}
