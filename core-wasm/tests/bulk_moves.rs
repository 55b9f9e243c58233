//! `move_matching` and `move_by_type`: many files into one folder, never
//! overwriting, never touching folders or hidden files, with bounded results.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use serde_json::json;
use tidyup_core::{
    Event, FileSystem, FileSystemExt, FsAnswer, FsRequest, HostError, Lang, ToolContext, ToolSet,
    run_tool_text,
};
use tidyup_test_kit::{
    MTIME, MemFs, Op, QuickMoves, Recorder, Snap, TARGET, in_target, run_tool, run_tool_zh,
};

fn snap(contents: &str) -> Option<Snap> {
    Some(Snap::File(contents.to_owned(), contents.len() as u64))
}

#[test]
fn move_matching_moves_the_matching_files_into_a_new_folder() {
    let mut fs = MemFs::new()
        .file("IMG_0001.jpg", "one")
        .file("img_0002.JPG", "two")
        .file("IMG_0003.png", "three")
        .file("notes.txt", "notes");
    let result = run_tool(
        &mut fs,
        "move_matching",
        r#"{"path": ".", "pattern": "IMG_*.jpg", "destination": "Photos/2024"}"#,
    );
    assert_eq!(
        result,
        format!(
            "Moved 2 of 2 files to {0}/Photos/2024\n  IMG_0001.jpg → {0}/Photos/2024/IMG_0001.jpg\n  img_0002.JPG → {0}/Photos/2024/img_0002.JPG",
            TARGET
        )
    );
    let tree = fs.snapshot();
    assert_eq!(tree.get("Photos/2024/IMG_0001.jpg"), snap("one").as_ref());
    assert_eq!(tree.get("Photos/2024/img_0002.JPG"), snap("two").as_ref());
    assert_eq!(tree.get("IMG_0003.png"), snap("three").as_ref());
    assert_eq!(tree.get("notes.txt"), snap("notes").as_ref());
    assert_eq!(tree.len(), 6);

    let mut fs = MemFs::new().file("IMG_0001.jpg", "one");
    let zh = run_tool_zh(
        &mut fs,
        "move_matching",
        r#"{"path": ".", "pattern": "*.jpg", "destination": "照片"}"#,
    );
    assert_eq!(
        zh,
        format!(
            "已移动 1/1 个文件到 {0}/照片\n  IMG_0001.jpg → {0}/照片/IMG_0001.jpg",
            TARGET
        )
    );
}

#[test]
fn collisions_get_a_number_and_nothing_is_overwritten_whatever_the_case() {
    let mut fs = MemFs::new()
        .file("Photos/cat.jpg", "old cat")
        .file("Photos/CAT (2).jpg", "old cat 2")
        .file("cat.jpg", "new cat")
        .file("Cat.JPG", "new Cat")
        .file("cat (2).jpg", "new cat 2");
    let result = run_tool(
        &mut fs,
        "move_matching",
        r#"{"path": ".", "pattern": "cat*", "destination": "Photos"}"#,
    );
    assert!(result.starts_with("Moved 3 of 3 files to"), "{result}");
    let tree = fs.snapshot();
    let photos: Vec<(&str, &Snap)> = tree
        .iter()
        .filter_map(|(path, snap)| Some((path.strip_prefix("Photos/")?, snap)))
        .collect();
    let file = |text: &str| Snap::File(text.to_owned(), text.len() as u64);
    assert_eq!(
        photos,
        [
            ("CAT (2).jpg", &file("old cat 2")),
            ("Cat (3).JPG", &file("new Cat")),
            ("cat (2) (2).jpg", &file("new cat 2")),
            ("cat (4).jpg", &file("new cat")),
            ("cat.jpg", &file("old cat")),
        ]
    );
}

