//! The embedded core's limits through wasmtime, as the CLI runs it: replies
//! of the largest allowed size, an 8 MB event in 4 KB pieces, a 100,000-file
//! folder listed again and again in one turn, and a core that stops (out of
//! fuel, out of memory) restored to the last completed turn.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use tidyup_core::{FsAnswer, FsRequest, composed};

use serde_json::{Value, json};
use tidyup::{
    ChatTransport, ChunkFuture, ChunkSource, CoreSession, CoreStopped, FUEL_BETWEEN_HOST_CALLS,
    HostState, OpenFuture, Opened, ReplyFuture, load_core_from,
};
use tidyup_core::{
    AgentConfig, CallSettings, DEFAULT_MAX_REPLY_BYTES, Entry, EntryKind, ErrorCode, Event,
    EventSink, FileSystem, HostError, HttpReply, Lang, Outcome, Provider,
};
use wasmtime::Module;

const TARGET: &str = "/big";

/// One scripted answer of the model.
enum Answer {
    /// A whole 200 body.
    Body(String),
    /// A 200 event stream in these pieces.
    Stream(Vec<String>),
}

/// Answers from a script; records each request body.
#[derive(Clone, Default)]
struct Model {
    answers: Arc<Mutex<VecDeque<Answer>>>,
    requests: Arc<Mutex<Vec<Value>>>,
}

impl Model {
    fn new(answers: Vec<Answer>) -> Self {
        Self {
            answers: Arc::new(Mutex::new(answers.into())),
            requests: Arc::default(),
        }
    }

    fn next(&self, body: Value) -> Answer {
        self.requests.lock().unwrap().push(body);
        self.answers
            .lock()
            .unwrap()
            .pop_front()
            .expect("no scripted answer left")
    }

    fn request(&self, index: usize) -> Value {
        self.requests.lock().unwrap()[index].clone()
    }

    fn roles(&self, index: usize) -> Vec<String> {
        self.request(index)["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["role"].as_str().unwrap().to_owned())
            .collect()
    }
}

impl ChatTransport for Model {
    fn post(&self, body: String) -> ReplyFuture {
        let reply = match self.next(serde_json::from_str(&body).unwrap()) {
            Answer::Body(body) => HttpReply::new(200, body),
            Answer::Stream(_) => panic!("a stream was scripted for a whole call"),
        };
        Box::pin(async move { Ok(reply) })
    }

    fn post_stream(&self, body: String) -> OpenFuture {
        let opened = match self.next(serde_json::from_str(&body).unwrap()) {
            Answer::Body(body) => Opened::Whole(HttpReply::new(200, body)),
            Answer::Stream(pieces) => Opened::Streaming(Box::new(Pieces(pieces.into()))),
        };
        Box::pin(async move { Ok(opened) })
    }
}

/// An open stream handing out its pieces.
struct Pieces(VecDeque<String>);

impl ChunkSource for Pieces {
    fn next_chunk(&mut self) -> ChunkFuture<'_> {
        let piece = self.0.pop_front();
        Box::pin(async move { Ok(piece) })
    }
}

/// A target folder of `count` files, nothing else; writes are refused.
struct BigFolder {
    count: usize,
}

impl BigFolder {
    fn entry(name: String, kind: EntryKind) -> Entry {
        Entry {
            name,
            kind,
            size: 1234,
            modified: 1_710_495_000,
            utc_offset: 0,
            online_only: false,
        }
    }
}

impl FileSystem for BigFolder {
    // What it does not answer itself is made of what it does, or refused,
    // whatever requests come to exist.
    #[allow(clippy::wildcard_enum_match_arm)]
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        Ok(match request {
            FsRequest::Stat { path } => FsAnswer::Stat(self.on_stat(path)?),
            FsRequest::List { path } => FsAnswer::List(self.on_list(path)?),
            FsRequest::CreateDirAll { path } => self.on_create_dir_all(path)?.into(),
            FsRequest::Rename { from, to } => self.on_rename(from, to)?.into(),
            FsRequest::RemoveFile { path } => self.on_remove_file(path)?.into(),
            FsRequest::RemoveDirAll { path } => self.on_remove_dir_all(path)?.into(),
            _ => return composed(self, request),
        })
    }
}

