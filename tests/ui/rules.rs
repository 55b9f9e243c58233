//! The window follows the rules file given with `--rules` when it applies:
//! the plan carries it, and its excludes hold for the rows a person
//! redirects, as they do for `DIR/.tidyup.toml`.

use serde_json::json;
use tidyup_test_kit::e2e::{Tidyup, target_dir, tree_of, write_file};

use super::window::{Window, row, rows};

#[tokio::test]
async fn a_row_redirected_into_what_the_rules_flag_excludes_is_refused() {
    let (dir, _) = target_dir();
    write_file(dir.path(), "report.pdf", 300);
    write_file(dir.path(), "notes.txt", 120);
    let elsewhere = tempfile::tempdir().unwrap();
    let rules = elsewhere.path().join("rules.toml");
    std::fs::write(&rules, "exclude = [\"Keep/**\"]\n").unwrap();
    let window = Window::start(Tidyup::bare().arg("ui").arg(dir.path()).args([
        "--no-open",
        "--lang",
        "en",
        "--provider",
        "offline",
        "--rules",
        rules.to_str().unwrap(),
    ]));
    let (tab, mut events) = window.tab().await;
    let plan = window.organize(&tab, &mut events).await;
    let all = rows(&plan);
    let ticked = json!([
        {"id": row(&all, "report.pdf")["id"], "to": "Keep"},
        {"id": row(&all, "notes.txt")["id"]},
    ]);
    window.apply(&tab, &plan, json!(ticked)).await;
    let report = events.until("report").await;
    assert_eq!(report["moved"], 1, "{report}");
    let lines = report["lines"].to_string();
    assert!(lines.contains("protected by the rules file"), "{report}");
    let after = tree_of(dir.path());
    assert!(after.contains_key("report.pdf"), "{after:?}");
    assert!(!after.contains_key("Keep/report.pdf"), "{after:?}");
    assert!(after.contains_key("Documents/notes.txt"), "{after:?}");
}
