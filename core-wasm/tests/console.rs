//! The console line of an executed tool: its name and the result cut to 100
//! characters (not bytes), with `...` when longer; the history keeps it all.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use serde_json::json;
use tidyup_core::{Lang, Outcome};
use tidyup_test_kit::{MemFs, ScriptedModel, TARGET, World, call, text_reply, tool_reply};

/// Runs one turn in which the model calls `calls` and then answers.
fn one_turn(lang: Lang, fs: MemFs, calls: &[serde_json::Value]) -> World {
    let mut world = World::new(
        lang,
        fs,
        ScriptedModel::new([tool_reply(calls), text_reply("ok")]),
    );
    assert_eq!(world.line("go"), Outcome::Answered);
    world
}

#[test]
fn a_long_listing_with_chinese_names_is_cut_at_100_characters() {
    let fs = MemFs::new()
        .file("季度报告终稿.docx", "x")
        .file("家庭照片合集.zip", "yy")
        .file("会议记录.txt", "zzz");
    let world = one_turn(Lang::En, fs, &[call("c1", "list_files", r#"{"path":"."}"#)]);
    let [(name, result, text)] = world.events.tool_events().try_into().unwrap();
    assert_eq!(name, "list_files");
    assert!(result.chars().count() > 100);
    assert!(result.contains('\n'));

    let head: String = result
        .chars()
        .take(100)
        .collect::<String>()
        .replace('\n', " ");
    assert_eq!(text, format!("[tool] list_files: {head}..."));
    let shown = text.strip_prefix("[tool] list_files: ").unwrap();
    assert_eq!(shown.chars().count(), 103);
    assert!(!shown.contains('\n'));

    // The history keeps the full result as the tool message.
    assert_eq!(
        world.history_json()[3],
        json!({"role": "tool", "tool_call_id": "c1", "content": result})
    );
    assert!(result.starts_with(&format!("3 items in {TARGET}:\n[文件] 会议记录.txt | 3 B")));
}

#[test]
fn exactly_100_characters_are_shown_whole_and_101_are_cut() {
    // "Error: unknown tool " is 20 characters; the name brings it to 100 or 101.
    let name_100 = "整".repeat(80);
    let name_101 = "整".repeat(81);
    let world = one_turn(
        Lang::En,
        MemFs::new(),
        &[call("a", &name_100, "{}"), call("b", &name_101, "{}")],
    );
    let events = world.events.tool_events();
    let result_100 = format!("Error: unknown tool {name_100}");
    let result_101 = format!("Error: unknown tool {name_101}");
    assert_eq!(result_100.chars().count(), 100);
    assert_eq!(
        events,
        vec![
            (
                name_100.clone(),
                result_100.clone(),
                format!("[tool] {name_100}: {result_100}")
            ),
            (
                name_101.clone(),
                result_101.clone(),
                format!(
                    "[tool] {name_101}: {}...",
                    result_101.chars().take(100).collect::<String>()
                )
            ),
        ]
    );
}

#[test]
fn short_results_and_chinese_tool_lines() {
    let world = one_turn(
        Lang::Zh,
        MemFs::new(),
        &[
            call("a", "get_file_type", r#"{"filename":"猫.JPG"}"#),
            call("b", "nope", "{}"),
        ],
    );
    let texts: Vec<String> = world
        .events
        .tool_events()
        .into_iter()
        .map(|(.., t)| t)
        .collect();
    assert_eq!(
        texts,
        [
            "[工具] get_file_type: 图片",
            "[工具] nope: 错误：未知工具 nope"
        ]
    );
}

#[test]
fn line_breaks_become_spaces_in_the_preview_only() {
    let fs = MemFs::new().file("a", "1").file("b", "2");
    let world = one_turn(Lang::En, fs, &[call("c", "list_files", r#"{"path":"."}"#)]);
    let [(_, result, text)] = world.events.tool_events().try_into().unwrap();
    let expected_result = format!(
        "2 items in {TARGET}:\n[文件] a | 1 B | 2024-03-15 09:30\n[文件] b | 1 B | 2024-03-15 09:30"
    );
    assert_eq!(result, expected_result);
    assert!(expected_result.chars().count() <= 100);
    assert_eq!(
        text,
        format!("[tool] list_files: {}", expected_result.replace('\n', " "))
    );
    assert_eq!(world.history_json()[3]["content"], expected_result);
}
