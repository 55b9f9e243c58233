//! [`OverlayFs`]: the dry run. Reads go to the real (sandboxed) file system;
//! changes land in an in-memory overlay, so the model's next `list_files`
//! sees the planned state while the disk stays exactly as it was. Every
//! change becomes a [`PlanStep`] that `tidyup apply` can carry out later.

use crate::fs::HostFsExt;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{MAIN_SEPARATOR, MAIN_SEPARATOR_STR, Path};

use tidyup_core::{
    Entry, EntryKind, ErrorCode, FileSample, FileSystem, FileSystemExt, FsAnswer, FsRequest,
    HostError, composed,
};

use super::names;
use super::{Fingerprint, HostFs, refuse_move_into_itself};

pub use tidyup_core::PlanStep;

/// A path of the overlay that is not (or no longer) the real one.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Node {
    /// A folder the plan creates.
    NewDir,
    /// A real item shown at another path (moved there by the plan).
    Moved { real: String },
}

/// Where a virtual path leads.
enum Resolved {
    Real(String),
    NewDir,
    Missing,
}

/// Reads through to `inner`; keeps changes in memory as a plan.
pub struct OverlayFs<F> {
    inner: F,
    added: BTreeMap<String, Node>,
    removed: BTreeSet<String>,
    steps: Vec<PlanStep>,
}

impl<F: HostFs> OverlayFs<F> {
    /// An empty overlay over `inner`.
    pub fn new(inner: F) -> Self {
        Self {
            inner,
            added: BTreeMap::new(),
            removed: BTreeSet::new(),
            steps: Vec::new(),
        }
    }

    /// The plan so far.
    pub fn steps(&self) -> &[PlanStep] {
        &self.steps
    }

    /// The file system under the plan: the folder as it is now.
    pub fn base(&mut self) -> &mut F {
        &mut self.inner
    }

    /// Follows a virtual path: the nearest overlay entry on it decides.
    fn resolve(&self, path: &str) -> Resolved {
        let mut current = Some(Path::new(path));
        let mut rest: Vec<&std::ffi::OsStr> = Vec::new();
        while let Some(here) = current {
            let key = names::shown_path(here);
            if let Some(node) = self.added.get(key.as_str()) {
                return match node {
                    Node::NewDir if rest.is_empty() => Resolved::NewDir,
                    Node::NewDir => Resolved::Missing,
                    Node::Moved { real } => {
                        let mut target = Path::new(real).to_path_buf();
                        target.extend(rest.iter().rev());
                        Resolved::Real(names::shown_path(&target))
                    }
                };
            }
            if self.removed.contains(key.as_str()) {
                return Resolved::Missing;
            }
            if let Some(name) = here.file_name() {
                rest.push(name);
            }
            current = here.parent();
        }
        Resolved::Real(path.to_owned())
    }

    /// Re-keys overlay entries below `from` to below `to`; drops what was below `to`.
    fn move_subtree(&mut self, from: &str, to: &str) {
        for key in keys_below(&self.added, to) {
            self.added.remove(&key);
        }
        for key in set_below(&self.removed, to) {
            self.removed.remove(&key);
        }
        for key in keys_below(&self.added, from) {
            if let Some(node) = self.added.remove(&key) {
                self.added
                    .insert(format!("{to}{}", &key[from.len()..]), node);
            }
        }
        for key in set_below(&self.removed, from) {
            self.removed.remove(&key);
            self.removed.insert(format!("{to}{}", &key[from.len()..]));
        }
    }

    /// The fingerprint of the item at the virtual `path`, for a plan step.
    fn fingerprint(&mut self, path: &str) -> Result<Fingerprint, HostError> {
        match self.resolve(path) {
            Resolved::Real(real) => self
                .inner
                .fingerprint(&real)?
                .ok_or_else(|| Self::missing(path)),
            Resolved::NewDir => Ok(Fingerprint::new_folder()),
            Resolved::Missing => Err(Self::missing(path)),
        }
    }

