//! [`JournaledFs`]: any [`HostFs`] with every change journaled first and
//! nothing lost: deleted and replaced items go to the session's trash.

use std::path::Path;

use tidyup_core::{Entry, EntryKind, FileSystem, HostError};

use super::{Journal, Record};
use crate::fs::{HostFs, host_error};

/// Journals each change before making it; deletes become moves to the trash.
/// The model's result texts still say "deleted" / "replaced".
pub struct JournaledFs<F> {
    inner: F,
    journal: Journal,
}

impl<F: HostFs> JournaledFs<F> {
    /// Wraps `inner`, recording into `journal`.
    pub fn new(inner: F, journal: Journal) -> Self {
        Self { inner, journal }
    }

    /// The journal (its session name, whether anything changed).
    pub fn journal(&self) -> &Journal {
        &self.journal
    }

    fn record(&mut self, record: &Record) -> Result<(), HostError> {
        self.journal.append(record).map_err(|err| {
            HostError::new(
                "journal",
                format!("cannot write the journal, nothing was changed: {err}"),
            )
        })
    }

    /// Moves the item at `path` into the trash, journaled first.
    fn trash(&mut self, path: &str) -> Result<(), HostError> {
        let name = Path::new(path)
            .file_name()
            .map_or_else(|| "item".to_owned(), |n| n.to_string_lossy().into_owned());
        let trash = self
            .journal
            .next_trash_path(&name)
            .map_err(|err| host_error(&err))?;
        self.record(&Record::Trashed {
            path: path.to_owned(),
            trash: trash.clone(),
        })?;
        self.inner.move_out(path, &trash)
    }
}

impl<F: HostFs> FileSystem for JournaledFs<F> {
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        self.inner.stat(path)
    }

    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        self.inner.list(path)
    }

    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        // Record exactly the directories this call creates, outermost first.
        let mut missing = Vec::new();
        let mut current = Path::new(path);
        while self.inner.stat(&current.to_string_lossy())?.is_none() {
            missing.push(current.to_string_lossy().into_owned());
            match current.parent() {
                Some(parent) => current = parent,
                None => break,
            }
        }
        for created in missing.iter().rev() {
            self.record(&Record::Created {
                path: created.clone(),
            })?;
        }
        self.inner.create_dir_all(path)
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        if from == to || self.inner.stat(from)?.is_none() {
            // Nothing changes (or nothing can): the inner answer is the answer.
            return self.inner.rename(from, to);
        }
        self.inner.may_change(from)?;
        self.inner.may_change(to)?;
        let replaced = match self.inner.stat(to)? {
            Some(entry) if entry.kind == EntryKind::Dir => self.inner.list(to)?.is_empty(),
            Some(_) => true,
            None => false,
        };
        if replaced {
            // A replaced destination stays recoverable. (A folder with
            // contents is never replaced: the rename fails on it.)
            self.trash(to)?;
        }
        self.record(&Record::Moved {
            from: from.to_owned(),
            to: to.to_owned(),
        })?;
        self.inner.rename(from, to)
    }

    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        self.checked_trash(path)
    }

    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.checked_trash(path)
    }
}

impl<F: HostFs> JournaledFs<F> {
    /// Trashes `path` if it exists, with the inner file system's own refusal
    /// (outside the roots, the root itself) checked first.
    fn checked_trash(&mut self, path: &str) -> Result<(), HostError> {
        self.inner.may_change(path)?;
        match self.inner.stat(path)? {
            Some(_) => self.trash(path),
            None => Err(HostError::new(
                "not_found",
                format!("{path} does not exist"),
            )),
        }
    }
}
