//! Dry-run plans: saving what a `--dry-run` session would have done, and
//! `tidyup apply`, which carries a plan out later through the sandbox and
//! the journal, refusing steps whose source has changed since.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};
use tidyup_core::FileSystem;

use crate::fs::{Fingerprint, HostFs, PlanStep, RealFs, SandboxFs};
use crate::journal::{Journal, JournaledFs, Store};

/// A saved plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// The target directory it was made for.
    pub target: PathBuf,
    /// The sandbox roots, or `None` when the sandbox was off.
    pub roots: Option<Vec<PathBuf>>,
    /// When it was made (RFC 3339, local time).
    pub created: String,
    /// The changes, in order.
    pub steps: Vec<PlanStep>,
}

impl Plan {
    /// Writes the plan under the store's plans directory; returns its path.
    pub fn save(&self, store: &Store) -> anyhow::Result<PathBuf> {
        let dir = store.plans_dir();
        fs::create_dir_all(&dir)?;
        let name = self
            .target
            .file_name()
            .map_or_else(|| "root".into(), |n| n.to_string_lossy());
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

    /// Reads a plan file.
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text =
            fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        serde_json::from_str(&text)
            .with_context(|| format!("{} is not a tidyup plan", path.display()))
    }
}

/// One line per step, for people.
pub fn describe(steps: &[PlanStep]) -> Vec<String> {
    steps
        .iter()
        .map(|step| match step {
            PlanStep::CreateFolder { path } => format!("create folder {path}"),
            PlanStep::Move {
                from, to, replaces, ..
            } => {
                let replacing = if *replaces { " (replacing it)" } else { "" };
                format!("move {from} → {to}{replacing}")
            }
            PlanStep::Delete { path, .. } => format!("delete {path}"),
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
}

/// Carries out a plan through the sandbox of its roots and a new journaled
/// session. A step whose source is gone or changed, or whose destination
/// appeared since, is refused and reported; the others go on.
pub fn apply(store: &Store, plan: &Plan) -> anyhow::Result<ApplyReport> {
    let inner: Box<dyn HostFs> = match &plan.roots {
        Some(roots) => {
            Box::new(SandboxFs::new(roots).context("cannot open the plan's directories")?)
        }
        None => Box::new(RealFs),
    };
    let journal = Journal::new(store.clone(), &plan.target, plan.roots.clone());
    let mut files = JournaledFs::new(inner, journal);
    let mut report = ApplyReport::default();
    for (step, line) in plan.steps.iter().zip(describe(&plan.steps)) {
        match check_and_run(&mut files, step) {
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

fn check_and_run(files: &mut impl FileSystem, step: &PlanStep) -> Result<(), String> {
    let unchanged =
        |files: &mut dyn FileSystem, path: &str, planned: &Fingerprint| match files.stat(path) {
            Ok(Some(entry)) if Fingerprint::of(&entry) == *planned => Ok(()),
            Ok(Some(_)) => Err(format!("{path} has changed since the plan")),
            Ok(None) => Err(format!("{path} is gone")),
            Err(err) => Err(err.message),
        };
    match step {
        PlanStep::CreateFolder { path } => files.create_dir_all(path).map_err(|e| e.message),
        PlanStep::Move {
            from,
            to,
            source,
            replaces,
        } => {
            unchanged(files, from, source)?;
            if !replaces && files.stat(to).map_err(|e| e.message)?.is_some() {
                return Err(format!("something is at {to} now"));
            }
            files.rename(from, to).map_err(|e| e.message)
        }
        PlanStep::Delete { path, source } => {
            unchanged(files, path, source)?;
            files.remove_dir_all(path).map_err(|e| e.message)
        }
    }
}
