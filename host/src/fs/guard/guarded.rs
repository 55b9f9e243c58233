//! [`GuardedFs`]: the primitives behind one guard asking every policy.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use tidyup_core::{
    BatchMove, Entry, EntryKind, ErrorCode, FileSample, FileSystem, HostError, StatResult,
};

use super::{
    Located, Lookups, Op, OwnData, OwnDataHolders, Policy, Protected, Roots, WindowsNames,
};
use crate::failure::Failure;
use crate::fs::{Fingerprint, HostFs, Location, Staging, names};

/// The primitives `inner` with every policy in force: each operation
/// locates each of its paths once and asks the policies in order.
///
/// Within one operation (a call of this guard, or the span a layer above
/// marks with [`HostFs::begin_operation`] and [`HostFs::end_operation`])
/// a path is located once; every change made forgets what was located,
/// since it may move what a path leads to.
pub struct GuardedFs<F> {
    inner: F,
    policies: Arc<[Arc<dyn Policy>]>,
    known: HashMap<String, Location>,
    depth: usize,
    lookups: Lookups,
}

impl<F: HostFs> GuardedFs<F> {
    /// `inner` with the policies every stack has: Windows names, the roots
    /// themselves, and `protected` (tidyup's own places) out of reach.
    pub fn new(inner: F, protected: &Protected) -> Self {
        Self::with_policies(
            inner,
            vec![
                Arc::new(WindowsNames),
                Arc::new(OwnData(protected.clone())),
                Arc::new(OwnDataHolders(protected.clone())),
                Arc::new(Roots),
            ],
        )
    }

    /// `inner` with exactly `policies` (asked in the order of their ids).
    pub fn with_policies(inner: F, mut policies: Vec<Arc<dyn Policy>>) -> Self {
        policies.sort_by_key(|policy| policy.id());
        Self {
            inner,
            policies: policies.into(),
            known: HashMap::new(),
            depth: 0,
            lookups: Lookups::default(),
        }
    }

    /// The same guard with `policy` in force too.
    #[must_use]
    pub fn with_policy(mut self, policy: Arc<dyn Policy>) -> Self {
        self.insert(policy);
        self
    }

    /// The count of paths this guard has located.
    pub fn lookups(&self) -> Lookups {
        self.lookups.clone()
    }

    fn insert(&mut self, policy: Arc<dyn Policy>) {
        let mut policies = self.policies.to_vec();
        policies.push(policy);
        policies.sort_by_key(|policy| policy.id());
        self.policies = policies.into();
    }

