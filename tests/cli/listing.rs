//! `list_files` and `get_file_type` results, and how tool calls are
//! dispatched: unknown names and malformed arguments.

use std::fs;
use std::path::Path;

use pretty_assertions::assert_eq;
use serde_json::json;

use tidyup_test_kit::e2e::{
    at, call_raw, numbered_calls, run_tool_calls, set_mtime, target_dir, write_file,
};

/// 2024-02-29 23:59:59 UTC.
const LEAP_NIGHT: u64 = 1_709_251_199;
/// 2023-07-01 08:05:00 UTC.
const SUMMER_MORNING: u64 = 1_688_198_700;
/// 2023-11-14 22:13:20 UTC.
const NOVEMBER: u64 = 1_700_000_000;

/// Builds a small tree with known sizes and modification times.
fn known_tree(dir: &Path) {
    set_mtime(&write_file(dir, ".env", 5), SUMMER_MORNING);
    set_mtime(&write_file(dir, "data.bin", 1280), LEAP_NIGHT);
    set_mtime(&write_file(dir, "empty.txt", 0), NOVEMBER);
    let big = dir.join("big.bin");
    fs::File::create(&big)
        .unwrap()
        .set_len(5 * 1024 * 1024 / 2)
        .unwrap();
    set_mtime(&big, NOVEMBER);
    for sub in ["zeta", "sub"] {
        fs::create_dir(dir.join(sub)).unwrap();
        set_mtime(&dir.join(sub), LEAP_NIGHT);
    }
}

/// Checks a directory line: `[目录] NAME | SIZE | TIME`, whatever size the
/// file system reports for a directory.
fn assert_dir_line(line: &str, name: &str, time: &str) {
    let parts: Vec<&str> = line.split(" | ").collect();
    assert_eq!(parts.len(), 3, "{line}");
    assert_eq!(parts[0], format!("[目录] {name}"));
    assert!(
        ["B", "KB", "MB", "GB"]
            .iter()
            .any(|unit| parts[1].ends_with(&format!(" {unit}"))),
        "size of {line}"
    );
    assert_eq!(parts[2], time);
}

#[tokio::test(flavor = "multi_thread")]
async fn list_files_exact_output_directories_first_then_files() {
    let (dir, root) = target_dir();
    known_tree(dir.path());

    let (_, results) = run_tool_calls(
        dir.path(),
        numbered_calls(&[("list_files", json!({"path": "."}))]),
    )
    .await;

    let lines: Vec<&str> = results[0].lines().collect();
    assert_eq!(lines.len(), 7, "{}", results[0]);
    assert_eq!(lines[0], format!("6 items in {root}:"));
    assert_dir_line(lines[1], "sub", "2024-02-29 23:59");
    assert_dir_line(lines[2], "zeta", "2024-02-29 23:59");
    assert_eq!(
        &lines[3..],
        &[
            "[文件] .env | 5 B | 2023-07-01 08:05",
            "[文件] big.bin | 2.5 MB | 2023-11-14 22:13",
            "[文件] data.bin | 1.3 KB | 2024-02-29 23:59",
            "[文件] empty.txt | 0 B | 2023-11-14 22:13",
        ]
    );
}

// Unix only: `TZ` is how Unix sets a process's time zone; Windows takes
// the zone from the system settings.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread")]
async fn list_files_times_follow_the_tz_variable() {
    use tidyup_test_kit::e2e::{MockProvider, Tidyup, text_reply, tool_reply};

    let (dir, root) = target_dir();
    set_mtime(&write_file(dir.path(), "data.bin", 1024), LEAP_NIGHT);
    let provider = MockProvider::start(vec![
        tool_reply(numbered_calls(&[("list_files", json!({"path": "."}))])),
        text_reply("done"),
    ])
    .await;

    // A POSIX TZ string: eight hours east of UTC, no tz database needed.
    let outcome = Tidyup::new(dir.path(), &provider)
        .env("TZ", "XST-8")
        .stdin("go\n")
        .run()
        .await;

    outcome.assert_clean_exit();
    let requests = provider.requests();
    assert_eq!(requests.len(), 2, "{outcome}");
    assert_eq!(
        requests[1].last_content(),
        format!("1 items in {root}:\n[文件] data.bin | 1.0 KB | 2024-03-01 07:59")
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn list_files_missing_empty_and_not_a_directory() {
    let (dir, root) = target_dir();
    fs::create_dir(dir.path().join("empty")).unwrap();
    write_file(dir.path(), "file.txt", 3);

    let (_, results) = run_tool_calls(
        dir.path(),
        numbered_calls(&[
            ("list_files", json!({"path": "nope"})),
            ("list_files", json!({"path": at(&root, "empty")})),
            ("list_files", json!({"path": "file.txt"})),
        ]),
    )
    .await;

    assert_eq!(
        results,
        [
            format!("Directory does not exist: {}", at(&root, "nope")),
            format!("Directory is empty: {}", at(&root, "empty")),
            format!("Directory does not exist: {}", at(&root, "file.txt")),
        ]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn get_file_type_categories() {
    let (dir, _root) = target_dir();
    let names = [
        ("Report.PDF", "文档"),
        (".bashrc", "其他"),
        ("Main.java", "代码"),
        ("holiday.JPEG", "图片"),
        ("clip.mkv", "视频"),
        ("voice.m4a", "音频"),
        ("backup.tar.gz", "压缩包"),
        ("setup.exe", "安装包"),
        ("Makefile", "其他"),
        ("trailing.", "其他"),
        ("照片.png", "图片"),
    ];
    let calls: Vec<_> = names
        .iter()
        .map(|(name, _)| ("get_file_type", json!({"filename": name})))
        .collect();

    let (_, results) = run_tool_calls(dir.path(), numbered_calls(&calls)).await;

    let expected: Vec<&str> = names.iter().map(|(_, category)| *category).collect();
    assert_eq!(results, expected);
}

#[tokio::test(flavor = "multi_thread")]
async fn unknown_tools_and_malformed_arguments_become_results() {
    let (dir, _root) = target_dir();
    let calls = vec![
        call_raw("call_1", "frobnicate", json!("{}")),
        call_raw("call_2", "list_files", json!("")),
        call_raw("call_3", "list_files", json!("{not json")),
        call_raw("call_4", "list_files", json!("[1, 2]")),
        call_raw("call_5", "list_files", json!("{\"path\": 5}")),
        // Some providers send the arguments already parsed.
        call_raw("call_6", "get_file_type", json!({"filename": "a.png"})),
        call_raw("call_7", "rename_file", json!("{\"path\": \"a.txt\"}")),
    ];

    let (outcome, results) = run_tool_calls(dir.path(), calls).await;

    assert_eq!(results[0], "Error: unknown tool frobnicate");
    assert_eq!(results[1], "tool execution failed: missing argument 'path'");
    for (index, result) in results.iter().enumerate().skip(2).take(2) {
        assert!(
            result.starts_with("tool execution failed: "),
            "call_{}: {result}",
            index + 1
        );
    }
    assert_eq!(
        results[4],
        "tool execution failed: argument 'path' must be a string"
    );
    assert_eq!(results[5], "图片");
    assert_eq!(
        results[6],
        "tool execution failed: missing argument 'new_name'"
    );
    assert!(
        outcome
            .stdout
            .contains("[tool] frobnicate: Error: unknown tool frobnicate")
    );
}
