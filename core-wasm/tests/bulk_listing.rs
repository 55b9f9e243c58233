//! Large directories: `list_files` over and under the threshold, and the
//! switch that declares the bulk tools once a session meets one.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tidyup_core::{
    Lang, Limits, Outcome, ToolContext, ToolLimits, ToolSet, bulk_prompt, existing_folders_prompt,
    run_tool_text, system_prompt, tool_declarations, tool_declarations_for, tool_names_in,
};
use tidyup_test_kit::{
    MTIME, MemFs, ScriptedModel, TARGET, World, call, run_tool, run_tool_zh, text_reply, tool_reply,
};

/// A folder of `files` one-kilobyte text files `f0000.txt`... and `dirs`
/// subfolders `d00`..., at `path` (relative to the target).
fn folder(fs: MemFs, path: &str, files: usize, dirs: usize) -> MemFs {
    let prefix = if path == "." {
        String::new()
    } else {
        format!("{path}/")
    };
    let fs = (0..dirs).fold(fs, |fs, i| fs.dir(&format!("{prefix}d{i:02}")));
    fs.files_with((0..files).map(|i| (format!("{prefix}f{i:04}.txt"), 1024, MTIME)))
}

fn file_line(i: usize) -> String {
    format!("[文件] f{i:04}.txt | 1.0 KB | 2024-03-15 09:30")
}

fn dir_line(i: usize) -> String {
    format!("[目录] d{i:02} | 0 B | 2024-03-15 09:30")
}

