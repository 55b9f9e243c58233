//! The file systems the host can hand the core, all behind
//! [`tidyup_core::FileSystem`]: the machine's own ([`RealFs`]), one confined
//! to the allowed roots ([`SandboxFs`]), a journaling layer that makes every
//! change reversible ([`crate::journal::JournaledFs`]) and a dry-run overlay
//! ([`OverlayFs`]). The core cannot tell them apart.

mod overlay;
mod real;
mod sandbox;

use std::fs;
use std::io;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use chrono::{Local, Offset, TimeZone};
use tidyup_core::{Entry, EntryKind, FileSystem, HostError};

pub use overlay::{Fingerprint, OverlayFs, PlanStep};
pub use real::RealFs;
pub use sandbox::SandboxFs;

/// A file system the host can also move items out of the model's reach
/// (into tidyup's trash) and back. `path` is a path of this file system;
/// `outside` is an absolute path of the machine, outside any sandbox.
pub trait HostFs: FileSystem + Send {
    /// `Ok` when the item at `path` may be moved, renamed or deleted (the
    /// same refusals the changing primitives apply), without changing anything.
    fn may_change(&mut self, path: &str) -> Result<(), HostError>;
    /// Moves the item at `path` to `outside` (which must not exist).
    fn move_out(&mut self, path: &str, outside: &Path) -> Result<(), HostError>;
    /// Moves the item at `outside` back to `path` (which must not exist).
    fn move_in(&mut self, outside: &Path, path: &str) -> Result<(), HostError>;
}

impl FileSystem for Box<dyn HostFs> {
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        self.as_mut().stat(path)
    }
    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        self.as_mut().list(path)
    }
    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.as_mut().create_dir_all(path)
    }
    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        self.as_mut().rename(from, to)
    }
    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        self.as_mut().remove_file(path)
    }
    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.as_mut().remove_dir_all(path)
    }
}

impl HostFs for Box<dyn HostFs> {
    fn may_change(&mut self, path: &str) -> Result<(), HostError> {
        self.as_mut().may_change(path)
    }
    fn move_out(&mut self, path: &str, outside: &Path) -> Result<(), HostError> {
        self.as_mut().move_out(path, outside)
    }
    fn move_in(&mut self, outside: &Path, path: &str) -> Result<(), HostError> {
        self.as_mut().move_in(outside, path)
    }
}

/// A file system shared between the core's host state and the session, so
/// the session can read its journal or plan once the core is done with it.
pub struct Shared<T>(pub Arc<Mutex<T>>);

impl<T> Shared<T> {
    /// Shares `inner`; returns the file system and a handle to it.
    pub fn new(inner: T) -> (Self, Arc<Mutex<T>>) {
        let shared = Arc::new(Mutex::new(inner));
        (Self(shared.clone()), shared)
    }

    fn with<R>(&self, f: impl FnOnce(&mut T) -> Result<R, HostError>) -> Result<R, HostError> {
        let mut guard = self
            .0
            .lock()
            .map_err(|_| HostError::new("internal", "the file system lock was poisoned"))?;
        f(&mut guard)
    }
}

impl<T: FileSystem + Send> FileSystem for Shared<T> {
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        self.with(|fs| fs.stat(path))
    }
    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        self.with(|fs| fs.list(path))
    }
    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.with(|fs| fs.create_dir_all(path))
    }
    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        self.with(|fs| fs.rename(from, to))
    }
    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        self.with(|fs| fs.remove_file(path))
    }
    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.with(|fs| fs.remove_dir_all(path))
    }
}

/// The kind of an entry from the OS's file-type tests (symlink first: the
/// metadata was not made to follow one).
pub(crate) fn kind(is_symlink: bool, is_dir: bool, is_file: bool) -> EntryKind {
    if is_symlink {
        EntryKind::Symlink
    } else if is_dir {
        EntryKind::Dir
    } else if is_file {
        EntryKind::File
    } else {
        EntryKind::Other
    }
}

