//! Files in use stay where they are and every common kind has its folder,
//! whatever path organizes: the offline planner on a small folder (a move
//! per file) and on a large one (the bulk tools), in both languages; and a
//! model's own `move_file` on a file in use is told so.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::BTreeMap;

use pretty_assertions::assert_eq;
use serde_json::json;
use tidyup_core::{Category, Lang, Outcome, folder_name, kind};
use tidyup_test_kit::{MemFs, Snap, converse, run_tool_value};

/// Downloads still being written: Chrome's (named and not yet named),
/// Firefox's `.part` with its empty placeholder, a torrent's, Thunder's.
const DOWNLOADING: [&str; 6] = [
    "big-download.zip.crdownload",
    "Unconfirmed 123456.crdownload",
    "movie.mp4.part",
    "movie.mp4",
    "film.mkv.!qB",
    "电影.mp4.xltd",
];
/// Lock files of open documents.
const LOCKS: [&str; 2] = ["~$thesis draft v3.docx", "#notes.org#"];
/// A folder's own system files.
const SYSTEM: [&str; 2] = ["desktop.ini", "Thumbs.db"];

/// Files a person recognizes that the spec's table calls 其他.
const KINDS: [&str; 16] = [
    "IMG_3100.HEIC",
    "clip.webm",
    "node-v22.11.0.pkg",
    "Obsidian-1.7.7.AppImage",
    "notes.odt",
    "book - Dune.epub",
    "TODO.md",
    "slides.key",
    "data.numbers",
    "DSC_0001.NEF",
    "IMG_0002.CR2",
    "linux-6.8.tar.xz",
    "Teams.msix",
    "app-release.apk",
    "Inter.ttf",
    "song.opus",
];

/// A picture whose name says nothing: its bytes are a PNG's.
const PNG_NAME: &str = "photo from chat";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0\x90wS\xde";

fn in_use() -> impl Iterator<Item = &'static str> {
    DOWNLOADING.into_iter().chain(LOCKS).chain(SYSTEM)
}

/// A folder of the files above and `extra` photos, a thesis beside its
/// lock file, and the PNG without an extension.
fn folder(extra: usize) -> MemFs {
    let photos = (0..extra).map(|i| (format!("IMG_{i:04}.HEIC"), 1000, tidyup_test_kit::MTIME));
    let mut fs = MemFs::new()
        .file("thesis draft v3.docx", "the thesis")
        .file_bytes(PNG_NAME, PNG)
        .files_with(photos);
    for name in in_use().chain(KINDS) {
        let contents = if name == "movie.mp4" { "" } else { name };
        fs = fs.file(name, contents);
    }
    fs
}

/// The tree after organizing: files in use where they were, every other
/// loose file in its kind's folder.
fn organized(before: &BTreeMap<String, Snap>, lang: Lang) -> BTreeMap<String, Snap> {
    let mut after = BTreeMap::new();
    for (name, snap) in before {
        if name.contains('/') || in_use().any(|busy| busy == name) {
            after.insert(name.clone(), snap.clone());
            continue;
        }
        let category = if name == PNG_NAME {
            Category::Images
        } else {
            kind(name)
        };
        assert_ne!(category, Category::Other, "{name} has a kind");
        let folder = folder_name(category.name(), lang);
        after.insert(folder.to_owned(), Snap::Dir);
        after.insert(format!("{folder}/{name}"), snap.clone());
    }
    after
}

/// What the plan says it leaves alone, in `lang`.
fn left_lines(lang: Lang) -> [&'static str; 3] {
    match lang {
        Lang::En => [
            "6 downloads in progress left where they are",
            "2 lock files of open documents left where they are",
            "2 system files of the folder left where they are",
        ],
        Lang::Zh => [
            "6 个正在下载的文件保持不动",
            "2 个打开的文档的锁文件保持不动",
            "2 个文件夹的系统文件保持不动",
        ],
    }
}

