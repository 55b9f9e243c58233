//! The offline planner decides from the data of the tools' outputs, never
//! from their texts: with every result text blanked on its way to it, it
//! plans, moves and reports exactly as with the texts. And a free name
//! follows the case rule of the file system it is for.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::BTreeSet;

use pretty_assertions::assert_eq;
use serde_json::Value;
use tidyup_core::paths::{NameCase, free_name};
use tidyup_core::planner::OfflinePlanner;
use tidyup_core::tools::CallOutput;
use tidyup_core::{HostError, HttpReply, Lang, ModelClient};
use tidyup_test_kit::{MemFs, converse, converse_with, demo_fs, scans_with_two_copies};

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
    let mut model = Blind(OfflinePlanner::new(lang, tidyup_test_kit::TARGET));
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

#[test]
fn a_free_name_follows_the_case_rule_of_its_file_system() {
    assert_eq!(NameCase::of(r"C:\Users\ana\Desktop"), NameCase::Ignored);
    assert_eq!(NameCase::of("/home/ana/Desktop"), NameCase::Exact);
    let names = ["a.jpg", "a (2).jpg", ".x"];
    let taken =
        |case: NameCase| -> BTreeSet<String> { names.iter().map(|name| case.key(name)).collect() };
    let ignored = taken(NameCase::Ignored);
    assert_eq!(free_name("A.JPG", &ignored, NameCase::Ignored), "A (3).JPG");
    assert_eq!(free_name("b.jpg", &ignored, NameCase::Ignored), "b.jpg");
    assert_eq!(free_name(".X", &ignored, NameCase::Ignored), ".X (2)");
    let exact = taken(NameCase::Exact);
    assert_eq!(free_name("A.JPG", &exact, NameCase::Exact), "A.JPG");
    assert_eq!(free_name("a.jpg", &exact, NameCase::Exact), "a (3).jpg");
    assert_eq!(free_name(".x", &exact, NameCase::Exact), ".x (2)");
}
