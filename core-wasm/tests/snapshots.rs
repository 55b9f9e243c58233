//! The first request body of a session, whole: system prompt and tool
//! declarations, in English and Chinese.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use tidyup_core::{Lang, Outcome};
use tidyup_test_kit::{MemFs, ScriptedModel, World, text_reply};

fn first_request(lang: Lang) -> serde_json::Value {
    let mut world = World::new(lang, MemFs::new(), ScriptedModel::new([text_reply("hi")]));
    assert_eq!(world.line("hello"), Outcome::Answered);
    assert_eq!(world.model.requests.len(), 1);
    world.model.requests.remove(0)
}

#[test]
fn first_request_en() {
    insta::assert_json_snapshot!("first_request_en", first_request(Lang::En));
}

#[test]
fn first_request_zh() {
    insta::assert_json_snapshot!("first_request_zh", first_request(Lang::Zh));
}
