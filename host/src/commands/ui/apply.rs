//! The window's apply (the ticked rows, journaled as a `window` session,
//! with progress and stop; with `--dry-run` the plan saved instead), its
//! undo, and the `history` event.

use crate::words::{CommandsWords, HistoryWords, SessionWords, WindowWords};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tidyup_core::Lang;

use super::hub::Hub;
use super::shared::{Shared, lock};
use super::status::Phase;
use crate::dry_run::{Allowed, ApplyWatch, DryRunPlan};
use crate::journal::{self, JournalStore, SessionKind, UndoRefusal};

/// Carries out `plan` (or saves it, in a dry run) and sends the report
/// and the history; `unticked` files of the plan table were left out by
/// the person, and the report counts them among those left.
pub async fn apply(shared: &Arc<Shared>, plan: DryRunPlan, unticked: usize) {
    let (lang, dry_run, allowed, remote) = {
        let status = shared.status();
        let settings = &status.settings;
        let allowed = Allowed::of_roots(settings.roots.as_deref());
        let remote = settings.remote.clone();
        (status.page_lang, settings.dry_run, allowed, remote)
    };
    let store = shared.store.clone();
    // Stop reaches a remote request waiting on its server too.
    let cancel = shared.cancel.clone();
    let mut watch = Progress {
        hub: shared.hub.clone(),
        stop: Arc::clone(&shared.stop),
        last: None,
    };
    let done = tokio::task::spawn_blocking(move || {
        if dry_run {
            return saved(&store, &plan, remote.as_ref(), lang);
        }
        let kind = SessionKind::Window;
        let on = crate::dry_run::Where {
            allowed: &allowed,
            remote: remote.as_ref(),
            cancel: Some(&cancel),
        };
        crate::dry_run::apply_watched(&store, &plan, on, lang, kind, &mut watch)
            .map(|report| applied(&report, &plan.target, unticked, lang))
    })
    .await;
    let report = match done {
        Ok(Ok(report)) => report,
        Ok(Err(err)) => failed(&format!("{err:#}"), lang),
        Err(err) => failed(&err.to_string(), lang),
    };
    if let Some(session) = report["session"].as_str() {
        lock(&shared.applied).push(session.to_owned());
    }
    // Carried out: the plan cannot be applied again.
    shared.status().plan = None;
    finish(shared, report);
}

/// Ends an apply or an undo: the phase is `done` before the page reads the
/// report, so an action it takes on reading it (undo) is never refused as
/// busy; then the report and the history.
fn finish(shared: &Shared, report: Value) {
    shared.set_phase(Phase::Done);
    shared.hub.send(report);
    shared.hub.send(history_event(shared));
}

/// Tells the page how far an apply is, at most every [`PROGRESS_EVERY`]
/// (and of its first and last file), and stops when asked.
struct Progress {
    hub: Hub,
    stop: Arc<AtomicBool>,
    /// When the last `progress` event was sent.
    last: Option<Instant>,
}

/// How often a `progress` event is sent while files move: a person reads
/// no faster, and an apply of many thousand files is not slowed by them.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

impl ApplyWatch for Progress {
    fn step(&mut self, done: usize, total: usize, name: &str) {
        let due = self
            .last
            .is_none_or(|last| last.elapsed() >= PROGRESS_EVERY);
        if !(due || done == total) {
            return;
        }
        self.last = Some(Instant::now());
        self.hub
            .send(json!({"kind": "progress", "done": done, "total": total, "name": name}));
    }

    fn stop(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }
}

/// The report of an apply on `target` of a plan table with `unticked`
/// rows left out: how many files moved and into which folders, what went
/// to the trash, what was refused and why, what stays.
fn applied(
    report: &crate::dry_run::ApplyReport,
    target: &Path,
    unticked: usize,
    lang: Lang,
) -> Value {
    let root = crate::fs::names::shown_path(target);
    let folders: Vec<(String, usize)> = report
        .moved_into
        .iter()
        .map(|(folder, n)| {
            let inside = folder.strip_prefix(root.as_str()).unwrap_or(folder);
            (inside.trim_start_matches(['/', '\\']).to_owned(), *n)
        })
        .collect();
    let moved = report.moved - report.trashed;
    let mut lines = Vec::new();
    if moved > 0 {
        lines.push(lang.window_moved_into(moved, &folders));
    }
    if report.trashed > 0 {
        lines.push(lang.window_trashed(report.trashed));
    }
    if !report.skipped.is_empty() {
        lines.push(lang.window_refused(report.skipped.len()));
        lines.extend(report.skipped.iter().map(|reason| format!("  {reason}")));
    }
    if report.stopped {
        lines.push(lang.window_stopped_left(report.left));
    }
    if unticked > 0 {
        lines.push(lang.window_unticked_left(unticked));
    }
    if report.session.is_some() {
        lines.push(lang.window_undo_hint());
    }
    json!({
        "kind": "report",
        "title": lang.window_applied_title(report.stopped),
        "lines": lines,
        "session": report.session,
        "moved": report.moved,
        "left": report.left + report.skipped.len() + unticked,
        "stopped": report.stopped,
    })
}

