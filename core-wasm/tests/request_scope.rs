//! A plain request does what it names, and only that, natively, in both
//! languages, on a small folder (a line per file) and on one too large to
//! list whole (the bulk tools): the files of kinds it does not name stay
//! where they are unless it says "the rest"; copies are set aside only by
//! a request for the whole folder; a folder the user has is filled, in
//! whatever letter case; the plan's first line says what was read, and
//! what the request did not name is told apart from what it left out.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::BTreeMap;

use tidyup_core::{Lang, Outcome, folder_name};
use tidyup_test_kit::{MTIME, MemFs, Snap, converse};

/// 2023-07-01 00:00 UTC.
const JULY_2023: i64 = 1_688_169_600;

/// A small Downloads: photos, PDFs, a Word file and its copy, music, a
/// film with its subtitles.
fn small_folder() -> MemFs {
    MemFs::new()
        .file_with("IMG_0001.jpg", "a photo", 7, JULY_2023)
        .file_with("IMG_0002.jpg", "another photo", 13, JULY_2023)
        .file_with("paper.pdf", "a paper", 7, MTIME)
        .file_with("Thesis.PDF", "a thesis", 8, MTIME)
        .file_with("notes.docx", "notes", 5, MTIME)
        .file_with("notes (1).docx", "notes", 5, MTIME + 60)
        .file_with("song.mp3", "a song", 6, MTIME)
        .file_with("film.mkv", "a film", 6, MTIME)
        .file_with("film.srt", "subtitles", 9, MTIME)
}

/// A Downloads too large to list whole (331 entries): photos of 2023,
/// PDFs, Word files (five with a copy), music, films with subtitles, and
/// a script named like a screenshot.
fn large_folder() -> MemFs {
    let mut files: Vec<(String, u64, i64)> = Vec::new();
    let mut size = 100;
    let mut add = |name: String, mtime| {
        size += 1;
        files.push((name, size, mtime));
    };
    for i in 0..120 {
        add(format!("IMG_{i:04}.jpg"), JULY_2023);
    }
    for i in 0..40 {
        add(format!("Screenshot {i:03}.png"), MTIME);
    }
    for i in 0..60 {
        add(format!("paper {i:03}.pdf"), MTIME);
    }
    for i in 0..30 {
        add(format!("letter {i:03}.docx"), MTIME);
    }
    for i in 0..50 {
        add(format!("track {i:03}.mp3"), MTIME);
    }
    for i in 0..10 {
        add(format!("film {i:02}.mkv"), MTIME);
        add(format!("film {i:02}.srt"), MTIME);
    }
    add("screenshot_tool.py".to_owned(), MTIME);
    let copies = (0..5).fold(MemFs::new(), |fs, i| {
        let contents = format!("report {i}");
        fs.file_with(&format!("report {i}.docx"), &contents, 8, MTIME)
            .file_with(&format!("report {i} (1).docx"), &contents, 8, MTIME + 60)
    });
    copies.files_with(files)
}

/// Where each loose file of `before` is after (`None`: it stayed).
fn moved(before: &BTreeMap<String, Snap>, fs: &MemFs) -> BTreeMap<String, Option<String>> {
    let after = fs.snapshot();
    before
        .iter()
        .filter(|(name, snap)| matches!(snap, Snap::File(..)) && !name.contains('/'))
        .map(|(name, _)| {
            let place = after
                .keys()
                .find(|path| path.rsplit('/').next() == Some(name.as_str()))
                .cloned()
                .unwrap_or_else(|| panic!("{name} is gone"));
            let stayed = place == *name;
            (name.clone(), (!stayed).then_some(place))
        })
        .collect()
}

/// How many loose files ended up in each folder (`.`: stayed).
fn counts(moved: &BTreeMap<String, Option<String>>) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for place in moved.values() {
        let folder = place
            .as_deref()
            .and_then(|path| path.rsplit_once('/'))
            .map_or(".", |(folder, _)| folder);
        *counts.entry(folder.to_owned()).or_default() += 1;
    }
    counts
}

