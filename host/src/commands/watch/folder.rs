//! The watched folder: what was there at the start, which files to
//! organize (under the rules as they are now), whether it is still where
//! the watch started, and a look at all of it when notifications were lost.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::rules::FollowedRules;
use super::settle::{Look, Pending};

/// The watched folder and the rules it is kept by.
pub struct Folder {
    /// The folder (canonical).
    pub target: PathBuf,
    /// The files there when the watch started, as they looked then: left
    /// alone unless they change.
    pub at_start: BTreeMap<String, Look>,
    /// The rules file, followed.
    pub rules: FollowedRules,
    /// What told the folder apart from any other at the start.
    identity: Option<(u64, u64)>,
}

impl Folder {
    /// The folder `target` as it is now, kept by `rules`.
    pub fn new(target: PathBuf, rules: FollowedRules) -> Self {
        Self {
            at_start: looks(&target),
            identity: crate::fs::identity(&target).ok().flatten(),
            target,
            rules,
        }
    }

    /// A change reported at `path`: a file directly in the folder that is
    /// to be organized starts (or restarts) its settle time.
    pub fn note(&mut self, path: &Path, pending: &mut Pending) {
        if path.parent() != Some(self.target.as_path()) {
            return;
        }
        let Some(name) = path.file_name().and_then(|name| name.to_str()) else {
            return;
        };
        let Some(current) = look(path).filter(|_| self.organizable(name)) else {
            pending.forget(name);
            return;
        };
        if self.at_start.get(name) == Some(&current) {
            return;
        }
        self.at_start.remove(name);
        pending.changed(name.to_owned(), Instant::now(), current);
    }

    /// Notes every file of the folder as if it had just changed (the
    /// notifications of some changes were lost): each loose file that is
    /// to be organized is an arrival, unless it is one left alone since
    /// the start.
    pub fn rescan(&mut self, pending: &mut Pending) {
        let Ok(entries) = std::fs::read_dir(&self.target) else {
            return;
        };
        for entry in entries.flatten() {
            self.note(&entry.path(), pending);
        }
    }

    /// Whether a file of this name is organized when it arrives: not
    /// hidden, not in use (a partial download, a lock file, or a file a
    /// download manager writes beside), not the rules file, not
    /// excluded by the rules in force (while they cannot be used, it waits
    /// for them: it counts as organized).
    pub fn organizable(&self, name: &str) -> bool {
        let sibling = |other: &str| self.target.join(other).exists();
        tidyup_core::left_alone(name, &sibling).is_none()
            && self.rules.path() != self.target.join(name)
            && !self
                .rules
                .rules()
                .is_some_and(|rules| rules.is_excluded(name, false))
    }

    /// Whether the folder is no longer where the watch started: nothing is
    /// at its path, or another item is (it was renamed or deleted, and
    /// maybe made again). `false` when that cannot be told.
    pub fn gone(&self) -> bool {
        match crate::fs::identity(&self.target) {
            Ok(None) => true,
            Ok(Some(now)) => self.identity.is_some_and(|start| start != now),
            Err(_) => false,
        }
    }
}

/// What the file at `path` looks like; `None` when it is not a regular file.
pub fn look(path: &Path) -> Option<Look> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    meta.is_file().then(|| Look {
        size: meta.len(),
        modified: meta.modified().ok(),
    })
}

/// The regular files of `dir` and how they look.
fn looks(dir: &Path) -> BTreeMap<String, Look> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return BTreeMap::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            Some((name, look(&entry.path())?))
        })
        .collect()
}
