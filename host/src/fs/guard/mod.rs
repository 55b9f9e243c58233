//! One guard for every file-system policy: [`GuardedFs`] sits over the
//! primitives ([`crate::fs::SandboxFs`], whose cap-std capabilities confine
//! every call to the roots, or [`crate::fs::RealFs`]), locates each path
//! once per operation and asks an ordered list of [`Policy`]s whether the
//! operation may go ahead. Each answers allow or a typed [`Refusal`] naming
//! it; the first refusal, in the order of [`PolicyId`], is the answer (as
//! ripgrep's `Ignore::matched` combines its sources). Only the journal and
//! the dry-run overlay are wrappers over it.

mod basic;
mod guarded;
mod own_data;
mod rules;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tidyup_core::HostError;

use super::{HostFs, Location};

pub use basic::{Roots, WindowsNames};
pub use guarded::GuardedFs;
pub use own_data::{OwnData, OwnDataHolders, Protected};
pub use rules::RulesGuard;

/// What an operation does to a path, as the policies tell operations
/// apart: the core's [`tidyup_core::Access`] of each path a request names.
pub use tidyup_core::Access as Op;

/// Which policy answered, and its precedence: policies are asked in this
/// order, and the first refusal is the one reported. A path outside the
/// sandbox's roots is refused before any policy is asked, when it is
/// located.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PolicyId {
    /// tidyup's own places and what leads into them ([`OwnData`]).
    OwnData,
    /// The rules files' excludes and the rules files ([`RulesGuard`]).
    Rules,
    /// Folders holding tidyup's own places ([`OwnDataHolders`]).
    OwnDataHolders,
    /// Names Windows refuses or changes ([`WindowsNames`]).
    WindowsNames,
    /// The roots themselves ([`Roots`]).
    Roots,
}

/// A policy's no: which policy, and the error the caller sees (its code
/// and text exactly as the model and the user are shown them).
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// The policy that refused.
    pub by: PolicyId,
    /// What the operation fails with.
    pub error: HostError,
}

impl Refusal {
    /// `by`'s refusal, failing with `error`.
    pub fn new(by: PolicyId, error: HostError) -> Self {
        Self { by, error }
    }
}

impl From<Refusal> for HostError {
    fn from(refusal: Refusal) -> Self {
        refusal.error
    }
}

/// A path an operation names, located once for every policy asked.
#[derive(Debug, Clone)]
pub struct Located<'a> {
    /// The path as the caller wrote it.
    pub path: &'a str,
    /// Where it really is; `None` when no policy asked needed it.
    pub location: Option<Location>,
}

/// One rule about which operations the guard lets through.
pub trait Policy: Send + Sync {
    /// Which policy this is, and so where it stands in the order.
    fn id(&self) -> PolicyId;
    /// Whether it has anything to say about `op` at all.
    fn applies(&self, op: Op) -> bool;
    /// Whether it needs the path located for `op` (when no policy asked
    /// does, the path is not located).
    fn locates(&self, op: Op) -> bool {
        let _ = op;
        true
    }
    /// Allows `op` on `at`, or refuses it. `files` is the guard itself, for
    /// a policy that must look further (a read through it is guarded too).
    fn check(&self, op: Op, at: &Located, files: &mut dyn HostFs) -> Result<(), Refusal>;
    /// Whether listings leave out the child whose real place is `child`.
    fn hides(&self, child: &Path) -> bool {
        let _ = child;
        false
    }
    /// Whether [`Self::hides`] can leave anything out (when none can, a
    /// listing is not filtered).
    fn hides_in_listings(&self) -> bool {
        false
    }
}

/// How many times a guard has located a path (asked the primitives where
/// it really is); shared, so it can be read while the guard is wrapped.
#[derive(Debug, Clone, Default)]
pub struct Lookups(Arc<AtomicU64>);

impl Lookups {
    /// The paths located so far.
    pub fn count(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }

    fn add_one(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }
}
