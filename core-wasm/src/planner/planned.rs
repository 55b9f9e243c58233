//! A plan's steps as data: each move a rehearsal recorded, with its id and
//! the part of the plan that made it. Used by the large plan (which holds
//! them), its page and its report.

use serde::{Deserialize, Serialize};

use crate::file_type::Category;

/// The part of a large plan a step belongs to (and why it is made).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "part", content = "of", rename_all = "snake_case")]
pub enum Part {
    /// A byte-identical copy set aside.
    Copies,
    /// Into the folder of the user's at this index of `existing`.
    Existing(usize),
    /// A kind the user's line names, at this index of `by_name`.
    ByName(usize),
    /// The rule step at this index of the rules' steps.
    Rule(usize),
    /// The move by type of this category.
    Type(Category),
}

/// One step of a plan: an item of the target and where it goes, as the
/// rehearsal moved it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlannedMove {
    /// The step's id, unique in its plan.
    pub id: u32,
    /// The item, relative to the target (absolute when outside it).
    pub from: String,
    /// Its destination, the same way.
    pub to: String,
    /// Its size in bytes.
    pub size: u64,
    /// The part of the plan that moves it.
    pub part: Part,
    /// For a copy set aside, the file of the same bytes that stays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub twin: Option<String>,
}
