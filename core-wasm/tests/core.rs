//! The core's integration tests, one binary: each module was a test file of
//! its own, and they share one link of the core and the test kit. Run one
//! module with `cargo test -p tidyup-core --test core MODULE::`.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod budget;
mod budget_rounds;
mod bulk_listing;
mod bulk_memo;
mod bulk_moves;
mod bulk_tools;
mod by_method;
mod client;
mod console;
mod contents;
mod contents_rules;
mod duplicates;
mod error_bodies;
mod exact_plan;
mod existing_folders;
mod failures;
mod fake_world;
mod go_ahead;
mod host_errors;
mod hostile_replies;
mod in_use_and_kinds;
mod judgement;
mod large_planner;
mod large_rules;
mod name_dates;
mod never_replace;
mod online_only;
mod plain_requests;
mod plan_review;
mod plan_table;
mod planner;
mod planner_wording;
mod properties;
mod protocol;
mod pure;
mod rehearsal;
mod related_files;
mod request_body;
mod request_scope;
mod restore;
mod review_counts;
mod rules;
mod rules_session;
mod saved_plan;
mod small_folder_requests;
mod snapshots;
mod tool_data;
mod tools;
mod turn_loop;
mod windows_paths;
