//! A hostile or broken provider, through the binary against a mock on
//! 127.0.0.1: replies over the size limit, event streams with no usable
//! chunk or no answer, a reply that stops the core, a server error with a
//! huge body, a reply too large for the context budget. Each is an error
//! line; the session goes on with a well-formed history.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use serde_json::{Value, json};
use tidyup_test_kit::e2e::{
    MockProvider, Outcome, Tidyup, assert_well_formed, call_json, target_dir, text_reply,
    tool_reply,
};
use wiremock::ResponseTemplate;

fn event_stream(body: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_raw(body.to_owned(), "text/event-stream")
}

fn json_body(body: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_raw(body.to_owned(), "application/json")
}

/// The roles of the messages of request `index`.
fn roles(provider: &MockProvider, index: usize) -> Vec<String> {
    provider.requests()[index]
        .messages()
        .iter()
        .map(|m| m["role"].as_str().unwrap().to_owned())
        .collect()
}

/// The `model call failed` lines of a run.
fn failures(outcome: &Outcome) -> Vec<&str> {
    outcome
        .stderr
        .lines()
        .filter(|line| line.starts_with("model call failed"))
        .collect()
}

/// A run whose config file says `[limits] max_reply_mib = MIB`.
fn with_reply_limit(run: Tidyup, mib: u64) -> Tidyup {
    let file = run.home().join("tidyup.toml");
    std::fs::write(&file, format!("[limits]\nmax_reply_mib = {mib}\n")).unwrap();
    run.env("TIDYUP_CONFIG", file.to_str().unwrap())
}

