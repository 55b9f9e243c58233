//! `summarize_folder` and `find_files`: bounded views of a folder of any
//! size, through `tools::run` on the in-memory tree.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use tidyup_test_kit::{MTIME, MemFs, TARGET, run_tool, run_tool_zh};

/// 2024-01-10 12:00 UTC.
const JANUARY: i64 = 1_704_888_000;

/// A download folder: 3,412 photos, 12 screenshots, 40 invoices, a few
/// loose files of other kinds, hidden files and two subfolders.
fn downloads() -> MemFs {
    let photos = (0..3412).map(|i| {
        let mtime = if i < 3000 { MTIME } else { JANUARY };
        (format!("IMG_{i:04}.jpg"), 2048, mtime)
    });
    let screenshots = (1..=12).map(|i| {
        (
            format!("Screenshot 2026-01-{i:02} at 10.11.png"),
            1024,
            MTIME,
        )
    });
    let invoices = (1..=40).map(|i| (format!("invoice_2026-{i:02}.pdf"), 100, MTIME));
    let others = [
        "notes.txt",
        "song.mp3",
        "movie.mkv",
        "main.rs",
        "data.zip",
        "setup.exe",
        "Makefile",
        ".DS_Store",
        ".hidden.jpg",
    ]
    .map(|name| (name.to_owned(), 10, MTIME));
    MemFs::new()
        .dir("Archive")
        .dir("Old stuff")
        .files_with(photos.chain(screenshots).chain(invoices).chain(others))
}

