//! What changes around a running watch: its rules file edited (followed),
//! broken (batches stop) and fixed (they resume); notifications lost to an
//! overflowing queue (a rescan finds the arrivals); the watched folder
//! renamed or deleted (the watch ends with an error).

use std::thread;
use std::time::Duration;

use tidyup_test_kit::e2e::target_dir;

use super::{Watch, signal, write};

const RULES: &str = ".tidyup.toml";

#[test]
fn an_edited_rules_file_is_followed_and_a_broken_one_stops_the_moves_until_fixed() {
    let (dir, _) = target_dir();
    let data = tempfile::tempdir().unwrap();
    write(dir.path(), RULES, b"exclude = [\"keep-*\"]\n");
    let mut watch = Watch::start(dir.path(), data.path(), &["--settle", "0.3"]);

    write(dir.path(), RULES, b"exclude = [\"keep-*\", \"draft-*\"]\n");
    watch.expect_error(&["Rules file", RULES, "reloaded"]);
    write(dir.path(), "draft-1.pdf", b"draft");
    write(dir.path(), "done.pdf", b"finished");
    watch.expect_line("done.pdf → Documents/done.pdf");
    assert!(
        dir.path().join("draft-1.pdf").exists(),
        "an excluded file moved"
    );

    write(dir.path(), RULES, b"exclude = [\"keep-*\"]\nbroken here\n");
    watch.expect_error(&[&format!("{RULES}:2:"), "nothing is moved until it is fixed"]);
    write(dir.path(), "late.pdf", b"late");
    thread::sleep(Duration::from_millis(1500));
    assert!(
        dir.path().join("late.pdf").exists(),
        "moved under broken rules"
    );
    let moved: Vec<String> = watch.stdout_now().to_vec();
    assert_eq!(moved.len(), 1, "{moved:?}");

    write(dir.path(), RULES, b"exclude = [\"keep-*\"]\n");
    watch.expect_error(&["Rules file", RULES, "reloaded"]);
    watch.expect_line("late.pdf → Documents/late.pdf");
    write(dir.path(), "new.txt", b"new");
    watch.expect_line("new.txt → Documents/new.txt");
    assert!(dir.path().join("draft-1.pdf").exists());
    let (status, _, _) = watch.terminate();
    assert_eq!(status.code(), Some(0));
}

/// Linux: stops the watch (SIGSTOP), overflows its inotify queue with
/// more renames of a hidden file than `max_queued_events` holds, drops
/// files whose notifications are lost, and lets it go on (SIGCONT).
#[cfg(target_os = "linux")]
#[test]
fn arrivals_lost_to_an_overflowing_notification_queue_are_found_by_a_rescan() {
    let queued: usize = std::fs::read_to_string("/proc/sys/fs/inotify/max_queued_events")
        .expect("max_queued_events")
        .trim()
        .parse()
        .expect("a number");
    let (dir, _) = target_dir();
    let data = tempfile::tempdir().unwrap();
    let mut watch = Watch::start(dir.path(), data.path(), &["--settle", "0.3"]);
    let pid = watch.pid();
    signal(&pid, "STOP");
    let (a, b) = (dir.path().join(".churn-a"), dir.path().join(".churn-b"));
    std::fs::write(&a, b"").unwrap();
    // Two events a rename: twice what the queue holds.
    for _ in 0..queued {
        std::fs::rename(&a, &b).unwrap();
        std::fs::rename(&b, &a).unwrap();
    }
    let lost: Vec<String> = (0..20).map(|i| format!("lost-{i}.txt")).collect();
    for name in &lost {
        write(dir.path(), name, name.as_bytes());
    }
    signal(&pid, "CONT");
    watch.expect_error(&[
        "notifications were lost",
        "looking at the whole folder again",
    ]);
    for name in &lost {
        watch.expect_line(&format!("{name} → Documents/{name}"));
    }
    assert!(a.exists());
    let (status, _, _) = watch.terminate();
    assert_eq!(status.code(), Some(0));
}

/// Starts a watch of a fresh subfolder, does `change` to it, and returns
/// the exit status and stderr of the watch, which must end on its own.
fn watched_folder_changed(change: impl FnOnce(&std::path::Path)) -> (Option<i32>, String) {
    let (parent, _) = target_dir();
    let data = tempfile::tempdir().unwrap();
    let dir = parent.path().join("Inbox");
    std::fs::create_dir(&dir).unwrap();
    let watch = Watch::start(&dir, data.path(), &["--settle", "0.3"]);
    change(&dir);
    let (status, stderr) = watch.exits();
    (status.code(), stderr)
}

#[test]
fn a_watched_folder_renamed_away_ends_the_watch_with_an_error() {
    let (code, stderr) = watched_folder_changed(|dir| {
        std::fs::rename(dir, dir.with_file_name("Inbox-old")).unwrap();
    });
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("Inbox was moved or deleted") && stderr.contains("watch stopped"),
        "{stderr}"
    );
}

#[test]
fn a_watched_folder_deleted_ends_the_watch_with_an_error() {
    let (code, stderr) = watched_folder_changed(|dir| {
        write(dir, "note.txt", b"x");
        std::fs::remove_dir_all(dir).unwrap();
    });
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("Inbox was moved or deleted") && stderr.contains("watch stopped"),
        "{stderr}"
    );
}
