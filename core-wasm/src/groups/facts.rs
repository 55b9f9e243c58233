//! What the grouping of a folder (and the bulk tools) need to know of one
//! name, worked out once: its lowercase form, extension, kind, whether its
//! name alone says it is in use, and what it can be in a group.

use super::companions::{self, Endings, Follower};
use super::split::{self, Part};
use crate::file_type::{Category, extension};
use crate::in_use::{self, InUse};
use crate::kinds::kind_of_lowercase;

/// The facts of one name: each a pure function of the name, so they hold
/// for as long as the name does.
#[derive(Debug, Clone)]
pub struct NameFacts {
    /// The name, lowercased.
    pub(super) lower: Box<str>,
    /// What its extension ([`extension`]) makes it to its stem's followers.
    pub(super) endings: Endings,
    /// Its kind by name ([`crate::kinds::kind`]).
    kind: Category,
    /// Why it is in use by its name alone ([`in_use::alone`]).
    alone: Option<InUse>,
    /// The length of its stem within `lower` ([`companions`]' stem).
    stem_len: Option<u32>,
    /// What it can follow in a group of same-stem files.
    pub(super) follower: Option<Follower>,
    /// How strongly it is its stem's main file, if it can be.
    pub(super) rank: Option<u8>,
    /// Its place in a split archive, if it is a numbered part.
    pub(super) part: Option<Box<Part>>,
}

impl NameFacts {
    /// The facts of the entry named `name`.
    pub fn of(name: &str) -> Self {
        let lower = name.to_lowercase();
        let ext = extension(name);
        let last = lower.rsplit(['/', '\\']).next().unwrap_or(&lower);
        let kind = kind_of_lowercase(last);
        let follower = Follower::of_lower(&lower, &ext);
        Self {
            alone: in_use::alone(name, &lower),
            stem_len: companions::stem_len(&lower).and_then(|len| u32::try_from(len).ok()),
            rank: companions::main_rank(follower, kind, &ext),
            part: split::numbered(&lower).map(Box::new),
            endings: Endings::of(&ext),
            follower,
            kind,
            lower: lower.into_boxed_str(),
        }
    }

    /// The kind of the name ([`crate::kinds::kind`]).
    pub fn kind(&self) -> Category {
        self.kind
    }

    /// The name, lowercased.
    pub fn lower(&self) -> &str {
        &self.lower
    }

    /// Why the name alone says the file is in use, whatever its folder
    /// holds besides.
    pub fn in_use_alone(&self) -> Option<InUse> {
        self.alone
    }

    /// The name without its last extension, lowercased (`None` when it
    /// has none).
    pub(super) fn stem(&self) -> Option<&str> {
        self.stem_len.map(|len| &self.lower[..len as usize])
    }
}