#[test]
fn folders_and_hidden_files_are_never_moved() {
    let mut fs = MemFs::new()
        .dir("album.jpg")
        .file(".hidden.jpg", "secret")
        .file(".env", "KEY=1")
        .file("a.jpg", "a");
    let before = fs.snapshot();
    let result = run_tool(
        &mut fs,
        "move_matching",
        r#"{"path": ".", "pattern": "*", "destination": "All"}"#,
    );
    assert!(result.starts_with(&format!("Moved 1 of 1 files to {TARGET}/All")));
    let result = run_tool(
        &mut fs,
        "move_by_type",
        r#"{"path": ".", "category": "图片", "destination": "All"}"#,
    );
    assert_eq!(
        result,
        format!("No 图片 files in {TARGET}; nothing was moved")
    );
    let after = fs.snapshot();
    for kept in ["album.jpg", ".hidden.jpg", ".env"] {
        assert_eq!(after.get(kept), before.get(kept), "{kept}");
    }
}

#[test]
fn empty_matches_move_nothing_and_create_nothing() {
    let mut fs = MemFs::new().file("a.txt", "a");
    assert_eq!(
        run_tool(
            &mut fs,
            "move_matching",
            r#"{"path": ".", "pattern": "*.xyz", "destination": "X"}"#
        ),
        format!("No files in {TARGET} match *.xyz; nothing was moved")
    );
    assert_eq!(
        run_tool_zh(
            &mut fs,
            "move_by_type",
            r#"{"path": ".", "category": "视频", "destination": "X"}"#
        ),
        format!("{TARGET} 中没有视频类文件；未移动任何文件")
    );
    assert!(!fs.exists("X"));
}

#[test]
fn move_by_type_takes_the_category_names_and_refuses_others() {
    let mut fs = MemFs::new()
        .file("a.pdf", "a")
        .file("b.DOCX", "b")
        .file("c.jpg", "c");
    let result = run_tool(
        &mut fs,
        "move_by_type",
        r#"{"path": ".", "category": "文档", "destination": "Docs"}"#,
    );
    assert!(result.starts_with(&format!("Moved 2 of 2 files to {TARGET}/Docs\n")));
    assert!(fs.exists("Docs/a.pdf") && fs.exists("Docs/b.DOCX") && fs.exists("c.jpg"));
    let result = run_tool(
        &mut fs,
        "move_by_type",
        r#"{"path": ".", "category": "images", "destination": "Pics"}"#,
    );
    assert!(result.starts_with("Moved 1 of 1 files"), "{result}");
    assert_eq!(
        run_tool(
            &mut fs,
            "move_by_type",
            r#"{"path": ".", "category": "Pictures", "destination": "P"}"#
        ),
        "tool execution failed: unknown category \"Pictures\"; use one of 文档, 图片, 视频, 音频, 代码, 压缩包, 安装包, 三维模型, 其他"
    );
    assert!(!fs.exists("P"));
}

#[test]
fn a_destination_that_is_a_file_or_the_folder_itself_moves_nothing() {
    let mut fs = MemFs::new()
        .file("notes", "not a folder")
        .file("a.txt", "a");
    let before = fs.snapshot();
    assert_eq!(
        run_tool(
            &mut fs,
            "move_matching",
            r#"{"path": ".", "pattern": "*.txt", "destination": "notes"}"#
        ),
        format!("Failed to create folder: a file already exists at {TARGET}/notes")
    );
    for same in [".", TARGET, &format!("{TARGET}/"), "sub/.."] {
        let args = json!({"path": ".", "pattern": "*", "destination": same}).to_string();
        let result = run_tool(&mut fs, "move_matching", &args);
        assert!(
            result.starts_with("The files are already in "),
            "{same}: {result}"
        );
    }
    assert_eq!(fs.snapshot(), before);
}

