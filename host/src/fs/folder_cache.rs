//! [`FolderCache`]: within one operation, where each folder that paths were
//! located in really is, and the folders opened to move items into.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use cap_std::fs::Dir;

/// Within one operation (see [`super::HostFs::begin_operation`]), where
/// each folder that paths were located in really is, so a batch of moves
/// out of one folder into a few resolves each folder once, not once per
/// path; and the handles of those folders opened for moves, so a batch
/// opens each once. A change that may move a folder forgets it all (see
/// [`Self::changing`]); the end of the outermost operation does too.
#[derive(Default)]
pub(super) struct FolderCache {
    depth: usize,
    folders: Vec<Folder>,
}

/// One folder located in this operation.
struct Folder {
    /// Its root's path joined with the folder as located.
    located: PathBuf,
    /// Where it really is.
    canonical: PathBuf,
    /// The folder itself, once opened through its root.
    opened: Option<Arc<Dir>>,
    /// Whether an item in it was looked at already.
    looked_into: bool,
}

impl FolderCache {
    /// The folder located as `folder`, spelled alike (every key is made
    /// the same way; another spelling is only a miss, resolved again).
    fn find(&self, folder: &Path) -> Option<&Folder> {
        let folder = folder.as_os_str();
        self.folders
            .iter()
            .find(|known| known.located.as_os_str() == folder)
    }

    fn find_mut(&mut self, folder: &Path) -> Option<&mut Folder> {
        let folder = folder.as_os_str();
        self.folders
            .iter_mut()
            .find(|known| known.located.as_os_str() == folder)
    }

    /// The canonical path of `folder` (a root's path joined with a folder
    /// beneath it), when it was resolved in this operation.
    pub(super) fn get(&self, folder: &Path) -> Option<&PathBuf> {
        self.find(folder).map(|known| &known.canonical)
    }

    /// Keeps that `folder` is really at `canonical`, inside an operation.
    pub(super) fn keep(&mut self, folder: PathBuf, canonical: &Path) {
        if self.depth > 0 && self.get(&folder).is_none() {
            self.folders.push(Folder {
                located: folder,
                canonical: canonical.to_path_buf(),
                opened: None,
                looked_into: false,
            });
        }
    }

    /// The handle of `folder` opened in this operation, if it was.
    pub(super) fn opened(&self, folder: &Path) -> Option<Arc<Dir>> {
        self.find(folder)?.opened.clone()
    }

    /// Keeps `dir`, the folder `folder` opened, for the rest of the
    /// operation; only a folder resolved in it is kept (the rule of what a
    /// change forgets reads where it really is).
    pub(super) fn keep_opened(&mut self, folder: &Path, dir: &Arc<Dir>) {
        if let Some(known) = self.find_mut(folder) {
            known.opened = Some(Arc::clone(dir));
        }
    }

    /// Notes that an item in `folder` (resolved in this operation) is
    /// looked at; whether one was before (then the folder is worth
    /// opening for the rest of the operation).
    pub(super) fn looked_into(&mut self, folder: &Path) -> bool {
        match self.find_mut(folder) {
            Some(known) => std::mem::replace(&mut known.looked_into, true),
            None => false,
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
            self.folders.clear();
        }
    }

    /// Forgets every folder, unless no folder's place can depend on the
    /// item at `relative` beneath the root at `root`, about to change: no
    /// folder was located through it, as written or where it really is.
    /// Decided on what is known, without asking the disk: a regular file
    /// never holds a folder, so a batch of file moves keeps every folder.
    pub(super) fn changing(&mut self, root: &Path, relative: &Path) {
        if self.folders.is_empty() {
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
            !self.folders.iter().any(|known| {
                known.located.starts_with(&as_written) || known.canonical.starts_with(&real)
            })
        });
        if !untouched {
            self.folders.clear();
        }
    }
}
