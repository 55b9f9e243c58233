//! tidyup's own directories (data: journal, trash, plans; cache; settings)
//! kept out of the model's reach: [`Protected`] is the set of them,
//! [`OwnData`] and [`OwnDataHolders`] the policies that refuse every tool
//! operation touching them, whatever the roots, in every stack (sandboxed
//! or not, dry run, apply, undo).
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

use std::path::{Component, Path, PathBuf};

use tidyup_core::{ErrorCode, HostError};

use super::{HostFs, Located, Op, Policy, PolicyId, Refusal};
use crate::failure::Failure;
use crate::fs::location::real_location;
use crate::fs::under_root::relative_to;

/// Whether `path` is `place` or lies inside it, compared as the platform
/// compares paths (on Windows ignoring case and `\\?\` prefixes).
fn is_within(path: &Path, place: &Path) -> bool {
    relative_to(place, path).is_some()
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
            let resolved = real_location(&absolute, &mut |p| dunce::canonicalize(p));
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

/// Refuses any operation on an item that is, or lies in, or (a symlink)
/// leads into one of tidyup's own places (code `tidyup_data`); listings
/// leave such items out.
pub struct OwnData(pub Protected);

impl Policy for OwnData {
    fn id(&self) -> PolicyId {
        PolicyId::OwnData
    }

    fn applies(&self, _op: Op) -> bool {
        !self.0.is_empty()
    }

    fn check(&self, _op: Op, at: &Located, _files: &mut dyn HostFs) -> Result<(), Refusal> {
        let Some(location) = &at.location else {
            return Ok(());
        };
        let reached = self.0.covering(&location.item).or_else(|| {
            location
                .leads_to
                .as_deref()
                .and_then(|target| self.0.covering(target))
        });
        match reached {
            Some(place) => Err(Refusal::new(self.id(), inside(at.path, place))),
            None => Ok(()),
        }
    }

    fn hides(&self, child: &Path) -> bool {
        self.0.covering(child).is_some()
    }

    fn hides_in_listings(&self) -> bool {
        !self.0.is_empty()
    }
}

/// Refuses moving, renaming or deleting a folder that holds one of
/// tidyup's own places (code `tidyup_data`): it would carry the journal away.
pub struct OwnDataHolders(pub Protected);

impl Policy for OwnDataHolders {
    fn id(&self) -> PolicyId {
        PolicyId::OwnDataHolders
    }

    fn applies(&self, op: Op) -> bool {
        op == Op::Change && !self.0.is_empty()
    }

    fn check(&self, _op: Op, at: &Located, _files: &mut dyn HostFs) -> Result<(), Refusal> {
        let Some(location) = &at.location else {
            return Ok(());
        };
        match self.0.held_by(&location.item) {
            Some(place) => Err(Refusal::new(self.id(), holding(at.path, place))),
            None => Ok(()),
        }
    }
}
