//! A failing provider: the line ends with `model call failed: CAUSE` on
//! stderr, the session goes on, and the history stays well-formed.

use pretty_assertions::assert_eq;
use serde_json::json;
use wiremock::ResponseTemplate;

use tidyup_test_kit::e2e::{
    MockProvider, Outcome, Recorded, Tidyup, assert_well_formed, at, error_reply, numbered_calls,
    target_dir, text_reply, tool_reply,
};

/// Runs two lines: the first meets `first` (once, or on every try when it
/// is worth retrying: 429/5xx are tried four times), the second a good
/// answer; asserts the failure is reported, the second line is answered,
/// and returns the run and the requests.
async fn fail_then_recover(first: ResponseTemplate) -> (Outcome, Vec<Recorded>) {
    fail_then_recover_after(vec![first]).await
}

/// [`fail_then_recover`] with the first line's replies given one per try.
async fn fail_then_recover_after(failures: Vec<ResponseTemplate>) -> (Outcome, Vec<Recorded>) {
    let (dir, _root) = target_dir();
    let tries = failures.len();
    let mut replies = failures;
    replies.push(text_reply("recovered"));
    let provider = MockProvider::start(replies).await;

    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("first\nsecond\n")
        .run()
        .await;

    assert_eq!(outcome.code(), 0, "{outcome}");
    outcome.assert_key_not_shown();
    assert!(outcome.stdout_lines().contains(&"recovered"), "{outcome}");
    let requests = provider.requests();
    assert_eq!(requests.len(), tries + 1, "{outcome}");
    assert_well_formed(requests[tries].messages());
    assert_eq!(
        requests[tries].messages().last().unwrap()["content"],
        "second"
    );
    (outcome, requests)
}

