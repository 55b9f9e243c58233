//! Settled arrivals gathered into one batch: it runs once no arrival has
//! changed for the settle time and the grouping interval after it (so
//! files that arrive a few at a time are one journaled session), and at
//! the latest [`AT_MOST`] after its first file settled, however many keep
//! arriving.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// The longest a settled arrival waits for others to join its batch.
pub const AT_MOST: Duration = Duration::from_secs(60);

/// The settled arrivals of the next batch.
#[derive(Debug)]
pub struct Gathering {
    names: BTreeSet<String>,
    /// When the first of them settled.
    since: Option<Instant>,
    /// How long the folder must stay quiet (no arrival changing) before
    /// the batch runs: the settle time and the grouping interval.
    quiet: Duration,
    /// Kept back while the rules file cannot be used: tried again at the
    /// next change, not at a time.
    held: bool,
}

impl Gathering {
    /// Nothing gathered; a batch runs once no arrival changed for
    /// `settle` and then `group`.
    pub fn new(settle: Duration, group: Duration) -> Self {
        Self {
            names: BTreeSet::new(),
            since: None,
            quiet: settle.saturating_add(group),
            held: false,
        }
    }

    /// Adds the arrivals that settled at `now`.
    pub fn add(&mut self, names: Vec<String>, now: Instant) {
        if names.is_empty() {
            return;
        }
        self.since.get_or_insert(now);
        self.names.extend(names);
    }

    /// When the batch is to run, the last arrival having changed at
    /// `last_change`; `None` when nothing is gathered, or it is held back.
    pub fn due(&self, last_change: Option<Instant>) -> Option<Instant> {
        let since = self.since.filter(|_| !self.held)?;
        let quiet = last_change.map_or(since, |last| last + self.quiet);
        Some(quiet.min(since + AT_MOST))
    }

    /// Whether a batch is to run at `now` (nothing gathered: no; held
    /// back: tried again now).
    pub fn ready(&self, now: Instant, last_change: Option<Instant>) -> bool {
        match self.since {
            None => false,
            Some(_) if self.held => true,
            Some(_) => self.due(last_change).is_some_and(|due| due <= now),
        }
    }

    /// Keeps the gathered arrivals back until the next change.
    pub fn hold(&mut self) {
        self.held = true;
    }

    /// The gathered arrivals, taken out for their batch.
    pub fn take(&mut self) -> BTreeSet<String> {
        self.since = None;
        self.held = false;
        std::mem::take(&mut self.names)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_waits_for_a_quiet_folder_and_at_most_a_minute() {
        let start = Instant::now();
        let second = Duration::from_secs(1);
        let mut gathering = Gathering::new(2 * second, 3 * second);
        assert!(!gathering.ready(start, None));
        gathering.add(vec!["a.pdf".into()], start + 2 * second);
        assert_eq!(gathering.due(Some(start)), Some(start + 5 * second));
        // Another arrival changed since: the batch waits for it.
        let later = start + 4 * second;
        assert!(!gathering.ready(start + 5 * second, Some(later)));
        assert!(gathering.ready(later + 5 * second, Some(later)));
        // Arrivals without end: a minute after the first settled.
        let busy = start + 10 * AT_MOST;
        assert_eq!(
            gathering.due(Some(busy)),
            Some(start + 2 * second + AT_MOST)
        );
        gathering.hold();
        assert_eq!(gathering.due(Some(later)), None, "no time while held");
        assert!(
            gathering.ready(start, Some(later)),
            "tried at the next change"
        );
        assert_eq!(gathering.take().len(), 1);
        assert!(!gathering.ready(busy, Some(later)));
    }
}
