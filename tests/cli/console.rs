//! Console lines: the 100-character preview of tool results (characters,
//! not bytes) and the Chinese console.

use std::path::MAIN_SEPARATOR;

use pretty_assertions::assert_eq;
use serde_json::json;

use tidyup_test_kit::e2e::{
    MockProvider, Tidyup, at, numbered_calls, preview, run_tool_calls, set_mtime, target_dir,
    text_reply, tool_reply, write_file,
};

/// 2023-11-14 22:13:20 UTC.
const NOVEMBER: u64 = 1_700_000_000;

/// The `list_files` result of a directory `path` holding one empty file `name`
/// modified at [`NOVEMBER`].
fn one_file_listing(path: &str, name: &str) -> String {
    format!("1 items in {path}:\n[文件] {name} | 0 B | 2023-11-14 22:13")
}

#[tokio::test(flavor = "multi_thread")]
async fn long_chinese_result_is_cut_at_100_characters() {
    let (dir, root) = target_dir();
    let name = format!("{}.txt", "这是一个很长的中文文件名用来测试截断".repeat(4));
    set_mtime(&write_file(dir.path(), &name, 0), NOVEMBER);
    let full = one_file_listing(&root, &name);
    assert!(full.chars().count() > 100, "the result must be long enough");
    let cut = preview(&full);
    assert!(
        !cut.chars().nth(99).unwrap().is_ascii(),
        "the cut must fall inside the Chinese name: {cut}"
    );

    let (outcome, results) = run_tool_calls(
        dir.path(),
        numbered_calls(&[("list_files", json!({"path": "."}))]),
    )
    .await;

    assert_eq!(results[0], full, "the history keeps the full result");
    let expected = format!(
        "[tool] list_files: {}...",
        full.replace('\n', " ")
            .chars()
            .take(100)
            .collect::<String>()
    );
    assert_eq!(outcome.tool_lines(), [expected.as_str()]);
}

#[tokio::test(flavor = "multi_thread")]
async fn exactly_100_characters_has_no_ellipsis_and_101_has_one() {
    let (dir, root) = target_dir();
    let fixed = one_file_listing(&at(&root, "d100"), "").chars().count();
    assert!(
        fixed < 99,
        "temporary directory path too long for this test"
    );
    for (sub, len) in [("d100", 100), ("d101", 101)] {
        let name = "名".repeat(len - fixed);
        let path = write_file(&dir.path().join(sub), &name, 0);
        set_mtime(&path, NOVEMBER);
    }

    let (outcome, results) = run_tool_calls(
        dir.path(),
        numbered_calls(&[
            ("list_files", json!({"path": "d100"})),
            ("list_files", json!({"path": "d101"})),
        ]),
    )
    .await;

    assert_eq!(results[0].chars().count(), 100);
    assert_eq!(results[1].chars().count(), 101);
    let lines = outcome.tool_lines();
    assert_eq!(
        lines[0],
        format!("[tool] list_files: {}", results[0].replace('\n', " "))
    );
    assert!(!lines[0].ends_with("..."));
    assert_eq!(
        lines[1],
        format!(
            "[tool] list_files: {}...",
            results[1]
                .replace('\n', " ")
                .chars()
                .take(100)
                .collect::<String>()
        )
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn chinese_console_start_line_and_tool_lines() {
    let (dir, root) = target_dir();
    let provider = MockProvider::start(vec![
        tool_reply(numbered_calls(&[
            ("get_file_type", json!({"filename": "报告.docx"})),
            ("frobnicate", json!({})),
        ])),
        text_reply("整理完成"),
    ])
    .await;

    let outcome = Tidyup::bare()
        .arg(dir.path())
        .args(["--lang", "zh", "--base-url"])
        .arg(provider.base_url())
        .stdin("整理一下\n")
        .run()
        .await;

    outcome.assert_clean_exit();
    let lines = outcome.stdout_lines();
    assert_eq!(lines[0], format!("tidyup 已启动。目标目录：{root}"));
    assert_eq!(
        outcome.tool_lines(),
        [
            "[工具] get_file_type: 文档",
            "[工具] frobnicate: 错误：未知工具 frobnicate"
        ]
    );
    assert!(lines.contains(&"整理完成"), "{outcome}");
    let requests = provider.requests();
    assert_eq!(requests.len(), 2);
    assert!(
        requests[0].messages()[0]["content"]
            .as_str()
            .unwrap()
            .contains(&root)
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_dry_run_report_says_what_would_happen_with_counts_in_the_right_number() {
    let (dir, _root) = target_dir();
    write_file(dir.path(), "notes.txt", 10);
    let outcome = Tidyup::bare()
        .arg(dir.path())
        .args(["--provider", "offline", "--lang", "en", "--dry-run"])
        .stdin("organize\nyes\nquit\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    assert!(
        outcome.stdout.contains(&format!(
            "Documents{MAIN_SEPARATOR} (文档, new folder, 1 file)"
        )),
        "{outcome}"
    );
    assert!(
        outcome.stdout.contains(
            "Dry run, nothing on disk changed. Carrying out the plan would create 1 folder and move 1 of 1 file:"
        ),
        "{outcome}"
    );
    assert!(!outcome.stdout.contains("Done. Created"), "{outcome}");
    assert!(outcome.stdout.contains("The plan (2 steps):"), "{outcome}");
    assert!(dir.path().join("notes.txt").is_file());

    let zh = Tidyup::bare()
        .arg(dir.path())
        .args(["--provider", "offline", "--lang", "zh", "--dry-run"])
        .stdin("整理\n好\nquit\n")
        .run()
        .await;
    zh.assert_clean_exit();
    assert!(
        zh.stdout
            .contains("演练，磁盘上没有任何改动。执行这个方案将新建 1 个文件夹，移动 1/1 个文件："),
        "{zh}"
    );
}
