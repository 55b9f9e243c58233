//! A full scripted session: scan, classify, plan, user agrees, act, report.

use std::collections::BTreeSet;

use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tempfile::TempDir;
use tidyup_test_kit::e2e::{
    API_KEY, MODEL, MockProvider, Outcome, TOOL_NAMES, Tidyup, assert_well_formed, at, call_json,
    message_reply, target_dir, text_message, tool_message, write_file,
};

const PLAN: &str =
    "Plan: create 文档 and 图片, move report.pdf and photo.jpg there. Shall I go ahead?";
const REPORT: &str = "Done: moved report.pdf to 文档 and photo.jpg to 图片.";

/// One run of the whole session on four files: the folder, the model's
/// replies in order and what the binary and the provider saw.
struct Session {
    dir: TempDir,
    root: String,
    scan: Value,
    classify: Value,
    plan: Value,
    create: Value,
    act: Value,
    provider: MockProvider,
    outcome: Outcome,
}

/// The user asks to tidy, the model scans, classifies and proposes a plan,
/// the user agrees, the model creates two folders, moves two files and
/// reports.
async fn run_session() -> Session {
    let (dir, root) = target_dir();
    write_file(dir.path(), "report.pdf", 10);
    write_file(dir.path(), "photo.jpg", 20);
    write_file(dir.path(), "song.mp3", 30);
    write_file(dir.path(), "main.rs", 40);

    // The scan reply carries a field the protocol does not name; it must come back unchanged.
    let mut scan = tool_message(vec![call_json(
        "call_1",
        "list_files",
        json!({"path": "."}),
    )]);
    scan["reasoning_content"] = json!("Let me look at the directory first.");
    let classify = tool_message(
        ["report.pdf", "photo.jpg", "song.mp3", "main.rs"]
            .iter()
            .enumerate()
            .map(|(i, name)| {
                call_json(
                    &format!("call_{}", i + 2),
                    "get_file_type",
                    json!({"filename": name}),
                )
            })
            .collect::<Vec<_>>(),
    );
    let plan = text_message(PLAN);
    let create = tool_message(vec![
        call_json("call_6", "create_folder", json!({"path": "文档"})),
        call_json(
            "call_7",
            "create_folder",
            json!({"path": at(&root, "图片")}),
        ),
    ]);
    let act = tool_message(vec![
        call_json(
            "call_8",
            "move_file",
            json!({"source": "report.pdf", "destination": "文档/report.pdf"}),
        ),
        call_json(
            "call_9",
            "move_file",
            json!({"source": "photo.jpg", "destination": "图片/photo.jpg"}),
        ),
    ]);
    let report = text_message(REPORT);
    let replies = [&scan, &classify, &plan, &create, &act, &report];
    let provider = MockProvider::start(
        replies
            .iter()
            .map(|m| message_reply((*m).clone()))
            .collect(),
    )
    .await;

    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("please tidy this folder\nyes\n")
        .run()
        .await;
    Session {
        dir,
        root,
        scan,
        classify,
        plan,
        create,
        act,
        provider,
        outcome,
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn scan_plan_agree_act_report() {
    let Session {
        provider, outcome, ..
    } = run_session().await;
    outcome.assert_clean_exit();
    outcome.assert_key_not_shown();
    assert_eq!(provider.unused_replies(), 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_agreed_moves_are_made_on_disk_and_nothing_else_moves() {
    let Session { dir, .. } = run_session().await;
    assert!(dir.path().join("文档/report.pdf").is_file());
    assert!(dir.path().join("图片/photo.jpg").is_file());
    assert!(!dir.path().join("report.pdf").exists());
    assert!(!dir.path().join("photo.jpg").exists());
    assert!(dir.path().join("song.mp3").is_file());
    assert!(dir.path().join("main.rs").is_file());
}

#[tokio::test(flavor = "multi_thread")]
async fn the_console_shows_every_tool_and_the_plan_before_acting() {
    let Session { root, outcome, .. } = run_session().await;
    let lines = outcome.stdout_lines();
    assert_eq!(
        lines.first().copied(),
        Some(format!("tidyup started. Target directory: {root}").as_str())
    );
    let tools = outcome.tool_lines();
    assert_eq!(tools.len(), 9, "{outcome}");
    assert!(
        tools[0].starts_with("[tool] list_files: 4 items in "),
        "{}",
        tools[0]
    );
    assert_eq!(
        &tools[1..5],
        &[
            "[tool] get_file_type: 文档",
            "[tool] get_file_type: 图片",
            "[tool] get_file_type: 音频",
            "[tool] get_file_type: 代码",
        ]
    );
    assert_eq!(
        tools[5],
        format!(
            "[tool] create_folder: Created folder: {}",
            at(&root, "文档")
        )
    );
    assert_eq!(
        tools[6],
        format!(
            "[tool] create_folder: Created folder: {}",
            at(&root, "图片")
        )
    );
    assert!(tools[7].starts_with("[tool] move_file: "), "{}", tools[7]);
    assert!(lines.contains(&PLAN), "{outcome}");
    assert!(lines.contains(&REPORT), "{outcome}");
    let plan_at = lines.iter().position(|l| *l == PLAN).unwrap();
    let create_at = lines.iter().position(|l| *l == tools[5]).unwrap();
    assert!(plan_at < create_at, "the plan is shown before acting");
}

#[tokio::test(flavor = "multi_thread")]
async fn every_request_is_well_formed_and_declares_the_six_tools() {
    let Session { root, provider, .. } = run_session().await;
    let requests = provider.requests();
    assert_eq!(requests.len(), 6);
    for request in &requests {
        assert_eq!(request.path, "/v1/chat/completions");
        assert_eq!(
            request.authorization.as_deref(),
            Some(format!("Bearer {API_KEY}").as_str())
        );
        assert!(
            request
                .content_type
                .as_deref()
                .unwrap_or_default()
                .starts_with("application/json"),
            "content type {:?}",
            request.content_type
        );
        assert_eq!(request.body["model"], MODEL);
        let messages = request.messages();
        assert_eq!(messages[0]["role"], "system");
        assert!(messages[0]["content"].as_str().unwrap().contains(&root));
        assert_well_formed(messages);
        let names: BTreeSet<&str> = request.body["tools"]
            .as_array()
            .expect("tools array on every request")
            .iter()
            .map(|tool| {
                assert_eq!(tool["type"], "function");
                tool["function"]["name"].as_str().unwrap()
            })
            .collect();
        assert_eq!(names, BTreeSet::from(TOOL_NAMES));
    }

    assert_tool_declarations(&requests[0].body["tools"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn each_request_is_the_previous_one_plus_what_happened_since() {
    let Session {
        root,
        scan,
        classify,
        plan,
        create,
        act,
        provider,
        ..
    } = run_session().await;
    let requests = provider.requests();
    let user = |text: &str| json!({"role": "user", "content": text});
    let tool =
        |id: &str, content: &str| json!({"role": "tool", "tool_call_id": id, "content": content});
    let system = requests[0].messages()[0].clone();
    assert_eq!(
        requests[0].messages(),
        &vec![system, user("please tidy this folder")]
    );

    let second = requests[1].messages();
    assert_eq!(second.len(), 4);
    assert_eq!(second[2], scan, "assistant message resent unchanged");
    assert_eq!(second[3]["tool_call_id"], "call_1");
    assert!(
        second[3]["content"]
            .as_str()
            .unwrap()
            .starts_with(&format!("4 items in {root}:"))
    );

    let third = requests[2].messages();
    assert_eq!(&third[..4], &second[..]);
    assert_eq!(third[4], classify);
    assert_eq!(
        &third[5..],
        &[
            tool("call_2", "文档"),
            tool("call_3", "图片"),
            tool("call_4", "音频"),
            tool("call_5", "代码")
        ]
    );

    let fourth = requests[3].messages();
    assert_eq!(&fourth[..9], &third[..]);
    assert_eq!(fourth[9], plan);
    assert_eq!(fourth[10], user("yes"));
    assert_eq!(fourth.len(), 11);

    let fifth = requests[4].messages();
    assert_eq!(&fifth[..11], &fourth[..]);
    assert_eq!(
        &fifth[11..],
        &[
            create,
            tool("call_6", &format!("Created folder: {}", at(&root, "文档"))),
            tool("call_7", &format!("Created folder: {}", at(&root, "图片"))),
        ]
    );

    let sixth = requests[5].messages();
    assert_eq!(&sixth[..14], &fifth[..]);
    assert_eq!(sixth[14], act);
    assert_eq!(
        &sixth[15..],
        &[
            tool(
                "call_8",
                &format!("Moved report.pdf to {}", at(&root, "文档/report.pdf"))
            ),
            tool(
                "call_9",
                &format!("Moved photo.jpg to {}", at(&root, "图片/photo.jpg"))
            ),
        ]
    );
}

/// Checks the `tools` array: six function tools, each with a description
/// and an object schema declaring its parameters with their types, every
/// parameter required.
fn assert_tool_declarations(tools: &Value) {
    let expected: [(&str, &[(&str, &str)]); 6] = [
        ("list_files", &[("path", "string")]),
        ("create_folder", &[("path", "string")]),
        (
            "move_file",
            &[("source", "string"), ("destination", "string")],
        ),
        ("rename_file", &[("path", "string"), ("new_name", "string")]),
        ("delete_file", &[("path", "string"), ("confirm", "boolean")]),
        ("get_file_type", &[("filename", "string")]),
    ];
    let tools = tools.as_array().unwrap();
    assert_eq!(tools.len(), 6);
    for (name, parameters) in expected {
        let function = &tools
            .iter()
            .find(|tool| tool["function"]["name"] == name)
            .unwrap_or_else(|| panic!("{name} is not declared"))["function"];
        assert!(
            !function["description"]
                .as_str()
                .unwrap_or_default()
                .is_empty(),
            "{name} has a description"
        );
        let schema = &function["parameters"];
        assert_eq!(schema["type"], "object", "{name}");
        let properties = schema["properties"].as_object().unwrap();
        let declared: BTreeSet<(&str, &str)> = properties
            .iter()
            .map(|(param, spec)| (param.as_str(), spec["type"].as_str().unwrap_or_default()))
            .collect();
        assert_eq!(declared, parameters.iter().copied().collect(), "{name}");
        let required: BTreeSet<&str> = schema["required"]
            .as_array()
            .unwrap()
            .iter()
            .map(|param| param.as_str().unwrap())
            .collect();
        let all: BTreeSet<&str> = parameters.iter().map(|(param, _)| *param).collect();
        assert_eq!(required, all, "every parameter of {name} is required");
    }
}