/// The stderr lines that report a failed model call.
fn failure_lines(outcome: &Outcome) -> Vec<&str> {
    outcome
        .stderr
        .lines()
        .filter(|line| line.contains("model call failed"))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn http_500_reports_status_and_provider_message() {
    let (outcome, _) = fail_then_recover_after(vec![error_reply(500, "boom"); 4]).await;
    assert!(
        outcome.stderr.contains("model call failed: HTTP 500: boom"),
        "{outcome}"
    );
    assert_eq!(failure_lines(&outcome).len(), 1, "{outcome}");
    assert!(
        !outcome.stdout.contains("model call failed"),
        "errors go to stderr"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn http_401_reports_status_and_provider_message() {
    let (outcome, _) = fail_then_recover(error_reply(401, "Incorrect API key provided")).await;
    assert!(
        outcome
            .stderr
            .contains("model call failed: HTTP 401: Incorrect API key provided"),
        "{outcome}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn garbage_200_body_is_a_failed_call() {
    let garbage = ResponseTemplate::new(200).set_body_raw("<html>", "text/html");
    let (outcome, _) = fail_then_recover(garbage).await;
    assert_eq!(failure_lines(&outcome).len(), 1, "{outcome}");
    assert!(
        failure_lines(&outcome)[0].starts_with("model call failed: "),
        "{outcome}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn empty_choices_is_a_failed_call() {
    let empty = ResponseTemplate::new(200).set_body_json(json!({"id": "x", "choices": []}));
    let (outcome, _) = fail_then_recover(empty).await;
    assert_eq!(failure_lines(&outcome).len(), 1, "{outcome}");
}

#[tokio::test(flavor = "multi_thread")]
async fn failure_in_the_middle_of_a_tool_loop_keeps_history_well_formed() {
    let (dir, root) = target_dir();
    let provider = MockProvider::start(vec![
        tool_reply(numbered_calls(&[
            ("create_folder", json!({"path": "made"})),
            ("get_file_type", json!({"filename": "x.zip"})),
        ])),
        error_reply(503, "overloaded"),
        error_reply(503, "overloaded"),
        error_reply(503, "overloaded"),
        error_reply(503, "overloaded"),
        text_reply("back again"),
    ])
    .await;

    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("organize\nretry\n")
        .run()
        .await;

    assert_eq!(outcome.code(), 0, "{outcome}");
    assert!(
        outcome
            .stderr
            .contains("model call failed: HTTP 503: overloaded"),
        "{outcome}"
    );
    assert!(outcome.stdout_lines().contains(&"back again"), "{outcome}");
    assert!(
        dir.path().join("made").is_dir(),
        "the tool before the failure ran"
    );

    let requests = provider.requests();
    assert_eq!(requests.len(), 6, "four tries of the failing call");
    let messages = requests[5].messages();
    assert_well_formed(messages);
    let roles: Vec<&str> = messages
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(
        roles,
        ["system", "user", "assistant", "tool", "tool", "user"]
    );
    assert_eq!(
        messages[3]["content"],
        format!("Created folder: {}", at(&root, "made"))
    );
    assert_eq!(messages[4]["content"], "压缩包");
    assert_eq!(messages[5]["content"], "retry");
}

#[tokio::test(flavor = "multi_thread")]
async fn connection_refused_is_a_failed_call_and_the_session_goes_on() {
    let outcome = against_nobody("en", "hello\nhello again\n").await;

    // The session went on after the first failure; piped, its last call
    // failed, so it exits 1.
    assert_eq!(outcome.code(), 1, "{outcome}");
    outcome.assert_key_not_shown();
    let failures = failure_lines(&outcome);
    assert_eq!(failures.len(), 2, "each line fails on its own\n{outcome}");
    assert!(
        failures
            .iter()
            .all(|line| line.starts_with("model call failed: ")),
        "{outcome}"
    );
    // After the cause, what to check.
    assert!(
        failures.iter().all(|line| line.contains(
            "Check the address (--base-url, or the provider's preset), that the server is running"
        ) && line.contains("proxy")),
        "{outcome}"
    );
    assert!(
        outcome
            .stderr
            .contains("tidyup: the last request to the model failed"),
        "{outcome}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unreachable_server_is_explained_in_chinese_too() {
    let outcome = against_nobody("zh", "你好\n").await;
    assert_eq!(outcome.code(), 1, "{outcome}");
    assert!(
        outcome
            .stderr
            .contains("请检查地址（--base-url 或服务商预设）"),
        "{outcome}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_piped_session_whose_last_call_failed_exits_1_and_0_once_one_recovers() {
    let (dir, _root) = target_dir();
    let provider = MockProvider::always(error_reply(500, "boom")).await;
    let failed = Tidyup::new(dir.path(), &provider)
        .stdin("first\nsecond\n")
        .run()
        .await;
    assert_eq!(failed.code(), 1, "{failed}");
    assert_eq!(failure_lines(&failed).len(), 2, "{failed}");

    // A typed quit is the user's own end: status 0, as always.
    let quit = Tidyup::new(dir.path(), &provider)
        .stdin("first\nquit\n")
        .run()
        .await;
    assert_eq!(quit.code(), 0, "{quit}");
    assert_eq!(failure_lines(&quit).len(), 1, "{quit}");

    // A failure followed by an answer ends well.
    let (outcome, _) = fail_then_recover_after(vec![error_reply(500, "boom"); 4]).await;
    assert_eq!(outcome.code(), 0, "{outcome}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_path_prefix_is_reported_as_a_404() {
    let (dir, _root) = target_dir();
    let provider = MockProvider::start(vec![text_reply("unreachable")]).await;

    let outcome = Tidyup::bare()
        .arg(dir.path())
        .args(["--lang", "en", "--base-url"])
        .arg(format!(
            "{}/v2",
            provider.base_url().trim_end_matches("/v1")
        ))
        .stdin("hello\n")
        .run()
        .await;

    // Piped, a session whose last call failed exits 1.
    assert_eq!(outcome.code(), 1, "{outcome}");
    assert!(
        outcome.stderr.contains("model call failed: HTTP 404"),
        "{outcome}"
    );
    assert!(provider.requests().is_empty());
}

/// A session in `lang` fed `lines`, its model at a loopback port that was
/// free a moment ago and has nobody listening now.
async fn against_nobody(lang: &str, lines: &str) -> Outcome {
    let (dir, _root) = target_dir();
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    Tidyup::bare()
        .arg(dir.path())
        .args(["--lang", lang, "--base-url"])
        .arg(format!("http://127.0.0.1:{port}/v1"))
        .stdin(lines)
        .run()
        .await
}