/// Builds an [`Entry`] from what the OS reports.
pub(crate) fn entry(
    name: String,
    kind: EntryKind,
    size: u64,
    modified: Option<SystemTime>,
) -> Entry {
    let modified = modified
        .and_then(|time| match time.duration_since(UNIX_EPOCH) {
            Ok(after) => i64::try_from(after.as_secs()).ok(),
            Err(before) => i64::try_from(before.duration().as_secs()).ok().map(|s| -s),
        })
        .unwrap_or(0);
    Entry {
        name,
        kind,
        size,
        modified,
        utc_offset: local_utc_offset(modified),
    }
}

/// The local time zone's offset from UTC at `unix_seconds` (honours `TZ`).
fn local_utc_offset(unix_seconds: i64) -> i32 {
    Local
        .timestamp_opt(unix_seconds, 0)
        .single()
        .map_or(0, |time| time.offset().fix().local_minus_utc())
}

/// A [`HostError`] with a stable code and the OS's message as the cause.
// `io::ErrorKind` is foreign and non-exhaustive: a catch-all arm is required.
#[allow(clippy::wildcard_enum_match_arm)]
pub fn host_error(err: &io::Error) -> HostError {
    let code = match err.kind() {
        io::ErrorKind::NotFound => "not_found",
        io::ErrorKind::PermissionDenied => "permission_denied",
        io::ErrorKind::AlreadyExists => "already_exists",
        io::ErrorKind::NotADirectory => "not_a_directory",
        _ => "io",
    };
    HostError::new(code, err.to_string())
}

/// Moves `from` to `to` (replacing a file there). Across file systems it
/// copies, then deletes the source only once the copy is complete; a failed
/// copy is cleaned up and the source is left as it was.
pub fn move_path(from: &Path, to: &Path) -> io::Result<()> {
    move_path_with(from, to, |from, to| fs::rename(from, to))
}

/// [`move_path`] with the rename primitive given, so the cross-device
/// fallback can be exercised anywhere.
pub fn move_path_with(
    from: &Path,
    to: &Path,
    rename: impl FnOnce(&Path, &Path) -> io::Result<()>,
) -> io::Result<()> {
    match rename(from, to) {
        Err(err) if err.kind() == io::ErrorKind::CrossesDevices => copy_then_delete(from, to),
        other => other,
    }
}

fn copy_then_delete(from: &Path, to: &Path) -> io::Result<()> {
    let source_is_dir = fs::symlink_metadata(from)?.is_dir();
    // A file replaced at the destination is only removed once the copy is whole.
    let staging = to.with_file_name(format!(
        ".{}.tidyup-partial",
        to.file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    ));
    if let Err(err) = copy_recursively(from, &staging) {
        let _ = remove_any(&staging);
        return Err(err);
    }
    if let Err(err) = fs::rename(&staging, to) {
        let _ = remove_any(&staging);
        return Err(err);
    }
    if source_is_dir {
        fs::remove_dir_all(from)
    } else {
        fs::remove_file(from)
    }
}

fn remove_any(path: &Path) -> io::Result<()> {
    if fs::symlink_metadata(path)?.is_dir() {
        fs::remove_dir_all(path)
    } else {
        fs::remove_file(path)
    }
}

fn copy_recursively(from: &Path, to: &Path) -> io::Result<()> {
    let meta = fs::symlink_metadata(from)?;
    if meta.is_dir() {
        fs::create_dir(to)?;
        for child in fs::read_dir(from)? {
            let child = child?;
            copy_recursively(&child.path(), &to.join(child.file_name()))?;
        }
        fs::set_permissions(to, meta.permissions())
    } else if meta.file_type().is_symlink() {
        copy_symlink(&fs::read_link(from)?, to)
    } else {
        fs::copy(from, to).map(|_| ())
    }
}

#[cfg(unix)]
fn copy_symlink(target: &Path, link: &Path) -> io::Result<()> {
    std::os::unix::fs::symlink(target, link)
}

#[cfg(not(unix))]
fn copy_symlink(_target: &Path, _link: &Path) -> io::Result<()> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "moving a symlink across file systems is not supported here",
    ))
}
