//! Dry-run plans: saving what a `--dry-run` session would have done, and
//! `tidyup apply`, which carries a plan out later through the sandbox and
//! the journal, refusing steps whose source has changed since (any edit:
//! see [`Fingerprint`]) or looks in use now (the core's
//! [`tidyup_core::in_use`]: a download being written, a lock file).

mod batch;
mod grant;
mod placed;

use crate::journal::StackSpec;
use crate::words::{InUseWords, SessionWords, UndoApplyWords};
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context;
use std::collections::HashSet;

use tidyup_core::{BatchMove, FileSystemExt, InUse, Lang, PlanProblem, companions, in_use};

use crate::failure::Failure;
use crate::fs::{Fingerprint, HostFs, PlanStep, Protected};
use crate::journal::{Journal, JournalStore, JournaledFs, SessionKind};
use batch::{Batch, ancestors};
use placed::{Deferred, Placed, at_or_below, parent};

pub use grant::{Allowed, record as rules_record};

/// A saved plan: the core's `SavedPlan`, its reading and checks pure.
pub use tidyup_core::SavedPlan as DryRunPlan;

/// Writes `plan` under the store's plans directory; returns its path.
pub fn save(plan: &DryRunPlan, store: &JournalStore) -> anyhow::Result<PathBuf> {
    save_for(plan, store, None)
}

/// [`save`] of a plan of the remote folder `remote`, when it is one: the
/// file also names the folder (`remote`, its address without password),
/// so `tidyup apply` carries it out there and never on this machine.
pub fn save_for(
    plan: &DryRunPlan,
    store: &JournalStore,
    remote: Option<&crate::remote::RemoteAddress>,
) -> anyhow::Result<PathBuf> {
    let dir = store.plans_dir();
    fs::create_dir_all(&dir)?;
    let name = plan
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
    let mut value = serde_json::to_value(plan)?;
    if let (Some(address), Some(fields)) = (remote, value.as_object_mut()) {
        fields.insert("remote".into(), address.to_string().into());
    }
    fs::write(&path, serde_json::to_vec_pretty(&value)?)?;
    Ok(path)
}

/// Reads a plan file and checks it ([`DryRunPlan::read`]): plans saved by
/// earlier versions, whose fingerprints cannot show every edit, and plans
/// whose steps leave their folders or name no identified item are refused.
pub fn load(path: &Path) -> anyhow::Result<DryRunPlan> {
    let shown = path.display().to_string();
    let text = crate::regular_file::read_to_string(path)
        .with_context(|| Failure::CannotRead(shown.clone()))?;
    checked(&text, shown)
}

/// [`load`], and the remote folder the plan was made for (`None` for a
/// plan of this machine, see [`save_for`]), from one reading of the file.
pub fn load_for(path: &Path) -> anyhow::Result<(DryRunPlan, Option<crate::remote::RemoteAddress>)> {
    /// The one field of a plan file the core's plan does not read.
    #[derive(serde::Deserialize)]
    struct Remote {
        #[serde(default)]
        remote: Option<String>,
    }
    let shown = path.display().to_string();
    let text = crate::regular_file::read_to_string(path)
        .with_context(|| Failure::CannotRead(shown.clone()))?;
    let plan = checked(&text, shown)?;
    let remote = serde_json::from_str::<Remote>(&text)?
        .remote
        .map(|address| crate::remote::RemoteAddress::parse(&address))
        .transpose()
        .map_err(|err| anyhow::anyhow!(err.to_string()))?;
    Ok((plan, remote))
}

