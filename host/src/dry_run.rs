//! Dry-run plans: saving what a `--dry-run` session would have done, and
//! `tidyup apply`, which carries a plan out later through the sandbox and
//! the journal, refusing steps whose source has changed since (any edit:
//! see [`Fingerprint`]) or looks in use now (the core's
//! [`tidyup_core::in_use`]: a download being written, a lock file).

use crate::words::{InUseWords, SessionWords, UndoApplyWords};
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};
use tidyup_core::{FileSystem, InUse, Lang, companions, in_use};

use crate::failure::Failure;
use crate::fs::{Fingerprint, HostFs, PlanStep, Protected};
use crate::journal::{Journal, JournalStore, JournaledFs, SessionKind};

/// A saved plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DryRunPlan {
    /// The target directory it was made for.
    pub target: PathBuf,
    /// The sandbox roots, or `None` when the sandbox was off.
    pub roots: Option<Vec<PathBuf>>,
    /// When it was made (RFC 3339, local time).
    pub created: String,
    /// The changes, in order.
    pub steps: Vec<PlanStep>,
}

impl DryRunPlan {
    /// Writes the plan under the store's plans directory; returns its path.
    pub fn save(&self, store: &JournalStore) -> anyhow::Result<PathBuf> {
        let dir = store.plans_dir();
        fs::create_dir_all(&dir)?;
        let name = self
            .target
            .file_name()
            .map_or_else(|| "root".into(), crate::fs::names::shown);
        let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S");
        let mut path = dir.join(format!("{stamp}-{name}.json"));
        let mut n = 2;
        while path.exists() {
            path = dir.join(format!("{stamp}-{name}-{n}.json"));
            n += 1;
        }
        fs::write(&path, serde_json::to_vec_pretty(self)?)?;
        Ok(path)
    }

    /// Reads a plan file. Plans saved by earlier versions, whose
    /// fingerprints cannot show every edit, are refused.
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text = crate::regular_file::read_to_string(path)
            .with_context(|| Failure::CannotRead(path.display().to_string()))?;
        let plan: Self = serde_json::from_str(&text)
            .with_context(|| Failure::NotAPlan(path.display().to_string()))?;
        let complete = plan.steps.iter().all(|step| match step {
            PlanStep::CreateFolder { .. } => true,
            PlanStep::Move { source, .. } | PlanStep::Delete { source, .. } => source.is_complete(),
        });
        if !complete {
            bail!(Failure::PlanFromAnEarlierVersion(
                path.display().to_string()
            ));
        }
        Ok(plan)
    }
}

/// One line per step, for people, in `lang`.
pub fn describe(steps: &[PlanStep], lang: Lang) -> Vec<String> {
    steps
        .iter()
        .map(|step| match step {
            PlanStep::CreateFolder { path } => lang.plan_create_folder(path),
            PlanStep::Move {
                from, to, replaces, ..
            } => lang.plan_move(from, to, *replaces),
            PlanStep::Delete { path, .. } => lang.plan_delete(path),
        })
        .collect()
}

/// What `tidyup apply` did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ApplyReport {
    /// Steps carried out.
    pub applied: usize,
    /// Steps refused, with the reason.
    pub skipped: Vec<String>,
    /// The journal session (for `tidyup undo`), when anything changed.
    pub session: Option<String>,
    /// Moves and deletes carried out (of `applied`).
    pub moved: usize,
    /// Whether [`ApplyWatch::stop`] stopped it before its last step.
    pub stopped: bool,
    /// Moves and deletes not tried because it stopped.
    pub left: usize,
}

/// Told how an apply goes, step by step, and asked whether to stop.
pub trait ApplyWatch {
    /// A move or delete was tried (carried out or refused): `done` of
    /// `total` now, `name` the item's name.
    fn step(&mut self, done: usize, total: usize, name: &str);
    /// Whether to stop before the next move or delete: the step in
    /// progress always ends, so the journal holds exactly what was done.
    fn stop(&self) -> bool;
}

/// No one watching: every step runs.
struct Unwatched;

impl ApplyWatch for Unwatched {
    fn step(&mut self, _: usize, _: usize, _: &str) {}
    fn stop(&self) -> bool {
        false
    }
}

