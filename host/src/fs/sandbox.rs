//! [`SandboxFs`]: the model's file operations confined to the allowed roots.
//!
//! Each root is opened once as a capability (`cap_std::fs::Dir`); every
//! operation resolves its path beneath one, with the kernel's help where it
//! has it (`openat2` with `RESOLVE_BENEATH` on Linux) and component by
//! component without following symlinks elsewhere. So absolute paths
//! outside the roots, `..` that climbs out, symlinks (of the item or of any
//! parent) that lead outside, and a directory swapped for a symlink between
//! a check and its use are all refused, and nothing on disk changes.
//! Symlinks inside are moved, renamed and deleted as links.

use std::io;
use std::path::{Component, Path, PathBuf};

use cap_std::ambient_authority;
use cap_std::fs::{Dir, Metadata};
use tidyup_core::{Entry, FileSystem, HostError};

use super::{HostFs, entry, host_error, kind, move_path};

/// The error code of a path outside the roots; the core words it for the model.
pub const DENIED: &str = "denied";
/// The error code of a change to a root itself; the core words it too.
pub const PROTECTED: &str = "protected";

/// One allowed directory.
struct Root {
    /// Its canonical absolute path.
    path: PathBuf,
    /// The capability every operation goes through.
    dir: Dir,
}

/// A file system limited to some directory trees.
pub struct SandboxFs {
    roots: Vec<Root>,
}

impl SandboxFs {
    /// Allows the trees at `roots` (canonicalized; each must be a directory).
    pub fn new(roots: &[PathBuf]) -> io::Result<Self> {
        let roots = roots
            .iter()
            .map(|root| {
                let path = std::fs::canonicalize(root)?;
                let dir = Dir::open_ambient_dir(&path, ambient_authority())?;
                Ok(Root { path, dir })
            })
            .collect::<io::Result<Vec<_>>>()?;
        Ok(Self { roots })
    }

    /// The allowed roots.
    pub fn roots(&self) -> impl Iterator<Item = &Path> {
        self.roots.iter().map(|root| root.path.as_path())
    }

    /// The root `path` lies in (the longest that matches) and the path
    /// relative to it (`.` for the root itself); refused when none does.
    fn locate(&self, path: &str) -> Result<(&Root, PathBuf), HostError> {
        if path.contains('\0') {
            return Err(denied(path));
        }
        let wanted = Path::new(path);
        self.roots
            .iter()
            .filter_map(|root| Some((root, wanted.strip_prefix(&root.path).ok()?)))
            .max_by_key(|(root, _)| root.path.as_os_str().len())
            .map(|(root, relative)| {
                let relative = if relative.as_os_str().is_empty() {
                    PathBuf::from(".")
                } else {
                    relative.to_path_buf()
                };
                (root, relative)
            })
            .ok_or_else(|| denied(path))
    }

    /// Like [`Self::locate`], refusing the root itself (it is never moved or deleted).
    fn locate_inside(&self, path: &str) -> Result<(&Root, PathBuf), HostError> {
        let (root, relative) = self.locate(path)?;
        let is_root = relative
            .components()
            .all(|component| matches!(component, Component::CurDir));
        if is_root {
            return Err(HostError::new(PROTECTED, path));
        }
        Ok((root, relative))
    }
}

fn denied(path: &str) -> HostError {
    HostError::new(DENIED, path.to_owned())
}

/// Maps an OS error, turning cap-std's "path led outside" into a refusal.
fn error_at(path: &str, err: &io::Error) -> HostError {
    if err.to_string().contains("outside of the filesystem") {
        denied(path)
    } else {
        host_error(err)
    }
}

fn cap_entry(name: String, meta: &Metadata) -> Entry {
    let file_type = meta.file_type();
    let kind = kind(
        file_type.is_symlink(),
        file_type.is_dir(),
        file_type.is_file(),
    );
    entry(
        name,
        kind,
        meta.len(),
        meta.modified().ok().map(|time| time.into_std()),
    )
}

fn last_name(path: &str) -> String {
    Path::new(path).file_name().map_or_else(
        || path.to_owned(),
        |name| name.to_string_lossy().into_owned(),
    )
}

