//! End-to-end tests of the `tidyup` binary against a scripted mock
//! chat-completions provider on 127.0.0.1.
//!
//! Every test runs the real binary in a cleared environment, on its own
//! temporary directories, and checks what can be observed from outside:
//! files on disk, stdout and stderr lines, exit codes and the requests the
//! provider received.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::disallowed_macros)]

mod chinese;
mod cli_args;
// A closed pipe is a Unix notion here; Windows reports it otherwise.
#[cfg(unix)]
mod closed_output;
mod console;
mod contents;
mod context_budget;
// Windows names cannot hold control characters.
#[cfg(unix)]
mod control_characters;
mod failures;
mod in_use;
mod installing;
mod judgement;
mod judgement_folders;
// Names that are any bytes are a Unix notion; Windows names are UTF-16.
#[cfg(unix)]
mod legacy_names;
mod listing;
mod plain_requests;
// Files are known by their inode numbers.
#[cfg(unix)]
mod plan_exact;
mod plan_review;
mod plan_rules;
mod prompt_injection;
mod related_files;
mod round_limit;
mod rules;
mod rules_guard;
mod secrets;
mod session;
#[cfg(unix)]
mod stop;
#[cfg(unix)]
mod terminal;
#[cfg(unix)]
mod terminal_exact;
mod tools;
#[cfg(unix)]
mod typed_ahead;
#[cfg(unix)]
mod watch;
#[cfg(windows)]
mod windows;