/// The plan `text` of the file `shown`, checked (see [`load`]).
fn checked(text: &str, shown: String) -> anyhow::Result<DryRunPlan> {
    DryRunPlan::read(text).map_err(|problem| match problem {
        PlanProblem::NotAPlan(cause) => anyhow::Error::msg(cause).context(Failure::NotAPlan(shown)),
        PlanProblem::EarlierVersion => Failure::PlanFromAnEarlierVersion(shown).into(),
        PlanProblem::NotAFolderPath(folder) => Failure::PlanFolderNotPlain {
            plan: shown,
            folder,
        }
        .into(),
        PlanProblem::Outside(step) => Failure::PlanStepOutside { plan: shown, step }.into(),
        PlanProblem::Unidentified(step) => {
            Failure::PlanSourceUnidentified { plan: shown, step }.into()
        }
    })
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
    /// Of `moved`, the items put in the trash (deletes).
    pub trashed: usize,
    /// The folders items were moved into (as the plan writes them), each
    /// with how many, in the order the first move reached each.
    pub moved_into: Vec<(String, usize)>,
}

impl ApplyReport {
    /// Notes a move into `to`'s folder carried out.
    fn moved_to(&mut self, to: &str) {
        self.applied += 1;
        self.moved += 1;
        let folder = parent(to).unwrap_or_default();
        match self.moved_into.iter_mut().find(|(at, _)| at == folder) {
            Some((_, count)) => *count += 1,
            None => self.moved_into.push((folder.to_owned(), 1)),
        }
    }
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

/// Carries out a plan in the sandbox of its target and of the folders
/// `allowed` now (never the roots the file names: a plan reaching beyond
/// them is refused whole, see [`Allowed`]), under the rules file it was
/// made under (refused when that is gone or changed) and in a new
/// journaled session. A step whose source is gone or changed, or whose
/// destination appeared since, is refused and reported; the others go on.
/// A planned folder is made only when a move into it (or below it, or of
/// it) is carried out, just before that move, so a plan whose moves are
/// refused leaves no empty folder behind; a folder planned with no move
/// into it at all (one asked for empty) is made at the end.
pub fn apply(
    store: &JournalStore,
    plan: &DryRunPlan,
    allowed: &Allowed,
    lang: Lang,
) -> anyhow::Result<ApplyReport> {
    let on = Where {
        allowed,
        remote: None,
        cancel: None,
    };
    apply_on(store, plan, on, lang)
}

/// [`apply`] where `on` says: in the remote folder it names, if any.
pub fn apply_on(
    store: &JournalStore,
    plan: &DryRunPlan,
    on: Where<'_>,
    lang: Lang,
) -> anyhow::Result<ApplyReport> {
    apply_watched(store, plan, on, lang, SessionKind::Session, &mut Unwatched)
}

/// Where a plan is carried out: the folders allowed, and the remote
/// folder they are in when the plan is of one.
#[derive(Clone, Copy)]
pub struct Where<'a> {
    /// The folders the plan may change.
    pub allowed: &'a Allowed,
    /// The remote folder, or `None` for this machine's.
    pub remote: Option<&'a crate::remote::RemoteAddress>,
    /// What stops a remote request waiting on its server (the window's
    /// stop); `None` where nothing does.
    pub cancel: Option<&'a crate::cancel::Cancel>,
}

