//! What a tool call gives back: its text for the model, whether it failed,
//! and the typed facts the tool found ([`ToolData`]), built where the tool
//! builds its text. The model is given only the text; a client that
//! authored the calls (the offline planner) reads only the data, so
//! rewording a text never changes what it does.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::contents::Contents;
use crate::file_type::Category;
use crate::in_use::InUse;

/// A tool's result: the text for the model, whether the tool failed (hosts
/// that report failures apart, such as an MCP server, use the flag), and
/// its data. Only the text and the flag cross the wasm boundary.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolOutput {
    /// The result text, exactly as the model is given it.
    pub text: String,
    /// Whether the tool failed (an unknown tool, bad arguments, a refused
    /// or failed file operation, a missing item), or did not run.
    pub is_error: bool,
    /// What the tool found, as data.
    #[serde(skip)]
    pub data: ToolData,
}

impl ToolOutput {
    /// A failure worded `text`, with no data (an unknown tool, or a call
    /// that did not run).
    pub fn failed(text: String) -> Self {
        Self {
            text,
            is_error: true,
            data: ToolData::None,
        }
    }
}

/// The output of one tool call, by the id of the call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallOutput {
    /// The id the model gave the call.
    pub call_id: String,
    /// What the call gave.
    pub output: ToolOutput,
}

/// The facts a tool found, by tool.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum ToolData {
    /// Nothing beyond the text (a failure, or a tool without data).
    #[default]
    None,
    /// `list_files` and `find_files`: the items shown.
    Listing(Listing),
    /// `get_file_type`: the category.
    Kind(Category),
    /// `read_file`: what the file holds, as read (the text says it in the
    /// session's language; this is the same in every language).
    Contents(Box<Contents>),
    /// `summarize_folder`: the rows of the summary.
    Summary(Summary),
    /// A bulk move that ran: what it moved and what failed.
    Moves(Moves),
    /// A bulk move that found no file to move.
    NothingToMove,
    /// `move_files`: how each of its moves ended, in the order given.
    EachMove(Vec<MoveEnd>),
    /// `find_duplicates`: each group of copies, as the result shows the
    /// paths, oldest first.
    Duplicates(Vec<Vec<String>>),
}

/// The items a listing shows, in its order, and how many there are in all.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Listing {
    /// The items shown.
    pub items: Vec<Listed>,
    /// The items of the folder (or matching the pattern) in all.
    pub total: usize,
    /// The items after those shown, left for a next page.
    pub more: usize,
}

/// One item of a listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// The item's name.
    pub name: String,
    /// Whether it is a directory.
    pub is_dir: bool,
    /// Whether it is a symbolic link (to a folder or a file).
    pub is_link: bool,
    /// The year and month it was last modified, in local time.
    pub modified: Option<(i32, u32)>,
    /// Whether its content lives elsewhere ([`crate::Entry::online_only`]).
    pub online_only: bool,
}

/// What a `summarize_folder` result shows, row by row (names as shown,
/// cut to the summary's width).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// The project folders named, left whole.
    pub projects: Vec<String>,
    /// Count and size (as shown) of each category.
    pub totals: BTreeMap<Category, (usize, String)>,
    /// Sample names of each category, as the summary shows them.
    pub samples: BTreeMap<Category, String>,
    /// Name patterns and their counts, most common first.
    pub patterns: Vec<(String, usize)>,
    /// The files whose kind their first bytes told, by name.
    pub by_content: BTreeMap<String, Category>,
    /// The files in use of each kind: how many, and the first names.
    pub in_use: BTreeMap<InUse, (usize, Vec<String>)>,
    /// Every file left where it is as a key or credential
    /// ([`InUse::Secret`]), by name and by contents alike.
    pub secrets: Vec<String>,
    /// The online-only files a bulk move takes (never read): how many,
    /// and the first names.
    pub online_only: (usize, Vec<String>),
    /// Each file that names others (a playlist, cue sheet, model,
    /// checksum list) with the names it holds: its group's members.
    pub named: Vec<(String, Vec<String>)>,
}

/// How one move of `move_files` ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveEnd {
    /// The item is at its destination.
    Moved,
    /// It stayed where it was, for this cause (worded for the model).
    Failed(String),
    /// It stayed where it was because the user asked to stop.
    Left,
    /// Its item was not there any more: nothing to move.
    Gone,
    /// It stayed where it was: an item appeared at its destination (named
    /// as the call named it) since the plan was shown, and is never
    /// replaced.
    Taken(String),
}

/// What a bulk move did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Moves {
    /// Files moved.
    pub moved: usize,
    /// Files it was to move.
    pub total: usize,
    /// The failures it names, `name: cause`.
    pub failures: Vec<String>,
}