    /// Runs `f` as one operation of the file system below: each path it
    /// looks at is located once.
    fn operation<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        self.inner.begin_operation();
        let result = f(self);
        self.inner.end_operation();
        result
    }

    /// [`FileSystem::rename`] as a plan step: checked as the real move
    /// would be, then recorded.
    fn plan_move(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        self.inner.may_change(from)?;
        self.inner.may_change(to)?;
        refuse_move_into_itself(from, to)?;
        if self.stat(from)?.is_none() {
            return Err(Self::missing(from));
        }
        let source = self.fingerprint(from)?;
        let parent = Path::new(to).parent().map(names::shown_path);
        if let Some(parent) = parent {
            match self.stat(&parent)? {
                Some(entry) if entry.kind == EntryKind::Dir => {}
                Some(_) | None => return Err(Self::missing(to)),
            }
        }
        let replaces = self.stat(to)?.is_some();
        let node = match self.resolve(from) {
            Resolved::Real(real) => Node::Moved { real },
            Resolved::NewDir => Node::NewDir,
            Resolved::Missing => return Err(Self::missing(from)),
        };
        self.move_subtree(from, to);
        self.added.remove(from);
        self.removed.insert(from.to_owned());
        self.removed.remove(to);
        self.added.insert(to.to_owned(), node);
        self.steps.push(PlanStep::Move {
            from: from.to_owned(),
            to: to.to_owned(),
            source,
            replaces,
        });
        Ok(())
    }

    /// Takes back an empty folder the plan's last step created (as a refused
    /// move does with the destination folders it made): the plan keeps no
    /// trace of it, rather than a creation and a deletion.
    fn unmake_new_folder(&mut self, path: &str) -> bool {
        let empty_and_new = self.added.get(path) == Some(&Node::NewDir)
            && self.added.range(below_range(path)).next().is_none()
            && self.removed.range(below_range(path)).next().is_none();
        let step = self.steps.len().wrapping_sub(1);
        let made_last = matches!(self.steps.last(),
            Some(PlanStep::CreateFolder { path: made }) if made == path);
        if !(empty_and_new && made_last) {
            return false;
        }
        self.added.remove(path);
        let parent = Path::new(path).parent().map(names::shown_path);
        let covered = |steps: &[PlanStep], folder: &str| {
            let inside = format!("{folder}{MAIN_SEPARATOR_STR}");
            steps.iter().any(|step| {
                matches!(step, PlanStep::CreateFolder { path: made }
                    if made == folder || made.starts_with(&inside))
            })
        };
        match parent {
            Some(parent)
                if self.added.get(&parent) == Some(&Node::NewDir)
                    && !covered(&self.steps[..step], &parent) =>
            {
                self.steps[step] = PlanStep::CreateFolder { path: parent };
            }
            _ => {
                self.steps.remove(step);
            }
        }
        true
    }

    fn missing(path: &str) -> HostError {
        HostError::new(
            ErrorCode::NotFound,
            format!("No such file or directory (os error 2): {path}"),
        )
    }
}

/// The bounds of every key below the folder `path` (`path` and a separator,
/// then anything): keys sort by bytes, and the separator's successor ends them.
fn below_range(path: &str) -> (std::ops::Bound<String>, std::ops::Bound<String>) {
    use std::ops::Bound::{Excluded, Included};
    let after = char::from_u32(MAIN_SEPARATOR as u32 + 1).unwrap_or(MAIN_SEPARATOR);
    (
        Included(format!("{path}{MAIN_SEPARATOR}")),
        Excluded(format!("{path}{after}")),
    )
}

/// The keys of `map` below the folder `path`.
fn keys_below<V>(map: &BTreeMap<String, V>, path: &str) -> Vec<String> {
    map.range(below_range(path))
        .map(|(key, _)| key.clone())
        .collect()
}

/// The members of `set` below the folder `path`.
fn set_below(set: &BTreeSet<String>, path: &str) -> Vec<String> {
    set.range(below_range(path)).cloned().collect()
}

fn name_of(path: &str) -> String {
    Path::new(path)
        .file_name()
        .map_or_else(|| path.to_owned(), names::shown)
}

impl<F: HostFs> FileSystem for OverlayFs<F> {
    // Every request is answered from the plan: the match names each, so a
    // new kind of request must be planned before it can compile.
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        Ok(match request {
            FsRequest::Stat { path } => FsAnswer::Stat(self.on_stat(path)?),
            FsRequest::ReadBytes { path, head, tail } => {
                FsAnswer::Sample(self.on_read_bytes(path, *head, *tail)?)
            }
            FsRequest::Digests { paths, limit } => {
                FsAnswer::Digests(self.on_digests(paths, *limit)?)
            }
            FsRequest::List { path } => FsAnswer::List(self.on_list(path)?),
            FsRequest::CreateDirAll { path } => self.on_create_dir_all(path)?.into(),
            FsRequest::Rename { from, to } => self.on_rename(from, to)?.into(),
            // Nothing on disk changes in a dry run: the whole batch is one
            // operation of the file system below, which locates each path once.
            FsRequest::MoveBatch { .. } => {
                return self.operation(|overlay| composed(overlay, request));
            }
            FsRequest::RemoveFile { path } => self.on_remove_file(path)?.into(),
            FsRequest::RemoveDirAll { path } => self.on_remove_dir_all(path)?.into(),
            FsRequest::StatMany { .. } | FsRequest::Count { .. } => return composed(self, request),
        })
    }
}

