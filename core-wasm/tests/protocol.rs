//! The chat-completions protocol: request bodies, message shapes, reading
//! replies and provider error bodies.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use serde_json::{Map, Value, json};
use tidyup_core::{
    HttpReply, Lang, Message, Reply, ToolCall, build_request, provider_error_message, read_reply,
};
use tidyup_test_kit::{
    call, call_raw, completion, completion_body, http, message_json, with_field,
};

fn object(value: Value) -> Map<String, Value> {
    value
        .as_object()
        .cloned()
        .unwrap_or_else(|| panic!("not an object: {value}"))
}

#[test]
fn request_body_has_model_messages_and_tools() {
    let messages = [
        Message::System {
            content: "sys".to_owned(),
        },
        Message::User {
            content: "hi".to_owned(),
        },
    ];
    let tools = json!([{"type": "function"}]);
    assert_eq!(
        build_request("gpt-x", &messages, &tools)
            .to_value()
            .unwrap(),
        json!({
            "model": "gpt-x",
            "messages": [
                {"role": "system", "content": "sys"},
                {"role": "user", "content": "hi"},
            ],
            "tools": [{"type": "function"}],
        })
    );
}

#[test]
fn message_shapes_on_the_wire() {
    let assistant = object(
        json!({"content": null, "tool_calls": [call("c1", "x", "{}")], "reasoning_content": "r"}),
    );
    let cases = [
        (
            Message::System {
                content: "s".to_owned(),
            },
            json!({"role": "system", "content": "s"}),
        ),
        (
            Message::User {
                content: "u".to_owned(),
            },
            json!({"role": "user", "content": "u"}),
        ),
        (
            Message::Tool {
                tool_call_id: "c1".to_owned(),
                content: "done".to_owned(),
            },
            json!({"role": "tool", "tool_call_id": "c1", "content": "done"}),
        ),
        (
            Message::Assistant(assistant.clone()),
            json!({"role": "assistant", "content": null, "tool_calls": [call("c1", "x", "{}")], "reasoning_content": "r"}),
        ),
    ];
    for (message, wire) in cases {
        assert_eq!(message_json(&message), wire);
        let back: Message = serde_json::from_value(wire).unwrap();
        assert_eq!(back, message);
    }
    // The role comes first, then the provider's fields in their order.
    let text = serde_json::to_string(&Message::Assistant(assistant)).unwrap();
    assert!(
        text.starts_with(r#"{"role":"assistant","content":null,"tool_calls":"#),
        "{text}"
    );
}

#[test]
fn tool_call_replies_are_kept_as_they_arrived() {
    let message = with_field(
        json!({
            "role": "assistant",
            "content": "Let me look.",
            "tool_calls": [
                call("call_a", "list_files", r#"{"path":"."}"#),
                call_raw("call_b", "get_file_type", json!({"filename": "a.txt"})),
            ],
        }),
        "reasoning_content",
        json!("step by step"),
    );
    let Ok(Reply::ToolCalls {
        message: kept,
        calls,
    }) = read_reply(&completion(&message), Lang::En)
    else {
        panic!("expected tool calls");
    };
    let mut expected = object(message);
    expected.remove("role");
    assert_eq!(kept, expected);
    assert_eq!(
        calls,
        vec![
            ToolCall {
                id: "call_a".to_owned(),
                name: "list_files".to_owned(),
                arguments: json!(r#"{"path":"."}"#),
            },
            ToolCall {
                id: "call_b".to_owned(),
                name: "get_file_type".to_owned(),
                arguments: json!({"filename": "a.txt"}),
            },
        ]
    );
}

#[test]
fn tool_calls_with_missing_parts() {
    let message = json!({
        "role": "assistant",
        "tool_calls": [{"type": "function"}, {"id": "x", "function": {"name": "list_files"}}],
    });
    let Ok(Reply::ToolCalls { calls, .. }) = read_reply(&completion(&message), Lang::En) else {
        panic!("expected tool calls");
    };
    assert_eq!(
        calls,
        vec![
            ToolCall {
                id: "call_0".to_owned(),
                name: String::new(),
                arguments: Value::Null,
            },
            ToolCall {
                id: "x".to_owned(),
                name: "list_files".to_owned(),
                arguments: Value::Null,
            },
        ]
    );
}

#[test]
fn plain_answers_in_every_shape() {
    let cases = [
        (json!({"role": "assistant", "content": "hi"}), "hi"),
        (json!({"role": "assistant", "content": null}), ""),
        (json!({"role": "assistant"}), ""),
        (
            json!({"role": "assistant", "content": "x", "tool_calls": null}),
            "x",
        ),
        (
            json!({"role": "assistant", "content": "y", "tool_calls": []}),
            "y",
        ),
        (json!({"content": "no role"}), "no role"),
    ];
    for (message, expected_text) in cases {
        let reply = read_reply(&completion(&message), Lang::En);
        let Ok(Reply::Answer {
            message: kept,
            text,
        }) = reply
        else {
            panic!("expected an answer for {message}, got {reply:?}");
        };
        assert_eq!(text, expected_text);
        assert_eq!(kept.get("content"), Some(&json!(expected_text)));
        assert!(!kept.contains_key("tool_calls"));
        assert!(!kept.contains_key("role"));
    }
}

#[test]
fn only_the_first_choice_counts() {
    let mut body = completion_body(&json!({"role": "assistant", "content": "first"}));
    body["choices"]
        .as_array_mut()
        .unwrap()
        .push(json!({"index": 1, "message": {"role": "assistant", "content": "second"}}));
    let reply = read_reply(&http(200, &body.to_string()), Lang::En);
    assert!(matches!(reply, Ok(Reply::Answer { text, .. }) if text == "first"));
}

#[test]
fn any_2xx_status_is_read() {
    let body = completion_body(&json!({"content": "ok"})).to_string();
    for status in [200, 201, 299] {
        assert!(
            read_reply(&http(status, &body), Lang::En).is_ok(),
            "{status}"
        );
    }
    for status in [199, 300, 400, 500] {
        assert_eq!(
            read_reply(&http(status, &body), Lang::En),
            Err(format!("HTTP {status}")),
            "a non-2xx JSON body without an error field adds nothing"
        );
    }
}

#[test]
fn failed_replies_give_the_cause() {
    let cases: [(HttpReply, Lang, &str); 8] = [
        (
            http(500, r#"{"error":{"message":"boom"}}"#),
            Lang::En,
            "HTTP 500: boom",
        ),
        (
            http(500, r#"{"error":{"message":"boom"}}"#),
            Lang::Zh,
            "HTTP 500: boom",
        ),
        (http(401, ""), Lang::En, "HTTP 401"),
        (
            http(200, "nope"),
            Lang::En,
            "the reply is not a chat completion (invalid JSON: expected ident at line 1 column 2)",
        ),
        (
            http(200, "[]"),
            Lang::En,
            r#"the reply is not a chat completion (no "choices" array)"#,
        ),
        (
            http(200, r#"{"choices":[]}"#),
            Lang::En,
            "the reply has no choices",
        ),
        (
            http(200, r#"{"choices":[]}"#),
            Lang::Zh,
            "回复中没有 choices",
        ),
        (
            http(200, r#"{"choices":[{"message":"text"}]}"#),
            Lang::Zh,
            r#"回复不是有效的 chat completion（choices[0] has no "message" object）"#,
        ),
    ];
    for (reply, lang, expected) in cases {
        assert_eq!(
            read_reply(&reply, lang),
            Err(expected.to_owned()),
            "{reply:?}"
        );
    }
}

#[test]
fn provider_error_messages() {
    let long = "x".repeat(400);
    let cases = [
        (
            r#"{"error":{"message":"bad key","code":401}}"#,
            Some("bad key"),
        ),
        (r#"{"error":{"code":"E1"}}"#, Some(r#"{"code":"E1"}"#)),
        (r#"{"error":"quota"}"#, Some("quota")),
        (
            r#"{"error":{"message":{"message":"nested"}}}"#,
            Some("nested"),
        ),
        (r#"{"message":"nope"}"#, Some("nope")),
        (r#"{"detail":"missing model"}"#, Some("missing model")),
        (r#"{"error":null,"detail":"d"}"#, Some("d")),
        (r#"{"error":42}"#, Some("42")),
        (r#"{"other":1}"#, None),
        ("[]", None),
        ("upstream exploded", Some("upstream exploded")),
        ("  \n", None),
    ];
    for (body, expected) in cases {
        assert_eq!(provider_error_message(body).as_deref(), expected, "{body}");
    }
    let cut = provider_error_message(&long).unwrap();
    assert_eq!(cut.chars().count(), 300);
}