/// [`apply`] as a session of `kind`, telling `watch` of each move or
/// delete and stopping when it asks (the folders planned empty are then
/// not made either).
pub fn apply_watched(
    store: &JournalStore,
    plan: &DryRunPlan,
    on: Where<'_>,
    lang: Lang,
    kind: SessionKind,
    watch: &mut dyn ApplyWatch,
) -> anyhow::Result<ApplyReport> {
    // A remote folder's plan reaches that folder only (its base refuses
    // any other path): nothing of this machine is granted.
    let roots = match on.remote {
        Some(_) => Some(vec![plan.target.clone()]),
        None => grant::roots(plan, on.allowed)?,
    };
    let rules = grant::rules(plan)?;
    let stack = StackSpec {
        roots: roots.as_deref(),
        protected: Protected::tidyup_own(store.root()),
        target: &plan.target,
        rules: rules.as_ref(),
        rules_roots: None,
        cannot_open: Failure::CannotOpenPlanRoots.to_string(),
        remote: on.remote,
        cancel: on.cancel.cloned(),
    };
    let journal =
        Journal::of_kind(store.clone(), &plan.target, roots.clone(), kind).on_remote(on.remote);
    let mut files = stack.journaled(journal)?;
    let mut run = Run {
        report: ApplyReport::default(),
        placed: Placed::default(),
        folders: Deferred::default(),
        batch: Batch::default(),
        watched: watched_paths(&plan.steps),
        total: plan
            .steps
            .iter()
            .filter(|step| !matches!(step, PlanStep::CreateFolder { .. }))
            .count(),
        done: 0,
        lang,
    };
    for (step, line) in plan.steps.iter().zip(describe(&plan.steps, lang)) {
        let (from, to) = match step {
            PlanStep::CreateFolder { path } => {
                run.folders.pending.push((path.clone(), line));
                continue;
            }
            PlanStep::Move {
                from,
                to,
                replaces: false,
                ..
            } => (from, Some(to)),
            PlanStep::Move { from: path, .. } | PlanStep::Delete { path, .. } => (path, None),
        };
        let waits = to.is_none_or(|to| run.batch.must_wait(from, to));
        if waits || watch.stop() {
            run.flush(&mut files, watch);
        }
        if watch.stop() {
            run.report.stopped = true;
            run.report.left = run.total - run.done;
            break;
        }
        match to {
            // A move that replaces nothing: checked now, made with its batch.
            Some(to) => match check_move(&mut files, &mut run.placed, &mut run.folders, step, lang)
            {
                Ok(true) => run.batch.push(from, to, line),
                Ok(false) => run.alone(&mut files, from, to, line, watch),
                Err(reason) => run.refused(format!("{line}: {reason}"), from, watch),
            },
            None => {
                match check_and_run(&mut files, &mut run.placed, &mut run.folders, step, lang) {
                    Ok(()) => match step {
                        PlanStep::Move { to, .. } => run.report.moved_to(to),
                        PlanStep::Delete { .. } | PlanStep::CreateFolder { .. } => {
                            run.report.applied += 1;
                            run.report.moved += 1;
                            run.report.trashed += 1;
                        }
                    },
                    Err(reason) => run.report.skipped.push(format!("{line}: {reason}")),
                }
                run.done += 1;
                watch.step(run.done, run.total, name_of(from));
            }
        }
    }
    if !run.report.stopped {
        run.flush(&mut files, watch);
    }
    let Run {
        mut report,
        mut folders,
        ..
    } = run;
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

/// Why the item at `path` looks held by a program now, if it does: by its
/// name, or by a download manager's file beside it (what cannot be looked
/// at counts as absent). A key or a launcher the plan names moves: the
/// person approved it.
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
    in_use(name, &|other| beside.iter().any(|b| b == other)).filter(|why| why.held_by_program())
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
        Err(err) => Err(crate::failure::worded(&err)),
    }
}

