//! The provider-grade client through the binary, against mock servers on
//! 127.0.0.1: an SSE server, a flaky one, a slow one; `tidyup ask` with an
//! image; and Ctrl-C cancelling a turn.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tidyup_test_kit::e2e::{
    MockProvider, Tidyup, call_raw, error_reply, target_dir, text_reply, tool_reply,
};
use wiremock::ResponseTemplate;

/// An event-stream reply carrying these chunks, then `[DONE]`.
fn sse_reply(chunks: &[Value]) -> ResponseTemplate {
    let body: String = chunks
        .iter()
        .map(|c| format!("data: {c}\n\n"))
        .collect::<String>()
        + "data: [DONE]\n\n";
    ResponseTemplate::new(200).set_body_raw(body, "text/event-stream")
}

fn delta(delta: Value) -> Value {
    json!({"id": "s1", "object": "chat.completion.chunk", "model": "m", "choices": [{"index": 0, "delta": delta}]})
}

#[tokio::test(flavor = "multi_thread")]
async fn a_streamed_session_runs_tools_and_prints_the_answer() {
    let (dir, root) = target_dir();
    std::fs::write(dir.path().join("song.mp3"), b"la").unwrap();
    let provider = MockProvider::start(vec![
        sse_reply(&[
            delta(json!({"role": "assistant", "content": null, "tool_calls": [{"index": 0, "id": "c1", "type": "function", "function": {"name": "get_file_type", "arguments": ""}}]})),
            delta(json!({"tool_calls": [{"index": 0, "function": {"arguments": "{\"filename\": \"song.mp3\"}"}}]})),
            json!({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}),
        ]),
        sse_reply(&[
            delta(json!({"role": "assistant", "content": "It is "})),
            delta(json!({"content": "audio."})),
            json!({"choices": [], "usage": {"prompt_tokens": 50, "completion_tokens": 4, "total_tokens": 54}}),
        ]),
    ])
    .await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("what is song.mp3?\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    let lines = outcome.stdout_lines();
    assert!(lines.contains(&"[tool] get_file_type: 音频"), "{outcome}");
    assert!(lines.contains(&"It is audio."), "{outcome}");
    assert!(
        !outcome.stdout.contains("tokens:"),
        "no usage line when piped: {outcome}"
    );
    let requests = provider.requests();
    assert_eq!(requests[0].body["stream"], true);
    assert_eq!(requests[0].body["stream_options"]["include_usage"], true);
    let resent = &requests[1].body["messages"][2];
    assert_eq!(
        resent["tool_calls"][0]["function"]["arguments"],
        "{\"filename\": \"song.mp3\"}"
    );
    assert_eq!(requests[1].body["messages"][3]["content"], "音频");
    let _ = root;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_error_inside_a_200_stream_is_a_failed_call() {
    let (dir, _) = target_dir();
    let broken = ResponseTemplate::new(200).set_body_raw(
        "data: {\"error\":{\"message\":\"model overloaded\"}}\n\n",
        "text/event-stream",
    );
    let provider = MockProvider::start(vec![broken, text_reply("fine now")]).await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("a\nb\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 0);
    assert!(
        outcome
            .stderr
            .contains("model call failed: model overloaded"),
        "{outcome}"
    );
    assert!(outcome.stdout_lines().contains(&"fine now"), "{outcome}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_flaky_server_is_retried_until_it_answers() {
    let (dir, _) = target_dir();
    let provider = MockProvider::start(vec![
        error_reply(500, "oops"),
        error_reply(502, "bad gateway"),
        ResponseTemplate::new(429)
            .insert_header("Retry-After", "1")
            .set_body_json(
                json!({"error": {"message": "slow down", "code": "rate_limit_exceeded"}}),
            ),
        text_reply("made it"),
    ])
    .await;
    let started = Instant::now();
    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("hello\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    assert!(outcome.stdout_lines().contains(&"made it"), "{outcome}");
    assert_eq!(provider.requests().len(), 4);
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "Retry-After: 1 was honoured"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn errors_that_cannot_pass_are_not_retried() {
    for (status, body) in [
        (401, json!({"error": {"message": "bad key"}})),
        (
            429,
            json!({"error": {"message": "You exceeded your quota", "code": "insufficient_quota"}}),
        ),
        (400, json!({"error": {"message": "bad request"}})),
    ] {
        let (dir, _) = target_dir();
        let provider =
            MockProvider::start(vec![ResponseTemplate::new(status).set_body_json(body)]).await;
        let outcome = Tidyup::new(dir.path(), &provider)
            .stdin("hello\n")
            .run()
            .await;
        assert_eq!(provider.requests().len(), 1, "{status}: {outcome}");
        assert!(
            outcome
                .stderr
                .contains(&format!("model call failed: HTTP {status}")),
            "{outcome}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn no_stream_sends_plain_requests() {
    let (dir, _) = target_dir();
    let provider = MockProvider::start(vec![text_reply("ok")]).await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .arg("--no-stream")
        .stdin("hi\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    assert!(provider.requests()[0].body.get("stream").is_none());
}

#[tokio::test(flavor = "multi_thread")]
async fn ask_sends_an_image_as_a_data_url_and_prints_answer_and_usage() {
    let (dir, _) = target_dir();
    let image = dir.path().join("cat.png");
    std::fs::write(&image, [0x89, b'P', b'N', b'G']).unwrap();
    let provider = MockProvider::start(vec![text_reply("A cat.")]).await;
    let outcome = Tidyup::bare()
        .args(["ask", "--lang", "en", "--model", "vision-1", "--base-url"])
        .arg(provider.base_url())
        .args([
            "--image",
            image.to_str().unwrap(),
            "--image",
            "https://example.com/dog.jpg",
        ])
        .args(["--system", "Be brief.", "What is in the picture?"])
        .run()
        .await;
    outcome.assert_clean_exit();
    assert!(outcome.stdout_lines().contains(&"A cat."), "{outcome}");
    assert!(outcome.stderr.contains("tokens: 10 prompt"), "{outcome}");
    let body = &provider.requests()[0].body;
    assert!(body.get("tools").is_none());
    assert_eq!(
        body["messages"][0],
        json!({"role": "system", "content": "Be brief."})
    );
    assert_eq!(
        body["messages"][1]["content"],
        json!([
            {"type": "text", "text": "What is in the picture?"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw=="}},
            {"type": "image_url", "image_url": {"url": "https://example.com/dog.jpg"}},
        ])
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn ask_piped_writes_the_answer_alone_and_the_usage_to_stderr() {
    let provider = MockProvider::start(vec![text_reply("Forty-two.")]).await;
    let outcome = Tidyup::bare()
        .args(["ask", "--lang", "en", "--base-url"])
        .arg(provider.base_url())
        .arg("What is the answer?")
        .run()
        .await;
    outcome.assert_clean_exit();
    assert_eq!(
        outcome.stdout, "Forty-two.\n",
        "the answer alone: {outcome}"
    );
    assert!(
        outcome
            .stderr
            .contains("tokens: 10 prompt + 5 completion = 15"),
        "{outcome}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_piped_session_shows_no_usage_line() {
    let (dir, _) = target_dir();
    let provider = MockProvider::start(vec![text_reply("hello there")]).await;
    let outcome = Tidyup::new(dir.path(), &provider).stdin("hi\n").run().await;
    outcome.assert_clean_exit();
    assert!(outcome.stdout_lines().contains(&"hello there"), "{outcome}");
    assert!(
        !outcome.stdout.contains("tokens:") && !outcome.stderr.contains("tokens:"),
        "usage is shown on a terminal only: {outcome}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn ask_shows_the_providers_error_for_a_model_that_cannot_see() {
    let provider = MockProvider::start(vec![error_reply(
        400,
        "This model does not support image input",
    )])
    .await;
    let outcome = Tidyup::bare()
        .args(["ask", "--lang", "en", "--base-url"])
        .arg(provider.base_url())
        .args(["--image", "https://example.com/a.png", "describe"])
        .run()
        .await;
    assert_eq!(outcome.code(), 1);
    assert!(
        outcome
            .stderr
            .contains("model call failed: HTTP 400: This model does not support image input"),
        "{outcome}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn ctrl_c_cancels_the_turn_and_the_session_goes_on() {
    let (dir, _) = target_dir();
    let slow = tool_reply(vec![call_raw(
        "c1",
        "create_folder",
        json!({"path": "never"}),
    )])
    .set_delay(Duration::from_secs(20));
    let provider = MockProvider::start(vec![slow, text_reply("still here")]).await;
    let home = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tidyup"))
        .env_clear()
        .env("HOME", home.path())
        .env("XDG_CACHE_HOME", home.path().join("cache"))
        .env("TIDYUP_DATA_DIR", home.path().join("data"))
        .env("TIDYUP_API_KEY", "k")
        .arg(dir.path())
        .args(["--lang", "en", "--base-url"])
        .arg(provider.base_url())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"make a folder\n").unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while provider.requests().is_empty() {
        assert!(Instant::now() < deadline, "the request never came");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    stdin.write_all(b"are you there?\n").unwrap();
    drop(stdin);
    let started = Instant::now();
    let status = child.wait().unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "cancelled, not waited out"
    );
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    assert!(status.success(), "{stdout}");
    assert!(stdout.contains("Cancelled."), "{stdout}");
    assert!(stdout.contains("still here"), "{stdout}");
    assert!(!dir.path().join("never").exists());
    let second = &provider.requests()[1].body["messages"];
    let roles: Vec<&str> = second
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["system", "user", "user"]);
}