/// Runs `line`, `show` and "yes" on `fs`: the plan, the page, the report
/// and where files went.
struct Run {
    plan: String,
    page: String,
    report: String,
    moved: BTreeMap<String, Option<String>>,
}

fn run_line(lang: Lang, fs: &mut MemFs, line: &str) -> Run {
    let before = fs.snapshot();
    let show = match lang {
        Lang::En => "show",
        Lang::Zh => "显示",
    };
    let (outcomes, events, _) = converse(lang, fs, &[line, show, "yes"]);
    assert_eq!(outcomes, [Outcome::Answered; 3], "{line}");
    let answers = events.answers();
    Run {
        plan: answers[0].clone(),
        page: events.pages()[0].clone(),
        report: answers[1].clone(),
        moved: moved(&before, fs),
    }
}

fn at(folder: &str, name: &str) -> Option<String> {
    Some(format!("{folder}/{name}"))
}

/// The heading of what the request did not name, on the page.
fn not_asked(lang: Lang, count: usize) -> String {
    match lang {
        Lang::En => format!("Not part of your request ({count}), staying where they are:"),
        Lang::Zh => format!("不在你的要求之内（{count} 个），保持不动："),
    }
}

/// The heading of what the user left out with `skip`, on the page.
fn left_by_you(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Left out by you",
        Lang::Zh => "你要求保持不动",
    }
}

#[test]
fn a_folder_for_a_kind_moves_that_kind_alone_on_a_small_folder() {
    for (lang, line, papers, understood) in [
        (
            Lang::En,
            "put the pdfs in a folder called Papers",
            "Papers",
            "I read this as: PDFs → Papers/; everything else stays where it is.",
        ),
        (
            Lang::Zh,
            "把PDF放到论文文件夹",
            "论文",
            "我的理解：PDF → 论文/；其他文件保持不动。",
        ),
    ] {
        let mut fs = small_folder();
        let run = run_line(lang, &mut fs, line);
        assert_eq!(run.plan.lines().next().unwrap(), understood, "{}", run.plan);
        assert_eq!(
            run.moved["paper.pdf"],
            at(papers, "paper.pdf"),
            "{}",
            run.plan
        );
        assert_eq!(run.moved["Thesis.PDF"], at(papers, "Thesis.PDF"));
        for stays in [
            "notes.docx",
            "notes (1).docx",
            "IMG_0001.jpg",
            "song.mp3",
            "film.srt",
        ] {
            assert_eq!(run.moved[stays], None, "{stays}: {}", run.plan);
        }
        assert!(!fs.exists(lang.duplicates_folder()), "{}", run.plan);
        assert!(run.page.contains(&not_asked(lang, 7)), "{}", run.page);
        assert!(!run.page.contains(left_by_you(lang)), "{}", run.page);
        assert!(!run.plan.contains(left_by_you(lang)), "{}", run.plan);
    }
}

#[test]
fn only_a_kind_moves_no_copy_is_set_aside_and_dates_apply_to_it() {
    for (lang, line) in [(Lang::En, "only pictures"), (Lang::Zh, "只整理图片")] {
        let mut fs = small_folder();
        let run = run_line(lang, &mut fs, line);
        let images = folder_name("图片", lang);
        assert_eq!(
            run.moved["IMG_0001.jpg"],
            at(images, "IMG_0001.jpg"),
            "{}",
            run.plan
        );
        assert_eq!(run.moved["notes (1).docx"], None, "{}", run.plan);
        assert_eq!(counts(&run.moved)["."], 7, "{}", run.plan);
        assert!(!run.plan.contains(lang.duplicates_folder()), "{}", run.plan);
    }
    for (lang, line) in [
        (Lang::En, "only photos, by year"),
        (Lang::Zh, "只整理照片，按年份"),
    ] {
        let mut fs = small_folder();
        let run = run_line(lang, &mut fs, line);
        let images = folder_name("图片", lang);
        let expected = BTreeMap::from([(".".to_owned(), 7), (format!("{images}/2023"), 2)]);
        assert_eq!(counts(&run.moved), expected, "{}", run.plan);
    }
}

