//! The provider-grade client, natively: retries with backoff, streaming and
//! delta assembly, provider quirks, usage, cancellation, and `ask`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::VecDeque;

use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tidyup_core::{
    Agent, AgentConfig, AskConfig, CallSettings, Capabilities, ErrorCode, Event, FailureKind,
    HostError, HttpReply, Lang, ModelClient, ModelFailure, Outcome, Provider, ask,
};
use tidyup_test_kit::{
    MemFs, Recorder, TARGET, assert_well_formed, call, completion, completion_body, tool_message,
};

/// One model call's scripted answer.
enum Step {
    /// A whole HTTP answer, or a transport failure.
    Whole(Result<HttpReply, HostError>),
    /// A 200 event stream delivered in these pieces (then its end).
    Stream(Vec<Result<String, HostError>>),
}

/// A provider that answers from a script and records what it was asked.
#[derive(Default)]
struct FakeProvider {
    script: VecDeque<Step>,
    pieces: VecDeque<Result<String, HostError>>,
    requests: Vec<Value>,
    sleeps: Vec<u64>,
    /// Reports "cancelled" once this many tools have been asked about.
    cancel_after_checks: Option<usize>,
    checks: usize,
}

impl FakeProvider {
    fn new(script: impl IntoIterator<Item = Step>) -> Self {
        Self {
            script: script.into_iter().collect(),
            ..Self::default()
        }
    }

    fn next(&mut self, body: &Value) -> Step {
        self.requests.push(body.clone());
        self.script.pop_front().expect("no scripted answer left")
    }
}

impl ModelClient for FakeProvider {
    fn chat_completion(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        match self.next(body) {
            Step::Whole(answer) => answer,
            Step::Stream(_) => panic!("a stream was scripted for a whole call"),
        }
    }

    fn open_stream(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        match self.next(body) {
            Step::Whole(answer) => answer,
            Step::Stream(pieces) => {
                self.pieces = pieces.into();
                Ok(HttpReply {
                    streaming: true,
                    ..HttpReply::new(200, "")
                })
            }
        }
    }

    fn read_stream(&mut self) -> Result<Option<String>, HostError> {
        self.pieces.pop_front().transpose()
    }

    fn sleep(&mut self, milliseconds: u64) -> Result<(), HostError> {
        self.sleeps.push(milliseconds);
        Ok(())
    }

    fn cancelled(&mut self) -> bool {
        self.checks += 1;
        self.cancel_after_checks
            .is_some_and(|limit| self.checks > limit)
    }
}

fn status(code: u16, body: &str) -> Step {
    Step::Whole(Ok(HttpReply::new(code, body)))
}

fn ok(message: Value) -> Step {
    Step::Whole(Ok(completion(&message)))
}

fn sse(chunks: &[Value]) -> String {
    chunks
        .iter()
        .map(|c| format!("data: {c}\n\n"))
        .collect::<String>()
        + "data: [DONE]\n\n"
}

/// A 200 reply carrying `message` with this `finish_reason`.
fn with_finish_reason(message: &Value, reason: &str) -> HttpReply {
    let mut body = completion_body(message);
    body["choices"][0]["finish_reason"] = Value::String(reason.to_owned());
    HttpReply::new(200, body.to_string())
}

fn settings(stream: bool) -> CallSettings {
    CallSettings {
        stream,
        max_tries: 4,
        retry_base_ms: 100,
        seed: 7,
        ..CallSettings::default()
    }
}

/// Runs `line` on a fresh agent; returns the outcome, events and the agent.
fn run(
    provider: &mut FakeProvider,
    calls: CallSettings,
    fs: &mut MemFs,
    line: &str,
) -> (Outcome, Recorder, Agent) {
    let mut agent = Agent::new(AgentConfig {
        target_name: None,
        dry_run: false,
        target_dir: TARGET.to_owned(),
        model: "m".to_owned(),
        lang: Lang::En,
        provider: Provider::Remote,
        calls,
        limits: Default::default(),
        read_contents: false,
        rules: None,
    });
    let mut events = Recorder::default();
    let outcome = agent.handle_line(
        line,
        &mut Capabilities {
            model: provider,
            files: fs,
            events: &mut events,
        },
    );
    (outcome, events, agent)
}

fn empty_fs() -> MemFs {
    MemFs::new().dir(TARGET)
}

