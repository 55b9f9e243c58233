//! Every request body tidyup sends is a valid `CreateChatCompletionRequest`
//! of the OpenAI OpenAPI specification, kept trimmed to the schemas it needs
//! in `tests/fixtures/` (source and license in its README).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use jsonschema::Validator;
use serde_json::{Map, Value, json};

use tidyup_test_kit::e2e::{
    MockProvider, Tidyup, call_json, call_raw, message_reply, numbered_calls, target_dir,
    text_reply, tool_message, tool_reply, write_file,
};

/// The OpenAPI document trimmed to `CreateChatCompletionRequest` and the
/// schemas it references, part of the repository.
const OPENAPI: &str = include_str!("fixtures/openai-openapi-chat-request.json");

/// Builds a validator for `CreateChatCompletionRequest`: the whole document
/// is the root schema (so every `#/components/...` reference resolves) with
/// a root `$ref` to the request schema. The 3.0-style `nullable: true` the
/// document still uses is translated to JSON Schema first.
fn request_validator() -> Validator {
    let mut document: Value = serde_json::from_str(OPENAPI).expect("the fixture is JSON");
    translate_nullable(&mut document);
    let root = document.as_object_mut().expect("the fixture is an object");
    assert!(
        root.get("components")
            .and_then(|c| c.get("schemas"))
            .and_then(|s| s.get("CreateChatCompletionRequest"))
            .is_some(),
        "the fixture has no CreateChatCompletionRequest schema"
    );
    root.insert(
        "$ref".to_owned(),
        json!("#/components/schemas/CreateChatCompletionRequest"),
    );
    jsonschema::options()
        .build(&document)
        .expect("a validator for CreateChatCompletionRequest")
}

/// Rewrites OpenAPI 3.0 `nullable: true` into JSON Schema: `null` joins the
/// `type` (and `enum`), or, without a `type`, the schema becomes
/// `anyOf: [schema, {type: null}]`.
fn translate_nullable(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for child in map.values_mut() {
                translate_nullable(child);
            }
            if map.get("nullable") == Some(&Value::Bool(true)) {
                map.remove("nullable");
                allow_null(map);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(translate_nullable),
        Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => {}
    }
}

/// Lets the schema `map` also accept `null`.
fn allow_null(map: &mut Map<String, Value>) {
    let null = json!("null");
    if let Some(Value::Array(values)) = map.get_mut("enum")
        && !values.contains(&Value::Null)
    {
        values.push(Value::Null);
    }
    match map.get_mut("type") {
        Some(Value::String(kind)) => {
            let kind = kind.clone();
            map.insert("type".to_owned(), json!([kind, "null"]));
        }
        Some(Value::Array(kinds)) if !kinds.contains(&null) => kinds.push(null),
        Some(Value::Array(_)) => {}
        Some(_) | None => {
            let inner = std::mem::take(map);
            map.insert("anyOf".to_owned(), json!([inner, {"type": "null"}]));
        }
    }
}

/// The validation errors of `body`, one per line.
fn errors(validator: &Validator, body: &Value) -> Vec<String> {
    validator
        .iter_errors(body)
        .map(|err| format!("{err} (at {})", err.instance_path()))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn every_request_of_a_tool_session_matches_the_openapi_schema() {
    let validator = request_validator();
    let (dir, _root) = target_dir();
    write_file(dir.path(), "notes.txt", 12);
    write_file(dir.path(), "photo.png", 34);

    let mut scan = tool_message(vec![call_json(
        "call_a",
        "list_files",
        json!({"path": "."}),
    )]);
    scan["reasoning_content"] = json!("thinking about it");
    let provider = MockProvider::start(vec![
        message_reply(scan),
        tool_reply(vec![
            call_json("call_b", "get_file_type", json!({"filename": "notes.txt"})),
            call_raw("call_c", "no_such_tool", json!("")),
            call_json("call_d", "create_folder", json!({"path": "文档"})),
            call_json(
                "call_e",
                "move_file",
                json!({"source": "notes.txt", "destination": "文档"}),
            ),
        ]),
        text_reply("Moved notes.txt into 文档."),
        tool_reply(numbered_calls(&[(
            "delete_file",
            json!({"path": "photo.png", "confirm": false}),
        )])),
        text_reply("I did not delete anything."),
    ])
    .await;

    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("tidy up please\ndelete the photo\n")
        .run()
        .await;

    outcome.assert_clean_exit();
    let requests = provider.requests();
    assert_eq!(requests.len(), 5, "{outcome}");
    let last = requests.last().unwrap().messages();
    let roles: Vec<&str> = last.iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(
        roles,
        [
            "system",
            "user",
            "assistant",
            "tool",
            "assistant",
            "tool",
            "tool",
            "tool",
            "tool",
            "assistant",
            "user",
            "assistant",
            "tool"
        ],
        "the last request carries every kind of message"
    );
    for (index, request) in requests.iter().enumerate() {
        let problems = errors(&validator, &request.body);
        assert!(
            problems.is_empty(),
            "request {index} is not a valid CreateChatCompletionRequest:\n{}\n\nbody: {}",
            problems.join("\n"),
            request.raw_body
        );
    }
}

#[test]
fn the_validator_rejects_broken_bodies() {
    let validator = request_validator();
    let good = json!({
        "model": "m",
        "messages": [
            {"role": "system", "content": "s"},
            {"role": "user", "content": "u"},
            {"role": "assistant", "content": null, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "list_files", "arguments": "{}"}}
            ]},
            {"role": "tool", "tool_call_id": "c1", "content": "r"},
        ],
        "tools": [{"type": "function", "function": {
            "name": "list_files", "description": "d",
            "parameters": {"type": "object", "properties": {}, "required": []},
        }}],
    });
    assert_eq!(errors(&validator, &good), Vec::<String>::new());

    let broken = [
        json!({"model": "m", "messages": {"role": "user", "content": "u"}}),
        json!({"model": "m", "messages": []}),
        json!({"messages": [{"role": "user", "content": "u"}]}),
        json!({"model": "m", "messages": [{"role": "tool", "content": "no id"}]}),
        json!({"model": "m", "messages": [{"role": "robot", "content": "u"}]}),
        json!({"model": "m", "messages": [{"role": "user", "content": "u"}], "tools": [{"type": "function"}]}),
    ];
    for body in broken {
        assert!(!validator.is_valid(&body), "accepted a broken body: {body}");
    }
}
