//! Where an item really is ([`Location`]): what the primitives answer when
//! the guard asks them to locate a path, once per operation.

use std::io;
use std::path::{Path, PathBuf};

use tidyup_core::EntryKind;

/// Where an item really is: its folders resolved through symlinks, its own
/// name as given; and, for a symlink, where it leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The item's canonical folder joined with its name.
    pub item: PathBuf,
    /// The canonical path a symlink at `item` leads to, when it resolves.
    pub leads_to: Option<PathBuf>,
    /// Whether the path names a root of the file system itself (a sandbox
    /// root, or `/`): never moved, renamed or deleted.
    pub is_root: bool,
    /// What is at `item` (a symlink not followed); `None` when nothing is.
    pub kind: Option<EntryKind>,
}

impl Location {
    /// Whether no other path can lead through the item: it is a regular
    /// file, or nothing is there. Changing such an item leaves every other
    /// path where it was.
    pub fn leads_nowhere(&self) -> bool {
        matches!(self.kind, None | Some(EntryKind::File))
    }
}

/// The location of `path` given a way to canonicalize existing paths of
/// the same file system: the nearest existing folder is canonicalized, the
/// missing rest is joined as written.
pub(crate) fn real_location(
    path: &Path,
    canonical: &mut dyn FnMut(&Path) -> io::Result<PathBuf>,
) -> io::Result<PathBuf> {
    let Some(name) = path.file_name() else {
        return canonical(path);
    };
    let parent = path
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    match canonical(parent) {
        Ok(folder) => Ok(folder.join(name)),
        Err(err) if err.kind() == io::ErrorKind::NotFound && parent != Path::new(".") => {
            Ok(real_location(parent, canonical)?.join(name))
        }
        Err(err) => Err(err),
    }
}
