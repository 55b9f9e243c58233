//! The bulk moves of one reply read their folder once and keep it as their
//! own moves leave it: the same files end in the same places, with the same
//! results, as when each call reads the folder afresh; what other programs
//! do meanwhile shows cleanly; any other changing tool makes the next move
//! read the folder again.

use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tidyup_core::{
    FileSystemExt, FolderMemo, Lang, Limits, Outcome, ToolContext, ToolLimits, ToolOutput, ToolSet,
    run_tool,
};
use tidyup_test_kit::{
    MemFs, ScriptedModel, TARGET, World, call_json, in_target, text_reply, tool_reply,
};

/// Runs one tool on `fs`, the bulk tools declared, sharing `memo` if any
/// (as the calls of one reply do).
fn run(fs: &mut MemFs, memo: Option<&mut FolderMemo>, name: &str, arguments: Value) -> ToolOutput {
    let mut ctx = ToolContext::new(fs, TARGET, Lang::En).with_tools(ToolSet::WITH_BULK);
    ctx.memo = memo;
    run_tool(name, &arguments, &mut ctx)
}

fn by_type(category: &str, destination: &str) -> Value {
    json!({ "path": ".", "category": category, "destination": destination })
}

/// How many times the target folder was listed.
fn listings(fs: &MemFs) -> usize {
    let listed = format!("list {TARGET}");
    fs.calls.iter().filter(|call| **call == listed).count()
}

/// How many times the target folder was counted (the session's first
/// look at it, which needs no more than how many entries it has).
fn first_looks(fs: &MemFs) -> usize {
    let counted = format!("count {TARGET}");
    fs.calls.iter().filter(|call| **call == counted).count()
}

