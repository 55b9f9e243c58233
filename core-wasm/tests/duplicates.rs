//! Duplicates found by content: the search itself, the `find_duplicates`
//! tool's result, and the offline planner setting copies aside.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use tidyup_core::{DUPLICATE_HEAD_BYTES, DuplicateCandidate, FileSystemExt, Lang, find_duplicates};
use tidyup_test_kit::{
    MTIME, MemFs, TARGET, converse, in_target, run_tool, run_tool_zh, scans_with_two_copies,
};

fn candidate(fs: &mut MemFs, name: &str) -> DuplicateCandidate {
    let entry = fs.stat(&in_target(name)).unwrap().unwrap();
    DuplicateCandidate {
        shown: name.to_owned(),
        path: in_target(name),
        size: entry.size,
        modified: entry.modified,
    }
}

fn groups(fs: &mut MemFs, names: &[&str]) -> Vec<Vec<String>> {
    let candidates = names.iter().map(|name| candidate(fs, name)).collect();
    find_duplicates(fs, candidates)
        .unwrap()
        .groups
        .into_iter()
        .map(|group| group.files.into_iter().map(|file| file.shown).collect())
        .collect()
}

#[test]
fn identical_files_are_one_group_clean_name_first_then_oldest_then_shortest_name() {
    let mut fs = MemFs::new()
        .file_with("report (1).pdf", "same bytes", 10, MTIME)
        .file_with("report.pdf", "same bytes", 10, MTIME)
        .file_with("copy of report.pdf", "same bytes", 10, MTIME - 60)
        .file("other.pdf", "other byte");
    assert_eq!(
        groups(
            &mut fs,
            &[
                "report (1).pdf",
                "report.pdf",
                "copy of report.pdf",
                "other.pdf"
            ]
        ),
        vec![vec!["report.pdf", "copy of report.pdf", "report (1).pdf"]]
    );
}

#[test]
fn same_size_different_bytes_and_empty_files_are_never_duplicates() {
    let mut fs = MemFs::new()
        .file("a.txt", "aaaa")
        .file("b.txt", "bbbb")
        .file("empty1.txt", "")
        .file("empty2.txt", "");
    assert!(groups(&mut fs, &["a.txt", "b.txt", "empty1.txt", "empty2.txt"]).is_empty());
}

#[test]
fn a_file_whose_size_is_unique_is_never_read() {
    let mut fs = MemFs::new().file("a.txt", "a").file("bb.txt", "bb");
    assert!(groups(&mut fs, &["a.txt", "bb.txt"]).is_empty());
    assert!(!fs.calls.iter().any(|call| call.starts_with("digest")));
}

#[test]
fn files_alike_in_their_first_bytes_are_told_apart_by_a_full_digest() {
    let head = "x".repeat(usize::try_from(DUPLICATE_HEAD_BYTES).unwrap());
    let mut fs = MemFs::new()
        .file("a.bin", &format!("{head}tail-1"))
        .file("b.bin", &format!("{head}tail-2"))
        .file("c.bin", &format!("{head}tail-1"));
    assert_eq!(
        groups(&mut fs, &["a.bin", "b.bin", "c.bin"]),
        vec![vec!["a.bin", "c.bin"]]
    );
    let full: Vec<&String> = fs
        .calls
        .iter()
        .filter(|call| call.starts_with("digest"))
        .collect();
    assert_eq!(
        full.len(),
        6,
        "three partial digests, then three full: {full:?}"
    );
}

#[test]
fn many_same_size_files_with_a_few_copies_are_grouped_exactly() {
    let mut fs = MemFs::new();
    let mut names = Vec::new();
    for i in 0..2_000 {
        let name = format!("file{i:05}.bin");
        fs = fs.file(&name, &format!("content {i:08} {}", "-".repeat(64)));
        names.push(name);
    }
    for i in 0..20 {
        let name = format!("copy{i:02}.bin");
        let text = format!("content {:08} {}", i * 7, "-".repeat(64));
        fs = fs.file_with(&name, &text, 81, MTIME + 10);
        names.push(name);
    }
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut found = groups(&mut fs, &names);
    found.sort();
    let mut expected: Vec<Vec<String>> = (0..20)
        .map(|i| vec![format!("file{:05}.bin", i * 7), format!("copy{i:02}.bin")])
        .collect();
    expected.sort();
    assert_eq!(found, expected);
}