/// Carries out a plan through the sandbox of its roots, the excludes of the
/// target's rules file and a new journaled session. A step whose source is gone or changed, or whose destination
/// appeared since, is refused and reported; the others go on. A planned
/// folder is made only when a move into it (or below it) is carried out,
/// just before that move, so a plan whose moves are refused leaves no empty
/// folder behind; a folder planned with no move into it at all (one asked
/// for empty) is made at the end.
pub fn apply(store: &JournalStore, plan: &DryRunPlan, lang: Lang) -> anyhow::Result<ApplyReport> {
    apply_watched(store, plan, lang, SessionKind::Session, &mut Unwatched)
}

/// [`apply`] as a session of `kind`, telling `watch` of each move or
/// delete and stopping when it asks (the folders planned empty are then
/// not made either).
pub fn apply_watched(
    store: &JournalStore,
    plan: &DryRunPlan,
    lang: Lang,
    kind: SessionKind,
    watch: &mut dyn ApplyWatch,
) -> anyhow::Result<ApplyReport> {
    let inner = crate::fs::base(plan.roots.as_deref(), &Protected::tidyup_own(store.root()))
        .context(Failure::CannotOpenPlanRoots)?;
    // The rules file as it is now: what it protects today stays untouched.
    let target = std::path::Path::new(&plan.target);
    let rules = crate::rules_file::load(target, None)?;
    let inner = crate::fs::with_rules(inner, target, rules.as_ref(), plan.roots.as_deref())?;
    let journal = Journal::of_kind(store.clone(), &plan.target, plan.roots.clone(), kind);
    let mut files = JournaledFs::new(inner, journal);
    let mut report = ApplyReport::default();
    let mut placed = Placed::default();
    let mut folders = Deferred::default();
    let total = plan
        .steps
        .iter()
        .filter(|step| !matches!(step, PlanStep::CreateFolder { .. }))
        .count();
    let mut done = 0;
    for (step, line) in plan.steps.iter().zip(describe(&plan.steps, lang)) {
        let path = match step {
            PlanStep::CreateFolder { path } => {
                folders.pending.push((path.clone(), line));
                continue;
            }
            PlanStep::Move { from: path, .. } | PlanStep::Delete { path, .. } => path,
        };
        if watch.stop() {
            report.stopped = true;
            report.left = total - done;
            break;
        }
        match check_and_run(&mut files, &mut placed, &mut folders, step, lang) {
            Ok(()) => {
                report.applied += 1;
                report.moved += 1;
            }
            Err(reason) => report.skipped.push(format!("{line}: {reason}")),
        }
        done += 1;
        watch.step(done, total, path.rsplit(['/', '\\']).next().unwrap_or(path));
    }
    report.applied += folders.made;
    if report.stopped {
        folders.pending.clear();
    }
    for (path, line) in folders.pending {
        let wanted_empty = !plan.steps.iter().any(|step| {
            matches!(step, PlanStep::Move { to, .. } if parent(to).is_some_and(|p| at_or_below(p, &path)))
        });
        let made = match wanted_empty {
            true => files
                .create_dir_all(&path)
                .map_err(|e| lang.host_failure(&e)),
            false => Err(lang.apply_folder_not_needed()),
        };
        match made {
            Ok(()) => report.applied += 1,
            Err(reason) => report.skipped.push(format!("{line}: {reason}")),
        }
    }
    report.session = files
        .journal()
        .has_changes()
        .then(|| files.journal().session().to_owned());
    Ok(report)
}

/// The items this apply has moved, by where they now are, with their
/// fingerprints right after: a later step on such an item expects exactly
/// that (a move itself changes an item's ctime, and across file systems
/// its identity).
#[derive(Default)]
struct Placed(HashMap<String, Fingerprint>);

impl Placed {
    /// Whether `now`, found at `path`, is what the plan (or this apply) left there.
    fn unchanged(&self, path: &str, planned: &Fingerprint, now: &Fingerprint) -> bool {
        match self.0.get(path) {
            Some(left) => left == now,
            None => planned.matches(now),
        }
    }

