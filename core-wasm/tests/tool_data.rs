//! The offline planner decides from the data of the tools' outputs, never
//! from their texts: with every result text blanked on its way to it, it
//! plans, moves and reports exactly as with the texts. And a free name
//! follows the case rule of the file system it is for.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::BTreeSet;

use pretty_assertions::assert_eq;
use serde_json::Value;
use tidyup_core::{
    CallOutput, HostError, HttpReply, Lang, Listed, Listing, ModelClient, NameCase, OfflinePlanner,
    ToolContext, ToolData, ToolSet, free_name, run_tool,
};
use tidyup_test_kit::{
    MTIME, MemFs, Op, TARGET, converse, converse_with, demo_fs, scans_with_two_copies,
};

/// The data of tool `name` run with `arguments` on `fs`, every tool declared.
fn data_of(fs: &mut MemFs, lang: Lang, name: &str, arguments: Value) -> ToolData {
    let mut ctx = ToolContext::new(fs, TARGET, lang).with_tools(ToolSet::WITH_BULK);
    ctx.limits.large_folder_entries = 2;
    run_tool(name, &arguments, &mut ctx).data
}

/// The offline planner, handed every tool result with its text blanked:
/// in the request's tool messages and in the outputs alike.
struct Blind(OfflinePlanner);

impl ModelClient for Blind {
    fn chat_completion(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        let mut body = body.clone();
        for message in body["messages"].as_array_mut().unwrap() {
            if message["role"] == "tool" {
                message["content"] = Value::from("");
            }
        }
        self.0.chat_completion(&body)
    }

    fn tools_answered(&mut self, mut outputs: Vec<CallOutput>) {
        for answered in &mut outputs {
            answered.output.text.clear();
        }
        self.0.tools_answered(outputs);
    }
}

/// Organizes `fs` and goes ahead, once with the planner reading the
/// results as they are and once blind to their texts: both sessions end
/// with the same folder and the same answers.
fn same_with_and_without_texts(lang: Lang, fs: impl Fn() -> MemFs) {
    let go = match lang {
        Lang::En => "yes",
        Lang::Zh => "好",
    };
    let mut seen = fs();
    let (_, seen_events, _) = converse(lang, &mut seen, &["organize", go]);
    let mut blind = fs();
    let mut model = Blind(OfflinePlanner::new(lang, TARGET));
    let (_, blind_events, _) = converse_with(lang, &mut blind, &mut model, &["organize", go]);
    assert_ne!(seen.snapshot(), fs().snapshot(), "the plan moved files");
    assert_eq!(blind.snapshot(), seen.snapshot());
    assert_eq!(blind_events.answers(), seen_events.answers());
}

#[test]
fn a_small_folder_is_planned_from_data_alone() {
    for lang in Lang::ALL {
        same_with_and_without_texts(lang, demo_fs);
    }
}

#[test]
fn a_large_folder_is_planned_from_data_alone() {
    for lang in Lang::ALL {
        same_with_and_without_texts(lang, scans_with_two_copies);
    }
}

/// A folder where a `content` rule and a photo's date taken decide where
/// files go, small and large, in both languages: blind to every result
/// text, the planner places each file where the rules say.
#[test]
fn content_rules_and_dates_taken_are_followed_from_data_alone() {
    use crate::contents_rules::{expected, folder, organize, placement, planner};
    for extra in [0, 210] {
        for lang in Lang::ALL {
            let mut fs = folder(extra);
            let console = organize(lang, &mut fs, &mut Blind(planner(lang)));
            assert_eq!(
                placement(&fs),
                expected(extra),
                "{lang:?}, {extra} more\n{}",
                console.texts().join("\n")
            );
        }
    }
}

#[test]
fn a_free_name_follows_the_case_rule_of_its_file_system() {
    assert_eq!(NameCase::of(r"C:\Users\ana\Desktop"), NameCase::Ignored);
    assert_eq!(NameCase::of("/home/ana/Desktop"), NameCase::Exact);
    let names = ["a.jpg", "a (2).jpg", ".x"];
    let taken =
        |case: NameCase| -> BTreeSet<String> { names.iter().map(|name| case.key(name)).collect() };
    let ignored = taken(NameCase::Ignored);
    let in_ignored = |key: &str| ignored.contains(key);
    assert_eq!(
        free_name("A.JPG", NameCase::Ignored, in_ignored),
        "A (3).JPG"
    );
    assert_eq!(free_name("b.jpg", NameCase::Ignored, in_ignored), "b.jpg");
    assert_eq!(free_name(".X", NameCase::Ignored, in_ignored), ".X (2)");
    let exact = taken(NameCase::Exact);
    let in_exact = |key: &str| exact.contains(key);
    assert_eq!(free_name("A.JPG", NameCase::Exact, in_exact), "A.JPG");
    assert_eq!(free_name("a.jpg", NameCase::Exact, in_exact), "a (3).jpg");
    assert_eq!(free_name(".x", NameCase::Exact, in_exact), ".x (2)");
}

/// A listing's data names each item as it is, whatever its name holds,
/// with how many there are in all and how many are not shown.
#[test]
fn a_listing_gives_its_items_and_counts() {
    for lang in Lang::ALL {
        let mut fs = MemFs::new()
            .dir("old stuff")
            .file("a | b.txt", "x")
            .file("照片 1.JPG", "y");
        let arguments = serde_json::json!({ "path": "." });
        let item = |name: &str, is_dir| Listed {
            name: name.to_owned(),
            is_dir,
            is_link: false,
            modified: Some((2024, 3)), // MTIME, in March 2024
            online_only: false,
        };
        assert_eq!(
            data_of(&mut fs, lang, "list_files", arguments),
            ToolData::Listing(Listing {
                items: vec![item("old stuff", true), item("a | b.txt", false)],
                total: 3,
                more: 1,
            })
        );
    }
}

/// A bulk move's data counts what it moved of how many, and names the
/// first failures, whatever digits its paths hold.
#[test]
fn a_bulk_move_gives_its_counts_and_failures() {
    for lang in Lang::ALL {
        let names: Vec<String> = (0..12).map(|i| format!("doc{i:02}.txt")).collect();
        let mut fs = MemFs::new()
            .files_with(names.iter().map(|n| (n.clone(), 1, MTIME)))
            .fail(&[Op::Rename], "doc03.txt")
            .fail(&[Op::Rename], "doc07.txt");
        let arguments =
            serde_json::json!({ "path": ".", "pattern": "*.txt", "destination": "2024/Docs 7" });
        let ToolData::Moves(moves) = data_of(&mut fs, lang, "move_matching", arguments) else {
            panic!("a bulk move gives its counts");
        };
        let failed: Vec<&str> = (moves.failures.iter())
            .map(|failure| failure.split_once(": ").unwrap().0)
            .collect();
        assert_eq!((moves.moved, moves.total), (10, 12));
        assert_eq!(failed, ["doc03.txt", "doc07.txt"]);
        let nothing = serde_json::json!({ "path": ".", "pattern": "*.png", "destination": "x" });
        assert_eq!(
            data_of(&mut fs, lang, "move_matching", nothing),
            ToolData::NothingToMove
        );
    }
}
