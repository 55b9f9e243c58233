//! Safe by construction: the sandbox refuses every escape, the journal and
//! trash make every change reversible, the dry run changes nothing, and
//! moves across file systems lose nothing.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod bulk_journal;
mod cli;
mod cross_device;
mod dry_run;
mod escapes;
mod failed_moves;
mod lookups;
#[cfg(unix)]
mod names;
#[cfg(unix)]
mod names_property;
mod overlay_folders;
mod own_data;
mod plan_reach;
mod support;
mod undo;
