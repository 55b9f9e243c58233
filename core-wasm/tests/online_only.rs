//! A cloud drive's online-only files (the file system marks them so) are
//! never read: no sample, no digest, no `read_file`, whatever path
//! organizes them. They are moved like any other file (a move is a
//! rename), and the plan names them.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use serde_json::json;
use tidyup_core::{Lang, Outcome, ToolContext, ToolSet, run_tool_text};
use tidyup_test_kit::{MTIME, MemFs, Snap, TARGET, converse, run_tool};

/// A PNG's first bytes: a file named without an extension is told by them.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0\x90wS\xde";

/// Online-only: a report, a picture whose name says nothing (its kind
/// would otherwise be read from its first bytes), a copy of a local file
/// (same size, so a duplicate search would digest it), and a private key
/// by its name (a secret would be confirmed by reading it).
const ONLINE: [&str; 4] = ["report.pdf", "photo from chat", "notes (1).txt", "id_rsa"];

/// A folder of the online-only files above, a local copy of the notes and
/// `extra` local photos.
fn folder(extra: usize) -> MemFs {
    let photos = (0..extra).map(|i| (format!("IMG_{i:04}.HEIC"), 1000, MTIME));
    let mut fs = MemFs::new()
        .file("report.pdf", "%PDF-1.7 the report")
        .file_bytes("photo from chat", PNG)
        .file("notes.txt", "the notes")
        .file("notes (1).txt", "the notes")
        .file("id_rsa", "-----BEGIN OPENSSH PRIVATE KEY-----")
        .files_with(photos);
    for name in ONLINE {
        fs = fs.online_only(name);
    }
    fs
}

/// The reads of online-only files among what the file system was asked.
fn reads_of_online_files(fs: &MemFs) -> Vec<String> {
    fs.calls
        .iter()
        .filter(|call| call.starts_with("read_bytes ") || call.starts_with("digest "))
        .filter(|call| {
            ONLINE
                .iter()
                .any(|name| call.ends_with(&format!("{TARGET}/{name}")))
        })
        .cloned()
        .collect()
}

#[test]
fn a_small_folder_moves_online_only_files_unread_and_the_plan_says_which() {
    let mut fs = folder(0);
    let (outcomes, events, _) = converse(Lang::En, &mut fs, &["organize", "yes"]);
    assert_eq!(outcomes, [Outcome::Answered, Outcome::Answered]);
    assert_eq!(reads_of_online_files(&fs), Vec::<String>::new());
    let plan = &events.answers()[0];
    let report_line = plan
        .lines()
        .find(|line| line.trim_start().starts_with("report.pdf →"))
        .unwrap_or_else(|| panic!("no line of report.pdf in\n{plan}"));
    assert!(
        report_line.ends_with("(online-only: moved without downloading it)"),
        "{report_line}"
    );
    let local_line = plan
        .lines()
        .find(|line| line.trim_start().starts_with("notes.txt →"))
        .unwrap_or_else(|| panic!("no line of notes.txt in\n{plan}"));
    assert!(!local_line.contains("online-only"), "{local_line}");
    // Moved by its name's kind, as any document.
    let tree = fs.snapshot();
    assert!(!tree.contains_key("report.pdf"), "{tree:?}");
    assert!(
        tree.iter().any(|(path, snap)| path.ends_with("/report.pdf")
            && *snap == Snap::File("%PDF-1.7 the report".to_owned(), 19)),
        "{tree:?}"
    );
}

#[test]
fn a_large_folder_moves_online_only_files_unread_and_the_plan_counts_them() {
    let mut fs = folder(250);
    let (outcomes, events, _) = converse(Lang::En, &mut fs, &["organize", "yes"]);
    assert_eq!(outcomes, [Outcome::Answered, Outcome::Answered]);
    assert_eq!(reads_of_online_files(&fs), Vec::<String>::new());
    let plan = &events.answers()[0];
    let line = "Online-only, moved without downloading them: 3 files (notes (1).txt, photo from chat, report.pdf)";
    assert!(plan.contains(line), "{plan}");
    assert!(!fs.snapshot().contains_key("report.pdf"));
}

#[test]
fn the_plan_names_them_in_chinese_too() {
    let mut fs = folder(0);
    let (_, events, _) = converse(Lang::Zh, &mut fs, &["整理"]);
    let plan = &events.answers()[0];
    assert!(plan.contains("report.pdf → "), "{plan}");
    assert!(plan.contains("（仅在云端：只移动，不下载）"), "{plan}");
    assert_eq!(reads_of_online_files(&fs), Vec::<String>::new());
}

#[test]
fn read_file_refuses_an_online_only_file_and_reads_nothing() {
    let mut fs = folder(0);
    let mut ctx = ToolContext::new(&mut fs, TARGET, Lang::En).with_tools(ToolSet::ALL);
    let said = run_tool_text("read_file", &json!({"path": "report.pdf"}), &mut ctx);
    assert!(said.contains("report.pdf is online-only"), "{said}");
    assert_eq!(reads_of_online_files(&fs), Vec::<String>::new());
}

#[test]
fn find_duplicates_leaves_an_online_only_copy_unread() {
    let mut fs = folder(0);
    let said = run_tool(&mut fs, "find_duplicates", "{}");
    assert!(!said.contains("notes (1).txt"), "{said}");
    assert_eq!(reads_of_online_files(&fs), Vec::<String>::new());
}

#[test]
fn the_plan_table_marks_an_online_only_row() {
    let d = "/home/u/OneDrive";
    let input: tidyup_core::PlanInput = serde_json::from_value(json!({
        "plan": "p1",
        "folder": d,
        "entries": [
            {"name": "report.pdf", "size": 52311, "online_only": true},
            {"name": "notes.txt", "size": 10},
        ],
        "steps": [
            {"op": "create_folder", "path": format!("{d}/Documents")},
            {"op": "move", "from": format!("{d}/report.pdf"), "to": format!("{d}/Documents/report.pdf"), "size": 52311},
            {"op": "move", "from": format!("{d}/notes.txt"), "to": format!("{d}/Documents/notes.txt"), "size": 10},
        ],
    }))
    .unwrap();
    let table = serde_json::to_value(tidyup_core::plan_table(&input, Lang::En)).unwrap();
    let rows = table["groups"][0]["rows"].as_array().unwrap();
    let marked: Vec<(&str, bool)> = rows
        .iter()
        .map(|row| (row["name"].as_str().unwrap(), row["online_only"] == true))
        .collect();
    assert_eq!(
        marked,
        [("report.pdf", true), ("notes.txt", false)],
        "{table}"
    );
    // Absent, not `false`, on a row that is not: the table's JSON is as before.
    assert!(rows[1].get("online_only").is_none(), "{table}");
}