    /// Runs `f` as one operation: paths located in it are located once.
    fn scoped<R>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<R, HostError>,
    ) -> Result<R, HostError> {
        self.begin_operation();
        let result = f(self);
        self.end_operation();
        result
    }

    /// Runs `f`, a change of the items at `changed`, as one operation, and
    /// forgets what it may have made stale (see [`Self::forget`]).
    fn changing<R>(
        &mut self,
        changed: &[&str],
        f: impl FnOnce(&mut Self) -> Result<R, HostError>,
    ) -> Result<R, HostError> {
        self.scoped(|guard| {
            let result = f(guard);
            guard.forget(changed);
            result
        })
    }

    /// Forgets the locations a change of the items at `changed` may have
    /// made stale: only theirs when each was located as a regular file or
    /// as nothing (no other path leads through those; a symlink to a file
    /// moved only ever pointed at a place the policies allowed), every
    /// location otherwise, and when `changed` is empty (a change that may
    /// touch more than it names, as creating the missing folders above a
    /// path does).
    fn forget(&mut self, changed: &[&str]) {
        let only_their_own = !changed.is_empty()
            && changed
                .iter()
                .all(|path| self.known.get(*path).is_some_and(Location::leads_nowhere));
        if only_their_own {
            for path in changed {
                self.known.remove(*path);
            }
        } else {
            self.known.clear();
        }
    }

    /// Where `path` really is, asked of the primitives once per operation.
    fn locate_once(&mut self, path: &str) -> Result<Location, HostError> {
        if let Some(location) = self.known.get(path) {
            return Ok(location.clone());
        }
        self.lookups.add_one();
        let location = self.inner.locate(path)?;
        if self.depth > 0 {
            self.known.insert(path.to_owned(), location.clone());
        }
        Ok(location)
    }

    /// Asks every policy that applies to `op` about `path`, in order; the
    /// first refusal is the answer.
    fn check(&mut self, op: Op, path: &str) -> Result<(), HostError> {
        let policies = Arc::clone(&self.policies);
        let asked = || policies.iter().filter(|policy| policy.applies(op));
        if asked().next().is_none() {
            return Ok(());
        }
        let location = if asked().any(|policy| policy.locates(op)) {
            Some(self.locate_once(path)?)
        } else {
            None
        };
        let at = Located { path, location };
        for policy in asked() {
            policy.check(op, &at, self)?;
        }
        Ok(())
    }

    /// One read of many `paths` (`ask` the primitives for the allowed
    /// ones, in one call): one result per path, in order, a refused path
    /// answered by its refusal, a path the primitives left unanswered by
    /// `missing`.
    fn per_path<T>(
        &mut self,
        paths: &[String],
        ask: impl FnOnce(&mut F, &[String]) -> Result<Vec<Result<T, HostError>>, HostError>,
        missing: impl Fn(&mut F, &str) -> Result<T, HostError>,
    ) -> Result<Vec<Result<T, HostError>>, HostError> {
        self.scoped(|guard| {
            let mut refused = Vec::new();
            let mut allowed = Vec::new();
            for (index, path) in paths.iter().enumerate() {
                match guard.check(Op::Read, path) {
                    Ok(()) => allowed.push(path.clone()),
                    Err(err) => refused.push((index, err)),
                }
            }
            let mut answers = ask(&mut guard.inner, &allowed)?.into_iter();
            let mut refused = refused.into_iter().peekable();
            Ok(paths
                .iter()
                .enumerate()
                .map(
                    |(index, path)| match refused.next_if(|(at, _)| *at == index) {
                        Some((_, err)) => Err(err),
                        None => answers
                            .next()
                            .unwrap_or_else(|| missing(&mut guard.inner, path)),
                    },
                )
                .collect())
        })
    }

    /// Whether a policy may leave entries out of listings (when none may,
    /// a listing is as the primitives answer it).
    fn hides_in_listings(&self) -> bool {
        self.policies
            .iter()
            .any(|policy| policy.hides_in_listings())
    }

    /// Whether a listing of the folder at `folder` (really at
    /// `real_folder`) leaves out `entry`.
    fn hides(&mut self, folder: &str, real_folder: &Path, entry: &Entry) -> bool {
        let child = real_folder.join(&entry.name);
        if self.policies.iter().any(|policy| policy.hides(&child)) {
            return true;
        }
        entry.kind == EntryKind::Symlink && {
            let child = Path::new(folder).join(&entry.name);
            self.check(Op::Read, &names::shown_path(&child)).is_err()
        }
    }
}

