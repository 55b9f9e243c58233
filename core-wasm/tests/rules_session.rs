//! What a rules file changes in a session: the offline planner reads files
//! (locally) when a rule needs their text or a photo's date; a model is
//! never given `read_file` by the rules alone.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use serde_json::json;
use tidyup_core::{Agent, Lang, Message, contents_prompt};

fn reads_files(provider: &str, rules: &str) -> bool {
    let config = serde_json::from_value(json!({
        "target_dir": "/home/u/Desktop",
        "model": "m",
        "lang": "en",
        "provider": provider,
        "rules": rules,
    }))
    .unwrap();
    let agent = Agent::new(config);
    let Some(Message::System { content }) = agent.history().first() else {
        panic!("no system message");
    };
    content.contains(&contents_prompt(Lang::En))
}

#[test]
fn the_offline_planner_reads_files_for_rules_that_need_their_text_or_date() {
    let by_date = "[[rule]]\nextensions = [\"jpg\"]\nto = \"Photos/{year}\"\n";
    let by_text = "[[rule]]\ncontent = \"bill\"\nto = \"Bills\"\n";
    let by_name = "[[rule]]\nname = \"report*\"\nto = \"Reports\"\n";
    assert!(reads_files("offline", by_date));
    assert!(reads_files("offline", by_text));
    assert!(reads_files("offline_no_key", by_text));
    assert!(!reads_files("offline", by_name));
    for rules in [by_date, by_text, by_name] {
        assert!(!reads_files("remote", rules), "{rules}");
    }
}
