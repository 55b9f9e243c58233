//! The context budget: older tool results give way to one-line notes so a
//! request fits, the history stays well-formed and everything else is sent
//! unchanged; a request that cannot fit even with every result at its
//! shortest is not sent, the user is told, and the line is rolled back to
//! the last completed turn. (A round too large: `budget_rounds`.)

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tidyup_core::{Event, Lang, Limits, Outcome, estimate_request};
use tidyup_test_kit::{
    MTIME, MemFs, ScriptedModel, World, assert_well_formed, call, completion, text_reply,
    tool_message, tool_reply, with_field,
};

/// 150 files in the target and 150 in `sub`: each listing is long, and
/// neither folder is large.
fn desktop() -> MemFs {
    let files = (0..150).flat_map(|i| {
        [
            (format!("file number {i:03}.txt"), 2048, MTIME),
            (format!("sub/other file {i:03}.txt"), 2048, MTIME),
        ]
    });
    MemFs::new().files_with(files)
}

/// Three turns, each listing a folder and then answering; the third
/// turn's call comes in `third`, an assistant message.
fn three_turns_with(third: &Value) -> ScriptedModel {
    let first = with_field(
        tool_message(&[call("c1", "list_files", r#"{"path":"."}"#)]),
        "reasoning_content",
        json!("Let me look first."),
    );
    ScriptedModel::new([
        completion(&first),
        text_reply("Turn one."),
        tool_reply(&[call("c2", "list_files", r#"{"path":"sub"}"#)]),
        text_reply("Turn two."),
        completion(third),
        text_reply("Turn three."),
        text_reply("Turn four."),
    ])
}

/// Three turns, each listing a folder and then answering.
fn three_turns() -> ScriptedModel {
    three_turns_with(&tool_message(&[call(
        "c3",
        "list_files",
        r#"{"path":"."}"#,
    )]))
}

fn run(lang: Lang, context_tokens: u64, lines: &[&str]) -> (World, Vec<Outcome>) {
    run_with(three_turns(), lang, context_tokens, lines)
}

fn run_with(
    model: ScriptedModel,
    lang: Lang,
    context_tokens: u64,
    lines: &[&str],
) -> (World, Vec<Outcome>) {
    let limits = Limits {
        context_tokens,
        ..Limits::default()
    };
    let mut world = World::new(lang, desktop(), model).with_limits(limits);
    let outcomes = lines.iter().map(|line| world.line(line)).collect();
    (world, outcomes)
}

const LINES: [&str; 3] = ["look", "and sub?", "once more"];

fn messages(world: &World, request: usize) -> Vec<Value> {
    world.model.messages(request).clone()
}

/// The note that stands for the result of `list_files` on `path`.
fn note(path: &str, chars: usize) -> String {
    format!(
        "[elided to fit the context budget: the {chars}-character result of list_files {{\"path\":\"{path}\"}}; call it again if needed]"
    )
}

/// The indexes of the tool messages in the last request: R1, R2, R3.
const RESULTS: [usize; 3] = [3, 7, 11];

#[test]
fn the_oldest_result_gives_way_first_and_nothing_else_changes() {
    let (full, _) = run(Lang::En, u64::MAX, &LINES);
    assert_eq!(full.model.requests.len(), 6);
    let needed = estimate_request(&full.model.requests[5]);

    let (world, outcomes) = run(Lang::En, needed - 1, &LINES);
    assert_eq!(outcomes, [Outcome::Answered; 3]);
    assert_eq!(world.model.requests.len(), 6);
    for i in 0..5 {
        assert_eq!(
            world.model.requests[i], full.model.requests[i],
            "request {i}"
        );
    }
    let sent = messages(&world, 5);
    let whole = messages(&full, 5);
    assert!(estimate_request(&world.model.requests[5]) < needed);
    assert_well_formed(&sent);
    assert_eq!(sent.len(), whole.len());
    let r1 = whole[RESULTS[0]]["content"].as_str().unwrap();
    for (i, (sent, whole)) in sent.iter().zip(&whole).enumerate() {
        if i == RESULTS[0] {
            assert_eq!(sent["tool_call_id"], "c1");
            assert_eq!(sent["content"], note(".", r1.chars().count()));
        } else {
            // System, user and assistant messages (with the provider's own
            // fields) and the newer results: byte for byte.
            assert_eq!(sent.to_string(), whole.to_string(), "message {i}");
        }
    }
    assert_eq!(sent[2]["reasoning_content"], "Let me look first.");
}

#[test]
fn the_latest_rounds_results_give_way_last() {
    let (full, _) = run(Lang::En, u64::MAX, &LINES);
    let (one_elided, _) = run(
        Lang::En,
        estimate_request(&full.model.requests[5]) - 1,
        &LINES,
    );
    let budget = estimate_request(&one_elided.model.requests[5]) - 1;
    let (world, outcomes) = run(Lang::En, budget, &LINES);
    assert_eq!(outcomes, [Outcome::Answered; 3]);
    let sent = messages(&world, 5);
    let whole = messages(&full, 5);
    assert_well_formed(&sent);
    let r1 = whole[RESULTS[0]]["content"]
        .as_str()
        .unwrap()
        .chars()
        .count();
    let r2 = whole[RESULTS[1]]["content"]
        .as_str()
        .unwrap()
        .chars()
        .count();
    assert_eq!(sent[RESULTS[0]]["content"], note(".", r1));
    assert_eq!(sent[RESULTS[1]]["content"], note("sub", r2));
    assert_eq!(sent[RESULTS[2]], whole[RESULTS[2]]);
    assert!(estimate_request(&world.model.requests[5]) <= budget);
}

#[test]
fn a_request_that_cannot_fit_is_not_sent_and_the_line_is_rolled_back() {
    let (full, _) = run(Lang::En, u64::MAX, &LINES);
    // Everything before the third turn's reply fits whole.
    let budget = estimate_request(&full.model.requests[4]);
    // That reply alone fits the budget (it is run), but not beside the
    // system message and the tools: no result shortened makes room for it.
    let thoughts = usize::try_from(budget - 200).unwrap() * 4;
    let third = with_field(
        tool_message(&[call("c3", "list_files", r#"{"path":"."}"#)]),
        "reasoning_content",
        json!("x".repeat(thoughts)),
    );

    let (mut world, outcomes) = run_with(three_turns_with(&third), Lang::En, budget, &LINES[..2]);
    assert_eq!(outcomes, [Outcome::Answered, Outcome::Answered]);
    let completed = world.history_json();
    assert_eq!(world.line(LINES[2]), Outcome::ModelFailed);
    assert_eq!(world.model.requests.len(), 5, "no call made");
    let [
        ..,
        Event::Error { text, .. },
        Event::Notice { text: notice },
    ] = &world.events.events[..]
    else {
        panic!("no error and notice: {:?}", world.events.events);
    };
    assert!(
        text.starts_with("model call failed: the conversation needs about "),
        "{text}"
    );
    assert!(text.contains(&format!("more than the context budget of {budget}: start a new session (quit, then run tidyup again), or raise the budget with --context-tokens or context_tokens in the config file")), "{text}");
    assert_eq!(
        notice,
        "This line was rolled back: the session goes on from the last completed turn (file changes already made stay; `tidyup undo` reverses them)."
    );
    // Back to the last completed turn: the line, its call and its result
    // are gone (what earlier turns had elided stays elided).
    let history = world.history_json();
    assert_well_formed(&history);
    assert_eq!(history.len(), completed.len());
    assert_eq!(history.last(), completed.last());

    // The session goes on from there.
    assert_eq!(world.line("well?"), Outcome::Answered);
    assert_eq!(world.model.requests.len(), 6);
    let sent = messages(&world, 5);
    assert_well_formed(&sent);
    assert_eq!(sent.len(), completed.len() + 1);
    assert_eq!(sent.last().unwrap()["content"], "well?");
    assert!(estimate_request(&world.model.requests[5]) <= budget);
}

#[test]
fn a_fresh_session_too_large_for_the_budget_sends_nothing() {
    for (lang, expected) in [
        (Lang::En, "model call failed: the conversation needs about "),
        (Lang::Zh, "模型调用失败: 对话约需 "),
    ] {
        let (world, outcomes) = run(lang, 100, &["hello"]);
        assert_eq!(outcomes, [Outcome::ModelFailed]);
        assert!(world.model.requests.is_empty());
        let errors: Vec<&Event> = (world.events.events.iter())
            .filter(|event| matches!(event, Event::Error { .. }))
            .collect();
        let text = errors.last().unwrap().text().to_owned();
        assert!(text.starts_with(expected), "{text}");
        assert_eq!(world.history_json().len(), 1, "back to the system message");
        assert!(text.contains("--context-tokens"), "{text}");
        assert!(text.contains("100"), "{text}");
    }
}

#[test]
fn notes_are_in_the_sessions_language() {
    let (full, _) = run(Lang::Zh, u64::MAX, &LINES);
    let budget = estimate_request(&full.model.requests[5]) - 1;
    let (world, _) = run(Lang::Zh, budget, &LINES);
    let sent = messages(&world, 5);
    let r1 = messages(&full, 5)[RESULTS[0]]["content"]
        .as_str()
        .unwrap()
        .chars()
        .count();
    assert_eq!(
        sent[RESULTS[0]]["content"],
        format!(
            "[elided：为适应上下文预算，已省略 list_files {{\"path\":\".\"}} 的结果（{r1} 个字符）；需要时请重新调用]"
        )
    );
}