#[test]
fn a_summary_counts_categories_extensions_months_and_patterns() {
    let mut fs = downloads();
    let summary = run_tool(&mut fs, "summarize_folder", r#"{"path": "."}"#);
    let expected = format!(
        "Summary of {TARGET}: 3,473 files, 2 folders, 6.7 MB
Files by type (move_by_type takes these names):
  文档: 41 (3.9 KB)
  图片: 3,424 (6.7 MB)
  视频: 1 (10 B)
  音频: 1 (10 B)
  代码: 2 (20 B)
  压缩包: 1 (10 B)
  安装包: 1 (10 B)
Extensions: .jpg 3,412 · .pdf 40 · .png 12 · - 1 · .exe 1 · .mkv 1 · .mp3 1 · .rs 1 · .txt 1 · .zip 1
Modified (month, newest first): 2024-03 3,059 · 2024-01 412
Name patterns (globs for move_matching):
  IMG_*.jpg 3,412
  invoice_*.pdf 40
  Screenshot *.png 12
Subfolders: Archive, Old stuff
Sample names:
  文档: invoice_2026-01.pdf, invoice_2026-02.pdf, invoice_2026-03.pdf
  图片: IMG_0000.jpg, IMG_0001.jpg, IMG_0002.jpg
  视频: movie.mkv
  音频: song.mp3
  代码: Makefile, main.rs
  压缩包: data.zip
  安装包: setup.exe
Hidden files: 2 (never moved by the bulk tools)"
    );
    assert_eq!(summary, expected);
}

#[test]
fn a_summary_in_chinese() {
    let mut fs = downloads();
    let summary = run_tool_zh(&mut fs, "summarize_folder", r#"{"path": "."}"#);
    let lines: Vec<&str> = summary.lines().collect();
    assert_eq!(
        lines[0],
        format!("{TARGET} 概况：3,473 个文件，2 个文件夹，共 6.7 MB")
    );
    assert_eq!(lines[1], "按类型（move_by_type 使用这些名称）：");
    assert_eq!(lines[3], "  图片: 3,424 (6.7 MB)");
    assert!(summary.contains("\n  IMG_*.jpg 3,412\n"));
    assert!(summary.ends_with("隐藏文件：2 个（批量工具不会移动它们）"));
}

#[test]
fn a_summary_of_an_empty_or_missing_folder_says_so() {
    let mut fs = MemFs::new().dir("empty");
    assert_eq!(
        run_tool(&mut fs, "summarize_folder", r#"{"path": "empty"}"#),
        format!("Directory is empty: {TARGET}/empty")
    );
    assert_eq!(
        run_tool(&mut fs, "summarize_folder", r#"{"path": "nope"}"#),
        format!("Directory does not exist: {TARGET}/nope")
    );
    assert_eq!(
        run_tool(&mut fs, "summarize_folder", "{}"),
        "tool execution failed: missing argument 'path'"
    );
}

/// 100,000 entries whose names, extensions, patterns and folders are all
/// long and varied: every list of the summary is full.
#[test]
fn a_summary_of_100_000_long_names_stays_within_4_000_characters() {
    let long = "a-long-name-that-goes-on-for-a-while";
    let files = (0..100_000).map(|i| {
        let prefix = format!("{long}-{}-", i % 37);
        let ext = format!("ext{}{long}", i % 23);
        (
            format!("{prefix}{i}.{ext}"),
            i as u64,
            MTIME - (i % 40) as i64 * 2_678_400,
        )
    });
    let fs = (0..30).fold(MemFs::new(), |fs, i| fs.dir(&format!("{long} folder {i}")));
    let mut fs = fs.files_with(files);
    for lang in [true, false] {
        let summary = if lang {
            run_tool(&mut fs, "summarize_folder", r#"{"path": "."}"#)
        } else {
            run_tool_zh(&mut fs, "summarize_folder", r#"{"path": "."}"#)
        };
        let chars = summary.chars().count();
        assert!(chars <= 4_000, "{chars} characters");
        assert!(summary.contains("100,000"), "{summary}");
        assert!(summary.lines().all(|line| line.chars().count() < 1_000));
    }
}

// --- find_files ---------------------------------------------------------------

fn texts(count: usize) -> MemFs {
    MemFs::new().files_with((0..count).map(|i| (format!("t{i:03}.txt"), 5, MTIME)))
}

fn line(name: &str) -> String {
    format!("[文件] {name} | 5 B | 2024-03-15 09:30")
}

#[test]
fn find_files_pages_through_the_matches() {
    let mut fs = texts(450).file("photo.jpg", "x");
    let first = run_tool(
        &mut fs,
        "find_files",
        r#"{"path": ".", "pattern": "*.TXT", "offset": 0}"#,
    );
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines.len(), 202);
    assert_eq!(
        lines[0],
        format!("450 items in {TARGET} match *.TXT; items 1-200:")
    );
    assert_eq!(lines[1], line("t000.txt"));
    assert_eq!(lines[200], line("t199.txt"));
    assert_eq!(
        lines[201],
        "250 more: call find_files again with offset 200"
    );

    let second = run_tool(
        &mut fs,
        "find_files",
        r#"{"path": ".", "pattern": "*.txt", "offset": "200"}"#,
    );
    let lines: Vec<&str> = second.lines().collect();
    assert_eq!(
        lines[0],
        format!("450 items in {TARGET} match *.txt; items 201-400:")
    );
    assert_eq!(lines[1], line("t200.txt"));
    assert_eq!(lines[201], "50 more: call find_files again with offset 400");

    let last = run_tool(
        &mut fs,
        "find_files",
        r#"{"path": ".", "pattern": "*.txt", "offset": 400}"#,
    );
    let lines: Vec<&str> = last.lines().collect();
    assert_eq!(lines.len(), 51);
    assert_eq!(lines[50], line("t449.txt"));

    assert_eq!(
        run_tool(
            &mut fs,
            "find_files",
            r#"{"path": ".", "pattern": "*.txt", "offset": 450}"#
        ),
        "No more items: 450 match *.txt, and offset 450 is past the end"
    );
    let zh = run_tool_zh(
        &mut fs,
        "find_files",
        r#"{"path": ".", "pattern": "*.txt", "offset": 0}"#,
    );
    assert!(zh.starts_with(&format!(
        "{TARGET} 中有 450 个项目与 *.txt 匹配；第 1-200 个：\n"
    )));
    assert!(zh.ends_with("\n还有 250 个：用 offset 200 再次调用 find_files"));
}

#[test]
fn a_star_matches_every_item_folders_and_hidden_ones_too() {
    let mut fs = MemFs::new()
        .dir("Zeta")
        .file(".env", "x")
        .file("a.txt", "hello");
    let result = run_tool(
        &mut fs,
        "find_files",
        r#"{"path": ".", "pattern": "*", "offset": 0}"#,
    );
    assert_eq!(
        result,
        format!(
            "3 items in {TARGET} match *; items 1-3:\n[目录] Zeta | 0 B | 2024-03-15 09:30\n[文件] .env | 1 B | 2024-03-15 09:30\n[文件] a.txt | 5 B | 2024-03-15 09:30"
        )
    );
}

#[test]
fn patterns_are_case_insensitive_and_take_chinese_and_spaces() {
    let mut fs = MemFs::new()
        .file("IMG_0001.JPG", "x")
        .file("img_0002.jpg", "x")
        .file("照片 2024 01.png", "x")
        .file("my notes (1).txt", "x")
        .file("other.txt", "x");
    let find = |fs: &mut MemFs, pattern: &str| {
        let args = serde_json::json!({"path": ".", "pattern": pattern, "offset": 0});
        run_tool(fs, "find_files", &args.to_string())
    };
    let images = find(&mut fs, "Img_*.jpg");
    assert!(images.starts_with(&format!("2 items in {TARGET} match Img_*.jpg")));
    assert!(images.contains("IMG_0001.JPG") && images.contains("img_0002.jpg"));
    let photos = find(&mut fs, "照片 *");
    assert!(photos.starts_with("1 items"), "{photos}");
    assert!(photos.ends_with("\n[文件] 照片 2024 01.png | 1 B | 2024-03-15 09:30"));
    let notes = find(&mut fs, "my notes (?).txt");
    assert!(notes.ends_with("\n[文件] my notes (1).txt | 1 B | 2024-03-15 09:30"));
}

#[test]
fn find_files_edge_cases() {
    let mut fs = texts(3);
    assert_eq!(
        run_tool(
            &mut fs,
            "find_files",
            r#"{"path": ".", "pattern": "*.xyz", "offset": 0}"#
        ),
        format!("No items in {TARGET} match *.xyz")
    );
    let bad = run_tool(
        &mut fs,
        "find_files",
        r#"{"path": ".", "pattern": "[a", "offset": 0}"#,
    );
    assert!(
        bad.starts_with("tool execution failed: invalid pattern \"[a\": "),
        "{bad}"
    );
    let bad_zh = run_tool_zh(
        &mut fs,
        "find_files",
        r#"{"path": ".", "pattern": "{a", "offset": 0}"#,
    );
    assert!(
        bad_zh.starts_with("工具执行失败: 无效的匹配模式 \"{a\"："),
        "{bad_zh}"
    );
    assert_eq!(
        run_tool(
            &mut fs,
            "find_files",
            r#"{"path": ".", "pattern": "*", "offset": -1}"#
        ),
        "tool execution failed: argument 'offset' must be a integer"
    );
    assert_eq!(
        run_tool(&mut fs, "find_files", r#"{"path": ".", "pattern": "*"}"#),
        "tool execution failed: missing argument 'offset'"
    );
    assert_eq!(
        run_tool(
            &mut fs,
            "find_files",
            r#"{"path": "t000.txt", "pattern": "*", "offset": 0}"#
        ),
        format!("Directory does not exist: {TARGET}/t000.txt")
    );
}

/// A destination whose name ends in a dot, or in a letter of more than one
/// byte, is one more name: a bulk move into it and the folder it then
/// holds are judged without a failure of tidyup itself.
#[test]
fn a_destination_named_with_a_final_dot_or_a_wide_letter_is_moved_into() {
    for destination in ["Doc.", "Doc.é", "Doc.é01"] {
        let mut fs = MemFs::new()
            .file("notes.txt", "hello")
            .file("report.pdf", "%PDF-1.4")
            .file("copy of notes.txt", "hello")
            .file("docs/a.md", "# a")
            .dir("empty");
        let arguments =
            format!(r#"{{"path": ".", "category": "Documents", "destination": "{destination}"}}"#);
        let result = run_tool(&mut fs, "move_by_type", &arguments);
        assert!(
            result.starts_with("Moved 3 of 3 files"),
            "{destination}: {result}"
        );
        assert!(
            fs.exists(&format!("{destination}/notes.txt")),
            "{destination}"
        );
    }
}
