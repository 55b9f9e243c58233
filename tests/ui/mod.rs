//! `tidyup ui` as a process: its HTTP paths and event stream through a
//! real client against the address it prints, on temporary folders, with
//! the offline planner or a scripted model on 127.0.0.1.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::disallowed_macros)]

mod confirm;
mod connections;
mod exact;
mod failures;
mod flow;
mod opener;
#[cfg(unix)]
mod remote;
mod rules;
mod security;
mod window;
mod words;