/// `--dry-run`: the plan saved for `tidyup apply`, the report saying where.
fn saved(
    store: &JournalStore,
    plan: &DryRunPlan,
    remote: Option<&crate::remote::RemoteAddress>,
    lang: Lang,
) -> anyhow::Result<Value> {
    if plan.steps.is_empty() {
        return Ok(report(
            lang.window_saved_title(),
            vec![lang.window_nothing_ticked()],
        ));
    }
    let path = crate::dry_run::save_for(plan, store, remote)?;
    let mut lines = vec![lang.dry_run_plan_heading(plan.steps.len())];
    lines.extend(
        crate::dry_run::describe(&plan.steps, lang)
            .into_iter()
            .map(|l| format!("  {l}")),
    );
    lines.push(lang.plan_saved_to(&path.display().to_string()));
    Ok(report(lang.window_saved_title(), lines))
}

/// A report of nothing changed.
fn report(title: String, lines: Vec<String>) -> Value {
    json!({
        "kind": "report", "title": title, "lines": lines, "session": null,
        "moved": 0, "left": 0, "stopped": false,
    })
}

/// The report of an action that failed: `text` says why.
fn failed(text: &str, lang: Lang) -> Value {
    report(lang.window_failed_title(), vec![text.to_owned()])
}

/// Reverses `session`, then sends the report and the history.
pub async fn undo(shared: &Arc<Shared>, session: String) {
    let lang = shared.lang();
    let store = shared.store.clone();
    let done =
        tokio::task::spawn_blocking(move || journal::undo(&store, Some(&session), lang)).await;
    let report = match done {
        Ok(Ok(undone)) => {
            let mut lines = vec![lang.window_put_back(undone.put_back)];
            let left = undone.skipped.len() + undone.unfinished.len();
            if left > 0 {
                lines.push(lang.window_not_put_back(left));
                let reasons = undone.skipped.iter().chain(&undone.unfinished);
                lines.extend(reasons.map(|reason| format!("  {reason}")));
            }
            if !undone.unfinished.is_empty() {
                lines.push(lang.undo_unfinished(&undone.session, undone.unfinished.len()));
            }
            json!({
                "kind": "report", "title": lang.window_undone_title(), "lines": lines,
                "session": undone.session, "moved": undone.put_back,
                "left": left, "stopped": !undone.unfinished.is_empty(),
            })
        }
        Ok(Err(err)) => match err.downcast_ref::<UndoRefusal>() {
            Some(UndoRefusal::Watched { .. }) => failed(&lang.window_undo_watched(), lang),
            Some(UndoRefusal::FolderGone { .. }) => failed(&lang.window_folder_gone(), lang),
            Some(refusal) => failed(&refusal.text(lang), lang),
            None => failed(&format!("{err:#}"), lang),
        },
        Err(err) => failed(&err.to_string(), lang),
    };
    finish(shared, report);
}

/// The `history` event: every journaled session, this folder's first,
/// each newest first.
pub fn history_event(shared: &Shared) -> Value {
    json!({"kind": "history", "sessions": history_of(shared)})
}

/// The history as the window lists it: [`sessions`] of the window's folder.
pub fn history_of(shared: &Shared) -> Value {
    let folder = shared.status().settings.target_dir.clone();
    sessions(&shared.store, &folder)
}

/// Every journaled session, those of `folder` first, each part newest
/// first; `here` marks `folder`'s, `gone` one whose folder no longer
/// exists (nothing of it can be put back).
pub fn sessions(store: &JournalStore, folder: &Path) -> Value {
    let sessions = journal::history(store).unwrap_or_default();
    let (here, elsewhere): (Vec<_>, Vec<_>) = sessions
        .iter()
        .rev()
        .partition(|s| s.remote.is_none() && s.target == folder);
    Value::Array(
        here.into_iter()
            .map(|s| (s, true))
            .chain(elsewhere.into_iter().map(|s| (s, false)))
            .map(|(s, here)| {
                json!({
                    "id": s.session,
                    "when": when(&s.session),
                    "folder": s.folder(),
                    "kind": s.kind,
                    "created": s.created,
                    "moved": s.moved,
                    "trashed": s.trashed,
                    "undone": s.undone,
                    "here": here,
                    "gone": s.folder_gone(),
                })
            })
            .collect(),
    )
}

/// When a session started, from its name (`20250102-030405-…`):
/// `2025-01-02 03:04:05`, local time.
fn when(session: &str) -> String {
    let stamp: Vec<char> = session.chars().take(15).collect();
    let digits = |range: std::ops::Range<usize>| stamp[range].iter().collect::<String>();
    if stamp.len() < 15 || stamp[8] != '-' {
        return String::new();
    }
    format!(
        "{}-{}-{} {}:{}:{}",
        digits(0..4),
        digits(4..6),
        digits(6..8),
        digits(9..11),
        digits(11..13),
        digits(13..15)
    )
}
