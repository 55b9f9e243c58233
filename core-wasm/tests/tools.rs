//! Every tool's behaviour and exact result texts, in English and Chinese,
//! through `run_tool_text` on the in-memory file tree.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tidyup_core::{Lang, tool_declarations, tool_names};
use tidyup_test_kit::{
    MTIME, MemFs, Op, Snap, TARGET, in_target, run_tool, run_tool_value, run_tool_zh,
};

const DENIED: &str = tidyup_test_kit::DENIED;

fn args(value: &Value) -> String {
    value.to_string()
}

// --- dispatch and arguments -------------------------------------------------

#[test]
fn names_and_declarations() {
    let names: Vec<&str> = tool_names().collect();
    assert_eq!(
        names,
        [
            "list_files",
            "create_folder",
            "move_file",
            "rename_file",
            "delete_file",
            "get_file_type"
        ]
    );
    let declarations = tool_declarations();
    let declarations = declarations.as_array().unwrap();
    assert_eq!(declarations.len(), 6);
    let expected_params = [
        vec!["path"],
        vec!["path"],
        vec!["source", "destination"],
        vec!["path", "new_name"],
        vec!["path", "confirm"],
        vec!["filename"],
    ];
    for ((declaration, name), params) in declarations.iter().zip(&names).zip(expected_params) {
        assert_eq!(declaration["type"], "function");
        let function = &declaration["function"];
        assert_eq!(function["name"], *name);
        assert!(!function["description"].as_str().unwrap().is_empty());
        let parameters = &function["parameters"];
        assert_eq!(parameters["type"], "object");
        assert_eq!(
            parameters["required"],
            json!(params),
            "{name}: all required"
        );
        let properties = parameters["properties"].as_object().unwrap();
        let keys: Vec<&str> = properties.keys().map(String::as_str).collect();
        assert_eq!(keys, params);
        for (param, schema) in properties {
            let expected_type = if param == "confirm" {
                "boolean"
            } else {
                "string"
            };
            assert_eq!(schema["type"], expected_type, "{name}.{param}");
            assert!(!schema["description"].as_str().unwrap().is_empty());
        }
    }
}

