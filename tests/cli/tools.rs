//! The file tools' effects on a real directory, and the result texts the
//! next request carries back to the model.

use std::fs;

use pretty_assertions::assert_eq;
use serde_json::json;

use tidyup_test_kit::e2e::{at, numbered_calls, run_tool_calls, target_dir, write_file};

#[tokio::test(flavor = "multi_thread")]
async fn create_folder_nested_existing_and_blocked_by_a_file() {
    let (dir, root) = target_dir();
    write_file(dir.path(), "taken", 3);

    let (_, results) = run_tool_calls(
        dir.path(),
        numbered_calls(&[
            ("create_folder", json!({"path": "a/b/c"})),
            ("create_folder", json!({"path": "a/b/c"})),
            ("create_folder", json!({"path": at(&root, "abs")})),
            ("create_folder", json!({"path": "taken"})),
        ]),
    )
    .await;

    assert_eq!(
        results,
        [
            format!("Created folder: {}", at(&root, "a/b/c")),
            format!("Folder already exists: {}", at(&root, "a/b/c")),
            format!("Created folder: {}", at(&root, "abs")),
            format!(
                "Failed to create folder: a file already exists at {}",
                at(&root, "taken")
            ),
        ]
    );
    assert!(dir.path().join("a/b/c").is_dir());
    assert!(dir.path().join("abs").is_dir());
    assert!(dir.path().join("taken").is_file(), "the file is left alone");
}

