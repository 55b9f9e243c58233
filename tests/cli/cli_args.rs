//! Start-up and the input loop: arguments, environment variables, exit
//! codes, `quit`, end of input and blank lines.

use std::fs;
use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;
use serde_json::json;

use tidyup_test_kit::e2e::{
    API_KEY, MODEL, MockProvider, Tidyup, at, error_reply, numbered_calls, target_dir, text_reply,
    tool_reply,
};

/// A base URL where nothing listens: a run that used it would fail its call.
fn dead_base_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    format!(
        "http://127.0.0.1:{}/v1",
        listener.local_addr().unwrap().port()
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn quit_in_any_case_ends_without_a_request() {
    let (dir, root) = target_dir();
    let provider = MockProvider::start(vec![text_reply("never")]).await;

    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("QuIt\nhello\n")
        .run()
        .await;

    outcome.assert_clean_exit();
    assert_eq!(
        outcome.stdout_lines(),
        [format!("tidyup started. Target directory: {root}").as_str()]
    );
    assert!(provider.requests().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn end_of_input_ends_with_status_0() {
    let (dir, _root) = target_dir();
    let provider = MockProvider::start(Vec::new()).await;

    let outcome = Tidyup::new(dir.path(), &provider).stdin("").run().await;

    outcome.assert_clean_exit();
    assert!(provider.requests().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_last_line_without_a_newline_is_still_sent() {
    let (dir, _root) = target_dir();
    let provider = MockProvider::start(vec![text_reply("got it")]).await;

    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("organize")
        .run()
        .await;

    outcome.assert_clean_exit();
    let requests = provider.requests();
    assert_eq!(requests.len(), 1, "{outcome}");
    assert_eq!(requests[0].last_content(), "organize");
    assert!(outcome.stdout_lines().contains(&"got it"), "{outcome}");
}

#[tokio::test(flavor = "multi_thread")]
async fn blank_lines_send_nothing() {
    let (dir, _root) = target_dir();
    let provider = MockProvider::start(vec![text_reply("hi there")]).await;

    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("\n   \n\t\n\r\n  hello\r\n\n")
        .run()
        .await;

    outcome.assert_clean_exit();
    let requests = provider.requests();
    assert_eq!(requests.len(), 1, "{outcome}");
    let messages = requests[0].messages();
    assert_eq!(messages.len(), 2);
    assert_eq!(messages[1], json!({"role": "user", "content": "hello"}));
    assert!(outcome.stdout_lines().contains(&"hi there"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_missing_or_non_directory_target_exits_with_2() {
    let (dir, root) = target_dir();
    fs::write(dir.path().join("plain.txt"), "x").unwrap();
    let provider = MockProvider::start(Vec::new()).await;

    for target in ["does-not-exist", "plain.txt"] {
        let outcome = Tidyup::new(&dir.path().join(target), &provider)
            .stdin("hello\n")
            .run()
            .await;

        assert_eq!(outcome.code(), 2, "{outcome}");
        assert!(
            outcome.stderr.contains(&at(&root, target)) || outcome.stderr.contains(target),
            "the message names the directory\n{outcome}"
        );
    }
    assert!(provider.requests().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_mistyped_subcommand_is_named_in_the_refusal() {
    let provider = MockProvider::start(Vec::new()).await;
    for (typed, meant) in [
        ("undoo", "undo"),
        ("histroy", "history"),
        ("wacth", "watch"),
    ] {
        let outcome = Tidyup::new(Path::new(typed), &provider)
            .stdin("hello\n")
            .run()
            .await;
        assert_eq!(outcome.code(), 2, "{outcome}");
        assert!(
            outcome.stderr.contains(&format!(
                "the target directory does not exist: {typed} (did you mean `tidyup {meant}`?)"
            )),
            "{outcome}"
        );
    }
    let far = Tidyup::new(Path::new("photos-2019"), &provider)
        .stdin("hello\n")
        .run()
        .await;
    assert!(!far.stderr.contains("did you mean"), "{far}");
    assert!(provider.requests().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn no_api_key_uses_the_offline_planner_and_says_how_to_set_one() {
    let (dir, _root) = target_dir();
    let provider = MockProvider::start(Vec::new()).await;

    let outcome = Tidyup::new(dir.path(), &provider)
        .env_remove("TIDYUP_API_KEY")
        .stdin("hello\n")
        .run()
        .await;

    outcome.assert_clean_exit();
    assert!(
        outcome.stdout.contains("offline planner (rules, no AI)"),
        "{outcome}"
    );
    assert!(outcome.stdout.contains("TIDYUP_API_KEY"), "{outcome}");
    assert!(provider.requests().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn asking_for_a_real_provider_without_a_key_exits_with_2_and_says_how_to_set_it() {
    let (dir, _root) = target_dir();
    let provider = MockProvider::start(Vec::new()).await;

    let outcome = Tidyup::new(dir.path(), &provider)
        .env_remove("TIDYUP_API_KEY")
        .args(["--provider", "openai"])
        .stdin("hello\n")
        .run()
        .await;

    assert_eq!(outcome.code(), 2, "{outcome}");
    assert!(outcome.stderr.contains("TIDYUP_API_KEY"), "{outcome}");
    assert!(provider.requests().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn openai_api_key_is_the_fallback_and_tidyup_api_key_wins() {
    let (dir, _root) = target_dir();
    let provider = MockProvider::start(vec![text_reply("a"), text_reply("b")]).await;

    let fallback = Tidyup::new(dir.path(), &provider)
        .env_remove("TIDYUP_API_KEY")
        .env("OPENAI_API_KEY", "sk-openai-fallback")
        .stdin("hello\n")
        .run()
        .await;
    let both = Tidyup::new(dir.path(), &provider)
        .env("OPENAI_API_KEY", "sk-openai-fallback")
        .stdin("hello\n")
        .run()
        .await;

    fallback.assert_clean_exit();
    assert!(!fallback.stdout.contains("sk-openai-fallback"));
    both.assert_clean_exit();
    let requests = provider.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(
        requests[0].authorization.as_deref(),
        Some("Bearer sk-openai-fallback")
    );
    assert_eq!(
        requests[1].authorization.as_deref(),
        Some(format!("Bearer {API_KEY}").as_str())
    );
}

/// `--help` of a session, the window and the MCP server, and the manual
/// page, each show one example of every kind of folder and where remote
/// credentials come from.
#[tokio::test(flavor = "multi_thread")]
async fn help_shows_every_kind_of_folder_and_where_credentials_come_from() {
    for args in [
        &["--help"][..],
        &["ui", "--help"],
        &["mcp", "--help"],
        &["man"],
    ] {
        let help = Tidyup::bare().args(args.iter().copied()).run().await;
        assert_eq!(help.code(), 0, "{args:?}: {help}");
        // The manual page escapes its dashes.
        let text = help.stdout.replace("\\-", "-");
        for example in [
            "tidyup ~/Downloads",
            "sftp://ana@nas.local:2222/",
            "webdav://nas.local:8080/",
            "webdavs://",
            "s3://my-bucket/",
            "~/.ssh/config",
            "TIDYUP_WEBDAV_USER",
            "TIDYUP_WEBDAV_PASSWORD",
            "~/.netrc",
            "AWS_ENDPOINT_URL",
        ] {
            assert!(
                text.contains(example),
                "{args:?} does not show {example}:\n{text}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn help_and_version_exit_0_without_showing_the_key() {
    let help = Tidyup::bare()
        .env("TIDYUP_BASE_URL", &dead_base_url())
        .arg("--help")
        .run()
        .await;
    assert_eq!(help.code(), 0, "{help}");
    for option in ["--base-url", "--model", "--lang"] {
        assert!(
            help.stdout.contains(option),
            "--help mentions {option}\n{help}"
        );
    }
    help.assert_key_not_shown();

    let version = Tidyup::bare().arg("--version").run().await;
    assert_eq!(version.code(), 0, "{version}");
    assert!(
        version.stdout.contains(env!("CARGO_PKG_VERSION")),
        "{version}"
    );
    version.assert_key_not_shown();
}

#[tokio::test(flavor = "multi_thread")]
async fn chinese_start_line() {
    let (dir, root) = target_dir();
    let outcome = Tidyup::bare()
        .arg(dir.path())
        .args(["--lang", "zh", "--base-url"])
        .arg(dead_base_url())
        .run()
        .await;

    outcome.assert_clean_exit();
    assert_eq!(
        outcome.stdout_lines(),
        [format!("tidyup 已启动。目标目录：{root}").as_str()]
    );
}

// Unix only: Windows finds the Desktop through the shell's known folders
// (the registry), not `HOME`, and a test cannot point those at a temporary
// directory without changing the user's settings.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread")]
async fn default_target_is_desktop_under_home() {
    let run = Tidyup::bare().args(["--lang", "en"]);
    fs::create_dir(run.home().join("Desktop")).unwrap();
    let desktop = run.home().join("Desktop").canonicalize().unwrap();
    let home = run.home().canonicalize().unwrap().display().to_string();

    let outcome = run.env("HOME", &home).run().await;

    outcome.assert_clean_exit();
    assert_eq!(
        outcome.stdout_lines(),
        [format!("tidyup started. Target directory: {}", desktop.display()).as_str()]
    );

    let without_desktop = Tidyup::bare().args(["--lang", "en"]);
    let outcome = without_desktop.run().await;
    assert_eq!(outcome.code(), 2, "no Desktop under HOME\n{outcome}");
    // It says that no folder was given and how to name one.
    assert!(
        outcome.stderr.contains("no folder given") && outcome.stderr.contains("`tidyup FOLDER`"),
        "{outcome}"
    );
}

// Linux only: the XDG user directories are where Linux desktops say which
// folder is the Desktop (renamed or localized); macOS and Windows ask the
// system instead.
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread")]
async fn default_target_is_the_xdg_desktop_directory() {
    let run = Tidyup::bare().args(["--lang", "en"]);
    let home = run.home().canonicalize().unwrap();
    fs::create_dir(home.join("Desktop")).unwrap();
    fs::create_dir(home.join("Schreibtisch")).unwrap();
    fs::create_dir(home.join(".config")).unwrap();
    fs::write(
        home.join(".config/user-dirs.dirs"),
        "XDG_DESKTOP_DIR=\"$HOME/Schreibtisch\"\n",
    )
    .unwrap();

    let outcome = run.env("HOME", &home.display().to_string()).run().await;

    outcome.assert_clean_exit();
    assert_eq!(
        outcome.stdout_lines(),
        [format!(
            "tidyup started. Target directory: {}",
            home.join("Schreibtisch").display()
        )
        .as_str()]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn base_url_with_a_trailing_slash_works_the_same() {
    let (dir, _root) = target_dir();
    let provider = MockProvider::start(vec![text_reply("slash ok")]).await;

    let outcome = Tidyup::bare()
        .arg(dir.path())
        .args(["--lang", "en", "--base-url"])
        .arg(format!("{}/", provider.base_url()))
        .stdin("hello\n")
        .run()
        .await;

    outcome.assert_clean_exit();
    assert!(outcome.stdout_lines().contains(&"slash ok"), "{outcome}");
    let requests = provider.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].path, "/v1/chat/completions");
}

#[tokio::test(flavor = "multi_thread")]
async fn base_url_precedence_flag_then_tidyup_then_openai() {
    let (dir, _root) = target_dir();
    let provider =
        MockProvider::start(vec![text_reply("1"), text_reply("2"), text_reply("3")]).await;
    let base = provider.base_url();
    let dead = dead_base_url();
    let runs = [
        // --base-url beats both variables.
        Tidyup::bare()
            .arg(dir.path())
            .args(["--lang", "en", "--base-url", base.as_str()])
            .env("TIDYUP_BASE_URL", &dead)
            .env("OPENAI_BASE_URL", &dead),
        // TIDYUP_BASE_URL beats OPENAI_BASE_URL.
        Tidyup::bare()
            .arg(dir.path())
            .args(["--lang", "en"])
            .env("TIDYUP_BASE_URL", &base)
            .env("OPENAI_BASE_URL", &dead),
        // OPENAI_BASE_URL alone.
        Tidyup::bare()
            .arg(dir.path())
            .args(["--lang", "en"])
            .env("OPENAI_BASE_URL", &base),
    ];

    for (index, run) in runs.into_iter().enumerate() {
        let outcome = run.stdin("hello\n").run().await;
        outcome.assert_clean_exit();
        assert_eq!(
            provider.requests().len(),
            index + 1,
            "run {index}\n{outcome}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn model_precedence_flag_then_variable_then_a_default() {
    let (dir, _root) = target_dir();
    let provider =
        MockProvider::start(vec![text_reply("1"), text_reply("2"), text_reply("3")]).await;
    let base = |run: Tidyup| {
        run.arg(dir.path())
            .args(["--lang", "en", "--base-url"])
            .arg(provider.base_url())
            .stdin("hello\n")
    };

    base(Tidyup::bare())
        .args(["--model", MODEL])
        .env("TIDYUP_MODEL", "from-env")
        .run()
        .await
        .assert_clean_exit();
    base(Tidyup::bare())
        .env("TIDYUP_MODEL", "from-env")
        .run()
        .await
        .assert_clean_exit();
    base(Tidyup::bare()).run().await.assert_clean_exit();

    let requests = provider.requests();
    assert_eq!(requests.len(), 3);
    assert_eq!(requests[0].body["model"], MODEL);
    assert_eq!(requests[1].body["model"], "from-env");
    let default = requests[2].body["model"].as_str().unwrap_or_default();
    assert!(!default.is_empty(), "a default model is sent");
}

/// The files under `root` (recursively) whose bytes contain `needle`.
fn files_containing(root: &Path, needle: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(path) = pending.pop() {
        if path.is_dir() {
            for entry in fs::read_dir(&path).unwrap() {
                pending.push(entry.unwrap().path());
            }
        } else if let Ok(bytes) = fs::read(&path)
            && String::from_utf8_lossy(&bytes).contains(needle)
        {
            found.push(path);
        }
    }
    found
}

#[tokio::test(flavor = "multi_thread")]
async fn the_api_key_never_appears_in_output_or_files() {
    let (dir, _root) = target_dir();
    fs::write(dir.path().join("a.txt"), "a").unwrap();
    // HOME and the cache live in a directory this test can inspect afterwards.
    let state = tempfile::tempdir().unwrap();
    let (home, cache) = (state.path().join("home"), state.path().join("cache"));
    fs::create_dir_all(&home).unwrap();
    fs::create_dir_all(&cache).unwrap();
    let provider = MockProvider::start(vec![
        tool_reply(numbered_calls(&[
            ("create_folder", json!({"path": "docs"})),
            (
                "move_file",
                json!({"source": "a.txt", "destination": "docs/a.txt"}),
            ),
        ])),
        error_reply(401, "invalid key"),
        text_reply("ok"),
    ])
    .await;

    let outcome = Tidyup::new(dir.path(), &provider)
        .env("HOME", &home.display().to_string())
        .env("XDG_CACHE_HOME", &cache.display().to_string())
        .stdin("go\nagain\n")
        .run()
        .await;

    assert_eq!(outcome.code(), 0, "{outcome}");
    assert!(
        outcome
            .stderr
            .contains("model call failed: HTTP 401: invalid key"),
        "{outcome}"
    );
    assert!(dir.path().join("docs/a.txt").is_file());
    outcome.assert_key_not_shown();
    for request in provider.requests() {
        assert!(
            !request.raw_body.contains(API_KEY),
            "the key stays out of the body"
        );
    }
    for root in [state.path(), dir.path()] {
        assert_eq!(
            files_containing(root, API_KEY),
            Vec::<PathBuf>::new(),
            "files holding the API key"
        );
    }
}