/// The name of the item at `path`.
fn name_of(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// The places a later step looks at through what this apply placed: every
/// source of a move or delete and each folder above it. An item moved to
/// one of them has its fingerprint taken right after the move.
fn watched_paths(steps: &[PlanStep]) -> HashSet<String> {
    let mut watched = HashSet::new();
    for step in steps {
        if let PlanStep::Move { from: path, .. } | PlanStep::Delete { path, .. } = step {
            watched.insert(path.clone());
            watched.extend(ancestors(path).map(str::to_owned));
        }
    }
    watched
}

/// An apply under way: its report, what it placed, the folders not made
/// yet and the moves checked but not made yet.
struct Run {
    report: ApplyReport,
    placed: Placed,
    folders: Deferred,
    batch: Batch,
    watched: HashSet<String>,
    total: usize,
    done: usize,
    lang: Lang,
}

impl Run {
    /// Notes a move or delete refused before it was made.
    fn refused(&mut self, reason: String, path: &str, watch: &mut dyn ApplyWatch) {
        self.report.skipped.push(reason);
        self.done += 1;
        watch.step(self.done, self.total, name_of(path));
    }

    /// Makes a checked move on its own, after the batch: `rename` writes
    /// the exact name its destination must have.
    fn alone<F: HostFs>(
        &mut self,
        files: &mut JournaledFs<F>,
        from: &str,
        to: &str,
        line: String,
        watch: &mut dyn ApplyWatch,
    ) {
        self.flush(files, watch);
        match files.rename(from, to) {
            Ok(()) => {
                let now = files.fingerprint(to).ok().flatten();
                self.placed.moved(from, to, now);
                self.report.moved_to(to);
            }
            Err(e) => {
                let reason = self.lang.host_failure(&e);
                self.report.skipped.push(format!("{line}: {reason}"));
            }
        }
        self.done += 1;
        watch.step(self.done, self.total, name_of(from));
    }

    /// Makes the batch's moves through the journal's batched path and
    /// notes how each went.
    fn flush<F: HostFs>(&mut self, files: &mut JournaledFs<F>, watch: &mut dyn ApplyWatch) {
        if self.batch.is_empty() {
            return;
        }
        let (moves, lines) = self.batch.take();
        let results: Vec<Result<(), String>> = match files.move_batch(&moves) {
            Ok(results) => results
                .into_iter()
                .map(|result| result.map_err(|e| self.lang.host_failure(&e)))
                .collect(),
            Err(err) => vec![Err(self.lang.host_failure(&err)); moves.len()],
        };
        for ((BatchMove { from, to }, line), result) in moves.iter().zip(lines).zip(results) {
            match result {
                Ok(()) => {
                    let now = match self.watched.contains(to) {
                        true => files.fingerprint(to).ok().flatten(),
                        false => None,
                    };
                    self.placed.moved(from, to, now);
                    self.report.moved_to(to);
                }
                Err(reason) => self.report.skipped.push(format!("{line}: {reason}")),
            }
            self.done += 1;
            watch.step(self.done, self.total, name_of(from));
        }
    }
}

/// Checks a move as [`check_and_run`] does, the folders it needs made,
/// without making it; `Ok(true)` when it writes its destination as given
/// (a batch may make it), `Ok(false)` when that name reaches another item
/// through a shown form (a single move writes the exact name then).
fn check_move<F: HostFs>(
    files: &mut JournaledFs<F>,
    placed: &mut Placed,
    folders: &mut Deferred,
    step: &PlanStep,
    lang: Lang,
) -> Result<bool, String> {
    let PlanStep::Move {
        from,
        to,
        source,
        replaces,
    } = step
    else {
        return Ok(true);
    };
    // Refused by a policy (an exclude): no folder is made for it.
    for path in [from, to] {
        files.may_change(path).map_err(|e| lang.host_failure(&e))?;
    }
    folders.make_within(files, placed, from, lang)?;
    check_unchanged(files, placed, from, source, lang)?;
    if let Some(why) = in_use_now(files, from) {
        return Err(lang.apply_source_in_use(from, why));
    }
    // Where the move writes: an item shown alike but spelled otherwise
    // (`caf%E9.txt` beside the bytes `caf\xE9.txt`) does not take it.
    let at = files
        .destination_of(from, to)
        .map_err(|e| lang.host_failure(&e))?;
    if !replaces
        && files
            .stat(&at)
            .map_err(|e| lang.host_failure(&e))?
            .is_some()
    {
        return Err(lang.apply_destination_taken(to));
    }
    folders.make_for(files, placed, to, lang)?;
    Ok(at == *to)
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
        PlanStep::Move { from, to, .. } => {
            // `rename` writes the exact name where it must.
            check_move(files, placed, folders, step, lang)?;
            files.rename(from, to).map_err(|e| lang.host_failure(&e))?;
            let now = files.fingerprint(to).ok().flatten();
            placed.moved(from, to, now);
            Ok(())
        }
        PlanStep::Delete { path, source } => {
            files.may_change(path).map_err(|e| lang.host_failure(&e))?;
            folders.make_within(files, placed, path, lang)?;
            check_unchanged(files, placed, path, source, lang)?;
            files
                .remove_dir_all(path)
                .map_err(|e| lang.host_failure(&e))?;
            placed.removed(path);
            Ok(())
        }
    }
}
