//! OpenDAL's metadata as the core's [`Entry`].

use opendal::{EntryMode, Metadata};
use tidyup_core::{Entry, EntryKind};

/// The kind of item `meta` describes.
pub(super) fn kind_of(meta: &Metadata) -> EntryKind {
    match meta.mode() {
        EntryMode::DIR => EntryKind::Dir,
        EntryMode::FILE => EntryKind::File,
        EntryMode::Unknown => EntryKind::Other,
    }
}

/// The entry named `name`, of `kind`, with the size and time `meta` gives
/// (a folder's size is 0).
pub(super) fn entry(name: String, kind: EntryKind, meta: Option<&Metadata>) -> Entry {
    let size = match kind {
        EntryKind::File => meta.map_or(0, Metadata::content_length),
        EntryKind::Dir | EntryKind::Symlink | EntryKind::Other => 0,
    };
    let modified = meta
        .and_then(Metadata::last_modified)
        .map(std::time::SystemTime::from);
    crate::fs::entry(name, kind, size, modified)
}
