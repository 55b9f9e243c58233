//! `tidyup undo` reverses the newest session started by hand not yet
//! undone (again: the one before), never a watch batch that came after it;
//! `undo --watch` likewise through the watch batches; `history` marks the batches, also in journals written before
//! sessions recorded their kind.

use tidyup_test_kit::e2e::{target_dir, tree_of};

use super::{Watch, tidyup, write};

#[test]
fn undo_reverses_the_session_started_by_hand_and_undo_watch_the_watch_batch() {
    let data = tempfile::tempdir().unwrap();
    let (by_hand, _) = target_dir();
    write(by_hand.path(), "notes.txt", b"notes");
    write(by_hand.path(), "photo.png", b"png");
    let before = tree_of(by_hand.path());
    let session = tidyup(data.path())
        .arg(by_hand.path())
        .args(["--provider", "offline", "--lang", "en"])
        .stdin("organize\nyes\nquit\n")
        .run_blocking();
    assert_eq!(session.code(), 0, "{session}");
    assert_ne!(tree_of(by_hand.path()), before, "organized:\n{session}");
    let journal_line = session
        .stdout
        .lines()
        .find(|line| line.starts_with("Changes journaled as session "))
        .unwrap_or_else(|| panic!("no journal line:\n{session}"));
    let name = journal_line
        .trim_start_matches("Changes journaled as session ")
        .split(';')
        .next()
        .unwrap()
        .to_owned();

    // A watch elsewhere moves a file afterwards: the newest session is its batch.
    let (watched, _) = target_dir();
    let mut watch = Watch::start(watched.path(), data.path(), &["--settle", "0.3"]);
    write(watched.path(), "report.pdf", b"numbers");
    watch.expect_line("report.pdf → Documents/report.pdf");
    let (status, _, _) = watch.terminate();
    assert_eq!(status.code(), Some(0));

    let history = tidyup(data.path())
        .args(["history", "--lang", "en"])
        .run_blocking();
    let marked: Vec<&str> = history
        .stdout
        .lines()
        .filter(|line| line.ends_with("(watch batch)"))
        .collect();
    assert_eq!(marked.len(), 1, "{history}");
    assert!(marked[0].contains("-watch"), "{history}");

    let undo = tidyup(data.path())
        .args(["undo", "--lang", "en"])
        .run_blocking();
    assert_eq!(undo.code(), 0, "{undo}");
    let target = by_hand.path().canonicalize().unwrap();
    assert!(
        undo.stdout.starts_with(&format!(
            "Undoing session {name} in {}: 4 changes.\n",
            target.display()
        )),
        "{undo}"
    );
    assert_eq!(tree_of(by_hand.path()), before, "{undo}");
    assert!(
        watched.path().join("Documents/report.pdf").exists(),
        "the watch batch stays"
    );

    let again = tidyup(data.path())
        .args(["undo", "--lang", "en"])
        .run_blocking();
    assert_eq!(again.code(), 1, "{again}");
    assert_eq!(
        again.stderr,
        format!(
            "tidyup: nothing left to undo: every session has been undone (the newest: {name}); `tidyup history` lists them\n"
        ),
        "{again}"
    );

    let batch = tidyup(data.path())
        .args(["undo", "--watch", "--lang", "en"])
        .run_blocking();
    assert_eq!(batch.code(), 0, "{batch}");
    assert!(batch.stdout.contains("-watch in "), "{batch}");
    assert!(watched.path().join("report.pdf").exists(), "{batch}");
}

