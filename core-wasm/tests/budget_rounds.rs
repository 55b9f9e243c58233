//! A round too large for the context budget: when eliding older results is
//! not enough, the latest round's results are shortened too (cut to a head
//! with a note, then reduced to the note), oldest first, until the request
//! fits; the line goes on, the history stays well-formed and the person is
//! told. Only a request that cannot fit even then rolls the line back.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use serde_json::{Value, json};
use tidyup_core::{Event, Lang, Limits, Outcome, estimate_request, group_digits};
use tidyup_test_kit::{
    MTIME, MemFs, ScriptedModel, World, assert_well_formed, call_json, text_reply, tool_message,
    tool_reply,
};

/// How many calls the large reply asks for.
const CALLS: usize = 10_000;

/// 30 files: each listing of the target is about a thousand characters.
fn folder() -> MemFs {
    MemFs::new().files_with((0..30).map(|i| (format!("report number {i:02}.txt"), 2048, MTIME)))
}

/// `n` calls listing the target, `c0` to `c{n-1}`.
fn listings(n: usize) -> Vec<Value> {
    (0..n)
        .map(|i| call_json(&format!("c{i}"), "list_files", json!({"path": "."})))
        .collect()
}

/// One line whose first reply asks for `CALLS` listings and whose second
/// answers, under a budget of `context_tokens`, and how it ended.
fn session(lang: Lang, context_tokens: u64) -> (World, Outcome) {
    let model = ScriptedModel::new([tool_reply(&listings(CALLS)), text_reply("Done.")]);
    let limits = Limits {
        context_tokens,
        ..Limits::default()
    };
    let mut world = World::new(lang, folder(), model).with_limits(limits);
    let outcome = world.line("tidy up");
    (world, outcome)
}

/// [`session`], which must end with the answer.
fn run(lang: Lang, context_tokens: u64) -> World {
    let (world, outcome) = session(lang, context_tokens);
    assert_eq!(outcome, Outcome::Answered, "{:?}", last_texts(&world));
    world
}

/// The session with no budget to speak of, and the estimate of its request
/// after the large reply (sent whole).
fn whole(lang: Lang) -> (World, u64) {
    let world = run(lang, u64::MAX);
    let needed = estimate_request(&world.model.requests[1]);
    (world, needed)
}

fn last_texts(world: &World) -> Vec<String> {
    let texts = world.events.texts();
    texts[texts.len().saturating_sub(3)..].to_vec()
}

/// The results sent with the request after the large reply.
fn results(world: &World) -> Vec<String> {
    let messages = world.model.messages(1);
    messages[3..]
        .iter()
        .map(|message| message["content"].as_str().unwrap().to_owned())
        .collect()
}

/// How a sent result stands beside the whole one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    Whole,
    Cut,
    Note,
}

/// The form of each sent result, checking each one's text exactly.
fn forms(sent: &[String], whole: &[String], lang: Lang) -> Vec<Form> {
    sent.iter()
        .zip(whole)
        .map(|(sent, whole)| {
            let chars = whole.chars().count();
            let head: String = whole.chars().take(200).collect();
            let cut = match lang {
                Lang::En => format!(
                    "{head}\n[cut to fit the context budget: the first 200 of its {} characters; ask for less at a time to see it whole]",
                    group_digits(chars)
                ),
                Lang::Zh => format!(
                    "{head}\n[为适应上下文预算已截断：只保留全部 {} 个字符中的前 200 个；每次少请求一些才能看到完整结果]",
                    group_digits(chars)
                ),
            };
            let note = match lang {
                Lang::En => format!(
                    "[elided to fit the context budget: the {chars}-character result of list_files {{\"path\":\".\"}}; call it again if needed]"
                ),
                Lang::Zh => format!(
                    "[elided：为适应上下文预算，已省略 list_files {{\"path\":\".\"}} 的结果（{chars} 个字符）；需要时请重新调用]"
                ),
            };
            match sent {
                _ if sent == whole => Form::Whole,
                _ if *sent == cut => Form::Cut,
                _ if *sent == note => Form::Note,
                _ => panic!("neither whole, cut nor a note: {sent}"),
            }
        })
        .collect()
}

/// How many of each form, checking that they come in this order: notes,
/// then cut results, then whole ones (the oldest give way first).
fn counted(forms: &[Form]) -> [usize; 3] {
    let mut sorted = forms.to_vec();
    sorted.sort_by_key(|form| match form {
        Form::Note => 0,
        Form::Cut => 1,
        Form::Whole => 2,
    });
    assert!(sorted == forms, "the oldest results give way first");
    [Form::Note, Form::Cut, Form::Whole].map(|f| forms.iter().filter(|&&g| g == f).count())
}

#[test]
fn a_reply_of_10_000_calls_over_the_budget_no_longer_loses_the_line() {
    let (_, needed) = whole(Lang::En);
    let budget = needed / 2;
    let world = run(Lang::En, budget);
    assert_eq!(world.model.requests.len(), 2);
    assert!(estimate_request(&world.model.requests[1]) <= budget);
    assert_eq!(world.events.answers(), ["Done."]);
    // The line, its reply, every result and the answer are kept.
    let history = world.history_json();
    assert_well_formed(&history);
    assert_eq!(history.len(), 2 + 1 + CALLS + 1);
    assert_eq!(history[1]["content"], "tidy up");
}

