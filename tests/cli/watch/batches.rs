//! Arrivals that settle close together are one batch: one journaled
//! session, one `history` entry, one line counting the files it moved.

use std::thread;
use std::time::Duration;

use tidyup_test_kit::e2e::target_dir;

use super::{Watch, tidyup, write};

#[test]
fn arrivals_a_few_at_a_time_are_one_batch_with_one_line_counting_them() {
    let (dir, _) = target_dir();
    let data = tempfile::tempdir().unwrap();
    // Arrivals at most about a second apart, a grouping interval of four:
    // one batch even on a slow machine.
    let mut watch = Watch::start(
        dir.path(),
        data.path(),
        &["--settle", "0.3", "--group", "4"],
    );
    let names = [
        ["a.pdf", "b.pdf", "c.jpg"],
        ["d.mp3", "e.zip", "f.txt"],
        ["g.png", "h.docx", "i.csv"],
    ];
    for (round, three) in names.iter().enumerate() {
        if round > 0 {
            thread::sleep(Duration::from_millis(700));
        }
        for name in three {
            write(dir.path(), name, name.as_bytes());
        }
    }
    let line = watch.expect_error(&["9 files moved"]);
    assert!(line.contains("-watch"), "names its session: {line}");
    let (status, _, lines) = watch.terminate();
    assert_eq!(status.code(), Some(0));
    assert_eq!(lines.len(), 9, "a line per move: {lines:?}");
    assert!(dir.path().join("Images/c.jpg").exists());

    let history = tidyup(data.path())
        .args(["history", "--lang", "en"])
        .run_blocking();
    let batches: Vec<&str> = history.stdout.lines().collect();
    assert_eq!(batches.len(), 1, "one entry: {history}");
    assert!(batches[0].contains("9 moved"), "{history}");

    let undo = tidyup(data.path())
        .args(["undo", "--watch", "--lang", "en"])
        .run_blocking();
    assert_eq!(undo.code(), 0, "{undo}");
    for name in names.iter().flatten() {
        assert!(dir.path().join(name).exists(), "{name} back: {undo}");
    }
}

#[test]
fn a_batch_of_one_counts_one_file_in_chinese_too() {
    let (dir, _) = target_dir();
    let data = tempfile::tempdir().unwrap();
    let mut watch = Watch::start(
        dir.path(),
        data.path(),
        &["--settle", "0.3", "--group", "0.2"],
    );
    write(dir.path(), "report.pdf", b"numbers");
    watch.expect_error(&["1 file moved"]);
    let (status, _, _) = watch.terminate();
    assert_eq!(status.code(), Some(0));

    let (dir, _) = target_dir();
    let (mut child, _sandbox) = tidyup(data.path())
        .args(["watch", "--settle", "0.3", "--group", "0.2", "--lang", "zh"])
        .arg(dir.path())
        .spawn();
    let errors = super::read_lines(child.stderr.take().unwrap(), true);
    let mut seen = Vec::new();
    super::wait_for(&errors, &mut seen, "stderr", |line| {
        line.contains("正在监视")
    });
    write(dir.path(), "report.pdf", b"numbers");
    super::wait_for(&errors, &mut seen, "stderr", |line| {
        line.contains("移动了 1 个文件")
    });
    super::signal(&child.id().to_string(), "TERM");
    assert_eq!(child.wait().unwrap().code(), Some(0));
}
