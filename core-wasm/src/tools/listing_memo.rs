//! [`ListingMemo`]: the tool calls of one reply list a folder once.

use crate::{BatchMove, Entry, FileSystem, HostError};

/// A file system that answers a folder's listing from the last listing of
/// it, until anything is changed through it: the tool calls of one reply
/// (a summary, a search, a duplicates check of the same folder) read the
/// folder once. What other programs change meanwhile is seen by the next
/// reply, as a listing taken at the reply's start would be. Lives for one
/// reply only.
pub struct ListingMemo<'a> {
    inner: &'a mut dyn FileSystem,
    /// The folder listed last (as its path was given) and its entries.
    listed: Option<(String, Vec<Entry>)>,
}

impl<'a> ListingMemo<'a> {
    /// `inner`, nothing listed yet.
    pub fn new(inner: &'a mut dyn FileSystem) -> Self {
        Self {
            inner,
            listed: None,
        }
    }

    /// Runs the change `change`, forgetting the listing first.
    fn changing<T>(&mut self, change: impl FnOnce(&mut dyn FileSystem) -> T) -> T {
        self.listed = None;
        change(&mut *self.inner)
    }
}

impl FileSystem for ListingMemo<'_> {
    crate::forward_file_system!(inner => stat, stat_many, read_bytes, digests);

    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        if let Some((folder, entries)) = &self.listed
            && folder == path
        {
            return Ok(entries.clone());
        }
        let entries = self.inner.list(path)?;
        self.listed = Some((path.to_owned(), entries.clone()));
        Ok(entries)
    }

    fn count(&mut self, path: &str) -> Result<usize, HostError> {
        match &self.listed {
            Some((folder, entries)) if folder == path => Ok(entries.len()),
            _ => self.inner.count(path),
        }
    }

    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.changing(|files| files.create_dir_all(path))
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        self.changing(|files| files.rename(from, to))
    }

    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        self.changing(|files| files.remove_file(path))
    }

    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.changing(|files| files.remove_dir_all(path))
    }

    fn move_batch(&mut self, moves: &[BatchMove]) -> Result<Vec<Result<(), HostError>>, HostError> {
        self.changing(|files| files.move_batch(moves))
    }
}
