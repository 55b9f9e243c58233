//! Plain requests to the offline planner, natively, in both languages: a
//! folder of the user's for a kind, one kind only, a kind left alone, by
//! date (what a request does not name stays, unless it says "the rest"); on a small folder (a line per file) and on one too large to list
//! whole (the bulk tools). The plan's first line says what was understood;
//! a line it cannot read gets what it can do, with examples.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::BTreeMap;

use tidyup_core::{Lang, Outcome, folder_name};
use tidyup_test_kit::{MTIME, MemFs, Snap, converse};

/// 2023-07-01 00:00 UTC.
const JULY_2023: i64 = 1_688_169_600;

/// A small Downloads: pictures (one a screenshot), PDFs, a Word file,
/// music, an archive, and a folder.
fn small_folder() -> MemFs {
    MemFs::new()
        .dir("Old")
        .file_with("IMG_0001.jpg", "a photo", 7, JULY_2023)
        .file_with("Screenshot 2024-03-01.png", "a screenshot", 12, MTIME)
        .file_with("paper.pdf", "a paper", 7, MTIME)
        .file_with("Thesis.PDF", "a thesis", 8, JULY_2023)
        .file_with("notes.docx", "notes", 5, MTIME)
        .file_with("song.mp3", "a song", 6, JULY_2023)
        .file_with("backup.zip", "a backup", 8, MTIME)
}

/// The loose files of a folder and where each ended up (`None`: it
/// stayed).
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
                .unwrap();
            let stayed = place == *name;
            (name.clone(), (!stayed).then_some(place))
        })
        .collect()
}

/// Runs `line` then "yes" on `fs`; returns the plan and where files went.
fn organize(lang: Lang, fs: &mut MemFs, line: &str) -> (String, BTreeMap<String, Option<String>>) {
    let before = fs.snapshot();
    let (outcomes, events, _) = converse(lang, fs, &[line, "yes"]);
    assert_eq!(outcomes, [Outcome::Answered, Outcome::Answered], "{line}");
    let plan = events.answers()[0].clone();
    (plan, moved(&before, fs))
}

fn at(folder: &str, name: &str) -> Option<String> {
    Some(format!("{folder}/{name}"))
}

#[test]
fn pdfs_go_to_the_folder_named_and_the_rest_stays() {
    for (lang, line, papers) in [
        (Lang::En, "put the pdfs in a folder called Papers", "Papers"),
        (Lang::Zh, "把PDF放到论文文件夹", "论文"),
    ] {
        let mut fs = small_folder();
        let (plan, moved) = organize(lang, &mut fs, line);
        let first = plan.lines().next().unwrap();
        let expected = match lang {
            Lang::En => "I read this as: PDFs → Papers/; everything else stays where it is.",
            Lang::Zh => "我的理解：PDF → 论文/；其他文件保持不动。",
        };
        assert_eq!(first, expected, "{plan}");
        assert_eq!(moved["paper.pdf"], at(papers, "paper.pdf"), "{plan}");
        assert_eq!(moved["Thesis.PDF"], at(papers, "Thesis.PDF"));
        for stays in ["notes.docx", "IMG_0001.jpg", "song.mp3"] {
            assert_eq!(moved[stays], None, "{stays}: {plan}");
        }
    }
    for (lang, line, papers) in [
        (
            Lang::En,
            "put the pdfs in a folder called Papers and the rest by kind",
            "Papers",
        ),
        (Lang::Zh, "把PDF放到论文文件夹，其余的按类型整理", "论文"),
    ] {
        let mut fs = small_folder();
        let (plan, moved) = organize(lang, &mut fs, line);
        let first = plan.lines().next().unwrap();
        let expected = match lang {
            Lang::En => "I read this as: PDFs → Papers/; everything else by kind.",
            Lang::Zh => "我的理解：PDF → 论文/；其余按类型。",
        };
        assert_eq!(first, expected, "{plan}");
        assert_eq!(moved["paper.pdf"], at(papers, "paper.pdf"), "{plan}");
        let documents = folder_name("文档", lang);
        assert_eq!(moved["notes.docx"], at(documents, "notes.docx"));
        let images = folder_name("图片", lang);
        assert_eq!(moved["IMG_0001.jpg"], at(images, "IMG_0001.jpg"));
        assert_eq!(moved["song.mp3"], at(folder_name("音频", lang), "song.mp3"));
    }
}

