//! The handshake, the tool list, every tool's effect on disk, and the
//! connection's journal session undone by `tidyup undo`.

use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tidyup_core::{Lang, ToolSet, tool_declarations_for};

use super::client::{TestClient, text_of};
use super::support::{World, tree};

const EN: Lang = Lang::En;

fn path(world: &World, relative: &str) -> String {
    world.target.join(relative).display().to_string()
}

#[tokio::test(flavor = "multi_thread")]
async fn initialize_names_the_server_and_says_where_the_tools_work() {
    let world = World::new();
    let target = world.target.display().to_string();
    let connection = world.connect(&[&target], TestClient::plain()).await;
    let info = connection.client().peer_info().expect("server info");
    let server = info.server_info.as_ref().expect("implementation");
    assert_eq!(server.name, "tidyup");
    assert_eq!(info.protocol_version.to_string(), "2025-06-18");
    assert!(info.capabilities.tools.is_some());
    let instructions = info.instructions.clone().unwrap_or_default();
    assert!(
        instructions.contains(&format!("relative paths resolve against {target}")),
        "{instructions}"
    );
    assert!(instructions.contains("tidyup undo"), "{instructions}");
    assert!(instructions.contains("confirm: true"), "{instructions}");
    let log = connection.close().await;
    assert!(log.contains("No changes made."), "{log}");
}

#[tokio::test(flavor = "multi_thread")]
async fn tools_list_offers_every_tool_with_the_cores_schemas_and_honest_annotations() {
    let world = World::new();
    let target = world.target.display().to_string();
    let connection = world.connect(&[&target], TestClient::plain()).await;
    let tools = connection
        .client()
        .list_all_tools()
        .await
        .expect("tools/list");
    let declared = tool_declarations_for(ToolSet::WITH_BULK);
    let declared = declared.as_array().expect("declarations");
    assert_eq!(tools.len(), 12);
    assert_eq!(tools.len(), declared.len());
    for (tool, declaration) in tools.iter().zip(declared) {
        let function = &declaration["function"];
        assert_eq!(tool.name, function["name"].as_str().unwrap());
        assert_eq!(
            tool.description.as_deref(),
            function["description"].as_str()
        );
        assert_eq!(
            Value::Object((*tool.input_schema).clone()),
            function["parameters"],
            "{}",
            tool.name
        );
        let hints = tool.annotations.as_ref().expect("annotations");
        let (read_only, destructive) = match tool.name.as_ref() {
            "list_files" | "get_file_type" | "summarize_folder" | "find_files"
            | "find_duplicates" => (Some(true), None),
            "delete_file" | "move_file" | "move_matching" | "move_by_type" | "move_files" => {
                (Some(false), Some(true))
            }
            "create_folder" | "rename_file" => (Some(false), Some(false)),
            other => panic!("unexpected tool {other}"),
        };
        assert_eq!(hints.read_only_hint, read_only, "{}", tool.name);
        assert_eq!(hints.destructive_hint, destructive, "{}", tool.name);
        assert_eq!(hints.open_world_hint, Some(false), "{}", tool.name);
    }
    let names: Vec<&str> = tools.iter().map(|tool| tool.name.as_ref()).collect();
    assert_eq!(
        names,
        [
            "list_files",
            "create_folder",
            "move_file",
            "rename_file",
            "delete_file",
            "get_file_type",
            "summarize_folder",
            "find_files",
            "move_matching",
            "move_by_type",
            "move_files",
            "find_duplicates"
        ]
    );
    connection.close().await;
}

/// The README's promise of "the same tools" counts and names exactly the
/// tools the server lists.
#[tokio::test(flavor = "multi_thread")]
async fn the_readme_counts_and_names_every_listed_tool() {
    let world = World::new();
    let target = world.target.display().to_string();
    let connection = world.connect(&[&target], TestClient::plain()).await;
    let tools = connection
        .client()
        .list_all_tools()
        .await
        .expect("tools/list");
    connection.close().await;
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README");
    let start = readme.find("- **The same tools.**").expect("the promise");
    let promise = &readme[start..];
    let promise = &promise[..promise[2..]
        .find("\n- **")
        .map_or(promise.len(), |end| end + 2)];
    let words = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen",
    ];
    let count = words.get(tools.len()).expect("a small number of tools");
    assert!(
        promise.contains(&format!("All {count},")),
        "{} tools listed:\n{promise}",
        tools.len()
    );
    for tool in &tools {
        assert!(
            promise.contains(&format!("`{}`", tool.name)),
            "{}",
            tool.name
        );
    }
}