#[test]
fn the_rest_moves_only_when_the_request_says_so() {
    for (lang, line, papers) in [
        (
            Lang::En,
            "put the pdfs in Papers and the rest by kind",
            "Papers",
        ),
        (Lang::Zh, "把PDF放到论文文件夹，其他的按类型整理", "论文"),
    ] {
        let mut fs = small_folder();
        let run = run_line(lang, &mut fs, line);
        assert_eq!(
            run.moved["paper.pdf"],
            at(papers, "paper.pdf"),
            "{}",
            run.plan
        );
        let documents = folder_name("文档", lang);
        assert_eq!(run.moved["notes.docx"], at(documents, "notes.docx"));
        let copies = lang.duplicates_folder();
        assert_eq!(run.moved["notes (1).docx"], at(copies, "notes (1).docx"));
        assert!(
            run.plan.lines().next().unwrap().contains(papers),
            "{}",
            run.plan
        );
    }
}

#[test]
fn a_kind_left_alone_beside_a_folder_for_another_is_said_apart() {
    for (lang, line, papers, asked) in [
        (
            Lang::En,
            "put the pdfs in Papers and leave the music",
            "Papers",
            "Left where they are, as you asked: song.mp3",
        ),
        (
            Lang::Zh,
            "把PDF放到论文文件夹，音乐别动",
            "论文",
            "按你的要求保持不动：song.mp3",
        ),
    ] {
        let mut fs = small_folder();
        let run = run_line(lang, &mut fs, line);
        let first = run.plan.lines().next().unwrap();
        let music = match lang {
            Lang::En => "music and audio left where they are",
            Lang::Zh => "音频保持不动",
        };
        assert!(first.contains(papers) && first.contains(music), "{first}");
        assert!(run.plan.contains(asked), "{}", run.plan);
        assert_eq!(run.moved["song.mp3"], None);
        assert_eq!(run.moved["notes.docx"], None);
        assert_eq!(run.moved["paper.pdf"], at(papers, "paper.pdf"));
        assert!(run.page.contains(&not_asked(lang, 6)), "{}", run.page);
    }
}

#[test]
fn a_folder_the_user_has_is_filled_in_whatever_letter_case() {
    for (lang, line) in [
        (Lang::En, "move the pdfs into papers"),
        (Lang::Zh, "把PDF放到papers文件夹"),
    ] {
        let mut fs = small_folder().dir("Papers");
        let run = run_line(lang, &mut fs, line);
        assert_eq!(
            run.moved["paper.pdf"],
            at("Papers", "paper.pdf"),
            "{}",
            run.plan
        );
        assert!(!fs.exists("papers"), "{}", run.plan);
        let existing = match lang {
            Lang::En => "existing folder",
            Lang::Zh => "已有文件夹",
        };
        assert!(run.plan.contains(existing), "{}", run.plan);

        let mut fs = large_folder().dir("Papers");
        let run = run_line(lang, &mut fs, line);
        let counted = counts(&run.moved);
        assert_eq!(counted["Papers"], 60, "{}", run.plan);
        assert!(!fs.exists("papers"), "{}", run.plan);
        assert!(run.plan.contains(existing), "{}", run.plan);
    }
}

