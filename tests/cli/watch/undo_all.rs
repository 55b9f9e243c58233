//! `tidyup undo` as a stack in the order sessions started (not the order
//! of their names), and `undo --all [--since TIME]`: every session (with
//! `--watch`, every watch batch) newest first, a line per session and a
//! total, stopping at the first that cannot be undone whole. The journals
//! are written here as tidyup writes them, with the start times a test
//! needs.

use std::path::Path;

use chrono::{Duration, Local};
use serde_json::json;
use tempfile::TempDir;
use tidyup_test_kit::e2e::{Outcome, target_dir};

use super::{tidyup, write};

/// A folder with one file moved into `Moved/` by each of `sessions`,
/// journaled in `data` as started `ago` before now (`watch`: a watch batch).
struct Sessions {
    dir: TempDir,
}

impl Sessions {
    fn new() -> Self {
        let (dir, _) = target_dir();
        std::fs::create_dir(dir.path().join("Moved")).unwrap();
        Self { dir }
    }

    /// Journals session `name`, started `ago` before now, which moved
    /// `file` into `Moved/`.
    fn add(&self, data: &Path, name: &str, ago: Duration, watch: bool, file: &str) {
        let root = self.dir.path().canonicalize().unwrap();
        write(&root.join("Moved"), file, file.as_bytes());
        let header = json!({
            "op": "header",
            "session": name,
            "target": root,
            "roots": [root],
            "started": (Local::now() - ago).to_rfc3339(),
            "kind": if watch { "watch" } else { "session" },
        });
        let moved = json!({
            "op": "moved",
            "from": root.join(file),
            "to": root.join("Moved").join(file),
        });
        let journal = data.join("journal");
        std::fs::create_dir_all(&journal).unwrap();
        std::fs::write(
            journal.join(format!("{name}.jsonl")),
            format!("{header}\n{moved}\n"),
        )
        .unwrap();
    }

    /// Whether `file` is back where it was.
    fn back(&self, file: &str) -> bool {
        self.dir.path().join(file).exists() && !self.dir.path().join("Moved").join(file).exists()
    }
}

fn undo(data: &Path, args: &[&str]) -> Outcome {
    tidyup(data).arg("undo").args(args).run_blocking()
}

fn minutes(n: i64) -> Duration {
    Duration::minutes(n)
}

#[test]
fn undo_walks_back_in_the_order_sessions_started_not_by_their_names() {
    let data = tempfile::tempdir().unwrap();
    let sessions = Sessions::new();
    // Started in the same second: the names sort the other way round.
    sessions.add(
        data.path(),
        "20261127-013000-b",
        minutes(2),
        false,
        "older.txt",
    );
    sessions.add(
        data.path(),
        "20261127-013000-a",
        minutes(1),
        false,
        "newer.txt",
    );
    let first = undo(data.path(), &["--lang", "en"]);
    assert_eq!(first.code(), 0, "{first}");
    assert!(
        first
            .stdout
            .starts_with("Undoing session 20261127-013000-a in "),
        "{first}"
    );
    assert!(sessions.back("newer.txt") && !sessions.back("older.txt"));
    let second = undo(data.path(), &["--lang", "en"]);
    assert!(
        second
            .stdout
            .starts_with("Undoing session 20261127-013000-b in "),
        "{second}"
    );
    assert!(sessions.back("older.txt"), "{second}");
}

#[test]
fn undo_watch_walks_back_through_the_watch_batches_newest_first() {
    let data = tempfile::tempdir().unwrap();
    let sessions = Sessions::new();
    for n in 1..=10 {
        let name = match n {
            1 => "20261127-013000-dir-watch".to_owned(),
            n => format!("20261127-013000-dir-watch-{n}"),
        };
        sessions.add(
            data.path(),
            &name,
            minutes(20 - n),
            true,
            &format!("{n}.txt"),
        );
    }
    sessions.add(
        data.path(),
        "20261127-013001-dir",
        minutes(1),
        false,
        "by hand.txt",
    );
    for n in (8..=10).rev() {
        let batch = undo(data.path(), &["--watch", "--lang", "en"]);
        assert_eq!(batch.code(), 0, "{batch}");
        assert!(
            batch.stdout.starts_with(&format!(
                "Undoing session 20261127-013000-dir-watch-{n} in "
            )),
            "batch {n} next: {batch}"
        );
        assert!(sessions.back(&format!("{n}.txt")), "{batch}");
    }
    assert!(!sessions.back("7.txt") && !sessions.back("by hand.txt"));
}

