//! Out of the box: `tidyup demo` and the offline planner, through the binary,
//! with no key and no network (the base address points at a closed port).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{MAIN_SEPARATOR, Path};
use std::process::{Command, Output, Stdio};

use tidyup_core::{CATEGORIES, DEMO_FILES, Lang, category, folder_name, kind};

/// Runs `tidyup ARGS` with `stdin`, a clean environment and no key.
fn tidyup(home: &Path, args: &[&str], stdin: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tidyup"));
    command
        .args(args)
        .env_clear()
        .env("HOME", home)
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("TIDYUP_BASE_URL", "http://127.0.0.1:9/v1")
        .env("TZ", "UTC");
    if cfg!(windows) {
        // Windows finds a user's folders through the shell, not through
        // variables: name tidyup's own inside the temporary home, and keep
        // the system's variables a process needs.
        command
            .env("TIDYUP_DATA_DIR", home.join("data"))
            .env("TIDYUP_CACHE_DIR", home.join("cache"));
        for name in ["SystemRoot", "SystemDrive", "windir", "TEMP", "TMP"] {
            if let Some(value) = std::env::var_os(name) {
                command.env(name, value);
            }
        }
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Every file under `dir`, relative path → content.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        for entry in std::fs::read_dir(&current).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                // Written with `/` on every platform.
                let relative = path
                    .strip_prefix(dir)
                    .unwrap()
                    .components()
                    .map(|part| part.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/");
                files.insert(relative, std::fs::read(&path).unwrap());
            }
        }
    }
    files
}

/// Runs `tidyup --provider offline DIR --lang en` with `stdin`; returns the
/// output and its stdout text.
fn offline_en(home: &Path, dir: &Path, stdin: &str) -> (Output, String) {
    let args = [
        "--provider",
        "offline",
        dir.to_str().unwrap(),
        "--lang",
        "en",
    ];
    let out = tidyup(home, &args, stdin);
    let stdout = text(&out.stdout);
    (out, stdout)
}

