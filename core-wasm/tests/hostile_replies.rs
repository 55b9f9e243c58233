//! Replies a hostile or broken provider may send: tool calls that are not
//! objects, event streams with no usable chunk or no answer, and replies
//! over the size limit. Each is a failed call or a normalized message; the session goes
//! on and every later request is well-formed.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::VecDeque;

use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tidyup_core::{
    Agent, AgentConfig, CallSettings, Capabilities, ErrorCode, Event, HostError, HttpReply, Lang,
    ModelClient, Outcome, Provider,
};
use tidyup_test_kit::{
    MemFs, Recorder, TARGET, assert_well_formed, call, completion, message_json,
};

/// One model call's scripted answer.
enum Answer {
    /// A whole HTTP answer, or a failure of the host.
    Whole(Result<HttpReply, HostError>),
    /// A 200 event stream in these pieces, then its end.
    Stream(Vec<String>),
}

/// A provider answering from a script; records requests and unread pieces.
#[derive(Default)]
struct Script {
    answers: VecDeque<Answer>,
    pieces: VecDeque<String>,
    requests: Vec<Value>,
}

impl Script {
    fn next(&mut self, body: &Value) -> Answer {
        self.requests.push(body.clone());
        self.answers.pop_front().expect("no scripted answer left")
    }

    fn messages(&self, index: usize) -> Vec<Value> {
        self.requests[index]["messages"].as_array().unwrap().clone()
    }
}

impl ModelClient for Script {
    fn chat_completion(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        match self.next(body) {
            Answer::Whole(answer) => answer,
            Answer::Stream(_) => panic!("a stream was scripted for a whole call"),
        }
    }

    fn open_stream(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        match self.next(body) {
            Answer::Whole(answer) => answer,
            Answer::Stream(pieces) => {
                self.pieces = pieces.into();
                Ok(HttpReply {
                    streaming: true,
                    ..HttpReply::new(200, "")
                })
            }
        }
    }

    fn read_stream(&mut self) -> Result<Option<String>, HostError> {
        Ok(self.pieces.pop_front())
    }
}

/// An agent with its model, files and console.
struct Session {
    agent: Agent,
    model: Script,
    fs: MemFs,
    events: Recorder,
}

impl Session {
    fn new(lang: Lang, calls: CallSettings, answers: impl IntoIterator<Item = Answer>) -> Self {
        Self {
            agent: Agent::new(AgentConfig {
                target_name: None,
                dry_run: false,
                target_dir: TARGET.to_owned(),
                model: "m".to_owned(),
                lang,
                provider: Provider::Remote,
                calls,
                limits: Default::default(),
                read_contents: false,
                rules: None,
            }),
            model: Script {
                answers: answers.into_iter().collect(),
                ..Script::default()
            },
            fs: MemFs::new(),
            events: Recorder::default(),
        }
    }

    fn line(&mut self, line: &str) -> Outcome {
        self.events.clear();
        self.agent.handle_line(
            line,
            &mut Capabilities {
                model: &mut self.model,
                files: &mut self.fs,
                events: &mut self.events,
            },
        )
    }

    fn history(&self) -> Vec<Value> {
        self.agent.history().iter().map(message_json).collect()
    }

    fn roles(&self) -> Vec<String> {
        self.history()
            .iter()
            .map(|m| m["role"].as_str().unwrap().to_owned())
            .collect()
    }

    fn error_text(&self) -> String {
        match self.events.events.last() {
            Some(Event::Error { text, .. }) => text.clone(),
            other => panic!("expected an error event, got {other:?}"),
        }
    }
}

fn calls(stream: bool) -> CallSettings {
    CallSettings {
        stream,
        max_tries: 1,
        ..CallSettings::default()
    }
}

fn with_limit(stream: bool, max_reply_bytes: u64) -> CallSettings {
    CallSettings {
        max_reply_bytes,
        ..calls(stream)
    }
}

fn whole(body: &str) -> Answer {
    Answer::Whole(Ok(HttpReply::new(200, body)))
}

fn reply(message: &Value) -> Answer {
    Answer::Whole(Ok(completion(message)))
}

/// An event stream carrying `chunks`, then `[DONE]`, in one piece.
fn stream(chunks: &[Value]) -> Answer {
    let text: String = chunks.iter().map(|c| format!("data: {c}\n\n")).collect();
    Answer::Stream(vec![text + "data: [DONE]\n\n"])
}