#[test]
fn a_kind_left_alone_stays_with_the_other_requests() {
    for (lang, line, papers) in [
        (
            Lang::En,
            "put the PDFs in Papers and leave the music alone",
            "Papers",
        ),
        (Lang::Zh, "把PDF放到论文文件夹，音乐别动", "论文"),
    ] {
        let mut fs = small_folder();
        let (plan, moved) = organize(lang, &mut fs, line);
        assert_eq!(moved["song.mp3"], None, "{plan}");
        assert_eq!(moved["paper.pdf"], at(papers, "paper.pdf"));
        assert_eq!(moved["backup.zip"], None, "not part of the request: {plan}");
        let left = match lang {
            Lang::En => "Left where they are, as you asked: song.mp3",
            Lang::Zh => "按你的要求保持不动：song.mp3",
        };
        assert!(plan.contains(left), "{plan}");
    }
    for (lang, line) in [(Lang::En, "don't touch the music"), (Lang::Zh, "音乐别动")] {
        let mut fs = small_folder();
        let (plan, moved) = organize(lang, &mut fs, line);
        assert_eq!(moved["song.mp3"], None, "{plan}");
        let archives = folder_name("压缩包", lang);
        assert_eq!(moved["backup.zip"], at(archives, "backup.zip"), "{plan}");
    }
}

#[test]
fn only_the_kind_asked_for_moves() {
    for (lang, line) in [(Lang::En, "just the screenshots"), (Lang::Zh, "只整理截图")] {
        let mut fs = small_folder();
        let (plan, moved) = organize(lang, &mut fs, line);
        let images = folder_name("图片", lang);
        let shot = "Screenshot 2024-03-01.png";
        assert_eq!(moved[shot], at(images, shot), "{plan}");
        let others = moved.iter().filter(|(name, _)| *name != shot);
        assert!(others.clone().all(|(_, place)| place.is_none()), "{plan}");
    }
    for (lang, line) in [(Lang::En, "only PDFs"), (Lang::Zh, "只整理PDF")] {
        let mut fs = small_folder();
        let (plan, moved) = organize(lang, &mut fs, line);
        let documents = folder_name("文档", lang);
        assert_eq!(moved["paper.pdf"], at(documents, "paper.pdf"), "{plan}");
        assert_eq!(moved["notes.docx"], None, "{plan}");
    }
}

#[test]
fn by_date_puts_files_in_year_and_month_folders() {
    for (lang, line) in [
        (Lang::En, "sort by year and month"),
        (Lang::Zh, "按年月整理"),
    ] {
        let mut fs = small_folder();
        let (plan, moved) = organize(lang, &mut fs, line);
        let expected = match lang {
            Lang::En => {
                "I read this as: by year and month (pictures by the date taken, other files by the date in their name, else by modification time)."
            }
            Lang::Zh => {
                "我的理解：按年月（照片按拍摄日期，其他文件按名字里的日期，没有时按修改时间）。"
            }
        };
        assert_eq!(plan.lines().next().unwrap(), expected, "{plan}");
        assert_eq!(moved["song.mp3"], at("2023/07", "song.mp3"), "{plan}");
        assert_eq!(moved["paper.pdf"], at("2024/03", "paper.pdf"));
        assert_eq!(moved["IMG_0001.jpg"], at("2023/07", "IMG_0001.jpg"));
    }
    for (lang, line) in [
        (Lang::En, "sort my photos by date"),
        (Lang::Zh, "把照片按日期整理"),
    ] {
        let mut fs = small_folder();
        let (plan, moved) = organize(lang, &mut fs, line);
        let images = folder_name("图片", lang);
        let photo = moved["IMG_0001.jpg"].clone();
        assert_eq!(
            photo,
            at(&format!("{images}/2023"), "IMG_0001.jpg"),
            "{plan}"
        );
        assert_eq!(moved["paper.pdf"], None, "{plan}");
        assert_eq!(moved["song.mp3"], None);
    }
}

#[test]
fn a_line_it_cannot_read_gets_what_it_can_do() {
    for (lang, line, examples) in [
        (
            Lang::En,
            "what's the weather like?",
            [
                "\"sort my photos by date\"",
                "\"only PDFs\"",
                "\"don't touch the music\"",
            ],
        ),
        (
            Lang::Zh,
            "今天天气怎么样",
            ["“把照片按日期整理”", "“只整理PDF”", "“音乐别动”"],
        ),
    ] {
        let mut fs = small_folder();
        let before = fs.snapshot();
        let (_, events, _) = converse(lang, &mut fs, &[line]);
        let answer = &events.answers()[0];
        for example in examples {
            assert!(answer.contains(example), "{example}: {answer}");
        }
        assert!(events.tools().is_empty());
        assert_eq!(fs.snapshot(), before);
    }
}

