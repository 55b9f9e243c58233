//! The core's wasm ABI, exercised through wasmtime exactly as the CLI runs it:
//! the shape of the embedded `.wasm`, a whole turn across the boundary with
//! swapped-in capabilities, and the host's defences against a hostile guest.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use tidyup::{
    ChatTransport, CoreSession, HostState, IMPORT_MODULE, RealFs, ReplyFuture, compile_core,
    core_engine, instantiate_core, load_core_from,
};
use tidyup_core::{AgentConfig, Event, EventSink, HttpReply, Lang, Outcome, Provider};
use tidyup_test_kit::call_json;
use wasmtime::Module;

/// Canned chat-completion replies, popped in order; records each request body.
#[derive(Clone, Default)]
struct CannedModel {
    replies: Arc<Mutex<Vec<Value>>>,
    requests: Arc<Mutex<Vec<Value>>>,
}

impl CannedModel {
    fn new(messages: Vec<Value>) -> Self {
        let replies = messages
            .into_iter()
            .rev()
            .map(|message| {
                json!({"id": "c", "object": "chat.completion", "created": 1, "model": "m",
                "choices": [{"index": 0, "message": message, "finish_reason": "stop"}]})
            })
            .collect();
        Self {
            replies: Arc::new(Mutex::new(replies)),
            requests: Arc::default(),
        }
    }
}

impl ChatTransport for CannedModel {
    fn post(&self, body: String) -> ReplyFuture {
        let body: Value = serde_json::from_str(&body).unwrap();
        self.requests.lock().unwrap().push(body);
        let reply = self
            .replies
            .lock()
            .unwrap()
            .pop()
            .expect("no canned reply left");
        Box::pin(async move { Ok(HttpReply::new(200, reply.to_string())) })
    }
}

/// Collects events for inspection.
#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Vec<Event>>>);

impl EventSink for Recorder {
    fn emit(&mut self, event: Event) {
        self.0.lock().unwrap().push(event);
    }
}

fn core_module() -> Module {
    // The embedded core as the build precompiled it.
    load_core_from(None, None, &()).unwrap().0
}

#[test]
fn every_import_comes_from_the_one_host_module() {
    let module = core_module();
    let mut imports: Vec<(String, String)> = module
        .imports()
        .map(|import| (import.module().to_owned(), import.name().to_owned()))
        .collect();
    imports.sort();
    let expected: Vec<(String, String)> = [
        "chat_completion",
        "chat_stream_open",
        "chat_stream_read",
        "emit",
        "fs_call",
        "is_cancelled",
        "sleep",
        "take_result",
    ]
    .iter()
    .map(|name| (IMPORT_MODULE.to_owned(), (*name).to_owned()))
    .collect();
    assert_eq!(imports, expected);
}

