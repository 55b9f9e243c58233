//! The real file system behind the core's file primitives.
//!
//! [`RealFs`] is one implementation of [`tidyup_core::FileSystem`]; a
//! sandboxed, dry-run or journaling one plugs in at the same place (see
//! [`crate::abi::HostState`]) with no change to the core.

use std::fs::{self, Metadata};
use std::io;
use std::path::Path;
use std::time::UNIX_EPOCH;

use chrono::{Local, Offset, TimeZone};
use tidyup_core::{Entry, EntryKind, FileSystem, HostError};

/// The machine's own file system, used as it is.
#[derive(Debug, Clone, Copy, Default)]
pub struct RealFs;

impl FileSystem for RealFs {
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        let path = Path::new(path);
        match fs::symlink_metadata(path) {
            Ok(meta) => Ok(Some(entry(file_name(path), &meta))),
            Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(err) => Err(host_error(&err)),
        }
    }

    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let mut entries = Vec::new();
        for child in fs::read_dir(path).map_err(|err| host_error(&err))? {
            let child = child.map_err(|err| host_error(&err))?;
            let meta = child.metadata().map_err(|err| host_error(&err))?;
            entries.push(entry(
                child.file_name().to_string_lossy().into_owned(),
                &meta,
            ));
        }
        Ok(entries)
    }

    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        fs::create_dir_all(path).map_err(|err| host_error(&err))
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        move_path(Path::new(from), Path::new(to)).map_err(|err| host_error(&err))
    }

    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        fs::remove_file(path).map_err(|err| host_error(&err))
    }

    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        fs::remove_dir_all(path).map_err(|err| host_error(&err))
    }
}

/// Moves `from` to `to` (replacing a file there). Across file systems it
/// copies, then deletes the source only once the copy is complete; a failed
/// copy is cleaned up and the source is left as it was.
pub fn move_path(from: &Path, to: &Path) -> io::Result<()> {
    match fs::rename(from, to) {
        Err(err) if err.kind() == io::ErrorKind::CrossesDevices => copy_then_delete(from, to),
        other => other,
    }
}

fn copy_then_delete(from: &Path, to: &Path) -> io::Result<()> {
    let copied = copy_recursively(from, to);
    if let Err(err) = copied {
        // Best effort: remove the partial copy; the source is untouched.
        let _ = if fs::symlink_metadata(to).is_ok_and(|m| m.is_dir()) {
            fs::remove_dir_all(to)
        } else {
            fs::remove_file(to)
        };
        return Err(err);
    }
    if fs::symlink_metadata(from)?.is_dir() {
        fs::remove_dir_all(from)
    } else {
        fs::remove_file(from)
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

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| path.to_string_lossy(), |name| name.to_string_lossy())
        .into_owned()
}

/// An [`Entry`] from metadata that was not made to follow a final symlink.
fn entry(name: String, meta: &Metadata) -> Entry {
    let file_type = meta.file_type();
    let kind = if file_type.is_symlink() {
        EntryKind::Symlink
    } else if file_type.is_dir() {
        EntryKind::Dir
    } else if file_type.is_file() {
        EntryKind::File
    } else {
        EntryKind::Other
    };
    let modified = meta
        .modified()
        .ok()
        .and_then(|time| match time.duration_since(UNIX_EPOCH) {
            Ok(after) => i64::try_from(after.as_secs()).ok(),
            Err(before) => i64::try_from(before.duration().as_secs()).ok().map(|s| -s),
        })
        .unwrap_or(0);
    Entry {
        name,
        kind,
        size: meta.len(),
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
