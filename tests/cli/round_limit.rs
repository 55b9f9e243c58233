//! At most 15 model calls per user line; the counter starts again on the next line.

use pretty_assertions::assert_eq;
use serde_json::json;

use tidyup_test_kit::e2e::{
    MockProvider, ROUND_LIMIT_NOTICE, Tidyup, assert_well_formed, numbered_calls, target_dir,
    text_reply, tool_reply,
};

#[tokio::test(flavor = "multi_thread")]
async fn fifteen_calls_per_line_then_a_notice_and_the_counter_resets() {
    let (dir, _root) = target_dir();
    let provider = MockProvider::always(tool_reply(numbered_calls(&[(
        "list_files",
        json!({"path": "."}),
    )])))
    .await;

    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("first line\nsecond line\n")
        .run()
        .await;

    outcome.assert_clean_exit();
    let requests = provider.requests();
    assert_eq!(
        requests.len(),
        30,
        "15 model calls for each of two lines\n{outcome}"
    );

    let last_user = |index: usize| {
        requests[index]
            .messages()
            .iter()
            .rev()
            .find(|message| message["role"] == "user")
            .map(|message| message["content"].clone())
    };
    for index in 0..15 {
        assert_eq!(
            last_user(index),
            Some(json!("first line")),
            "request {index}"
        );
    }
    for index in 15..30 {
        assert_eq!(
            last_user(index),
            Some(json!("second line")),
            "request {index}"
        );
    }

    // The tools of the 15th reply still ran: the second line's first request
    // carries its tool message before the new user message.
    let messages = requests[15].messages();
    assert_well_formed(messages);
    let tail: Vec<&str> = messages[messages.len() - 3..]
        .iter()
        .map(|message| message["role"].as_str().unwrap())
        .collect();
    assert_eq!(tail, ["assistant", "tool", "user"]);
    // system + user + 15 × (assistant + tool) + user
    assert_eq!(messages.len(), 33);

    let notices = outcome
        .stdout_lines()
        .iter()
        .filter(|l| **l == ROUND_LIMIT_NOTICE)
        .count();
    assert_eq!(notices, 2, "{outcome}");
    assert_eq!(
        outcome.tool_lines().len(),
        30,
        "every reply's tool ran\n{outcome}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_answer_on_the_fifteenth_call_is_not_cut_off() {
    let (dir, _root) = target_dir();
    let mut replies: Vec<_> = (0..14)
        .map(|_| {
            tool_reply(numbered_calls(&[(
                "get_file_type",
                json!({"filename": "a.txt"}),
            )]))
        })
        .collect();
    replies.push(text_reply("finished just in time"));
    let provider = MockProvider::start(replies).await;

    let outcome = Tidyup::new(dir.path(), &provider).stdin("go\n").run().await;

    outcome.assert_clean_exit();
    assert_eq!(provider.requests().len(), 15);
    assert!(
        outcome.stdout_lines().contains(&"finished just in time"),
        "{outcome}"
    );
    assert!(!outcome.stdout.contains(ROUND_LIMIT_NOTICE), "{outcome}");
}