#[test]
fn failures_are_reported_with_their_causes_first_ten_then_a_count() {
    let names: Vec<String> = (0..25).map(|i| format!("doc{i:02}.txt")).collect();
    let mut fs = MemFs::new()
        .files_with(names.iter().map(|n| (n.clone(), 1, MTIME)))
        .fail(&[Op::Rename], "doc03.txt");
    let result = run_tool(
        &mut fs,
        "move_matching",
        r#"{"path": ".", "pattern": "*.txt", "destination": "Docs"}"#,
    );
    let lines: Vec<&str> = result.lines().collect();
    assert_eq!(lines[0], format!("Moved 24 of 25 files to {TARGET}/Docs"));
    assert_eq!(lines[11], "... and 14 more");
    assert_eq!(lines[12], "1 files were not moved:");
    assert_eq!(lines[13], "  doc03.txt: Permission denied (os error 13)");
    assert_eq!(lines.len(), 14);
    assert!(fs.exists("doc03.txt"));

    let mut fs = MemFs::new()
        .files_with(names.iter().map(|n| (n.clone(), 1, MTIME)))
        .dir("Docs")
        .fail(&[Op::Rename], "Docs");
    let result = run_tool(
        &mut fs,
        "move_matching",
        r#"{"path": ".", "pattern": "*", "destination": "Docs"}"#,
    );
    let lines: Vec<&str> = result.lines().collect();
    assert_eq!(lines[0], format!("Moved 0 of 25 files to {TARGET}/Docs"));
    assert_eq!(lines[1], "25 files were not moved:");
    assert_eq!(lines[2], "  doc00.txt: Permission denied (os error 13)");
    assert_eq!(lines[11], "  doc09.txt: Permission denied (os error 13)");
    assert_eq!(lines[12], "... and 15 more");
    assert_eq!(lines.len(), 13);
    assert_eq!(fs.count_in("."), 26);
}

#[test]
fn results_stay_bounded_for_10_000_files_and_progress_is_reported() {
    let files = (0..10_000).map(|i| (format!("IMG_{i:05}.jpg"), 1, MTIME));
    let mut fs = QuickMoves(MemFs::new().files_with(files));
    let mut progress = Recorder::default();
    let mut ctx = ToolContext::new(&mut fs, TARGET, Lang::En).with_tools(ToolSet::WITH_BULK);
    ctx.progress = Some(&mut progress);
    let args = json!({"path": ".", "category": "图片", "destination": "Images"});
    let result = run_tool_text("move_by_type", &args, &mut ctx);
    assert!(ctx.met_large_folder);
    assert!(result.chars().count() < 1_500, "{result}");
    let lines: Vec<&str> = result.lines().collect();
    assert_eq!(
        lines[0],
        format!("Moved 10000 of 10000 files to {TARGET}/Images")
    );
    assert_eq!(
        lines[1],
        format!("  IMG_00000.jpg → {TARGET}/Images/IMG_00000.jpg")
    );
    assert_eq!(lines[11], "... and 9990 more");
    assert_eq!(lines.len(), 12);
    assert_eq!(fs.0.count_in("Images"), 10_000);
    assert_eq!(fs.0.count_in("."), 1);
    let done: Vec<(u64, u64)> = progress
        .progress
        .iter()
        .map(|event| {
            let Event::Progress { done, total, text } = event else {
                panic!("not progress: {event:?}");
            };
            // The work, in words a person reads (the session speaks English).
            assert_eq!(text, "Moving files");
            (*done, *total)
        })
        .collect();
    assert_eq!(done.len(), 10);
    assert_eq!(done[0], (1_000, 10_000));
    assert_eq!(done[9], (10_000, 10_000));
}

/// A file system whose batches answer only the first move.
struct ShortBatches(MemFs);

impl FileSystem for ShortBatches {
    #[allow(clippy::wildcard_enum_match_arm)]
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        match request {
            FsRequest::MoveBatch { moves } => Ok(FsAnswer::Moves(self.0.move_batch(&moves[..1])?)),
            _ => self.0.call(request),
        }
    }
}

