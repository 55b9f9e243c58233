//! The fake world itself behaves like a file system, so the other tests mean
//! what they say.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use tidyup_core::ErrorCode;
use tidyup_core::{EntryKind, FileSystemExt};
use tidyup_test_kit::{MemFs, Op, Snap, TARGET, in_target};

#[test]
fn stat_does_not_follow_a_final_symlink() {
    let mut fs = MemFs::new().dir("real").symlink("link", "real");
    assert_eq!(
        fs.stat(&in_target("link")).unwrap().unwrap().kind,
        EntryKind::Symlink
    );
    assert_eq!(
        fs.stat(&in_target("real")).unwrap().unwrap().kind,
        EntryKind::Dir
    );
    assert_eq!(fs.stat(&in_target("nothing")).unwrap(), None);
    assert_eq!(fs.stat(&in_target("nothing/below")).unwrap(), None);
}

#[test]
fn list_returns_children_only() {
    let mut fs = MemFs::new().file("a/b/c.txt", "c").file("a/d.txt", "dd");
    let mut names: Vec<(String, EntryKind, u64)> = fs
        .list(&in_target("a"))
        .unwrap()
        .into_iter()
        .map(|e| (e.name, e.kind, e.size))
        .collect();
    names.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        names,
        [
            ("b".to_owned(), EntryKind::Dir, 0),
            ("d.txt".to_owned(), EntryKind::File, 2)
        ]
    );
    assert_eq!(
        fs.list(&in_target("missing")).unwrap_err().code,
        ErrorCode::NotFound
    );
    assert_eq!(
        fs.list(&in_target("a/d.txt")).unwrap_err().code,
        ErrorCode::NotADirectory
    );
}

#[test]
fn rename_like_the_os() {
    let mut fs = MemFs::new().file("a", "A").file("b", "B").dir("d");
    fs.rename(&in_target("a"), &in_target("b")).unwrap();
    assert_eq!(fs.snapshot().get("b"), Some(&Snap::File("A".to_owned(), 1)));
    assert!(!fs.exists("a"));
    let err = fs
        .rename(&in_target("b"), &in_target("missing/b"))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotFound);
    assert_eq!(
        fs.rename(&in_target("ghost"), &in_target("x"))
            .unwrap_err()
            .code,
        ErrorCode::NotFound
    );
    assert_eq!(
        fs.rename(&in_target("b"), &in_target("d"))
            .unwrap_err()
            .code,
        ErrorCode::Other("is_a_directory".to_owned())
    );
    assert_eq!(
        fs.rename(&in_target("d"), &in_target("d/inner"))
            .unwrap_err()
            .code,
        ErrorCode::Other("invalid_input".to_owned())
    );
    fs.rename(&in_target("b"), &in_target("b")).unwrap();
    assert!(fs.exists("b"));
}

#[test]
fn directories_are_created_and_removed_whole() {
    let mut fs = MemFs::new().file("f", "x");
    fs.create_dir_all(&in_target("x/y/z")).unwrap();
    fs.create_dir_all(&in_target("x/y")).unwrap();
    assert_eq!(
        fs.create_dir_all(&in_target("f/g")).unwrap_err().code,
        ErrorCode::AlreadyExists
    );
    assert!(fs.exists("x/y/z"));
    fs.remove_dir_all(&in_target("x")).unwrap();
    assert!(!fs.exists("x/y/z") && !fs.exists("x"));
    assert_eq!(
        fs.remove_file(&in_target("missing")).unwrap_err().code,
        ErrorCode::NotFound
    );
    fs.create_dir_all(&in_target("e")).unwrap();
    assert_eq!(
        fs.remove_file(&in_target("e")).unwrap_err().code,
        ErrorCode::Other("is_a_directory".to_owned())
    );
    assert_eq!(
        fs.remove_dir_all(&in_target("f")).unwrap_err().code,
        ErrorCode::NotADirectory
    );
    assert_eq!(
        fs.snapshot().into_iter().collect::<Vec<_>>(),
        [
            ("e".to_owned(), Snap::Dir),
            ("f".to_owned(), Snap::File("x".to_owned(), 1))
        ]
    );
}

#[test]
fn injected_failures_hit_only_their_paths_and_ops() {
    let mut fs = MemFs::new()
        .file("locked/a", "a")
        .file("open/b", "b")
        .fail(&[Op::RemoveFile], "locked");
    let err = fs.remove_file(&in_target("locked/a")).unwrap_err();
    assert_eq!(err.code, ErrorCode::PermissionDenied);
    assert!(fs.stat(&in_target("locked/a")).unwrap().is_some());
    fs.remove_file(&in_target("open/b")).unwrap();
    let mut fs = fs.fail(&Op::ALL, "/");
    assert_eq!(
        fs.stat(TARGET).unwrap_err().code,
        ErrorCode::PermissionDenied
    );
}

#[test]
fn paths_are_normalized() {
    let mut fs = MemFs::new().file("a/b.txt", "b");
    let dotted = format!("{TARGET}/./a/../a//b.txt/");
    assert_eq!(fs.stat(&dotted).unwrap().unwrap().name, "b.txt");
}
