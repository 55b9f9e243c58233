//! The file system a watch batch sees: the target shows its folders and
//! only the files of the batch, so the offline planner organizes exactly
//! those. Every other call goes through unchanged (the journal and the
//! sandbox below see everything), so nothing can be overwritten unseen.

use std::collections::BTreeSet;

use tidyup_core::{BatchMove, Entry, EntryKind, FileSample, FileSystem, HostError};

/// `inner`, with the target's loose files narrowed to a batch.
pub struct BatchView<F> {
    inner: F,
    target: String,
    batch: BTreeSet<String>,
}

impl<F: FileSystem> BatchView<F> {
    /// Shows, in `target` (as the core writes it), its folders and the
    /// files named in `batch`.
    pub fn new(inner: F, target: &str, batch: impl IntoIterator<Item = String>) -> Self {
        Self {
            inner,
            target: trimmed(target).to_owned(),
            batch: batch.into_iter().collect(),
        }
    }
}

fn trimmed(path: &str) -> &str {
    let trimmed = path.trim_end_matches(['/', '\\']);
    if trimmed.is_empty() { path } else { trimmed }
}

impl<F: FileSystem> FileSystem for BatchView<F> {
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        self.inner.stat(path)
    }
    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let mut entries = self.inner.list(path)?;
        if trimmed(path) == self.target {
            entries
                .retain(|entry| entry.kind == EntryKind::Dir || self.batch.contains(&entry.name));
        }
        Ok(entries)
    }
    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.inner.create_dir_all(path)
    }
    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        self.inner.rename(from, to)
    }
    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        self.inner.remove_file(path)
    }
    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.inner.remove_dir_all(path)
    }
    fn move_batch(&mut self, moves: &[BatchMove]) -> Result<Vec<Result<(), HostError>>, HostError> {
        self.inner.move_batch(moves)
    }
    fn read_bytes(&mut self, path: &str, head: u64, tail: u64) -> Result<FileSample, HostError> {
        self.inner.read_bytes(path, head, tail)
    }
    fn digests(
        &mut self,
        paths: &[String],
        limit: Option<u64>,
    ) -> Result<Vec<Result<String, HostError>>, HostError> {
        self.inner.digests(paths, limit)
    }
}