#[tokio::test(flavor = "multi_thread")]
async fn move_file_creates_parents_replaces_and_moves_into_folders() {
    let (dir, root) = target_dir();
    fs::write(dir.path().join("a.txt"), "A").unwrap();
    fs::write(dir.path().join("new.txt"), "new content").unwrap();
    fs::write(dir.path().join("old.txt"), "old").unwrap();
    fs::write(dir.path().join("c.txt"), "C").unwrap();
    fs::create_dir(dir.path().join("folder")).unwrap();

    let (_, results) = run_tool_calls(
        dir.path(),
        numbered_calls(&[
            (
                "move_file",
                json!({"source": "a.txt", "destination": "x/y/a.txt"}),
            ),
            (
                "move_file",
                json!({"source": "new.txt", "destination": "old.txt"}),
            ),
            (
                "move_file",
                json!({"source": "c.txt", "destination": "folder"}),
            ),
            (
                "move_file",
                json!({"source": "ghost.txt", "destination": "nowhere/ghost.txt"}),
            ),
        ]),
    )
    .await;

    assert_eq!(
        results,
        [
            format!("Moved a.txt to {}", at(&root, "x/y/a.txt")),
            format!("Moved new.txt to {}", at(&root, "old.txt")),
            format!("Moved c.txt to {}", at(&root, "folder/c.txt")),
            format!("Source does not exist: {}", at(&root, "ghost.txt")),
        ]
    );
    let read = |name: &str| fs::read_to_string(dir.path().join(name)).unwrap();
    assert_eq!(read("x/y/a.txt"), "A");
    assert!(!dir.path().join("a.txt").exists());
    assert_eq!(read("old.txt"), "new content", "destination replaced");
    assert!(!dir.path().join("new.txt").exists());
    assert_eq!(
        read("folder/c.txt"),
        "C",
        "moved inside the existing folder"
    );
    assert!(!dir.path().join("c.txt").exists());
    assert!(
        !dir.path().join("nowhere").exists(),
        "nothing created for a missing source"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn rename_file_ok_target_exists_bad_name_and_missing() {
    let (dir, root) = target_dir();
    fs::write(dir.path().join("a.txt"), "A").unwrap();
    fs::write(dir.path().join("c.txt"), "C").unwrap();
    fs::write(dir.path().join("d.txt"), "D").unwrap();
    fs::create_dir_all(dir.path().join("folder/inner")).unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();

    let (_, results) = run_tool_calls(
        dir.path(),
        numbered_calls(&[
            ("rename_file", json!({"path": "a.txt", "new_name": "b.txt"})),
            ("rename_file", json!({"path": "c.txt", "new_name": "d.txt"})),
            (
                "rename_file",
                json!({"path": "d.txt", "new_name": "sub/x.txt"}),
            ),
            (
                "rename_file",
                json!({"path": "folder", "new_name": "renamed"}),
            ),
            (
                "rename_file",
                json!({"path": "ghost.txt", "new_name": "e.txt"}),
            ),
        ]),
    )
    .await;

    assert_eq!(results[0], "Renamed a.txt to b.txt");
    assert_eq!(
        results[1],
        format!(
            "Target already exists: {}; nothing was renamed",
            at(&root, "d.txt")
        )
    );
    assert_eq!(
        results[2],
        "tool execution failed: new_name must be a plain name without '/', '\\', '.' or '..', not empty: \"sub/x.txt\""
    );
    assert_eq!(results[3], "Renamed folder to renamed");
    assert_eq!(
        results[4],
        format!("Source does not exist: {}", at(&root, "ghost.txt"))
    );

    let read = |name: &str| fs::read_to_string(dir.path().join(name)).unwrap();
    assert_eq!(read("b.txt"), "A");
    assert!(!dir.path().join("a.txt").exists());
    assert_eq!(read("c.txt"), "C", "nothing changes when the target exists");
    assert_eq!(read("d.txt"), "D");
    assert!(!dir.path().join("sub/x.txt").exists());
    assert!(
        dir.path().join("renamed/inner").is_dir(),
        "a folder keeps its contents"
    );
    assert!(!dir.path().join("folder").exists());
    assert!(!dir.path().join("e.txt").exists());
}

#[tokio::test(flavor = "multi_thread")]
async fn delete_file_only_with_confirm_true() {
    let (dir, root) = target_dir();
    for name in [
        "gone.txt",
        "keep-false.txt",
        "keep-string.txt",
        "keep-number.txt",
        "keep-missing.txt",
    ] {
        write_file(dir.path(), name, 1);
    }
    write_file(dir.path(), "old/deep/file.txt", 5);

    let (_, results) = run_tool_calls(
        dir.path(),
        numbered_calls(&[
            ("delete_file", json!({"path": "gone.txt", "confirm": true})),
            ("delete_file", json!({"path": "old", "confirm": true})),
            (
                "delete_file",
                json!({"path": "keep-false.txt", "confirm": false}),
            ),
            (
                "delete_file",
                json!({"path": "keep-string.txt", "confirm": "true"}),
            ),
            (
                "delete_file",
                json!({"path": "keep-number.txt", "confirm": 1}),
            ),
            ("delete_file", json!({"path": "keep-missing.txt"})),
            ("delete_file", json!({"path": "ghost.txt", "confirm": true})),
        ]),
    )
    .await;

    let cancelled = |name: &str| {
        format!(
            "Deletion cancelled: confirm was not true, nothing was deleted ({})",
            at(&root, name)
        )
    };
    assert_eq!(
        results,
        [
            format!("Deleted file: {}", at(&root, "gone.txt")),
            format!("Deleted folder and all its contents: {}", at(&root, "old")),
            cancelled("keep-false.txt"),
            cancelled("keep-string.txt"),
            cancelled("keep-number.txt"),
            "tool execution failed: missing argument 'confirm'".to_owned(),
            format!("Path does not exist: {}", at(&root, "ghost.txt")),
        ]
    );
    assert!(!dir.path().join("gone.txt").exists());
    assert!(!dir.path().join("old").exists());
    for name in [
        "keep-false.txt",
        "keep-string.txt",
        "keep-number.txt",
        "keep-missing.txt",
    ] {
        assert!(dir.path().join(name).is_file(), "{name} must survive");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn relative_paths_resolve_against_the_target_not_the_working_directory() {
    let (dir, root) = target_dir();
    // The runner's working directory is a different temporary directory.
    let (_, results) = run_tool_calls(
        dir.path(),
        numbered_calls(&[
            ("create_folder", json!({"path": "./here"})),
            ("list_files", json!({"path": "here"})),
        ]),
    )
    .await;
    assert_eq!(
        results,
        [
            format!("Created folder: {}", at(&root, "here")),
            format!("Directory is empty: {}", at(&root, "here")),
        ]
    );
    assert!(dir.path().join("here").is_dir());
}
