//! The user's rules file made binding: items its `exclude` globs name, and
//! everything inside an excluded folder, cannot be created, moved, renamed
//! or deleted through this layer, whatever the model asks. A folder that
//! holds an excluded item cannot be moved or deleted whole either. Excluded
//! items are still listed and read. The rules file itself is always
//! excluded.

use std::path::{Component, Path, PathBuf};

use tidyup_core::rules::Rules;
use tidyup_core::{BatchMove, Entry, EntryKind, ErrorCode, FileSystem, HostError};

use super::under_root::relative_to;
use super::{Fingerprint, HostFs, Location};

use crate::failure::Failure;
use crate::rules_file::RULES_FILE;

/// Items below a folder looked at, at most, to tell whether the folder
/// holds an excluded item; a larger folder is refused as if it did.
const MOST_ITEMS_CHECKED: usize = 20_000;

/// `inner` with the excludes of `rules`, whose globs are relative to `dir`.
pub struct ExcludedFs<F> {
    inner: F,
    dir: PathBuf,
    rules: Rules,
}

impl<F: HostFs> ExcludedFs<F> {
    /// Guards `inner` with the excludes of `rules` over `dir`.
    pub fn new(inner: F, dir: PathBuf, rules: Rules) -> Self {
        Self { inner, dir, rules }
    }

    /// `place` (a real path of the machine) relative to the rules'
    /// directory with `/` separators, `.` and `..` resolved, or `None` when
    /// it is outside it. Compared as the platform compares paths.
    fn relative(&self, place: &Path) -> Option<String> {
        let relative = relative_to(&self.dir, place)?;
        let mut parts: Vec<String> = Vec::new();
        for part in relative.components() {
            match part {
                Component::Normal(name) => parts.push(name.to_string_lossy().into_owned()),
                Component::ParentDir => {
                    parts.pop()?;
                }
                Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
            }
        }
        Some(parts.join("/"))
    }

    /// Refuses a change to `path` when the rules protect it: it is excluded
    /// (or inside an excluded folder), it is the rules file, or it is a
    /// folder holding an excluded item. The item is taken where it really
    /// is, its folders resolved through symlinks, and so is where a symlink
    /// at `path` leads: no other name for a protected item gets past.
    fn check_change(&mut self, path: &str) -> Result<(), HostError> {
        let location = self.inner.locate(path)?;
        let refused = || HostError::new(ErrorCode::Excluded, path.to_owned());
        let is_dir = matches!(
            self.inner.stat(path)?,
            Some(Entry {
                kind: EntryKind::Dir,
                ..
            })
        );
        if let Some(relative) = self.relative(&location.item).filter(|r| !r.is_empty()) {
            if relative == RULES_FILE || self.rules.is_excluded(&relative, is_dir) {
                return Err(refused());
            }
            if is_dir && self.holds_excluded(path, &relative)? {
                return Err(refused());
            }
        }
        let led_to = location
            .leads_to
            .as_deref()
            .and_then(|target| self.relative(target));
        if let Some(relative) = led_to.filter(|r| !r.is_empty())
            && (self.rules.is_excluded(&relative, true) || self.rules.is_excluded(&relative, false))
        {
            return Err(refused());
        }
        Ok(())
    }

    /// Whether the folder at `path` (`relative` to the rules' directory)
    /// holds an excluded item, looking at most at [`MOST_ITEMS_CHECKED`]
    /// items (more counts as holding one).
    fn holds_excluded(&mut self, path: &str, relative: &str) -> Result<bool, HostError> {
        let mut pending = vec![(path.to_owned(), relative.to_owned())];
        let mut seen = 0;
        while let Some((folder, folder_relative)) = pending.pop() {
            for entry in self.inner.list(&folder)? {
                seen += 1;
                if seen > MOST_ITEMS_CHECKED {
                    return Ok(true);
                }
                let child = format!("{folder_relative}/{}", entry.name);
                let is_dir = entry.kind == EntryKind::Dir;
                if self.rules.is_excluded(&child, is_dir) {
                    return Ok(true);
                }
                if is_dir {
                    let child_path = Path::new(&folder).join(&entry.name);
                    pending.push((child_path.to_string_lossy().into_owned(), child));
                }
            }
        }
        Ok(false)
    }
}

impl<F: HostFs> FileSystem for ExcludedFs<F> {
    tidyup_core::forward_file_system!(inner => stat, list, read_bytes, digests);

    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.check_change(path)?;
        self.inner.create_dir_all(path)
    }
    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        self.check_change(from)?;
        self.check_change(to)?;
        self.inner.rename(from, to)
    }
    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        self.check_change(path)?;
        self.inner.remove_file(path)
    }
    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.check_change(path)?;
        self.inner.remove_dir_all(path)
    }
    fn move_batch(&mut self, moves: &[BatchMove]) -> Result<Vec<Result<(), HostError>>, HostError> {
        let mut allowed = Vec::with_capacity(moves.len());
        let mut refusals = Vec::with_capacity(moves.len());
        for step in moves {
            let refusal = self
                .check_change(&step.from)
                .and_then(|()| self.check_change(&step.to))
                .err();
            if refusal.is_none() {
                allowed.push(step.clone());
            }
            refusals.push(refusal);
        }
        let mut done = self.inner.move_batch(&allowed)?.into_iter();
        Ok(refusals
            .into_iter()
            .map(|refusal| match refusal {
                Some(err) => Err(err),
                None => done.next().unwrap_or_else(|| {
                    Err(HostError::new(
                        ErrorCode::Internal,
                        Failure::BatchMoveUnanswered.to_string(),
                    ))
                }),
            })
            .collect())
    }
}

impl<F: HostFs> HostFs for ExcludedFs<F> {
    fn may_change(&mut self, path: &str) -> Result<(), HostError> {
        self.check_change(path)?;
        self.inner.may_change(path)
    }
    fn move_out(&mut self, path: &str, outside: &Path) -> Result<(), HostError> {
        self.check_change(path)?;
        self.inner.move_out(path, outside)
    }
    fn move_in(&mut self, outside: &Path, path: &str) -> Result<(), HostError> {
        self.check_change(path)?;
        self.inner.move_in(outside, path)
    }
    fn locate(&mut self, path: &str) -> Result<Location, HostError> {
        self.inner.locate(path)
    }
    fn fingerprint(&mut self, path: &str) -> Result<Option<Fingerprint>, HostError> {
        self.inner.fingerprint(path)
    }
    fn same_item(&mut self, a: &str, b: &str) -> Result<bool, HostError> {
        self.inner.same_item(a, b)
    }
}
