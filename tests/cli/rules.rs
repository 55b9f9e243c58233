//! The user's rules file: the offline planner follows its rules first and
//! the folders the user already has; its excludes are enforced below the
//! model, through every tool; a bad file stops tidyup with its place.

use std::path::Path;

use serde_json::json;

use tidyup_test_kit::e2e::*;

const RULES: &str = r#"
instructions = "Keep bills by year; never touch the Keep folder."
exclude = ["Keep/**", "important.txt"]

[[rule]]
content = "(?i)electricity bill"
to = "Bills/{year}"

[[rule]]
extensions = ["jpg", "heic"]
to = "Photos/{year}-{month}"

[[rule]]
name = "report*"
to = "Reports"
"#;

/// 2024-03-15 and 2023-07-02, UTC.
const MARCH_2024: u64 = 1_710_460_800;
const JULY_2023: u64 = 1_688_256_000;

/// A folder with a rules file, files for each rule, an excluded file and
/// folder, and an existing `Music` folder.
fn ruled_folder() -> tempfile::TempDir {
    let (dir, _) = target_dir();
    let root = dir.path();
    std::fs::write(root.join(".tidyup.toml"), RULES).unwrap();
    std::fs::write(root.join("scan0001.txt"), "ELECTRICITY BILL for March").unwrap();
    set_mtime(&root.join("scan0001.txt"), MARCH_2024);
    set_mtime(&write_file(root, "holiday.JPG", 10), JULY_2023);
    write_file(root, "report-q3.docx", 10);
    write_file(root, "important.txt", 10);
    write_file(root, "Keep/a.txt", 10);
    write_file(root, "song.mp3", 10);
    std::fs::create_dir(root.join("Music")).unwrap();
    dir
}

fn exists(root: &Path, relative: &str) -> bool {
    root.join(relative).exists()
}

