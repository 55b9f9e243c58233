//! [`FolderCache`]: within one operation, where each folder that paths were
//! located in really is.

use std::path::{Path, PathBuf};

/// Within one operation (see [`super::HostFs::begin_operation`]), where
/// each folder that paths were located in really is, so a batch of moves
/// out of one folder into a few resolves each folder once, not once per
/// path. A change that may move a folder forgets it all (see
/// [`Self::changing`]); the end of the outermost operation does too.
#[derive(Default)]
pub(super) struct FolderCache {
    depth: usize,
    /// A folder (its root's path joined with the folder as located) and
    /// its canonical path.
    resolved: Vec<(PathBuf, PathBuf)>,
}

impl FolderCache {
    /// The canonical path of `folder` (a root's path joined with a folder
    /// beneath it), when it was resolved in this operation.
    pub(super) fn get(&self, folder: &Path) -> Option<&PathBuf> {
        self.resolved
            .iter()
            .find(|(known, _)| known == folder)
            .map(|(_, canonical)| canonical)
    }

    /// Keeps that `folder` is really at `canonical`, inside an operation.
    pub(super) fn keep(&mut self, folder: PathBuf, canonical: &Path) {
        if self.depth > 0 && self.get(&folder).is_none() {
            self.resolved.push((folder, canonical.to_path_buf()));
        }
    }

    /// An operation starts (they nest).
    pub(super) fn begin(&mut self) {
        self.depth += 1;
    }

    /// An operation ends: the outermost one forgets every folder.
    pub(super) fn end(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        if self.depth == 0 {
            self.resolved.clear();
        }
    }

    /// Forgets every folder, unless no folder's place can depend on the
    /// item at `relative` beneath the root at `root`, about to change: no
    /// folder was located through it, as written or where it really is.
    /// Decided on what is known, without asking the disk: a regular file
    /// never holds a folder, so a batch of file moves keeps every folder.
    pub(super) fn changing(&mut self, root: &Path, relative: &Path) {
        if self.resolved.is_empty() {
            return;
        }
        let as_written = root.join(relative);
        let parent = relative
            .parent()
            .filter(|parent| !parent.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let real = relative
            .file_name()
            .and_then(|name| Some(self.get(&root.join(parent))?.join(name)));
        let untouched = real.is_some_and(|real| {
            !self.resolved.iter().any(|(folder, canonical)| {
                folder.starts_with(&as_written) || canonical.starts_with(&real)
            })
        });
        if !untouched {
            self.resolved.clear();
        }
    }
}
