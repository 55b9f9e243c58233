//! Arrivals are organized once settled, partial downloads and excluded
//! files stay, SIGTERM ends the watch cleanly, each batch is a session
//! `tidyup undo --watch` reverses, and a second watch of the same folder is
//! refused.

use std::io::Write;
use std::thread;
use std::time::Duration;

use tidyup_test_kit::e2e::target_dir;

use super::{Watch, tidyup, write};

#[test]
fn arrivals_are_organized_copies_set_aside_and_the_batch_undone() {
    let (dir, _) = target_dir();
    let data = tempfile::tempdir().unwrap();
    write(dir.path(), "already-here.pdf", b"old");
    let mut watch = Watch::start(dir.path(), data.path(), &["--settle", "0.3"]);
    write(dir.path(), "report.pdf", b"quarterly numbers");
    watch.expect_line("report.pdf → Documents/report.pdf");
    write(dir.path(), "report (1).pdf", b"quarterly numbers");
    watch.expect_line("report (1).pdf → Duplicates/report (1).pdf");
    write(dir.path(), "photo.jpg", b"jpeg");
    watch.expect_line("photo.jpg → Images/photo.jpg");
    let (status, took, lines) = watch.terminate();
    assert_eq!(status.code(), Some(0));
    assert!(took < Duration::from_secs(2), "took {took:?} to stop");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(dir.path().join("already-here.pdf").exists());
    assert!(dir.path().join("Duplicates/report (1).pdf").exists());

    let history = tidyup(data.path()).arg("history").run_blocking();
    assert!(history.stdout.contains("-watch"), "{}", history.stdout);
    let undo = tidyup(data.path()).args(["undo", "--watch"]).run_blocking();
    assert_eq!(undo.code(), 0, "{}{}", undo.stdout, undo.stderr);
    assert!(dir.path().join("photo.jpg").exists());
    assert!(!dir.path().join("Images").exists());
    assert!(dir.path().join("Documents/report.pdf").exists());
}

#[test]
fn a_file_written_slowly_is_moved_only_once_whole() {
    let (dir, _) = target_dir();
    let data = tempfile::tempdir().unwrap();
    let mut watch = Watch::start(dir.path(), data.path(), &["--settle", "0.6"]);
    let path = dir.path().join("big.zip");
    let mut file = std::fs::File::create(&path).unwrap();
    for _ in 0..8 {
        file.write_all(&[7u8; 4096]).unwrap();
        file.flush().unwrap();
        thread::sleep(Duration::from_millis(200));
        assert!(path.exists(), "moved while still being written");
    }
    drop(file);
    watch.expect_line("big.zip → Archives/big.zip");
    let moved = std::fs::metadata(dir.path().join("Archives/big.zip")).unwrap();
    assert_eq!(moved.len(), 8 * 4096);
}

#[test]
fn partial_downloads_lock_hidden_and_excluded_files_stay() {
    let (dir, _) = target_dir();
    let data = tempfile::tempdir().unwrap();
    write(dir.path(), ".tidyup.toml", b"exclude = [\"keep-*\"]\n");
    let mut watch = Watch::start(dir.path(), data.path(), &["--settle", "0.3"]);
    let stay = [
        "movie.mp4.part",
        "setup.exe.crdownload",
        "song.mp3.download",
        "data.partial",
        "scratch.tmp",
        "~$letter.docx",
        ".secret.pdf",
        "keep-me.pdf",
    ];
    for name in stay {
        write(dir.path(), name, b"in progress");
    }
    thread::sleep(Duration::from_millis(500));
    write(dir.path(), "done.pdf", b"finished");
    watch.expect_line("done.pdf → Documents/done.pdf");
    thread::sleep(Duration::from_millis(800));
    let (status, _, lines) = watch.terminate();
    assert_eq!(status.code(), Some(0));
    assert_eq!(lines.len(), 1, "{lines:?}");
    for name in stay {
        assert!(dir.path().join(name).exists(), "{name} was moved");
    }
}

#[test]
fn files_there_at_the_start_are_organized_only_with_now_and_polling_works() {
    let (dir, _) = target_dir();
    let data = tempfile::tempdir().unwrap();
    write(dir.path(), "old.pdf", b"old");
    let mut watch = Watch::start(
        dir.path(),
        data.path(),
        &["--settle", "0.3", "--poll", "0.2", "--now"],
    );
    watch.expect_line("old.pdf → Documents/old.pdf");
    write(dir.path(), "new.txt", b"new");
    watch.expect_line("new.txt → Documents/new.txt");
    let (status, _, _) = watch.terminate();
    assert_eq!(status.code(), Some(0));
}

#[test]
fn a_second_watch_of_the_same_folder_is_refused() {
    let (dir, _) = target_dir();
    let data = tempfile::tempdir().unwrap();
    let watch = Watch::start(dir.path(), data.path(), &[]);
    let second = tidyup(data.path())
        .arg("watch")
        .arg(dir.path())
        .args(["--lang", "en"])
        .run_blocking();
    assert_eq!(second.code(), 1);
    assert!(
        second.stderr.contains("another `tidyup watch`")
            && second.stderr.contains("is already keeping"),
        "{}",
        second.stderr
    );
    let (status, _, _) = watch.terminate();
    assert_eq!(status.code(), Some(0));
}
