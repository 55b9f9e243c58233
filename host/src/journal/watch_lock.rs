//! One `tidyup watch` per folder: a lock file in tidyup's data directory,
//! held (an OS file lock) for as long as the process runs, and released by
//! the OS however the process ends.

use crate::words::WatchWords;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use tidyup_core::Lang;

use super::JournalStore;

/// The held lock; dropping it releases the folder.
pub struct WatchLock {
    _file: File,
}

/// Why the lock was not taken; [`LockError::text`] words it.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds it.
    #[error("another `tidyup watch`{} is already keeping {} tidy; stop it first", .pid.as_deref().map(|pid| format!(" (process {pid})")).unwrap_or_default(), .dir.display())]
    Held {
        /// The folder.
        dir: PathBuf,
        /// The other process, as it wrote itself into the lock file.
        pid: Option<String>,
    },
    /// The lock file could not be made.
    #[error("cannot create the watch lock {}: {source}", .path.display())]
    Io {
        /// The lock file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

impl LockError {
    /// Why the lock was not taken, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            LockError::Held { dir, pid } => {
                lang.already_watched(&dir.display().to_string(), pid.as_deref())
            }
            LockError::Io { path, source } => {
                lang.cannot_create_watch_lock(&path.display().to_string(), &source.to_string())
            }
        }
    }
}

/// The lock file of `dir`.
fn lock_path(store: &JournalStore, dir: &Path) -> PathBuf {
    let key = blake3::hash(dir.as_os_str().as_encoded_bytes()).to_hex();
    store
        .root()
        .join("watch")
        .join(format!("{}.lock", &key[..32]))
}

/// Whether a `tidyup watch` holds `dir` (an absolute, canonical path) now;
/// the lock file is neither made nor written.
pub fn held(store: &JournalStore, dir: &Path) -> bool {
    holder(store, dir).is_some()
}

/// The `tidyup watch` that holds `dir` (an absolute, canonical path) now:
/// `Some` with its process id as it wrote itself into the lock file (`None`
/// when unreadable), or `None` when no watch holds it. The lock file is
/// neither made nor written.
pub fn holder(store: &JournalStore, dir: &Path) -> Option<Option<String>> {
    let mut file = File::open(lock_path(store, dir)).ok()?;
    if !matches!(file.try_lock_shared(), Err(TryLockError::WouldBlock)) {
        return None;
    }
    let mut pid = String::new();
    let _ = file.read_to_string(&mut pid);
    Some(Some(pid.trim().to_owned()).filter(|pid| !pid.is_empty()))
}

/// Takes the lock of `dir` (an absolute, canonical path).
pub fn acquire(store: &JournalStore, dir: &Path) -> Result<WatchLock, LockError> {
    let path = lock_path(store, dir);
    let io = |source| LockError::Io {
        path: path.clone(),
        source,
    };
    std::fs::create_dir_all(store.root().join("watch")).map_err(io)?;
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(io)?;
    match file.try_lock() {
        Ok(()) => {
            file.set_len(0).map_err(io)?;
            file.rewind().map_err(io)?;
            writeln!(file, "{}", std::process::id()).map_err(io)?;
            Ok(WatchLock { _file: file })
        }
        Err(TryLockError::WouldBlock) => {
            let mut pid = String::new();
            let _ = file.read_to_string(&mut pid);
            let pid = Some(pid.trim().to_owned()).filter(|pid| !pid.is_empty());
            Err(LockError::Held {
                dir: dir.to_path_buf(),
                pid,
            })
        }
        Err(TryLockError::Error(err)) => Err(io(err)),
    }
}