#[test]
fn the_tool_lists_groups_with_sizes_under_subfolders_and_skips_hidden_items() {
    let mut fs = MemFs::new()
        .file("report.pdf", "same bytes")
        .file_with("Documents/report.pdf", "same bytes", 10, MTIME - 100)
        .file(".hidden/report.pdf", "same bytes")
        .file("notes.txt", "different!");
    let result = run_tool(&mut fs, "find_duplicates", r#"{"path": "."}"#);
    assert_eq!(
        result,
        format!(
            "Identical files under {TARGET}: 1 groups, 1 copies beyond the first (10 B). Each group lists first the file to keep: a name without a copy's mark (such as \" (1)\" or \"copy\"), else the oldest.\n- 2 files of 10 B:\n    Documents/report.pdf\n    report.pdf"
        )
    );
    let result = run_tool_zh(&mut fs, "find_duplicates", r#"{"path": "Documents"}"#);
    assert_eq!(
        result,
        format!("{TARGET}/Documents 下没有内容相同的文件（比较了 1 个文件）。")
    );
    let missing = run_tool(&mut fs, "find_duplicates", r#"{"path": "nope"}"#);
    assert_eq!(missing, format!("Directory does not exist: {TARGET}/nope"));
}

#[test]
fn the_tool_names_the_first_groups_and_counts_the_rest() {
    let mut fs = MemFs::new();
    for i in 0..300 {
        let text = format!("group {i:04} {}", "-".repeat(64));
        fs = fs
            .file(&format!("a{i:04}.txt"), &text)
            .file(&format!("b{i:04}.txt"), &text);
    }
    let result = run_tool(&mut fs, "find_duplicates", r#"{"path": "."}"#);
    let shown = result.lines().filter(|line| line.starts_with("- ")).count();
    assert_eq!(shown, 200);
    assert!(
        result.ends_with("...and 100 more groups (100 copies, 7.3 KB); call find_duplicates on a subfolder to see them."),
        "{result}"
    );
}

#[test]
fn the_offline_planner_keeps_the_oldest_copy_and_sets_the_others_aside() {
    let mut fs = MemFs::new()
        .file_with("report.pdf", "quarterly numbers", 17, MTIME - 3600)
        .file_with("report (1).pdf", "quarterly numbers", 17, MTIME)
        .file_with("report copy.pdf", "quarterly numbers", 17, MTIME)
        .file("empty.txt", "")
        .file("empty copy.txt", "")
        .file("photo.jpg", "jpeg bytes");
    let (_, events, _) = converse(Lang::En, &mut fs, &["organize", "yes"]);
    let answers = events.answers();
    assert!(
        answers[0].contains(
            "Duplicates/ (copies of files kept elsewhere, new folder, 2 files)\n  report (1).pdf → Duplicates/report (1).pdf (same bytes as report.pdf)\n  report copy.pdf → Duplicates/report copy.pdf (same bytes as report.pdf)"
        ),
        "{}",
        answers[0]
    );
    assert!(fs.exists(&in_target("Documents/report.pdf")));
    assert!(fs.exists(&in_target("Duplicates/report (1).pdf")));
    assert!(fs.exists(&in_target("Duplicates/report copy.pdf")));
    assert!(fs.exists(&in_target("Documents/empty.txt")));
    assert!(fs.exists(&in_target("Documents/empty copy.txt")));
    assert!(fs.exists(&in_target("Images/photo.jpg")));
    assert!(answers[1].starts_with("Done. Created 3 folders and moved 6 of 6 files:"));
}

#[test]
fn a_copy_of_a_file_already_filed_is_set_aside_in_chinese_too() {
    let mut fs = MemFs::new()
        .file_with("文档/合同.pdf", "signed", 6, MTIME - 100)
        .file("合同(1).pdf", "signed");
    let (_, events, _) = converse(Lang::Zh, &mut fs, &["整理", "好"]);
    let answers = events.answers();
    assert!(
        answers[0].contains("  合同(1).pdf → 重复文件/合同(1).pdf（与 文档/合同.pdf 内容相同）"),
        "{}",
        answers[0]
    );
    assert!(fs.exists(&in_target("重复文件/合同(1).pdf")));
    assert!(fs.exists(&in_target("文档/合同.pdf")));
}

#[test]
fn a_large_folder_sets_its_copies_aside_before_moving_by_type() {
    let mut fs = scans_with_two_copies();
    let (_, events, _) = converse(Lang::En, &mut fs, &["organize", "yes"]);
    let answers = events.answers();
    assert!(
        answers[0].contains("Duplicates/ (copies of files kept elsewhere, new folder, 2 files)\n  scan007 (copy).pdf → Duplicates/scan007 (copy).pdf (same bytes as scan007.pdf)"),
        "{}",
        answers[0]
    );
    assert!(
        answers[0].contains("Documents/ (文档, new folder, 250 files"),
        "{}",
        answers[0]
    );
    assert!(fs.exists(&in_target("Duplicates/scan007 (copy).pdf")));
    assert!(fs.exists(&in_target("Duplicates/scan100 (copy).pdf")));
    assert_eq!(fs.count_in(&in_target("Documents")), 250);
    assert!(
        answers[1].contains("Duplicates/: 2 of 2 copies set aside"),
        "{}",
        answers[1]
    );
}

/// A folder of `count` scans (`scan000.pdf`…, each its own text) and the
/// given extra files.
fn scans(count: usize) -> MemFs {
    (0..count).fold(MemFs::new(), |fs, i| {
        fs.file(&format!("scan{i:03}.pdf"), &format!("page {i:03}"))
    })
}

#[test]
fn the_clean_name_is_kept_even_when_its_copy_is_older() {
    let mut fs = MemFs::new()
        .file_with("Boarding pass.pdf", "gate 12", 7, MTIME)
        .file_with("Boarding pass (1).pdf", "gate 12", 7, MTIME - 86_400)
        .file_with("budget.xlsx", "sheet", 5, MTIME)
        .file_with("Copy of budget.xlsx", "sheet", 5, MTIME - 3600)
        .file_with("CV copy.pdf", "cv", 2, MTIME - 60)
        .file_with("CV.pdf", "cv", 2, MTIME);
    let (_, events, _) = converse(Lang::En, &mut fs, &["organize", "yes"]);
    let answers = events.answers();
    assert!(
        answers[0].contains(
            "  Boarding pass (1).pdf → Duplicates/Boarding pass (1).pdf (same bytes as Boarding pass.pdf)"
        ),
        "{}",
        answers[0]
    );
    for kept in ["Boarding pass.pdf", "budget.xlsx", "CV.pdf"] {
        assert!(
            fs.exists(&in_target(&format!("Documents/{kept}"))),
            "{kept}"
        );
    }
    for copy in [
        "Boarding pass (1).pdf",
        "Copy of budget.xlsx",
        "CV copy.pdf",
    ] {
        assert!(
            fs.exists(&in_target(&format!("Duplicates/{copy}"))),
            "{copy}"
        );
    }
}

#[test]
fn the_clean_name_is_kept_in_chinese_too() {
    let mut fs = MemFs::new()
        .file_with("通讯录.xlsx", "名单", 6, MTIME)
        .file_with("通讯录(1).xlsx", "名单", 6, MTIME - 86_400)
        .file_with("报销单.xlsx", "金额", 6, MTIME)
        .file_with("报销单（副本）.xlsx", "金额", 6, MTIME - 60)
        .file_with("合同 副本.docx", "条款", 6, MTIME - 60)
        .file_with("合同.docx", "条款", 6, MTIME);
    let (_, events, _) = converse(Lang::Zh, &mut fs, &["整理", "好"]);
    let answers = events.answers();
    assert!(
        answers[0]
            .contains("  通讯录(1).xlsx → 重复文件/通讯录(1).xlsx（与 通讯录.xlsx 内容相同）"),
        "{}",
        answers[0]
    );
    for kept in ["通讯录.xlsx", "报销单.xlsx", "合同.docx"] {
        assert!(fs.exists(&in_target(&format!("文档/{kept}"))), "{kept}");
    }
    for copy in ["通讯录(1).xlsx", "报销单（副本）.xlsx", "合同 副本.docx"] {
        assert!(fs.exists(&in_target(&format!("重复文件/{copy}"))), "{copy}");
    }
}

#[test]
fn a_large_folder_keeps_the_clean_name_whichever_is_older() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = scans(250)
            .file_with("scan007 (1).pdf", "page 007", 8, MTIME - 86_400)
            .file_with("Copy of scan100.pdf", "page 100", 8, MTIME - 60)
            .file_with("scan200 副本.pdf", "page 200", 8, MTIME - 60);
        let (documents, duplicates) = match lang {
            Lang::En => ("Documents", "Duplicates"),
            Lang::Zh => ("文档", "重复文件"),
        };
        converse(lang, &mut fs, &["organize", "yes"]);
        for kept in ["scan007.pdf", "scan100.pdf", "scan200.pdf"] {
            assert!(
                fs.exists(&in_target(&format!("{documents}/{kept}"))),
                "{kept}"
            );
        }
        for copy in ["scan007 (1).pdf", "Copy of scan100.pdf", "scan200 副本.pdf"] {
            assert!(
                fs.exists(&in_target(&format!("{duplicates}/{copy}"))),
                "{copy}"
            );
        }
        assert_eq!(fs.count_in(&in_target(documents)), 250);
    }
}