/// Creates the demo folder in a fresh temporary home; returns (home, demo dir).
fn demo() -> (tempfile::TempDir, std::path::PathBuf) {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("messy");
    let out = tidyup(
        home.path(),
        &["demo", dir.to_str().unwrap(), "--lang", "en"],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let dir = dunce::canonicalize(&dir).unwrap();
    assert!(text(&out.stdout).contains(&format!("{}", dir.display())));
    assert!(text(&out.stdout).contains("--provider offline"));
    (home, dir)
}

#[test]
fn the_demo_folder_is_a_realistic_mess() {
    let (_home, dir) = demo();
    let files = tree(&dir);
    assert!((40..=60).contains(&files.len()), "{} files", files.len());
    for (name, _) in CATEGORIES {
        assert!(
            files.keys().any(|path| category(path) == name),
            "no {name} file"
        );
    }
    assert!(
        files.keys().any(|path| path.starts_with('.')),
        "a hidden file"
    );
    assert!(files.keys().any(|path| path.contains('/')), "a subfolder");
    assert!(
        files.keys().any(|path| path.contains(' ')),
        "a name with spaces"
    );
    assert!(files.keys().any(|path| !path.is_ascii()), "a Chinese name");
    assert!(
        files.keys().any(|path| path.ends_with(".JPG")),
        "an upper-case extension"
    );

    let again = tidyup(_home.path(), &["demo", dir.to_str().unwrap()], "");
    assert_eq!(
        again.status.code(),
        Some(2),
        "a non-empty folder is never overwritten"
    );
    assert_eq!(tree(&dir), files);
}

/// Where the planner should put each demo file: top-level, not hidden files
/// go to their kind's folder; everything else stays.
fn expected_after_organizing(
    before: &BTreeMap<String, Vec<u8>>,
    lang: Lang,
) -> BTreeMap<String, Vec<u8>> {
    before
        .iter()
        .map(|(path, content)| {
            let loose = !path.contains('/') && !path.starts_with('.');
            let moved = if loose {
                format!("{}/{path}", folder_name(kind(path).name(), lang))
            } else {
                path.clone()
            };
            (moved, content.clone())
        })
        .collect()
}

#[test]
fn organize_then_yes_sorts_every_loose_file_and_reports_each_move() {
    let (home, dir) = demo();
    let before = tree(&dir);
    let (out, stdout) = offline_en(home.path(), &dir, "organize\nyes\nquit\n");
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(
        stdout.contains("offline planner (rules, no AI)"),
        "{stdout}"
    );
    assert_eq!(tree(&dir), expected_after_organizing(&before, Lang::En));

    let report = stdout
        .split("Done. Created 8 folders and moved")
        .nth(1)
        .expect("a report");
    let loose = DEMO_FILES
        .iter()
        .filter(|f| !f.path.contains('/') && !f.path.starts_with('.'));
    for file in loose {
        let line = format!(
            "✓ {} → {}{MAIN_SEPARATOR}{}",
            file.path,
            folder_name(kind(file.path).name(), Lang::En),
            file.path
        );
        assert!(report.contains(&line), "report misses {line}");
    }
    assert!(!stdout.contains("delete_file"));
}

#[test]
fn no_key_at_all_uses_the_planner_and_says_how_to_use_a_model() {
    let (home, dir) = demo();
    let before = tree(&dir);
    let out = tidyup(
        home.path(),
        &[dir.to_str().unwrap(), "--lang", "zh"],
        "整理\n好\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(stdout.contains("未配置 API 密钥"), "{stdout}");
    assert!(stdout.contains("TIDYUP_API_KEY"), "{stdout}");
    assert_eq!(tree(&dir), expected_after_organizing(&before, Lang::Zh));
}

#[test]
fn help_names_the_offline_planner() {
    let home = tempfile::tempdir().unwrap();
    let out = tidyup(home.path(), &["--help"], "");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("offline planner (rules, no AI)"));
}

#[test]
fn no_changes_nothing() {
    let (home, dir) = demo();
    let before = tree(&dir);
    let (out, stdout) = offline_en(
        home.path(),
        &dir,
        "please organize my files\nno\nyes\nquit\n",
    );
    assert!(out.status.success());
    assert!(stdout.contains("Here is my plan"), "{stdout}");
    assert!(stdout.contains("OK, nothing was changed."), "{stdout}");
    assert!(stdout.contains("There is no plan waiting"), "{stdout}");
    assert_eq!(tree(&dir), before);
}

#[test]
fn a_second_run_reuses_folders_and_never_overwrites() {
    let (home, dir) = demo();
    assert!(
        offline_en(home.path(), &dir, "organize\nyes\n")
            .0
            .status
            .success()
    );
    std::fs::write(dir.join("cat.gif"), b"a different cat").unwrap();
    let (_, stdout) = offline_en(home.path(), &dir, "organize\nyes\n");
    assert!(
        stdout.contains(&format!(
            "Images{MAIN_SEPARATOR} (图片, existing folder, 1 file)"
        )),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read(dir.join("Images/cat (2).gif")).unwrap(),
        b"a different cat"
    );
    assert!(
        std::fs::read(dir.join("Images/cat.gif"))
            .unwrap()
            .starts_with(b"tidyup demo file")
    );
}

#[test]
fn a_large_folder_is_organized_by_category_with_bounded_output_and_undone() {
    let home = tempfile::tempdir().unwrap();
    let target = home.path().join("Downloads");
    std::fs::create_dir(&target).unwrap();
    let kinds = ["jpg", "pdf", "mp3", "zip", "py", "bin"];
    for i in 0..3_000 {
        let name = format!("IMG_{i:04}.{}", kinds[i % kinds.len()]);
        std::fs::write(target.join(name), i.to_string()).unwrap();
    }
    std::fs::write(target.join(".hidden"), b"stays").unwrap();
    let before = tree(&target);
    let dir = target.to_str().unwrap();
    let args = ["--provider", "offline", "--lang", "en", dir];
    let out = tidyup(home.path(), &args, "organize\nyes\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // A plan by category and a report with counts: never a line per file.
    assert!(stdout.lines().count() < 120, "{stdout}");
    assert!(stdout.contains("summarize_folder"), "{stdout}");
    // One bulk move of the plan's steps, never a call per file.
    assert!(stdout.contains("[tool] move_files: "), "{stdout}");
    assert!(!stdout.contains("[tool] move_file: "), "{stdout}");
    assert!(stdout.contains("500"), "counts in the plan: {stdout}");
    let loose: Vec<_> = std::fs::read_dir(&target)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name())
        .collect();
    assert_eq!(loose, [std::ffi::OsString::from(".hidden")]);
    for folder in ["Images", "Documents", "Audio", "Archives", "Code", "Others"] {
        assert_eq!(std::fs::read_dir(target.join(folder)).unwrap().count(), 500);
    }
    let undo = tidyup(home.path(), &["undo"], "");
    assert!(undo.status.success(), "{}", text(&undo.stderr));
    assert_eq!(tree(&target), before);
}