fn delta(delta: Value) -> Value {
    json!({"id": "s", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": delta}]})
}

/// The plain answer `text` as a stream.
fn streamed_text(text: &str) -> Answer {
    stream(&[delta(json!({"role": "assistant", "content": text}))])
}

// ---------------------------------------------------------------------------
// Tool calls that are not objects
// ---------------------------------------------------------------------------

fn good_call() -> Value {
    call("c9", "get_file_type", r#"{"filename":"a.png"}"#)
}

/// After a reply whose tool calls hold non-objects, only the object is run,
/// stored and answered, and the next request is well-formed.
fn assert_only_the_object_call_counts(session: &mut Session) {
    assert_eq!(session.line("what is a.png"), Outcome::Answered);
    assert_eq!(
        session.events.tools(),
        [("get_file_type".to_owned(), "图片".to_owned())]
    );
    let second = session.model.messages(1);
    assert_well_formed(&second);
    assert_eq!(second[2]["tool_calls"], json!([good_call()]));
    assert_eq!(
        second[3],
        json!({"role": "tool", "tool_call_id": "c9", "content": "图片"})
    );
    assert_eq!(second.len(), 4);
    assert_well_formed(&session.history());
}

#[test]
fn tool_calls_that_are_not_objects_are_dropped_from_what_is_stored() {
    let message = json!({"role": "assistant", "content": null,
        "tool_calls": [42, null, "list_files", good_call()]});
    let mut session = Session::new(
        Lang::En,
        calls(false),
        [
            reply(&message),
            reply(&json!({"role": "assistant", "content": "a picture"})),
        ],
    );
    assert_only_the_object_call_counts(&mut session);
}

#[test]
fn streamed_tool_calls_that_are_not_objects_are_dropped_too() {
    let chunks = [
        delta(
            json!({"role": "assistant", "content": null, "tool_calls": [42, null, "list_files"]}),
        ),
        delta(
            json!({"tool_calls": [{"index": 3, "id": "c9", "type": "function",
            "function": {"name": "get_file_type", "arguments": "{\"filename\":"}}]}),
        ),
        delta(json!({"tool_calls": [{"index": 3, "function": {"arguments": "\"a.png\"}"}}]})),
    ];
    let mut session = Session::new(
        Lang::En,
        calls(true),
        [stream(&chunks), streamed_text("a picture")],
    );
    assert_only_the_object_call_counts(&mut session);
}

#[test]
fn a_reply_whose_tool_calls_are_all_garbage_is_its_text() {
    let message = json!({"role": "assistant", "content": "nothing to do", "tool_calls": [42, "x"]});
    let mut session = Session::new(
        Lang::En,
        calls(false),
        [
            reply(&message),
            reply(&json!({"role": "assistant", "content": "ok"})),
        ],
    );
    assert_eq!(session.line("hi"), Outcome::Answered);
    assert!(session.events.tools().is_empty());
    assert_eq!(
        session.history()[2],
        json!({"role": "assistant", "content": "nothing to do"})
    );
    assert_eq!(session.line("again"), Outcome::Answered);
    assert_well_formed(&session.model.messages(1));
}

// ---------------------------------------------------------------------------
// Event streams without a usable chunk
// ---------------------------------------------------------------------------

/// The error line a whole 200 body gives.
fn whole_body_error(body: &str) -> String {
    let mut session = Session::new(Lang::En, calls(false), [whole(body)]);
    assert_eq!(session.line("hi"), Outcome::ModelFailed, "{body:?}");
    session.error_text()
}

#[test]
fn an_empty_or_garbage_stream_fails_as_the_same_bytes_would_as_a_whole_body() {
    let cases = [
        // (the stream, the whole body it must fail like)
        ("data: {not json\n\ndata: [DONE]\n\n", "{not json"),
        ("data: {not json\n\n", "{not json"),
        ("", ""),
        ("data: [DONE]\n\n", ""),
        (": keep-alive\n\n", ""),
        ("data: <html>\n\ndata: also garbage\n\n", "<html>"),
        (
            "data: {\"object\":\"chat.completion.chunk\"}\n\n",
            "{\"object\":\"chat.completion.chunk\"}",
        ),
        (
            "data: {\"choices\":[],\"usage\":{\"total_tokens\":3}}\n\n",
            "{\"choices\":[],\"usage\":{\"total_tokens\":3}}",
        ),
    ];
    for (bytes, body) in cases {
        let expected = whole_body_error(body);
        assert!(expected.starts_with("model call failed: "), "{expected}");
        let mut session = Session::new(
            Lang::En,
            calls(true),
            [
                Answer::Stream(vec![bytes.to_owned()]),
                streamed_text("fine"),
            ],
        );
        assert_eq!(session.line("first"), Outcome::ModelFailed, "{bytes:?}");
        assert_eq!(session.error_text(), expected, "{bytes:?}");
        assert!(
            !session
                .events
                .events
                .iter()
                .any(|e| matches!(e, Event::Answer { .. })),
            "no blank answer for {bytes:?}"
        );
        assert_eq!(session.roles(), ["system", "user"], "{bytes:?}");
        assert_eq!(session.line("second"), Outcome::Answered);
        let second = session.model.messages(1);
        assert_well_formed(&second);
        let roles: Vec<&str> = second.iter().map(|m| m["role"].as_str().unwrap()).collect();
        assert_eq!(roles, ["system", "user", "user"], "{bytes:?}");
    }
}

#[test]
fn a_whole_completion_sent_as_one_event_reads_like_a_whole_body() {
    let body =
        json!({"choices": [{"index": 0, "message": {"role": "assistant", "content": "hi"}}]});
    let mut session = Session::new(
        Lang::En,
        calls(true),
        [Answer::Stream(vec![format!(
            "data: {body}\n\ndata: [DONE]\n\n"
        )])],
    );
    assert_eq!(session.line("hello"), Outcome::Answered);
    assert_eq!(session.history()[2]["content"], "hi");
}

/// A streamed request answered with a whole body (the provider does not
/// stream) is read as the protocol says: `content: null` (or missing) with
/// no tool call is an empty answer, stored as `""`, not a failed call.
#[test]
fn a_streamed_request_answered_whole_with_null_content_stores_an_empty_answer() {
    for message in [
        json!({"role": "assistant", "content": null}),
        json!({"role": "assistant"}),
        json!({"role": "assistant", "content": null, "tool_calls": []}),
    ] {
        let body = json!({"choices": [{"index": 0, "message": message}]}).to_string();
        let mut session = Session::new(
            Lang::En,
            calls(true),
            [Answer::Whole(Ok(HttpReply::new(200, body)))],
        );
        assert_eq!(session.line("hello"), Outcome::Answered, "{message}");
        let history = session.history();
        assert_eq!(
            session.roles(),
            ["system", "user", "assistant"],
            "{message}"
        );
        assert_eq!(history[2]["content"], "", "{message}");
        assert!(
            !(session.events.events.iter()).any(|e| matches!(e, Event::Error { .. })),
            "no failure for {message}"
        );
    }
}

/// The same whole completion sent as the stream's one event answers the
/// same way: only events that carry nothing at all are "no answer".
#[test]
fn a_whole_completion_with_null_content_sent_as_one_event_is_an_empty_answer() {
    let body =
        json!({"choices": [{"index": 0, "message": {"role": "assistant", "content": null}}]});
    let mut session = Session::new(
        Lang::En,
        calls(true),
        [Answer::Stream(vec![format!(
            "data: {body}\n\ndata: [DONE]\n\n"
        )])],
    );
    assert_eq!(session.line("hello"), Outcome::Answered);
    assert_eq!(session.history()[2]["content"], "");
}

#[test]
fn a_stream_of_events_holding_nothing_is_a_reply_with_no_answer() {
    let events: String = [
        "null".to_owned(),
        "42".to_owned(),
        json!({"choices": "nope"}).to_string(),
        json!({"choices": [{"index": 0, "delta": "just words"}]}).to_string(),
        delta(json!({"role": "assistant", "tool_calls": [42, "list_files", null]})).to_string(),
        "[DONE]".to_owned(),
    ]
    .iter()
    .map(|data| format!("data: {data}\n\n"))
    .collect();
    let mut session = Session::new(
        Lang::En,
        calls(true),
        [Answer::Stream(vec![events]), streamed_text("fine")],
    );
    assert_eq!(session.line("hello"), Outcome::ModelFailed);
    assert_eq!(
        session.error_text(),
        "model call failed: the reply held no answer"
    );
    assert_eq!(session.roles(), ["system", "user"], "nothing stored");
    assert_eq!(session.line("again"), Outcome::Answered);
    let roles: Vec<Value> = (session.model.messages(1).iter())
        .map(|m| m["role"].clone())
        .collect();
    assert_eq!(roles, ["system", "user", "user"]);
}

// ---------------------------------------------------------------------------
// Replies over the size limit
// ---------------------------------------------------------------------------

const TOO_LARGE_1K: &str = "model call failed: reply too large (more than 1 KiB; raise [limits] max_reply_mib in the config file)";

/// After a reply over the limit: no message stored, and the next line works.
fn assert_too_large_then_recovers(session: &mut Session, expected: &str) {
    assert_eq!(session.line("first"), Outcome::ModelFailed);
    assert_eq!(session.error_text(), expected);
    assert_eq!(session.roles(), ["system", "user"]);
    assert_eq!(session.line("second"), Outcome::Answered);
    assert_well_formed(&session.model.messages(1));
}

#[test]
fn a_whole_body_over_the_limit_fails_and_the_session_goes_on() {
    let long = json!({"role": "assistant", "content": "x".repeat(2000)});
    let mut session = Session::new(
        Lang::En,
        with_limit(false, 1024),
        [
            reply(&long),
            reply(&json!({"role": "assistant", "content": "ok"})),
        ],
    );
    assert_too_large_then_recovers(&mut session, TOO_LARGE_1K);
}

#[test]
fn one_streamed_event_over_the_limit_fails_before_the_rest_is_read() {
    let event = format!("data: {}\n\n", delta(json!({"content": "y".repeat(3000)})));
    let pieces: Vec<String> = event
        .as_bytes()
        .chunks(100)
        .map(|piece| String::from_utf8(piece.to_vec()).unwrap())
        .collect();
    let count = pieces.len();
    let mut session = Session::new(
        Lang::En,
        with_limit(true, 1024),
        [Answer::Stream(pieces), streamed_text("ok")],
    );
    assert_eq!(session.line("first"), Outcome::ModelFailed);
    assert_eq!(session.error_text(), TOO_LARGE_1K);
    assert!(
        session.model.pieces.len() > count / 2,
        "stopped reading at the limit ({} of {count} pieces left)",
        session.model.pieces.len()
    );
    session.model.pieces.clear();
    assert_eq!(session.line("second"), Outcome::Answered);
    assert_well_formed(&session.model.messages(1));
}

#[test]
fn small_events_adding_up_over_the_limit_fail() {
    let chunks: Vec<Value> = (0..40)
        .map(|_| delta(json!({"content": "z".repeat(50)})))
        .collect();
    let mut session = Session::new(
        Lang::En,
        with_limit(true, 1024),
        [stream(&chunks), streamed_text("ok")],
    );
    assert_too_large_then_recovers(&mut session, TOO_LARGE_1K);
}

#[test]
fn the_hosts_reply_too_large_is_worded_with_the_limit_in_each_language() {
    let refused = || {
        Answer::Whole(Err(HostError::new(
            ErrorCode::ReplyTooLarge,
            "the host stopped reading",
        )))
    };
    let ok = || reply(&json!({"role": "assistant", "content": "ok"}));
    let mut session = Session::new(Lang::En, calls(false), [refused(), ok()]);
    assert_too_large_then_recovers(
        &mut session,
        "model call failed: reply too large (more than 8 MiB; raise [limits] max_reply_mib in the config file)",
    );
    let mut session = Session::new(Lang::Zh, calls(false), [refused(), ok()]);
    assert_too_large_then_recovers(
        &mut session,
        "模型调用失败: 回复过大（超过 8 MiB；可在配置文件的 [limits] max_reply_mib 中调高）",
    );
}

#[test]
fn a_host_error_for_a_stream_piece_is_not_retried_when_too_large() {
    let mut session = Session::new(
        Lang::En,
        CallSettings {
            max_tries: 3,
            ..with_limit(false, 1024)
        },
        [
            Answer::Whole(Err(HostError::new(ErrorCode::ReplyTooLarge, "stop"))),
            reply(&json!({"role": "assistant", "content": "ok"})),
        ],
    );
    assert_too_large_then_recovers(&mut session, TOO_LARGE_1K);
    assert_eq!(
        session.model.requests.len(),
        2,
        "one try, then the next line"
    );
}

#[test]
fn countless_tiny_values_are_refused_before_they_are_parsed() {
    // 1 KiB allows 64 JSON values (one per 16 bytes); commas in strings are text.
    let zeros = vec![json!(0); 100];
    let padded = json!({"role": "assistant", "content": "x", "pad": zeros});
    let commas = json!({"role": "assistant", "content": ",".repeat(500)});
    let expected = "model call failed: reply too large (more than 64 JSON values; raise [limits] max_reply_mib in the config file)";
    let ok = || reply(&json!({"role": "assistant", "content": "ok"}));

    let mut session = Session::new(Lang::En, with_limit(false, 1024), [reply(&padded), ok()]);
    assert_too_large_then_recovers(&mut session, expected);

    let event = Answer::Stream(vec![format!(
        "data: {}\n\n",
        delta(json!({"content": "x", "pad": zeros}))
    )]);
    let mut session = Session::new(
        Lang::En,
        with_limit(true, 1024),
        [event, streamed_text("ok")],
    );
    assert_too_large_then_recovers(&mut session, expected);

    let mut session = Session::new(Lang::En, with_limit(false, 1024), [reply(&commas)]);
    assert_eq!(session.line("commas"), Outcome::Answered);
    assert_eq!(session.history()[2]["content"], ",".repeat(500));
}

#[test]
fn countless_streamed_tool_calls_add_up_over_the_limit() {
    let chunks: Vec<Value> = (0..40)
        .map(|index| delta(json!({"tool_calls": [{"index": index}]})))
        .collect();
    let mut session = Session::new(
        Lang::En,
        with_limit(true, 1024),
        [stream(&chunks), streamed_text("ok")],
    );
    assert_too_large_then_recovers(&mut session, TOO_LARGE_1K);
}
