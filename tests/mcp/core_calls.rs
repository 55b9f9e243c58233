//! The core's `tidyup_run_tool` export through wasmtime: the same output as
//! the core natively, progress through `emit`, an error value for a request
//! no tool can run with, and a core that stops during a call replaced by a
//! fresh one, in the library and in the server.

use std::sync::{Arc, Mutex};

use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tidyup::{CoreSession, HostState, NoTransport, RealFs, ToolCallStopped};
use tidyup_core::{Event, EventSink, Lang, ToolLimits, ToolOutput, ToolRun};

use super::client::TestClient;
use super::support::World;

/// Keeps every event.
#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Vec<Event>>>);

impl EventSink for Recorder {
    fn emit(&mut self, event: Event) {
        self.0.lock().unwrap().push(event);
    }
}

async fn core(events: Recorder, fuel: Option<u64>) -> CoreSession {
    let module = tidyup::load_core(None, &()).unwrap();
    let mut state = HostState::new(Arc::new(NoTransport), Box::new(RealFs), Box::new(events));
    if let Some(fuel) = fuel {
        state = state.with_fuel(fuel);
    }
    CoreSession::load(&module, state).await.unwrap()
}

fn call(target: &std::path::Path, name: &str, arguments: Value) -> ToolRun {
    ToolRun {
        target_dir: target.display().to_string(),
        lang: Lang::En,
        name: name.to_owned(),
        arguments,
        limits: ToolLimits {
            large_folder_entries: 200,
            excerpt_chars: 4_000,
        },
        read_contents: false,
        dry_run: false,
    }
}

fn natively(call: &ToolRun) -> ToolOutput {
    call.run(&mut RealFs, &mut Recorder::default()).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn run_tool_gives_what_the_core_gives_natively() {
    let world = World::new();
    World::write(
        &world.target,
        &[("a.txt", "a"), ("b.png", "b"), ("sub/c.md", "c")],
    );
    let mut core = core(Recorder::default(), None).await;
    for request in [
        call(&world.target, "list_files", json!({"path": "."})),
        call(&world.target, "summarize_folder", json!({"path": "."})),
        call(
            &world.target,
            "find_files",
            json!({"path": ".", "pattern": "*.TXT", "offset": 0}),
        ),
        call(
            &world.target,
            "get_file_type",
            json!("{\"filename\": \"b.png\"}"),
        ),
        call(
            &world.target,
            "move_file",
            json!({"source": "gone", "destination": "x"}),
        ),
        call(&world.target, "list_files", json!({})),
        call(&world.target, "no_such_tool", json!({})),
    ] {
        let through_wasm = core.run_tool(&request).await.unwrap();
        assert_eq!(through_wasm, natively(&request), "{}", request.name);
    }
    let failed = core
        .run_tool(&call(&world.target, "no_such_tool", json!({})))
        .await
        .unwrap();
    assert!(failed.is_error);
    assert_eq!(failed.text, Lang::En.unknown_tool("no_such_tool"));
    // A change through the export is made on the host's file system.
    let moved = core
        .run_tool(&call(
            &world.target,
            "move_file",
            json!({"source": "a.txt", "destination": "docs/a.txt"}),
        ))
        .await
        .unwrap();
    assert!(!moved.is_error, "{}", moved.text);
    assert!(world.target.join("docs/a.txt").is_file());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_relative_target_is_an_error_value_and_the_core_goes_on() {
    let world = World::new();
    let mut core = core(Recorder::default(), None).await;
    let mut request = call(&world.target, "list_files", json!({"path": "."}));
    request.target_dir = "relative/dir".to_owned();
    let err = core.run_tool(&request).await.unwrap_err();
    assert!(err.to_string().contains("must be absolute"), "{err}");
    assert!(err.downcast_ref::<ToolCallStopped>().is_none());
    request.target_dir = world.target.display().to_string();
    assert!(!core.run_tool(&request).await.unwrap().is_error);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bulk_move_reports_its_progress_through_emit() {
    let world = World::new();
    let names: Vec<String> = (0..30).map(|i| format!("IMG_{i:03}.jpg")).collect();
    let files: Vec<(&str, &str)> = names.iter().map(|name| (name.as_str(), "x")).collect();
    World::write(&world.target, &files);
    let events = Recorder::default();
    let mut core = core(events.clone(), None).await;
    let moved = core
        .run_tool(&call(
            &world.target,
            "move_matching",
            json!({"path": ".", "pattern": "IMG_*", "destination": "Photos"}),
        ))
        .await
        .unwrap();
    assert!(!moved.is_error, "{}", moved.text);
    assert!(world.target.join("Photos/IMG_029.jpg").is_file());
    let last = events
        .0
        .lock()
        .unwrap()
        .iter()
        .rev()
        .find_map(|event| match event {
            Event::Progress { done, total, .. } => Some((*done, *total)),
            Event::Started { .. }
            | Event::Tool { .. }
            | Event::AnswerDelta { .. }
            | Event::Answer { .. }
            | Event::Usage { .. }
            | Event::Notice { .. }
            | Event::Error { .. }
            | Event::Page { .. } => None,
        });
    assert_eq!(last, Some((30, 30)));
}

/// Fuel enough to list a few files, far too little for thousands.
const SMALL_FUEL: u64 = 20_000_000;

fn crowded(world: &World) {
    let names: Vec<String> = (0..4000).map(|i| format!("file-{i:05}.txt")).collect();
    let files: Vec<(String, &str)> = names
        .iter()
        .map(|name| (format!("crowd/{name}"), ""))
        .collect();
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(path, text)| (path.as_str(), *text))
        .collect();
    World::write(&world.target, &files);
    World::write(&world.target, &[("small/a.txt", "a")]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_core_that_stops_during_a_call_is_replaced_and_the_next_call_works() {
    let world = World::new();
    crowded(&world);
    let mut core = core(Recorder::default(), Some(SMALL_FUEL)).await;
    let small = call(&world.target, "list_files", json!({"path": "small"}));
    assert!(!core.run_tool(&small).await.unwrap().is_error);
    let err = core
        .run_tool(&call(
            &world.target,
            "summarize_folder",
            json!({"path": "crowd"}),
        ))
        .await
        .unwrap_err();
    let stopped = err
        .downcast_ref::<ToolCallStopped>()
        .expect("the core stopped");
    assert_eq!(stopped.cause, Lang::En.core_out_of_fuel(SMALL_FUEL));
    let again = core.run_tool(&small).await.unwrap();
    assert!(!again.is_error, "{}", again.text);
    assert!(again.text.contains("a.txt"), "{}", again.text);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_server_answers_a_call_that_stopped_the_core_and_goes_on() {
    let mut world = World::new();
    crowded(&world);
    world.env("TIDYUP_CORE_FUEL", &SMALL_FUEL.to_string());
    let target = world.target.display().to_string();
    let connection = world.connect(&[&target], TestClient::plain()).await;
    let text = connection
        .text("summarize_folder", json!({"path": "crowd"}), true)
        .await;
    assert!(text.contains("core stopped"), "{text}");
    assert!(
        text.contains(&Lang::En.core_out_of_fuel(SMALL_FUEL)),
        "{text}"
    );
    let listing = connection
        .text("list_files", json!({"path": "small"}), false)
        .await;
    assert!(listing.contains("a.txt"), "{listing}");
    let log = connection.close().await;
    assert!(log.contains("core stopped"), "{log}");
}