#[test]
fn moves_a_host_leaves_unanswered_count_as_failed() {
    let mut fs = ShortBatches(MemFs::new().file("a.txt", "a").file("b.txt", "b"));
    let mut ctx = ToolContext::new(&mut fs, TARGET, Lang::En).with_tools(ToolSet::WITH_BULK);
    let args = json!({"path": ".", "pattern": "*.txt", "destination": "T"});
    let result = run_tool_text("move_matching", &args, &mut ctx);
    assert_eq!(
        result,
        format!(
            "Moved 1 of 2 files to {0}/T\n  a.txt → {0}/T/a.txt\n1 files were not moved:\n  b.txt: the file system gave no result for this move; it may not have happened",
            TARGET
        )
    );
}

#[test]
fn bulk_moves_take_paths_relative_or_absolute_and_report_absolute_ones() {
    let mut fs = MemFs::new().file("in/a.mp3", "a").file("in/b.mp3", "b");
    let args = json!({"path": in_target("in"), "category": "音频", "destination": "out/music"});
    let result = run_tool(&mut fs, "move_by_type", &args.to_string());
    assert!(result.starts_with(&format!("Moved 2 of 2 files to {TARGET}/out/music\n")));
    assert!(fs.exists("out/music/a.mp3") && fs.exists("out/music/b.mp3"));
    assert_eq!(
        run_tool(
            &mut fs,
            "move_by_type",
            r#"{"path": "nope", "category": "音频", "destination": "x"}"#
        ),
        format!("Directory does not exist: {TARGET}/nope")
    );
}

#[test]
fn a_stop_asked_between_batches_ends_a_bulk_move_and_counts_what_moved() {
    let files = (0..2_500).map(|i| (format!("IMG_{i:05}.jpg"), 1, MTIME));
    // The stop is the result's last line: what moved comes first.
    for (lang, last_line) in [
        (Lang::En, "Stopped after 1,000 of 2,500 files.".to_owned()),
        (
            Lang::Zh,
            "已停止：2,500 个文件中已移动 1,000 个。".to_owned(),
        ),
    ] {
        let mut fs = QuickMoves(MemFs::new().files_with(files.clone()));
        let mut asked = 0;
        let mut stop = || {
            asked += 1;
            asked > 1
        };
        let mut ctx = ToolContext::new(&mut fs, TARGET, lang).with_tools(ToolSet::WITH_BULK);
        ctx.stop_requested = Some(&mut stop);
        let args = json!({"path": ".", "category": "图片", "destination": "Images"});
        let result = run_tool_text("move_by_type", &args, &mut ctx);
        assert_eq!((ctx.files_moved, ctx.files_left), (1_000, 1_500));
        assert_eq!(result.lines().last().unwrap(), last_line);
        assert_eq!(result.matches(&last_line).count(), 1, "{result}");
        assert_eq!(fs.0.count_in("Images"), 1_000);
    }
}

/// A file system whose batches stop after the first move, as a host does
/// when the user asks to stop: the others answered `cancelled`.
struct StoppingBatches(MemFs);

impl FileSystem for StoppingBatches {
    #[allow(clippy::wildcard_enum_match_arm)]
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        match request {
            FsRequest::MoveBatch { moves } => {
                let mut results = self.0.move_batch(&moves[..1])?;
                results.extend(moves[1..].iter().map(|_| {
                    Err(HostError::new(
                        tidyup_core::ErrorCode::Cancelled,
                        "cancelled by the user",
                    ))
                }));
                Ok(FsAnswer::Moves(results))
            }
            _ => self.0.call(request),
        }
    }
}

#[test]
fn moves_a_host_stopped_are_left_not_failed() {
    let mut fs = StoppingBatches(MemFs::new().file("a.txt", "a").file("b.txt", "b"));
    let mut ctx = ToolContext::new(&mut fs, TARGET, Lang::En).with_tools(ToolSet::WITH_BULK);
    let args = json!({"path": ".", "pattern": "*.txt", "destination": "T"});
    let result = run_tool_text("move_matching", &args, &mut ctx);
    assert_eq!(
        result,
        format!(
            "Moved 1 of 2 files to {0}/T\n  a.txt → {0}/T/a.txt\nStopped after 1 of 2 files.",
            TARGET
        )
    );
    assert_eq!((ctx.files_moved, ctx.files_left), (1, 1));
}
