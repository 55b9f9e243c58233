//! A failed model call in the window: the `error` event carries what
//! failed as data (its kind, the provider's words) and the setting it
//! concerns, and its text is for people, in English and Chinese: no flag,
//! variable or terminal command, whatever the terminal's line says.

use serde_json::{Value, json};
use tidyup_test_kit::e2e::{MODEL, MockProvider, Tidyup, error_reply, target_dir, write_file};

use super::window::{Events, Window};
use super::words::assert_for_people;

/// The window on `dir` with the model at `base_url`, in `lang`.
fn window(dir: &std::path::Path, base_url: &str, lang: &str) -> Window {
    Window::start(
        Tidyup::bare()
            .arg("ui")
            .arg(dir)
            .args(["--no-open", "--lang", lang, "--model", MODEL, "--base-url"])
            .arg(base_url),
    )
}

/// Organizes, then reads the events up to the `error` event: it, and
/// every text the page was sent before it (each asserted for people).
async fn organize_until_error(window: &Window) -> Value {
    let (tab, mut events) = window.tab().await;
    let answer = window.post("api/organize", &tab, json!({})).await;
    assert_eq!(answer.status(), reqwest::StatusCode::ACCEPTED);
    until_error(&mut events).await
}

async fn until_error(events: &mut Events) -> Value {
    loop {
        let event = events.next().await.expect("an error event");
        for text in texts(&event) {
            assert_for_people(&text);
        }
        if event["kind"] == "error" {
            return event;
        }
        assert_ne!(event["kind"], "plan", "a plan before the error: {event}");
    }
}

/// Every text an event carries for the page to show.
fn texts(event: &Value) -> Vec<String> {
    let mut found = Vec::new();
    let mut pending = vec![event];
    while let Some(value) = pending.pop() {
        match value {
            Value::String(text) => found.push(text.clone()),
            Value::Array(items) => pending.extend(items),
            Value::Object(fields) => pending.extend(fields.values()),
            Value::Null | Value::Bool(_) | Value::Number(_) => {}
        }
    }
    found
}

/// A folder with one file to organize.
fn folder() -> (tempfile::TempDir, String) {
    let (dir, root) = target_dir();
    write_file(dir.path(), "report.pdf", 300);
    (dir, root)
}

#[tokio::test]
async fn a_refused_key_an_unknown_model_and_a_failing_server_are_told_for_people() {
    let cases = [
        (401, "Incorrect API key provided", "key_refused", "provider"),
        (
            404,
            "The model `no-such-model` does not exist",
            "model_unknown",
            "model",
        ),
        (500, "The server had an error", "server_error", "provider"),
    ];
    for (status, message, kind, setting) in cases {
        let (dir, _root) = folder();
        let provider = MockProvider::always(error_reply(status, message)).await;
        let window = window(dir.path(), &provider.base_url(), "en");
        let error = organize_until_error(&window).await;
        assert_eq!(error["failure"]["kind"], kind, "{error}");
        assert_eq!(error["failure"]["status"], status, "{error}");
        assert_eq!(error["failure"]["message"], message, "{error}");
        assert_eq!(error["settings"], setting, "{error}");
        let text = error["text"].as_str().unwrap();
        assert!(text.contains(&provider.base_url()), "{text}");
        assert!(text.contains("Settings"), "{text}");
        assert!(text.contains(message), "the provider's words: {text}");
        assert!(dir.path().join("report.pdf").is_file());
    }
}

#[tokio::test]
async fn an_address_where_nothing_listens_is_told_for_people_in_chinese_too() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let base_url = format!("http://127.0.0.1:{port}/v1");
    for lang in ["en", "zh"] {
        let (dir, _root) = folder();
        let window = window(dir.path(), &base_url, lang);
        let error = organize_until_error(&window).await;
        assert_eq!(error["failure"]["kind"], "unreachable", "{error}");
        assert_eq!(error["settings"], "base_url", "{error}");
        assert!(
            error["failure"].get("message").is_none(),
            "no provider spoke: {error}"
        );
        let text = error["text"].as_str().unwrap();
        assert!(text.contains(&base_url), "{text}");
        let settings = if lang == "zh" {
            "“设置”"
        } else {
            "Settings"
        };
        assert!(text.contains(settings), "{text}");
    }
}
