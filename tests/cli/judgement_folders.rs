//! The planner's judgement on a real folder through the binary, each
//! change put back exactly by `undo`: loose files into the folders the
//! user made, dates in names for a plan by year, and the clean name kept
//! of two identical files.

use std::path::Path;

use tidyup_test_kit::e2e::*;

/// 2024-03-15, UTC.
const MARCH_2024: u64 = 1_710_460_800;

/// Runs tidyup in `lang` with `args` and `stdin`, its data kept in `data`
/// across runs.
fn run(data: &Path, lang: &str, args: &[&str], stdin: &str) -> Outcome {
    Tidyup::bare()
        .args(args)
        .args(["--lang", lang])
        .env("TIDYUP_DATA_DIR", &data.display().to_string())
        .stdin(stdin)
        .run_blocking()
}

/// Writes each `(path, contents)` under `folder`, every file from March
/// 2024.
fn write_all(folder: &Path, files: &[(&str, &str)]) {
    for (path, contents) in files {
        let path = folder.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, contents).unwrap();
        set_mtime(&path, MARCH_2024);
    }
}

/// Organizes `folder` offline in `lang` with `lines`, checks that each of
/// `placed` is there after and the plan says each of `said`, then undoes
/// and checks the tree is as before.
fn organize_and_undo(
    lang: &str,
    lines: &str,
    files: &[(&str, &str)],
    placed: &[&str],
    said: &[&str],
) {
    let home = tempfile::tempdir().unwrap();
    let folder = home.path().join("Downloads");
    write_all(&folder, files);
    let before = tree_of(&folder);
    let data = home.path().join("data");
    let out = run(
        &data,
        lang,
        &["--provider", "offline", folder.to_str().unwrap()],
        lines,
    );
    out.assert_clean_exit();
    let stdout = &out.stdout;
    for path in placed {
        assert!(folder.join(path).is_file(), "{path}: {stdout}");
    }
    for words in said {
        let words = words.replace('/', std::path::MAIN_SEPARATOR_STR);
        assert!(stdout.contains(&words), "{words}: {stdout}");
    }
    run(&data, lang, &["undo"], "").assert_clean_exit();
    assert_eq!(tree_of(&folder), before, "undo put every file back");
}

#[test]
fn loose_files_go_into_the_folders_the_user_made_and_undo_puts_them_back() {
    organize_and_undo(
        "en",
        "organize\nyes\nquit\n",
        &[
            ("Invoices/Invoice_2024-01_Hetzner.pdf", "january"),
            ("Photos 2023/IMG_20230101_090000.jpg", "new year"),
            ("Invoice_2024-03_Hetzner.pdf", "march"),
            ("IMG_20230715_101500.jpg", "summer"),
            ("notes.txt", "notes"),
        ],
        &[
            "Invoices/Invoice_2024-03_Hetzner.pdf",
            "Photos 2023/IMG_20230715_101500.jpg",
            "Documents/notes.txt",
        ],
        &["Invoices/ (into your existing Invoices/, 1 file)"],
    );
    organize_and_undo(
        "zh",
        "整理\n好\n退出\n",
        &[
            ("发票/发票_2024-01_美团.pdf", "一月"),
            ("发票_2024-03_滴滴.pdf", "三月"),
            ("会议纪要.docx", "纪要"),
        ],
        &["发票/发票_2024-03_滴滴.pdf", "文档/会议纪要.docx"],
        &["发票/（放进你已有的 发票/，1 个文件）"],
    );
}

#[test]
fn by_year_goes_by_the_date_in_the_name_and_undo_puts_it_back() {
    organize_and_undo(
        "en",
        "sort by year\nyes\nquit\n",
        &[
            ("IMG_20210715_101500.jpg", "summer"),
            ("Screenshot 2022-03-12 at 10.15.30.png", "a shot"),
            ("notes.txt", "notes"),
        ],
        &[
            "2021/IMG_20210715_101500.jpg",
            "2022/Screenshot 2022-03-12 at 10.15.30.png",
            "2024/notes.txt",
        ],
        &["other files by the date in their name, else by modification time"],
    );
}

#[test]
fn the_clean_name_is_kept_whichever_is_older_and_undo_puts_both_back() {
    let home = tempfile::tempdir().unwrap();
    let folder = home.path().join("Downloads");
    write_all(&folder, &[("合同.docx", "条款"), ("合同(1).docx", "条款")]);
    // The copy is a day older than the file it copies.
    set_mtime(&folder.join("合同(1).docx"), MARCH_2024 - 86_400);
    let before = tree_of(&folder);
    let data = home.path().join("data");
    let out = run(
        &data,
        "zh",
        &["--provider", "offline", folder.to_str().unwrap()],
        "整理\n好\n退出\n",
    );
    out.assert_clean_exit();
    assert!(folder.join("文档/合同.docx").is_file(), "{}", out.stdout);
    assert!(
        folder.join("重复文件/合同(1).docx").is_file(),
        "{}",
        out.stdout
    );
    run(&data, "zh", &["undo"], "").assert_clean_exit();
    assert_eq!(tree_of(&folder), before, "undo put both back");
}