impl<F: HostFs> FileSystem for GuardedFs<F> {
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        self.scoped(|guard| {
            guard.check(Op::Read, path)?;
            guard.inner.stat(path)
        })
    }

    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        self.scoped(|guard| {
            guard.check(Op::Read, path)?;
            let entries = guard.inner.list(path)?;
            if !guard.hides_in_listings() {
                return Ok(entries);
            }
            let location = guard.locate_once(path)?;
            let real_folder = location.leads_to.unwrap_or(location.item);
            let mut shown = Vec::with_capacity(entries.len());
            for entry in entries {
                if !guard.hides(path, &real_folder, &entry) {
                    shown.push(entry);
                }
            }
            Ok(shown)
        })
    }

    fn count(&mut self, path: &str) -> Result<usize, HostError> {
        if self.hides_in_listings() {
            return Ok(self.list(path)?.len());
        }
        self.scoped(|guard| {
            guard.check(Op::Read, path)?;
            guard.inner.count(path)
        })
    }

    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.changing(&[], |guard| {
            guard.check(Op::Create, path)?;
            guard.inner.create_dir_all(path)
        })
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        self.rename_staged(from, to, &mut |_| Ok(()))
    }

    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        self.changing(&[path], |guard| {
            guard.check(Op::Change, path)?;
            guard.inner.remove_file(path)
        })
    }

    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.changing(&[path], |guard| {
            guard.check(Op::Change, path)?;
            guard.inner.remove_dir_all(path)
        })
    }

    fn move_batch(&mut self, moves: &[BatchMove]) -> Result<Vec<Result<(), HostError>>, HostError> {
        let moved: Vec<&str> = moves
            .iter()
            .flat_map(|step| [step.from.as_str(), step.to.as_str()])
            .collect();
        self.changing(&moved, |guard| {
            let mut allowed = Vec::with_capacity(moves.len());
            let mut refusals = Vec::with_capacity(moves.len());
            for step in moves {
                let refusal = guard
                    .check(Op::Change, &step.from)
                    .and_then(|()| guard.check(Op::Change, &step.to))
                    .err();
                if refusal.is_none() {
                    allowed.push(step.clone());
                }
                refusals.push(refusal);
            }
            let mut done = guard.inner.move_batch(&allowed)?.into_iter();
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
        })
    }

    fn read_bytes(&mut self, path: &str, head: u64, tail: u64) -> Result<FileSample, HostError> {
        self.scoped(|guard| {
            guard.check(Op::Read, path)?;
            guard.inner.read_bytes(path, head, tail)
        })
    }

    fn digests(
        &mut self,
        paths: &[String],
        limit: Option<u64>,
    ) -> Result<Vec<Result<String, HostError>>, HostError> {
        self.per_path(
            paths,
            |inner, allowed| inner.digests(allowed, limit),
            |_, _| {
                Err(HostError::new(
                    ErrorCode::Internal,
                    Failure::DigestMissing.to_string(),
                ))
            },
        )
    }

    fn stat_many(&mut self, paths: &[String]) -> Result<Vec<StatResult>, HostError> {
        self.per_path(
            paths,
            |inner, allowed| inner.stat_many(allowed),
            |inner, path| inner.stat(path),
        )
    }
}

impl<F: HostFs> HostFs for GuardedFs<F> {
    fn may_change(&mut self, path: &str) -> Result<(), HostError> {
        self.scoped(|guard| guard.check(Op::Change, path))
    }

    fn rename_staged(&mut self, from: &str, to: &str, staging: Staging) -> Result<(), HostError> {
        self.changing(&[from, to], |guard| {
            guard.check(Op::Change, from)?;
            guard.check(Op::Change, to)?;
            guard.inner.rename_staged(from, to, staging)
        })
    }

    fn rename_new(&mut self, from: &str, to: &str, staging: Staging) -> Result<(), HostError> {
        self.changing(&[from, to], |guard| {
            guard.check(Op::Change, from)?;
            guard.check(Op::Change, to)?;
            guard.inner.rename_new(from, to, staging)
        })
    }

    fn move_out(&mut self, path: &str, outside: &Path) -> Result<(), HostError> {
        self.changing(&[path], |guard| {
            guard.check(Op::Change, path)?;
            guard.inner.move_out(path, outside)
        })
    }

    fn move_in(&mut self, outside: &Path, path: &str) -> Result<(), HostError> {
        self.changing(&[path], |guard| {
            guard.check(Op::Change, path)?;
            guard.inner.move_in(outside, path)
        })
    }

    fn locate(&mut self, path: &str) -> Result<Location, HostError> {
        self.scoped(|guard| guard.locate_once(path))
    }

    fn fingerprint(&mut self, path: &str) -> Result<Option<Fingerprint>, HostError> {
        self.scoped(|guard| {
            guard.check(Op::Read, path)?;
            guard.inner.fingerprint(path)
        })
    }

    fn same_item(&mut self, a: &str, b: &str) -> Result<bool, HostError> {
        self.scoped(|guard| {
            guard.check(Op::Read, a)?;
            guard.check(Op::Read, b)?;
            guard.inner.same_item(a, b)
        })
    }

    fn begin_operation(&mut self) {
        self.depth += 1;
        self.inner.begin_operation();
    }

    fn end_operation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        if self.depth == 0 {
            self.known.clear();
        }
        self.inner.end_operation();
    }

    fn add_policy(&mut self, policy: Arc<dyn Policy>) -> Result<(), Arc<dyn Policy>> {
        self.insert(policy);
        Ok(())
    }
}
