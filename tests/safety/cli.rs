//! The safety features through the binary, as a user meets them: a refused
//! escape, a delete, `history`, a full `undo`, `--dry-run` then `apply`,
//! and `trash --purge`.

use std::path::Path;

use serde_json::json;

use super::support::{World, snapshot};
use tidyup_test_kit::e2e::{MockProvider, Tidyup, at, call_raw, text_reply, tool_reply};

/// A `tidyup` run on the world's target, with a shared data directory.
fn tidyup(world: &World, provider: &MockProvider, data: &Path) -> Tidyup {
    Tidyup::new(&world.target, provider).env("TIDYUP_DATA_DIR", data.to_str().unwrap())
}

/// A subcommand run (`undo`, `history`...) with the same data directory.
fn subcommand(data: &Path, args: &[&str]) -> tidyup_test_kit::e2e::Outcome {
    Tidyup::bare()
        .env("TIDYUP_DATA_DIR", data.to_str().unwrap())
        .args(args.iter().copied())
        .run_blocking()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_session_with_a_refused_escape_a_delete_and_a_full_undo() {
    let world = World::new();
    let data = world.dir.path().join("data");
    let secret = world.outside.join("secret.txt");
    let before = snapshot(&world.target);
    let outside_before = snapshot(&world.outside);
    let provider = MockProvider::start(vec![
        tool_reply(vec![
            call_raw(
                "c1",
                "delete_file",
                json!({"path": secret.to_str().unwrap(), "confirm": true}),
            ),
            call_raw(
                "c2",
                "delete_file",
                json!({"path": "docs", "confirm": true}),
            ),
            call_raw(
                "c3",
                "move_file",
                json!({"source": "a.txt", "destination": "Text/a.txt"}),
            ),
        ]),
        text_reply("Deleted docs, moved a.txt; I could not touch the file outside."),
    ])
    .await;
    let out = tidyup(&world, &provider, &data)
        .stdin("clean up\nquit\n")
        .run()
        .await;
    out.assert_clean_exit();
    let stdout = out.stdout.clone();
    assert!(
        stdout.contains(
            "[tool] delete_file: tool execution failed: the path is outside the allowed directories"
        ),
        "{out}"
    );
    assert!(
        stdout.contains(&format!(
            "[tool] delete_file: Deleted folder and all its contents: {}",
            at(world.target_str(), "docs")
        )),
        "{out}"
    );
    assert!(stdout.contains("`tidyup undo` reverses them"), "{out}");
    assert_eq!(snapshot(&world.outside), outside_before);
    assert!(!world.target.join("docs").exists());

    let history = subcommand(&data, &["history"]);
    assert!(
        history
            .stdout
            .contains("1 folder created, 1 moved, 1 deleted or replaced"),
        "{history}"
    );
    let undo = subcommand(&data, &["undo"]);
    assert!(
        undo.stdout.contains("3 changes reversed, 0 skipped"),
        "{undo}"
    );
    assert_eq!(snapshot(&world.target), before);
    assert!(subcommand(&data, &["history"]).stdout.contains("(undone)"));
    assert_eq!(
        subcommand(&data, &["undo"]).code(),
        1,
        "nothing left to undo"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn dry_run_then_apply() {
    let world = World::new();
    let data = world.dir.path().join("data");
    let before = snapshot(&world.target);
    let provider = MockProvider::start(vec![
        tool_reply(vec![
            call_raw("c1", "create_folder", json!({"path": "Images"})),
            call_raw(
                "c2",
                "move_file",
                json!({"source": "photos/2024/cat.jpg", "destination": "Images/cat.jpg"}),
            ),
            call_raw("c3", "list_files", json!({"path": "Images"})),
        ]),
        text_reply("Planned."),
    ])
    .await;
    let out = tidyup(&world, &provider, &data)
        .arg("--dry-run")
        .stdin("go\n")
        .run()
        .await;
    out.assert_clean_exit();
    assert!(
        out.stdout.contains("Dry run: nothing on disk will change"),
        "{out}"
    );
    assert!(
        out.stdout.contains("[tool] list_files: 1 items in"),
        "{out}"
    );
    assert!(out.stdout.contains("The plan (2 steps):"), "{out}");
    assert_eq!(snapshot(&world.target), before);
    let plan = out.saved_plan();
    let applied = subcommand(&data, &["apply", &plan]);
    assert!(
        applied.stdout.contains("Applied 2 steps, refused 0."),
        "{applied}"
    );
    assert_eq!(
        std::fs::read(world.target.join("Images/cat.jpg")).unwrap(),
        b"meow"
    );
    let again = subcommand(&data, &["apply", &plan]);
    assert_eq!(again.code(), 1, "a stale plan is refused: {again}");
    assert!(again.stdout.contains("refused"), "{again}");
}

#[tokio::test(flavor = "multi_thread")]
async fn no_sandbox_says_so_and_allow_opens_one_more_root() {
    let world = World::new();
    let data = world.dir.path().join("data");
    let secret = world.outside.join("secret.txt");
    let provider = MockProvider::start(vec![
        tool_reply(vec![call_raw(
            "c1",
            "move_file",
            json!({"source": secret.to_str().unwrap(), "destination": "s.txt"}),
        )]),
        text_reply("ok"),
    ])
    .await;
    let out = tidyup(&world, &provider, &data)
        .args(["--allow", world.outside.to_str().unwrap()])
        .stdin("go\n")
        .run()
        .await;
    assert!(
        out.stdout.contains("[tool] move_file: Moved secret.txt"),
        "{out}"
    );

    let provider = MockProvider::start(vec![text_reply("ok")]).await;
    let out = tidyup(&world, &provider, &data)
        .arg("--no-sandbox")
        .stdin("hi\n")
        .run()
        .await;
    assert!(out.stdout.contains("Sandbox off"), "{out}");
}

#[test]
fn trash_purge_frees_space() {
    let world = World::new();
    let data = world.dir.path().join("data");
    std::fs::create_dir_all(data.join("trash/old-session")).unwrap();
    std::fs::write(data.join("trash/old-session/0001-a.txt"), vec![0u8; 2048]).unwrap();
    let kept = subcommand(&data, &["trash", "--purge", "--older-than", "30"]);
    assert!(
        kept.stdout.contains("Purged the trash of 0 sessions"),
        "{kept}"
    );
    let purged = subcommand(&data, &["trash", "--purge"]);
    assert!(
        purged
            .stdout
            .contains("Purged the trash of 1 session, freeing 2.0 KB."),
        "{purged}"
    );
    assert_eq!(
        subcommand(&data, &["trash"]).code(),
        2,
        "--purge is required"
    );
}

/// Names of 252 to 255 bytes (the most a file system holds), ASCII and
/// Chinese, deleted or replaced: each fits in the trash, and `undo` puts
/// back each exact name.
#[tokio::test(flavor = "multi_thread")]
async fn the_longest_names_are_deleted_and_replaced_and_undone_exactly() {
    let world = World::new();
    let data = world.dir.path().join("data");
    let ascii = format!("{}.txt", "a".repeat(251));
    let wide = "文".repeat(84);
    let (ascii_target, wide_target) = ("b".repeat(255), "字".repeat(85));
    for (name, content) in [
        (ascii.as_str(), "ascii"),
        (wide.as_str(), "wide"),
        (ascii_target.as_str(), "replaced ascii"),
        (wide_target.as_str(), "replaced wide"),
        ("one.txt", "one"),
        ("two.txt", "two"),
    ] {
        std::fs::write(world.target.join(name), content).unwrap();
    }
    let before = snapshot(&world.target);
    let provider = MockProvider::start(vec![
        tool_reply(vec![
            call_raw("c1", "delete_file", json!({"path": ascii, "confirm": true})),
            call_raw("c2", "delete_file", json!({"path": wide, "confirm": true})),
            call_raw(
                "c3",
                "move_file",
                json!({"source": "one.txt", "destination": ascii_target}),
            ),
            call_raw(
                "c4",
                "move_file",
                json!({"source": "two.txt", "destination": wide_target}),
            ),
        ]),
        text_reply("Done."),
    ])
    .await;
    let out = tidyup(&world, &provider, &data)
        .stdin("clean up\nquit\n")
        .run()
        .await;
    out.assert_clean_exit();
    assert!(!world.target.join(&ascii).exists(), "{out}");
    assert!(!world.target.join(&wide).exists(), "{out}");
    let read = |name: &str| std::fs::read_to_string(world.target.join(name)).unwrap();
    assert_eq!(read(&ascii_target), "one", "{out}");
    assert_eq!(read(&wide_target), "two", "{out}");
    let undo = subcommand(&data, &["undo"]);
    assert!(
        undo.stdout.contains("6 changes reversed, 0 skipped"),
        "{undo}"
    );
    assert_eq!(snapshot(&world.target), before);
}
