//! The rehearsal, natively: a file system over another that records its
//! changes and reads through as they would leave it, never changing the
//! one beneath.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use tidyup_core::{BatchMove, ErrorCode, FileSystem, FileSystemExt, Rehearsal, RehearsedMove};
use tidyup_test_kit::{MemFs, TARGET};

fn at(path: &str) -> String {
    format!("{TARGET}/{path}")
}

fn names(files: &mut dyn FileSystem, dir: &str) -> Vec<String> {
    let mut names: Vec<String> = files
        .list(&at(dir))
        .unwrap()
        .into_iter()
        .map(|e| e.name)
        .collect();
    names.sort();
    names
}

#[test]
fn moves_are_recorded_and_read_back_and_nothing_beneath_changes() {
    let mut fs = MemFs::new()
        .file("a.jpg", "a")
        .file("b.jpg", "b")
        .file("Page.html", "page")
        .file("Page_files/style.css", "css");
    let before = fs.snapshot();
    let mut rehearsal = Rehearsal::new(&mut fs);
    rehearsal.create_dir_all(&at("Images/2024")).unwrap();
    rehearsal
        .rename(&at("a.jpg"), &at("Images/2024/a.jpg"))
        .unwrap();
    // A folder moved: what is in it is found at its new place.
    rehearsal.create_dir_all(&at("Web")).unwrap();
    rehearsal
        .rename(&at("Page_files"), &at("Web/Page_files"))
        .unwrap();
    assert_eq!(
        names(&mut rehearsal, ""),
        ["Images", "Page.html", "Web", "b.jpg"]
    );
    assert_eq!(names(&mut rehearsal, "Images/2024"), ["a.jpg"]);
    assert_eq!(names(&mut rehearsal, "Web/Page_files"), ["style.css"]);
    assert!(rehearsal.stat(&at("a.jpg")).unwrap().is_none());
    let moved = rehearsal.stat(&at("Images/2024/a.jpg")).unwrap().unwrap();
    assert_eq!((moved.name.as_str(), moved.size), ("a.jpg", 1));
    let sample = rehearsal
        .read_bytes(&at("Web/Page_files/style.css"), 10, 0)
        .unwrap();
    assert_eq!(sample.head, b"css");
    // Moved again: one item, its first place and its last.
    rehearsal
        .rename(&at("Images/2024/a.jpg"), &at("a2.jpg"))
        .unwrap();
    assert_eq!(
        rehearsal.take_moves().last(),
        Some(&RehearsedMove {
            from: at("Images/2024/a.jpg"),
            to: at("a2.jpg"),
            size: 1
        })
    );
    drop(rehearsal);
    assert_eq!(fs.snapshot(), before);
}

#[test]
fn a_batch_never_replaces_and_answers_each_move() {
    let mut fs = MemFs::new()
        .file("a.txt", "a")
        .file("b.txt", "b")
        .dir("Docs");
    let mut rehearsal = Rehearsal::new(&mut fs);
    let step = |from: &str, to: &str| BatchMove {
        from: at(from),
        to: at(to),
    };
    let results = rehearsal
        .move_batch(&[
            step("a.txt", "Docs/a.txt"),
            step("b.txt", "Docs/a.txt"),
            step("gone.txt", "Docs/gone.txt"),
            step("b.txt", "Docs/b.txt"),
        ])
        .unwrap();
    let codes: Vec<Option<ErrorCode>> = results
        .iter()
        .map(|r| r.as_ref().err().map(|e| e.code.clone()))
        .collect();
    assert_eq!(
        codes,
        [
            None,
            Some(ErrorCode::AlreadyExists),
            Some(ErrorCode::NotFound),
            None
        ]
    );
    assert_eq!(names(&mut rehearsal, "Docs"), ["a.txt", "b.txt"]);
    assert_eq!(names(&mut rehearsal, ""), ["Docs"]);
    assert_eq!(rehearsal.take_moves().len(), 2);
    // A folder it made and left empty is removed again.
    rehearsal.create_dir_all(&at("Empty")).unwrap();
    rehearsal.remove_dir_all(&at("Empty")).unwrap();
    assert_eq!(names(&mut rehearsal, ""), ["Docs"]);
}
