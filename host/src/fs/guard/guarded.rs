//! [`GuardedFs`]: the primitives behind one guard asking every policy.

use crate::fs::{HostAnswer, HostFsExt, HostRequest};
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use tidyup_core::{
    Entry, EntryKind, FileSystem, FileSystemExt, FsAnswer, FsRequest, HostError, Named,
};

use super::{
    Located, Lookups, Op, OwnData, OwnDataHolders, Policy, Protected, Roots, WindowsNames,
};
use crate::fs::{HostFs, Location, names};

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

/// One function judges every request: each path it names is asked of
/// every policy that applies to what the request does to it, located once,
/// before the request is passed on. A batch loses only its refused items,
/// each answered by its refusal; any other request is refused whole. A
/// listing leaves out what a policy hides. A change forgets the locations
/// it may have made stale.
impl<F: HostFs> FileSystem for GuardedFs<F> {
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        let named = request.paths();
        self.scoped(|guard| {
            let answer = guard.judged(request, &named);
            if request.changes() {
                let changed: Vec<&str> = match named.iter().any(|n| n.access == Op::Create) {
                    // Creating the folders above a path may touch more than it names.
                    true => Vec::new(),
                    false => named.iter().map(|n| n.path).collect(),
                };
                guard.forget(&changed);
            }
            answer
        })
    }
}

impl<F: HostFs> GuardedFs<F> {
    /// `request` judged on its `named` paths, then passed on.
    // Once judged, every request passes on, whatever requests come to exist.
    #[allow(clippy::wildcard_enum_match_arm)]
    fn judged(&mut self, request: &FsRequest<'_>, named: &[Named]) -> Result<FsAnswer, HostError> {
        if let Some(items) = request.items() {
            let mut refused: Vec<Option<HostError>> = vec![None; items];
            for at in named {
                if let Some(slot @ None) = refused.get_mut(at.item) {
                    *slot = self.check(at.access, at.path).err();
                }
            }
            if refused.iter().all(Option::is_none) {
                return self.inner.call(request);
            }
            let kept = request.keeping(|item| refused.get(item).is_some_and(Option::is_none));
            return self.inner.call(&kept)?.with_refusals(refused);
        }
        for at in named {
            self.check(at.access, at.path)?;
        }
        match request {
            FsRequest::List { path } if self.hides_in_listings() => {
                Ok(FsAnswer::List(self.shown_entries(path)?))
            }
            FsRequest::Count { path } if self.hides_in_listings() => {
                Ok(FsAnswer::Count(self.shown_entries(path)?.len()))
            }
            _ => self.inner.call(request),
        }
    }

    /// The children of the folder at `path` that no policy hides.
    fn shown_entries(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let entries = self.inner.list(path)?;
        let location = self.locate_once(path)?;
        let real_folder = location.leads_to.unwrap_or(location.item);
        let mut shown = Vec::with_capacity(entries.len());
        for entry in entries {
            if !self.hides(path, &real_folder, &entry) {
                shown.push(entry);
            }
        }
        Ok(shown)
    }
}

/// The host's requests are judged as the core's are, by the paths they
/// name; locating and marking operations are the guard's own.
impl<F: HostFs> HostFs for GuardedFs<F> {
    fn host_call(&mut self, request: HostRequest<'_>) -> Result<HostAnswer, HostError> {
        match request {
            HostRequest::Locate { path } => {
                self.scoped(|guard| guard.locate_once(path).map(HostAnswer::Location))
            }
            HostRequest::BeginOperation => {
                self.depth += 1;
                self.inner.host_call(HostRequest::BeginOperation)
            }
            HostRequest::EndOperation => {
                self.depth = self.depth.saturating_sub(1);
                if self.depth == 0 {
                    self.known.clear();
                }
                self.inner.host_call(HostRequest::EndOperation)
            }
            HostRequest::MayChange { path } => self
                .scoped(|guard| guard.check(Op::Change, path))
                .map(|()| HostAnswer::Done),
            // Nothing of the file system it guards: the trash is tidyup's.
            HostRequest::Kept { outside } => self.inner.host_call(HostRequest::Kept { outside }),
            other @ (HostRequest::Move { .. }
            | HostRequest::MoveOut { .. }
            | HostRequest::MoveIn { .. }
            | HostRequest::RemoveEmptyDir { .. }
            | HostRequest::Fingerprint { .. }
            | HostRequest::SameItem { .. }) => {
                let named: Vec<(String, Op)> = (other.paths().into_iter())
                    .map(|(path, access)| (path.to_owned(), access))
                    .collect();
                let changes = named.iter().any(|(_, access)| *access == Op::Change);
                self.scoped(|guard| {
                    let answer = named
                        .iter()
                        .try_for_each(|(path, access)| guard.check(*access, path))
                        .and_then(|()| guard.inner.host_call(other));
                    if changes {
                        let changed: Vec<&str> =
                            named.iter().map(|(path, _)| path.as_str()).collect();
                        guard.forget(&changed);
                    }
                    answer
                })
            }
        }
    }
}
