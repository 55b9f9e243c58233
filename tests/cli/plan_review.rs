//! Reviewing the offline planner's plan through the binary, piped: `show`
//! prints the whole plan on standard output as it is, `skip NAME` leaves a
//! folder or a file out, and "yes" carries out the rest. A saved dry-run
//! plan is shown by `tidyup plan show FILE`, as a table or as JSON.

use std::path::{MAIN_SEPARATOR, Path};

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
            format!("  photo.png → {images}{MAIN_SEPARATOR}photo.png"),
            "  notes.txt → ".to_owned(),
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
fn a_line_not_understood_keeps_the_plan_waiting_and_yes_carries_it_out() {
    for (lang, yes, images, waiting) in [
        (
            "en",
            "yes",
            "Images",
            "The plan is still waiting: say \"yes\"",
        ),
        ("zh", "好", "图片", "方案仍在等待确认"),
    ] {
        let target = small_target();
        let out = offline(
            target.path(),
            lang,
            &format!("organize\nclear\nwhat?\n嗯\n{yes}\nquit\n"),
            &[],
        );
        assert_eq!(out.code(), 0, "{out}");
        assert_eq!(out.stdout.matches(waiting).count(), 3, "{out}");
        assert!(
            target.path().join(images).join("photo.png").exists(),
            "{out}"
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

/// Runs a dry-run offline session on `target` that agrees to the plan, in
/// `data` (tidyup's data directory); returns the saved plan's path and
/// the session's output.
fn dry_run_plan(target: &Path, data: &Path, lang: &str) -> (String, Outcome) {
    let out = Tidyup::bare()
        .env("TIDYUP_DATA_DIR", &data.display().to_string())
        .arg(target)
        .args(["--provider", "offline", "--lang", lang, "--dry-run"])
        .stdin("organize\nyes\nquit\n")
        .run_blocking();
    assert_eq!(out.code(), 0, "{out}");
    let plan = out
        .stdout
        .lines()
        .find_map(|line| line.split("tidyup plan show \"").nth(1))
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("the end message names plan show:\n{out}"))
        .to_owned();
    (plan, out)
}

#[test]
fn plan_show_prints_a_saved_dry_run_plan_as_a_table_grouped_by_destination() {
    for (lang, images, installers, moved) in [
        ("en", "Images", "Installers", "move"),
        ("zh", "图片", "安装包", "移动"),
    ] {
        let target = small_target();
        let data = tempfile::tempdir().unwrap();
        let (plan, _) = dry_run_plan(target.path(), data.path(), lang);
        assert!(
            target.path().join("photo.png").exists(),
            "a dry run changes nothing"
        );
        let out = Tidyup::bare()
            .args(["plan", "show", &plan, "--lang", lang])
            .run_blocking();
        assert_eq!(out.code(), 0, "{out}");
        let lines = out.stdout_lines();
        let row = |from: &str, to: &str| {
            lines.iter().any(|line| {
                let cells: Vec<&str> = line.split_whitespace().collect();
                cells.first() == Some(&from) && cells.get(1) == Some(&to) && line.ends_with(moved)
            })
        };
        assert!(
            row("photo.png", &format!("{images}{MAIN_SEPARATOR}photo.png")),
            "{out}"
        );
        assert!(
            row(
                "setup.exe",
                &format!("{installers}{MAIN_SEPARATOR}setup.exe")
            ),
            "{out}"
        );
        let group = lines
            .iter()
            .position(|line| line.starts_with(images))
            .unwrap_or_else(|| panic!("a group per destination: {out}"));
        assert!(lines[group].contains('2'), "create + move: {out}");
    }
}

#[test]
fn plan_show_json_has_the_documented_shape() {
    let target = small_target();
    let data = tempfile::tempdir().unwrap();
    let (plan, _) = dry_run_plan(target.path(), data.path(), "en");
    let out = Tidyup::bare()
        .args(["plan", "show", &plan, "--json"])
        .run_blocking();
    assert_eq!(out.code(), 0, "{out}");
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(json["version"], 1);
    let root = dunce::canonicalize(target.path()).unwrap();
    assert_eq!(json["target"], root.display().to_string());
    assert!(json["created"].is_string());
    let groups = json["groups"].as_array().unwrap();
    let steps: usize = groups
        .iter()
        .map(|g| g["steps"].as_array().unwrap().len())
        .sum();
    assert_eq!(json["step_count"], steps);
    let images = root.join("Images").display().to_string();
    let group = groups
        .iter()
        .find(|g| g["destination"] == images)
        .unwrap_or_else(|| panic!("{json:#}"));
    assert_eq!(group["step_count"], 2);
    assert_eq!(group["steps"][0]["kind"], "create_folder");
    assert_eq!(group["steps"][0]["from"], serde_json::Value::Null);
    assert_eq!(group["steps"][1]["kind"], "move");
    assert_eq!(
        group["steps"][1]["from"],
        root.join("photo.png").display().to_string()
    );
    assert_eq!(
        group["steps"][1]["to"],
        root.join("Images").join("photo.png").display().to_string()
    );
}

#[test]
fn plan_show_of_a_missing_file_fails_with_its_name() {
    let out = Tidyup::bare()
        .args(["plan", "show", "/nonexistent/plan.json"])
        .run_blocking();
    assert_eq!(out.code(), 1, "{out}");
    assert!(out.stderr.contains("/nonexistent/plan.json"), "{out}");
}
