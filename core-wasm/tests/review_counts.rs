//! What `skip` and the reports say is what happens, natively, in both
//! languages: skipping one file of a group of related files (a film's
//! subtitles) says the whole group stays with it, naming its main file,
//! and the plan, the page of `show` and the report all count it out; a
//! category whose files an earlier step already placed, or that are gone
//! by the go-ahead, is no failure, and the report counts what moved.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use tidyup_core::{
    Agent, Capabilities, LARGE_FOLDER_ENTRIES, Lang, OfflinePlanner, Outcome, folder_name,
};
use tidyup_test_kit::{MTIME, MemFs, Recorder, TARGET, converse, offline_config};

fn skip(lang: Lang, name: &str) -> String {
    match lang {
        Lang::En => format!("skip {name}"),
        Lang::Zh => format!("跳过 {name}"),
    }
}

fn show(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "show",
        Lang::Zh => "显示",
    }
}

/// What a skip of `name`, a file of the group of `main`, says: the whole
/// group of `files` stays.
fn group_stays(lang: Lang, name: &str, main: &str, files: usize) -> String {
    match lang {
        Lang::En => format!(
            "Left out of the plan: {name}. It belongs with {main}, so {main} and the files of its group stay where they are too ({files} files)."
        ),
        Lang::Zh => format!(
            "已从方案中去掉：{name}。它与 {main} 是一组，所以 {main} 和这一组的文件也保持不动（共 {files} 个文件）。"
        ),
    }
}

/// A film with two subtitles beside `others`.
fn with_film(fs: MemFs) -> MemFs {
    fs.file_with("film.mkv", "a film", 6, MTIME)
        .file_with("film.srt", "subtitles", 9, MTIME)
        .file_with("film.en.srt", "english subtitles", 17, MTIME)
}

#[test]
fn skipping_a_subtitle_keeps_its_film_and_says_so_on_a_small_folder() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = with_film(
            MemFs::new()
                .file_with("clip.mp4", "a clip", 6, MTIME)
                .file_with("cat.jpg", "cat", 3, MTIME),
        );
        let (outcomes, events, _) = converse(
            lang,
            &mut fs,
            &["organize", &skip(lang, "film.srt"), show(lang), "yes"],
        );
        assert_eq!(outcomes, [Outcome::Answered; 4]);
        let answers = events.answers();
        let skipped = &answers[1];
        assert!(
            skipped.starts_with(&group_stays(lang, "film.srt", "film.mkv", 3)),
            "{skipped}"
        );
        assert!(skipped.contains("film.mkv"), "{skipped}");
        let videos = folder_name("视频", lang);
        let heading = match lang {
            Lang::En => format!("{videos}/ (视频, new folder, 1 file)"),
            Lang::Zh => format!("{videos}/（新建文件夹，1 个文件）"),
        };
        assert!(skipped.contains(&heading), "{skipped}");
        let page = &events.pages()[0];
        assert!(page.contains(&lang.page_heading(2)), "{page}");
        assert!(!page.contains("film.mkv →"), "{page}");
        let report = &answers[2];
        let counted = match lang {
            Lang::En => "moved 2 of 2 files",
            Lang::Zh => "移动了 2/2 个文件",
        };
        assert!(report.contains(counted), "{report}");
        for stays in ["film.mkv", "film.srt", "film.en.srt"] {
            assert!(fs.exists(stays), "{stays}: {report}");
        }
        assert!(fs.exists(&format!("{videos}/clip.mp4")));
    }
}

/// A folder past the large-folder threshold: photos, ten films with a
/// subtitle each, the first with a second one.
fn large_with_films() -> MemFs {
    let photos = LARGE_FOLDER_ENTRIES + 10;
    let mut files: Vec<(String, u64, i64)> = (0..photos)
        .map(|i| (format!("IMG_{i:04}.jpg"), 1000 + i as u64, MTIME))
        .collect();
    for i in 0..10u64 {
        files.push((format!("film {i:02}.mkv"), 5000 + i, MTIME));
        files.push((format!("film {i:02}.srt"), 6000 + i, MTIME));
    }
    files.push(("film 00.en.srt".to_owned(), 7000, MTIME));
    MemFs::new().files_with(files)
}

