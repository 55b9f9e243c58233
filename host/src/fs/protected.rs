//! tidyup's own directories (data: journal, trash, plans; cache; settings)
//! kept out of the model's reach: [`Protected`] is the set of them,
//! [`ProtectedFs`] the layer that refuses every tool operation touching
//! them, whatever the roots, in every stack (sandboxed or not, dry run,
//! apply, undo).
//!
//! An operation is refused when the item it names, with its folders
//! resolved through symlinks as the file system below resolves them, is a
//! protected directory or inside one, or is a symlink leading into one.
//! Changes (create, move, rename, delete) are also refused on every folder
//! that holds a protected directory: moving `~/.local` would carry the
//! journal away. Listings leave protected items out. Locations are
//! compared as canonical paths, component by component, so look-alike
//! names and symlinked routes make no difference. The check is against
//! the model's calls; a path swapped by another program between the check
//! and the operation is the sandbox's concern (it still confines it).

use std::io;
use std::path::{Component, Path, PathBuf};

use tidyup_core::{Entry, EntryKind, ErrorCode, FileSample, FileSystem, HostError};

use super::names;
use super::under_root::relative_to;
use super::{Fingerprint, HostFs, Staging};
use crate::failure::Failure;

/// Whether `path` is `place` or lies inside it, compared as the platform
/// compares paths (on Windows ignoring case and `\\?\` prefixes).
fn is_within(path: &Path, place: &Path) -> bool {
    relative_to(place, path).is_some()
}

/// Where an item really is: its folders resolved through symlinks, its own
/// name as given; and, for a symlink, where it leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The item's canonical folder joined with its name.
    pub item: PathBuf,
    /// The canonical path a symlink at `item` leads to, when it resolves.
    pub leads_to: Option<PathBuf>,
}

/// The location of `path` given a way to canonicalize existing paths of
/// the same file system: the nearest existing folder is canonicalized, the
/// missing rest is joined as written.
pub(crate) fn real_location(
    path: &Path,
    canonical: &dyn Fn(&Path) -> io::Result<PathBuf>,
) -> io::Result<PathBuf> {
    let Some(name) = path.file_name() else {
        return canonical(path);
    };
    let parent = path
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    match canonical(parent) {
        Ok(folder) => Ok(folder.join(name)),
        Err(err) if err.kind() == io::ErrorKind::NotFound && parent != Path::new(".") => {
            Ok(real_location(parent, canonical)?.join(name))
        }
        Err(err) => Err(err),
    }
}

/// Directories no tool may reach, each kept as written (made absolute) and
/// as its canonical location.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Protected {
    paths: Vec<PathBuf>,
}

impl Protected {
    /// Protects each of `paths` (a directory or a single file) and
    /// everything inside. Paths that do not exist yet are protected where
    /// they would be.
    pub fn new<P: AsRef<Path>>(paths: impl IntoIterator<Item = P>) -> Self {
        let mut protected = Self::default();
        for path in paths {
            let Ok(absolute) = std::path::absolute(path.as_ref()) else {
                continue;
            };
            let absolute = normal(&absolute);
            let resolved = real_location(&absolute, &|p| dunce::canonicalize(p));
            let canonical = dunce::canonicalize(&absolute);
            for location in [Ok(absolute), resolved, canonical].into_iter().flatten() {
                let location = normal(&location);
                if !protected.paths.contains(&location) {
                    protected.paths.push(location);
                }
            }
        }
        protected
    }

    /// tidyup's own places: the data directory `data_dir` (journal, trash,
    /// plans), the module cache, and the settings: the `tidyup` config
    /// folder, or only the file when `TIDYUP_CONFIG` names one elsewhere.
    pub fn tidyup_own(data_dir: &Path) -> Self {
        let env = |name: &str| std::env::var(name).ok();
        let config = crate::places::config_place(env);
        let cache = crate::places::module_cache_dir();
        Self::new(
            [Some(data_dir.to_path_buf()), cache, config]
                .into_iter()
                .flatten(),
        )
    }

    /// Only the protected places a sandbox of `roots` could reach: inside a
    /// root, or holding one.
    pub fn reachable_from<'a>(&self, roots: impl Iterator<Item = &'a Path> + Clone) -> Self {
        Self {
            paths: self
                .paths
                .iter()
                .filter(|path| {
                    roots
                        .clone()
                        .any(|root| is_within(path, root) || is_within(root, path))
                })
                .cloned()
                .collect(),
        }
    }

    /// Whether nothing is protected.
    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
    }

    /// The protected place `location` is or lies in.
    fn covering(&self, location: &Path) -> Option<&Path> {
        let location = normal(location);
        self.paths
            .iter()
            .find(|path| is_within(&location, path))
            .map(PathBuf::as_path)
    }

    /// The protected place that lies inside `location`.
    fn held_by(&self, location: &Path) -> Option<&Path> {
        let location = normal(location);
        self.paths
            .iter()
            .find(|path| is_within(path, &location))
            .map(PathBuf::as_path)
    }
}

/// `path` without `.` components (and `..` applied where it follows a name).
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            Component::Prefix(_)
            | Component::RootDir
            | Component::Normal(_)
            | Component::ParentDir => out.push(component),
        }
    }
    out
}

fn inside(path: &str, place: &Path) -> HostError {
    HostError::new(
        ErrorCode::TidyupData,
        Failure::OwnDataInside {
            path: path.to_owned(),
            place: place.display().to_string(),
        }
        .to_string(),
    )
}