fn organize_and_check(extra: usize) {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = folder(extra);
        let before = fs.snapshot();
        let (outcomes, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        assert_eq!(outcomes, [Outcome::Answered, Outcome::Answered]);
        assert_eq!(fs.snapshot(), organized(&before, lang), "{lang:?}");
        let plan = &events.answers()[0];
        for line in left_lines(lang) {
            assert!(plan.contains(line), "{lang:?}: {line:?} in\n{plan}");
        }
    }
}

#[test]
fn a_small_folder_leaves_files_in_use_and_gives_every_kind_its_folder() {
    organize_and_check(0);
}

#[test]
fn a_large_folder_leaves_files_in_use_and_gives_every_kind_its_folder() {
    organize_and_check(250);
}

#[test]
fn move_file_on_a_file_in_use_moves_it_and_says_so() {
    for (lang, note) in [
        (
            Lang::En,
            "Note: it looks in use (a download still in progress).",
        ),
        (Lang::Zh, "注意：它看起来正在使用中（下载尚未完成）。"),
    ] {
        let mut fs = MemFs::new()
            .file("big.zip.crdownload", "half")
            .file("report.pdf", "done");
        let busy = run_tool_value(
            &mut fs,
            lang,
            "move_file",
            json!({ "source": "big.zip.crdownload", "destination": "Later/big.zip.crdownload" }),
        );
        let ordinary = run_tool_value(
            &mut fs,
            lang,
            "move_file",
            json!({ "source": "report.pdf", "destination": "Later/report.pdf" }),
        );
        assert!(fs.exists("Later/big.zip.crdownload"));
        assert!(busy.ends_with(note), "{busy}");
        assert!(!ordinary.contains(note), "{ordinary}");
        let plain = busy.strip_suffix(note).unwrap().trim_end();
        assert_eq!(plain, ordinary.replace("report.pdf", "big.zip.crdownload"));
    }
}

#[test]
fn the_bulk_tools_never_take_a_file_in_use() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = MemFs::new()
            .file("a.zip", "same bytes")
            .file("a (1).zip.part", "same bytes")
            .file("b.zip.crdownload", "other")
            .file("~$c.docx", "lock")
            .file("c.docx", "doc");
        let duplicates = run_tool_value(&mut fs, lang, "find_duplicates", json!({ "path": "." }));
        assert!(!duplicates.contains("a (1).zip.part"), "{duplicates}");
        let summary = run_tool_value(&mut fs, lang, "summarize_folder", json!({ "path": "." }));
        let samples = summary.split_once('\n').unwrap().1;
        assert!(!samples.contains("文档: ~$c.docx"), "{summary}");
        run_tool_value(
            &mut fs,
            lang,
            "move_matching",
            json!({ "path": ".", "pattern": "*", "destination": "All" }),
        );
        run_tool_value(
            &mut fs,
            lang,
            "move_by_type",
            json!({ "path": ".", "category": "文档", "destination": "Docs" }),
        );
        for stays in ["a (1).zip.part", "b.zip.crdownload", "~$c.docx"] {
            assert!(fs.exists(stays), "{stays} stays");
        }
        assert!(fs.exists("All/a.zip") && fs.exists("All/c.docx"));
    }
}

#[test]
fn move_by_type_and_summarize_folder_know_a_kind_by_its_bytes() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = MemFs::new()
            .file_bytes(PNG_NAME, PNG)
            .file("IMG_1.HEIC", "heic")
            .file("notes", "words");
        let summary = run_tool_value(&mut fs, lang, "summarize_folder", json!({ "path": "." }));
        assert!(summary.contains("  图片: 2 ("), "{summary}");
        run_tool_value(
            &mut fs,
            lang,
            "move_by_type",
            json!({ "path": ".", "category": "图片", "destination": "Pictures" }),
        );
        assert!(fs.exists(&format!("Pictures/{PNG_NAME}")));
        assert!(fs.exists("Pictures/IMG_1.HEIC"));
        assert!(fs.exists("notes"), "no kind: stays");
    }
}
