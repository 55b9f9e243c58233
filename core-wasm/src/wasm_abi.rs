//! The wasm boundary of the core: exports, imports, and every `unsafe` line
//! of this crate. The contract is `docs/ABI.md`; keep the two together.
//!
//! Buffers are `(ptr, len)` pairs in linear memory; replies are packed as
//! `(ptr << 32) | len` and owned by the host, which frees them with
//! `tidyup_dealloc`. Everything crossing the boundary is UTF-8 JSON.
#![allow(unsafe_code)]

use std::alloc::{Layout, alloc, dealloc};
use std::cell::RefCell;
use std::collections::BTreeMap;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::agent::{Agent, AgentConfig};
use crate::body::RequestBody;
use crate::plan_table::PlanRequest;
use crate::planner::OfflinePlanner;
use crate::ports::{
    Capabilities, ErrorCode, Event, EventSink, FileSystem, FsAnswer, FsRequest, HostError,
    HttpReply, ModelClient, Provider, WireResult, composed,
};
use crate::protocol::Message;
use crate::question::{self, AskConfig};
use crate::tool_run::ToolRun;
use crate::tools::CallOutput;

/// The ABI version this module implements.
pub const ABI_VERSION: i32 = 4;

#[link(wasm_import_module = "tidyup:host/v1")]
unsafe extern "C" {
    /// POSTs a chat-completion request; stages a result, returns its length.
    #[link_name = "chat_completion"]
    fn import_chat_completion(ptr: *const u8, len: usize) -> i32;
    /// Opens a streamed chat-completion request; stages a result, returns its length.
    #[link_name = "chat_stream_open"]
    fn import_chat_stream_open(ptr: *const u8, len: usize) -> i32;
    /// Reads the next piece of the open stream; stages a result, returns its length.
    #[link_name = "chat_stream_read"]
    fn import_chat_stream_read(ptr: *const u8, len: usize) -> i32;
    /// Waits; returns 0, or 1 when the user cancelled meanwhile.
    #[link_name = "sleep"]
    fn import_sleep(milliseconds: u64) -> i32;
    /// Returns 1 when the user asked to cancel the current turn, else 0.
    #[link_name = "is_cancelled"]
    fn import_is_cancelled() -> i32;
    /// Runs one file primitive; stages a result, returns its length.
    #[link_name = "fs_call"]
    fn import_fs_call(ptr: *const u8, len: usize) -> i32;
    /// Hands one console event to the host.
    #[link_name = "emit"]
    fn import_emit(ptr: *const u8, len: usize);
    /// Copies the staged result into `dst`; returns the bytes copied or -1.
    #[link_name = "take_result"]
    fn import_take_result(dst: *mut u8, len: usize) -> i32;
}

thread_local! {
    static AGENTS: RefCell<BTreeMap<u32, Agent>> = const { RefCell::new(BTreeMap::new()) };
    static NEXT_HANDLE: RefCell<u32> = const { RefCell::new(1) };
}

/// Returns the ABI version, [`ABI_VERSION`].
#[unsafe(no_mangle)]
pub extern "C" fn tidyup_abi_version() -> i32 {
    ABI_VERSION
}

/// Allocates `len` bytes for the host to write into; null when `len` is 0.
#[unsafe(no_mangle)]
pub extern "C" fn tidyup_alloc(len: usize) -> *mut u8 {
    match Layout::from_size_align(len, 1) {
        // SAFETY: the layout has a non-zero size.
        Ok(layout) if len > 0 => unsafe { alloc(layout) },
        Ok(_) | Err(_) => std::ptr::null_mut(),
    }
}

/// Frees a buffer from [`tidyup_alloc`] or a packed reply.
///
/// # Safety
/// `ptr` and `len` must be exactly those of a live buffer of this module.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tidyup_dealloc(ptr: *mut u8, len: usize) {
    if let (false, true, Ok(layout)) = (ptr.is_null(), len > 0, Layout::from_size_align(len, 1)) {
        // SAFETY: the caller passes back a buffer allocated with this layout.
        unsafe { dealloc(ptr, layout) }
    }
}

/// Creates an agent from an `AgentConfig` JSON, emits its start event, and
/// replies `{"ok": HANDLE}`.
///
/// # Safety
/// `(ptr, len)` must be a readable buffer of this module's memory.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tidyup_agent_new(ptr: *const u8, len: usize) -> u64 {
    // SAFETY: forwarded from the caller's contract.
    let config = unsafe { read_json::<AgentConfig>(ptr, len) };
    reply(config.map(|config| {
        let agent = Agent::new(config);
        WasmHost.emit(agent.started());
        register(agent)
    }))
}

