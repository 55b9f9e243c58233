//! The turn state machine, driven through `Agent::handle_line`: blank lines
//! and `quit` send nothing, every other line runs model rounds until a plain
//! answer or the round limit, and the history grows by exactly what was said.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::BTreeMap;

use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tidyup_core::{Event, Lang, MAX_ROUNDS, Outcome, tool_declarations};
use tidyup_test_kit::{
    MODEL, MemFs, ScriptedModel, Snap, TARGET, TOOL_NAMES, World, assert_well_formed, call,
    completion, in_target, preview, text_message, text_reply, tool_message, tool_reply, with_field,
};

#[test]
fn blank_lines_are_ignored_without_a_request() {
    let mut world = World::en(MemFs::new(), ScriptedModel::default());
    for line in ["", "   ", "\t", " \r\n"] {
        assert_eq!(world.line(line), Outcome::Ignored, "line {line:?}");
    }
    assert!(world.model.requests.is_empty());
    assert!(world.events.events.is_empty());
    assert_eq!(world.agent.history().len(), 1, "only the system prompt");
}

#[test]
fn quit_in_any_case_ends_without_a_request() {
    for line in ["quit", "QUIT", " Quit ", "qUiT\n"] {
        let mut world = World::en(MemFs::new(), ScriptedModel::default());
        assert_eq!(world.line(line), Outcome::Quit, "line {line:?}");
        assert!(world.model.requests.is_empty());
        assert!(world.events.events.is_empty());
        assert_eq!(world.agent.history().len(), 1);
    }
}

#[test]
fn exit_and_the_chinese_words_for_quit_end_too() {
    for line in ["exit", "EXIT", "退出", " 再见 "] {
        let mut world = World::en(MemFs::new(), ScriptedModel::default());
        assert_eq!(world.line(line), Outcome::Quit, "line {line:?}");
        assert!(world.model.requests.is_empty());
    }
}

#[test]
fn words_around_quit_are_a_normal_line() {
    let mut world = World::en(MemFs::new(), ScriptedModel::new([text_reply("ok")]));
    assert_eq!(world.line("quit please"), Outcome::Answered);
    assert_eq!(world.model.requests.len(), 1);
}

#[test]
fn the_user_line_is_sent_trimmed_after_the_system_prompt() {
    let mut world = World::en(MemFs::new(), ScriptedModel::new([text_reply("hello")]));
    assert_eq!(world.line("  hi there \n"), Outcome::Answered);
    let messages = world.model.messages(0);
    assert_eq!(messages.len(), 2);
    assert_eq!(messages[0]["role"], "system");
    let prompt = messages[0]["content"].as_str().unwrap();
    assert!(
        prompt.contains(TARGET),
        "system prompt names the target: {prompt}"
    );
    assert_eq!(messages[1], json!({"role": "user", "content": "hi there"}));
    assert_eq!(
        world.events.events,
        vec![Event::Answer {
            text: "hello".to_owned(),
            streamed: false
        }]
    );
}

#[test]
fn the_start_event_names_the_target_directory() {
    let world = World::en(MemFs::new(), ScriptedModel::default());
    assert_eq!(
        world.agent.started(),
        Event::Started {
            target_dir: TARGET.to_owned(),
            text: format!("tidyup started. Target directory: {TARGET}"),
        }
    );
    let zh = World::new(Lang::Zh, MemFs::new(), ScriptedModel::default());
    assert_eq!(
        zh.agent.started().text(),
        format!("tidyup 已启动。目标目录：{TARGET}")
    );
}

fn desktop() -> MemFs {
    MemFs::new()
        .dir("Archive")
        .file("notes.txt", "hello")
        .file_sized("photo.JPG", 2_621_440)
        .file_sized("report.pdf", 1280)
}