/// A folder too large to list whole: pictures, screenshots, PDFs, Word
/// files and music.
fn large_folder() -> MemFs {
    let kinds = [
        ("IMG_{}.jpg", 120),
        ("Screenshot {}.png", 40),
        ("paper {}.pdf", 60),
        ("letter {}.docx", 30),
        ("track {}.mp3", 50),
    ];
    let files = kinds.iter().flat_map(|(pattern, count)| {
        (0..*count).map(move |i| (pattern.replace("{}", &format!("{i:03}")), 10, MTIME))
    });
    MemFs::new().files_with(files)
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

#[test]
fn kinds_are_honoured_on_a_large_folder() {
    for (lang, line, papers) in [
        (
            Lang::En,
            "put the PDFs in Papers and leave the music alone",
            "Papers",
        ),
        (Lang::Zh, "把PDF放到论文文件夹，音乐别动", "论文"),
    ] {
        let mut fs = large_folder();
        let (plan, moved) = organize(lang, &mut fs, line);
        assert!(plan.lines().next().unwrap().contains(papers), "{plan}");
        // Only what the line names moves: the rest stays.
        let expected = BTreeMap::from([(".".to_owned(), 240), (papers.to_owned(), 60)]);
        assert_eq!(counts(&moved), expected, "{plan}");
    }
    for (lang, line) in [(Lang::En, "only PDFs"), (Lang::Zh, "只整理PDF")] {
        let mut fs = large_folder();
        let (plan, moved) = organize(lang, &mut fs, line);
        let documents = folder_name("文档", lang).to_owned();
        let expected = BTreeMap::from([(".".to_owned(), 240), (documents, 60)]);
        assert_eq!(counts(&moved), expected, "{plan}");
    }
    for (lang, line) in [
        (
            Lang::En,
            "put the photos in Pictures and don't touch the pdfs",
        ),
        (Lang::Zh, "把照片放到相册文件夹，PDF别动"),
    ] {
        let mut fs = large_folder();
        let (plan, moved) = organize(lang, &mut fs, line);
        let pictures = match lang {
            Lang::En => "Pictures",
            Lang::Zh => "相册",
        };
        let expected = BTreeMap::from([(".".to_owned(), 140), (pictures.to_owned(), 160)]);
        assert_eq!(counts(&moved), expected, "{plan}");
    }
}

/// [`large_folder`] with its photos from July 2023 (the rest from March
/// 2024).
fn large_folder_of_two_years() -> MemFs {
    let kinds = [
        ("IMG_{}.jpg", 120, JULY_2023),
        ("Screenshot {}.png", 40, MTIME),
        ("paper {}.pdf", 60, MTIME),
        ("letter {}.docx", 30, MTIME),
        ("track {}.mp3", 50, JULY_2023),
    ];
    let files = kinds.iter().flat_map(|(pattern, count, mtime)| {
        (0..*count).map(move |i| (pattern.replace("{}", &format!("{i:03}")), 10, *mtime))
    });
    MemFs::new().files_with(files)
}

#[test]
fn by_date_is_followed_on_a_large_folder() {
    for (lang, line) in [(Lang::En, "sort by year"), (Lang::Zh, "按年整理")] {
        let mut fs = large_folder_of_two_years();
        let (plan, moved) = organize(lang, &mut fs, line);
        let understood = match lang {
            Lang::En => "I read this as: by year",
            Lang::Zh => "我的理解：按年",
        };
        assert!(plan.starts_with(understood), "{plan}");
        let expected = BTreeMap::from([("2023".to_owned(), 170), ("2024".to_owned(), 130)]);
        assert_eq!(counts(&moved), expected, "{plan}");
        // Every file goes by date: no step by type, no rules file named.
        assert!(!plan.contains("by type, what the rules leave"), "{plan}");
        assert!(!plan.contains("然后按类型"), "{plan}");
    }
    // The report counts the files moved, not the folders dates named.
    let (_, events, _) = converse(
        Lang::En,
        &mut large_folder_of_two_years(),
        &["sort by year", "yes"],
    );
    let report = events.answers()[1].clone();
    assert!(
        report.starts_with("Done. Moved 300 of 300 files:"),
        "{report}"
    );
    for (lang, line) in [
        (Lang::En, "sort my photos by date"),
        (Lang::Zh, "把照片按日期整理"),
    ] {
        let mut fs = large_folder_of_two_years();
        let (plan, moved) = organize(lang, &mut fs, line);
        let images = folder_name("图片", lang);
        let expected = BTreeMap::from([
            (".".to_owned(), 140),
            (format!("{images}/2023"), 120),
            (format!("{images}/2024"), 40),
        ]);
        assert_eq!(counts(&moved), expected, "{plan}");
    }
    for (lang, line) in [
        (Lang::En, "sort by year and leave the music alone"),
        (Lang::Zh, "按年整理，音乐别动"),
    ] {
        let mut fs = large_folder_of_two_years();
        let (plan, moved) = organize(lang, &mut fs, line);
        let expected = BTreeMap::from([
            (".".to_owned(), 50),
            ("2023".to_owned(), 120),
            ("2024".to_owned(), 130),
        ]);
        assert_eq!(counts(&moved), expected, "{plan}");
        assert!(
            !plan.contains("rule 1") && !plan.contains("规则 1"),
            "{plan}"
        );
    }
}