/// Keeps `agent` under a new handle.
fn register(agent: Agent) -> u32 {
    let handle = NEXT_HANDLE.with_borrow_mut(|next| {
        let handle = *next;
        *next = next.wrapping_add(1).max(1);
        handle
    });
    AGENTS.with_borrow_mut(|agents| agents.insert(handle, agent));
    handle
}

/// Runs one user line on the agent `handle`; replies `{"ok": OUTCOME}`.
///
/// # Safety
/// `(ptr, len)` must be a readable buffer of this module's memory.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tidyup_agent_send(handle: u32, ptr: *const u8, len: usize) -> u64 {
    // SAFETY: forwarded from the caller's contract.
    let line = unsafe { read_bytes(ptr, len) };
    match std::str::from_utf8(line) {
        Ok(line) => run_turn(handle, Turn::Line(line.to_owned())),
        Err(err) => reply::<()>(Err(HostError::new(ErrorCode::BadInput, err.to_string()))),
    }
}

/// Runs the user's go-ahead for the plan waiting on the agent `handle`,
/// given as a command (a window's button), not as words; replies
/// `{"ok": OUTCOME}`.
#[unsafe(no_mangle)]
pub extern "C" fn tidyup_agent_go_ahead(handle: u32) -> u64 {
    run_turn(handle, Turn::GoAhead)
}

/// What starts a turn.
enum Turn {
    /// A line the user typed.
    Line(String),
    /// The go-ahead given as a command.
    GoAhead,
}

/// Runs `turn` on the agent `handle`, with the host's capabilities (the
/// offline planner for the model when the session has no provider).
fn run_turn(handle: u32, turn: Turn) -> u64 {
    // The agent leaves the registry during the turn, so a host that
    // misbehaves cannot alias it.
    let Some(mut agent) = AGENTS.with_borrow_mut(|agents| agents.remove(&handle)) else {
        return reply::<()>(Err(unknown_handle(handle)));
    };
    let (mut remote, mut files, mut events) = (WasmHost, WasmHost, WasmHost);
    let config = agent.config();
    let mut planner = OfflineWithHost(
        OfflinePlanner::new(config.lang, &config.target_dir)
            .with_rules(agent.rules().cloned())
            .with_dry_run(config.dry_run),
    );
    let model: &mut dyn ModelClient = match config.provider {
        Provider::Remote => &mut remote,
        Provider::Offline | Provider::OfflineNoKey => &mut planner,
    };
    let mut caps = Capabilities {
        model,
        files: &mut files,
        events: &mut events,
    };
    let outcome = match turn {
        Turn::Line(line) => agent.handle_line(&line, &mut caps),
        Turn::GoAhead => agent.handle_go_ahead(&mut caps),
    };
    AGENTS.with_borrow_mut(|agents| agents.insert(handle, agent));
    reply(Ok(outcome))
}

/// The offline planner answering for the model, the host telling whether
/// the user asked to stop: a turn it drives stops as one with a remote
/// model does (between calls, and within a multi-file tool).
struct OfflineWithHost(OfflinePlanner);

impl ModelClient for OfflineWithHost {
    fn chat_completion(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        self.0.chat_completion(body)
    }

    fn cancelled(&mut self) -> bool {
        WasmHost.cancelled()
    }

    fn tools_answered(&mut self, outputs: Vec<CallOutput>) {
        self.0.tools_answered(outputs);
    }

    fn planned_moves(&self) -> Option<usize> {
        self.0.planned_moves()
    }

    fn go_ahead_given(&mut self) {
        self.0.go_ahead_given();
    }

    fn reads_whole_conversation(&self) -> bool {
        self.0.reads_whole_conversation()
    }
}

/// Asks one question (an `AskConfig` JSON, no tools), emitting the answer
/// and usage events; replies `{"ok": OUTCOME}`.
///
/// # Safety
/// `(ptr, len)` must be a readable buffer of this module's memory.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tidyup_ask(ptr: *const u8, len: usize) -> u64 {
    // SAFETY: forwarded from the caller's contract.
    let config = unsafe { read_json::<AskConfig>(ptr, len) };
    reply(config.map(|config| question::ask(&config, &mut WasmHost, &mut WasmHost)))
}

/// Creates an agent from an `AgentConfig` JSON and a history a host kept
/// (the reply of [`tidyup_agent_history`]), without a start event; replies
/// `{"ok": HANDLE}`.
///
/// # Safety
/// `(cfg_ptr, cfg_len)` and `(hist_ptr, hist_len)` must be readable buffers
/// of this module's memory.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tidyup_agent_restore(
    cfg_ptr: *const u8,
    cfg_len: usize,
    hist_ptr: *const u8,
    hist_len: usize,
) -> u64 {
    // SAFETY: forwarded from the caller's contract.
    let config = unsafe { read_json::<AgentConfig>(cfg_ptr, cfg_len) };
    // SAFETY: forwarded from the caller's contract.
    let history = unsafe { read_json::<Vec<Message>>(hist_ptr, hist_len) };
    reply(config.and_then(|config| {
        let agent = Agent::restore(config, history?)
            .map_err(|why| HostError::new(ErrorCode::BadInput, why))?;
        Ok(register(agent))
    }))
}