/// The requests it answers itself, each as the request says.
impl<F: HostFs> OverlayFs<F> {
    fn on_stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        Ok(match self.resolve(path) {
            Resolved::Missing => None,
            Resolved::NewDir => Some(Entry {
                name: name_of(path),
                kind: EntryKind::Dir,
                size: 0,
                modified: 0,
                utc_offset: 0,
                online_only: false,
            }),
            Resolved::Real(real) => self.inner.stat(&real)?.map(|entry| Entry {
                name: name_of(path),
                ..entry
            }),
        })
    }

    fn on_read_bytes(&mut self, path: &str, head: u64, tail: u64) -> Result<FileSample, HostError> {
        match self.resolve(path) {
            Resolved::Real(real) => self.inner.read_bytes(&real, head, tail),
            Resolved::Missing | Resolved::NewDir => Err(Self::missing(path)),
        }
    }

    fn on_digests(
        &mut self,
        paths: &[String],
        limit: Option<u64>,
    ) -> Result<Vec<Result<String, HostError>>, HostError> {
        let resolved: Vec<Option<String>> = paths
            .iter()
            .map(|path| match self.resolve(path) {
                Resolved::Real(real) => Some(real),
                Resolved::Missing | Resolved::NewDir => None,
            })
            .collect();
        let real: Vec<String> = resolved.iter().flatten().cloned().collect();
        let mut digests = self.inner.digests(&real, limit)?.into_iter();
        Ok(paths
            .iter()
            .zip(resolved)
            .map(|(path, real)| match real {
                Some(_) => digests.next().unwrap_or_else(|| Err(Self::missing(path))),
                None => Err(Self::missing(path)),
            })
            .collect())
    }

    fn on_list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let mut entries = match self.resolve(path) {
            Resolved::Missing => return Err(Self::missing(path)),
            Resolved::NewDir => Vec::new(),
            Resolved::Real(real) => self.inner.list(&real)?,
        };
        let child = |name: &str| {
            format!(
                "{}{MAIN_SEPARATOR}{name}",
                path.trim_end_matches(MAIN_SEPARATOR)
            )
        };
        entries.retain(|entry| {
            let virtual_path = child(&entry.name);
            !self.removed.contains(&virtual_path) && !self.added.contains_key(&virtual_path)
        });
        let folder = path.trim_end_matches(MAIN_SEPARATOR);
        let added_children: Vec<String> = self
            .added
            .range(below_range(folder))
            .map(|(key, _)| key)
            .filter(|key| Path::new(key).parent() == Some(Path::new(path)))
            .cloned()
            .collect();
        for key in added_children {
            if let Some(entry) = self.stat(&key)? {
                entries.push(entry);
            }
        }
        Ok(entries)
    }

    fn on_create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        let mut missing = Vec::new();
        let mut current = Some(Path::new(path));
        while let Some(here) = current {
            let key = names::shown_path(here);
            match self.stat(&key)? {
                Some(entry) if entry.kind == EntryKind::Dir => break,
                Some(_) => {
                    return Err(HostError::new(
                        ErrorCode::AlreadyExists,
                        format!("File exists (os error 17): {key}"),
                    ));
                }
                None => missing.push(key),
            }
            current = here.parent();
        }
        // A folder the real run would refuse to create is refused here too.
        for key in &missing {
            self.inner.may_change(key)?;
        }
        if !missing.is_empty() {
            self.steps.push(PlanStep::CreateFolder {
                path: path.to_owned(),
            });
        }
        for key in missing.into_iter().rev() {
            self.removed.remove(&key);
            self.added.insert(key, Node::NewDir);
        }
        Ok(())
    }

    fn on_rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        self.operation(|overlay| overlay.plan_move(from, to))
    }

    fn on_remove_file(&mut self, path: &str) -> Result<(), HostError> {
        self.inner.may_change(path)?;
        if self.stat(path)?.is_none() {
            return Err(Self::missing(path));
        }
        let source = self.fingerprint(path)?;
        self.added.remove(path);
        for key in keys_below(&self.added, path) {
            self.added.remove(&key);
        }
        for key in set_below(&self.removed, path) {
            self.removed.remove(&key);
        }
        self.removed.insert(path.to_owned());
        self.steps.push(PlanStep::Delete {
            path: path.to_owned(),
            source,
        });
        Ok(())
    }

    fn on_remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        if self.unmake_new_folder(path) {
            return Ok(());
        }
        self.remove_file(path)
    }
}
