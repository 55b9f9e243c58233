//! The plan shown is the plan carried out, on a large folder, natively in
//! both languages: every line of `show`'s page (`from → to`) is a move the
//! go-ahead makes, and it makes no other. The folder holds what a page
//! read from the listing got wrong: a photo whose kind only its bytes tell,
//! photos whose names carry their dates for a request by date, copies,
//! and films with their subtitles.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::{BTreeMap, BTreeSet};

use tidyup_core::Lang;
use tidyup_test_kit::{MTIME, MemFs, Snap, TARGET, converse};

/// The JPEG signature: a file named without an extension is a photo by it.
const JPEG: &[u8] = &[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F', b'I', b'F', 0];

/// A folder above the large-folder limit, every file's contents its own.
fn folder() -> MemFs {
    let mut fs = MemFs::new();
    for i in 0..180 {
        let year = 2021 + i % 5;
        let name = format!("IMG_{year}0{}1{}_101112.jpg", 1 + i % 9, i % 10);
        let name = format!("{}-{i}.jpg", name.trim_end_matches(".jpg"));
        fs = fs.file_with(&name, &format!("photo {i}"), 100 + i as u64, MTIME);
    }
    for i in 0..30 {
        fs = fs.file_with(&format!("scan {i:02}.pdf"), &format!("scan {i}"), 50, MTIME);
    }
    fs = fs.file_with("scan 00 (1).pdf", "scan 0", 50, MTIME);
    for i in 0..5 {
        fs = fs
            .file_with(&format!("film {i}.mkv"), &format!("film {i}"), 900, MTIME)
            .file_with(&format!("film {i}.srt"), &format!("subs {i}"), 9, MTIME);
    }
    let mut photo = JPEG.to_vec();
    photo.extend_from_slice(b"from a chat");
    fs.file_bytes("photo from chat", &photo).dir("Projects")
}

/// The `(from, to)` of every line of a page that moves a file, relative to
/// the target (a copy's line ends with a note in brackets).
fn shown_moves(page: &str) -> BTreeSet<(String, String)> {
    page.lines()
        .filter_map(|line| line.strip_prefix("  ")?.split_once(" → "))
        .map(|(from, to)| {
            let to = to.split(" (same bytes as ").next().unwrap();
            let to = to.split("（与").next().unwrap();
            (from.to_owned(), to.to_owned())
        })
        .collect()
}

/// The moves that turned `before` into `after`, each file known by its
/// contents, relative to the target.
fn made_moves(
    before: &BTreeMap<String, Snap>,
    after: &BTreeMap<String, Snap>,
) -> BTreeSet<(String, String)> {
    let relative = |path: &str| {
        path.trim_start_matches(TARGET)
            .trim_start_matches('/')
            .to_owned()
    };
    let mut at: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (path, snap) in before {
        if let Snap::File(contents, _) = snap {
            at.entry(contents.clone()).or_default().push(relative(path));
        }
    }
    let mut moves = BTreeSet::new();
    for (path, snap) in after {
        let Snap::File(contents, _) = snap else {
            continue;
        };
        let now = relative(path);
        let was = &at[contents];
        if !was.contains(&now) {
            // Of two copies, the one no longer where it was moved, by its
            // name when it kept it.
            let gone: Vec<&String> = (was.iter())
                .filter(|w| !after.contains_key(&format!("{TARGET}/{w}")))
                .collect();
            let name = now.rsplit('/').next().unwrap();
            let from = (gone.iter())
                .find(|w| w.rsplit('/').next() == Some(name))
                .or(gone.first());
            moves.insert(((*from.unwrap()).clone(), now));
        }
    }
    moves
}

#[test]
fn every_line_shown_is_a_move_made_and_no_other_is_made() {
    let requests = [
        (Lang::En, "organize", "show", "yes"),
        (Lang::En, "sort my photos by date", "show", "yes"),
        (Lang::Zh, "整理", "显示", "好"),
        (Lang::Zh, "照片按日期整理", "显示", "好"),
    ];
    for (lang, request, show, yes) in requests {
        let mut fs = folder();
        let before = fs.snapshot();
        let (_, events, _) = converse(lang, &mut fs, &[request, show, yes]);
        let page = events.pages().concat();
        let shown = shown_moves(&page);
        let made = made_moves(&before, &fs.snapshot());
        let missing: Vec<_> = shown.difference(&made).take(10).collect();
        let extra: Vec<_> = made.difference(&shown).take(10).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{lang:?} {request}: shown, not made: {missing:?}\nmade, not shown: {extra:?}\n{page}"
        );
        assert!(shown.len() > 150, "{request}: {}", shown.len());
    }
}
