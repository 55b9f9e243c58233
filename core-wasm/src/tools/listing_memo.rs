//! [`ListingMemo`]: the tool calls of one reply list a folder once.

use crate::{Entry, FileSystem, FileSystemExt, FsAnswer, FsRequest, HostError};

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
}

impl FileSystem for ListingMemo<'_> {
    // Every other request passes on unchanged, whatever requests come to
    // exist; one that may change anything forgets the listing first.
    #[allow(clippy::wildcard_enum_match_arm)]
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        match request {
            FsRequest::List { path } => {
                if let Some((folder, entries)) = &self.listed
                    && folder == path
                {
                    return Ok(FsAnswer::List(entries.clone()));
                }
                let entries = self.inner.list(path)?;
                self.listed = Some((path.to_string(), entries.clone()));
                Ok(FsAnswer::List(entries))
            }
            FsRequest::Count { path } => match &self.listed {
                Some((folder, entries)) if folder == path => Ok(FsAnswer::Count(entries.len())),
                _ => self.inner.call(request),
            },
            other => {
                if other.changes() {
                    self.listed = None;
                }
                self.inner.call(other)
            }
        }
    }
}