#[test]
fn the_request_stays_well_formed_and_only_results_change_oldest_first() {
    let (full, needed) = whole(Lang::En);
    let budget = needed / 2;
    let world = run(Lang::En, budget);
    let sent = world.model.messages(1);
    assert_well_formed(sent);
    assert_eq!(sent.len(), 3 + CALLS);
    // The system message, the line and the assistant message with its
    // 10,000 calls: byte for byte as without a budget.
    let unbudgeted = full.model.messages(1);
    for i in 0..3 {
        assert_eq!(
            sent[i].to_string(),
            unbudgeted[i].to_string(),
            "message {i}"
        );
    }
    assert_eq!(sent[2], tool_message(listings(CALLS)));
    // The oldest results are cut, just enough of them, the rest whole.
    let [notes, cut, kept] = counted(&forms(&results(&world), &results(&full), Lang::En));
    assert_eq!(notes, 0);
    assert!(cut > 0 && kept > 0, "{cut} cut, {kept} whole");
    assert!(estimate_request(&world.model.requests[1]) <= budget);
    assert!(
        estimate_request(&world.model.requests[1]) + 600 > budget,
        "no more cut than needed"
    );
}

#[test]
fn when_cutting_is_not_enough_the_oldest_results_become_notes() {
    let (full, needed) = whole(Lang::En);
    let budget = needed / 6;
    let world = run(Lang::En, budget);
    assert!(estimate_request(&world.model.requests[1]) <= budget);
    assert_well_formed(world.model.messages(1));
    let [notes, cut, kept] = counted(&forms(&results(&world), &results(&full), Lang::En));
    assert!(notes > 0 && cut > 0, "{notes} notes, {cut} cut");
    assert_eq!(kept, 0);
    assert_eq!(world.events.answers(), ["Done."]);
}

#[test]
fn the_person_is_told_how_many_results_were_shortened_and_which_limit() {
    for lang in Lang::ALL {
        let (full, needed) = whole(lang);
        let budget = needed / 2;
        let world = run(lang, budget);
        let [_, cut, _] = counted(&forms(&results(&world), &results(&full), lang));
        let expected = match lang {
            Lang::En => format!(
                "{} of the 10,000 results of the last tool calls were shortened for the model to fit the context budget of {budget} tokens; raise it with --context-tokens or context_tokens in the config file if the model reads more",
                group_digits(cut)
            ),
            Lang::Zh => format!(
                "为适应 {budget} 个 token 的上下文预算，最近一批工具调用的 10,000 个结果中有 {} 个已为模型缩短；如果模型能读取更多，可用 --context-tokens 或配置文件中的 context_tokens 提高预算",
                group_digits(cut)
            ),
        };
        let notices: Vec<&Event> = (world.events.events.iter())
            .filter(|event| matches!(event, Event::Notice { .. }))
            .collect();
        assert_eq!(
            notices,
            [&Event::Notice { text: expected }],
            "{lang:?}: one notice"
        );
        // Told after the calls ran, before the answer.
        let texts = world.events.texts();
        let told = texts.iter().position(|t| t == notices[0].text()).unwrap();
        assert_eq!(texts.len(), told + 2, "{lang:?}");
        assert_eq!(texts[told + 1], "Done.");
    }
}

#[test]
fn a_session_within_the_budget_is_not_told_anything() {
    let (world, _) = whole(Lang::En);
    assert!(
        !(world.events.events.iter()).any(|event| matches!(event, Event::Notice { .. })),
        "no notice"
    );
}

#[test]
fn a_reply_larger_than_the_budget_itself_is_refused_before_its_calls_run_and_the_line_kept() {
    // 10,000 calls are about 200,000 tokens before any result: no
    // shortening of their results can make the next request fit, so the
    // reply is refused as a failed call before any of them runs.
    let budget = 100_000;
    let (mut world, outcome) = session(Lang::En, budget);
    assert_eq!(outcome, Outcome::ModelFailed);
    assert_eq!(world.model.requests.len(), 1, "no call made");
    assert!(
        !world.fs.calls.iter().any(|call| call.starts_with("list ")),
        "no listing ran: {:?}",
        world.fs.calls
    );
    let texts = world.events.texts();
    let [.., error] = &texts[..] else {
        panic!("{texts:?}");
    };
    assert!(
        error.starts_with("model call failed: the reply asks for 10,000 tool calls, about "),
        "{error}"
    );
    assert!(
        error.contains("tokens, more than the context budget of 100000 tokens can hold; none of them was run: ask for less at a time, or raise the budget with --context-tokens or context_tokens in the config file if the model reads more"),
        "{error}"
    );
    assert!(
        !texts
            .iter()
            .any(|text| text.starts_with("This line was rolled back")),
        "{texts:?}"
    );
    let history = world.history_json();
    assert_eq!(history.len(), 2, "the line is kept: {history:?}");
    assert_eq!(history[1]["content"], "tidy up");
    // The session goes on, from the line.
    assert_eq!(world.line("fewer at a time, please"), Outcome::Answered);
    let next = world.model.messages(1);
    assert_well_formed(next);
    let roles: Vec<&str> = next.iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(roles, ["system", "user", "user"]);
    assert_eq!(next[1]["content"], "tidy up");
}

#[test]
fn a_reply_larger_than_the_budget_is_refused_in_chinese_too() {
    let (world, outcome) = session(Lang::Zh, 100_000);
    assert_eq!(outcome, Outcome::ModelFailed);
    let texts = world.events.texts();
    let error = texts.last().unwrap();
    assert!(error.contains("10,000 个工具调用"), "{error}");
    assert!(error.contains("--context-tokens"), "{error}");
}
