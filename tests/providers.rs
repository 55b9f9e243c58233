//! Provider presets, key variables, the config file and timeouts, through
//! the `tidyup` binary in a cleared environment (`HOME`, `XDG_CACHE_HOME`,
//! `TIDYUP_CONFIG` and `TIDYUP_DATA_DIR` inside a temporary directory),
//! against a mock provider on 127.0.0.1.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::path::PathBuf;
use std::time::Duration;

use tidyup_test_kit::e2e::{API_KEY, MockProvider, Outcome, Tidyup, target_dir, text_reply};

/// A base address where nothing listens.
fn dead_base_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    format!(
        "http://127.0.0.1:{}/v1",
        listener.local_addr().unwrap().port()
    )
}

/// A run with no key at all, its config file at `HOME/tidyup.toml` (written
/// when `config` is given) and its data directory inside the sandbox.
fn tidyup(config: Option<&str>) -> (Tidyup, PathBuf) {
    let run = Tidyup::bare().env_remove("TIDYUP_API_KEY");
    let home = run.home();
    let file = home.join("tidyup.toml");
    if let Some(text) = config {
        std::fs::write(&file, text).unwrap();
    }
    let run = run
        .env("TIDYUP_CONFIG", file.to_str().unwrap())
        .env("TIDYUP_DATA_DIR", home.join("data").to_str().unwrap());
    (run, file)
}

