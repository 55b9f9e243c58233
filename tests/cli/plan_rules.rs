//! A saved plan carries the rules file it was made under: `tidyup apply`
//! enforces that file (given with `--rules`, wherever it is), and refuses
//! the plan when the file is gone or changed since.

use serde_json::json;

use tidyup_test_kit::e2e::*;

/// A dry run of `dir` under the rules file `rules` moving `a.txt` into
/// `Docs`; the saved plan's path.
async fn plan_under(dir: &std::path::Path, rules: &std::path::Path, data: &str) -> String {
    let provider = MockProvider::start(vec![
        tool_reply(numbered_calls(&[(
            "move_file",
            json!({ "source": "a.txt", "destination": "Docs/a.txt" }),
        )])),
        text_reply("planned"),
    ])
    .await;
    let outcome = Tidyup::new(dir, &provider)
        .env("TIDYUP_DATA_DIR", data)
        .args(["--dry-run", "--rules", rules.to_str().unwrap()])
        .stdin("go\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    outcome.saved_plan()
}

async fn apply(plan: &str, data: &str) -> Outcome {
    Tidyup::bare()
        .env("TIDYUP_DATA_DIR", data)
        .args(["apply", plan, "--lang", "en"])
        .run()
        .await
}

#[tokio::test]
async fn apply_enforces_the_rules_file_the_plan_was_made_under() {
    let (dir, _) = target_dir();
    write_file(dir.path(), "a.txt", 10);
    let elsewhere = tempfile::tempdir().unwrap();
    let rules = elsewhere.path().join("rules.toml");
    std::fs::write(&rules, "exclude = [\"Keep/**\"]\n").unwrap();
    let data = tempfile::tempdir().unwrap();
    let data = data.path().display().to_string();
    let plan = plan_under(dir.path(), &rules, &data).await;
    // Edited by hand to move into what the rules exclude.
    let text = std::fs::read_to_string(&plan).unwrap();
    std::fs::write(&plan, text.replace("Docs", "Keep")).unwrap();
    let applied = apply(&plan, &data).await;
    assert_eq!(applied.code(), 1, "{applied}");
    assert!(
        applied.stdout.contains("protected by the rules file"),
        "{applied}"
    );
    assert!(dir.path().join("a.txt").exists(), "{applied}");
    assert!(!dir.path().join("Keep").exists(), "{applied}");
}

#[tokio::test]
async fn a_plan_whose_rules_file_changed_or_is_gone_is_refused() {
    let (dir, _) = target_dir();
    write_file(dir.path(), "a.txt", 10);
    let elsewhere = tempfile::tempdir().unwrap();
    let rules = elsewhere.path().join("rules.toml");
    std::fs::write(&rules, "exclude = [\"Keep/**\"]\n").unwrap();
    let data = tempfile::tempdir().unwrap();
    let data = data.path().display().to_string();
    let plan = plan_under(dir.path(), &rules, &data).await;

    std::fs::write(&rules, "exclude = []\n").unwrap();
    let changed = apply(&plan, &data).await;
    assert_eq!(changed.code(), 1, "{changed}");
    let said = format!("the rules file {} changed since", rules.display());
    assert!(changed.stderr.contains(&said), "{changed}");

    std::fs::remove_file(&rules).unwrap();
    let gone = apply(&plan, &data).await;
    assert_eq!(gone.code(), 1, "{gone}");
    assert!(gone.stderr.contains("is gone"), "{gone}");
    assert!(dir.path().join("a.txt").exists());

    std::fs::write(&rules, "exclude = [\"Keep/**\"]\n").unwrap();
    let applied = apply(&plan, &data).await;
    assert!(
        applied.stdout.contains("Applied 2 steps, refused 0."),
        "{applied}"
    );
    assert!(dir.path().join("Docs/a.txt").exists(), "{applied}");
}
