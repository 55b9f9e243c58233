//! Folders a move makes for its destination, removed again when the move
//! fails: a failed tool changes nothing.

use crate::paths;
use crate::ports::FileSystemExt;
use crate::ports::{FileSystem, HostError};

/// The folders one call created, outermost first.
#[derive(Debug, Default)]
pub(super) struct MadeFolders {
    created: Vec<String>,
}

impl MadeFolders {
    /// Creates `dir` with its missing parents, remembering which were
    /// missing.
    pub(super) fn create(files: &mut dyn FileSystem, dir: &str) -> Result<Self, HostError> {
        let mut missing = Vec::new();
        let mut current = Some(dir);
        while let Some(path) = current {
            if files.stat(path)?.is_some() {
                break;
            }
            missing.push(path.to_owned());
            current = paths::parent(path);
        }
        files.create_dir_all(dir)?;
        missing.reverse();
        Ok(Self { created: missing })
    }

    /// The folders made, outermost first.
    pub(super) fn into_paths(self) -> Vec<String> {
        self.created
    }

    /// Removes the folders made, innermost first, each only while it is
    /// still empty.
    pub(super) fn remove(self, files: &mut dyn FileSystem) {
        for dir in self.created.iter().rev() {
            let empty = files.list(dir).is_ok_and(|entries| entries.is_empty());
            if !empty || files.remove_dir_all(dir).is_err() {
                break;
            }
        }
    }
}