impl FileSystem for SandboxFs {
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        let (root, relative) = self.locate(path)?;
        match root.dir.symlink_metadata(&relative) {
            Ok(meta) => Ok(Some(cap_entry(last_name(path), &meta))),
            Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(err) => Err(error_at(path, &err)),
        }
    }

    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let (root, relative) = self.locate(path)?;
        let mut entries = Vec::new();
        for child in root
            .dir
            .read_dir(&relative)
            .map_err(|err| error_at(path, &err))?
        {
            let child = child.map_err(|err| error_at(path, &err))?;
            let meta = child.metadata().map_err(|err| error_at(path, &err))?;
            entries.push(cap_entry(
                child.file_name().to_string_lossy().into_owned(),
                &meta,
            ));
        }
        Ok(entries)
    }

    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        let (root, relative) = self.locate(path)?;
        root.dir
            .create_dir_all(&relative)
            .map_err(|err| error_at(path, &err))
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        let (from_root, from_relative) = self.locate_inside(from)?;
        let (to_root, to_relative) = self.locate_inside(to)?;
        match from_root
            .dir
            .rename(&from_relative, &to_root.dir, &to_relative)
        {
            Err(err) if err.kind() == io::ErrorKind::CrossesDevices => {
                let from_path = confined_path(from_root, &from_relative, from)?;
                let to_path = confined_path(to_root, &to_relative, to)?;
                move_path(&from_path, &to_path).map_err(|err| host_error(&err))
            }
            other => other.map_err(|err| error_at(from, &err)),
        }
    }

    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        let (root, relative) = self.locate_inside(path)?;
        root.dir
            .remove_file(&relative)
            .map_err(|err| error_at(path, &err))
    }

    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        let (root, relative) = self.locate_inside(path)?;
        root.dir
            .remove_dir_all(&relative)
            .map_err(|err| error_at(path, &err))
    }
}

/// The absolute path of `relative` after checking, through the capability,
/// that its parent resolves beneath `root`. Only for the cross-device
/// fallback, where a capability rename cannot work.
fn confined_path(root: &Root, relative: &Path, shown: &str) -> Result<PathBuf, HostError> {
    let parent = relative
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = relative.file_name().ok_or_else(|| denied(shown))?;
    let parent = root
        .dir
        .canonicalize(parent)
        .map_err(|err| error_at(shown, &err))?;
    Ok(root.path.join(parent).join(name))
}

/// The directory holding `outside` as a capability, and the item's name in it.
fn outside_parent(outside: &Path) -> Result<(Dir, PathBuf), HostError> {
    let shown = outside.to_string_lossy();
    let parent = outside.parent().ok_or_else(|| denied(&shown))?;
    let name = outside.file_name().ok_or_else(|| denied(&shown))?;
    let dir = Dir::open_ambient_dir(parent, ambient_authority()).map_err(|err| host_error(&err))?;
    Ok((dir, PathBuf::from(name)))
}

impl HostFs for SandboxFs {
    fn may_change(&mut self, path: &str) -> Result<(), HostError> {
        self.locate_inside(path).map(|_| ())
    }

    fn move_out(&mut self, path: &str, outside: &Path) -> Result<(), HostError> {
        let (root, relative) = self.locate_inside(path)?;
        let (out_dir, name) = outside_parent(outside)?;
        match root.dir.rename(&relative, &out_dir, &name) {
            Err(err) if err.kind() == io::ErrorKind::CrossesDevices => {
                move_path(&confined_path(root, &relative, path)?, outside)
                    .map_err(|err| host_error(&err))
            }
            other => other.map_err(|err| error_at(path, &err)),
        }
    }

    fn move_in(&mut self, outside: &Path, path: &str) -> Result<(), HostError> {
        let (root, relative) = self.locate_inside(path)?;
        let (out_dir, name) = outside_parent(outside)?;
        match out_dir.rename(&name, &root.dir, &relative) {
            Err(err) if err.kind() == io::ErrorKind::CrossesDevices => {
                move_path(outside, &confined_path(root, &relative, path)?)
                    .map_err(|err| host_error(&err))
            }
            other => other.map_err(|err| error_at(path, &err)),
        }
    }
}
