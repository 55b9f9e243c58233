//! A rename the kernel refuses when its destination exists, where the
//! platform has one (Linux's `renameat2` with `RENAME_NOREPLACE`).

use std::ffi::OsStr;
use std::io;

use cap_std::fs::Dir;

/// Whether this platform may have such a rename (a file system can still
/// lack it: then [`rename`] fails and the caller checks first instead).
pub(super) const AVAILABLE: bool = cfg!(target_os = "linux");

/// Renames `from` in `from_dir` to `to` in `to_dir` (single names, not
/// followed if symlinks), failing with `AlreadyExists` when anything is at
/// `to`; any other failure, such as `Unsupported` where the platform or
/// file system has no such rename, leaves both places as they were.
pub(super) fn rename(from_dir: &Dir, from: &OsStr, to_dir: &Dir, to: &OsStr) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{RenameFlags, renameat_with};
        renameat_with(from_dir, from, to_dir, to, RenameFlags::NOREPLACE).map_err(io::Error::from)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (from_dir, from, to_dir, to);
        Err(io::Error::from(io::ErrorKind::Unsupported))
    }
}