/// A folder of every kind of group whose groups change as files move out:
/// `album.cue` follows `album.flac` only once `album.jpg` (its stem's better
/// main) is gone; the images' folder is made as `page_files`, which a saved
/// page then takes with it.
fn mixed() -> MemFs {
    MemFs::new()
        .file("film.mkv", "film")
        .file("film.en.srt", "subtitles")
        .file("film.txt", "notes on the film")
        .file("IMG_1.jpg", "jpeg")
        .file("IMG_1.CR2", "raw")
        .file("IMG_1.CR2.xmp", "sidecar")
        .file("album.jpg", "cover")
        .file("album.flac", "audio")
        .file("album.cue", "cue sheet")
        .file("x.zip.001", "part one")
        .file("x.zip.002", "part two")
        .file("page.html", "<html>")
        .file("movie.mp4", "placeholder")
        .file("movie.mp4.part", "downloading")
        .file(".hidden.jpg", "secret")
        .file("script.py", "print()")
        .file("setup.exe", "MZ")
        .file_bytes("scan", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR")
        .file("notes", "plain words")
        .dir("Old")
}

/// The calls of one organizing reply.
fn calls() -> Vec<(&'static str, Value)> {
    vec![
        ("move_by_type", by_type("图片", "page_files")),
        ("move_by_type", by_type("视频", "Videos")),
        ("move_by_type", by_type("音频", "Audio")),
        ("move_by_type", by_type("代码", "Code")),
        ("move_by_type", by_type("文档", "Documents")),
        ("move_by_type", by_type("压缩包", "Archives")),
        ("move_by_type", by_type("安装包", "Installers")),
        (
            "move_matching",
            json!({ "path": ".", "pattern": "*", "destination": "Rest" }),
        ),
        ("move_by_type", by_type("其他", "Others")),
    ]
}

#[test]
fn the_moves_of_one_reply_end_as_moves_that_each_read_the_folder() {
    let mut fresh = mixed();
    let alone: Vec<ToolOutput> = (calls().into_iter())
        .map(|(name, arguments)| run(&mut fresh, None, name, arguments))
        .collect();
    let mut kept = mixed();
    let mut memo = FolderMemo::default();
    let shared: Vec<ToolOutput> = (calls().into_iter())
        .map(|(name, arguments)| run(&mut kept, Some(&mut memo), name, arguments))
        .collect();
    assert_eq!(shared, alone);
    assert_eq!(kept.snapshot(), fresh.snapshot());
    assert_eq!((listings(&kept), listings(&fresh)), (1, calls().len()));

    // The groups formed again as files left: the cue sheet with its album,
    // the saved page with the folder the images' move made.
    let tree = kept.snapshot();
    assert!(tree.contains_key("Audio/album.cue"), "{tree:#?}");
    assert!(tree.contains_key("Audio/album.flac"), "{tree:#?}");
    let page = tree
        .keys()
        .find(|path| path.ends_with("/page.html"))
        .unwrap();
    let folder = page.replace("page.html", "page_files/IMG_1.jpg");
    assert!(tree.contains_key(&folder), "{tree:#?}");
    assert!(tree.contains_key("movie.mp4") && tree.contains_key(".hidden.jpg"));
}

#[test]
fn a_file_that_vanished_between_two_moves_of_one_reply_fails_cleanly() {
    let mut fs = MemFs::new()
        .file("a.pdf", "a")
        .file("b.pdf", "b")
        .file("c.jpg", "c");
    let mut memo = FolderMemo::default();
    let images = run(
        &mut fs,
        Some(&mut memo),
        "move_by_type",
        by_type("图片", "Images"),
    );
    assert!(!images.is_error, "{}", images.text);
    // Another program takes b.pdf away.
    fs.remove_file(&in_target("b.pdf")).unwrap();
    let documents = run(
        &mut fs,
        Some(&mut memo),
        "move_by_type",
        by_type("文档", "Docs"),
    );
    assert!(!documents.is_error, "{}", documents.text);
    assert_eq!(
        documents.text,
        format!(
            "Moved 1 of 2 files to {TARGET}/Docs\n  a.pdf → {TARGET}/Docs/a.pdf\n1 files were not moved:\n  b.pdf: No such file or directory (os error 2): {TARGET}/b.pdf"
        )
    );
    assert!(fs.exists("Docs/a.pdf") && !fs.exists("Docs/b.pdf"));

    // Nothing left of that kind: the folder is known as it is now.
    let again = run(
        &mut fs,
        Some(&mut memo),
        "move_by_type",
        by_type("文档", "Docs"),
    );
    assert_eq!(
        again.text,
        format!("No 文档 files in {TARGET}; nothing was moved")
    );
    assert_eq!(listings(&fs), 1);
}

#[test]
fn a_file_that_appeared_between_two_moves_of_one_reply_waits_for_the_next_reply() {
    let mut fs = MemFs::new().file("a.pdf", "a").file("c.jpg", "c");
    let mut memo = FolderMemo::default();
    run(
        &mut fs,
        Some(&mut memo),
        "move_by_type",
        by_type("图片", "Images"),
    );
    // Another program saves a new document.
    let mut fs = fs.file("new.pdf", "new");
    let documents = run(
        &mut fs,
        Some(&mut memo),
        "move_by_type",
        by_type("文档", "Docs"),
    );
    assert_eq!(
        documents.text,
        format!("Moved 1 of 1 files to {TARGET}/Docs\n  a.pdf → {TARGET}/Docs/a.pdf")
    );
    assert!(fs.exists("new.pdf"));

    // The next reply reads the folder again.
    let mut next = FolderMemo::default();
    let documents = run(
        &mut fs,
        Some(&mut next),
        "move_by_type",
        by_type("文档", "Docs"),
    );
    assert!(documents.text.contains("new.pdf → "), "{}", documents.text);
    assert!(fs.exists("Docs/new.pdf"));
}

#[test]
fn a_tool_that_changes_files_makes_the_next_move_read_the_folder_again() {
    let mut fs = MemFs::new().file("a.txt", "a").file("c.jpg", "c");
    let mut memo = FolderMemo::default();
    run(
        &mut fs,
        Some(&mut memo),
        "move_by_type",
        by_type("图片", "Images"),
    );
    let renamed = run(
        &mut fs,
        Some(&mut memo),
        "rename_file",
        json!({ "path": "a.txt", "new_name": "a.zip" }),
    );
    assert!(!renamed.is_error, "{}", renamed.text);
    let archives = run(
        &mut fs,
        Some(&mut memo),
        "move_by_type",
        by_type("压缩包", "Archives"),
    );
    assert!(!archives.is_error, "{}", archives.text);
    assert!(fs.exists("Archives/a.zip"));
    assert_eq!(listings(&fs), 2);

    // A tool that changes nothing keeps it.
    let mut fs = MemFs::new().file("a.pdf", "a").file("c.jpg", "c");
    let mut memo = FolderMemo::default();
    run(
        &mut fs,
        Some(&mut memo),
        "move_by_type",
        by_type("图片", "Images"),
    );
    run(
        &mut fs,
        Some(&mut memo),
        "get_file_type",
        json!({ "filename": "a.pdf" }),
    );
    run(
        &mut fs,
        Some(&mut memo),
        "move_by_type",
        by_type("文档", "Docs"),
    );
    assert!(fs.exists("Docs/a.pdf"));
    assert_eq!(listings(&fs), 1);
}

#[test]
fn the_agent_reads_a_folder_once_for_the_moves_of_one_reply() {
    let fs = MemFs::new()
        .file("a.pdf", "a")
        .file("b.jpg", "b")
        .file("c.mp3", "c");
    let moves: Vec<Value> = [("文档", "Docs"), ("图片", "Images"), ("音频", "Audio")]
        .iter()
        .enumerate()
        .map(|(at, (category, folder))| {
            call_json(
                &format!("call_{at}"),
                "move_by_type",
                by_type(category, folder),
            )
        })
        .collect();
    let model = ScriptedModel::new([tool_reply(&moves), text_reply("Done.")]);
    let mut world = World::en(fs, model).with_limits(bulk_limits());
    assert_eq!(world.line("organize"), Outcome::Answered);
    assert!(world.fs.exists("Docs/a.pdf"));
    assert!(world.fs.exists("Images/b.jpg"));
    assert!(world.fs.exists("Audio/c.mp3"));
    // The session's first look counts the folder; the three moves list it once.
    assert_eq!(first_looks(&world.fs), 1);
    assert_eq!(listings(&world.fs), 1);
}

#[test]
fn a_move_whose_destination_cannot_be_a_folder_makes_the_next_read_the_folder_again() {
    let mut fs = MemFs::new()
        .file("a.pdf", "a")
        .file("c.jpg", "c")
        .file("Images", "a file, not a folder");
    let mut memo = FolderMemo::default();
    let blocked = run(
        &mut fs,
        Some(&mut memo),
        "move_by_type",
        by_type("图片", "Images"),
    );
    assert!(blocked.is_error, "{}", blocked.text);
    run(
        &mut fs,
        Some(&mut memo),
        "move_by_type",
        by_type("文档", "Docs"),
    );
    assert!(fs.exists("Docs/a.pdf") && fs.exists("c.jpg"));
    assert_eq!(listings(&fs), 2);
}

/// Limits under which a three-file folder is large: the bulk tools are declared.
fn bulk_limits() -> Limits {
    Limits {
        tools: ToolLimits {
            large_folder_entries: 2,
            ..ToolLimits::default()
        },
        ..Limits::default()
    }
}

#[test]
fn the_reading_calls_of_one_reply_list_a_folder_once() {
    let fs = MemFs::new()
        .file("a.pdf", "a")
        .file("b.jpg", "b")
        .file("c.mp3", "c");
    let reads = vec![
        call_json("call_0", "summarize_folder", json!({ "path": "." })),
        call_json(
            "call_1",
            "find_files",
            json!({ "path": ".", "pattern": "*.pdf", "offset": 0 }),
        ),
        call_json("call_2", "find_duplicates", json!({ "path": "." })),
    ];
    let model = ScriptedModel::new([tool_reply(&reads), text_reply("Seen.")]);
    let mut world = World::en(fs, model).with_limits(bulk_limits());
    assert_eq!(world.line("look"), Outcome::Answered);
    // The session's first look counts the folder; the three reading
    // calls list it once.
    assert_eq!(first_looks(&world.fs), 1);
    assert_eq!(listings(&world.fs), 1);
}

#[test]
fn a_change_between_two_reading_calls_makes_the_second_list_again() {
    let fs = MemFs::new()
        .file("a.pdf", "a")
        .file("b.jpg", "b")
        .file("c.mp3", "c");
    let calls = vec![
        call_json("call_0", "summarize_folder", json!({ "path": "." })),
        call_json("call_1", "create_folder", json!({ "path": "Docs" })),
        call_json(
            "call_2",
            "find_files",
            json!({ "path": ".", "pattern": "Docs", "offset": 0 }),
        ),
    ];
    let model = ScriptedModel::new([tool_reply(&calls), text_reply("Seen.")]);
    let mut world = World::en(fs, model).with_limits(bulk_limits());
    assert_eq!(world.line("look"), Outcome::Answered);
    // Before the change and after it (the first look only counts).
    assert_eq!(listings(&world.fs), 2);
    // The search saw the folder the call before it made.
    let history = world.history_json();
    let search = history
        .iter()
        .find(|message| message["tool_call_id"] == "call_2")
        .expect("the search's result");
    let found = search["content"].as_str().unwrap_or_default();
    assert!(
        found.contains("Docs") && !found.starts_with("No items"),
        "{found}"
    );
}