/// Replies `{"ok": [MESSAGE, ...]}`: the agent's history.
#[unsafe(no_mangle)]
pub extern "C" fn tidyup_agent_history(handle: u32) -> u64 {
    AGENTS.with_borrow(|agents| match agents.get(&handle) {
        Some(agent) => reply(Ok(agent.history())),
        None => reply::<()>(Err(unknown_handle(handle))),
    })
}

/// Drops the agent `handle`.
#[unsafe(no_mangle)]
pub extern "C" fn tidyup_agent_free(handle: u32) {
    AGENTS.with_borrow_mut(|agents| agents.remove(&handle));
}

/// Runs one tool call (a `ToolRun` JSON) with every tool declared, on the
/// host's file primitives, progress going to `emit`; replies
/// `{"ok": {"text": ..., "is_error": bool}}`.
///
/// # Safety
/// `(ptr, len)` must be a readable buffer of this module's memory.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tidyup_run_tool(ptr: *const u8, len: usize) -> u64 {
    // SAFETY: forwarded from the caller's contract.
    let call = unsafe { read_json::<ToolRun>(ptr, len) };
    reply(call.and_then(|call| call.run(&mut WasmHost, &mut WasmHost)))
}

/// Makes the plan table of a dry run (a `PlanRequest` JSON: `lang` and the
/// plan as `input`); pure, it calls no import; replies `{"ok": TABLE}`.
///
/// # Safety
/// `(ptr, len)` must be a readable buffer of this module's memory.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn tidyup_plan_table(ptr: *const u8, len: usize) -> u64 {
    // SAFETY: forwarded from the caller's contract.
    let request = unsafe { read_json::<PlanRequest>(ptr, len) };
    reply(request.and_then(|request| request.table()))
}

fn unknown_handle(handle: u32) -> HostError {
    HostError::new(
        ErrorCode::BadHandle,
        format!("no agent with handle {handle}"),
    )
}

/// Serializes a result and hands its buffer to the host, packed.
fn reply<T: Serialize>(result: Result<T, HostError>) -> u64 {
    let bytes = serde_json::to_vec(&WireResult::from(result)).unwrap_or_else(|_| {
        br#"{"err":{"code":"internal","message":"unserializable reply"}}"#.to_vec()
    });
    let boxed = bytes.into_boxed_slice();
    let len = boxed.len() as u64;
    let ptr = Box::into_raw(boxed) as *mut u8 as usize as u64;
    (ptr << 32) | len
}

/// # Safety
/// `(ptr, len)` must be a readable buffer of this module's memory.
unsafe fn read_bytes<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if ptr.is_null() || len == 0 {
        return &[];
    }
    // SAFETY: guaranteed by the caller.
    unsafe { std::slice::from_raw_parts(ptr, len) }
}

/// # Safety
/// `(ptr, len)` must be a readable buffer of this module's memory.
unsafe fn read_json<T: DeserializeOwned>(ptr: *const u8, len: usize) -> Result<T, HostError> {
    // SAFETY: forwarded from the caller's contract.
    serde_json::from_slice(unsafe { read_bytes(ptr, len) })
        .map_err(|err| HostError::new(ErrorCode::BadInput, err.to_string()))
}

/// The imported host functions, as the core's capabilities.
struct WasmHost;

impl WasmHost {
    /// Calls a staging import with a JSON request and reads back its result.
    fn cross<T: DeserializeOwned>(
        import: unsafe extern "C" fn(*const u8, usize) -> i32,
        request: &impl Serialize,
    ) -> Result<T, HostError> {
        let request = serde_json::to_string(request)
            .map_err(|err| HostError::new(ErrorCode::Internal, err.to_string()))?;
        Self::cross_raw(import, request.as_bytes())
    }

    /// Calls a staging import with a request already serialized.
    fn cross_raw<T: DeserializeOwned>(
        import: unsafe extern "C" fn(*const u8, usize) -> i32,
        request: &[u8],
    ) -> Result<T, HostError> {
        // SAFETY: the import only reads `request` during the call.
        let staged = unsafe { import(request.as_ptr(), request.len()) };
        let len = usize::try_from(staged)
            .map_err(|_| HostError::new(ErrorCode::Host, "the host staged no result"))?;
        let mut buffer = vec![0u8; len];
        // SAFETY: `buffer` is writable for `len` bytes and outlives the call.
        let copied = unsafe { import_take_result(buffer.as_mut_ptr(), len) };
        if usize::try_from(copied).ok() != Some(len) {
            return Err(HostError::new(
                ErrorCode::Host,
                "the host's staged result was lost",
            ));
        }
        serde_json::from_slice::<WireResult<T>>(&buffer)
            .map_err(|err| {
                HostError::new(ErrorCode::Host, format!("unreadable host result: {err}"))
            })?
            .into()
    }

