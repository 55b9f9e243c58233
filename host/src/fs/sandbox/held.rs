//! The folders one operation of the sandbox holds open: items in a folder
//! looked into again are read through its handle, and a move that must
//! never replace anything is made through the handles of both folders,
//! decided by the kernel in the move itself.

use std::io;
use std::path::Path;
use std::sync::Arc;

use cap_std::fs::{Dir, Metadata};
use tidyup_core::HostError;

use super::{Root, SandboxFs, cross_device, is_root};
use crate::fs::case::differ_only_in_case;
use crate::fs::{already_exists, no_replace};

impl SandboxFs {
    /// The folder `parent` beneath `root`, opened through the root's
    /// capability once per operation (the root itself for `.`).
    fn opened_folder<'a>(&self, root: &'a Root, parent: &Path) -> io::Result<Opened<'a>> {
        if is_root(parent) {
            return Ok(Opened::Root(&root.dir));
        }
        let key = root.path.join(parent);
        if let Some(dir) = self.folders.borrow().opened(&key) {
            return Ok(Opened::Held(dir));
        }
        let dir = Arc::new(root.dir.open_dir(parent)?);
        self.folders.borrow_mut().keep_opened(&key, &dir);
        Ok(Opened::Held(dir))
    }

    /// The metadata of the item at `relative` beneath `root` (a final
    /// symlink not followed). In a folder the operation looks into more
    /// than once, it is read through the folder's handle, opened once: one
    /// lookup of a name, not a walk of the whole path each time.
    pub(super) fn metadata_in_folder(&self, root: &Root, relative: &Path) -> io::Result<Metadata> {
        if let Ok((parent, name)) = cross_device::split(relative)
            && !is_root(parent)
            && self
                .folders
                .borrow_mut()
                .looked_into(&root.path.join(parent))
            && let Ok(folder) = self.opened_folder(root, parent)
        {
            return folder.symlink_metadata(name);
        }
        root.dir.symlink_metadata(relative)
    }

    /// [`HostFs::rename_new`] decided by the kernel in the move itself,
    /// through the handles of both folders; `None` when it cannot be so
    /// decided here (no such rename, a name to be rewritten, a rename of
    /// case only, across file systems, or a failure to be told the way the
    /// general move tells it): then the caller checks first.
    pub(super) fn rename_without_replacing(
        &self,
        from: &str,
        to: &str,
    ) -> Option<Result<(), HostError>> {
        if !no_replace::AVAILABLE {
            return None;
        }
        let located = self
            .locate_inside(from)
            .and_then(|from| Ok((from, self.locate_inside(to)?)));
        let ((from_root, from_relative), (to_root, to_relative)) = match located {
            Ok(located) => located,
            Err(err) => return Some(Err(err)),
        };
        if from_relative.to_str().is_none() || differ_only_in_case(&from_relative, &to_relative) {
            return None;
        }
        let (from_parent, from_name) = cross_device::split(&from_relative).ok()?;
        let (to_parent, to_name) = cross_device::split(&to_relative).ok()?;
        self.changing_item(from_root, &from_relative);
        self.changing_item(to_root, &to_relative);
        let from_dir = self.opened_folder(from_root, from_parent).ok()?;
        let to_dir = self.opened_folder(to_root, to_parent).ok()?;
        let renamed = self
            .hooks
            .rename(|| no_replace::rename(&from_dir, from_name, &to_dir, to_name));
        match renamed {
            Ok(()) => Some(Ok(())),
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => Some(Err(already_exists(to))),
            Err(_) => None,
        }
    }
}

/// A folder opened for a move: a root's own handle, or one held for the
/// operation.
enum Opened<'a> {
    Root(&'a Dir),
    Held(Arc<Dir>),
}

impl std::ops::Deref for Opened<'_> {
    type Target = Dir;

    fn deref(&self) -> &Dir {
        match self {
            Self::Root(dir) => dir,
            Self::Held(dir) => dir,
        }
    }
}