#[test]
fn transient_failures_are_retried_with_backoff_then_succeed() {
    let mut provider = FakeProvider::new([
        status(503, r#"{"error":{"message":"busy"}}"#),
        Step::Whole(Err(HostError::new(
            ErrorCode::Connect,
            "connection refused",
        ))),
        Step::Whole(Ok(HttpReply {
            retry_after: Some(1.5),
            ..HttpReply::new(
                429,
                r#"{"error":{"message":"slow down","code":"rate_limit_exceeded"}}"#,
            )
        })),
        ok(json!({"role": "assistant", "content": "done"})),
    ]);
    let (outcome, events, _) = run(&mut provider, settings(false), &mut empty_fs(), "hi");
    assert_eq!(outcome, Outcome::Answered);
    assert_eq!(provider.requests.len(), 4);
    assert_eq!(provider.sleeps.len(), 3);
    assert!(
        (75..=125).contains(&provider.sleeps[0]),
        "{:?}",
        provider.sleeps
    );
    assert!(
        (150..=250).contains(&provider.sleeps[1]),
        "{:?}",
        provider.sleeps
    );
    assert_eq!(provider.sleeps[2], 1500, "Retry-After wins");
    assert_eq!(
        events.events,
        [Event::Answer {
            text: "done".into(),
            streamed: false
        }]
    );
}

#[test]
fn four_tries_at_most_then_the_last_cause() {
    let mut provider = FakeProvider::new(
        (0..4).map(|i| status(500, &format!(r#"{{"error":{{"message":"boom {i}"}}}}"#))),
    );
    let (outcome, events, _) = run(&mut provider, settings(false), &mut empty_fs(), "hi");
    assert_eq!(outcome, Outcome::ModelFailed);
    assert_eq!(provider.requests.len(), 4);
    assert_eq!(
        events.events,
        [Event::Error {
            text: "model call failed: HTTP 500: boom 3".into(),
            failure: Some(ModelFailure {
                kind: FailureKind::ServerError,
                status: Some(500),
                message: Some("boom 3".into()),
            }),
        }]
    );
}

#[test]
fn client_errors_and_exhausted_quota_are_never_retried() {
    for (code, body) in [
        (400, r#"{"error":{"message":"bad"}}"#),
        (401, r#"{"error":{"message":"key"}}"#),
        (402, r#"{"error":"pay"}"#),
        (403, r#"{"error":"no"}"#),
        (404, r#"{"detail":"no model"}"#),
        (422, r#"{"message":"invalid"}"#),
        (
            429,
            r#"{"error":{"message":"quota","type":"insufficient_quota","code":"insufficient_quota"}}"#,
        ),
    ] {
        let mut provider = FakeProvider::new([status(code, body)]);
        let (outcome, _, _) = run(&mut provider, settings(false), &mut empty_fs(), "hi");
        assert_eq!(
            (outcome, provider.requests.len()),
            (Outcome::ModelFailed, 1),
            "{code}"
        );
        assert!(provider.sleeps.is_empty());
    }
}

#[test]
fn a_streamed_answer_shows_as_it_arrives_and_is_stored_like_a_whole_one() {
    let chunks = [
        json!({"id": "s", "choices": [{"index": 0, "delta": {"role": "assistant", "content": "Hel"}}]}),
        json!({"choices": [{"index": 0, "delta": {"content": "lo!", "reasoning_content": "hm"}}]}),
        json!({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}),
        json!({"choices": [], "usage": {"prompt_tokens": 9, "completion_tokens": 2, "total_tokens": 11}}),
    ];
    let text = sse(&chunks);
    let (first, rest) = text.split_at(25);
    let mut provider = FakeProvider::new([Step::Stream(vec![Ok(first.into()), Ok(rest.into())])]);
    let (outcome, events, agent) = run(&mut provider, settings(true), &mut empty_fs(), "hi");
    assert_eq!(outcome, Outcome::Answered);
    assert_eq!(provider.requests[0]["stream"], true);
    assert_eq!(
        provider.requests[0]["stream_options"]["include_usage"],
        true
    );
    assert_eq!(
        events.events,
        [
            Event::AnswerDelta { text: "Hel".into() },
            Event::AnswerDelta { text: "lo!".into() },
            Event::Answer {
                text: "Hello!".into(),
                streamed: true
            },
        ]
    );
    assert_eq!(
        events.usage[0].text(),
        "tokens: 9 prompt + 2 completion = 11"
    );
    let stored = serde_json::to_value(&agent.history()[2]).unwrap();
    assert_eq!(
        stored,
        json!({"role": "assistant", "content": "Hello!", "reasoning_content": "hm"})
    );
}

#[test]
fn streamed_tool_calls_are_assembled_and_run() {
    let chunks = [
        json!({"choices": [{"index": 0, "delta": {"role": "assistant", "tool_calls": [{"index": 0, "id": "c1", "type": "function", "function": {"name": "get_file_type", "arguments": ""}}]}}]}),
        json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": "{\"filename\":"}}]}}]}),
        json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": "\"a.MP3\"}"}}]}, "finish_reason": "tool_calls"}]}),
    ];
    let answer = [
        json!({"choices": [{"index": 0, "delta": {"content": "audio"}, "finish_reason": "stop"}]}),
    ];
    let mut provider = FakeProvider::new([
        Step::Stream(vec![Ok(sse(&chunks))]),
        Step::Stream(vec![Ok(sse(&answer))]),
    ]);
    let (outcome, events, agent) = run(&mut provider, settings(true), &mut empty_fs(), "hi");
    assert_eq!(outcome, Outcome::Answered);
    assert_eq!(
        events.tools(),
        [("get_file_type".to_owned(), "音频".to_owned())]
    );
    let history: Vec<Value> = agent
        .history()
        .iter()
        .map(|m| serde_json::to_value(m).unwrap())
        .collect();
    assert_well_formed(&history);
    assert_eq!(
        history[2]["tool_calls"][0]["function"]["arguments"],
        "{\"filename\":\"a.MP3\"}"
    );
    assert_eq!(history[3]["tool_call_id"], "c1");
}

