//! A request is serialized once: its text is what a JSON value of the same
//! request would print, byte for byte, and streaming only appends fields.

use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tidyup_core::{AskConfig, Message, RequestBody, build_question_request, build_request};

fn ask_config(system: Option<&str>, images: &[&str]) -> AskConfig {
    serde_json::from_value(json!({
        "model": "m\u{e9}",
        "system": system,
        "question": "what is \"this\"?\n\u{4f60}\u{597d}",
        "images": images,
    }))
    .unwrap()
}

#[test]
fn an_agent_request_prints_as_its_value_would() {
    let messages: Vec<Message> = serde_json::from_value(json!([
        {"role": "system", "content": "sys"},
        {"role": "user", "content": "tidy \u{e9}"},
        {"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function",
            "function": {"name": "list_files", "arguments": "{\"path\":\".\"}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "a.txt\n1.5 KB"},
    ]))
    .unwrap();
    let tools = json!([{"type": "function", "function": {"name": "list_files"}}]);
    let body = build_request("gpt-x", &messages, &tools);
    let value = json!({ "model": "gpt-x", "messages": messages, "tools": tools });
    assert_eq!(body.text(), value.to_string());
}

#[test]
fn an_ask_request_prints_as_its_value_would() {
    let plain = build_question_request(&ask_config(Some("be brief"), &[]));
    let expected = json!({"model": "m\u{e9}", "messages": [
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": "what is \"this\"?\n\u{4f60}\u{597d}"},
    ]});
    assert_eq!(plain.text(), expected.to_string());
    let pictured = build_question_request(&ask_config(None, &["https://x/a.png"]));
    let expected = json!({"model": "m\u{e9}", "messages": [{"role": "user", "content": [
        {"type": "text", "text": "what is \"this\"?\n\u{4f60}\u{597d}"},
        {"type": "image_url", "image_url": {"url": "https://x/a.png"}},
    ]}]});
    assert_eq!(pictured.text(), expected.to_string());
}

#[test]
fn a_streamed_request_appends_its_fields_once() {
    let body = RequestBody::new(&json!({"model": "m", "messages": []}));
    assert!(!body.is_streamed());
    let streamed = body.streamed().streamed();
    assert!(streamed.is_streamed());
    let mut value: Value = json!({"model": "m", "messages": []});
    let object = value.as_object_mut().unwrap();
    object.insert("stream".into(), Value::Bool(true));
    object.insert("stream_options".into(), json!({ "include_usage": true }));
    assert_eq!(streamed.text(), value.to_string());
    assert_eq!(streamed.to_value().unwrap(), value);
    let empty = RequestBody::new(&json!({})).streamed();
    assert_eq!(
        empty.text(),
        r#"{"stream":true,"stream_options":{"include_usage":true}}"#
    );
}