#[test]
fn exports_the_documented_entry_points() {
    let module = core_module();
    let exports: Vec<&str> = module.exports().map(|export| export.name()).collect();
    for name in [
        "memory",
        "tidyup_abi_version",
        "tidyup_alloc",
        "tidyup_dealloc",
        "tidyup_agent_new",
        "tidyup_agent_restore",
        "tidyup_agent_send",
        "tidyup_agent_go_ahead",
        "tidyup_agent_history",
        "tidyup_agent_free",
        "tidyup_ask",
        "tidyup_run_tool",
        "tidyup_plan_table",
    ] {
        assert!(
            exports.contains(&name),
            "missing export {name}: {exports:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_whole_turn_crosses_the_boundary() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("song.MP3"), b"la la").unwrap();
    let target = dir.path().to_str().unwrap().to_owned();
    let model = CannedModel::new(vec![
        json!({"role": "assistant", "content": null, "reasoning_content": "keep me",
               "tool_calls": [call_json("a", "get_file_type", json!({"filename": "song.MP3"})),
                              call_json("b", "move_file", json!({"source": "song.MP3", "destination": "音频/song.mp3"}))]}),
        json!({"role": "assistant", "content": "Moved your song."}),
    ]);
    let events = Recorder::default();
    let state = HostState::new(
        Arc::new(model.clone()),
        Box::new(RealFs),
        Box::new(events.clone()),
    );
    let config = AgentConfig {
        target_name: None,
        dry_run: false,
        target_dir: target.clone(),
        model: "m".to_owned(),
        lang: Lang::En,
        provider: Provider::Remote,
        calls: Default::default(),
        limits: Default::default(),
        read_contents: false,
        rules: None,
    };
    let mut session = CoreSession::start(&core_module(), state, &config)
        .await
        .unwrap();

    assert_eq!(session.send("   ").await.unwrap(), Outcome::Ignored);
    assert_eq!(session.send("tidy up").await.unwrap(), Outcome::Answered);
    assert!(dir.path().join("音频/song.mp3").is_file());
    assert!(!dir.path().join("song.MP3").exists());

    let texts: Vec<String> = events
        .0
        .lock()
        .unwrap()
        .iter()
        .map(|e| e.text().to_owned())
        .collect();
    assert_eq!(
        texts,
        [
            format!("tidyup started. Target directory: {target}"),
            "[tool] get_file_type: 音频".to_owned(),
            format!("[tool] move_file: Moved song.MP3 to {target}/音频/song.mp3"),
            "Moved your song.".to_owned(),
        ]
    );
    let requests = model.requests.lock().unwrap().clone();
    assert_eq!(requests.len(), 2);
    let resent = &requests[1]["messages"][2];
    assert_eq!(resent["reasoning_content"], "keep me");
    assert_eq!(resent["tool_calls"][1]["id"], "b");
    assert_eq!(requests[1]["messages"][4]["tool_call_id"], "b");

    let history = session.history().await.unwrap();
    let roles: Vec<&str> = history
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(
        roles,
        ["system", "user", "assistant", "tool", "tool", "assistant"]
    );
    assert_eq!(session.send("QUIT").await.unwrap(), Outcome::Quit);
}

/// A guest that abuses the imports: out-of-bounds buffers, a wrong
/// `take_result` length, and (in `spin`) an endless loop.
const HOSTILE_GUEST: &str = r#"
(module
  (import "tidyup:host/v1" "fs_call" (func $fs_call (param i32 i32) (result i32)))
  (import "tidyup:host/v1" "take_result" (func $take (param i32 i32) (result i32)))
  (memory (export "memory") 1)
  (func (export "out_of_bounds") (result i32)
    (call $fs_call (i32.const 0xFFFFFFF0) (i32.const 100)))
  (func (export "wrong_length") (result i32)
    (drop (call $fs_call (i32.const 0xFFFFFFF0) (i32.const 100)))
    (call $take (i32.const 0) (i32.const 1)))
  (func (export "spin") (loop $forever (br $forever))))
"#;

#[tokio::test(flavor = "multi_thread")]
async fn hostile_guests_get_errors_not_crashes() {
    let engine = core_engine().unwrap();
    let module = Module::new(&engine, wat::parse_str(HOSTILE_GUEST).unwrap()).unwrap();
    let state = HostState::new(
        Arc::new(CannedModel::default()),
        Box::new(RealFs),
        Box::new(Recorder::default()),
    )
    .with_fuel(5_000_000);
    let mut store = wasmtime::Store::new(&engine, state);
    store.set_fuel(5_000_000).unwrap();
    let instance = instantiate_core(&mut store, &module).await.unwrap();

    let out_of_bounds = instance
        .get_typed_func::<(), i32>(&mut store, "out_of_bounds")
        .unwrap();
    let staged = out_of_bounds.call_async(&mut store, ()).await.unwrap();
    assert!(staged > 0, "an error result is staged for the guest");

    let wrong_length = instance
        .get_typed_func::<(), i32>(&mut store, "wrong_length")
        .unwrap();
    assert_eq!(wrong_length.call_async(&mut store, ()).await.unwrap(), -1);

    let spin = instance
        .get_typed_func::<(), ()>(&mut store, "spin")
        .unwrap();
    let trap = spin.call_async(&mut store, ()).await.unwrap_err();
    assert!(
        format!("{trap:?}").contains("fuel"),
        "runaway guest stops: {trap:?}"
    );
}

/// Calls the pure export `name` with `input` as JSON and reads its result.
async fn call_pure(name: &str, input: &[u8]) -> Value {
    let engine = core_engine().unwrap();
    let module = compile_core(&engine, &tidyup::embedded_core().unwrap()).unwrap();
    let state = HostState::new(
        Arc::new(CannedModel::default()),
        Box::new(RealFs),
        Box::new(Recorder::default()),
    );
    let fuel = state.fuel();
    let mut store = wasmtime::Store::new(&engine, state);
    store.set_fuel(fuel).unwrap();
    let instance = instantiate_core(&mut store, &module).await.unwrap();
    let memory = instance.get_memory(&mut store, "memory").unwrap();
    let alloc = instance
        .get_typed_func::<u32, u32>(&mut store, "tidyup_alloc")
        .unwrap();
    let export = instance
        .get_typed_func::<(u32, u32), u64>(&mut store, name)
        .unwrap();
    let len = u32::try_from(input.len()).unwrap();
    let ptr = alloc.call_async(&mut store, len).await.unwrap();
    memory.write(&mut store, ptr as usize, input).unwrap();
    let packed = export.call_async(&mut store, (ptr, len)).await.unwrap();
    let (at, len) = ((packed >> 32) as usize, (packed & 0xffff_ffff) as usize);
    serde_json::from_slice(&memory.data(&store)[at..at + len]).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_plan_table_crosses_the_boundary() {
    let input = json!({
        "plan": "p1",
        "folder": "/d",
        "entries": [{"name": "a.pdf", "size": 2048}, {"name": "x.part", "size": 1}],
        "steps": [
            {"op": "create_folder", "path": "/d/文档"},
            {"op": "move", "from": "/d/a.pdf", "to": "/d/文档/a.pdf", "size": 2048},
        ],
    });
    let request = json!({"lang": "zh", "input": input});
    let reply = call_pure("tidyup_plan_table", request.to_string().as_bytes()).await;
    let native = tidyup_core::plan_table(&serde_json::from_value(input).unwrap(), Lang::Zh);
    assert_eq!(reply, json!({"ok": native}));
    assert_eq!(
        reply["ok"]["groups"][0]["rows"][0]["why"]["text"],
        "按类型：文档"
    );

    let bad = call_pure("tidyup_plan_table", br#"{"lang": "en"}"#).await;
    assert_eq!(bad["err"]["code"], "bad_input", "{bad}");
}