#[test]
fn skipping_a_subtitle_keeps_its_film_and_every_count_follows_on_a_large_folder() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = large_with_films();
        let (outcomes, events, _) = converse(
            lang,
            &mut fs,
            &["organize", &skip(lang, "film 00.srt"), show(lang), "yes"],
        );
        assert_eq!(outcomes, [Outcome::Answered; 4]);
        let answers = events.answers();
        let skipped = &answers[1];
        assert!(
            skipped.starts_with(&group_stays(lang, "film 00.srt", "film 00.mkv", 3)),
            "{skipped}"
        );
        let videos = folder_name("视频", lang);
        let heading = match lang {
            Lang::En => format!("{videos}/ (视频, new folder, 18 files)"),
            Lang::Zh => format!("{videos}/（新建文件夹，18 个文件）"),
        };
        // The plan after the skip counts what its rehearsal moves, and
        // their size.
        let counted = heading.trim_end_matches([')', '）']);
        assert!(skipped.contains(counted), "{skipped}");
        let page = &events.pages()[0];
        assert!(page.contains(&heading), "{page}");
        let photos = LARGE_FOLDER_ENTRIES + 10;
        assert!(page.contains(&lang.page_heading(photos + 18)), "{page}");
        assert!(!page.contains("film 00.mkv →"), "{page}");
        let report = &answers[2];
        let line = match lang {
            Lang::En => format!("  ✓ {videos}/ (视频): 18 files moved"),
            Lang::Zh => format!("  ✓ {videos}/：已移动 18 个文件"),
        };
        assert!(report.contains(&line), "{report}");
        let total = photos + 18;
        let counted = match lang {
            Lang::En => format!("moved {total} of {total} files"),
            Lang::Zh => format!("移动了 {total}/{total} 个文件"),
        };
        assert!(report.contains(&counted), "{report}");
        for stays in ["film 00.mkv", "film 00.srt", "film 00.en.srt"] {
            assert!(fs.exists(stays), "{stays}: {report}");
        }
        assert!(fs.exists(&format!("{videos}/film 01.srt")));
    }
}

#[test]
fn a_category_an_earlier_step_emptied_is_no_failure() {
    // The request moves the screenshots by name; a script named like one
    // goes with them, so the category of scripts has nothing left.
    for lang in [Lang::En, Lang::Zh] {
        let photos = LARGE_FOLDER_ENTRIES + 10;
        let files = (0..photos).map(|i| (format!("Screenshot {i:04}.png"), 100 + i as u64, MTIME));
        let mut fs = MemFs::new()
            .files_with(files)
            .file_with("screenshot_tool.py", "print()", 7, MTIME)
            .file_with("notes.txt", "notes", 5, MTIME);
        let line = match lang {
            Lang::En => "put the screenshots in Shots and the rest by kind",
            Lang::Zh => "把截图放到Shots文件夹，其他的按类型整理",
        };
        let (_, events, _) = converse(lang, &mut fs, &[line, "yes"]);
        let answers = events.answers();
        let (plan, report) = (&answers[0], &answers[1]);
        assert!(!report.contains('✗'), "{plan}\n{report}");
        let total = photos + 2;
        let counted = match lang {
            Lang::En => format!("moved {total} of {total} files"),
            Lang::Zh => format!("移动了 {total}/{total} 个文件"),
        };
        assert!(report.contains(&counted), "{report}");
        assert!(fs.exists("Shots/screenshot_tool.py"), "{report}");
    }
}

#[test]
fn a_category_whose_files_are_gone_is_no_failure_and_the_counts_match_the_disk() {
    for lang in [Lang::En, Lang::Zh] {
        let photos = LARGE_FOLDER_ENTRIES + 10;
        let files = (0..photos).map(|i| (format!("IMG_{i:04}.jpg"), 100 + i as u64, MTIME));
        let mut fs = MemFs::new()
            .files_with(files)
            .file_with("tool.py", "print()", 7, MTIME);
        let mut agent = Agent::new(offline_config(lang));
        let mut planner = OfflinePlanner::new(lang, TARGET);
        let mut events = Recorder::default();
        let mut line = |line: &str, fs: &mut MemFs| {
            agent.handle_line(
                line,
                &mut Capabilities {
                    model: &mut planner,
                    files: fs,
                    events: &mut events,
                },
            )
        };
        line("organize", &mut fs);
        // The script goes elsewhere before the go-ahead.
        tidyup_core::FileSystemExt::remove_file(&mut fs, &format!("{TARGET}/tool.py")).unwrap();
        line("yes", &mut fs);
        let report = events.answers()[1].clone();
        assert!(!report.contains('✗'), "{report}");
        let code = folder_name("代码", lang);
        let nothing = match lang {
            Lang::En => {
                format!("  – {code}/ (代码): nothing left to move, its files are no longer there")
            }
            Lang::Zh => format!("  – {code}/：没有剩下要移动的文件，它们已不在原处"),
        };
        assert!(report.contains(&nothing), "{report}");
        let counted = match lang {
            Lang::En => format!("moved {photos} of {photos} files"),
            Lang::Zh => format!("移动了 {photos}/{photos} 个文件"),
        };
        assert!(report.contains(&counted), "{report}");
    }
}
