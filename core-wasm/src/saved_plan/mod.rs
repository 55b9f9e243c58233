//! A saved plan: what a dry run would do, as the JSON file `tidyup apply`
//! carries out later, and reading one ([`SavedPlan::read`]). Pure data and
//! checks, no IO: the host reads the file's text and decides what the
//! person allows now; the checks here make sure that whatever a plan file
//! says, every step stays inside the folders it names and every source is
//! identified.

mod check;

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::ports::EntryKind;

pub use check::PlanProblem;

/// A saved plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedPlan {
    /// The target directory it was made for: absolute, names only (no `.`
    /// or `..`), UTF-8.
    pub target: PathBuf,
    /// The sandbox roots it was made with (the target and what `--allow`
    /// added), or `None` when the sandbox was off. Applying reaches beyond
    /// the target only where the person allows it again then.
    pub roots: Option<Vec<PathBuf>>,
    /// When it was made (RFC 3339, local time).
    pub created: String,
    /// The rules file that governed it, when one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<PlanRules>,
    /// The changes, in order.
    pub steps: Vec<PlanStep>,
}

/// The rules file a plan was made under: applying it enforces that file,
/// and refuses when it is gone or its text changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanRules {
    /// Where it was read from.
    pub path: PathBuf,
    /// `blake3:` and the hex hash of its bytes then.
    pub content: String,
}

/// One change of a plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum PlanStep {
    /// Create a folder (and its missing parents).
    CreateFolder {
        /// The folder.
        path: String,
    },
    /// Move or rename an item.
    Move {
        /// Where it is.
        from: String,
        /// Where it goes.
        to: String,
        /// The source as planned.
        source: Fingerprint,
        /// Whether an item at `to` is replaced.
        replaces: bool,
    },
    /// Delete an item.
    Delete {
        /// The item.
        path: String,
        /// The item as planned.
        source: Fingerprint,
    },
}

impl PlanStep {
    /// The paths the step names: the folder, the move's two ends, the item.
    pub fn paths(&self) -> Vec<&str> {
        match self {
            PlanStep::CreateFolder { path } | PlanStep::Delete { path, .. } => vec![path],
            PlanStep::Move { from, to, .. } => vec![from, to],
        }
    }
}

/// What a step's source looked like when planned, precise enough that
/// `tidyup apply` notices any edit made since (the host fills it in: size,
/// times to the nanosecond, status-change time, device and inode, a hash of
/// the bytes of a file up to 64 MiB). A folder's fingerprint is its kind
/// and identity: its content may change, it is still the folder. Where
/// folders have no identity (a remote folder), it is what the folder
/// holds: a folder changed since is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// File, folder or link.
    pub kind: EntryKind,
    /// Size in bytes (not for folders).
    pub size: Option<u64>,
    /// Modification time in whole seconds (not for folders).
    pub modified: Option<i64>,
    /// The finer detail; absent only in plans saved by earlier versions,
    /// which are refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<Detail>,
}

/// The parts of a fingerprint that catch any edit.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Detail {
    /// Modification time, nanoseconds since the Unix epoch.
    pub modified_ns: Option<i64>,
    /// Status-change time (ctime), nanoseconds since the Unix epoch.
    pub changed_ns: Option<i64>,
    /// Device and file number.
    pub file_id: Option<(u64, u64)>,
    /// `blake3:` and the hex hash of the bytes (files up to 64 MiB); for
    /// a folder of a file system without file numbers (a remote folder),
    /// `listing:blake3:` and the hash of its entries (names, kinds, sizes,
    /// times).
    pub content: Option<String>,
}

impl Fingerprint {
    /// The fingerprint of a folder a plan creates: it has no identity yet,
    /// so it matches no folder on disk (only the one the apply made).
    pub fn new_folder() -> Self {
        Self {
            kind: EntryKind::Dir,
            size: None,
            modified: None,
            detail: Some(Detail::default()),
        }
    }

    /// Whether this fingerprint has the detail that catches any edit
    /// (plans saved by earlier versions lack it).
    pub fn is_complete(&self) -> bool {
        self.detail.is_some()
    }

    /// Whether it tells one item from every other: a folder by its device
    /// and file number (or, without them, by what it holds), anything else
    /// by its size and either its identity or the hash of its bytes.
    pub fn identifies(&self) -> bool {
        let Some(detail) = &self.detail else {
            return false;
        };
        match self.kind {
            EntryKind::Dir => detail.file_id.is_some() || detail.content.is_some(),
            EntryKind::File | EntryKind::Symlink | EntryKind::Other => {
                self.size.is_some() && (detail.file_id.is_some() || detail.content.is_some())
            }
        }
    }

    /// Whether the item now at the planned place, with fingerprint `now`,
    /// is the one planned, unchanged: a folder is the same folder (by its
    /// file number; without one, holding the same entries), anything else
    /// equal in every part. A fingerprint that identifies nothing matches
    /// nothing.
    pub fn matches(&self, now: &Fingerprint) -> bool {
        if !self.identifies() || now.kind != self.kind {
            return false;
        }
        match (self.kind, &self.detail, &now.detail) {
            (EntryKind::Dir, Some(planned), Some(current)) if planned.file_id.is_some() => {
                planned.file_id == current.file_id
            }
            (EntryKind::Dir, Some(planned), Some(current)) => planned.content == current.content,
            (_, Some(_), Some(_)) => self == now,
            (_, None, _) | (_, _, None) => false,
        }
    }
}

impl SavedPlan {
    /// Reads a plan file's text and checks it (see [`PlanProblem`]): the
    /// target and roots absolute paths of plain names, every step's paths
    /// strictly inside the target or one of the roots (the target alone
    /// when the plan has none), every source fingerprint complete and
    /// identifying (a folder without identity only where the plan itself
    /// made it).
    pub fn read(text: &str) -> Result<Self, PlanProblem> {
        let plan: Self =
            serde_json::from_str(text).map_err(|err| PlanProblem::NotAPlan(err.to_string()))?;
        check::check(&plan)?;
        Ok(plan)
    }

    /// The folders its steps may lie in: the target, then each root.
    pub fn folders(&self) -> Vec<&std::path::Path> {
        let mut folders = vec![self.target.as_path()];
        folders.extend(self.roots.iter().flatten().map(PathBuf::as_path));
        folders
    }

    /// Whether `path` lies strictly inside `folder`, as [`SavedPlan::read`]
    /// compares them (in the style of this plan's target).
    pub fn inside(&self, folder: &str, path: &str) -> bool {
        check::inside(self.target.to_str().unwrap_or_default(), folder, path)
    }
}
