//! The file system a watch batch sees: the target shows its folders and
//! only the files of the batch, so the offline planner organizes exactly
//! those. Every other call goes through unchanged (the journal and the
//! sandbox below see everything), so nothing can be overwritten unseen.

use std::collections::BTreeSet;

use tidyup_core::{EntryKind, FileSystem, FileSystemExt, FsAnswer, FsRequest, HostError};

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

/// A listing of the target shows its folders and the batch's files; every
/// other request passes on as it is, whatever requests come to exist.
impl<F: FileSystem> FileSystem for BatchView<F> {
    #[allow(clippy::wildcard_enum_match_arm)]
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        match request {
            FsRequest::List { path } => {
                let mut entries = self.inner.list(path)?;
                if trimmed(path) == self.target {
                    entries.retain(|entry| {
                        entry.kind == EntryKind::Dir || self.batch.contains(&entry.name)
                    });
                }
                Ok(FsAnswer::List(entries))
            }
            _ => self.inner.call(request),
        }
    }
}
