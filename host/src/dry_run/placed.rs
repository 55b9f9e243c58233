//! What an apply has done so far, which its later steps rely on: the
//! items it moved (and the folders it made) with their fingerprints right
//! after, and the planned folders it has not made yet.

use std::collections::HashMap;

use tidyup_core::{FileSystemExt, Lang};

use crate::fs::{Fingerprint, HostFs};
use crate::journal::JournaledFs;

/// The items this apply has moved, by where they now are, with their
/// fingerprints right after: a later step on such an item expects exactly
/// that (a move itself changes an item's ctime, and across file systems
/// its identity).
#[derive(Default)]
pub(super) struct Placed(HashMap<String, Fingerprint>);

impl Placed {
    /// Whether `now`, found at `path`, is what the plan (or this apply) left there.
    pub(super) fn unchanged(&self, path: &str, planned: &Fingerprint, now: &Fingerprint) -> bool {
        match self.0.get(path) {
            Some(left) => left == now,
            None => planned.matches(now),
        }
    }

    /// Notes the move `from` → `to`: what was placed at or below `from` is
    /// now below `to`, and `to` holds `now`.
    pub(super) fn moved(&mut self, from: &str, to: &str, now: Option<Fingerprint>) {
        let carried: Vec<(String, Fingerprint)> = self
            .0
            .iter()
            .filter(|(path, _)| path.as_str() != from && at_or_below(path, from))
            .map(|(path, print)| (format!("{to}{}", &path[from.len()..]), print.clone()))
            .collect();
        self.removed(from);
        self.removed(to);
        self.0.extend(carried);
        if let Some(now) = now {
            self.0.insert(to.to_owned(), now);
        }
    }

    /// Notes that `path` (and what was below it) is gone.
    pub(super) fn removed(&mut self, path: &str) {
        self.0.retain(|placed, _| !at_or_below(placed, path));
    }
}

/// The planned folders not made yet, each with its step's line, and how
/// many were made (each counts as an applied step).
#[derive(Default)]
pub(super) struct Deferred {
    pub(super) pending: Vec<(String, String)>,
    pub(super) made: usize,
}

impl Deferred {
    /// Makes, in plan order, the pending folders that hold `to`: its
    /// folder and those above it.
    pub(super) fn make_for<F: HostFs>(
        &mut self,
        files: &mut JournaledFs<F>,
        placed: &mut Placed,
        to: &str,
        lang: Lang,
    ) -> Result<(), String> {
        let Some(folder) = parent(to) else {
            return Ok(());
        };
        self.make(files, placed, lang, |path| at_or_below(folder, path))
    }

    /// Makes the pending folders at or below `item`, which a move or
    /// delete of it carries along.
    pub(super) fn make_within<F: HostFs>(
        &mut self,
        files: &mut JournaledFs<F>,
        placed: &mut Placed,
        item: &str,
        lang: Lang,
    ) -> Result<(), String> {
        self.make(files, placed, lang, |path| at_or_below(path, item))
    }

    /// Makes, in plan order, the pending folders `wanted` says, noting
    /// each folder made (its parents too) as placed by this apply: a
    /// planned folder has no identity of its own in the plan.
    fn make<F: HostFs>(
        &mut self,
        files: &mut JournaledFs<F>,
        placed: &mut Placed,
        lang: Lang,
        wanted: impl Fn(&str) -> bool,
    ) -> Result<(), String> {
        while let Some(at) = self.pending.iter().position(|(path, _)| wanted(path)) {
            let path = self.pending[at].0.clone();
            let new = missing(files, &path);
            files
                .create_dir_all(&path)
                .map_err(|e| lang.host_failure(&e))?;
            for made in new {
                if let Ok(Some(now)) = files.fingerprint(&made) {
                    placed.0.insert(made, now);
                }
            }
            self.pending.remove(at);
            self.made += 1;
        }
        Ok(())
    }
}

/// `path` and those of its folders that are not there: what making it makes.
fn missing<F: HostFs>(files: &mut JournaledFs<F>, path: &str) -> Vec<String> {
    let mut missing = Vec::new();
    let mut at = Some(path).filter(|path| !path.is_empty());
    while let Some(here) = at {
        match files.stat(here) {
            Ok(None) => missing.push(here.to_owned()),
            Ok(Some(_)) | Err(_) => break,
        }
        at = parent(here).filter(|path| !path.is_empty());
    }
    missing
}

/// The folder `path` lies in (by either separator).
pub(super) fn parent(path: &str) -> Option<&str> {
    path.rfind(['/', '\\']).map(|at| &path[..at])
}

/// Whether `path` is `root` or lies below it.
pub(super) fn at_or_below(path: &str, root: &str) -> bool {
    path.strip_prefix(root)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '\\']))
}
