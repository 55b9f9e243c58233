//! Related files moved as one on a real folder, and `undo` putting every
//! member back exactly: a film with its subtitles, a saved page with its
//! folder, a split archive, a RAW+JPEG pair with its sidecar; a project
//! folder is left whole.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use std::io::Write;

use tidyup_test_kit::e2e::*;

/// Runs tidyup offline with `args` and `stdin` in a cleared environment.
fn run(home: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(tidyup_binary())
        .args(args)
        .args(["--lang", "en"])
        .env_clear()
        .env("HOME", home)
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("TIDYUP_DATA_DIR", home.join("data"))
        .env("TIDYUP_CACHE_DIR", home.join("cache"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tidyup starts");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(stdin.as_bytes()).expect("stdin written");
    drop(input);
    child.wait_with_output().expect("tidyup ends")
}

#[test]
fn a_group_moved_as_one_is_put_back_exactly_by_undo() {
    let home = tempfile::tempdir().unwrap();
    let folder = home.path().join("Downloads");
    for (path, contents) in [
        ("Film 2024.mp4", "film"),
        ("Film 2024.en.srt", "subtitles"),
        ("Saved Page.html", "<html>"),
        ("Saved Page_files/style.css", "css"),
        ("x.zip.001", "part 1"),
        ("x.zip.002", "part 2"),
        ("IMG_0001.JPG", "jpeg"),
        ("IMG_0001.CR2", "raw"),
        ("IMG_0001.xmp", "xmp"),
        ("tool/Cargo.toml", "[package]"),
        ("tool/notes.txt", "inside a project"),
    ] {
        let path = folder.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, contents).unwrap();
    }
    let before = tree_of(&folder);
    let desk = folder.to_str().unwrap();
    let out = run(
        home.path(),
        &["--provider", "offline", desk],
        "organize\nyes\nquit\n",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("Projects left whole: tool"), "{stdout}");
    for path in [
        "Videos/Film 2024.mp4",
        "Videos/Film 2024.en.srt",
        "Code/Saved Page.html",
        "Code/Saved Page_files/style.css",
        "Archives/x.zip.001",
        "Archives/x.zip.002",
        "Images/IMG_0001.JPG",
        "Images/IMG_0001.CR2",
        "Images/IMG_0001.xmp",
        "tool/Cargo.toml",
        "tool/notes.txt",
    ] {
        assert!(folder.join(path).is_file(), "{path}: {stdout}");
    }
    let undone = run(home.path(), &["undo"], "");
    assert!(
        undone.status.success(),
        "{}",
        String::from_utf8_lossy(&undone.stderr)
    );
    assert_eq!(tree_of(&folder), before, "undo put every member back");
}
