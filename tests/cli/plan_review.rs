//! Reviewing the offline planner's plan through the binary, piped: `show`
//! prints the whole plan on standard output as it is, `skip NAME` leaves a
//! folder or a file out, and "yes" carries out the rest. A saved dry-run
//! plan is shown by `tidyup plan show FILE`, as a table or as JSON.

use std::path::Path;

use tidyup_test_kit::e2e::{Outcome, Tidyup, write_file};

/// `tidyup --provider offline --lang LANG DIR` with `input`.
fn offline(dir: &Path, lang: &str, input: &str, extra: &[&str]) -> Outcome {
    Tidyup::bare()
        .arg(dir)
        .args(["--provider", "offline", "--lang", lang])
        .args(extra.iter().copied())
        .stdin(input)
        .run_blocking()
}

fn small_target() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "notes.txt", 10);
    write_file(dir.path(), "photo.png", 20);
    write_file(dir.path(), "setup.exe", 30);
    dir
}

#[test]
fn show_prints_the_whole_plan_when_piped_and_yes_still_carries_it_out() {
    for (lang, show, images) in [("en", "show", "Images"), ("zh", "显示", "图片")] {
        let target = small_target();
        let out = offline(
            target.path(),
            lang,
            &format!("organize\n{show}\nyes\nquit\n"),
            &[],
        );
        assert_eq!(out.code(), 0, "{out}");
        for line in [
            format!("  photo.png → {images}/photo.png"),
            format!("  notes.txt → "),
        ] {
            assert!(out.stdout.contains(&line), "{line}\n{out}");
        }
        assert!(
            target.path().join(images).join("photo.png").exists(),
            "{out}"
        );
        assert!(
            !out.stdout.contains("\u{1b}"),
            "plain text when piped: {out}"
        );
    }
}

#[test]
fn skip_leaves_a_file_and_a_folder_out_of_a_large_plan() {
    for (lang, skip, installers, texts) in [
        ("en", "skip", "Installers", "Documents"),
        ("zh", "跳过", "安装包", "文档"),
    ] {
        let target = tempfile::tempdir().unwrap();
        for i in 0..300 {
            write_file(target.path(), &format!("note {i:03}.txt"), 8 + i);
        }
        write_file(target.path(), "setup.exe", 5);
        let input = format!(
            "organize\n{skip} note 007.txt\n{skip} {installers}\n{skip} nothing\nyes\nquit\n"
        );
        let out = offline(target.path(), lang, &input, &[]);
        assert_eq!(out.code(), 0, "{out}");
        assert!(out.stdout.contains("299"), "updated counts: {out}");
        assert!(out.stdout.contains("nothing"), "{out}");
        assert!(target.path().join("note 007.txt").exists(), "{out}");
        assert!(target.path().join("setup.exe").exists(), "{out}");
        assert!(!target.path().join(installers).exists(), "{out}");
        assert!(
            target.path().join(texts).join("note 008.txt").exists(),
            "{out}"
        );
    }
}
