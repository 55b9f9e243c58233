//! Plain requests to the offline planner on a real folder: by year with a
//! photo's date taken read locally, and a folder of the user's for a kind
//! with a kind left alone, beside a rules file; a request moves only what
//! it names (and `tidyup undo` puts it back), and skipping a subtitle keeps
//! its film.

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
    let understood = "I read this as: by year (pictures by the date taken, other files by the date in their name, else by modification time).";
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
        .stdin("把PDF放到论文文件夹，音乐别动，其他的按类型整理\n好\nquit\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    let sep = std::path::MAIN_SEPARATOR;
    for expected in [
        format!("我的理解：PDF → 论文{sep}；音频保持不动；其余按类型。"),
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

/// A Downloads too large to list whole (328 entries): photos, PDFs, Word
/// files with two copies, music, a film with its subtitles; every file's
/// bytes its own but the copies'.
fn large_downloads(root: &Path) {
    for i in 0..150 {
        write_file(root, &format!("IMG_{i:04}.jpg"), 40);
    }
    for i in 0..60 {
        write_file(root, &format!("paper {i:03}.pdf"), 40);
    }
    for i in 0..60 {
        write_file(root, &format!("letter {i:03}.docx"), 40);
    }
    for i in 0..54 {
        write_file(root, &format!("track {i:03}.mp3"), 40);
    }
    write_file(root, "film.mkv", 40);
    write_file(root, "film.srt", 40);
    for copy in ["letter 000 (1).docx", "letter 001 (1).docx"] {
        let kept = copy.replace(" (1)", "");
        std::fs::copy(root.join(kept), root.join(copy)).unwrap();
    }
}

/// `tidyup --provider offline --lang LANG DIR` with `input` piped, in the
/// data directory `data`.
async fn session(root: &Path, data: &Path, lang: &str, input: &str) -> Outcome {
    Tidyup::bare()
        .env("TIDYUP_DATA_DIR", &data.display().to_string())
        .arg(root)
        .args(["--provider", "offline", "--lang", lang])
        .stdin(input)
        .run()
        .await
}

/// `tidyup undo` in the data directory `data`.
async fn undo(data: &Path) -> Outcome {
    Tidyup::bare()
        .env("TIDYUP_DATA_DIR", &data.display().to_string())
        .args(["undo"])
        .run()
        .await
}

/// The names directly in `root`, files only.
fn loose_files(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root)
        .unwrap()
        .map(|entry| entry.unwrap())
        .filter(|entry| entry.path().is_file())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[tokio::test]
async fn a_folder_for_the_pdfs_moves_the_pdfs_alone_and_undo_puts_them_back() {
    for (lang, input, papers, understood, not_asked) in [
        (
            "en",
            "put the pdfs in a folder called Papers\nyes\nquit\n",
            "Papers",
            "I read this as: PDFs → Papers/; everything else stays where it is.",
            "Not part of your request (268), staying where they are:",
        ),
        (
            "zh",
            "把PDF放到论文文件夹\n好\n退出\n",
            "论文",
            "我的理解：PDF → 论文/；其他文件保持不动。",
            "不在你的要求之内（268 个），保持不动：",
        ),
    ] {
        let (dir, _) = target_dir();
        let root = dir.path();
        large_downloads(root);
        let before = tree_of(root);
        let loose_before = loose_files(root);
        let data = tempfile::tempdir().unwrap();
        let outcome = session(root, data.path(), lang, input).await;
        assert_eq!(outcome.code(), 0, "{outcome}");
        let understood = understood.replace('/', std::path::MAIN_SEPARATOR_STR);
        assert!(outcome.stdout.contains(&understood), "{outcome}");
        assert!(outcome.stdout.contains(not_asked), "{outcome}");
        assert!(!outcome.stdout.contains('✗'), "{outcome}");
        let (pdfs, others): (Vec<String>, Vec<String>) =
            (loose_before.into_iter()).partition(|name| name.ends_with(".pdf"));
        assert_eq!(loose_files(root), others, "{outcome}");
        assert_eq!(loose_files(&root.join(papers)), pdfs, "{outcome}");
        let undone = undo(data.path()).await;
        assert_eq!(undone.code(), 0, "{undone}");
        assert_eq!(tree_of(root), before, "undo restores the folder exactly");
    }
}

#[tokio::test]
async fn only_pictures_leaves_every_other_file_and_its_copies_in_place() {
    for (lang, input, images) in [
        ("en", "only pictures\nyes\nquit\n", "Images"),
        ("zh", "只整理图片\n好\n退出\n", "图片"),
    ] {
        let (dir, _) = target_dir();
        let root = dir.path();
        large_downloads(root);
        let loose_before = loose_files(root);
        let data = tempfile::tempdir().unwrap();
        let outcome = session(root, data.path(), lang, input).await;
        assert_eq!(outcome.code(), 0, "{outcome}");
        let pictures: Vec<String> = loose_before
            .iter()
            .filter(|name| name.ends_with(".jpg"))
            .cloned()
            .collect();
        let others: Vec<String> = loose_before
            .iter()
            .filter(|name| !name.ends_with(".jpg"))
            .cloned()
            .collect();
        assert_eq!(loose_files(root), others, "{outcome}");
        assert_eq!(loose_files(&root.join(images)), pictures, "{outcome}");
        let folders: Vec<_> = std::fs::read_dir(root)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.is_dir())
            .collect();
        assert_eq!(
            folders,
            [root.join(images)],
            "no folder but the pictures': {outcome}"
        );
        assert!(!outcome.stdout.contains('✗'), "{outcome}");
    }
}

#[tokio::test]
async fn skipping_a_subtitle_keeps_its_film_and_the_counts_follow() {
    for (lang, input, videos, skipped, moved) in [
        (
            "en",
            "organize\nskip film.srt\nyes\nquit\n",
            "Videos",
            "It belongs with film.mkv",
            "moved 3 of 3 files",
        ),
        (
            "zh",
            "整理\n跳过 film.srt\n好\n退出\n",
            "视频",
            "它与 film.mkv 是一组",
            "移动了 3/3 个文件",
        ),
    ] {
        let (dir, _) = target_dir();
        let root = dir.path();
        for name in ["film.mkv", "film.srt", "clip.mp4", "notes.txt", "cat.png"] {
            write_file(root, name, 20);
        }
        let before = tree_of(root);
        let data = tempfile::tempdir().unwrap();
        let outcome = session(root, data.path(), lang, input).await;
        assert_eq!(outcome.code(), 0, "{outcome}");
        assert!(outcome.stdout.contains(skipped), "{outcome}");
        assert!(outcome.stdout.contains(moved), "{outcome}");
        assert!(
            exists(root, "film.mkv") && exists(root, "film.srt"),
            "{outcome}"
        );
        assert!(exists(root, &format!("{videos}/clip.mp4")), "{outcome}");
        let undone = undo(data.path()).await;
        assert_eq!(undone.code(), 0, "{undone}");
        assert_eq!(tree_of(root), before);
    }
}
