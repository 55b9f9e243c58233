//! The file systems the host can hand the core, all behind
//! [`tidyup_core::FileSystem`]: the primitives, the machine's own
//! ([`RealFs`]) or one confined to the allowed roots ([`SandboxFs`]), under
//! one guard asking every policy ([`GuardedFs`], built by [`base`] and
//! [`with_rules`]: tidyup's own directories, the rules files' excludes, the
//! roots themselves, Windows names); over it a journaling layer that makes
//! every change reversible ([`crate::journal::JournaledFs`]) or a dry-run
//! overlay ([`OverlayFs`]). The core cannot tell them apart.

mod case;
mod cross_device;
mod fingerprint;
mod folder_cache;
mod guard;
mod host_request;
mod location;
pub(crate) mod names;
mod no_replace;
mod overlay;
mod real;
mod sample;
mod sandbox;
mod under_root;
mod windows_names;

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use chrono::{Local, Offset, TimeZone};
use tidyup_core::{Entry, EntryKind, ErrorCode, FileSystem, FsAnswer, FsRequest, HostError};

use crate::failure::Failure;

pub use cross_device::{CrossDeviceHooks, move_path, move_path_with};

pub use fingerprint::{Fingerprint, HASHED_BYTES_MAX};
pub use guard::{GuardedFs, Lookups, Protected, RulesGuard};
pub use host_request::{HostAnswer, HostFs, HostFsExt, HostRequest, Staging, host_composed};
pub use location::Location;
pub use overlay::{OverlayFs, PlanStep};
pub use real::RealFs;
pub use sandbox::SandboxFs;

/// The base of every stack the model's tools reach: the sandbox of `roots`
/// (the machine's own file system when `None`, for `--no-sandbox`) under
/// the guard, with the `protected` places it can reach kept out.
pub fn base(
    roots: Option<&[PathBuf]>,
    protected: &Protected,
) -> io::Result<GuardedFs<Box<dyn HostFs>>> {
    Ok(match roots {
        Some(roots) => {
            let sandbox = SandboxFs::new(roots)?;
            let protected = protected.reachable_from(sandbox.roots());
            GuardedFs::new(Box::new(sandbox), &protected)
        }
        None => GuardedFs::new(Box::new(RealFs), protected),
    })
}

/// `base` with the rules files over `target` and `roots` in force too (see
/// [`RulesGuard::load`]): what they exclude, and the rules files
/// themselves, cannot be changed through it.
pub fn with_rules(
    base: GuardedFs<Box<dyn HostFs>>,
    target: &Path,
    rules: Option<&crate::rules_file::RulesFile>,
    roots: Option<&[PathBuf]>,
) -> Result<GuardedFs<Box<dyn HostFs>>, crate::rules_file::RulesFileError> {
    let guard = RulesGuard::load(target, rules, roots.unwrap_or_default())?;
    Ok(base.with_policy(Arc::new(guard)))
}

/// Whether `path` is `root` or lies under it, compared as the platform
/// compares paths (both as written: resolve them first).
pub fn under(root: &Path, path: &Path) -> bool {
    under_root::relative_to(root, path).is_some()
}

/// What tells the item at `path` from any other: its device and file
/// number (a final symlink not followed); `None` when nothing is there.
pub fn identity(path: &Path) -> Result<Option<(u64, u64)>, HostError> {
    real::id_of(path)
}

/// Whether `err`, met looking at a path, says nothing can be there: it is
/// not there, or its name is longer than any a file system holds.
pub(crate) fn nothing_there(err: &io::Error) -> bool {
    matches!(
        err.kind(),
        io::ErrorKind::NotFound | io::ErrorKind::InvalidFilename
    )
}

/// The refusal of a move whose destination `path` is taken.
pub(crate) fn already_exists(path: &str) -> HostError {
    HostError::at(ErrorCode::AlreadyExists, path)
}

/// Refuses moving an item to a place inside itself, which can only fail
/// (checked on the paths as written, before anything is changed).
pub fn refuse_move_into_itself(from: &str, to: &str) -> Result<(), HostError> {
    let (from_path, to_path) = (Path::new(from), Path::new(to));
    let plain = |path: &Path| {
        !path
            .components()
            .any(|component| matches!(component, std::path::Component::ParentDir))
    };
    if plain(from_path) && plain(to_path) && to_path != from_path && to_path.starts_with(from_path)
    {
        return Err(HostError::new(
            ErrorCode::InvalidMove,
            Failure::MoveIntoItself(to.to_owned()).to_string(),
        ));
    }
    Ok(())
}

/// A file system shared between the core's host state and the session, so
/// the session can read its journal or plan once the core is done with it.
pub struct SharedFs<T>(pub Arc<Mutex<T>>);

impl<T> SharedFs<T> {
    /// Shares `inner`; returns the file system and a handle to it.
    pub fn new(inner: T) -> (Self, Arc<Mutex<T>>) {
        let shared = Arc::new(Mutex::new(inner));
        (Self(shared.clone()), shared)
    }

    fn with<R>(&self, f: impl FnOnce(&mut T) -> Result<R, HostError>) -> Result<R, HostError> {
        let mut guard = self.0.lock().map_err(|_| {
            HostError::new(
                ErrorCode::Internal,
                Failure::LockPoisoned("file system").to_string(),
            )
        })?;
        f(&mut guard)
    }
}

impl<T: FileSystem + Send> FileSystem for SharedFs<T> {
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        self.with(|fs| fs.call(request))
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
        online_only: false,
    }
}

/// The local time zone's offset from UTC at `unix_seconds` (honours `TZ`).
fn local_utc_offset(unix_seconds: i64) -> i32 {
    Local
        .timestamp_opt(unix_seconds, 0)
        .single()
        .map_or(0, |time| time.offset().fix().local_minus_utc())
}

/// Whether `err` leaves a change's outcome unknown: a lost connection, a
/// server's silence or a failure of the file system itself (the change
/// may have been made), rather than a refusal before anything changed.
pub fn outcome_unknown(err: &HostError) -> bool {
    matches!(
        err.code,
        ErrorCode::Connect
            | ErrorCode::Timeout
            | ErrorCode::Transport
            | ErrorCode::Io
            | ErrorCode::Internal
            | ErrorCode::Host
            | ErrorCode::Other(_)
    )
}

/// A [`HostError`] with a stable code and the OS's message as the cause.
// `io::ErrorKind` is foreign and non-exhaustive: a catch-all arm is required.
#[allow(clippy::wildcard_enum_match_arm)]
pub fn host_error(err: &io::Error) -> HostError {
    let code = match err.kind() {
        io::ErrorKind::NotFound => ErrorCode::NotFound,
        io::ErrorKind::PermissionDenied => ErrorCode::PermissionDenied,
        io::ErrorKind::AlreadyExists => ErrorCode::AlreadyExists,
        io::ErrorKind::NotADirectory => ErrorCode::NotADirectory,
        io::ErrorKind::DirectoryNotEmpty => ErrorCode::NotEmpty,
        // Refused before anything changed (an online-only file, a link
        // that cannot cross file systems here).
        io::ErrorKind::Unsupported => ErrorCode::Unsupported,
        _ => ErrorCode::Io,
    };
    HostError::new(code, err.to_string())
}