/// Asserts a clean session whose one request carried `model` and
/// `authorization`, and that said `answer`.
fn assert_one_request(
    outcome: &Outcome,
    provider: &MockProvider,
    model: &str,
    authorization: Option<&str>,
) {
    outcome.assert_clean_exit();
    outcome.assert_key_not_shown();
    let requests = provider.requests();
    assert_eq!(requests.len(), 1, "{outcome}");
    assert_eq!(requests[0].path, "/v1/chat/completions");
    assert_eq!(requests[0].body["model"], model, "{outcome}");
    assert_eq!(requests[0].authorization.as_deref(), authorization);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_preset_sends_its_own_key_variable_and_default_model() {
    let (dir, _) = target_dir();
    let provider = MockProvider::start(vec![text_reply("from deepseek")]).await;
    let (run, _) = tidyup(None);
    let outcome = run
        .arg(dir.path())
        .args(["--provider", "deepseek", "--no-stream", "--lang", "en"])
        .args(["--base-url", &provider.base_url()])
        .env("DEEPSEEK_API_KEY", API_KEY)
        .env("OPENAI_API_KEY", "sk-openai-must-not-be-sent")
        .stdin("hello\n")
        .run()
        .await;
    assert_one_request(
        &outcome,
        &provider,
        "deepseek-chat",
        Some(&format!("Bearer {API_KEY}")),
    );
    assert!(outcome.stdout.contains("from deepseek"), "{outcome}");
}

#[tokio::test(flavor = "multi_thread")]
async fn tidyup_api_key_wins_over_the_presets_variable() {
    let (dir, _) = target_dir();
    let provider = MockProvider::start(vec![text_reply("ok")]).await;
    let (run, _) = tidyup(None);
    let outcome = run
        .arg(dir.path())
        .args(["--provider", "groq", "--no-stream", "--lang", "en"])
        .args(["--base-url", &provider.base_url()])
        .env("GROQ_API_KEY", "gsk-loses")
        .env("TIDYUP_API_KEY", API_KEY)
        .stdin("hello\n")
        .run()
        .await;
    assert_one_request(
        &outcome,
        &provider,
        "llama-3.3-70b-versatile",
        Some(&format!("Bearer {API_KEY}")),
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_keyless_preset_sends_no_authorization_header() {
    let (dir, _) = target_dir();
    let provider = MockProvider::start(vec![text_reply("local answer")]).await;
    let (run, _) = tidyup(None);
    let outcome = run
        .arg(dir.path())
        .args(["--provider", "ollama", "--no-stream", "--lang", "en"])
        .args(["--base-url", &provider.base_url()])
        .env("OPENAI_API_KEY", "sk-openai-must-not-be-sent")
        .stdin("hello\n")
        .run()
        .await;
    assert_one_request(&outcome, &provider, "qwen2.5:7b", None);
    assert!(outcome.stdout.contains("local answer"), "{outcome}");
    assert!(
        !outcome.stdout.contains("offline planner"),
        "a keyless provider is a real model\n{outcome}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_explicit_provider_without_its_key_exits_2_naming_the_variable() {
    let (dir, _) = target_dir();
    let provider = MockProvider::start(Vec::new()).await;
    let (run, _) = tidyup(None);
    let outcome = run
        .arg(dir.path())
        .args(["--provider", "deepseek", "--base-url", &provider.base_url()])
        .env("OPENAI_API_KEY", "sk-another-providers-key")
        .stdin("hello\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 2, "{outcome}");
    assert!(outcome.stderr.contains("DEEPSEEK_API_KEY"), "{outcome}");
    assert!(outcome.stderr.contains("TIDYUP_API_KEY"), "{outcome}");
    assert!(!outcome.stderr.contains("sk-another"), "{outcome}");
    assert!(provider.requests().is_empty());

    let (run, _) = tidyup(None);
    let unknown = run
        .arg(dir.path())
        .args(["--provider", "nosuch"])
        .run()
        .await;
    assert_eq!(unknown.code(), 2, "{unknown}");
    assert!(unknown.stderr.contains("unknown provider"), "{unknown}");
}

#[tokio::test(flavor = "multi_thread")]
async fn without_any_provider_or_key_the_offline_planner_answers() {
    let (dir, _) = target_dir();
    let (run, _) = tidyup(None);
    let outcome = run
        .arg(dir.path())
        .args(["--lang", "en"])
        .env("DEEPSEEK_API_KEY", "a-key-of-another-provider")
        .run()
        .await;
    outcome.assert_clean_exit();
    assert!(outcome.stdout.contains("offline planner"), "{outcome}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_config_file_gives_defaults_and_flags_beat_environment_beat_file() {
    let (dir, _) = target_dir();
    let provider = MockProvider::start(vec![
        text_reply("one"),
        text_reply("two"),
        text_reply("three"),
    ])
    .await;
    let base = provider.base_url();
    let dead = dead_base_url();
    let file = |base: &str| {
        format!(
            "provider = \"mistral\"\nmodel = \"file-model\"\nlang = \"zh\"\n\
             base_url = \"{base}\"\nstream = false\n"
        )
    };
    let key = format!("Bearer {API_KEY}");

    // The file alone: its provider (and so its key variable), model, language, address.
    let (run, _) = tidyup(Some(&file(&base)));
    let outcome = run
        .arg(dir.path())
        .env("MISTRAL_API_KEY", API_KEY)
        .env("LANG", "en_US.UTF-8")
        .stdin("hello\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    assert!(outcome.stdout.starts_with("tidyup 已启动"), "{outcome}");
    let requests = provider.requests();
    assert_eq!(requests.len(), 1, "{outcome}");
    assert_eq!(requests[0].body["model"], "file-model");
    assert_eq!(requests[0].authorization.as_deref(), Some(key.as_str()));

    // The environment beats the file.
    let (run, _) = tidyup(Some(&file(&dead)));
    let outcome = run
        .arg(dir.path())
        .env("MISTRAL_API_KEY", API_KEY)
        .env("TIDYUP_BASE_URL", &base)
        .env("TIDYUP_MODEL", "env-model")
        .env("TIDYUP_LANG", "en")
        .stdin("hello\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    assert!(outcome.stdout.starts_with("tidyup started"), "{outcome}");
    let requests = provider.requests();
    assert_eq!(requests.len(), 2, "{outcome}");
    assert_eq!(requests[1].body["model"], "env-model");

    // Flags beat the environment.
    let (run, _) = tidyup(Some(&file(&dead)));
    let outcome = run
        .arg(dir.path())
        .args(["--base-url", &base, "--model", "flag-model", "--lang", "zh"])
        .env("MISTRAL_API_KEY", API_KEY)
        .env("TIDYUP_BASE_URL", &dead)
        .env("TIDYUP_MODEL", "env-model")
        .env("TIDYUP_LANG", "en")
        .stdin("hello\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    assert!(outcome.stdout.starts_with("tidyup 已启动"), "{outcome}");
    let requests = provider.requests();
    assert_eq!(requests.len(), 3, "{outcome}");
    assert_eq!(requests[2].body["model"], "flag-model");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_custom_provider_reads_its_key_from_the_variable_it_names() {
    let (dir, _) = target_dir();
    let provider = MockProvider::start(vec![text_reply("custom")]).await;
    let config = format!(
        "provider = \"work\"\n\n[providers.work]\nbase_url = \"{}\"\n\
         model = \"work-model\"\napi_key_env = \"WORK_LLM_KEY\"\n",
        provider.base_url()
    );
    let (run, _) = tidyup(Some(&config));
    let outcome = run
        .arg(dir.path())
        .args(["--lang", "en", "--no-stream"])
        .env("WORK_LLM_KEY", API_KEY)
        .env("OPENAI_API_KEY", "sk-openai-must-not-be-sent")
        .stdin("hello\n")
        .run()
        .await;
    assert_one_request(
        &outcome,
        &provider,
        "work-model",
        Some(&format!("Bearer {API_KEY}")),
    );

    // Without its key, the file's provider is a choice: exit 2 naming the variable.
    let (run, _) = tidyup(Some(&config));
    let outcome = run.arg(dir.path()).run().await;
    assert_eq!(outcome.code(), 2, "{outcome}");
    assert!(outcome.stderr.contains("WORK_LLM_KEY"), "{outcome}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_malformed_config_file_exits_2_naming_the_file_and_line() {
    let (dir, _) = target_dir();
    for (text, line) in [
        ("model = \"m\"\nlang = \"fr\"\n", ":2:"),
        ("model = \"m\"\n[limits]\nidle_timeout = 3\n", ":3:"),
        ("provider = \n", ":1:"),
        ("[limits]\nmax_reply_mib = 0\n", ":2:"),
        ("model = \"m\"\n[limits]\nmax_reply_mib = 4096\n", ":3:"),
        (
            "[providers.openai]\napi_key = \"sk-pasted-by-mistake\"\n",
            ":2:",
        ),
    ] {
        let (run, file) = tidyup(Some(text));
        let outcome = run
            .arg(dir.path())
            .env("TIDYUP_API_KEY", API_KEY)
            .run()
            .await;
        assert_eq!(outcome.code(), 2, "{text}\n{outcome}");
        let named = format!("{}{line}", file.display());
        assert!(outcome.stderr.contains(&named), "{named}\n{outcome}");
        assert!(!outcome.stderr.contains("panicked"), "{outcome}");
        assert!(!outcome.stderr.contains("sk-pasted"), "{outcome}");
        assert!(outcome.stdout.is_empty(), "{outcome}");
    }
    // `tidyup providers` needs the file too; `config path` does not.
    let (run, file) = tidyup(Some("stream = \"yes\"\n"));
    let outcome = run.arg("providers").run().await;
    assert_eq!(outcome.code(), 2, "{outcome}");
    assert!(outcome.stderr.contains(&file.display().to_string()));
    let (run, _) = tidyup(Some("stream = \"yes\"\n"));
    let outcome = run.args(["config", "path"]).run().await;
    assert_eq!(outcome.code(), 0, "{outcome}");
}

#[tokio::test(flavor = "multi_thread")]
async fn providers_lists_which_have_a_key_and_never_a_key_value() {
    let config = "[providers.work]\nbase_url = \"https://llm.example.com/v1\"\n\
                  model = \"work-model\"\napi_key_env = \"WORK_LLM_KEY\"\n\n\
                  [providers.ollama]\nmodel = \"llama3.1:8b\"\n";
    let (run, file) = tidyup(Some(config));
    let outcome = run
        .arg("providers")
        .env("DEEPSEEK_API_KEY", API_KEY)
        .env("WORK_LLM_KEY", "work-secret-value")
        .run()
        .await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    outcome.assert_key_not_shown();
    assert!(!outcome.stdout.contains("work-secret-value"), "{outcome}");
    let line = |name: &str| {
        outcome
            .stdout
            .lines()
            .find(|line| line.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no line for {name}\n{outcome}"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(
        line("deepseek"),
        "deepseek https://api.deepseek.com/v1 deepseek-chat DEEPSEEK_API_KEY set"
    );
    assert!(line("openai").ends_with("OPENAI_API_KEY not set"));
    assert!(line("qwen").contains("DASHSCOPE_API_KEY"));
    assert!(line("llamacpp").ends_with("not needed"));
    assert!(line("ollama").contains("llama3.1:8b"), "file over preset");
    assert!(line("work").contains("https://llm.example.com/v1 work-model WORK_LLM_KEY set"));
    assert!(line("offline").contains("rules, no AI"));
    for preset in [
        "openai",
        "deepseek",
        "qwen",
        "moonshot",
        "zhipu",
        "openrouter",
        "groq",
        "mistral",
        "ollama",
        "lmstudio",
        "llamacpp",
        "vllm",
    ] {
        line(preset);
    }
    assert!(
        outcome.stdout.contains(&file.display().to_string()),
        "{outcome}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn config_path_honours_tidyup_config() {
    let (run, file) = tidyup(None);
    let outcome = run.args(["config", "path"]).run().await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    assert_eq!(outcome.stdout.trim_end(), file.display().to_string());

    let run = Tidyup::bare();
    let home = run.home();
    let outcome = run.args(["config", "path"]).run().await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    assert_eq!(
        PathBuf::from(outcome.stdout.trim_end()),
        home.join(".config/tidyup/config.toml")
    );

    // `--lang` is taken before or after `path`, as on every subcommand.
    for args in [
        ["config", "path", "--lang", "zh"],
        ["config", "--lang", "zh", "path"],
    ] {
        let (run, file) = tidyup(None);
        let outcome = run.args(args).run().await;
        assert_eq!(outcome.code(), 0, "{outcome}");
        assert_eq!(outcome.stdout.trim_end(), file.display().to_string());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn help_documents_the_timeouts_and_their_defaults() {
    let outcome = Tidyup::bare().arg("--help").run().await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    for text in [
        "--provider",
        "--connect-timeout",
        "--idle-timeout",
        "--no-stream",
        "default: 15",
        "default: 120",
        "TIDYUP_CONFIG",
        "DEEPSEEK_API_KEY",
    ] {
        assert!(outcome.stdout.contains(text), "{text}\n{outcome}");
    }
    let ask = Tidyup::bare().args(["ask", "--help"]).run().await;
    assert_eq!(ask.code(), 0, "{ask}");
    for text in ["--image", "--system", "--provider", "QUESTION"] {
        assert!(ask.stdout.contains(text), "{text}\n{ask}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_idle_timeout_fails_the_call_and_the_session_goes_on() {
    let (dir, _) = target_dir();
    let provider = MockProvider::start(vec![
        text_reply("too late").set_delay(Duration::from_secs(3)),
        text_reply("in time"),
    ])
    .await;
    // One try per call: the timeout is seen, not retried away.
    let (run, _) = tidyup(Some("[limits]\nmax_tries = 1\nretry_base_ms = 1\n"));
    let started = std::time::Instant::now();
    let outcome = run
        .arg(dir.path())
        .args(["--lang", "en", "--no-stream", "--idle-timeout", "1"])
        .args(["--base-url", &provider.base_url()])
        .env("TIDYUP_API_KEY", API_KEY)
        .stdin("first\nsecond\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    assert!(
        outcome.stderr.contains("model call failed:"),
        "the idle timeout fails the call\n{outcome}"
    );
    assert!(!outcome.stdout.contains("too late"), "{outcome}");
    assert!(outcome.stdout.contains("in time"), "{outcome}");
    assert_eq!(provider.requests().len(), 2, "{outcome}");
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
}