#[test]
fn undo_all_since_undoes_the_sessions_started_since_newest_first_with_a_total() {
    let data = tempfile::tempdir().unwrap();
    let sessions = Sessions::new();
    sessions.add(
        data.path(),
        "20261120-090000-old",
        Duration::days(3),
        false,
        "old.txt",
    );
    sessions.add(
        data.path(),
        "20261127-010000-one",
        minutes(50),
        false,
        "one.txt",
    );
    sessions.add(
        data.path(),
        "20261127-010500-batch-watch",
        minutes(45),
        true,
        "batch.txt",
    );
    sessions.add(
        data.path(),
        "20261127-011000-two",
        minutes(10),
        false,
        "two.txt",
    );

    let all = undo(data.path(), &["--all", "--since", "1h", "--lang", "en"]);
    assert_eq!(all.code(), 0, "{all}");
    let lines: Vec<&str> = all.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{all}");
    assert!(
        lines[0].starts_with("Undoing session 20261127-011000-two in "),
        "{all}"
    );
    assert!(lines[0].ends_with(": 1 change."), "{all}");
    assert_eq!(
        lines[1],
        "Undid session 20261127-011000-two: 1 change reversed, 0 skipped."
    );
    assert!(
        lines[2].starts_with("Undoing session 20261127-010000-one in "),
        "{all}"
    );
    assert_eq!(lines[4], "Undid 2 sessions: 2 changes reversed.");
    assert!(sessions.back("one.txt") && sessions.back("two.txt"));
    assert!(!sessions.back("old.txt"), "started before TIME");
    assert!(!sessions.back("batch.txt"), "a watch batch needs --watch");

    let again = undo(data.path(), &["--all", "--since", "1h", "--lang", "en"]);
    assert_eq!(again.code(), 1, "{again}");
    assert_eq!(
        again.stderr,
        "tidyup: no session started since 1h is left to undo\n"
    );

    let batches = undo(data.path(), &["--all", "--watch", "--lang", "zh"]);
    assert_eq!(batches.code(), 0, "{batches}");
    assert!(
        batches
            .stdout
            .ends_with("共撤销 1 个监视批次，还原了 1 处改动。\n"),
        "{batches}"
    );
    assert!(sessions.back("batch.txt"));

    // Without --since: everything left, the old session too.
    let rest = undo(data.path(), &["--all", "--lang", "en"]);
    assert_eq!(rest.code(), 0, "{rest}");
    assert!(
        rest.stdout
            .ends_with("Undid 1 session: 1 change reversed.\n"),
        "{rest}"
    );
    assert!(sessions.back("old.txt"));
}

#[test]
fn undo_all_reads_dates_and_times_and_refuses_what_is_none() {
    let data = tempfile::tempdir().unwrap();
    let sessions = Sessions::new();
    sessions.add(
        data.path(),
        "20261127-010000-recent",
        minutes(5),
        false,
        "recent.txt",
    );
    sessions.add(
        data.path(),
        "20261101-010000-old",
        Duration::days(40),
        false,
        "old.txt",
    );
    let yesterday = (Local::now() - Duration::days(1))
        .format("%Y-%m-%d")
        .to_string();
    let since = undo(
        data.path(),
        &["--all", "--since", &yesterday, "--lang", "en"],
    );
    assert_eq!(since.code(), 0, "{since}");
    assert!(
        sessions.back("recent.txt") && !sessions.back("old.txt"),
        "{since}"
    );

    for bad in ["yesterday", "25:00", "2h30m"] {
        let refused = undo(data.path(), &["--all", "--since", bad, "--lang", "en"]);
        assert_eq!(refused.code(), 2, "{refused}");
        assert!(
            refused
                .stderr
                .starts_with(&format!("tidyup: --since {bad}: not a time; ")),
            "{refused}"
        );
    }
    let without_all = undo(data.path(), &["--since", "2h"]);
    assert_eq!(without_all.code(), 2, "--since needs --all: {without_all}");
    assert!(!sessions.back("old.txt"), "nothing undone by a refusal");
}

#[test]
fn undo_all_stops_at_the_first_session_it_cannot_undo_whole() {
    let data = tempfile::tempdir().unwrap();
    let sessions = Sessions::new();
    sessions.add(
        data.path(),
        "20261127-010000-first",
        minutes(30),
        false,
        "first.txt",
    );
    sessions.add(
        data.path(),
        "20261127-010500-blocked",
        minutes(20),
        false,
        "blocked.txt",
    );
    sessions.add(
        data.path(),
        "20261127-011000-last",
        minutes(10),
        false,
        "last.txt",
    );
    // Something new where the blocked session's file was: never overwritten.
    write(sessions.dir.path(), "blocked.txt", b"new");

    let all = undo(data.path(), &["--all", "--lang", "en"]);
    assert_eq!(all.code(), 1, "{all}");
    assert!(sessions.back("last.txt"), "{all}");
    assert!(
        sessions.dir.path().join("Moved/blocked.txt").exists(),
        "{all}"
    );
    assert!(!sessions.back("first.txt"), "left as it is: {all}");
    assert!(
        all.stdout
            .contains("Undid session 20261127-010500-blocked: 0 changes reversed, 1 skipped."),
        "{all}"
    );
    assert!(
        all.stdout
            .ends_with("Undid 1 session: 1 change reversed.\n"),
        "{all}"
    );
    assert_eq!(
        all.stderr,
        "tidyup: stopped: session 20261127-010500-blocked could not be undone whole (see above); 1 session before it left as they are\n"
    );
}
