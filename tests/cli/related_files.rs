//! Related files moved as one on a real folder, and `undo` putting every
//! member back exactly: a film with its subtitles, a saved page with its
//! folder, a split archive, a RAW+JPEG pair with its sidecar; a project
//! folder is left whole.

use std::path::Path;

use tidyup_test_kit::e2e::*;

/// Runs tidyup with `args` and `stdin`, its data kept in `data` across runs.
fn run(data: &Path, args: &[&str], stdin: &str) -> Outcome {
    Tidyup::bare()
        .args(args)
        .args(["--lang", "en"])
        .env("TIDYUP_DATA_DIR", &data.display().to_string())
        .stdin(stdin)
        .run_blocking()
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
    let data = home.path().join("data");
    let out = run(
        &data,
        &["--provider", "offline", desk],
        "organize\nyes\nquit\n",
    );
    let stdout = &out.stdout;
    out.assert_clean_exit();
    assert!(stdout.contains("Projects left whole: tool"), "{stdout}");
    for path in [
        "Videos/Film 2024.mp4",
        "Videos/Film 2024.en.srt",
        "Documents/Saved Page.html",
        "Documents/Saved Page_files/style.css",
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
    let undone = run(&data, &["undo"], "");
    undone.assert_clean_exit();
    assert_eq!(tree_of(&folder), before, "undo put every member back");
}
