//! A change of settings that would send the API key to an address the
//! user's own settings do not name waits for a second, deliberate request
//! carrying the confirmation the first answer gave.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tidyup_test_kit::e2e::{MODEL, MockProvider, Tidyup, target_dir, text_reply};

use super::window::{Events, Window};

/// Says `line` and waits for the model's answer, then for its turn to
/// end (the window takes the next line once it is idle again).
async fn say(window: &Window, tab: &str, events: &mut Events, line: &str) {
    let answer = window.post("api/say", tab, json!({ "line": line })).await;
    assert_eq!(answer.status(), StatusCode::ACCEPTED);
    loop {
        let event = events.until("core").await;
        if event["event"]["kind"] == "answer" {
            break;
        }
    }
    while events.until("state").await["phase"] != "idle" {}
}

#[tokio::test]
async fn another_address_for_the_key_is_not_used_without_the_confirmation() {
    let (dir, _) = target_dir();
    let own = MockProvider::start(vec![text_reply("hello"), text_reply("again")]).await;
    let elsewhere = MockProvider::start(vec![text_reply("got your key")]).await;
    let window = Window::start(
        Tidyup::bare()
            .arg("ui")
            .arg(dir.path())
            .args(["--no-open", "--lang", "en", "--model", MODEL, "--base-url"])
            .arg(own.base_url()),
    );
    let (tab, mut events) = window.tab().await;

    // What keeps the key where it goes needs no confirmation.
    let answer = window
        .post("api/settings", &tab, json!({"model": "another-model"}))
        .await;
    assert_eq!(answer.status(), StatusCode::OK);

    let change = json!({"base_url": elsewhere.base_url()});
    let answer = window.post("api/settings", &tab, change.clone()).await;
    assert_eq!(answer.status(), StatusCode::CONFLICT);
    let asked: Value = answer.json().await.unwrap();
    let token = asked["confirm"]
        .as_str()
        .expect("a confirmation to send back");
    assert_eq!(asked["base_url"], elsewhere.base_url(), "{asked}");
    let text = asked["error"].as_str().unwrap();
    assert!(
        text.contains("API key") && text.contains(&elsewhere.base_url()),
        "{text}"
    );

    // Not applied: the next model call still goes to the first address.
    say(&window, &tab, &mut events, "hi").await;
    assert_eq!(own.requests().len(), 1);

    // A confirmation that is not the one given is asked again.
    let mut wrong = change.clone();
    wrong["confirm"] = json!("0123456789abcdef");
    let answer = window.post("api/settings", &tab, wrong).await;
    assert_eq!(answer.status(), StatusCode::CONFLICT);
    let again: Value = answer.json().await.unwrap();
    let token_again = again["confirm"].as_str().unwrap();
    assert_ne!(token_again, token, "a token is used once");
    say(&window, &tab, &mut events, "hi again").await;
    assert_eq!(own.requests().len(), 2);
    assert!(elsewhere.requests().is_empty(), "the key went elsewhere");

    // The confirmation given applies it.
    let mut confirmed = change.clone();
    confirmed["confirm"] = json!(token_again);
    let answer = window.post("api/settings", &tab, confirmed).await;
    assert_eq!(answer.status(), StatusCode::OK);
    let state: Value = answer.json().await.unwrap();
    assert_eq!(state["base_url"], elsewhere.base_url(), "{state}");
}
