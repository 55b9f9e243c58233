//! The history's edges: a session whose folder is gone is passed over by
//! `undo` and `undo --all` in one line each, marked in `history`, and
//! removed by `history --forget`; an undo of a folder a `tidyup watch`
//! keeps is refused while it runs, so the watcher never files the restored
//! files again.

use std::path::Path;

use tidyup_test_kit::e2e::{target_dir, tree_of};

use super::{Watch, tidyup, write};

/// Organizes `dir` offline and returns the session's name.
fn organize(data: &Path, dir: &Path) -> String {
    let session = tidyup(data)
        .arg(dir)
        .args(["--provider", "offline", "--lang", "en"])
        .stdin("organize\nyes\nquit\n")
        .run_blocking();
    assert_eq!(session.code(), 0, "{session}");
    session
        .stdout
        .lines()
        .find_map(|line| line.strip_prefix("Changes journaled as session "))
        .and_then(|rest| rest.split(';').next())
        .unwrap_or_else(|| panic!("no journal line:\n{session}"))
        .to_owned()
}

/// Two sessions organized in turn: the older one's folder kept (with its
/// tree before), the newer one's folder deleted since.
struct Sessions {
    kept: tempfile::TempDir,
    before: std::collections::BTreeMap<String, Vec<u8>>,
    older: String,
    newer: String,
}

fn two_sessions(data: &Path) -> Sessions {
    let (kept, _) = target_dir();
    write(kept.path(), "notes.txt", b"notes");
    write(kept.path(), "photo.png", b"png");
    let before = tree_of(kept.path());
    let older = organize(data, kept.path());
    let (gone, _) = target_dir();
    write(gone.path(), "report.pdf", b"pdf");
    write(gone.path(), "song.mp3", b"mp3");
    let newer = organize(data, gone.path());
    std::fs::remove_dir_all(gone.path()).unwrap();
    Sessions {
        kept,
        before,
        older,
        newer,
    }
}

#[test]
fn a_session_whose_folder_is_gone_is_passed_over_in_one_line_and_can_be_forgotten() {
    let data = tempfile::tempdir().unwrap();
    let Sessions {
        kept,
        before,
        older,
        newer,
    } = two_sessions(data.path());

    let history = tidyup(data.path())
        .args(["history", "--lang", "en"])
        .run_blocking();
    let marked: Vec<&str> = (history.stdout.lines())
        .filter(|line| line.ends_with(" (folder gone)"))
        .collect();
    assert_eq!(marked.len(), 1, "{history}");
    assert!(marked[0].starts_with(&newer), "{history}");

    // `undo` walks past it, saying so once, and undoes the one before.
    let undo = tidyup(data.path())
        .args(["undo", "--lang", "en"])
        .run_blocking();
    assert_eq!(undo.code(), 0, "{undo}");
    let lines: Vec<&str> = undo.stdout.lines().collect();
    assert!(
        lines[0].starts_with(&format!("Passed over session {newer}: its folder "))
            && lines[0].ends_with(&format!(
                "no longer exists (`tidyup history --forget {newer}` removes it from the history)."
            )),
        "{undo}"
    );
    assert!(
        lines[1].starts_with(&format!("Undoing session {older} in ")),
        "{undo}"
    );
    assert_eq!(tree_of(kept.path()), before, "{undo}");

    // Named, it is refused with the same way out.
    let named = tidyup(data.path())
        .args(["undo", &newer, "--lang", "en"])
        .run_blocking();
    assert_eq!(named.code(), 1, "{named}");
    assert!(
        named.stderr.contains("no longer exists")
            && named
                .stderr
                .contains(&format!("tidyup history --forget {newer}")),
        "{named}"
    );

    // Forgotten, it leaves the history; `undo --all` has nothing to pass over.
    let forget = tidyup(data.path())
        .args(["history", "--forget", &newer, "--lang", "en"])
        .run_blocking();
    assert_eq!(forget.code(), 0, "{forget}");
    assert!(
        forget
            .stdout
            .starts_with(&format!("Forgot session {newer}")),
        "{forget}"
    );
    let history = tidyup(data.path())
        .args(["history", "--lang", "en"])
        .run_blocking();
    assert!(!history.stdout.contains(&newer), "{history}");
    assert!(history.stdout.contains(&older), "{history}");
    let all = tidyup(data.path())
        .args(["undo", "--all", "--lang", "en"])
        .run_blocking();
    assert!(!all.stdout.contains("Passed over"), "{all}");

    // A name that is no session (nor a path out of the journal) is refused.
    let stray = tidyup(data.path())
        .args(["history", "--forget", "../config", "--lang", "en"])
        .run_blocking();
    assert_eq!(stray.code(), 1, "{stray}");
}

#[test]
fn undo_all_passes_over_a_gone_folder_and_undoes_the_rest() {
    let data = tempfile::tempdir().unwrap();
    let Sessions {
        kept,
        before,
        older,
        newer,
    } = two_sessions(data.path());

    let all = tidyup(data.path())
        .args(["undo", "--all", "--since", "1d", "--lang", "en"])
        .run_blocking();
    assert_eq!(all.code(), 0, "{all}");
    let passed = (all.stdout.lines())
        .filter(|line| line.starts_with("Passed over session "))
        .collect::<Vec<_>>();
    assert_eq!(passed.len(), 1, "{all}");
    assert!(passed[0].contains(&newer), "{all}");
    assert!(
        all.stdout.contains(&format!("Undoing session {older} in ")),
        "{all}"
    );
    assert_eq!(tree_of(kept.path()), before, "{all}");
}

#[test]
fn an_undo_of_a_watched_folder_is_refused_while_the_watch_runs() {
    let data = tempfile::tempdir().unwrap();
    let (dir, _) = target_dir();
    write(dir.path(), "notes.txt", b"notes");
    write(dir.path(), "photo.png", b"png");
    organize(data.path(), dir.path());
    let organized = tree_of(dir.path());

    let watch = Watch::start(dir.path(), data.path(), &["--settle", "0.3"]);
    let undo = tidyup(data.path())
        .args(["undo", "--lang", "en"])
        .run_blocking();
    assert_eq!(undo.code(), 1, "{undo}");
    assert!(
        undo.stderr.contains(&format!("(process {})", watch.pid()))
            && undo
                .stderr
                .contains("would file the restored files again; stop it first"),
        "{undo}"
    );
    assert_eq!(tree_of(dir.path()), organized, "nothing was put back");
    let (status, _, _) = watch.terminate();
    assert_eq!(status.code(), Some(0));

    // Stopped, the undo runs; started again, the watch leaves the restored
    // files where they are.
    let undo = tidyup(data.path())
        .args(["undo", "--lang", "en"])
        .run_blocking();
    assert_eq!(undo.code(), 0, "{undo}");
    assert!(dir.path().join("notes.txt").exists(), "{undo}");
}
