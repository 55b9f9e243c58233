//! Windows paths and names, end to end (compiled on Windows only: these
//! are the rules of Windows paths). Paths shown to the user and the model
//! are plain (`C:\...`, never `\\?\C:\...`) and joined with `\`; the model
//! may write `/` or `\` and any case of the drive letter or of names; names
//! Windows refuses are tool failures; a rename that only changes case keeps
//! the item.

use std::fs;
use std::path::Path;

use pretty_assertions::assert_eq;
use serde_json::json;

use tidyup_test_kit::e2e::{
    MockProvider, Tidyup, at, numbered_calls, run_tool_calls, target_dir, text_reply, tool_reply,
};

/// `root` with `/` for `\` and a lower-case drive letter: `c:/Users/...`.
fn forward_and_lower(root: &str) -> String {
    let mut path = root.replace('\\', "/");
    path[..1].make_ascii_lowercase();
    path
}

/// The names in `dir`, sorted.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[tokio::test(flavor = "multi_thread")]
async fn the_target_and_every_path_shown_are_plain_and_use_backslashes() {
    let (dir, root) = target_dir();
    assert!(root.as_bytes()[1] == b':', "a drive path: {root}");
    let provider = MockProvider::start(vec![
        tool_reply(numbered_calls(&[
            ("create_folder", json!({"path": "docs/sub"})),
            ("list_files", json!({"path": "docs"})),
        ])),
        text_reply("done"),
    ])
    .await;

    // The target as a user might type it: forward slashes, lower-case drive.
    let outcome = Tidyup::bare()
        .arg(forward_and_lower(&root))
        .args(["--lang", "en", "--base-url"])
        .arg(provider.base_url())
        .stdin("go\n")
        .run()
        .await;

    outcome.assert_clean_exit();
    assert_eq!(
        outcome.stdout_lines()[0],
        format!("tidyup started. Target directory: {root}")
    );
    assert!(!outcome.stdout.contains(r"\\?\"), "{outcome}");
    let requests = provider.requests();
    let system = requests[0].messages()[0]["content"].as_str().unwrap();
    assert!(
        system.contains(&root),
        "the prompt names the target: {system}"
    );
    assert!(!system.contains(r"\\?\"), "{system}");
    let results = requests[1].trailing_tool_results();
    assert_eq!(results[0], format!("Created folder: {root}\\docs\\sub"));
    assert!(
        results[1].starts_with(&format!("1 items in {root}\\docs:")),
        "{}",
        results[1]
    );
    assert!(dir.path().join("docs").join("sub").is_dir());
}

#[tokio::test(flavor = "multi_thread")]
async fn slashes_backslashes_and_any_case_of_drive_and_names_are_accepted() {
    let (dir, root) = target_dir();
    for name in ["a.txt", "b.txt", "c.txt"] {
        fs::write(dir.path().join(name), name).unwrap();
    }
    let shouted = root.to_uppercase();

    let (_, results) = run_tool_calls(
        dir.path(),
        numbered_calls(&[
            (
                "move_file",
                json!({"source": "a.txt", "destination": "docs/a.txt"}),
            ),
            (
                "move_file",
                json!({"source": r"docs\a.txt", "destination": r".\archive\a.txt"}),
            ),
            (
                "move_file",
                json!({
                    "source": format!("{}/b.txt", forward_and_lower(&root)),
                    "destination": format!(r"{shouted}\DOCS\b.txt"),
                }),
            ),
            (
                "rename_file",
                json!({"path": format!(r"{root}\C.TXT"), "new_name": "c2.txt"}),
            ),
        ]),
    )
    .await;

    assert_eq!(
        results,
        [
            format!("Moved a.txt to {}", at(&root, "docs/a.txt")),
            format!("Moved a.txt to {}", at(&root, "archive/a.txt")),
            format!(r"Moved b.txt to {shouted}\DOCS\b.txt"),
            "Renamed C.TXT to c2.txt".to_owned(),
        ]
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("archive").join("a.txt")).unwrap(),
        "a.txt"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("docs").join("b.txt")).unwrap(),
        "b.txt"
    );
    assert_eq!(names_in(dir.path()), ["archive", "c2.txt", "docs"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn names_windows_refuses_are_tool_failures_and_change_nothing() {
    let (dir, _root) = target_dir();
    fs::write(dir.path().join("a.txt"), "keep me").unwrap();

    let (outcome, results) = run_tool_calls(
        dir.path(),
        numbered_calls(&[
            ("create_folder", json!({"path": "CON"})),
            ("create_folder", json!({"path": "docs/aux.txt"})),
            (
                "move_file",
                json!({"source": "a.txt", "destination": "nul"}),
            ),
            (
                "move_file",
                json!({"source": "a.txt", "destination": "notes."}),
            ),
            (
                "move_file",
                json!({"source": "a.txt", "destination": "what?.txt"}),
            ),
            ("rename_file", json!({"path": "a.txt", "new_name": "COM1"})),
            (
                "rename_file",
                json!({"path": "a.txt", "new_name": "a.txt:hidden"}),
            ),
            ("rename_file", json!({"path": "a.txt", "new_name": "b "})),
        ]),
    )
    .await;

    for (result, name) in results.iter().zip([
        "CON",
        "aux.txt",
        "nul",
        "notes.",
        "what?.txt",
        "COM1",
        "a.txt:hidden",
        "b ",
    ]) {
        assert!(
            result.contains(&format!("the name \"{name}\" is not allowed on Windows")),
            "{result}"
        );
    }
    assert_eq!(names_in(dir.path()), ["a.txt"], "{outcome}");
    assert_eq!(
        fs::read_to_string(dir.path().join("a.txt")).unwrap(),
        "keep me"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rename_that_only_changes_case_keeps_the_item_and_undo_restores_it() {
    let (dir, root) = target_dir();
    let data = tempfile::tempdir().unwrap();
    let data_dir = data.path().display().to_string();
    fs::write(dir.path().join("report.txt"), "quarterly numbers").unwrap();
    fs::write(dir.path().join("notes.txt"), "notes").unwrap();
    fs::create_dir(dir.path().join("docs")).unwrap();
    fs::write(dir.path().join("docs").join("x.txt"), "x").unwrap();
    let provider = MockProvider::start(vec![
        tool_reply(numbered_calls(&[
            (
                "move_file",
                json!({"source": "report.txt", "destination": "REPORT.txt"}),
            ),
            (
                "rename_file",
                json!({"path": "notes.txt", "new_name": "Notes.txt"}),
            ),
            (
                "move_file",
                json!({"source": "docs", "destination": "Docs"}),
            ),
        ])),
        text_reply("done"),
    ])
    .await;

    let outcome = Tidyup::new(dir.path(), &provider)
        .env("TIDYUP_DATA_DIR", &data_dir)
        .stdin("go\n")
        .run()
        .await;

    outcome.assert_clean_exit();
    assert_eq!(
        provider.requests()[1].trailing_tool_results(),
        [
            format!("Moved report.txt to {}", at(&root, "REPORT.txt")),
            "Renamed notes.txt to Notes.txt".to_owned(),
            format!("Moved docs to {}", at(&root, "Docs")),
        ]
    );
    assert_eq!(names_in(dir.path()), ["Docs", "Notes.txt", "REPORT.txt"]);
    assert_eq!(
        fs::read_to_string(dir.path().join("REPORT.txt")).unwrap(),
        "quarterly numbers"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("Docs").join("x.txt")).unwrap(),
        "x"
    );
    let trash = data.path().join("trash");
    assert!(
        !trash.exists()
            || fs::read_dir(&trash).unwrap().all(|session| {
                fs::read_dir(session.unwrap().path())
                    .unwrap()
                    .next()
                    .is_none()
            }),
        "nothing was replaced, so nothing is in the trash"
    );

    let undo = Tidyup::bare()
        .arg("undo")
        .env("TIDYUP_DATA_DIR", &data_dir)
        .run()
        .await;
    assert_eq!(undo.code(), 0, "{undo}");
    assert_eq!(
        names_in(dir.path()),
        ["docs", "notes.txt", "report.txt"],
        "{undo}"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("report.txt")).unwrap(),
        "quarterly numbers"
    );
}