/// The requests it answers itself, each as the request says.
impl BigFolder {
    fn on_stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        Ok((path == TARGET).then(|| Self::entry("big".into(), EntryKind::Dir)))
    }
    fn on_list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        if path.trim_end_matches(['/', '.']) != TARGET {
            return Err(HostError::new(ErrorCode::NotFound, path));
        }
        Ok((0..self.count)
            .map(|i| Self::entry(format!("IMG_{i:06}.jpg"), EntryKind::File))
            .collect())
    }
    fn on_create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        Err(HostError::at(ErrorCode::Denied, path))
    }
    fn on_rename(&mut self, from: &str, _to: &str) -> Result<(), HostError> {
        Err(HostError::at(ErrorCode::Denied, from))
    }
    fn on_remove_file(&mut self, path: &str) -> Result<(), HostError> {
        Err(HostError::at(ErrorCode::Denied, path))
    }
    fn on_remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        Err(HostError::at(ErrorCode::Denied, path))
    }
}

/// Collects events.
#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Vec<Event>>>);

impl EventSink for Recorder {
    fn emit(&mut self, event: Event) {
        self.0.lock().unwrap().push(event);
    }
}

impl Recorder {
    fn errors(&self) -> Vec<String> {
        self.0
            .lock()
            .unwrap()
            .iter()
            .filter_map(|event| {
                if let Event::Error { text, .. } = event {
                    Some(text.clone())
                } else {
                    None
                }
            })
            .collect()
    }

    fn tool_count(&self) -> usize {
        let events = self.0.lock().unwrap();
        events
            .iter()
            .filter(|event| matches!(event, Event::Tool { .. }))
            .count()
    }
}

fn core_module() -> Module {
    // The embedded core as the build precompiled it.
    load_core_from(None, None, &()).unwrap().0
}

fn config(stream: bool) -> AgentConfig {
    AgentConfig {
        target_name: None,
        dry_run: false,
        target_dir: TARGET.to_owned(),
        model: "m".to_owned(),
        lang: Lang::En,
        provider: Provider::Remote,
        calls: CallSettings {
            stream,
            max_tries: 1,
            ..CallSettings::default()
        },
        limits: Default::default(),
        read_contents: false,
        rules: None,
    }
}

/// A session over `files` answered by `model`, with `tune` applied to its state.
async fn start(
    model: &Model,
    files: Box<dyn FileSystem + Send>,
    config: AgentConfig,
    tune: impl FnOnce(HostState) -> HostState,
) -> (CoreSession, Recorder) {
    let events = Recorder::default();
    let state = tune(HostState::new(
        Arc::new(model.clone()),
        files,
        Box::new(events.clone()),
    ));
    let session = CoreSession::start(&core_module(), state, &config)
        .await
        .unwrap();
    (session, events)
}

fn completion(message: &Value) -> String {
    json!({"id": "c", "object": "chat.completion", "created": 1, "model": "m",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}]})
    .to_string()
}

fn text(answer: &str) -> Answer {
    Answer::Body(completion(&json!({"role": "assistant", "content": answer})))
}