    fn fs<T: DeserializeOwned>(request: &FsRequest<'_>) -> Result<T, HostError> {
        Self::cross(import_fs_call, request)
    }

    /// Per-item results as the host answered them.
    fn fs_items<T: DeserializeOwned>(
        request: &FsRequest<'_>,
    ) -> Result<Vec<Result<T, HostError>>, HostError> {
        let results: Vec<WireResult<T>> = Self::fs(request)?;
        Ok(results.into_iter().map(Result::from).collect())
    }
}

/// The `ChatRequest` of a serialized body: the body's bytes wrapped as they
/// are, never serialized again.
fn chat_request(body: &RequestBody) -> Vec<u8> {
    let text = body.text();
    let mut request = Vec::with_capacity(text.len() + 10);
    request.extend_from_slice(b"{\"body\":");
    request.extend_from_slice(text.as_bytes());
    request.push(b'}');
    request
}

/// A `ChatRequest` serialized from a borrowed body: the history is never copied.
#[derive(Serialize)]
struct BorrowedChatRequest<'a> {
    body: &'a Value,
}

impl ModelClient for WasmHost {
    fn chat_completion(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        Self::cross(import_chat_completion, &BorrowedChatRequest { body })
    }

    fn open_stream(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        Self::cross(import_chat_stream_open, &BorrowedChatRequest { body })
    }

    fn post(&mut self, body: &RequestBody) -> Result<HttpReply, HostError> {
        Self::cross_raw(import_chat_completion, &chat_request(body))
    }

    fn post_stream(&mut self, body: &RequestBody) -> Result<HttpReply, HostError> {
        Self::cross_raw(import_chat_stream_open, &chat_request(body))
    }

    fn read_stream(&mut self) -> Result<Option<String>, HostError> {
        Self::cross(import_chat_stream_read, &Value::Null)
    }

    fn sleep(&mut self, milliseconds: u64) -> Result<(), HostError> {
        // SAFETY: a plain call with no memory shared.
        match unsafe { import_sleep(milliseconds) } {
            0 => Ok(()),
            _ => Err(HostError::new(
                ErrorCode::Cancelled,
                "cancelled by the user",
            )),
        }
    }

    fn cancelled(&mut self) -> bool {
        // SAFETY: a plain call with no memory shared.
        unsafe { import_is_cancelled() != 0 }
    }
}

/// Every request crosses to the host as it is; the answer is read as the
/// request's kind says. A host that does not answer `stat_many` or `count`
/// (one that predates them answers `bad_request`; one that composes what
/// it can, `unsupported`) is asked them by the requests they are made of.
impl FileSystem for WasmHost {
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        let answer = match request {
            FsRequest::Stat { .. } => Self::fs(request).map(FsAnswer::Stat),
            FsRequest::StatMany { .. } => Self::fs_items(request).map(FsAnswer::StatMany),
            FsRequest::List { .. } => Self::fs(request).map(FsAnswer::List),
            FsRequest::Count { .. } => Self::fs(request).map(FsAnswer::Count),
            FsRequest::CreateDirAll { .. }
            | FsRequest::Rename { .. }
            | FsRequest::RemoveFile { .. }
            | FsRequest::RemoveDirAll { .. } => Self::fs::<()>(request).map(|()| FsAnswer::Done),
            FsRequest::MoveBatch { .. } => Self::fs_items(request).map(FsAnswer::Moves),
            FsRequest::ReadBytes { .. } => Self::fs(request).map(FsAnswer::Sample),
            FsRequest::Digests { .. } => Self::fs_items(request).map(FsAnswer::Digests),
        };
        match (answer, request) {
            (Err(err), FsRequest::StatMany { .. } | FsRequest::Count { .. })
                if matches!(err.code, ErrorCode::BadRequest | ErrorCode::Unsupported) =>
            {
                composed(self, request)
            }
            (answer, _) => answer,
        }
    }
}

impl EventSink for WasmHost {
    fn emit(&mut self, event: Event) {
        if let Ok(bytes) = serde_json::to_vec(&event) {
            // SAFETY: the import only reads `bytes` during the call.
            unsafe { import_emit(bytes.as_ptr(), bytes.len()) }
        }
    }
}
