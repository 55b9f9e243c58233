//! Plain requests to the offline planner on a real folder: by year with a
//! photo's date taken read locally, and a folder of the user's for a kind
//! with a kind left alone, beside a rules file.

use std::path::Path;

use tidyup_test_kit::e2e::*;

/// A JPEG whose EXIF data says it was taken on 2023-07-14.
const PHOTO: &[u8] = include_bytes!("../../core-wasm/tests/fixtures/piexif_stray_next_ifd.jpg");

/// 2024-03-15, UTC.
const MARCH_2024: u64 = 1_710_460_800;

fn exists(root: &Path, relative: &str) -> bool {
    root.join(relative).exists()
}

#[tokio::test]
async fn by_year_photos_go_by_the_date_taken_and_other_files_by_their_time() {
    let (dir, _) = target_dir();
    let root = dir.path();
    std::fs::write(root.join("photo.jpg"), PHOTO).unwrap();
    set_mtime(&root.join("photo.jpg"), MARCH_2024);
    set_mtime(&write_file(root, "notes.txt", 10), MARCH_2024);
    let outcome = Tidyup::bare()
        .arg(root)
        .args(["--provider", "offline", "--lang", "en"])
        .stdin("sort by year\nyes\nquit\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    let understood = "Understood: by year (pictures by the date taken, other files by the date in their name, else by modification time).";
    assert!(outcome.stdout.contains(understood), "{outcome}");
    assert!(exists(root, "2023/photo.jpg"), "{outcome}");
    assert!(exists(root, "2024/notes.txt"), "{outcome}");
}

#[tokio::test]
async fn a_named_folder_and_a_kind_left_alone_come_before_the_rules_file() {
    let (dir, _) = target_dir();
    let root = dir.path();
    std::fs::write(
        root.join(".tidyup.toml"),
        "[[rule]]\nname = \"report*\"\nto = \"Reports\"\n",
    )
    .unwrap();
    for name in ["paper.pdf", "report-q3.docx", "song.mp3", "cat.png"] {
        write_file(root, name, 10);
    }
    let outcome = Tidyup::bare()
        .arg(root)
        .args(["--provider", "offline", "--lang", "zh"])
        .stdin("把PDF放到论文文件夹，音乐别动\n好\nquit\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    let sep = std::path::MAIN_SEPARATOR;
    for expected in [
        "理解为：PDF放到 论文；音频保持不动；其余按类型。".to_owned(),
        format!("论文{sep}（按你的要求，新建文件夹，1 个文件）"),
        format!("Reports{sep}（规则 1，新建文件夹，1 个文件）"),
        "按你的要求保持不动：song.mp3".to_owned(),
    ] {
        assert!(outcome.stdout.contains(&expected), "{expected}\n{outcome}");
    }
    for place in [
        "论文/paper.pdf",
        "Reports/report-q3.docx",
        "song.mp3",
        "图片/cat.png",
    ] {
        assert!(exists(root, place), "{place} missing\n{outcome}");
    }
}
