//! The window's apply (the ticked rows, journaled as a `window` session,
//! with progress and stop; with `--dry-run` the plan saved instead), its
//! undo, and the `history` event.

use crate::words::{CommandsWords, SessionWords, WindowWords};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

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
    let (lang, dry_run, allowed) = {
        let status = shared.status();
        let settings = &status.settings;
        let allowed = Allowed::of_roots(settings.roots.as_deref());
        (settings.client.lang, settings.dry_run, allowed)
    };
    let store = shared.store.clone();
    let mut watch = Progress {
        hub: shared.hub.clone(),
        stop: Arc::clone(&shared.stop),
    };
    let done = tokio::task::spawn_blocking(move || {
        if dry_run {
            return saved(&store, &plan, lang);
        }
        let kind = SessionKind::Window;
        crate::dry_run::apply_watched(&store, &plan, &allowed, lang, kind, &mut watch)
            .map(|report| applied(&report, unticked, lang))
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
    shared.hub.send(history_event(&shared.store));
}

/// Tells the page of each step and stops when asked.
struct Progress {
    hub: Hub,
    stop: Arc<AtomicBool>,
}

impl ApplyWatch for Progress {
    fn step(&mut self, done: usize, total: usize, name: &str) {
        self.hub
            .send(json!({"kind": "progress", "done": done, "total": total, "name": name}));
    }

    fn stop(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }
}

/// The report of an apply of a plan table with `unticked` rows left out.
fn applied(report: &crate::dry_run::ApplyReport, unticked: usize, lang: Lang) -> Value {
    let mut lines = vec![lang.applied(report.applied, report.skipped.len())];
    lines.extend(
        report
            .skipped
            .iter()
            .map(|reason| lang.apply_refused(reason)),
    );
    if report.stopped {
        lines.push(lang.window_stopped_left(report.left));
    }
    if unticked > 0 {
        lines.push(lang.window_unticked_left(unticked));
    }
    if let Some(session) = &report.session {
        lines.push(lang.changes_journaled(session));
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
fn saved(store: &JournalStore, plan: &DryRunPlan, lang: Lang) -> anyhow::Result<Value> {
    if plan.steps.is_empty() {
        return Ok(report(
            lang.window_saved_title(),
            vec![lang.window_nothing_ticked()],
        ));
    }
    let path = crate::dry_run::save(plan, store)?;
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
            let mut lines =
                vec![lang.undo_done(&undone.session, undone.reversed, undone.skipped.len())];
            lines.extend(
                undone
                    .skipped
                    .iter()
                    .map(|reason| lang.undo_skipped(reason)),
            );
            json!({
                "kind": "report", "title": lang.window_undone_title(), "lines": lines,
                "session": undone.session, "moved": undone.reversed,
                "left": undone.skipped.len(), "stopped": false,
            })
        }
        Ok(Err(err)) => match err.downcast_ref::<UndoRefusal>() {
            Some(refusal) => failed(&refusal.text(lang), lang),
            None => failed(&format!("{err:#}"), lang),
        },
        Err(err) => failed(&err.to_string(), lang),
    };
    finish(shared, report);
}

/// The `history` event: every journaled session, newest first.
pub fn history_event(store: &JournalStore) -> Value {
    json!({"kind": "history", "sessions": sessions(store)})
}

/// The sessions of `api/history`, newest first.
pub fn sessions(store: &JournalStore) -> Value {
    let sessions = journal::history(store).unwrap_or_default();
    Value::Array(
        sessions
            .iter()
            .rev()
            .map(|s| {
                json!({
                    "id": s.session,
                    "when": when(&s.session),
                    "folder": s.target.display().to_string(),
                    "kind": s.kind,
                    "created": s.created,
                    "moved": s.moved,
                    "trashed": s.trashed,
                    "undone": s.undone,
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
