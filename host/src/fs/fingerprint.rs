//! [`Fingerprint`]: what an item looked like when a dry run planned a change
//! to it, precise enough that `tidyup apply` notices any edit made since.
//!
//! A file's fingerprint holds its size, its modification time to the
//! nanosecond, its status-change time (ctime, which every write, rename or
//! `touch` moves forward and no program can set back), its identity on the
//! disk (device and inode) and, for files up to [`HASHED_BYTES_MAX`], a
//! BLAKE3 hash of its bytes. So an edit that keeps the length and puts the
//! modification time back is still seen. Larger files are not read (a dry
//! run stays fast on folders of videos); for them the metadata decides.
//! Where the platform has no ctime (Windows), that part is absent; the
//! identity is then the volume and file index. A folder's fingerprint is
//! its kind and identity: a folder's content may change, it is still the
//! folder. The type and its comparison are the core's (plans are data
//! there); this module makes one from what the system reports.

use std::io::{self, Read};
use std::time::{SystemTime, UNIX_EPOCH};

use tidyup_core::EntryKind;

/// Files up to this size get a content hash in their fingerprint.
pub const HASHED_BYTES_MAX: u64 = 64 * 1024 * 1024;

use tidyup_core::Detail;
pub use tidyup_core::Fingerprint;

/// What the operating system reports of an item, from either `std` or cap-std.
pub(crate) struct Facts {
    pub kind: EntryKind,
    pub size: u64,
    pub modified: Option<SystemTime>,
    pub changed_ns: Option<i64>,
    pub file_id: Option<(u64, u64)>,
}

impl Facts {
    /// The facts of cap-std metadata.
    pub fn of_cap(meta: &cap_std::fs::Metadata) -> Self {
        let file_type = meta.file_type();
        Self {
            kind: super::kind(
                file_type.is_symlink(),
                file_type.is_dir(),
                file_type.is_file(),
            ),
            size: meta.len(),
            modified: meta.modified().ok().map(|time| time.into_std()),
            changed_ns: cap_changed_ns(meta),
            file_id: cap_file_id(meta),
        }
    }

    /// The facts of `std` metadata.
    pub fn of_std(meta: &std::fs::Metadata) -> Self {
        let file_type = meta.file_type();
        Self {
            kind: super::kind(
                file_type.is_symlink(),
                file_type.is_dir(),
                file_type.is_file(),
            ),
            size: meta.len(),
            modified: meta.modified().ok(),
            changed_ns: std_changed_ns(meta),
            file_id: std_file_id(meta),
        }
    }

    /// Whether these facts name a regular file small enough to hash.
    pub fn hashable(&self) -> bool {
        self.kind == EntryKind::File && self.size <= HASHED_BYTES_MAX
    }
}

#[cfg(unix)]
fn cap_changed_ns(meta: &cap_std::fs::Metadata) -> Option<i64> {
    use cap_std::fs::MetadataExt;
    nanos(meta.ctime(), meta.ctime_nsec())
}

/// Device and file number (the file index on Windows), as `fs/case`
/// tells items apart.
fn cap_file_id(meta: &cap_std::fs::Metadata) -> Option<(u64, u64)> {
    use cap_fs_ext::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(unix)]
fn std_changed_ns(meta: &std::fs::Metadata) -> Option<i64> {
    use std::os::unix::fs::MetadataExt;
    nanos(meta.ctime(), meta.ctime_nsec())
}

#[cfg(unix)]
fn std_file_id(meta: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn cap_changed_ns(_: &cap_std::fs::Metadata) -> Option<i64> {
    None
}

#[cfg(not(unix))]
fn std_changed_ns(_: &std::fs::Metadata) -> Option<i64> {
    None
}

#[cfg(not(unix))]
fn std_file_id(_: &std::fs::Metadata) -> Option<(u64, u64)> {
    None
}

#[cfg(unix)]
fn nanos(seconds: i64, nanoseconds: i64) -> Option<i64> {
    seconds.checked_mul(1_000_000_000)?.checked_add(nanoseconds)
}

/// Nanoseconds since the Unix epoch (negative before it).
fn system_time_ns(time: SystemTime) -> Option<i64> {
    match time.duration_since(UNIX_EPOCH) {
        Ok(after) => i64::try_from(after.as_nanos()).ok(),
        Err(before) => i64::try_from(before.duration().as_nanos()).ok().map(|n| -n),
    }
}

/// The `blake3:` hash of everything `reader` yields.
pub(crate) fn content_hash(mut reader: impl Read) -> io::Result<String> {
    let mut hasher = blake3::Hasher::new();
    let mut buffer = vec![0u8; 64 * 1024];
    loop {
        let read = match reader.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => read,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        hasher.update(&buffer[..read]);
    }
    Ok(format!("blake3:{}", hasher.finalize().to_hex()))
}

/// The fingerprint of an item with these facts and, for a file, the hash
/// of its bytes.
pub(crate) fn of(facts: &Facts, content: Option<String>) -> Fingerprint {
    let file_like = facts.kind != EntryKind::Dir;
    let modified_ns = facts.modified.and_then(system_time_ns);
    Fingerprint {
        kind: facts.kind,
        size: file_like.then_some(facts.size),
        modified: file_like.then(|| modified_ns.map_or(0, |ns| ns.div_euclid(1_000_000_000))),
        detail: Some(Detail {
            modified_ns: modified_ns.filter(|_| file_like),
            changed_ns: facts.changed_ns.filter(|_| file_like),
            file_id: facts.file_id,
            content,
        }),
    }
}