#[test]
fn a_watch_batch_journaled_before_kinds_were_recorded_is_still_one() {
    let data = tempfile::tempdir().unwrap();
    let (dir, _) = target_dir();
    std::fs::create_dir(dir.path().join("Documents")).unwrap();
    write(&dir.path().join("Documents"), "a.pdf", b"pdf");
    let from = dir.path().join("a.pdf");
    let to = dir.path().join("Documents/a.pdf");
    let journal = data.path().join("journal");
    std::fs::create_dir_all(&journal).unwrap();
    let header = serde_json::json!({
        "op": "header",
        "session": "20240101-120000-dir-watch",
        "target": dir.path(),
        "roots": [dir.path()],
        "started": "2024-01-01T12:00:00+00:00",
    });
    let moved = serde_json::json!({"op": "moved", "from": from, "to": to});
    std::fs::write(
        journal.join("20240101-120000-dir-watch.jsonl"),
        format!("{header}\n{moved}\n"),
    )
    .unwrap();

    let history = tidyup(data.path())
        .args(["history", "--lang", "en"])
        .run_blocking();
    assert!(
        history.stdout.trim_end().ends_with("(watch batch)"),
        "{history}"
    );
    let undo = tidyup(data.path())
        .args(["undo", "--lang", "en"])
        .run_blocking();
    assert_eq!(undo.code(), 1, "{undo}");
    assert_eq!(undo.stderr, "tidyup: there is no session to undo\n");
    let batch = tidyup(data.path())
        .args(["undo", "--watch", "--lang", "en"])
        .run_blocking();
    assert_eq!(batch.code(), 0, "{batch}");
    assert!(from.exists(), "{batch}");
}

/// The name of the session a run journaled, from its closing line.
fn journaled_as(run: &tidyup_test_kit::e2e::Outcome) -> String {
    let line = (run.stdout.lines())
        .find(|line| line.starts_with("Changes journaled as session "))
        .unwrap_or_else(|| panic!("no journal line:\n{run}"));
    line.trim_start_matches("Changes journaled as session ")
        .split(';')
        .next()
        .unwrap()
        .to_owned()
}

#[test]
fn undo_again_walks_back_to_the_session_before_and_counts_in_the_right_number() {
    let data = tempfile::tempdir().unwrap();
    let (dir, _) = target_dir();
    write(dir.path(), "notes.txt", b"notes");
    write(dir.path(), "photo.png", b"png");
    let start = tree_of(dir.path());
    let organize = || {
        tidyup(data.path())
            .arg(dir.path())
            .args(["--provider", "offline", "--lang", "en"])
            .stdin("organize\nyes\nquit\n")
            .run_blocking()
    };
    let first = organize();
    assert_eq!(first.code(), 0, "{first}");
    let first_name = journaled_as(&first);
    // One more file, into the folder the first session made: one change.
    write(dir.path(), "more notes.txt", b"more");
    let between = tree_of(dir.path());
    let second = organize();
    assert_eq!(second.code(), 0, "{second}");
    let second_name = journaled_as(&second);
    assert_ne!(first_name, second_name);

    let target = dir.path().canonicalize().unwrap();
    let undo = || {
        tidyup(data.path())
            .args(["undo", "--lang", "en"])
            .run_blocking()
    };
    let newest = undo();
    assert_eq!(newest.code(), 0, "{newest}");
    assert!(
        newest.stdout.starts_with(&format!(
            "Undoing session {second_name} in {}: 1 change.\n",
            target.display()
        )),
        "{newest}"
    );
    assert_eq!(tree_of(dir.path()), between, "{newest}");

    let before = undo();
    assert_eq!(before.code(), 0, "{before}");
    assert!(
        before
            .stdout
            .starts_with(&format!("Undoing session {first_name} in ")),
        "the session before: {before}"
    );
    // As it was before the first session, with the file added since.
    let mut now = tree_of(dir.path());
    assert_eq!(now.remove("more notes.txt").as_deref(), Some(&b"more"[..]));
    assert_eq!(now, start, "{before}");

    let none_left = undo();
    assert_eq!(none_left.code(), 1, "{none_left}");
    assert_eq!(
        none_left.stderr,
        format!(
            "tidyup: nothing left to undo: every session has been undone (the newest: {second_name}); `tidyup history` lists them\n"
        ),
        "{none_left}"
    );
}
