//! An error status whose body passes the size limit: the status decides
//! (a server error is retried, a client error is not), and only the body
//! is cut at the limit, never the call failed as "reply too large".

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use serde_json::json;
use tidyup_core::{
    CallError, CallSettings, FailureKind, HttpReply, Lang, RequestBody, complete_call,
};
use tidyup_test_kit::{Recorder, ScriptedModel, http, text_reply};

/// A 1 KiB limit: at most 1024 bytes and 64 JSON values.
fn settings() -> CallSettings {
    CallSettings {
        max_reply_bytes: 1024,
        retry_base_ms: 1,
        ..CallSettings::default()
    }
}

fn call(model: &mut ScriptedModel) -> Result<String, CallError> {
    let body = json!({"model": "m", "messages": []});
    complete_call(
        RequestBody::new(&body),
        &settings(),
        model,
        &mut Recorder::default(),
        Lang::En,
    )
    .map(|answered| format!("{:?}", answered.completion.reply))
}

#[test]
fn server_errors_over_the_limit_are_retried_like_any_other() {
    let mut model = ScriptedModel::new([
        // More bytes than the limit, then more values than it allows.
        http(500, &"é".repeat(5000)),
        http(503, &"[".repeat(100)),
        text_reply("fine"),
    ]);
    let answer = call(&mut model).unwrap();
    assert!(answer.contains("fine"), "{answer}");
    assert_eq!(model.requests.len(), 3);
}

#[test]
fn a_client_error_over_the_limit_fails_as_its_status_with_its_text_cut() {
    let body = format!("bad request {}", "y".repeat(5000));
    let mut model = ScriptedModel::new([http(400, &body)]);
    let expected: String = body.chars().take(300).collect();
    let Err(CallError::Failed(cause, failure)) = call(&mut model) else {
        panic!("expected a failure");
    };
    assert_eq!(cause, format!("HTTP 400: {expected}"));
    assert_eq!(failure.kind, FailureKind::Refused);
    assert_eq!(model.requests.len(), 1, "not retried");
}

#[test]
fn a_success_over_the_limit_is_still_too_large() {
    let mut model = ScriptedModel::new([HttpReply::new(200, "x".repeat(2000))]);
    let Err(CallError::Failed(cause, failure)) = call(&mut model) else {
        panic!("expected a failure");
    };
    assert!(cause.starts_with("reply too large"), "{cause}");
    assert_eq!(failure.kind, FailureKind::ReplyTooLarge);
    assert_eq!(model.requests.len(), 1, "not retried");
}