#[tokio::test]
async fn the_offline_planner_follows_the_rules_then_existing_folders() {
    let dir = ruled_folder();
    let outcome = Tidyup::bare()
        .arg(dir.path())
        .args(["--provider", "offline", "--lang", "en"])
        .stdin("organize\nyes\nquit\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    let sep = std::path::MAIN_SEPARATOR;
    for expected in [
        format!("Bills{sep}2024{sep} (rule 1, new folder, 1 file)"),
        format!("Photos{sep}2023-07{sep} (rule 2, new folder, 1 file)"),
        format!("Reports{sep} (rule 3, new folder, 1 file)"),
        format!("Music{sep} (音频, existing folder, 1 file)"),
        "Left alone by the rules file: Keep, important.txt".to_owned(),
        "Following the rules file".to_owned(),
    ] {
        assert!(outcome.stdout.contains(&expected), "{expected}\n{outcome}");
    }
    let root = dir.path();
    for moved in [
        "Bills/2024/scan0001.txt",
        "Photos/2023-07/holiday.JPG",
        "Reports/report-q3.docx",
        "Music/song.mp3",
        "important.txt",
        "Keep/a.txt",
        ".tidyup.toml",
    ] {
        assert!(exists(root, moved), "{moved} missing\n{outcome}");
    }
    assert!(
        !exists(root, "Audio"),
        "a new folder beside Music\n{outcome}"
    );
}

#[tokio::test]
async fn excludes_are_refused_through_every_tool_and_nothing_changes() {
    let dir = ruled_folder();
    let before = snapshot(dir.path());
    let calls = numbered_calls(&[
        (
            "move_file",
            json!({ "source": "important.txt", "destination": "x/important.txt" }),
        ),
        (
            "rename_file",
            json!({ "path": "important.txt", "new_name": "other.txt" }),
        ),
        (
            "delete_file",
            json!({ "path": "Keep/a.txt", "confirm": true }),
        ),
        ("delete_file", json!({ "path": "Keep", "confirm": true })),
        ("create_folder", json!({ "path": "Keep/new" })),
        (
            "move_file",
            json!({ "source": "song.mp3", "destination": "Keep/song.mp3" }),
        ),
        (
            "delete_file",
            json!({ "path": ".tidyup.toml", "confirm": true }),
        ),
        (
            "move_file",
            json!({ "source": "Music/../important.txt", "destination": "y.txt" }),
        ),
        (
            "delete_file",
            json!({ "path": "Music/../Keep/./a.txt", "confirm": true }),
        ),
        (
            "move_matching",
            json!({ "path": ".", "pattern": "important*", "destination": "Docs" }),
        ),
    ]);
    // A low threshold makes the folder large, so the bulk tools are
    // declared and go through the same excludes.
    let config = tempfile::tempdir().unwrap();
    let config_file = config.path().join("config.toml");
    std::fs::write(&config_file, "[limits]\nlarge_folder_entries = 3\n").unwrap();
    let count = calls.len();
    let provider = MockProvider::start(vec![tool_reply(calls), text_reply("done")]).await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .env("TIDYUP_CONFIG", &config_file.display().to_string())
        .stdin("go\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    let results = provider.requests()[1].trailing_tool_results();
    assert_eq!(results.len(), count, "{outcome}");
    for (i, result) in results.iter().enumerate() {
        assert!(
            result.contains("protected by the rules file"),
            "call {i}: {result}"
        );
    }
    let mut after = snapshot(dir.path());
    after.retain(|path, _| path != "Docs");
    assert_eq!(after, before);
}

#[tokio::test]
async fn a_dry_run_and_apply_refuse_what_the_rules_exclude() {
    let (dir, _) = target_dir();
    write_file(dir.path(), "important.txt", 10);
    let provider = MockProvider::start(vec![
        tool_reply(numbered_calls(&[(
            "move_file",
            json!({ "source": "important.txt", "destination": "Docs/important.txt" }),
        )])),
        text_reply("planned"),
    ])
    .await;
    let data = tempfile::tempdir().unwrap();
    let data_dir = data.path().display().to_string();
    let outcome = Tidyup::new(dir.path(), &provider)
        .env("TIDYUP_DATA_DIR", &data_dir)
        .arg("--dry-run")
        .stdin("go\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    let plan = outcome.saved_plan();
    std::fs::write(
        dir.path().join(".tidyup.toml"),
        "exclude = [\"important.txt\"]\n",
    )
    .unwrap();
    let applied = Tidyup::bare()
        .env("TIDYUP_DATA_DIR", &data_dir)
        .args(["apply", &plan])
        .run()
        .await;
    assert_eq!(applied.code(), 1, "{applied}");
    assert!(
        applied.stdout.contains("protected by the rules file"),
        "{applied}"
    );
    assert!(exists(dir.path(), "important.txt"), "{applied}");
    assert!(!exists(dir.path(), "Docs/important.txt"), "{applied}");
}

#[tokio::test]
async fn a_bad_rules_file_stops_tidyup_with_its_line_and_column() {
    let (dir, _) = target_dir();
    std::fs::write(
        dir.path().join(".tidyup.toml"),
        "exclude = [\"Keep/**\"]\n\n[[rule]]\ncontent = \"(unclosed\"\nto = \"Bills\"\n",
    )
    .unwrap();
    let outcome = Tidyup::bare()
        .arg(dir.path())
        .args(["--provider", "offline"])
        .stdin("quit\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 2, "{outcome}");
    assert!(outcome.stderr.contains(".tidyup.toml:4:11: "), "{outcome}");
    assert!(outcome.stderr.contains("regex"), "{outcome}");
}

/// Every file under `dir` (relative path with `/` → size), the rules file included.
fn snapshot(dir: &Path) -> std::collections::BTreeMap<String, u64> {
    let mut files = std::collections::BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            let relative = path
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if entry.file_type().unwrap().is_dir() {
                files.insert(format!("{relative}/"), 0);
                pending.push(path);
            } else {
                files.insert(relative, entry.metadata().unwrap().len());
            }
        }
    }
    files
}

#[tokio::test]
async fn a_model_gets_the_rules_after_the_prompt_and_still_sees_excluded_items() {
    let dir = ruled_folder();
    let provider = MockProvider::start(vec![
        tool_reply(numbered_calls(&[("list_files", json!({ "path": "." }))])),
        text_reply("done"),
    ])
    .await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("organize\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    let requests = provider.requests();
    let system = requests[0].messages()[0]["content"]
        .as_str()
        .unwrap()
        .to_owned();
    let prompt_end = system.find("Answer in the user's language.").unwrap();
    let instructions = system
        .find("Keep bills by year; never touch the Keep folder.")
        .unwrap_or_else(|| panic!("no instructions in: {system}"));
    assert!(instructions > prompt_end, "{system}");
    assert!(system.contains("Bills/{year}"), "{system}");
    assert!(
        system.contains("Prefer the folders that already exist"),
        "{system}"
    );
    let listing = &requests[1].trailing_tool_results()[0];
    for shown in ["important.txt", "Keep"] {
        assert!(listing.contains(shown), "{shown} not listed: {listing}");
    }
}

// Unix only: creating symlinks on Windows takes a privilege (or developer
// mode) that a test cannot count on.
#[cfg(unix)]
#[tokio::test]
async fn a_symlink_into_an_excluded_folder_is_no_way_around_it() {
    let dir = ruled_folder();
    std::os::unix::fs::symlink("Keep", dir.path().join("alias")).unwrap();
    let before = snapshot(dir.path());
    let calls = numbered_calls(&[
        (
            "delete_file",
            json!({ "path": "alias/a.txt", "confirm": true }),
        ),
        (
            "move_file",
            json!({ "source": "alias/a.txt", "destination": "b.txt" }),
        ),
        ("create_folder", json!({ "path": "alias/new" })),
    ]);
    let (_, results) = run_tool_calls(dir.path(), calls).await;
    for (i, result) in results.iter().enumerate() {
        assert!(
            result.contains("protected by the rules file"),
            "call {i}: {result}"
        );
    }
    assert_eq!(snapshot(dir.path()), before);
}

/// A link to a FIFO with no writer among the files: the offline planner,
/// reading contents for a `content` rule, passes over it at once instead
/// of waiting forever, and sorts the rest.
#[cfg(unix)]
#[tokio::test]
async fn the_planner_passes_over_a_link_to_a_fifo_when_a_rule_reads_contents() {
    let dir = ruled_folder();
    fifo_behind_link(dir.path(), "notes.txt");
    let outcome = Tidyup::bare()
        .arg(dir.path())
        .args(["--provider", "offline", "--lang", "en"])
        .stdin("organize\nyes\nquit\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    assert!(exists(dir.path(), "Bills/2024/scan0001.txt"), "{outcome}");
}

/// A rules file given with `--rules` that is a link to a FIFO with no
/// writer stops tidyup at once with the reason, instead of waiting forever.
#[cfg(unix)]
#[tokio::test]
async fn a_rules_file_that_is_a_link_to_a_fifo_is_refused_at_once() {
    let (dir, _) = target_dir();
    let rules = fifo_behind_link(dir.path(), "rules.toml");
    let outcome = Tidyup::bare()
        .arg(dir.path())
        .args(["--provider", "offline", "--lang", "en", "--rules"])
        .arg(&rules)
        .stdin("quit\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 2, "{outcome}");
    assert!(outcome.stderr.contains("not a regular file"), "{outcome}");
}

/// The same rules on a folder above the large-folder limit: each rule is
/// followed through the bulk moves (the content rule reads the files
/// here), what they exclude stays, the rest goes by type, and `undo`
/// puts every file back.
#[tokio::test]
async fn the_rules_are_followed_on_a_large_folder_and_undone() {
    let dir = ruled_folder();
    let root = dir.path();
    let write = |name: &str, text: &str, mtime: u64| {
        std::fs::write(root.join(name), text).unwrap();
        set_mtime(&root.join(name), mtime);
    };
    for i in 0..50 {
        write(
            &format!("bill{i:03}.txt"),
            &format!("Electricity bill {i}"),
            MARCH_2024,
        );
        write(
            &format!("note{i:03}.txt"),
            &format!("a note {i}"),
            MARCH_2024,
        );
        write(&format!("IMG_{i:03}.jpg"), &format!("photo {i}"), JULY_2023);
        write(
            &format!("report-{i:03}.pdf"),
            &format!("report {i}"),
            MARCH_2024,
        );
        write(
            &format!("track {i:03}.mp3"),
            &format!("track {i}"),
            MARCH_2024,
        );
    }
    let before = snapshot(root);
    let data = tempfile::tempdir().unwrap();
    let data_dir = data.path().display().to_string();
    let outcome = Tidyup::bare()
        .env("TIDYUP_DATA_DIR", &data_dir)
        .arg(root)
        .args(["--provider", "offline", "--lang", "en"])
        .stdin("organize\nyes\nquit\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    let sep = std::path::MAIN_SEPARATOR;
    for expected in [
        format!("Bills{sep}{{year}}{sep} (rule 1): 51 files moved"),
        format!("Photos{sep}{{year}}-{{month}}{sep} (rule 2): 51 files moved"),
        format!("Reports{sep} (rule 3): 51 files moved"),
        "Left alone by the rules file: Keep/**, important.txt".to_owned(),
    ] {
        assert!(outcome.stdout.contains(&expected), "{expected}\n{outcome}");
    }
    for i in [0, 49] {
        for moved in [
            format!("Bills/2024/bill{i:03}.txt"),
            format!("Documents/note{i:03}.txt"),
            format!("Photos/2023-07/IMG_{i:03}.jpg"),
            format!("Reports/report-{i:03}.pdf"),
            format!("Music/track {i:03}.mp3"),
        ] {
            assert!(exists(root, &moved), "{moved} missing\n{outcome}");
        }
    }
    for stays in ["important.txt", "Keep/a.txt", ".tidyup.toml"] {
        assert!(exists(root, stays), "{stays} moved\n{outcome}");
    }
    let undo = Tidyup::bare()
        .env("TIDYUP_DATA_DIR", &data_dir)
        .args(["undo", "--lang", "en"])
        .run()
        .await;
    assert_eq!(undo.code(), 0, "{undo}");
    assert_eq!(snapshot(root), before, "{undo}");
}