#[tokio::test(flavor = "multi_thread")]
async fn replies_over_the_size_limit_fail_and_the_session_goes_on() {
    let (dir, _) = target_dir();
    let long = "x".repeat(1_200_000);
    let chunk = json!({"choices": [{"index": 0, "delta": {"content": long}}]});
    let whole =
        json!({"choices": [{"index": 0, "message": {"role": "assistant", "content": long}}]});
    let provider = MockProvider::start(vec![
        event_stream(&format!("data: {chunk}\n\ndata: [DONE]\n\n")),
        json_body(&whole.to_string()),
        text_reply("small enough"),
    ])
    .await;
    let run = Tidyup::new(dir.path(), &provider).stdin("one\ntwo\nthree\n");
    let outcome = with_reply_limit(run, 1).run().await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    let expected = "model call failed: reply too large (more than 1 MiB; raise [limits] max_reply_mib in the config file)";
    assert_eq!(failures(&outcome), [expected, expected], "{outcome}");
    assert!(
        outcome.stdout_lines().contains(&"small enough"),
        "{outcome}"
    );
    assert!(!outcome.stdout.contains("xxxx"), "{outcome}");
    assert_eq!(roles(&provider, 2), ["system", "user", "user", "user"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_garbage_or_empty_event_stream_fails_like_the_same_bytes_as_a_whole_body() {
    for (stream, body) in [
        ("data: {not json\n\ndata: [DONE]\n\n", "{not json"),
        ("", ""),
    ] {
        let (dir, _) = target_dir();
        let whole = MockProvider::start(vec![json_body(body)]).await;
        let as_body = Tidyup::new(dir.path(), &whole)
            .arg("--no-stream")
            .stdin("hi\n")
            .run()
            .await;
        let expected = failures(&as_body);
        assert_eq!(expected.len(), 1, "{as_body}");

        let provider = MockProvider::start(vec![
            event_stream(stream),
            event_stream(&format!(
                "data: {}\n\ndata: [DONE]\n\n",
                json!({"choices": [{"index": 0, "delta": {"content": "fine now"}}]})
            )),
        ])
        .await;
        let outcome = Tidyup::new(dir.path(), &provider)
            .stdin("hi\nagain\n")
            .run()
            .await;
        assert_eq!(outcome.code(), 0, "{outcome}");
        assert_eq!(failures(&outcome), expected, "{stream:?}: {outcome}");
        let lines = outcome.stdout_lines();
        assert!(lines.contains(&"fine now"), "{outcome}");
        assert!(!lines.contains(&""), "no blank answer line: {outcome}");
        assert_eq!(roles(&provider, 1), ["system", "user", "user"]);
    }
}

/// A 200 body answering `answer`, within the default limits but heavy to
/// read: half a million tiny JSON values and a 7 MB string beside them.
fn heavy(answer: &str) -> ResponseTemplate {
    let zeros = vec![Value::from(0); 500_000];
    let body = json!({"choices": [{"index": 0, "finish_reason": "stop",
        "message": {"role": "assistant", "content": answer, "padding": zeros,
            "filler": "f".repeat(7_000_000)}}]});
    json_body(&body.to_string())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_core_that_stops_is_restored_to_the_last_completed_turn() {
    let (dir, _) = target_dir();
    let provider = MockProvider::start(vec![
        text_reply("first answer"),
        heavy("never shown"),
        text_reply("third answer"),
    ])
    .await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .arg("--no-stream")
        // A small budget of work between two host calls: a normal line
        // needs far less, reading the heavy reply far more.
        .env("TIDYUP_CORE_FUEL", "40000000")
        .stdin("first\nsecond\nthird\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    assert!(
        outcome.stderr.contains(
            "tidyup: the core stopped (out of fuel: more than 40000000 instructions between two host calls; TIDYUP_CORE_FUEL raises it); this line was rolled back"
        ),
        "{outcome}"
    );
    let lines = outcome.stdout_lines();
    assert!(lines.contains(&"first answer"), "{outcome}");
    assert!(lines.contains(&"third answer"), "{outcome}");
    assert!(!outcome.stdout.contains("never shown"), "{outcome}");
    let third = &provider.requests()[2];
    assert_well_formed(third.messages());
    assert_eq!(roles(&provider, 2), ["system", "user", "assistant", "user"]);
    assert_eq!(third.messages()[2]["content"], "first answer");
    assert_eq!(third.messages()[3]["content"], "third");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_server_error_with_a_huge_body_is_retried_like_any_server_error() {
    for stream in [true, false] {
        let (dir, _) = target_dir();
        let huge = "x".repeat(50 << 20);
        let provider = MockProvider::start(vec![
            ResponseTemplate::new(500).set_body_raw(huge, "text/plain"),
            text_reply("answered after all"),
        ])
        .await;
        let mut run = Tidyup::new(dir.path(), &provider).stdin("hi\n");
        if !stream {
            run = run.arg("--no-stream");
        }
        let outcome = run.run().await;
        outcome.assert_clean_exit();
        assert!(
            outcome.stdout_lines().contains(&"answered after all"),
            "{outcome}"
        );
        assert_eq!(provider.requests().len(), 2, "retried once\n{outcome}");
    }
}

/// A provider that answers a streamed request with a whole JSON body whose
/// message has `content: null` and no tool call: an empty answer, stored as
/// `""` and resent so; not a failed call.
#[tokio::test(flavor = "multi_thread")]
async fn a_whole_body_with_null_content_answers_a_streamed_request_with_an_empty_answer() {
    let (dir, _) = target_dir();
    let whole =
        json!({"choices": [{"index": 0, "message": {"role": "assistant", "content": null}}]});
    let provider =
        MockProvider::start(vec![json_body(&whole.to_string()), text_reply("next")]).await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("hi\nagain\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    assert!(failures(&outcome).is_empty(), "{outcome}");
    assert!(
        provider.requests()[0].body["stream"] == json!(true),
        "a streamed request"
    );
    let second = provider.requests()[1].messages().clone();
    assert_well_formed(&second);
    assert_eq!(roles(&provider, 1), ["system", "user", "assistant", "user"]);
    assert_eq!(second[2]["content"], "", "stored as an empty answer");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stream_of_events_holding_nothing_fails_as_a_reply_with_no_answer() {
    let (dir, _) = target_dir();
    let events = [
        "null".to_owned(),
        "42".to_owned(),
        json!({"choices": "nope"}).to_string(),
        json!({"choices": [{"index": 0, "delta": "just words"}]}).to_string(),
        json!({"choices": [{"index": 0, "delta": {"tool_calls": [42, "list_files", null]}}]})
            .to_string(),
        "[DONE]".to_owned(),
    ];
    let stream: String = events
        .iter()
        .map(|data| format!("data: {data}\n\n"))
        .collect();
    let provider = MockProvider::start(vec![
        event_stream(&stream),
        event_stream(&format!(
            "data: {}\n\ndata: [DONE]\n\n",
            json!({"choices": [{"index": 0, "delta": {"content": "fine now"}}]})
        )),
    ])
    .await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("hi\nagain\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    assert_eq!(
        failures(&outcome),
        ["model call failed: the reply held no answer"],
        "{outcome}"
    );
    let lines = outcome.stdout_lines();
    assert!(lines.contains(&"fine now"), "{outcome}");
    assert!(!lines.contains(&""), "no blank answer line: {outcome}");
    let second = &provider.requests()[1];
    assert_well_formed(second.messages());
    assert_eq!(roles(&provider, 1), ["system", "user", "user"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reply_too_large_for_the_context_budget_is_refused_before_its_calls_run_and_the_line_kept()
 {
    let (dir, _) = target_dir();
    std::fs::write(dir.path().join("a.txt"), "a").unwrap();
    // The reply itself, 10,000 calls, is over the default budget: no
    // shortening of its short results could make the next request fit, so
    // none of its calls runs and the person's line stays.
    let calls: Vec<Value> = (0..10_000)
        .map(|i| {
            call_json(
                &format!("call_{i}"),
                "get_file_type",
                json!({"filename": "a.txt"}),
            )
        })
        .collect();
    let provider =
        MockProvider::start(vec![tool_reply(calls), text_reply("the second answer")]).await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("first\nsecond\n")
        .run()
        .await;
    assert_eq!(outcome.code(), 0, "{outcome}");
    let failed = failures(&outcome);
    assert_eq!(failed.len(), 1, "{outcome}");
    assert!(
        failed[0].starts_with("model call failed: the reply asks for 10,000 tool calls, about "),
        "{outcome}"
    );
    assert!(failed[0].contains("none of them was run"), "{outcome}");
    assert!(
        !outcome.stdout.contains("[tool] get_file_type"),
        "{outcome}"
    );
    assert!(!outcome.stdout.contains("rolled back"), "{outcome}");
    assert!(
        outcome.stdout_lines().contains(&"the second answer"),
        "{outcome}"
    );
    let requests = provider.requests();
    assert_eq!(requests.len(), 2, "the second line is sent\n{outcome}");
    assert_well_formed(requests[1].messages());
    assert_eq!(roles(&provider, 1), ["system", "user", "user"]);
    assert_eq!(
        requests[1].messages()[1]["content"],
        "first",
        "the line is kept"
    );
    assert_eq!(requests[1].messages()[2]["content"], "second");
}
