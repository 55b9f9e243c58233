//! Arrivals waiting to settle: a file is handled once it has not changed
//! (no event, same size and modification time) for the settle time, so a
//! download or copy still being written is never moved half-written.

use std::collections::BTreeMap;
use std::time::{Duration, Instant, SystemTime};

/// What a file looked like when last seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Look {
    /// Its size in bytes.
    pub size: u64,
    /// Its modification time.
    pub modified: Option<SystemTime>,
}

/// The files seen arriving and not yet settled, by name.
#[derive(Debug, Default)]
pub struct Pending {
    files: BTreeMap<String, (Instant, Look)>,
    settle: Duration,
    /// When an arrival last changed (the batch waits for a quiet folder).
    last_change: Option<Instant>,
}

impl Pending {
    /// Nothing pending; files settle after `settle`.
    pub fn new(settle: Duration) -> Self {
        Self {
            files: BTreeMap::new(),
            settle,
            last_change: None,
        }
    }

    /// The file `name` changed at `now` and looks like `look`.
    pub fn changed(&mut self, name: String, now: Instant, look: Look) {
        self.files.insert(name, (now, look));
        self.last_change = self.last_change.max(Some(now));
    }

    /// When an arrival last changed; `None` before the first.
    pub fn last_change(&self) -> Option<Instant> {
        self.last_change
    }

    /// Forgets `name` (it went away, or became something not to organize).
    pub fn forget(&mut self, name: &str) {
        self.files.remove(name);
    }

    /// When the next file may have settled; `None` when nothing is pending.
    pub fn next_check(&self) -> Option<Instant> {
        self.files.values().map(|(at, _)| *at + self.settle).min()
    }

    /// The files that have settled by `now`, taken out, by name. `look`
    /// tells what a file looks like now (`None`: gone or not a file); one
    /// that changed without an event starts its settle time again.
    pub fn settled(&mut self, now: Instant, look: impl Fn(&str) -> Option<Look>) -> Vec<String> {
        let due: Vec<String> = self
            .files
            .iter()
            .filter(|(_, (at, _))| *at + self.settle <= now)
            .map(|(name, _)| name.clone())
            .collect();
        let mut ready = Vec::new();
        for name in due {
            match look(&name) {
                None => self.forget(&name),
                Some(current)
                    if self
                        .files
                        .get(&name)
                        .is_some_and(|(_, seen)| *seen == current) =>
                {
                    self.files.remove(&name);
                    ready.push(name);
                }
                Some(current) => self.changed(name, now, current),
            }
        }
        ready
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn look(size: u64) -> Look {
        Look {
            size,
            modified: None,
        }
    }

    #[test]
    fn a_file_settles_only_after_the_settle_time_without_change() {
        let start = Instant::now();
        let settle = Duration::from_secs(2);
        let mut pending = Pending::new(settle);
        pending.changed("a.pdf".into(), start, look(10));
        assert_eq!(pending.next_check(), Some(start + settle));
        assert!(
            pending
                .settled(start + Duration::from_secs(1), |_| Some(look(10)))
                .is_empty()
        );
        // Grown since the event: waits again.
        let later = start + settle;
        assert!(pending.settled(later, |_| Some(look(20))).is_empty());
        assert_eq!(pending.next_check(), Some(later + settle));
        assert_eq!(
            pending.settled(later + settle, |_| Some(look(20))),
            vec!["a.pdf"]
        );
        assert_eq!(pending.next_check(), None);
    }

    #[test]
    fn a_file_that_went_away_is_forgotten() {
        let start = Instant::now();
        let mut pending = Pending::new(Duration::from_millis(10));
        pending.changed("gone.txt".into(), start, look(1));
        assert!(
            pending
                .settled(start + Duration::from_secs(1), |_| None)
                .is_empty()
        );
        assert_eq!(pending.next_check(), None);
    }
}