    /// Notes the move `from` → `to`: what was placed at or below `from` is
    /// now below `to`, and `to` holds `now`.
    fn moved(&mut self, from: &str, to: &str, now: Option<Fingerprint>) {
        let carried: Vec<(String, Fingerprint)> = self
            .0
            .iter()
            .filter(|(path, _)| path.as_str() != from && at_or_below(path, from))
            .map(|(path, print)| (format!("{to}{}", &path[from.len()..]), print.clone()))
            .collect();
        self.removed(from);
        self.removed(to);
        self.0.extend(carried);
        if let Some(now) = now {
            self.0.insert(to.to_owned(), now);
        }
    }

    /// Notes that `path` (and what was below it) is gone.
    fn removed(&mut self, path: &str) {
        self.0.retain(|placed, _| !at_or_below(placed, path));
    }
}

/// The planned folders not made yet, each with its step's line, and how
/// many were made (each counts as an applied step).
#[derive(Default)]
struct Deferred {
    pending: Vec<(String, String)>,
    made: usize,
}

impl Deferred {
    /// Makes, in plan order, the pending folders that hold `to`: its
    /// folder and those above it.
    fn make_for<F: HostFs>(
        &mut self,
        files: &mut JournaledFs<F>,
        to: &str,
        lang: Lang,
    ) -> Result<(), String> {
        let Some(folder) = parent(to) else {
            return Ok(());
        };
        while let Some(at) = self
            .pending
            .iter()
            .position(|(path, _)| at_or_below(folder, path))
        {
            let path = &self.pending[at].0;
            files
                .create_dir_all(path)
                .map_err(|e| lang.host_failure(&e))?;
            self.pending.remove(at);
            self.made += 1;
        }
        Ok(())
    }
}

/// The folder `path` lies in (by either separator).
fn parent(path: &str) -> Option<&str> {
    path.rfind(['/', '\\']).map(|at| &path[..at])
}

/// Whether `path` is `root` or lies below it.
fn at_or_below(path: &str, root: &str) -> bool {
    path.strip_prefix(root)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '\\']))
}

/// Why the item at `path` looks in use now, if it does: by its name, or by
/// a download manager's file beside it (what cannot be looked at counts as
/// absent).
fn in_use_now<F: HostFs>(files: &mut JournaledFs<F>, path: &str) -> Option<InUse> {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    // The folder with its separator, as the path writes it.
    let folder = &path[..path.len() - name.len()];
    let beside: Vec<String> = companions(name)
        .into_iter()
        .filter(|other| {
            let at = format!("{folder}{other}");
            files.stat(&at).ok().flatten().is_some()
        })
        .collect();
    in_use(name, &|other| beside.iter().any(|b| b == other))
}

/// `Ok` when the item at `path` is as planned (or as this apply left it).
fn check_unchanged<F: HostFs>(
    files: &mut JournaledFs<F>,
    placed: &Placed,
    path: &str,
    planned: &Fingerprint,
    lang: Lang,
) -> Result<(), String> {
    match files.fingerprint(path) {
        Ok(Some(now)) if placed.unchanged(path, planned, &now) => Ok(()),
        Ok(Some(_)) => Err(lang.apply_changed_since_plan(path)),
        Ok(None) => Err(lang.apply_source_gone(path)),
        Err(err) => Err(err.message),
    }
}

fn check_and_run<F: HostFs>(
    files: &mut JournaledFs<F>,
    placed: &mut Placed,
    folders: &mut Deferred,
    step: &PlanStep,
    lang: Lang,
) -> Result<(), String> {
    match step {
        PlanStep::CreateFolder { path } => files
            .create_dir_all(path)
            .map_err(|e| lang.host_failure(&e)),
        PlanStep::Move {
            from,
            to,
            source,
            replaces,
        } => {
            check_unchanged(files, placed, from, source, lang)?;
            if let Some(why) = in_use_now(files, from) {
                return Err(lang.apply_source_in_use(from, why));
            }
            if !replaces && files.stat(to).map_err(|e| lang.host_failure(&e))?.is_some() {
                return Err(lang.apply_destination_taken(to));
            }
            folders.make_for(files, to, lang)?;
            files.rename(from, to).map_err(|e| lang.host_failure(&e))?;
            let now = files.fingerprint(to).ok().flatten();
            placed.moved(from, to, now);
            Ok(())
        }
        PlanStep::Delete { path, source } => {
            check_unchanged(files, placed, path, source, lang)?;
            files
                .remove_dir_all(path)
                .map_err(|e| lang.host_failure(&e))?;
            placed.removed(path);
            Ok(())
        }
    }
}