#[test]
fn a_provider_that_ignores_stream_is_read_whole() {
    let mut provider = FakeProvider::new([ok(json!({"role": "assistant", "content": "plain"}))]);
    let (outcome, events, _) = run(&mut provider, settings(true), &mut empty_fs(), "hi");
    assert_eq!(outcome, Outcome::Answered);
    assert_eq!(
        events.events,
        [Event::Answer {
            text: "plain".into(),
            streamed: false
        }]
    );
}

#[test]
fn an_error_inside_a_200_stream_fails_and_shown_text_is_never_retried() {
    let broken = "data: {\"choices\":[{\"delta\":{\"content\":\"Half\"}}]}\n\ndata: {\"error\":{\"message\":\"overloaded\"}}\n\n";
    let mut provider = FakeProvider::new([Step::Stream(vec![Ok(broken.into())])]);
    let (outcome, events, _) = run(&mut provider, settings(true), &mut empty_fs(), "hi");
    assert_eq!(outcome, Outcome::ModelFailed);
    assert_eq!(provider.requests.len(), 1);
    assert_eq!(
        events.events.last().unwrap().text(),
        "model call failed: overloaded"
    );

    let dropped = vec![
        Ok("data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n".to_owned()),
        Err(HostError::new(ErrorCode::Transport, "connection reset")),
    ];
    let mut provider = FakeProvider::new([Step::Stream(dropped)]);
    let (outcome, _, _) = run(&mut provider, settings(true), &mut empty_fs(), "hi");
    assert_eq!(
        (outcome, provider.requests.len()),
        (Outcome::ModelFailed, 1),
        "text was shown: no retry"
    );

    let dropped_early = vec![Err(HostError::new(
        ErrorCode::Transport,
        "connection reset",
    ))];
    let mut provider = FakeProvider::new([
        Step::Stream(dropped_early),
        ok(json!({"role": "assistant", "content": "again"})),
    ]);
    let (outcome, _, _) = run(&mut provider, settings(true), &mut empty_fs(), "hi");
    assert_eq!(
        (outcome, provider.requests.len()),
        (Outcome::Answered, 2),
        "nothing shown yet: retried"
    );
}

#[test]
fn a_reply_cut_off_by_length_runs_no_tool_and_the_model_is_told() {
    let cut = with_finish_reason(
        &tool_message(&[call("c1", "delete_file", "{\"path\":\"x\",\"confi")]),
        "length",
    );
    let mut fs = MemFs::new()
        .dir(TARGET)
        .file(&format!("{TARGET}/x"), "keep");
    let mut provider = FakeProvider::new([
        Step::Whole(Ok(cut)),
        ok(json!({"role": "assistant", "content": "sorry"})),
    ]);
    let (outcome, events, _) = run(&mut provider, settings(false), &mut fs, "hi");
    assert_eq!(outcome, Outcome::Answered);
    assert!(fs.exists(&format!("{TARGET}/x")));
    let told = provider.requests[1]["messages"][3]["content"]
        .as_str()
        .unwrap();
    assert!(
        told.starts_with("Not executed: your reply was cut off"),
        "{told}"
    );
    assert_eq!(events.tools()[0].1, told);
}