#[test]
fn only_pictures_moves_pictures_alone_on_a_large_folder() {
    for (lang, line) in [(Lang::En, "only pictures"), (Lang::Zh, "只整理图片")] {
        let mut fs = large_folder();
        let run = run_line(lang, &mut fs, line);
        let images = folder_name("图片", lang);
        let expected = BTreeMap::from([(".".to_owned(), 171), (images.to_owned(), 160)]);
        assert_eq!(counts(&run.moved), expected, "{}", run.plan);
        assert!(!run.plan.contains(lang.duplicates_folder()), "{}", run.plan);
        assert!(!fs.exists(lang.duplicates_folder()));
        let line = match lang {
            Lang::En => "Not part of your request (171), staying where they are:",
            Lang::Zh => "不在你的要求之内（171 个），保持不动：",
        };
        assert!(run.plan.contains(line), "{}", run.plan);
        assert!(run.page.contains(&not_asked(lang, 171)), "{}", run.page);
        assert!(!run.page.contains(left_by_you(lang)), "{}", run.page);
        assert!(!run.report.contains('✗'), "{}", run.report);
    }
}

#[test]
fn a_folder_for_a_kind_and_dates_of_a_kind_stay_with_it_on_a_large_folder() {
    for (lang, line, papers) in [
        (Lang::En, "put the pdfs in a folder called Papers", "Papers"),
        (Lang::Zh, "把PDF放到论文文件夹", "论文"),
    ] {
        let mut fs = large_folder();
        let run = run_line(lang, &mut fs, line);
        let expected = BTreeMap::from([(".".to_owned(), 271), (papers.to_owned(), 60)]);
        assert_eq!(counts(&run.moved), expected, "{}", run.plan);
        assert!(
            run.plan.starts_with(match lang {
                Lang::En => "I read this as: PDFs → Papers/; everything else stays where it is.",
                Lang::Zh => "我的理解：PDF → 论文/；其他文件保持不动。",
            }),
            "{}",
            run.plan
        );
        assert!(run.report.contains("60"), "{}", run.report);
        assert!(!run.report.contains('✗'), "{}", run.report);
    }
    for (lang, line) in [
        (Lang::En, "put photos by year"),
        (Lang::Zh, "把照片按年整理"),
    ] {
        let mut fs = large_folder();
        let run = run_line(lang, &mut fs, line);
        let images = folder_name("图片", lang);
        let expected = BTreeMap::from([
            (".".to_owned(), 171),
            (format!("{images}/2023"), 120),
            (format!("{images}/2024"), 40),
        ]);
        assert_eq!(counts(&run.moved), expected, "{}", run.plan);
        assert!(!run.page.contains(left_by_you(lang)), "{}", run.page);
    }
    for (lang, line, papers) in [
        (
            Lang::En,
            "put the pdfs in Papers and leave the music",
            "Papers",
        ),
        (Lang::Zh, "把PDF放到论文文件夹，音乐别动", "论文"),
    ] {
        let mut fs = large_folder();
        let run = run_line(lang, &mut fs, line);
        let expected = BTreeMap::from([(".".to_owned(), 271), (papers.to_owned(), 60)]);
        assert_eq!(counts(&run.moved), expected, "{}", run.plan);
        let asked = match lang {
            Lang::En => "Left where they are, as you asked (50):",
            Lang::Zh => "按你的要求保持不动（50 个）：",
        };
        assert!(run.plan.contains(asked), "{}", run.plan);
        assert!(run.plan.contains(&not_asked(lang, 221)), "{}", run.plan);
    }
}

#[test]
fn a_kind_moved_by_name_leaves_nothing_to_fail_in_another_category() {
    for (lang, line) in [
        (
            Lang::En,
            "put the screenshots in a folder called Shots, and the rest by kind",
        ),
        (Lang::Zh, "把截图放到Shots文件夹，其他的按类型整理"),
    ] {
        let mut fs = large_folder();
        let run = run_line(lang, &mut fs, line);
        assert_eq!(counts(&run.moved)["Shots"], 41, "{}", run.plan);
        assert!(!run.report.contains('✗'), "{}", run.report);
        let moved = run.moved.values().filter(|place| place.is_some()).count();
        let heading = match lang {
            Lang::En => format!("moved {moved} of {moved} files"),
            Lang::Zh => format!("移动了 {moved}/{moved} 个文件"),
        };
        assert!(run.report.contains(&heading), "{heading}\n{}", run.report);
    }
}
