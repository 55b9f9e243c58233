//! The file system a watch batch sees: the target shows its folders and
//! only the files of the batch, so the offline planner organizes exactly
//! those. Every other call goes through unchanged (the journal and the
//! sandbox below see everything), so nothing can be overwritten unseen.

use std::collections::BTreeSet;

use tidyup_core::{Entry, EntryKind, FileSystem, HostError};

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
    tidyup_core::forward_file_system!(inner =>
        stat, create_dir_all, rename, remove_file, remove_dir_all, move_batch, read_bytes, digests
    );

    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let mut entries = self.inner.list(path)?;
        if trimmed(path) == self.target {
            entries
                .retain(|entry| entry.kind == EntryKind::Dir || self.batch.contains(&entry.name));
        }
        Ok(entries)
    }
}