fn holding(path: &str, place: &Path) -> HostError {
    HostError::new(
        ErrorCode::TidyupData,
        Failure::OwnDataHolder {
            path: path.to_owned(),
            place: place.display().to_string(),
        }
        .to_string(),
    )
}

/// Any [`HostFs`] with tidyup's own directories out of reach.
pub struct ProtectedFs<F> {
    inner: F,
    protected: Protected,
}

impl<F: HostFs> ProtectedFs<F> {
    /// Guards `inner` with `protected`.
    pub fn new(inner: F, protected: Protected) -> Self {
        Self { inner, protected }
    }

    /// Refuses reading or creating at `path` when it is protected or leads
    /// into a protected place; with `change` (move, rename, delete) also
    /// when it holds one.
    fn check(&mut self, path: &str, change: bool) -> Result<(), HostError> {
        if self.protected.is_empty() {
            return Ok(());
        }
        let location = self.inner.locate(path)?;
        let reached = self.protected.covering(&location.item).or_else(|| {
            location
                .leads_to
                .as_deref()
                .and_then(|target| self.protected.covering(target))
        });
        if let Some(place) = reached {
            return Err(inside(path, place));
        }
        match self.protected.held_by(&location.item) {
            Some(place) if change => Err(holding(path, place)),
            Some(_) | None => Ok(()),
        }
    }

    fn check_access(&mut self, path: &str) -> Result<(), HostError> {
        self.check(path, false)
    }

    fn check_change(&mut self, path: &str) -> Result<(), HostError> {
        self.check(path, true)
    }

    /// Whether the child `entry` of the folder at `folder` (located at
    /// `real_folder`) is protected.
    fn hides(&mut self, folder: &str, real_folder: &Path, entry: &Entry) -> bool {
        if self
            .protected
            .covering(&real_folder.join(&entry.name))
            .is_some()
        {
            return true;
        }
        entry.kind == EntryKind::Symlink && {
            let child = Path::new(folder).join(&entry.name);
            self.check_access(&names::shown_path(&child)).is_err()
        }
    }
}

impl<F: HostFs> FileSystem for ProtectedFs<F> {
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        self.check_access(path)?;
        self.inner.stat(path)
    }

    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        self.check_access(path)?;
        let entries = self.inner.list(path)?;
        if self.protected.is_empty() {
            return Ok(entries);
        }
        let location = self.inner.locate(path)?;
        let real_folder = location.leads_to.unwrap_or(location.item);
        let mut shown = Vec::with_capacity(entries.len());
        for entry in entries {
            if !self.hides(path, &real_folder, &entry) {
                shown.push(entry);
            }
        }
        Ok(shown)
    }

    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.check_access(path)?;
        self.inner.create_dir_all(path)
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        self.rename_staged(from, to, &mut |_| Ok(()))
    }

    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        self.check_change(path)?;
        self.inner.remove_file(path)
    }

    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.check_change(path)?;
        self.inner.remove_dir_all(path)
    }

    fn read_bytes(&mut self, path: &str, head: u64, tail: u64) -> Result<FileSample, HostError> {
        self.check_access(path)?;
        self.inner.read_bytes(path, head, tail)
    }

    fn digests(
        &mut self,
        paths: &[String],
        limit: Option<u64>,
    ) -> Result<Vec<Result<String, HostError>>, HostError> {
        let mut refused = Vec::new();
        let mut allowed = Vec::new();
        for (index, path) in paths.iter().enumerate() {
            match self.check_access(path) {
                Ok(()) => allowed.push(path.clone()),
                Err(err) => refused.push((index, err)),
            }
        }
        let mut digests = self.inner.digests(&allowed, limit)?.into_iter();
        let mut refused = refused.into_iter().peekable();
        Ok((0..paths.len())
            .map(|index| match refused.next_if(|(at, _)| *at == index) {
                Some((_, err)) => Err(err),
                None => digests.next().unwrap_or_else(|| {
                    Err(HostError::new(
                        ErrorCode::Internal,
                        Failure::DigestMissing.to_string(),
                    ))
                }),
            })
            .collect())
    }
}

impl<F: HostFs> HostFs for ProtectedFs<F> {
    fn may_change(&mut self, path: &str) -> Result<(), HostError> {
        self.check_change(path)?;
        self.inner.may_change(path)
    }

    fn rename_staged(&mut self, from: &str, to: &str, staging: Staging) -> Result<(), HostError> {
        self.check_change(from)?;
        self.check_change(to)?;
        self.inner.rename_staged(from, to, staging)
    }
    fn move_out(&mut self, path: &str, outside: &Path) -> Result<(), HostError> {
        self.check_change(path)?;
        self.inner.move_out(path, outside)
    }

    fn move_in(&mut self, outside: &Path, path: &str) -> Result<(), HostError> {
        self.check_change(path)?;
        self.inner.move_in(outside, path)
    }

    fn locate(&mut self, path: &str) -> Result<Location, HostError> {
        self.inner.locate(path)
    }

    fn fingerprint(&mut self, path: &str) -> Result<Option<Fingerprint>, HostError> {
        self.check_access(path)?;
        self.inner.fingerprint(path)
    }

    fn same_item(&mut self, a: &str, b: &str) -> Result<bool, HostError> {
        self.check_access(a)?;
        self.check_access(b)?;
        self.inner.same_item(a, b)
    }
}
