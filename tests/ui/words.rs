//! What the window tells a person, through its HTTP API: after an apply,
//! what happened (how many files moved, into which folders) and where to
//! undo it in the window; after an undo, as many files put back as moved;
//! no flag, variable or command of the terminal; a folder typed as `~/…`
//! is in the home folder.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tidyup_test_kit::e2e::{Tidyup, target_dir, write_file};

use super::window::{Window, rows};

/// The report's lines as one text.
fn lines(report: &Value) -> Vec<String> {
    report["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line.as_str().unwrap().to_owned())
        .collect()
}

/// The subcommands of the terminal, which the window never names.
const COMMANDS: [&str; 14] = [
    "undo",
    "apply",
    "ui",
    "ask",
    "demo",
    "history",
    "plan",
    "watch",
    "mcp",
    "trash",
    "providers",
    "config",
    "export-core",
    "completions",
];

/// No flag, environment variable or terminal command in `text`.
pub(super) fn assert_for_people(text: &str) {
    for command in COMMANDS {
        let named = format!("tidyup {command}");
        assert!(
            !text
                .split(&named)
                .skip(1)
                .any(|after| after.chars().next().is_none_or(|c| !c.is_alphanumeric())),
            "{named:?} in {text:?}"
        );
    }
    for jargon in ["TIDYUP_", "_API_KEY", "--", "session 2", "steps", "Applied"] {
        assert!(!text.contains(jargon), "{jargon:?} in {text:?}");
    }
}

#[tokio::test]
async fn after_an_apply_the_report_says_what_moved_where_and_an_undo_puts_as_many_back() {
    let (dir, _) = target_dir();
    for n in 0..3 {
        write_file(dir.path(), &format!("report-{n}.pdf"), 300);
    }
    write_file(dir.path(), "photo.jpg", 500);
    write_file(dir.path(), "song.mp3", 700);
    let window = Window::offline(dir.path());
    let (tab, mut events) = window.tab().await;
    let plan = window.organize(&tab, &mut events).await;
    let all = rows(&plan);
    let ticked: Vec<Value> = all
        .iter()
        .filter(|row| row["name"] != "song.mp3")
        .map(|row| json!({"id": row["id"]}))
        .collect();
    window.apply(&tab, &plan, json!(ticked)).await;
    let report = events.until("report").await;
    let said = lines(&report);
    assert_eq!(
        said[0], "4 files moved: 3 into Documents, 1 into Images.",
        "{report}"
    );
    assert!(
        said.iter().all(|line| !line.contains("Music")),
        "an unticked folder is not named: {report}"
    );
    assert!(
        said.contains(&"1 file you unticked stays where it was.".to_owned()),
        "{report}"
    );
    assert!(
        said.last().unwrap().contains("Undo these changes"),
        "{report}"
    );
    for line in &said {
        assert_for_people(line);
    }
    assert_eq!(report["moved"], 4, "{report}");

    let answer = window.post("api/undo", &tab, json!({})).await;
    assert_eq!(answer.status(), StatusCode::ACCEPTED);
    let undone = events.until("report").await;
    assert_eq!(undone["moved"], 4, "as many put back as moved: {undone}");
    assert_eq!(
        lines(&undone),
        ["4 files put back where they were."],
        "{undone}"
    );
}

#[tokio::test]
async fn a_folder_typed_with_a_tilde_is_in_the_home_folder() {
    let (dir, _) = target_dir();
    let run = Tidyup::bare().arg("ui").arg(dir.path()).args([
        "--no-open",
        "--lang",
        "en",
        "--provider",
        "offline",
    ]);
    let home = run.home();
    std::fs::create_dir_all(home.join("Many")).unwrap();
    let window = Window::start(run);
    let (tab, _events) = window.tab().await;
    let answer = window
        .post("api/settings", &tab, json!({"folder": "~/Many"}))
        .await;
    assert_eq!(answer.status(), StatusCode::OK);
    let state: Value = answer.json().await.unwrap();
    let folder = std::path::PathBuf::from(state["folder"].as_str().unwrap());
    assert_eq!(folder, dunce::canonicalize(home.join("Many")).unwrap());
}
