//! The moves of an apply gathered into batches for the journal's batched
//! path ([`tidyup_core::FileSystem::move_batch`] on a `JournaledFs`: the
//! moves journaled whole with one sync, then made), the path the
//! terminal's bulk moves take, instead of one synced record per move.
//! A batch holds only moves that do not depend on one another: none is
//! at, above or below a path another one touches.

use std::collections::HashSet;

use tidyup_core::BatchMove;

/// The most moves one batch carries: a stop asked waits at most for one
/// batch, and the page hears of progress at least that often.
pub(super) const BATCH_MOVES: usize = 256;

/// Checked moves waiting to be made together.
#[derive(Default)]
pub(super) struct Batch {
    /// The moves, in plan order.
    pub(super) moves: Vec<BatchMove>,
    /// Each move's line (the plan's words for it), for a refusal.
    pub(super) lines: Vec<String>,
    /// Every source and destination of the batch.
    paths: HashSet<String>,
    /// Every folder above those.
    above: HashSet<String>,
}

impl Batch {
    /// Whether a move `from` → `to` must wait for this batch to be made:
    /// it is full, or one of the two paths is at, above or below a path
    /// of the batch.
    pub(super) fn must_wait(&self, from: &str, to: &str) -> bool {
        self.moves.len() >= BATCH_MOVES
            || [from, to].into_iter().any(|path| {
                self.above.contains(path)
                    || std::iter::once(path)
                        .chain(ancestors(path))
                        .any(|at| self.paths.contains(at))
            })
    }

    /// Adds a checked move.
    pub(super) fn push(&mut self, from: &str, to: &str, line: String) {
        for path in [from, to] {
            self.paths.insert(path.to_owned());
            self.above.extend(ancestors(path).map(str::to_owned));
        }
        self.moves.push(BatchMove {
            from: from.to_owned(),
            to: to.to_owned(),
        });
        self.lines.push(line);
    }

    /// Whether it holds no move.
    pub(super) fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Its moves and their lines, the batch left empty.
    pub(super) fn take(&mut self) -> (Vec<BatchMove>, Vec<String>) {
        self.paths.clear();
        self.above.clear();
        (
            std::mem::take(&mut self.moves),
            std::mem::take(&mut self.lines),
        )
    }
}

/// The folders above `path`, nearest first (by either separator).
pub(super) fn ancestors(path: &str) -> impl Iterator<Item = &str> {
    let mut rest = path;
    std::iter::from_fn(move || {
        let at = rest.rfind(['/', '\\'])?;
        rest = &rest[..at];
        (!rest.is_empty()).then_some(rest)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_that_touch_each_other_wait() {
        let mut batch = Batch::default();
        batch.push("/t/a.txt", "/t/Docs/a.txt", String::new());
        assert!(!batch.must_wait("/t/b.txt", "/t/Docs/b.txt"));
        assert!(
            batch.must_wait("/t/Docs/a.txt", "/t/Old/a.txt"),
            "its destination"
        );
        assert!(
            batch.must_wait("/t/Docs", "/t/Papers"),
            "a folder above one"
        );
        assert!(batch.must_wait("/t/c.txt", "/t/a.txt/c.txt"), "below one");
        assert_eq!(
            ancestors("/t/Docs/a.txt").collect::<Vec<_>>(),
            ["/t/Docs", "/t"]
        );
    }
}
