//! Related files stay together and projects are left whole, through the
//! agent with the offline planner, natively: on a small folder (a plan
//! line per file) and on a large one (one `move_by_type` per category), in
//! both languages.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use tidyup_core::{Lang, Outcome, folder_name};
use tidyup_test_kit::{MTIME, MemFs, Recorder, converse, run_tool, run_tool_zh};

/// A folder with a film and its subtitles, a saved page and its folder, a
/// split archive, a RAW+JPEG pair with its sidecar and a project, plus
/// `filler` loose text files.
fn folder(filler: usize) -> MemFs {
    let loose = (0..filler).map(|i| (format!("note {i:03}.txt"), 10, MTIME));
    MemFs::new()
        .file("Film 2024.mp4", "film")
        .file("Film 2024.en.srt", "en")
        .file("Film 2024.zh-Hans.srt", "zh")
        .file("Saved Page.html", "<html>")
        .file("Saved Page_files/style.css", "css")
        .file("x.zip.001", "part 1")
        .file("x.zip.002", "part 2")
        .file("x.zip.003", "part 3")
        .file("IMG_0001.JPG", "jpeg")
        .file("IMG_0001.CR2", "raw")
        .file("IMG_0001.xmp", "xmp")
        .file("myproject/package.json", "{}")
        .file("myproject/notes.txt", "inside a project")
        .file("myproject/.git/HEAD", "ref")
        .files_with(loose)
}

/// Where each member of the groups must be after organizing.
fn expected(lang: Lang) -> Vec<String> {
    let videos = folder_name("视频", lang);
    let documents = folder_name("文档", lang);
    let archives = folder_name("压缩包", lang);
    let images = folder_name("图片", lang);
    vec![
        format!("{videos}/Film 2024.mp4"),
        format!("{videos}/Film 2024.en.srt"),
        format!("{videos}/Film 2024.zh-Hans.srt"),
        format!("{documents}/Saved Page.html"),
        format!("{documents}/Saved Page_files/style.css"),
        format!("{archives}/x.zip.001"),
        format!("{archives}/x.zip.002"),
        format!("{archives}/x.zip.003"),
        format!("{images}/IMG_0001.JPG"),
        format!("{images}/IMG_0001.CR2"),
        format!("{images}/IMG_0001.xmp"),
        "myproject/package.json".to_owned(),
        "myproject/notes.txt".to_owned(),
        "myproject/.git/HEAD".to_owned(),
    ]
}

fn check(lang: Lang, fs: &MemFs, events: &Recorder) {
    let after = fs.snapshot();
    for path in expected(lang) {
        assert!(
            after.contains_key(&path),
            "{lang:?}: {path} missing in {after:#?}"
        );
    }
    let touched_project = events.tools().into_iter().any(|(name, result)| {
        name != "list_files" && name != "summarize_folder" && result.contains("myproject")
    });
    assert!(
        !touched_project,
        "{lang:?}: nothing moves in or out of a project"
    );
    let plan = &events.answers()[0];
    let projects = match lang {
        Lang::En => "Projects left whole: myproject",
        Lang::Zh => "保持完整的项目文件夹：myproject",
    };
    assert!(plan.contains(projects), "{lang:?}: {plan}");
}

#[test]
fn a_small_folder_keeps_related_files_together_and_projects_whole() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = folder(5);
        let (outcomes, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        assert_eq!(outcomes, [Outcome::Answered, Outcome::Answered]);
        check(lang, &fs, &events);
        let plan = &events.answers()[0];
        let videos = folder_name("视频", lang);
        let film = match lang {
            Lang::En => format!("Film 2024.mp4 → {videos}/Film 2024.mp4 (+ 2 subtitles)"),
            Lang::Zh => format!("Film 2024.mp4 → {videos}/Film 2024.mp4（连同 2 个字幕文件）"),
        };
        assert!(plan.contains(&film), "{lang:?}: {plan}");
        assert!(!plan.contains("Film 2024.en.srt →"), "one line per group");
    }
}

#[test]
fn a_large_folder_keeps_related_files_together_and_projects_whole() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = folder(250);
        let (outcomes, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        assert_eq!(outcomes, [Outcome::Answered, Outcome::Answered]);
        assert!(
            events.tools().iter().any(|(name, _)| name == "move_files"),
            "{lang:?}: the bulk path"
        );
        check(lang, &fs, &events);
    }
}

#[test]
fn a_project_as_the_target_is_left_as_it_is() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = MemFs::new()
            .file("Cargo.toml", "[package]")
            .file("src/main.rs", "fn main() {}")
            .file("notes.txt", "notes");
        let before = fs.snapshot();
        let (outcomes, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        assert_eq!(outcomes, [Outcome::Answered, Outcome::Answered]);
        assert_eq!(
            fs.snapshot(),
            before,
            "{lang:?}: nothing proposed, nothing done"
        );
        let answer = &events.answers()[0];
        let project = match lang {
            Lang::En => "looks like a project (it has Cargo.toml)",
            Lang::Zh => "看起来是一个项目（其中有 Cargo.toml）",
        };
        assert!(answer.contains(project), "{lang:?}: {answer}");
    }
}

#[test]
fn move_by_type_moves_a_group_whole_under_names_that_still_match() {
    let mut fs = MemFs::new()
        .file("Film.mp4", "film")
        .file("Film.en.srt", "en")
        .file("Page.html", "<html>")
        .file("Page_files/a.css", "css")
        .file("Videos/Film.mp4", "an older film");
    let others = run_tool(
        &mut fs,
        "move_by_type",
        r#"{"path": ".", "category": "其他", "destination": "Others"}"#,
    );
    assert!(!fs.exists("Others/Film.en.srt"), "{others}");
    assert!(fs.exists("Film.en.srt"), "a subtitle stays with its film");
    run_tool(
        &mut fs,
        "move_by_type",
        r#"{"path": ".", "category": "视频", "destination": "Videos"}"#,
    );
    assert!(fs.exists("Videos/Film (2).mp4"));
    assert!(fs.exists("Videos/Film (2).en.srt"), "{:#?}", fs.snapshot());
    assert!(fs.exists("Videos/Film.mp4"), "nothing is overwritten");
    let documents = run_tool(
        &mut fs,
        "move_by_type",
        r#"{"path": ".", "category": "文档", "destination": "Documents"}"#,
    );
    assert!(fs.exists("Documents/Page_files/a.css"), "{documents}");
    assert!(
        fs.exists("Documents/Page.html"),
        "a saved page is a document"
    );
}

#[test]
fn summarize_folder_names_the_groups_and_the_projects() {
    let mut fs = folder(0);
    let summary = run_tool(&mut fs, "summarize_folder", r#"{"path": "."}"#);
    assert!(
        summary.contains("Film 2024.mp4 (+ 2 subtitles)"),
        "{summary}"
    );
    assert!(summary.contains("x.zip.001 (+ 2 more parts)"), "{summary}");
    assert!(summary.contains("[目录] myproject | "), "{summary}");
    assert!(
        summary.contains("  压缩包: 3 "),
        "parts count as the archive: {summary}"
    );
    let summary = run_tool_zh(&mut fs, "summarize_folder", r#"{"path": "."}"#);
    assert!(
        summary.contains("Film 2024.mp4（连同 2 个字幕文件）"),
        "{summary}"
    );
    assert!(summary.contains("项目文件夹（1 个"), "{summary}");
}
