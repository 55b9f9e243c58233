//! The moves of a reviewed plan never replace what appeared at their
//! destination since the plan was shown: `move_file` with the planner's
//! `never_replace` and every move of `move_files`. A model's `move_file`
//! keeps the declared replace.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use tidyup_test_kit::{MemFs, Snap, run_tool};

fn snap(contents: &str) -> Option<Snap> {
    Some(Snap::File(contents.to_owned(), contents.len() as u64))
}

/// A folder where `Docs/report.pdf` appeared beside the planned source.
fn appeared() -> MemFs {
    MemFs::new()
        .file("report.pdf", "the report")
        .file("Docs/report.pdf", "another report")
}

#[test]
fn the_planners_move_leaves_what_appeared_and_says_so() {
    let mut fs = appeared();
    let said = run_tool(
        &mut fs,
        "move_file",
        r#"{"source": "report.pdf", "destination": "Docs/report.pdf", "never_replace": true}"#,
    );
    assert!(said.contains("appeared since the plan was shown"), "{said}");
    let tree = fs.snapshot();
    assert_eq!(tree.get("report.pdf"), snap("the report").as_ref());
    assert_eq!(tree.get("Docs/report.pdf"), snap("another report").as_ref());
}

#[test]
fn every_move_of_a_reviewed_plan_leaves_what_appeared() {
    let mut fs = appeared().file("notes.txt", "notes");
    let said = run_tool(
        &mut fs,
        "move_files",
        r#"{"moves": [{"from": "report.pdf", "to": "Docs/report.pdf"}, {"from": "notes.txt", "to": "Docs/notes.txt"}]}"#,
    );
    assert!(said.contains("appeared since the plan was shown"), "{said}");
    let tree = fs.snapshot();
    assert_eq!(tree.get("report.pdf"), snap("the report").as_ref());
    assert_eq!(tree.get("Docs/report.pdf"), snap("another report").as_ref());
    assert_eq!(tree.get("Docs/notes.txt"), snap("notes").as_ref());
}

#[test]
fn a_models_move_keeps_the_declared_replace() {
    let mut fs = appeared();
    let said = run_tool(
        &mut fs,
        "move_file",
        r#"{"source": "report.pdf", "destination": "Docs/report.pdf"}"#,
    );
    assert!(said.starts_with("Moved report.pdf"), "{said}");
    let tree = fs.snapshot();
    assert_eq!(tree.get("report.pdf"), None);
    assert_eq!(tree.get("Docs/report.pdf"), snap("the report").as_ref());
}
