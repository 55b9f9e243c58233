//! An agent taken up again from a history a host kept (after the core
//! stopped): the next line goes on from that history, with the same tools.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use serde_json::Value;
use tidyup_core::{Agent, Capabilities, Message, Outcome};
use tidyup_test_kit::{MemFs, ScriptedModel, World, text_reply};

/// The names of the tools a request declares.
fn tool_names(request: &Value) -> Vec<String> {
    request["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| tool["function"]["name"].as_str().unwrap().to_owned())
        .collect()
}

/// Runs `line` on `agent` against `world`'s model and files.
fn line(agent: &mut Agent, world: &mut World, line: &str) -> Outcome {
    agent.handle_line(
        line,
        &mut Capabilities {
            model: &mut world.model,
            files: &mut world.fs,
            events: &mut world.events,
        },
    )
}

#[test]
fn a_restored_agent_goes_on_from_the_history_it_was_given() {
    let mut world = World::en(
        MemFs::new(),
        ScriptedModel::new([text_reply("first answer"), text_reply("second answer")]),
    );
    assert_eq!(world.line("first"), Outcome::Answered);
    let kept: Vec<Message> = world.agent.history().to_vec();
    let mut restored = Agent::restore(world.agent.config().clone(), kept.clone()).unwrap();
    assert_eq!(restored.history(), kept.as_slice());
    assert_eq!(line(&mut restored, &mut world, "second"), Outcome::Answered);
    assert_eq!(world.model.requests.len(), 2);
    let (first, second) = (&world.model.requests[0], &world.model.requests[1]);
    let roles: Vec<&str> = second["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["system", "user", "assistant", "user"]);
    assert_eq!(second["messages"][2]["content"], "first answer");
    assert_eq!(tool_names(first), tool_names(second));
    assert!(
        world
            .events
            .events
            .iter()
            .all(|e| !e.text().contains("started"))
    );
}

#[test]
fn a_restored_agent_keeps_the_bulk_tools_it_had() {
    let mut fs = MemFs::new();
    for i in 0..300 {
        fs = fs.file(&format!("IMG_{i:04}.jpg"), "x");
    }
    let mut world = World::en(
        fs,
        ScriptedModel::new([text_reply("big"), text_reply("still big")]),
    );
    assert_eq!(world.line("what is here"), Outcome::Answered);
    let before = tool_names(&world.model.requests[0]);
    assert!(
        before.len() > 6,
        "a large target declares more tools: {before:?}"
    );
    let kept = world.agent.history().to_vec();
    let mut restored = Agent::restore(world.agent.config().clone(), kept).unwrap();
    // A small folder now: the tools come from the history, not a new look.
    world.fs = MemFs::new();
    assert_eq!(line(&mut restored, &mut world, "again"), Outcome::Answered);
    assert_eq!(tool_names(&world.model.requests[1]), before);
}

#[test]
fn a_history_without_its_system_message_is_refused() {
    let world = World::en(MemFs::new(), ScriptedModel::default());
    let config = world.agent.config().clone();
    assert!(Agent::restore(config.clone(), Vec::new()).is_err());
    let user_first = vec![Message::User {
        content: "hi".to_owned(),
    }];
    assert!(Agent::restore(config, user_first).is_err());
}