/// A whole organize session: scan, classify, plan, consent, act, report.
struct Organized {
    world: World,
    scan: Value,
    classify: Value,
    plan: Value,
    create: Value,
    moves: Value,
    report: Value,
    /// What `list_files` answered on the desktop.
    listing: String,
    /// Every tool run, in order, as `(name, result)`.
    results: [(&'static str, String); 7],
}

fn organize_conversation() -> Organized {
    let scan = tool_message(&[call("call_1", "list_files", r#"{"path": "."}"#)]);
    let classify = with_field(
        tool_message(&[
            call("call_2", "get_file_type", r#"{"filename":"report.pdf"}"#),
            call("call_3", "get_file_type", r#"{"filename":"photo.JPG"}"#),
        ]),
        "reasoning_content",
        json!("Two files to classify first."),
    );
    let plan = text_message("Plan: report.pdf → 文档, photo.JPG → 图片. Shall I proceed?");
    let create = tool_message(&[
        call("call_4", "create_folder", r#"{"path":"文档"}"#),
        call(
            "call_5",
            "create_folder",
            &json!({ "path": in_target("图片") }).to_string(),
        ),
    ]);
    let moves = tool_message(&[
        call(
            "call_6",
            "move_file",
            r#"{"source":"report.pdf","destination":"文档/report.pdf"}"#,
        ),
        call(
            "call_7",
            "move_file",
            &json!({ "source": in_target("photo.JPG"), "destination": in_target("图片/photo.JPG") })
                .to_string(),
        ),
    ]);
    let report = text_message("Done: 2 folders created, 2 files moved.");
    let replies = [&scan, &classify, &plan, &create, &moves, &report].map(completion);
    let mut world = World::en(desktop(), ScriptedModel::new(replies));

    assert_eq!(world.line("Please tidy my desktop"), Outcome::Answered);
    assert_eq!(world.line("yes"), Outcome::Answered);

    let listing = format!(
        "4 items in {TARGET}:\n\
         [目录] Archive | 0 B | 2024-03-15 09:30\n\
         [文件] notes.txt | 5 B | 2024-03-15 09:30\n\
         [文件] photo.JPG | 2.5 MB | 2024-03-15 09:30\n\
         [文件] report.pdf | 1.3 KB | 2024-03-15 09:30"
    );
    let results = [
        ("list_files", listing.clone()),
        ("get_file_type", "文档".to_owned()),
        ("get_file_type", "图片".to_owned()),
        (
            "create_folder",
            format!("Created folder: {}", in_target("文档")),
        ),
        (
            "create_folder",
            format!("Created folder: {}", in_target("图片")),
        ),
        (
            "move_file",
            format!("Moved report.pdf to {}", in_target("文档/report.pdf")),
        ),
        (
            "move_file",
            format!("Moved photo.JPG to {}", in_target("图片/photo.JPG")),
        ),
    ];
    Organized {
        world,
        scan,
        classify,
        plan,
        create,
        moves,
        report,
        listing,
        results,
    }
}

/// The history the organize session should leave, assistant messages
/// unchanged.
fn expected_history(organized: &Organized) -> Vec<Value> {
    let Organized {
        world,
        scan,
        classify,
        plan,
        create,
        moves,
        report,
        listing,
        results,
    } = organized;
    let tool =
        |id: &str, content: &str| json!({"role": "tool", "tool_call_id": id, "content": content});
    let system = world.history_json()[0].clone();
    vec![
        system,
        json!({"role": "user", "content": "Please tidy my desktop"}),
        scan.clone(),
        tool("call_1", listing),
        classify.clone(),
        tool("call_2", "文档"),
        tool("call_3", "图片"),
        plan.clone(),
        json!({"role": "user", "content": "yes"}),
        create.clone(),
        tool("call_4", &results[3].1),
        tool("call_5", &results[4].1),
        moves.clone(),
        tool("call_6", &results[5].1),
        tool("call_7", &results[6].1),
        report.clone(),
    ]
}

#[test]
fn a_full_organize_conversation() {
    let Organized { world, .. } = organize_conversation();
    assert_eq!(world.model.remaining(), 0);

    let expected_tree: BTreeMap<String, Snap> = [
        ("Archive", Snap::Dir),
        ("notes.txt", Snap::File("hello".to_owned(), 5)),
        ("图片", Snap::Dir),
        ("图片/photo.JPG", Snap::File(String::new(), 2_621_440)),
        ("文档", Snap::Dir),
        ("文档/report.pdf", Snap::File(String::new(), 1280)),
    ]
    .map(|(path, snap)| (path.to_owned(), snap))
    .into();
    assert_eq!(world.fs.snapshot(), expected_tree);
}

/// What a tool event was about: its subject, destination and items.
type About = (Option<String>, Option<String>, Option<u64>);

#[test]
fn an_organize_conversation_shows_each_tool_and_answer_in_order() {
    let Organized {
        world,
        plan,
        results,
        ..
    } = organize_conversation();
    // What each call was about: the target listed (4 items), the two
    // files classified, the two folders created, the two files moved.
    let at = |name: &str| Some(format!("{TARGET}/{name}"));
    let about: Vec<About> = vec![
        (Some(TARGET.to_owned()), None, Some(4)),
        (Some("report.pdf".to_owned()), None, None),
        (Some("photo.JPG".to_owned()), None, None),
        (at("文档"), None, None),
        (at("图片"), None, None),
        (at("report.pdf"), at("文档/report.pdf"), None),
        (at("photo.JPG"), at("图片/photo.JPG"), None),
    ];
    let tool_event =
        |((name, result), (subject, destination, items)): (&(&str, String), &About)| Event::Tool {
            name: (*name).to_owned(),
            result: result.clone(),
            text: format!("[tool] {name}: {}", preview(result)),
            failed: false,
            subject: subject.clone(),
            destination: destination.clone(),
            items: *items,
            not_found: false,
            not_run: false,
        };
    let mut expected_events: Vec<Event> = results[..3].iter().zip(&about).map(tool_event).collect();
    expected_events.push(Event::Answer {
        text: plan["content"].as_str().unwrap().to_owned(),
        streamed: false,
    });
    expected_events.extend(results[3..].iter().zip(&about[3..]).map(tool_event));
    expected_events.push(Event::Answer {
        text: "Done: 2 folders created, 2 files moved.".to_owned(),
        streamed: false,
    });
    assert_eq!(world.events.events, expected_events);
}

#[test]
fn an_organize_conversation_keeps_its_history_whole_and_unchanged() {
    let organized = organize_conversation();
    let expected_history = expected_history(&organized);
    let system = &expected_history[0];
    assert_eq!(organized.world.history_json(), expected_history);
    assert_eq!(system["role"], "system");
    assert!(system["content"].as_str().unwrap().contains(TARGET));
    assert_eq!(
        expected_history[4]["reasoning_content"],
        "Two files to classify first."
    );
}

#[test]
fn every_request_resends_the_history_so_far_with_model_and_the_six_tools() {
    let organized = organize_conversation();
    let expected_history = expected_history(&organized);
    let world = &organized.world;
    let sent_lengths = [2, 4, 7, 9, 12, 15];
    assert_eq!(world.model.requests.len(), sent_lengths.len());
    for (request, len) in world.model.requests.iter().zip(sent_lengths) {
        let keys: Vec<&str> = request
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, ["model", "messages", "tools"]);
        assert_eq!(request["model"], MODEL);
        assert_eq!(
            request["messages"].as_array().unwrap(),
            &expected_history[..len]
        );
        assert_eq!(request["tools"], tool_declarations());
        let names: Vec<&str> = request["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|tool| tool["function"]["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, TOOL_NAMES);
        assert_well_formed(request["messages"].as_array().unwrap());
    }
    // The resent classify message still carries the unknown field.
    assert_eq!(world.model.messages(2)[4], organized.classify);
}

/// An assistant message goes back byte-for-byte: the same fields
/// in the same order as the provider sent them, not just an equal JSON value.
#[test]
fn assistant_messages_are_resent_byte_for_byte() {
    let asked = with_field(
        tool_message(&[call("c1", "get_file_type", r#"{"filename":"a.txt"}"#)]),
        "reasoning_content",
        json!("why"),
    );
    let answered = with_field(text_message("done"), "reasoning_content", json!("because"));
    let mut world = World::en(
        MemFs::new(),
        ScriptedModel::new([completion(&asked), completion(&answered), text_reply("bye")]),
    );
    assert_eq!(world.line("classify a.txt"), Outcome::Answered);
    assert_eq!(world.line("thanks"), Outcome::Answered);
    let sent = world.model.messages(2);
    assert_eq!(
        serde_json::to_string(&sent[2]).unwrap(),
        serde_json::to_string(&asked).unwrap()
    );
    assert_eq!(
        serde_json::to_string(&sent[4]).unwrap(),
        serde_json::to_string(&answered).unwrap()
    );
}

#[test]
fn tool_calls_of_one_reply_run_in_order_with_one_tool_message_each() {
    let calls = [
        call("a", "create_folder", r#"{"path":"x"}"#),
        call(
            "b",
            "move_file",
            r#"{"source":"f.txt","destination":"x/f.txt"}"#,
        ),
        call(
            "c",
            "rename_file",
            r#"{"path":"x/f.txt","new_name":"g.txt"}"#,
        ),
        call("d", "list_files", r#"{"path":"x"}"#),
    ];
    let mut world = World::en(
        MemFs::new().file("f.txt", "data"),
        ScriptedModel::new([tool_reply(&calls), text_reply("done")]),
    );
    assert_eq!(world.line("go"), Outcome::Answered);
    let history = world.history_json();
    let ids: Vec<&Value> = history[3..7].iter().map(|m| &m["tool_call_id"]).collect();
    assert_eq!(ids, [&json!("a"), &json!("b"), &json!("c"), &json!("d")]);
    assert_eq!(
        history[6]["content"],
        format!(
            "1 items in {}:\n[文件] g.txt | 4 B | 2024-03-15 09:30",
            in_target("x")
        )
    );
    let names: Vec<String> = world.events.tools().into_iter().map(|(n, _)| n).collect();
    assert_eq!(
        names,
        ["create_folder", "move_file", "rename_file", "list_files"]
    );
    assert_well_formed(&history);
}

fn always_a_tool() -> ScriptedModel {
    ScriptedModel::always(tool_reply(&[call(
        "call_x",
        "get_file_type",
        r#"{"filename":"a.txt"}"#,
    )]))
}

#[test]
fn the_round_cap_stops_after_fifteen_calls_and_runs_the_last_tools() {
    assert_eq!(MAX_ROUNDS, 15);
    let mut world = World::en(MemFs::new(), always_a_tool());
    assert_eq!(world.line("loop forever"), Outcome::RoundLimit);
    assert_eq!(world.model.requests.len(), 15);
    assert_eq!(world.events.events.len(), 16);
    assert_eq!(
        world.events.tools().len(),
        15,
        "the 15th reply's tools ran too"
    );
    assert_eq!(
        world.events.events.last(),
        Some(&Event::Notice {
            text: "Reached the maximum number of rounds (15); the task may be unfinished."
                .to_owned()
        })
    );
    // system + user + 15 × (assistant + tool)
    assert_eq!(world.agent.history().len(), 32);
    assert_well_formed(&world.history_json());

    // The counter starts again at the next line.
    world.events.clear();
    assert_eq!(world.line("again"), Outcome::RoundLimit);
    assert_eq!(world.model.requests.len(), 30);
    assert_eq!(world.events.tools().len(), 15);
    assert_eq!(world.agent.history().len(), 63);
    assert_well_formed(&world.history_json());
    // The 16th request (first of the second turn) ends with the new user line.
    let sixteenth = world.model.messages(15);
    assert_eq!(sixteenth.len(), 33);
    assert_eq!(sixteenth[32], json!({"role": "user", "content": "again"}));
}

#[test]
fn the_round_limit_notice_in_chinese() {
    let mut world = World::new(Lang::Zh, MemFs::new(), always_a_tool());
    assert_eq!(world.line("整理"), Outcome::RoundLimit);
    assert_eq!(
        world.events.events.last().map(Event::text),
        Some("已达到最大轮数（15），任务可能尚未完成。")
    );
}

#[test]
fn a_plain_answer_on_the_fifteenth_call_is_an_answer() {
    let mut model = ScriptedModel::default();
    for _ in 0..14 {
        model.push(tool_reply(&[call(
            "c",
            "get_file_type",
            r#"{"filename":"x.go"}"#,
        )]));
    }
    model.push(text_reply("finally"));
    let mut world = World::en(MemFs::new(), model);
    assert_eq!(world.line("go"), Outcome::Answered);
    assert_eq!(world.model.requests.len(), 15);
    assert_eq!(world.events.tools().len(), 14);
    assert_eq!(
        world.events.events.last(),
        Some(&Event::Answer {
            text: "finally".to_owned(),
            streamed: false
        })
    );
}
