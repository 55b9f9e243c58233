//! Every line of a command is Chinese under `--lang zh` (or a Chinese
//! locale): `history`, `undo` with nothing to undo or an unknown session,
//! `apply` of a file that is no plan, a start-up refusal, a bad config value,
//! the providers listing, `tidyup ask` with a missing image, a bad rules
//! file, and a tool refused by the host's file system.

use serde_json::json;
use tidyup_test_kit::e2e::{
    MODEL, MockProvider, Outcome, Tidyup, call_json, target_dir, text_reply, tool_reply,
};

/// A subcommand run with its own empty data directory.
fn subcommand(args: &[&str]) -> Outcome {
    let data = tempfile::tempdir().unwrap();
    Tidyup::bare()
        .env("TIDYUP_DATA_DIR", data.path().to_str().unwrap())
        .args(args.iter().copied())
        .run_blocking()
}

#[test]
fn history_speaks_chinese() {
    let out = subcommand(&["history", "--lang", "zh"]);
    assert_eq!(out.code(), 0, "{out}");
    assert_eq!(out.stdout, "还没有任何会话。\n", "{out}");
    let english = subcommand(&["history", "--lang", "en"]);
    assert_eq!(english.stdout, "No sessions yet.\n", "{english}");
}

#[test]
fn undo_with_nothing_to_undo_speaks_chinese() {
    let out = subcommand(&["undo", "--lang", "zh"]);
    assert_eq!(out.code(), 1, "{out}");
    assert_eq!(out.stderr, "tidyup: 没有可以撤销的会话\n", "{out}");
    let english = subcommand(&["undo", "--lang", "en"]);
    assert_eq!(
        english.stderr, "tidyup: there is no session to undo\n",
        "{english}"
    );
}

#[test]
fn a_chinese_locale_is_followed_without_the_flag() {
    let data = tempfile::tempdir().unwrap();
    let out = Tidyup::bare()
        .env("TIDYUP_DATA_DIR", data.path().to_str().unwrap())
        .env("LANG", "zh_CN.UTF-8")
        .arg("history")
        .run_blocking();
    assert_eq!(out.stdout, "还没有任何会话。\n", "{out}");
}

#[test]
fn a_start_up_refusal_speaks_chinese() {
    let missing = tempfile::tempdir().unwrap().path().join("missing");
    let out = Tidyup::bare()
        .arg(&missing)
        .args(["--lang", "zh"])
        .run_blocking();
    assert_eq!(out.code(), 2, "{out}");
    assert_eq!(
        out.stderr,
        format!("tidyup: 目标目录不存在：{}\n", missing.display()),
        "{out}"
    );
}

#[test]
fn ask_with_a_missing_image_speaks_chinese() {
    let out = Tidyup::bare()
        .args(["ask", "--lang", "zh", "--provider", "openai"])
        .args(["--image", "missing.png", "这是什么？"])
        .run_blocking();
    assert_eq!(out.code(), 1, "{out}");
    assert!(
        out.stderr.starts_with("tidyup: 无法读取图片 missing.png"),
        "{out}"
    );
}

#[test]
fn undo_of_an_unknown_session_speaks_chinese() {
    let out = subcommand(&["undo", "no-such-session", "--lang", "zh"]);
    assert_eq!(out.code(), 1, "{out}");
    assert!(
        out.stderr.starts_with("tidyup: 没有会话 no-such-session（"),
        "{out}"
    );
    let english = subcommand(&["undo", "no-such-session", "--lang", "en"]);
    assert!(
        english
            .stderr
            .starts_with("tidyup: no session no-such-session ("),
        "{english}"
    );
}

#[test]
fn apply_of_a_file_that_is_no_plan_speaks_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let plan = dir.path().join("plan.json");
    std::fs::write(&plan, "not a plan").unwrap();
    let shown = plan.display().to_string();
    let out = subcommand(&["apply", &shown, "--lang", "zh"]);
    assert_eq!(out.code(), 1, "{out}");
    assert!(
        out.stderr
            .starts_with(&format!("tidyup: {shown} 不是 tidyup 的整理计划")),
        "{out}"
    );
}

#[test]
fn a_bad_config_value_speaks_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "[limits]\nmax_tries = 0\n").unwrap();
    let out = Tidyup::bare()
        .env("TIDYUP_CONFIG", config.to_str().unwrap())
        .args(["providers", "--lang", "zh"])
        .run_blocking();
    assert_eq!(out.code(), 2, "{out}");
    assert!(out.stderr.contains("[limits] max_tries 至少为 1"), "{out}");
}

#[test]
fn the_providers_listing_speaks_chinese() {
    let out = subcommand(&["providers", "--lang", "zh"]);
    assert_eq!(out.code(), 0, "{out}");
    let first = out.stdout.lines().next().unwrap_or_default();
    assert!(first.starts_with("名称"), "{out}");
    assert!(
        first.contains("基础地址") && first.ends_with("密钥"),
        "{out}"
    );
    let offline = out.stdout.lines().find(|line| line.starts_with("offline"));
    assert!(
        offline
            .is_some_and(|line| line.contains("（内置：规则，无 AI）") && line.ends_with("不需要")),
        "{out}"
    );
}

#[test]
fn a_bad_rules_file_speaks_chinese() {
    let (dir, _) = target_dir();
    let rules = dir.path().join(".tidyup.toml");
    std::fs::write(&rules, "[[rule]]\nextensions = []\nto = \"../Up\"\n").unwrap();
    let run = |lang: &str| {
        Tidyup::bare()
            .arg(dir.path())
            .args(["--provider", "offline", "--lang", lang])
            .stdin("quit\n")
            .run_blocking()
    };
    let out = run("zh");
    assert_eq!(out.code(), 2, "{out}");
    assert_eq!(
        out.stderr,
        format!(
            "tidyup: 规则文件 {}:2:14：`extensions` 为空\n",
            rules.display()
        ),
        "{out}"
    );
    let english = run("en");
    assert_eq!(
        english.stderr,
        format!(
            "tidyup: rules file {}:2:14: `extensions` is empty\n",
            rules.display()
        ),
        "{english}"
    );

    std::fs::write(&rules, "[[rule]]\nto = \"Photos/{yaer}\"\n").unwrap();
    let out = run("zh");
    assert!(
        out.stderr
            .contains("：`to` 中有未知的占位符 {yaer}（可用："),
        "{out}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_move_the_file_system_refuses_speaks_chinese() {
    let (dir, _) = target_dir();
    std::fs::create_dir_all(dir.path().join("docs/old")).unwrap();
    let provider = MockProvider::start(vec![
        tool_reply([call_json(
            "call_1",
            "move_file",
            json!({"source": "docs", "destination": "docs/old/docs"}),
        )]),
        text_reply("好的。"),
    ])
    .await;
    let out = Tidyup::bare()
        .arg(dir.path())
        .args(["--lang", "zh", "--model", MODEL, "--base-url"])
        .arg(provider.base_url())
        .stdin("整理\n")
        .run()
        .await;
    out.assert_clean_exit();
    let lines = out.tool_lines();
    assert_eq!(lines.len(), 1, "{out}");
    assert!(
        lines[0].contains("文件夹不能移动到它自身之中："),
        "{}",
        lines[0]
    );
    assert!(!lines[0].contains("cannot"), "{}", lines[0]);
    assert!(dir.path().join("docs/old").is_dir(), "nothing moved");
}