#[test]
fn content_filter_is_shown_and_stop_with_tool_calls_still_runs_them() {
    let filtered = with_finish_reason(
        &json!({"role": "assistant", "content": ""}),
        "content_filter",
    );
    let mut provider = FakeProvider::new([
        Step::Whole(Ok(completion(&tool_message(&[call(
            "c1",
            "get_file_type",
            "{\"filename\":\"a.txt\"}",
        )])))),
        Step::Whole(Ok(filtered)),
    ]);
    let (outcome, events, _) = run(&mut provider, settings(false), &mut empty_fs(), "hi");
    assert_eq!(outcome, Outcome::Answered);
    assert_eq!(
        events.tools(),
        [("get_file_type".to_owned(), "文档".to_owned())]
    );
    assert!(
        events
            .events
            .iter()
            .any(|e| e.text().contains("content filter")),
        "{:?}",
        events.events
    );
}

#[test]
fn usage_is_summed_over_the_turn() {
    let mut provider = FakeProvider::new([
        Step::Whole(Ok(completion(&tool_message(&[call(
            "c1",
            "get_file_type",
            "{\"filename\":\"a\"}",
        )])))),
        ok(json!({"role": "assistant", "content": "ok"})),
    ]);
    let (_, events, _) = run(&mut provider, settings(false), &mut empty_fs(), "hi");
    assert_eq!(
        events.usage,
        [Event::Usage {
            prompt_tokens: 20,
            completion_tokens: 10,
            total_tokens: 30,
            text: "tokens: 20 prompt + 10 completion = 30".into(),
        }]
    );
}

#[test]
fn cancelling_mid_tools_answers_the_rest_as_cancelled() {
    let calls = [
        call("c1", "create_folder", "{\"path\":\"A\"}"),
        call("c2", "create_folder", "{\"path\":\"B\"}"),
        call("c3", "create_folder", "{\"path\":\"C\"}"),
    ];
    let mut provider = FakeProvider::new([Step::Whole(Ok(completion(&tool_message(&calls))))]);
    // The check before the call, then one per tool: cancel before the second tool.
    provider.cancel_after_checks = Some(2);
    let mut fs = empty_fs();
    let (outcome, events, agent) = run(&mut provider, settings(false), &mut fs, "hi");
    assert_eq!(outcome, Outcome::Cancelled);
    assert!(fs.exists(&format!("{TARGET}/A")) && !fs.exists(&format!("{TARGET}/B")));
    let results: Vec<String> = events.tools().into_iter().map(|(_, r)| r).collect();
    assert_eq!(results[1], "Not executed: the user cancelled this turn.");
    assert_eq!(results[2], "Not executed: the user cancelled this turn.");
    let history: Vec<Value> = agent
        .history()
        .iter()
        .map(|m| serde_json::to_value(m).unwrap())
        .collect();
    assert_well_formed(&history);
    assert!(
        events
            .events
            .last()
            .unwrap()
            .text()
            .starts_with("Cancelled.")
    );
}

#[test]
fn a_cancelled_model_call_ends_the_turn() {
    let mut provider = FakeProvider::new([Step::Whole(Err(HostError::new(
        ErrorCode::Cancelled,
        "cancelled by the user",
    )))]);
    let (outcome, events, agent) = run(&mut provider, settings(false), &mut empty_fs(), "hi");
    assert_eq!(outcome, Outcome::Cancelled);
    assert_eq!(provider.requests.len(), 1, "no retry after a cancel");
    assert_eq!(agent.history().len(), 2);
    assert!(events.events[0].text().starts_with("Cancelled."));
}

#[test]
fn ask_sends_text_and_image_parts_without_tools() {
    let config = AskConfig {
        model: "vision".into(),
        lang: Lang::En,
        system: Some("Be brief.".into()),
        question: "What is this?".into(),
        images: vec![
            "data:image/png;base64,iVBORw0KGgo=".into(),
            "https://example.com/cat.jpg".into(),
        ],
        calls: CallSettings::default(),
    };
    let mut provider = FakeProvider::new([ok(json!({"role": "assistant", "content": "A cat."}))]);
    let mut events = Recorder::default();
    assert_eq!(ask(&config, &mut provider, &mut events), Outcome::Answered);
    assert_eq!(
        provider.requests[0],
        json!({"model": "vision", "messages": [
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": [
                {"type": "text", "text": "What is this?"},
                {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}},
                {"type": "image_url", "image_url": {"url": "https://example.com/cat.jpg"}},
            ]},
        ]})
    );
    assert_eq!(
        events.events,
        [Event::Answer {
            text: "A cat.".into(),
            streamed: false
        }]
    );
    assert_eq!(events.usage.len(), 1);
}
