//! Failed model calls and odd replies: the turn ends with an error event, the
//! session goes on, and the history stays well-formed.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use serde_json::json;
use tidyup_core::ErrorCode;
use tidyup_core::{Event, FailureKind, Lang, Outcome};
use tidyup_test_kit::{
    MemFs, ScriptedModel, World, assert_well_formed, call, completion, http, text_message,
    text_reply, tool_reply, with_field,
};

/// One line that fails with `expected` as the error text and `kind` as
/// what failed (after the tool events of the rounds before, if any), then
/// a line that works.
fn fails_then_recovers(world: &mut World, expected: &str, kind: FailureKind) {
    assert_eq!(world.line("first"), Outcome::ModelFailed);
    let tools = world.events.tools().len();
    let [Event::Error { text, failure }] = &world.events.events[tools..] else {
        panic!("one error event: {:?}", world.events.events);
    };
    assert_eq!(text, expected);
    assert_eq!(failure.as_ref().map(|f| f.kind), Some(kind), "{expected}");
    world.events.clear();
    world.model.push(text_reply("recovered"));
    assert_eq!(world.line("second"), Outcome::Answered);
    assert_eq!(
        world.events.events,
        vec![Event::Answer {
            text: "recovered".to_owned(),
            streamed: false
        }]
    );
    let last = world.model.requests.last().unwrap()["messages"]
        .as_array()
        .unwrap()
        .clone();
    assert_well_formed(&last);
    assert_eq!(
        last.last(),
        Some(&json!({"role": "user", "content": "second"}))
    );
    assert_well_formed(&world.history_json());
}

#[test]
fn transport_error() {
    let mut model = ScriptedModel::default();
    model.push_transport_error(ErrorCode::Connect, "connection refused");
    let mut world = World::en(MemFs::new(), model);
    fails_then_recovers(
        &mut world,
        "model call failed: connection refused",
        FailureKind::Unreachable,
    );
    // The failed line stays in the history as a user message; nothing else was added.
    let roles: Vec<_> = world
        .history_json()
        .iter()
        .map(|m| m["role"].clone())
        .collect();
    assert_eq!(roles, ["system", "user", "user", "assistant"]);
}

#[test]
fn timeout_in_chinese() {
    let mut model = ScriptedModel::default();
    model.push_transport_error(ErrorCode::Timeout, "operation timed out");
    let mut world = World::new(Lang::Zh, MemFs::new(), model);
    fails_then_recovers(
        &mut world,
        "模型调用失败: operation timed out",
        FailureKind::Timeout,
    );
}

#[test]
fn non_2xx_statuses_and_bodies() {
    let cases = [
        (
            500,
            r#"{"error":{"message":"boom"}}"#,
            "model call failed: HTTP 500: boom",
            FailureKind::ServerError,
        ),
        (
            401,
            r#"{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}}"#,
            "model call failed: HTTP 401: Incorrect API key provided",
            FailureKind::KeyRefused,
        ),
        (
            429,
            r#"{"error":"quota exceeded"}"#,
            "model call failed: HTTP 429: quota exceeded",
            FailureKind::RateLimited,
        ),
        (
            404,
            r#"{"detail":"Not Found"}"#,
            "model call failed: HTTP 404: Not Found",
            FailureKind::ModelUnknown,
        ),
        (
            502,
            "Bad Gateway",
            "model call failed: HTTP 502: Bad Gateway",
            FailureKind::ServerError,
        ),
        (
            503,
            "",
            "model call failed: HTTP 503",
            FailureKind::ServerError,
        ),
        (
            301,
            "<html>moved</html>",
            "model call failed: HTTP 301: <html>moved</html>",
            FailureKind::Refused,
        ),
    ];
    for (status, body, expected, kind) in cases {
        let mut model = ScriptedModel::default();
        model.push(http(status, body));
        let mut world = World::en(MemFs::new(), model);
        fails_then_recovers(&mut world, expected, kind);
    }
}