/// A small messy folder.
fn messy(world: &World) {
    World::write(
        &world.target,
        &[
            ("report.pdf", "pdf"),
            ("notes.txt", "notes"),
            ("IMG_0001.jpg", "one"),
            ("IMG_0002.jpg", "two"),
            ("song.mp3", "la"),
            ("old.log", "log"),
            ("draft.txt", "draft"),
            ("sub/inner.txt", "inner"),
        ],
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn listing_typing_summarizing_and_finding_report_what_is_on_disk() {
    let world = World::new();
    messy(&world);
    let target = world.target.display().to_string();
    let connection = world.connect(&[&target], TestClient::plain()).await;

    let listing = connection
        .text("list_files", json!({"path": "."}), false)
        .await;
    assert!(
        listing.starts_with(&format!("8 items in {target}")),
        "{listing}"
    );
    assert!(listing.contains("report.pdf"), "{listing}");
    let kind = connection
        .text("get_file_type", json!({"filename": "song.mp3"}), false)
        .await;
    assert_eq!(kind, tidyup_core::category("song.mp3"));
    let summary = connection
        .text("summarize_folder", json!({"path": "."}), false)
        .await;
    assert!(summary.contains("IMG_*.jpg"), "{summary}");
    let found = connection
        .text(
            "find_files",
            json!({"path": ".", "pattern": "*.txt", "offset": 0}),
            false,
        )
        .await;
    assert!(
        found.contains("notes.txt") && found.contains("draft.txt"),
        "{found}"
    );
    assert!(!found.contains("report.pdf"), "{found}");
    connection.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn creating_moving_and_renaming_do_what_their_results_say() {
    let world = World::new();
    messy(&world);
    let target = world.target.display().to_string();
    let connection = world.connect(&[&target], TestClient::plain()).await;

    let created = connection
        .text("create_folder", json!({"path": "Archive/2026"}), false)
        .await;
    assert_eq!(created, EN.folder_created(&path(&world, "Archive/2026")));
    assert!(world.target.join("Archive/2026").is_dir());

    let moved = connection
        .text(
            "move_file",
            json!({"source": "report.pdf", "destination": "Archive/2026/report.pdf"}),
            false,
        )
        .await;
    assert_eq!(
        moved,
        EN.moved("report.pdf", &path(&world, "Archive/2026/report.pdf"))
    );
    assert!(!world.target.join("report.pdf").exists());
    assert_eq!(
        std::fs::read_to_string(world.target.join("Archive/2026/report.pdf")).unwrap(),
        "pdf"
    );

    let renamed = connection
        .text(
            "rename_file",
            json!({"path": "draft.txt", "new_name": "final.txt"}),
            false,
        )
        .await;
    assert_eq!(renamed, EN.renamed("draft.txt", "final.txt"));
    assert!(world.target.join("final.txt").is_file());
    let taken = connection
        .text(
            "rename_file",
            json!({"path": "final.txt", "new_name": "notes.txt"}),
            true,
        )
        .await;
    assert_eq!(taken, EN.rename_target_exists(&path(&world, "notes.txt")));
    assert_eq!(
        std::fs::read_to_string(world.target.join("notes.txt")).unwrap(),
        "notes"
    );
    connection.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn deleting_needs_confirm_true_and_does_what_its_result_says() {
    let world = World::new();
    messy(&world);
    let target = world.target.display().to_string();
    let connection = world.connect(&[&target], TestClient::plain()).await;

    let unconfirmed = connection
        .text(
            "delete_file",
            json!({"path": "old.log", "confirm": false}),
            false,
        )
        .await;
    assert_eq!(unconfirmed, EN.delete_cancelled(&path(&world, "old.log")));
    let missing_confirm = connection
        .text("delete_file", json!({"path": "old.log"}), true)
        .await;
    assert_eq!(
        missing_confirm,
        EN.tool_failed(&EN.missing_argument("confirm"))
    );
    assert!(world.target.join("old.log").is_file());
    let deleted = connection
        .text(
            "delete_file",
            json!({"path": "old.log", "confirm": true}),
            false,
        )
        .await;
    assert_eq!(deleted, EN.deleted_file(&path(&world, "old.log")));
    assert!(!world.target.join("old.log").exists());
    connection.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn bulk_moves_and_failed_moves_do_what_their_results_say() {
    let world = World::new();
    messy(&world);
    let target = world.target.display().to_string();
    let connection = world.connect(&[&target], TestClient::plain()).await;

    let matched = connection
        .text(
            "move_matching",
            json!({"path": ".", "pattern": "IMG_*.jpg", "destination": "Photos"}),
            false,
        )
        .await;
    assert!(matched.contains('2'), "{matched}");
    assert!(world.target.join("Photos/IMG_0001.jpg").is_file());
    assert!(world.target.join("Photos/IMG_0002.jpg").is_file());
    let audio = tidyup_core::category("song.mp3");
    let by_type = connection
        .text(
            "move_by_type",
            json!({"path": ".", "category": audio, "destination": "Music"}),
            false,
        )
        .await;
    assert!(by_type.contains('1'), "{by_type}");
    assert!(world.target.join("Music/song.mp3").is_file());

    let failed = connection
        .text(
            "move_file",
            json!({"source": "gone.txt", "destination": "x.txt"}),
            true,
        )
        .await;
    assert_eq!(failed, EN.source_missing(&path(&world, "gone.txt")));
    let log = connection.close().await;
    assert!(log.contains("-mcp"), "{log}");
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_arguments_are_a_failed_tool_with_the_cores_words() {
    let world = World::new();
    let target = world.target.display().to_string();
    let connection = world.connect(&[&target], TestClient::plain()).await;
    let result = connection.call("move_file", json!({"source": 42})).await;
    assert_eq!(result.is_error, Some(true));
    assert_eq!(
        text_of(&result),
        EN.tool_failed(&EN.wrong_type("source", "string"))
    );
    connection.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn tidyup_undo_of_the_connections_session_restores_the_tree() {
    let world = World::new();
    messy(&world);
    let before = tree(&world.target);
    let target = world.target.display().to_string();
    let connection = world.connect(&[&target], TestClient::plain()).await;
    for (name, arguments) in [
        ("create_folder", json!({"path": "Docs"})),
        (
            "move_file",
            json!({"source": "report.pdf", "destination": "Docs/report.pdf"}),
        ),
        (
            "rename_file",
            json!({"path": "notes.txt", "new_name": "notes-2026.txt"}),
        ),
        ("delete_file", json!({"path": "sub", "confirm": true})),
        (
            "move_matching",
            json!({"path": ".", "pattern": "IMG_*", "destination": "Photos"}),
        ),
    ] {
        connection.text(name, arguments, false).await;
    }
    let log = connection.close().await;
    assert_ne!(tree(&world.target), before);

    let (status, history, _) = world.tidyup(&["history"]);
    assert_eq!(status, 0);
    let line = history.lines().last().expect("a session");
    let session = line.split_whitespace().next().unwrap();
    assert!(session.ends_with("-mcp"), "{history}");
    assert!(line.contains(&target), "{history}");
    assert!(line.contains("1 deleted or replaced"), "{history}");
    assert!(log.contains(session), "the log names the session: {log}");

    let (status, undone, stderr) = world.tidyup(&["undo", session]);
    assert_eq!(status, 0, "{undone}{stderr}");
    assert!(undone.contains("0 skipped"), "{undone}");
    assert_eq!(tree(&world.target), before);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bulk_move_reports_progress_to_a_client_that_asks() {
    let world = World::new();
    let names: Vec<String> = (0..40).map(|i| format!("IMG_{i:03}.jpg")).collect();
    let files: Vec<(&str, &str)> = names.iter().map(|name| (name.as_str(), "x")).collect();
    World::write(&world.target, &files);
    let target = world.target.display().to_string();
    let client = TestClient::plain();
    let connection = world.connect(&[&target], client.clone()).await;
    let result = connection
        .call_with_progress(
            "move_matching",
            json!({"path": ".", "pattern": "IMG_*.jpg", "destination": "Photos"}),
            "bulk-1",
        )
        .await;
    assert_eq!(result.is_error, Some(false), "{}", text_of(&result));
    assert!(world.target.join("Photos/IMG_039.jpg").is_file());
    // The server sends every notification before the result, but the
    // client hands notifications to its handler on a task of their own:
    // give that task time to run on a busy machine.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let progress = loop {
        let progress = client.progress.lock().unwrap().clone();
        if progress.last() == Some(&(40.0, Some(40.0))) || std::time::Instant::now() > deadline {
            break progress;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert_eq!(progress.last(), Some(&(40.0, Some(40.0))), "{progress:?}");
    connection.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_config_files_large_folder_threshold_applies() {
    let world = World::new();
    World::write(
        &world.home,
        &[(
            ".config/tidyup/config.toml",
            "[limits]\nlarge_folder_entries = 3\n",
        )],
    );
    let names: Vec<String> = (0..5).map(|i| format!("f{i}.txt")).collect();
    let files: Vec<(&str, &str)> = names.iter().map(|name| (name.as_str(), "x")).collect();
    World::write(&world.target, &files);
    let target = world.target.display().to_string();
    let connection = world.connect(&[&target], TestClient::plain()).await;
    let listing = connection
        .text("list_files", json!({"path": "."}), false)
        .await;
    assert!(listing.ends_with(&EN.more_items(2, 3)), "{listing}");
    connection.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn read_file_is_offered_read_only_with_read_contents_and_reads_an_excerpt() {
    let world = World::new();
    World::write(
        &world.target,
        &[("bill.txt", "Electricity bill, March 2024")],
    );
    let target = world.target.display().to_string();
    let without = world.connect(&[&target], TestClient::plain()).await;
    let names: Vec<String> = without
        .client()
        .list_all_tools()
        .await
        .expect("tools/list")
        .iter()
        .map(|tool| tool.name.to_string())
        .collect();
    assert!(!names.contains(&"read_file".to_owned()), "{names:?}");
    let params = rmcp::model::CallToolRequestParams::new("read_file".to_owned()).with_arguments(
        json!({"path": "bill.txt"})
            .as_object()
            .cloned()
            .unwrap_or_default(),
    );
    let refused = without.client().call_tool(params).await;
    let error = refused
        .expect_err("an unknown tool is a protocol error")
        .to_string();
    assert!(error.contains("unknown tool read_file"), "{error}");
    assert!(!error.contains("Electricity"), "{error}");
    without.close().await;

    let with = world
        .connect(&[&target, "--read-contents"], TestClient::plain())
        .await;
    let info = with.client().peer_info().expect("server info");
    let instructions = info.instructions.clone().unwrap_or_default();
    assert!(
        instructions.contains("read_file only reads too"),
        "{instructions}"
    );
    let tools = with.client().list_all_tools().await.expect("tools/list");
    let read_file = tools
        .iter()
        .find(|tool| tool.name == "read_file")
        .expect("read_file offered");
    let hints = read_file.annotations.as_ref().expect("annotations");
    assert_eq!(hints.read_only_hint, Some(true));
    let text = with
        .text("read_file", json!({"path": "bill.txt"}), false)
        .await;
    assert!(text.starts_with("Text file"), "{text}");
    assert!(text.contains("Electricity bill, March 2024"), "{text}");
    with.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_icloud_stub_is_online_only_and_never_read() {
    let world = World::new();
    World::write(
        &world.target,
        &[(".report.pdf.icloud", "bplist00 the stub of report.pdf")],
    );
    let target = world.target.display().to_string();
    let with = world
        .connect(&[&target, "--read-contents"], TestClient::plain())
        .await;
    let text = with
        .text("read_file", json!({"path": ".report.pdf.icloud"}), true)
        .await;
    assert!(text.contains("is online-only"), "{text}");
    assert!(!text.contains("bplist00"), "{text}");
    with.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn find_duplicates_groups_identical_files_by_content_through_the_sandbox() {
    let world = World::new();
    World::write(
        &world.target,
        &[
            ("report.pdf", "quarterly numbers"),
            ("report (1).pdf", "quarterly numbers"),
            ("Documents/report.pdf", "quarterly numbers"),
            ("notes.txt", "quarterly NUMBERS"),
            ("empty.txt", ""),
            ("empty copy.txt", ""),
        ],
    );
    let target = world.target.display().to_string();
    let connection = world.connect(&[&target], TestClient::plain()).await;
    let text = connection
        .text("find_duplicates", json!({"path": "."}), false)
        .await;
    assert!(
        text.starts_with(&format!(
            "Identical files under {target}: 1 groups, 2 copies beyond the first (34 B)."
        )),
        "{text}"
    );
    let files: Vec<&str> = text
        .lines()
        .filter_map(|line| line.strip_prefix("    "))
        .collect();
    let mut sorted = files.clone();
    sorted.sort_unstable();
    let in_documents = std::path::Path::new("Documents")
        .join("report.pdf")
        .display()
        .to_string();
    assert_eq!(
        sorted,
        [in_documents.as_str(), "report (1).pdf", "report.pdf"],
        "{text}"
    );
    let outside = connection
        .text("find_duplicates", json!({"path": "/"}), true)
        .await;
    assert!(outside.contains("tool execution failed"), "{outside}");
    connection.close().await;
}

/// `read_file` on a link to a FIFO with no writer is refused at once, and
/// the server answers the next call.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread")]
async fn read_file_refuses_a_link_to_a_fifo_at_once_and_the_next_call_is_answered() {
    let world = World::new();
    World::write(
        &world.target,
        &[("bill.txt", "Electricity bill, March 2024")],
    );
    tidyup_test_kit::fifo_behind_link(&world.target, "notes.txt");
    let target = world.target.display().to_string();
    let connection = world
        .connect(&[&target, "--read-contents"], TestClient::plain())
        .await;
    let refused = connection
        .text("read_file", json!({"path": "notes.txt"}), true)
        .await;
    assert!(refused.contains("not a regular file"), "{refused}");
    let text = connection
        .text("read_file", json!({"path": "bill.txt"}), false)
        .await;
    assert!(text.contains("Electricity bill, March 2024"), "{text}");
    connection.close().await;
}