/// A plain answer of about `size` bytes (at most): `values` tiny JSON
/// values (`[0,0,...]`, some 56 bytes of guest memory each) in an extra
/// field of the message, the other bytes in a long string beside them.
fn padded_answer(answer: &str, size: usize, values: usize) -> Answer {
    let empty =
        completion(&json!({"role": "assistant", "content": answer, "padding": [0], "filler": ""}));
    let zeros = format!("[0{}]", ",0".repeat(values.saturating_sub(1)));
    let filler = "f".repeat(size.saturating_sub(empty.len() + zeros.len() + 2));
    let body = empty.replacen("[0]", &zeros, 1).replacen(
        r#""filler":"""#,
        &format!(r#""filler":"{filler}""#),
        1,
    );
    assert!(
        body.len() <= size && body.len() + 8 > size,
        "{}",
        body.len()
    );
    Answer::Body(body)
}

/// The most JSON values a reply may hold under the default limit.
const MAX_VALUES: usize = (DEFAULT_MAX_REPLY_BYTES / 16) as usize;

#[tokio::test(flavor = "multi_thread")]
async fn a_reply_of_the_largest_size_with_the_most_tiny_values_is_digested() {
    let size = usize::try_from(DEFAULT_MAX_REPLY_BYTES).unwrap();
    let model = Model::new(vec![
        padded_answer("padded", size, MAX_VALUES - 100),
        text("next"),
    ]);
    let mut config = config(false);
    // The next request carries the padding too: no context budget stops it.
    config.limits.context_tokens = u64::MAX;
    let (mut session, events) =
        start(&model, Box::new(BigFolder { count: 0 }), config, |s| s).await;
    assert_eq!(session.send("one").await.unwrap(), Outcome::Answered);
    assert_eq!(session.send("two").await.unwrap(), Outcome::Answered);
    assert!(events.errors().is_empty(), "{:?}", events.errors());
    let resent = &model.request(1)["messages"][2];
    assert_eq!(
        resent["padding"].as_array().unwrap().len(),
        MAX_VALUES - 100
    );
    assert!(resent["filler"].as_str().unwrap().len() > 7_000_000);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reply_of_the_largest_size_made_only_of_tiny_values_is_refused_unparsed() {
    let size = usize::try_from(DEFAULT_MAX_REPLY_BYTES).unwrap();
    let model = Model::new(vec![
        padded_answer("zeros", size, size / 2 - 200),
        text("next"),
    ]);
    let (mut session, events) = start(
        &model,
        Box::new(BigFolder { count: 0 }),
        config(false),
        |s| s,
    )
    .await;
    assert_eq!(session.send("one").await.unwrap(), Outcome::ModelFailed);
    assert_eq!(
        events.errors(),
        [
            "model call failed: reply too large (more than 524288 JSON values; raise [limits] max_reply_mib in the config file)"
        ]
    );
    assert_eq!(session.send("two").await.unwrap(), Outcome::Answered);
    assert_eq!(model.roles(1), ["system", "user", "user"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_8_mb_data_line_in_4_kb_pieces_is_read_in_linear_time() {
    let content = "a".repeat(8_000_000);
    let event =
        json!({"choices": [{"index": 0, "delta": {"role": "assistant", "content": content}}]});
    let stream = format!("data: {event}\n\ndata: [DONE]\n\n");
    let pieces: Vec<String> = stream
        .as_bytes()
        .chunks(4096)
        .map(|piece| String::from_utf8(piece.to_vec()).unwrap())
        .collect();
    assert!(pieces.len() > 1900);
    let model = Model::new(vec![Answer::Stream(pieces), text("ok")]);
    let (mut session, events) = start(
        &model,
        Box::new(BigFolder { count: 0 }),
        config(true),
        |s| s,
    )
    .await;
    let before = session.state().unwrap().fuel_spent();
    assert_eq!(session.send("long").await.unwrap(), Outcome::Answered);
    let spent = session.state().unwrap().fuel_spent() - before;
    assert!(events.errors().is_empty(), "{:?}", events.errors());
    assert_eq!(
        session.history().await.unwrap()[2]["content"]
            .as_str()
            .unwrap()
            .len(),
        8_000_000
    );
    // Scanning the pending line again for each piece would read ~8 GB.
    assert!(
        spent < 2_000_000_000,
        "{spent} fuel for 8 MB: not linear in the bytes received"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn listing_100000_files_again_and_again_in_one_turn_never_runs_out_of_fuel() {
    let list = |id: &str| {
        json!({"id": id, "type": "function",
            "function": {"name": "list_files", "arguments": "{\"path\": \".\"}"}})
    };
    let (rounds, per_round) = (14, 3);
    let mut answers: Vec<Answer> = (0..rounds)
        .map(|round| {
            let calls: Vec<Value> = (0..per_round)
                .map(|i| list(&format!("c{round}_{i}")))
                .collect();
            Answer::Body(completion(
                &json!({"role": "assistant", "content": null, "tool_calls": calls}),
            ))
        })
        .collect();
    answers.push(text("listed"));
    let model = Model::new(answers);
    let files = Box::new(BigFolder { count: 100_000 });
    let (mut session, events) = start(&model, files, config(false), |s| s).await;
    assert_eq!(session.send("list it").await.unwrap(), Outcome::Answered);
    assert_eq!(events.tool_count(), per_round * rounds);
    assert!(events.errors().is_empty(), "{:?}", events.errors());
    let state = session.state().unwrap();
    let (peak, spent) = (state.fuel_peak(), state.fuel_spent());
    assert!(
        peak < FUEL_BETWEEN_HOST_CALLS / 4,
        "{peak} fuel between two host calls: too close to the budget"
    );
    assert!(
        spent > 10 * peak,
        "the turn took {spent}: many slices, each within the budget"
    );
}

/// One line answered, then a line that stops the core, then a line that
/// works: its request carries the history of the first turn.
async fn assert_stops_and_goes_on(
    tune: impl FnOnce(HostState) -> HostState,
    heavy: Answer,
    expected_cause: &str,
) {
    let model = Model::new(vec![text("first answer"), heavy, text("third answer")]);
    let (mut session, events) = start(
        &model,
        Box::new(BigFolder { count: 0 }),
        config(false),
        tune,
    )
    .await;
    assert_eq!(session.send("first").await.unwrap(), Outcome::Answered);
    let stopped = session.send("second").await.unwrap_err();
    let stopped = stopped
        .downcast_ref::<CoreStopped>()
        .expect("a CoreStopped");
    assert!(
        stopped.cause.starts_with(expected_cause),
        "{}",
        stopped.cause
    );
    assert_eq!(
        events.errors(),
        [format!(
            "tidyup: the core stopped ({}); this line was rolled back and the session goes on from the last completed turn (file changes already made stay; `tidyup undo` reverses them)",
            stopped.cause
        )]
    );
    assert_eq!(session.send("third").await.unwrap(), Outcome::Answered);
    assert_eq!(model.roles(2), ["system", "user", "assistant", "user"]);
    let third = model.request(2);
    assert_eq!(third["messages"][1]["content"], "first");
    assert_eq!(third["messages"][2]["content"], "first answer");
    assert_eq!(third["messages"][3]["content"], "third");
    let roles: Vec<Value> = session
        .history()
        .await
        .unwrap()
        .iter()
        .map(|m| m["role"].clone())
        .collect();
    assert_eq!(roles, ["system", "user", "assistant", "user", "assistant"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn out_of_fuel_rolls_back_the_line_and_the_session_goes_on() {
    assert_stops_and_goes_on(
        |state| state.with_fuel(40_000_000),
        padded_answer("heavy", 8 << 20, MAX_VALUES - 100),
        "out of fuel: more than 40000000 instructions between two host calls; TIDYUP_CORE_FUEL raises it",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn out_of_memory_rolls_back_the_line_and_the_session_goes_on() {
    assert_stops_and_goes_on(
        |state| state.with_memory_limit(48 << 20),
        padded_answer("heavy", 8 << 20, MAX_VALUES - 100),
        "out of memory: the core may use 48 MiB",
    )
    .await;
}