#[test]
fn unknown_tool() {
    let mut fs = MemFs::new();
    assert_eq!(
        run_tool(&mut fs, "frobnicate", "{}"),
        "Error: unknown tool frobnicate"
    );
    assert_eq!(
        run_tool_zh(&mut fs, "frobnicate", "{}"),
        "错误：未知工具 frobnicate"
    );
    assert_eq!(run_tool(&mut fs, "", "{}"), "Error: unknown tool ");
    assert_eq!(
        run_tool(&mut fs, "List_Files", r#"{"path":"."}"#),
        "Error: unknown tool List_Files"
    );
}

#[test]
fn empty_arguments_are_an_empty_object() {
    let mut fs = MemFs::new();
    for text in ["", "  ", "{}"] {
        assert_eq!(
            run_tool(&mut fs, "list_files", text),
            "tool execution failed: missing argument 'path'"
        );
    }
    assert_eq!(
        run_tool_zh(&mut fs, "get_file_type", ""),
        "工具执行失败: 缺少参数 'filename'"
    );
    // No arguments field at all (null) reads as {} too.
    assert_eq!(
        run_tool_value(&mut fs, Lang::En, "get_file_type", Value::Null),
        "tool execution failed: missing argument 'filename'"
    );
}

#[test]
fn an_already_parsed_object_is_accepted() {
    let mut fs = MemFs::new();
    let result = run_tool_value(
        &mut fs,
        Lang::En,
        "get_file_type",
        json!({"filename": "song.MP3"}),
    );
    assert_eq!(result, "音频");
    let result = run_tool_value(&mut fs, Lang::En, "create_folder", json!({"path": "new"}));
    assert_eq!(result, format!("Created folder: {}", in_target("new")));
}

#[test]
fn arguments_that_are_not_an_object() {
    let mut fs = MemFs::new();
    let cases = [
        (
            json!("[1,2]"),
            "tool execution failed: arguments are not a JSON object ([1,2])",
        ),
        (
            json!("\"a.txt\""),
            "tool execution failed: arguments are not a JSON object (\"a.txt\")",
        ),
        (
            json!("{"),
            "tool execution failed: arguments are not a JSON object (EOF while parsing an object at line 1 column 1)",
        ),
        (
            json!("{'filename': 'a.txt'}"),
            "tool execution failed: arguments are not a JSON object (key must be a string at line 1 column 2)",
        ),
        (
            json!([1, 2]),
            "tool execution failed: arguments are not a JSON object ([1,2])",
        ),
        (
            json!(7),
            "tool execution failed: arguments are not a JSON object (7)",
        ),
        (
            json!(true),
            "tool execution failed: arguments are not a JSON object (true)",
        ),
    ];
    for (arguments, expected) in cases {
        assert_eq!(
            run_tool_value(&mut fs, Lang::En, "get_file_type", arguments.clone()),
            expected,
            "{arguments}"
        );
    }
    assert_eq!(
        run_tool_zh(&mut fs, "get_file_type", "[1,2]"),
        "工具执行失败: 参数不是 JSON 对象（[1,2]）"
    );
}

#[test]
fn wrong_argument_types_fail() {
    let mut fs = MemFs::new();
    assert_eq!(
        run_tool(&mut fs, "list_files", r#"{"path": 5}"#),
        "tool execution failed: argument 'path' must be a string"
    );
    assert_eq!(
        run_tool(&mut fs, "list_files", r#"{"path": null}"#),
        "tool execution failed: missing argument 'path'"
    );
    assert_eq!(
        run_tool_zh(&mut fs, "get_file_type", r#"{"filename": ["a"]}"#),
        "工具执行失败: 参数 'filename' 必须是 string"
    );
    assert_eq!(
        run_tool(&mut fs, "move_file", r#"{"source": "a"}"#),
        "tool execution failed: missing argument 'destination'"
    );
}

// --- list_files --------------------------------------------------------------

fn listing_tree() -> MemFs {
    MemFs::new()
        .dir("docs")
        .dir("Zeta")
        .file("b.txt", "bb")
        .file_sized("a.txt", 1024)
        .file(".hidden", "")
        .file_sized("照片.png", 5 * 1024 * 1024 / 2)
        .file_sized("movie.mkv", 3 * 1024 * 1024 * 1024 + 1024 * 1024 * 1024 / 4)
        .touch("docs", 1_709_251_199) // 2024-02-29 23:59:59 UTC
        .touch("b.txt", 0)
        .with_utc_offset(8 * 3600)
}

#[test]
fn list_files_exact_output() {
    let mut fs = listing_tree();
    let expected = format!(
        "7 items in {TARGET}:\n\
         [目录] Zeta | 0 B | 2024-03-15 17:30\n\
         [目录] docs | 0 B | 2024-03-01 07:59\n\
         [文件] .hidden | 0 B | 2024-03-15 17:30\n\
         [文件] a.txt | 1.0 KB | 2024-03-15 17:30\n\
         [文件] b.txt | 2 B | 1970-01-01 08:00\n\
         [文件] movie.mkv | 3.3 GB | 2024-03-15 17:30\n\
         [文件] 照片.png | 2.5 MB | 2024-03-15 17:30"
    );
    assert_eq!(run_tool(&mut fs, "list_files", r#"{"path":"."}"#), expected);
    assert_eq!(
        run_tool(&mut fs, "list_files", &args(&json!({ "path": TARGET }))),
        expected
    );
    assert_eq!(
        run_tool(
            &mut fs,
            "list_files",
            &args(&json!({ "path": format!("{TARGET}/") }))
        ),
        expected.replacen(TARGET, &format!("{TARGET}/"), 1)
    );
    let zh = run_tool_zh(&mut fs, "list_files", r#"{"path":"."}"#);
    assert_eq!(
        zh,
        expected.replacen(
            &format!("7 items in {TARGET}:"),
            &format!("7 个项目，位于 {TARGET}："),
            1
        )
    );
}

#[test]
fn list_files_negative_offset_and_relative_path() {
    let mut fs = MemFs::new()
        .file_with("sub/x.rs", "fn main() {}", 12, MTIME)
        .with_utc_offset(-5 * 3600);
    assert_eq!(
        run_tool(&mut fs, "list_files", r#"{"path":"sub"}"#),
        format!(
            "1 items in {}:\n[文件] x.rs | 12 B | 2024-03-15 04:30",
            in_target("sub")
        )
    );
    assert_eq!(
        run_tool(&mut fs, "list_files", r#"{"path":"./sub/"}"#),
        format!(
            "1 items in {}/:\n[文件] x.rs | 12 B | 2024-03-15 04:30",
            in_target("sub")
        )
    );
}

#[test]
fn list_files_missing_file_and_empty() {
    let mut fs = MemFs::new().dir("empty").file("a.txt", "x");
    assert_eq!(
        run_tool(&mut fs, "list_files", r#"{"path":"nope"}"#),
        format!("Directory does not exist: {}", in_target("nope"))
    );
    assert_eq!(
        run_tool(&mut fs, "list_files", r#"{"path":"a.txt"}"#),
        format!("Directory does not exist: {}", in_target("a.txt"))
    );
    assert_eq!(
        run_tool(&mut fs, "list_files", r#"{"path":"empty"}"#),
        format!("Directory is empty: {}", in_target("empty"))
    );
    assert_eq!(
        run_tool_zh(&mut fs, "list_files", r#"{"path":"nope"}"#),
        format!("目录不存在: {}", in_target("nope"))
    );
    assert_eq!(
        run_tool_zh(&mut fs, "list_files", r#"{"path":"empty"}"#),
        format!("目录为空: {}", in_target("empty"))
    );
}

#[test]
fn list_files_through_a_symlink_and_marks_links_as_files() {
    let mut fs = MemFs::new()
        .file("real/inside.txt", "1234")
        .symlink("link", "real");
    assert_eq!(
        run_tool(&mut fs, "list_files", r#"{"path":"link"}"#),
        format!(
            "1 items in {}:\n[文件] inside.txt | 4 B | 2024-03-15 09:30",
            in_target("link")
        )
    );
    let root = run_tool(&mut fs, "list_files", r#"{"path":"."}"#);
    let link_size = in_target("real").len();
    assert_eq!(
        root,
        format!(
            "2 items in {TARGET}:\n[目录] real | 0 B | 2024-03-15 09:30\n[文件] link | {link_size} B | 2024-03-15 09:30"
        )
    );
}

#[test]
fn list_files_failures() {
    let mut fs = MemFs::new().dir("locked").fail(&[Op::List], "locked");
    assert_eq!(
        run_tool(&mut fs, "list_files", r#"{"path":"locked"}"#),
        format!("tool execution failed: {DENIED}")
    );
    let mut fs = MemFs::new().dir("hidden").fail(&[Op::Stat], "hidden");
    assert_eq!(
        run_tool_zh(&mut fs, "list_files", r#"{"path":"hidden"}"#),
        format!("工具执行失败: {DENIED}")
    );
}

// --- create_folder -----------------------------------------------------------

#[test]
fn create_folder_with_missing_parents() {
    let mut fs = MemFs::new();
    assert_eq!(
        run_tool(&mut fs, "create_folder", r#"{"path":"a/b/c"}"#),
        format!("Created folder: {}", in_target("a/b/c"))
    );
    let expected: Vec<(String, Snap)> = ["a", "a/b", "a/b/c"]
        .map(|p| (p.to_owned(), Snap::Dir))
        .into();
    assert_eq!(fs.snapshot().into_iter().collect::<Vec<_>>(), expected);
    assert_eq!(
        run_tool_zh(
            &mut fs,
            "create_folder",
            &args(&json!({ "path": in_target("图片") }))
        ),
        format!("已创建文件夹: {}", in_target("图片"))
    );
    assert!(fs.exists("图片"));
}

#[test]
fn create_folder_that_exists_changes_nothing() {
    let mut fs = MemFs::new().file("docs/a.txt", "x");
    let before = fs.snapshot();
    assert_eq!(
        run_tool(&mut fs, "create_folder", r#"{"path":"docs"}"#),
        format!("Folder already exists: {}", in_target("docs"))
    );
    assert_eq!(
        run_tool_zh(&mut fs, "create_folder", r#"{"path":"docs"}"#),
        format!("文件夹已存在: {}", in_target("docs"))
    );
    assert_eq!(fs.snapshot(), before);
    assert!(
        !fs.calls.iter().any(|c| c.starts_with("create_dir_all")),
        "{:?}",
        fs.calls
    );
}

#[test]
fn create_folder_blocked_by_a_file() {
    let mut fs = MemFs::new().file("notes", "x");
    let before = fs.snapshot();
    assert_eq!(
        run_tool(&mut fs, "create_folder", r#"{"path":"notes"}"#),
        format!(
            "Failed to create folder: a file already exists at {}",
            in_target("notes")
        )
    );
    assert_eq!(
        run_tool_zh(&mut fs, "create_folder", r#"{"path":"notes"}"#),
        format!("创建文件夹失败：{} 已存在同名文件", in_target("notes"))
    );
    // Below a file: the file system refuses.
    assert_eq!(
        run_tool(&mut fs, "create_folder", r#"{"path":"notes/sub"}"#),
        format!(
            "Failed to create folder {}: File exists (os error 17): {}",
            in_target("notes/sub"),
            in_target("notes")
        )
    );
    assert_eq!(fs.snapshot(), before);
}

#[test]
fn create_folder_refused() {
    let mut fs = MemFs::new().dir("locked").fail(&Op::WRITES, "locked");
    assert_eq!(
        run_tool(&mut fs, "create_folder", r#"{"path":"locked/new"}"#),
        format!(
            "Failed to create folder {}: {DENIED}",
            in_target("locked/new")
        )
    );
    assert_eq!(
        run_tool_zh(&mut fs, "create_folder", r#"{"path":"locked/new"}"#),
        format!("创建文件夹失败 {}: {DENIED}", in_target("locked/new"))
    );
    assert!(!fs.exists("locked/new"));
}

// --- move_file ---------------------------------------------------------------

#[test]
fn move_file_creates_missing_parents() {
    let mut fs = MemFs::new().file("a.txt", "A");
    assert_eq!(
        run_tool(
            &mut fs,
            "move_file",
            r#"{"source":"a.txt","destination":"x/y/a.txt"}"#
        ),
        format!("Moved a.txt to {}", in_target("x/y/a.txt"))
    );
    let expected: Vec<(String, Snap)> = vec![
        ("x".to_owned(), Snap::Dir),
        ("x/y".to_owned(), Snap::Dir),
        ("x/y/a.txt".to_owned(), Snap::File("A".to_owned(), 1)),
    ];
    assert_eq!(fs.snapshot().into_iter().collect::<Vec<_>>(), expected);
}

#[test]
fn move_file_replaces_an_existing_file() {
    let mut fs = MemFs::new()
        .file("new.txt", "new")
        .file("dst/old.txt", "old");
    assert_eq!(
        run_tool_zh(
            &mut fs,
            "move_file",
            &args(
                &json!({"source": in_target("new.txt"), "destination": in_target("dst/old.txt")})
            )
        ),
        format!("已移动 new.txt 到 {}", in_target("dst/old.txt"))
    );
    let expected: Vec<(String, Snap)> = vec![
        ("dst".to_owned(), Snap::Dir),
        ("dst/old.txt".to_owned(), Snap::File("new".to_owned(), 3)),
    ];
    assert_eq!(fs.snapshot().into_iter().collect::<Vec<_>>(), expected);
}

#[test]
fn move_file_into_an_existing_directory() {
    let mut fs = MemFs::new().file("a.txt", "A").dir("docs");
    assert_eq!(
        run_tool(
            &mut fs,
            "move_file",
            r#"{"source":"a.txt","destination":"docs"}"#
        ),
        format!("Moved a.txt to {}", in_target("docs/a.txt"))
    );
    assert!(fs.exists("docs/a.txt"));
    assert!(!fs.exists("a.txt"));
}

#[test]
fn move_file_moves_a_folder_with_its_contents() {
    let mut fs = MemFs::new().file("old/a/b.txt", "b").dir("Archive");
    assert_eq!(
        run_tool(
            &mut fs,
            "move_file",
            r#"{"source":"old","destination":"Archive/2023"}"#
        ),
        format!("Moved old to {}", in_target("Archive/2023"))
    );
    let paths: Vec<String> = fs.snapshot().into_keys().collect();
    assert_eq!(
        paths,
        [
            "Archive",
            "Archive/2023",
            "Archive/2023/a",
            "Archive/2023/a/b.txt"
        ]
    );
}

#[test]
fn move_file_with_a_missing_source_changes_nothing() {
    let mut fs = MemFs::new().file("a.txt", "A");
    let before = fs.snapshot();
    assert_eq!(
        run_tool(
            &mut fs,
            "move_file",
            r#"{"source":"ghost.txt","destination":"x/ghost.txt"}"#
        ),
        format!("Source does not exist: {}", in_target("ghost.txt"))
    );
    assert_eq!(
        run_tool_zh(
            &mut fs,
            "move_file",
            r#"{"source":"ghost.txt","destination":"x/ghost.txt"}"#
        ),
        format!("源路径不存在: {}", in_target("ghost.txt"))
    );
    assert_eq!(
        fs.snapshot(),
        before,
        "no parent created for a missing source"
    );
}

#[test]
fn move_file_refused_loses_nothing() {
    let mut fs = MemFs::new()
        .file("a.txt", "A")
        .dir("docs")
        .fail(&[Op::Rename], "docs");
    let before = fs.snapshot();
    assert_eq!(
        run_tool(
            &mut fs,
            "move_file",
            r#"{"source":"a.txt","destination":"docs/a.txt"}"#
        ),
        format!("Failed to move {}: {DENIED}", in_target("a.txt"))
    );
    assert_eq!(
        run_tool_zh(
            &mut fs,
            "move_file",
            r#"{"source":"a.txt","destination":"docs/a.txt"}"#
        ),
        format!("移动失败 {}: {DENIED}", in_target("a.txt"))
    );
    assert_eq!(fs.snapshot(), before);

    // The destination's parent cannot be created.
    let mut fs = MemFs::new()
        .file("a.txt", "A")
        .dir("locked")
        .fail(&[Op::CreateDirAll], "locked");
    let before = fs.snapshot();
    assert_eq!(
        run_tool(
            &mut fs,
            "move_file",
            r#"{"source":"a.txt","destination":"locked/sub/a.txt"}"#
        ),
        format!("Failed to move {}: {DENIED}", in_target("a.txt"))
    );
    assert_eq!(fs.snapshot(), before);
}

// --- rename_file -------------------------------------------------------------

#[test]
fn rename_file_and_folder() {
    let mut fs = MemFs::new().file("docs/a.txt", "A").dir("old");
    assert_eq!(
        run_tool(
            &mut fs,
            "rename_file",
            r#"{"path":"docs/a.txt","new_name":"b.txt"}"#
        ),
        "Renamed a.txt to b.txt"
    );
    assert_eq!(
        run_tool_zh(
            &mut fs,
            "rename_file",
            r#"{"path":"old","new_name":"旧文件"}"#
        ),
        "已将 old 重命名为 旧文件"
    );
    let paths: Vec<String> = fs.snapshot().into_keys().collect();
    assert_eq!(paths, ["docs", "docs/b.txt", "旧文件"]);
}

#[test]
fn rename_file_onto_an_existing_name_changes_nothing() {
    let mut fs = MemFs::new().file("a.txt", "A").file("b.txt", "B");
    let before = fs.snapshot();
    assert_eq!(
        run_tool(
            &mut fs,
            "rename_file",
            r#"{"path":"a.txt","new_name":"b.txt"}"#
        ),
        format!(
            "Target already exists: {}; nothing was renamed",
            in_target("b.txt")
        )
    );
    assert_eq!(
        run_tool_zh(
            &mut fs,
            "rename_file",
            r#"{"path":"a.txt","new_name":"b.txt"}"#
        ),
        format!("目标已存在: {}，未重命名", in_target("b.txt"))
    );
    assert_eq!(fs.snapshot(), before);
}

#[test]
fn rename_file_rejects_names_that_are_not_plain() {
    let mut fs = MemFs::new().file("a.txt", "A");
    let before = fs.snapshot();
    let cases = [
        ("a/b", r#""a/b""#),
        ("..", r#""..""#),
        (".", r#"".""#),
        ("", r#""""#),
        ("a\\b", r#""a\\b""#),
        ("../escape.txt", r#""../escape.txt""#),
    ];
    for (name, quoted) in cases {
        let arguments = args(&json!({"path": "a.txt", "new_name": name}));
        assert_eq!(
            run_tool(&mut fs, "rename_file", &arguments),
            format!(
                "tool execution failed: new_name must be a plain name without '/', '\\', '.' or '..', not empty: {quoted}"
            )
        );
        assert_eq!(
            run_tool_zh(&mut fs, "rename_file", &arguments),
            format!(
                "工具执行失败: new_name 必须是不含 '/'、'\\'、'.' 或 '..' 的非空名称: {quoted}"
            )
        );
    }
    assert_eq!(fs.snapshot(), before);
    // A name that merely contains dots is plain.
    assert_eq!(
        run_tool(
            &mut fs,
            "rename_file",
            r#"{"path":"a.txt","new_name":"..b.txt"}"#
        ),
        "Renamed a.txt to ..b.txt"
    );
}

#[test]
fn rename_file_missing_and_refused() {
    let mut fs = MemFs::new().file("a.txt", "A").fail(&[Op::Rename], "a.txt");
    assert_eq!(
        run_tool(&mut fs, "rename_file", r#"{"path":"ghost","new_name":"b"}"#),
        format!("Source does not exist: {}", in_target("ghost"))
    );
    assert_eq!(
        run_tool_zh(&mut fs, "rename_file", r#"{"path":"ghost","new_name":"b"}"#),
        format!("源路径不存在: {}", in_target("ghost"))
    );
    assert_eq!(
        run_tool(
            &mut fs,
            "rename_file",
            r#"{"path":"a.txt","new_name":"b.txt"}"#
        ),
        format!("Failed to rename {}: {DENIED}", in_target("a.txt"))
    );
    assert_eq!(
        run_tool_zh(
            &mut fs,
            "rename_file",
            r#"{"path":"a.txt","new_name":"b.txt"}"#
        ),
        format!("重命名失败 {}: {DENIED}", in_target("a.txt"))
    );
    assert!(fs.exists("a.txt"));
}

// --- delete_file -------------------------------------------------------------

#[test]
fn delete_file_with_confirmation() {
    let mut fs = MemFs::new()
        .file("a.txt", "A")
        .file("old/sub/deep.txt", "D")
        .file("keep.txt", "K");
    assert_eq!(
        run_tool(&mut fs, "delete_file", r#"{"path":"a.txt","confirm":true}"#),
        format!("Deleted file: {}", in_target("a.txt"))
    );
    assert_eq!(
        run_tool(&mut fs, "delete_file", r#"{"path":"old","confirm":true}"#),
        format!("Deleted folder and all its contents: {}", in_target("old"))
    );
    let paths: Vec<String> = fs.snapshot().into_keys().collect();
    assert_eq!(paths, ["keep.txt"]);

    let mut fs = MemFs::new().file("a.txt", "A").dir("d");
    assert_eq!(
        run_tool_zh(&mut fs, "delete_file", r#"{"path":"a.txt","confirm":true}"#),
        format!("已删除文件: {}", in_target("a.txt"))
    );
    assert_eq!(
        run_tool_zh(&mut fs, "delete_file", r#"{"path":"d","confirm":true}"#),
        format!("已删除文件夹及其全部内容: {}", in_target("d"))
    );
    assert!(fs.snapshot().is_empty());
}

#[test]
fn delete_file_without_a_true_confirm_is_cancelled() {
    let mut fs = MemFs::new().file("a.txt", "A").file("d/x", "x");
    let before = fs.snapshot();
    for confirm in [
        json!(false),
        json!("true"),
        json!(1),
        json!("yes"),
        json!({}),
        json!([true]),
    ] {
        for path in ["a.txt", "d", "ghost"] {
            assert_eq!(
                run_tool(
                    &mut fs,
                    "delete_file",
                    &args(&json!({"path": path, "confirm": confirm}))
                ),
                format!(
                    "Deletion cancelled: confirm was not true, nothing was deleted ({})",
                    in_target(path)
                ),
                "confirm {confirm}"
            );
        }
    }
    assert_eq!(
        run_tool_zh(
            &mut fs,
            "delete_file",
            r#"{"path":"a.txt","confirm":false}"#
        ),
        format!(
            "删除已取消：未确认（confirm 不为 true），未删除任何内容（{}）",
            in_target("a.txt")
        )
    );
    assert_eq!(fs.snapshot(), before);
    assert!(fs.calls.iter().all(|c| !c.starts_with("remove")));
}

#[test]
fn delete_file_missing_arguments_and_path() {
    let mut fs = MemFs::new().file("a.txt", "A");
    let before = fs.snapshot();
    assert_eq!(
        run_tool(&mut fs, "delete_file", r#"{"path":"a.txt"}"#),
        "tool execution failed: missing argument 'confirm'"
    );
    assert_eq!(
        run_tool(&mut fs, "delete_file", r#"{"path":"a.txt","confirm":null}"#),
        "tool execution failed: missing argument 'confirm'"
    );
    assert_eq!(
        run_tool_zh(&mut fs, "delete_file", r#"{"path":"a.txt"}"#),
        "工具执行失败: 缺少参数 'confirm'"
    );
    assert_eq!(
        run_tool(&mut fs, "delete_file", r#"{"confirm":true}"#),
        "tool execution failed: missing argument 'path'"
    );
    assert_eq!(
        run_tool(
            &mut fs,
            "delete_file",
            r#"{"path":"ghost.txt","confirm":true}"#
        ),
        format!("Path does not exist: {}", in_target("ghost.txt"))
    );
    assert_eq!(
        run_tool_zh(
            &mut fs,
            "delete_file",
            r#"{"path":"ghost.txt","confirm":true}"#
        ),
        format!("路径不存在: {}", in_target("ghost.txt"))
    );
    assert_eq!(fs.snapshot(), before);
}

#[test]
fn delete_file_removes_a_symlink_not_its_target() {
    let mut fs = MemFs::new()
        .file("real/keep.txt", "K")
        .symlink("link", "real");
    assert_eq!(
        run_tool(&mut fs, "delete_file", r#"{"path":"link","confirm":true}"#),
        format!("Deleted file: {}", in_target("link"))
    );
    let paths: Vec<String> = fs.snapshot().into_keys().collect();
    assert_eq!(paths, ["real", "real/keep.txt"]);
}

#[test]
fn delete_file_refused() {
    let mut fs = MemFs::new()
        .file("a.txt", "A")
        .file("d/x", "x")
        .fail(&Op::WRITES, "a.txt")
        .fail(&Op::WRITES, "d");
    let before = fs.snapshot();
    assert_eq!(
        run_tool(&mut fs, "delete_file", r#"{"path":"a.txt","confirm":true}"#),
        format!("Failed to delete {}: {DENIED}", in_target("a.txt"))
    );
    assert_eq!(
        run_tool_zh(&mut fs, "delete_file", r#"{"path":"d","confirm":true}"#),
        format!("删除失败 {}: {DENIED}", in_target("d"))
    );
    assert_eq!(fs.snapshot(), before);
}

// --- get_file_type -----------------------------------------------------------

#[test]
fn get_file_type_table() {
    let rows = [
        ("report.PDF", "文档"),
        ("budget.xlsx", "文档"),
        ("data.csv", "文档"),
        ("photo.jpeg", "图片"),
        ("icon.ico", "图片"),
        ("scan.TIFF", "图片"),
        ("clip.mkv", "视频"),
        ("film.Mov", "视频"),
        ("song.m4a", "音频"),
        ("voice.ogg", "音频"),
        ("Main.java", "代码"),
        ("main.rs", "代码"),
        ("config.yml", "代码"),
        ("page.html", "代码"),
        ("lib.c", "代码"),
        ("backup.tar.gz", "压缩包"),
        ("bundle.7z", "压缩包"),
        ("setup.exe", "安装包"),
        ("pkg.deb", "安装包"),
        ("Tool.app", "安装包"),
        ("Makefile", "其他"),
        (".gitignore", "其他"),
        ("trailing.", "其他"),
        ("weird.docx.bak", "其他"),
        ("", "其他"),
        ("folder.pdf/readme", "其他"),
        ("C:\\Users\\me\\photo.PNG", "图片"),
        ("/home/u/文档.txt", "文档"),
    ];
    let mut fs = MemFs::new();
    for (filename, category) in rows {
        let arguments = args(&json!({ "filename": filename }));
        assert_eq!(
            run_tool(&mut fs, "get_file_type", &arguments),
            category,
            "{filename}"
        );
        assert_eq!(run_tool_zh(&mut fs, "get_file_type", &arguments), category);
    }
    assert!(fs.calls.is_empty(), "get_file_type touches no file");
}

// --- paths -------------------------------------------------------------------

#[test]
fn relative_paths_resolve_against_the_target_not_elsewhere() {
    let mut fs = MemFs::new()
        .file("a.txt", "A")
        .file("/home/user/a.txt", "outside");
    assert_eq!(
        run_tool(
            &mut fs,
            "rename_file",
            r#"{"path":"./a.txt","new_name":"b.txt"}"#
        ),
        "Renamed a.txt to b.txt"
    );
    assert!(fs.exists("b.txt"));
    assert!(
        fs.exists("/home/user/a.txt"),
        "the file outside is untouched"
    );
    assert_eq!(
        run_tool(&mut fs, "create_folder", r#"{"path":"  spaced  "}"#),
        format!("Created folder: {}", in_target("spaced"))
    );
}
