//! Reading contents is opt-in: without `--read-contents` no request declares
//! `read_file` and no byte of any file reaches the provider; with it,
//! `read_file` is declared, the start lines name where excerpts go, and a
//! result is the file's kind and an excerpt.

use serde_json::json;

use tidyup_test_kit::e2e::*;

/// A marker only the file's content holds.
const SECRET: &str = "ZEBRA-CONTENT-4711";

fn folder_with_a_note() -> (tempfile::TempDir, String) {
    let (dir, root) = target_dir();
    std::fs::write(
        dir.path().join("scan0001.txt"),
        format!("Electricity bill, March 2024. Reference {SECRET}."),
    )
    .unwrap();
    (dir, root)
}

fn declared(request: &Recorded) -> Vec<String> {
    request.body["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| tool["function"]["name"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn without_the_flag_read_file_is_not_declared_and_no_content_is_sent() {
    let (dir, _root) = folder_with_a_note();
    let provider = MockProvider::start(vec![
        tool_reply(numbered_calls(&[
            ("list_files", json!({ "path": "." })),
            ("read_file", json!({ "path": "scan0001.txt" })),
        ])),
        text_reply("done"),
    ])
    .await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("organize\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    assert!(!outcome.stdout.contains("Reading contents"), "{outcome}");
    let requests = provider.requests();
    assert_eq!(requests.len(), 2);
    for request in &requests {
        assert!(!declared(request).contains(&"read_file".to_owned()));
        assert!(!request.raw_body.contains(SECRET), "content was sent");
    }
    let results = requests[1].trailing_tool_results();
    assert_eq!(results[1], "Error: unknown tool read_file");
}

#[tokio::test]
async fn with_the_flag_read_file_reads_an_excerpt_and_the_start_names_the_host() {
    let (dir, _root) = folder_with_a_note();
    let provider = MockProvider::start(vec![
        tool_reply(numbered_calls(&[(
            "read_file",
            json!({ "path": "scan0001.txt" }),
        )])),
        text_reply("done"),
    ])
    .await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .arg("--read-contents")
        .stdin("what is scan0001.txt?\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    assert!(
        outcome.stdout.contains(
            "Reading contents is on: excerpts of files (at most 4000 characters each) are sent to 127.0.0.1."
        ),
        "{outcome}"
    );
    let requests = provider.requests();
    assert!(declared(&requests[0]).contains(&"read_file".to_owned()));
    let result = &requests[1].trailing_tool_results()[0];
    assert!(result.starts_with("Text file"), "{result}");
    assert!(result.contains(SECRET), "{result}");
}

#[tokio::test]
async fn the_excerpt_is_bounded_by_the_configured_limit() {
    let (dir, _root) = target_dir();
    std::fs::write(dir.path().join("long.txt"), "word ".repeat(10_000)).unwrap();
    let provider = MockProvider::start(vec![
        tool_reply(numbered_calls(&[(
            "read_file",
            json!({ "path": "long.txt" }),
        )])),
        text_reply("done"),
    ])
    .await;
    let run = Tidyup::new(dir.path(), &provider).arg("--read-contents");
    let config = run.home().join("tidyup.toml");
    std::fs::write(&config, "[limits]\nexcerpt_chars = 300\n").unwrap();
    let outcome = run
        .env("TIDYUP_CONFIG", &config.display().to_string())
        .stdin("read it\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    let result = &provider.requests()[1].trailing_tool_results()[0];
    let excerpt: String = result.lines().skip(2).take(1).collect();
    assert!(excerpt.chars().count() <= 300, "{result}");
    assert!(result.contains("truncated"), "{result}");
}

/// A link to a FIFO with no writer (`notes.txt` → `fifo`): `read_file`
/// refuses it at once instead of waiting forever for a writer, and the
/// session goes on to read a real file.
#[cfg(unix)]
#[tokio::test]
async fn read_file_refuses_a_link_to_a_fifo_at_once_and_the_session_goes_on() {
    let (dir, _root) = folder_with_a_note();
    fifo_behind_link(dir.path(), "notes.txt");
    let provider = MockProvider::start(vec![
        tool_reply(numbered_calls(&[(
            "read_file",
            json!({ "path": "notes.txt" }),
        )])),
        text_reply("that is no file"),
        tool_reply(numbered_calls(&[(
            "read_file",
            json!({ "path": "scan0001.txt" }),
        )])),
        text_reply("done"),
    ])
    .await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .arg("--read-contents")
        .stdin("what is notes.txt?\nand scan0001.txt?\nquit\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    let requests = provider.requests();
    assert_eq!(requests.len(), 4, "{outcome}");
    let refused = &requests[1].trailing_tool_results()[0];
    assert!(
        refused.starts_with("tool execution failed: not a regular file"),
        "{refused}"
    );
    let read = &requests[3].trailing_tool_results()[0];
    assert!(read.contains(SECRET), "{read}");
}

/// A content rule on a word of a file's text, one on a photo's camera
/// (filed by the year it was taken), and one taking the rest.
const CONTENT_RULES: &str = r#"
[[rule]]
content = '(?i)\bimage\b'
to = "Image notes"

[[rule]]
content = '(?m)^camera: PixelCam 9$'
to = "Photos/{year}"

[[rule]]
to = "Other"
"#;

/// The offline planner, in English and in Chinese, places every file of
/// the same folder under the same content rules the same way: a rule sees
/// the file's words and facts, never the words `read_file` says them in,
/// and a photo goes by the year it was taken.
#[tokio::test]
async fn content_rules_place_every_file_alike_in_both_languages() {
    let mut trees = Vec::new();
    for (lang, lines) in [("en", "organize\nyes\nquit\n"), ("zh", "整理\n好\nquit\n")] {
        let (dir, _root) = target_dir();
        let root = dir.path();
        std::fs::write(root.join(".tidyup.toml"), CONTENT_RULES).unwrap();
        std::fs::write(
            root.join("IMG_0002.jpg"),
            include_bytes!("../../core-wasm/tests/fixtures/piexif_stray_next_ifd.jpg"),
        )
        .unwrap();
        std::fs::write(root.join("sea.txt"), "An image of the sea at dawn.").unwrap();
        std::fs::write(root.join("plain.txt"), "Nothing to see here.").unwrap();
        let outcome = Tidyup::bare()
            .arg(root)
            .args(["--provider", "offline", "--lang", lang])
            .stdin(lines)
            .run()
            .await;
        assert_eq!(outcome.code(), 0, "{outcome}");
        for placed in [
            "Photos/2023/IMG_0002.jpg",
            "Image notes/sea.txt",
            "Other/plain.txt",
        ] {
            assert!(root.join(placed).exists(), "{lang}: {placed}\n{outcome}");
        }
        trees.push(tree_of(root));
    }
    assert_eq!(trees[0], trees[1]);
}