#[test]
fn a_large_listing_shows_the_first_200_items_then_how_many_more() {
    let mut fs = folder(MemFs::new(), ".", 250, 3);
    let result = run_tool(&mut fs, "list_files", r#"{"path": "."}"#);
    let lines: Vec<&str> = result.lines().collect();
    assert_eq!(lines.len(), 1 + 200 + 1);
    assert_eq!(lines[0], format!("253 items in {TARGET}:"));
    let expected: Vec<String> = (0..3)
        .map(dir_line)
        .chain((0..197).map(file_line))
        .collect();
    assert_eq!(lines[1..201], expected);
    assert_eq!(
        lines[201],
        "... and 53 more items not shown. This folder is large: call summarize_folder for an overview, or find_files with pattern \"*\" and offset 200 to see more."
    );

    let zh = run_tool_zh(&mut fs, "list_files", r#"{"path": "."}"#);
    let zh_lines: Vec<&str> = zh.lines().collect();
    assert_eq!(zh_lines[0], format!("253 个项目，位于 {TARGET}："));
    assert_eq!(zh_lines[1..201], expected);
    assert_eq!(
        zh_lines[201],
        "……另有 53 个项目未显示。这个文件夹很大：用 summarize_folder 查看概况，或用 find_files（pattern 为 \"*\"，offset 为 200）继续查看。"
    );
}

#[test]
fn a_folder_of_exactly_200_entries_is_not_large() {
    let mut fs = folder(MemFs::new(), ".", 200, 0);
    let mut ctx = ToolContext::new(&mut fs, TARGET, Lang::En);
    let result = run_tool_text("list_files", &json!({"path": "."}), &mut ctx);
    assert!(!ctx.met_large_folder);
    let lines: Vec<&str> = result.lines().collect();
    assert_eq!(lines.len(), 201);
    assert_eq!(lines[0], format!("200 items in {TARGET}:"));
    assert_eq!(lines[200], file_line(199));

    let mut fs = folder(MemFs::new(), ".", 201, 0);
    let mut ctx = ToolContext::new(&mut fs, TARGET, Lang::En);
    let result = run_tool_text("list_files", &json!({"path": "."}), &mut ctx);
    assert!(ctx.met_large_folder);
    assert_eq!(result.lines().count(), 202);
    assert!(result.ends_with("1 more items not shown. This folder is large: call summarize_folder for an overview, or find_files with pattern \"*\" and offset 200 to see more."));
}

#[test]
fn the_threshold_is_configurable() {
    let mut fs = folder(MemFs::new(), ".", 8, 0);
    let mut ctx = ToolContext::new(&mut fs, TARGET, Lang::En);
    ctx.limits.large_folder_entries = 5;
    let result = run_tool_text("list_files", &json!({"path": "."}), &mut ctx);
    assert!(ctx.met_large_folder);
    let lines: Vec<&str> = result.lines().collect();
    assert_eq!(lines.len(), 1 + 5 + 1);
    assert_eq!(lines[5], file_line(4));
    assert!(lines[6].starts_with("... and 3 more items not shown."));
    assert!(lines[6].contains("offset 5 "));
}

#[test]
fn bulk_tools_are_unknown_until_declared() {
    let mut fs = folder(MemFs::new(), ".", 3, 0);
    let mut ctx = ToolContext::new(&mut fs, TARGET, Lang::En);
    let result = run_tool_text("summarize_folder", &json!({"path": "."}), &mut ctx);
    assert_eq!(result, "Error: unknown tool summarize_folder");
    let mut ctx = ctx.with_tools(ToolSet::WITH_BULK);
    let result = run_tool_text("summarize_folder", &json!({"path": "."}), &mut ctx);
    assert!(
        result.starts_with(&format!("Summary of {TARGET}: 3 files")),
        "{result}"
    );
}

#[test]
fn declarations_of_the_bulk_tools_are_a_contract() {
    assert_eq!(tool_declarations_for(ToolSet::BASE), tool_declarations());
    let all = tool_declarations_for(ToolSet::WITH_BULK);
    let all = all.as_array().unwrap();
    assert_eq!(all[..6], tool_declarations().as_array().unwrap()[..]);
    let bulk: Vec<(&str, Value)> = all[6..]
        .iter()
        .map(|d| {
            let function = &d["function"];
            assert_eq!(d["type"], "function");
            assert!(!function["description"].as_str().unwrap().is_empty());
            let parameters = &function["parameters"];
            let keys: Vec<&String> = parameters["properties"]
                .as_object()
                .unwrap()
                .keys()
                .collect();
            let required: Vec<&str> = parameters["required"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_str().unwrap())
                .collect();
            assert_eq!(keys.len(), required.len(), "all parameters required");
            (function["name"].as_str().unwrap(), json!(required))
        })
        .collect();
    assert_eq!(
        bulk,
        [
            ("summarize_folder", json!(["path"])),
            ("find_files", json!(["path", "pattern", "offset"])),
            ("move_matching", json!(["path", "pattern", "destination"])),
            ("move_by_type", json!(["path", "category", "destination"])),
            ("move_files", json!(["moves"])),
            ("find_duplicates", json!(["path"])),
        ]
    );
    let names: Vec<&str> = tool_names_in(ToolSet::WITH_BULK).collect();
    assert_eq!(names.len(), 12);
}

fn names_declared(request: &Value) -> Vec<&str> {
    request["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["function"]["name"].as_str().unwrap())
        .collect()
}

fn system_of(request: &Value) -> &str {
    request["messages"][0]["content"].as_str().unwrap()
}

#[test]
fn a_session_that_meets_no_large_directory_declares_the_six_tools_only() {
    let fs = folder(MemFs::new(), ".", 150, 2);
    let fs = folder(fs, "d00", 200, 0);
    let model = ScriptedModel::new([
        tool_reply(&[call("c1", "list_files", r#"{"path":"."}"#)]),
        tool_reply(&[call("c2", "list_files", r#"{"path":"d00"}"#)]),
        text_reply("Nothing large here."),
        tool_reply(&[call("c3", "get_file_type", r#"{"filename":"f0001.txt"}"#)]),
        text_reply("A document."),
    ]);
    let mut world = World::en(fs, model);
    assert_eq!(world.line("organize"), Outcome::Answered);
    assert_eq!(world.line("and f0001.txt?"), Outcome::Answered);
    assert_eq!(world.model.requests.len(), 5);
    for request in &world.model.requests {
        assert_eq!(request["tools"], tool_declarations());
        assert_eq!(system_of(request), session_prompt(Lang::En));
    }
}

#[test]
fn meeting_a_large_directory_declares_the_bulk_tools_from_the_next_request() {
    for lang in [Lang::En, Lang::Zh] {
        let fs = folder(MemFs::new(), ".", 5, 1);
        let fs = folder(fs, "d00", 300, 0);
        let model = ScriptedModel::new([
            tool_reply(&[call("c1", "list_files", r#"{"path":"d00"}"#)]),
            tool_reply(&[call("c2", "summarize_folder", r#"{"path":"d00"}"#)]),
            text_reply("300 text files."),
            text_reply("Still here."),
        ]);
        let mut world = World::new(lang, fs, model);
        assert_eq!(world.line("look at d00"), Outcome::Answered);
        assert_eq!(world.line("thanks"), Outcome::Answered);
        let requests = &world.model.requests;
        assert_eq!(requests[0]["tools"], tool_declarations());
        assert_eq!(system_of(&requests[0]), session_prompt(lang));
        let with_advice = format!("{}\n\n{}", session_prompt(lang), bulk_prompt(lang));
        for request in &requests[1..] {
            assert_eq!(names_declared(request).len(), 12);
            assert_eq!(request["tools"], tool_declarations_for(ToolSet::WITH_BULK));
            assert_eq!(system_of(request), with_advice);
        }
        let summary = requests[2]["messages"][5]["content"].as_str().unwrap();
        let heading = match lang {
            Lang::En => format!("Summary of {TARGET}/d00: 300 files, 0 folders"),
            Lang::Zh => format!("{TARGET}/d00 概况：300 个文件，0 个文件夹"),
        };
        assert!(summary.starts_with(&heading), "{summary}");
    }
}

#[test]
fn a_large_target_declares_the_bulk_tools_from_the_first_request() {
    let fs = folder(MemFs::new(), ".", 201, 0);
    let mut world = World::en(fs, ScriptedModel::new([text_reply("Hello.")]));
    assert_eq!(world.line("hi"), Outcome::Answered);
    let request = &world.model.requests[0];
    assert_eq!(names_declared(request).len(), 12);
    assert!(system_of(request).ends_with(&bulk_prompt(Lang::En)));
}

#[test]
fn the_agent_threshold_comes_from_its_limits() {
    let fs = folder(MemFs::new(), ".", 6, 0);
    let model = ScriptedModel::new([text_reply("Hello.")]);
    let limits = Limits {
        tools: ToolLimits {
            large_folder_entries: 5,
            ..ToolLimits::default()
        },
        ..Limits::default()
    };
    let mut world = World::en(fs, model).with_limits(limits);
    assert_eq!(world.line("hi"), Outcome::Answered);
    assert_eq!(names_declared(&world.model.requests[0]).len(), 12);

    let fs = folder(MemFs::new(), ".", 6, 0);
    let model = ScriptedModel::new([text_reply("Hello.")]);
    let mut world = World::en(fs, model);
    assert_eq!(world.line("hi"), Outcome::Answered);
    assert_eq!(names_declared(&world.model.requests[0]).len(), 6);
}

/// The system message of a session without contents or rules: the base
/// prompt and the existing-folders advice.
fn session_prompt(lang: Lang) -> String {
    format!(
        "{}\n\n{}",
        system_prompt(lang, TARGET),
        existing_folders_prompt(lang)
    )
}