#[test]
fn bodies_that_are_not_a_chat_completion() {
    let cases = [
        (
            "<html>oops</html>",
            "model call failed: the reply is not a chat completion (invalid JSON: expected value at line 1 column 1)",
        ),
        (
            "",
            "model call failed: the reply is not a chat completion (invalid JSON: EOF while parsing a value at line 1 column 0)",
        ),
        (
            r#"{"choices":[]}"#,
            "model call failed: the reply has no choices",
        ),
        (
            r#"{"object":"chat.completion"}"#,
            r#"model call failed: the reply is not a chat completion (no "choices" array)"#,
        ),
        (
            r#"{"choices":[{"index":0}]}"#,
            r#"model call failed: the reply is not a chat completion (choices[0] has no "message" object)"#,
        ),
        (
            r#"{"error":{"message":"rate limited"}}"#,
            "model call failed: rate limited",
        ),
    ];
    for (body, expected) in cases {
        let mut model = ScriptedModel::default();
        model.push(http(200, body));
        let mut world = World::en(MemFs::new(), model);
        // An error the provider put in its reply is its refusal.
        let kind = if expected.ends_with("rate limited") {
            FailureKind::Refused
        } else {
            FailureKind::NotAReply
        };
        fails_then_recovers(&mut world, expected, kind);
    }
}

#[test]
fn no_choices_in_chinese() {
    let mut model = ScriptedModel::default();
    model.push(http(200, r#"{"choices":[]}"#));
    let mut world = World::new(Lang::Zh, MemFs::new(), model);
    fails_then_recovers(
        &mut world,
        "模型调用失败: 回复中没有 choices",
        FailureKind::NotAReply,
    );
}

#[test]
fn a_failure_after_tool_rounds_keeps_the_tool_messages_paired() {
    let mut model = ScriptedModel::new([tool_reply(&[
        call("c1", "get_file_type", r#"{"filename":"a.png"}"#),
        call("c2", "get_file_type", r#"{"filename":"b.mp3"}"#),
    ])]);
    model.push(http(500, r#"{"error":{"message":"boom"}}"#));
    let mut world = World::en(MemFs::new(), model);
    fails_then_recovers(
        &mut world,
        "model call failed: HTTP 500: boom",
        FailureKind::ServerError,
    );
    let results: Vec<String> = world.events.tools().into_iter().map(|(_, r)| r).collect();
    assert!(
        results.is_empty(),
        "events were cleared after the failed line"
    );
    let roles: Vec<_> = world
        .history_json()
        .iter()
        .map(|m| m["role"].clone())
        .collect();
    assert_eq!(
        roles,
        [
            "system",
            "user",
            "assistant",
            "tool",
            "tool",
            "user",
            "assistant"
        ]
    );
}

#[test]
fn empty_or_null_tool_calls_are_an_answer_and_never_resent() {
    for tool_calls in [json!([]), json!(null)] {
        let reply = with_field(text_message("all good"), "tool_calls", tool_calls.clone());
        let mut world = World::en(
            MemFs::new(),
            ScriptedModel::new([completion(&reply), text_reply("next")]),
        );
        assert_eq!(world.line("one"), Outcome::Answered, "{tool_calls}");
        assert_eq!(world.line("two"), Outcome::Answered);
        let resent = &world.model.messages(1)[2];
        assert_eq!(resent, &json!({"role": "assistant", "content": "all good"}));
        for request in &world.model.requests {
            assert!(!request.to_string().contains(r#""tool_calls":[]"#));
        }
    }
}

#[test]
fn null_or_missing_content_is_stored_as_empty_text() {
    let null = with_field(
        json!({"role": "assistant", "content": null}),
        "reasoning_content",
        json!("thinking"),
    );
    let missing = json!({"role": "assistant"});
    for message in [null, missing] {
        let mut world = World::en(
            MemFs::new(),
            ScriptedModel::new([completion(&message), text_reply("ok")]),
        );
        assert_eq!(world.line("hi"), Outcome::Answered);
        assert_eq!(
            world.events.events,
            vec![Event::Answer {
                text: String::new(),
                streamed: false
            }]
        );
        let mut expected = message.clone();
        expected["content"] = json!("");
        assert_eq!(world.history_json()[2], expected);
        assert_eq!(world.line("again"), Outcome::Answered);
        assert_eq!(world.model.messages(1)[2], expected);
    }
}

#[test]
fn tool_call_messages_keep_null_content_and_unknown_fields() {
    let message = with_field(
        json!({
            "role": "assistant",
            "content": null,
            "tool_calls": [call("c1", "get_file_type", r#"{"filename":"a.zip"}"#)],
            "refusal": null,
        }),
        "reasoning_content",
        json!({"steps": [1, 2, 3]}),
    );
    let mut world = World::en(
        MemFs::new(),
        ScriptedModel::new([completion(&message), text_reply("zip")]),
    );
    assert_eq!(world.line("what is a.zip"), Outcome::Answered);
    assert_eq!(world.model.messages(1)[2], message);
    assert_eq!(
        world.model.messages(1)[3],
        json!({"role": "tool", "tool_call_id": "c1", "content": "压缩包"})
    );
}
