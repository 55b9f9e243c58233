//! The host side of the core ABI (`docs/ABI.md`): loading the core `.wasm`
//! with wasmtime, the imported host functions, and calls into the exports.
//! Every `unsafe` line of the host is in this file.
//!
//! Guest memory is untrusted: every buffer is bounds-checked, lengths are
//! capped at [`MAX_BUFFER`], guest memory at [`MAX_GUEST_MEMORY`], and the
//! core gets [`FUEL_BETWEEN_HOST_CALLS`] units of fuel at each export call
//! and again at the return of each import, so a runaway core traps instead
//! of hanging the host, however long a turn legitimately is. A core that
//! stops is restarted by [`CoreSession`] from the last completed turn.
#![allow(unsafe_code)]

mod session;

pub use session::{CoreSession, CoreStopped, ToolCallStopped};

use std::future::Future;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use serde::Serialize;
use serde::de::DeserializeOwned;
use tidyup_core::{
    ChatRequest, ErrorCode, Event, EventSink, FileSystem, FsRequest, HostError, HttpReply,
    WireResult,
};
use wasmtime::{
    Caller, Config, Engine, Instance, Linker, Memory, Module, ResourceLimiter, Store, StoreLimits,
    StoreLimitsBuilder,
};

use crate::cancel::Cancel;
use crate::console::Spinner;
use crate::http::ChatTransport;
use crate::stream::{ChunkSource, Opened};

/// The import module every import of the core comes from.
pub const IMPORT_MODULE: &str = "tidyup:host/v1";
/// The ABI version this host speaks.
pub const ABI_VERSION: i32 = 3;
/// The largest buffer accepted from or handed to the guest.
pub const MAX_BUFFER: usize = 64 << 20;
/// The most linear memory the guest may grow to.
pub const MAX_GUEST_MEMORY: usize = 512 << 20;
/// Wasm fuel (roughly one unit per instruction) the core may spend between
/// two calls to the host: an export call's start or an import's return,
/// and the next import or the export's end. Listing a 100,000-file folder,
/// or reading the largest reply allowed, takes a small part of it.
pub const FUEL_BETWEEN_HOST_CALLS: u64 = 20_000_000_000;

/// A wasmtime engine configured for the core: fuel metering on.
pub fn engine() -> anyhow::Result<Engine> {
    let mut config = Config::new();
    config.consume_fuel(true);
    Ok(Engine::new(&config)?)
}

/// Compiles a core module from `.wasm` bytes.
pub fn compile(engine: &Engine, wasm: &[u8]) -> anyhow::Result<Module> {
    Module::new(engine, wasm)
        .map_err(anyhow::Error::from)
        .context("the core .wasm does not compile")
}

/// Loads a module that [`Module::serialize`] wrote with a compatible engine.
///
/// # Safety contract
/// wasmtime trusts serialized code as native code. tidyup only reads files it
/// wrote itself into the user's own cache directory, named by the hash of the
/// `.wasm` and of the engine's configuration, so the file is trusted as much
/// as the tidyup binary is.
pub fn load_precompiled(engine: &Engine, path: &Path) -> anyhow::Result<Module> {
    // SAFETY: see the contract above; wasmtime still checks the engine
    // compatibility header and fails cleanly on a mismatch.
    Ok(unsafe { Module::deserialize_file(engine, path) }?)
}

/// What the imported host functions act on: the capabilities the host chose
/// (swap `files` for a sandboxed, dry-run or journaling file system), plus
/// the result staged for `take_result`.
pub struct HostState {
    /// The model service.
    pub model: Arc<dyn ChatTransport>,
    /// The file system the tools act on.
    pub files: Box<dyn FileSystem + Send>,
    /// Where console events go.
    pub events: Box<dyn EventSink + Send>,
    /// The user's request to stop the current turn.
    pub cancel: Cancel,
    /// Shown while waiting for the model.
    pub spinner: Spinner,
    stream: Option<Box<dyn ChunkSource>>,
    staged: Option<Vec<u8>>,
    limits: GuestLimits,
    fuel: u64,
    fuel_spent: u64,
    fuel_peak: u64,
}

/// The guest's memory limit, remembering whether it refused to grow (then
/// a trap that follows is the core running out of memory).
struct GuestLimits {
    store: StoreLimits,
    max_memory: usize,
    refused: bool,
}

impl GuestLimits {
    fn new(max_memory: usize) -> Self {
        Self {
            store: StoreLimitsBuilder::new()
                .memory_size(max_memory)
                .instances(1)
                .build(),
            max_memory,
            refused: false,
        }
    }
}

impl ResourceLimiter for GuestLimits {
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        let allowed = self.store.memory_growing(current, desired, maximum)?;
        self.refused |= !allowed;
        Ok(allowed)
    }

    fn table_growing(
        &mut self,
        current: usize,
        desired: usize,
        maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        self.store.table_growing(current, desired, maximum)
    }

    fn instances(&self) -> usize {
        self.store.instances()
    }

    fn tables(&self) -> usize {
        self.store.tables()
    }

    fn memories(&self) -> usize {
        self.store.memories()
    }
}

impl HostState {
    /// State with the given capabilities and the standard limits.
    pub fn new(
        model: Arc<dyn ChatTransport>,
        files: Box<dyn FileSystem + Send>,
        events: Box<dyn EventSink + Send>,
    ) -> Self {
        Self {
            model,
            files,
            events,
            cancel: Cancel::default(),
            spinner: Spinner::disabled(),
            stream: None,
            staged: None,
            limits: GuestLimits::new(MAX_GUEST_MEMORY),
            fuel: FUEL_BETWEEN_HOST_CALLS,
            fuel_spent: 0,
            fuel_peak: 0,
        }
    }

    /// The same state sharing `cancel` with the session.
    pub fn with_cancel(mut self, cancel: Cancel) -> Self {
        self.cancel = cancel;
        self
    }

    /// The same state showing `spinner` while the model is awaited.
    pub fn with_spinner(mut self, spinner: Spinner) -> Self {
        self.spinner = spinner;
        self
    }

    /// The same state with another fuel budget between two host calls.
    pub fn with_fuel(mut self, fuel: u64) -> Self {
        self.fuel = fuel;
        self
    }

    /// The same state with another cap on the guest's memory.
    pub fn with_memory_limit(mut self, bytes: usize) -> Self {
        self.limits = GuestLimits::new(bytes);
        self
    }

    /// The fuel budget between two host calls.
    pub fn fuel(&self) -> u64 {
        self.fuel
    }

    /// All the fuel the core spent so far, in every instance it ran in.
    pub fn fuel_spent(&self) -> u64 {
        self.fuel_spent
    }

    /// The most fuel the core spent between two host calls so far.
    pub fn fuel_peak(&self) -> u64 {
        self.fuel_peak
    }

    /// Counts fuel spent between two host calls, `left` of the budget.
    fn count_fuel(&mut self, left: u64) {
        let spent = self.fuel.saturating_sub(left);
        self.fuel_spent = self.fuel_spent.saturating_add(spent);
        self.fuel_peak = self.fuel_peak.max(spent);
    }

    /// The most memory the guest may have, in bytes.
    pub fn memory_limit(&self) -> usize {
        self.limits.max_memory
    }

    /// Whether the guest asked for more memory than its limit since its
    /// instance started.
    pub fn memory_refused(&self) -> bool {
        self.limits.refused
    }

    /// The state for a fresh instance after the core stopped: nothing
    /// staged, no stream open, the memory flag cleared.
    fn restarted(mut self) -> Self {
        self.stream = None;
        self.staged = None;
        self.limits.refused = false;
        self
    }

    /// Stages a result for `take_result`; returns its length for the guest.
    fn stage<T: Serialize>(&mut self, result: Result<T, HostError>) -> i32 {
        let bytes = serde_json::to_vec(&WireResult::from(result)).unwrap_or_else(|err| {
            format!(r#"{{"err":{{"code":"internal","message":"{err}"}}}}"#).into_bytes()
        });
        let len = i32::try_from(bytes.len()).unwrap_or(-1);
        self.staged = (len >= 0).then_some(bytes);
        len
    }
}

/// Links every import of [`IMPORT_MODULE`].
fn linker(engine: &Engine) -> anyhow::Result<Linker<HostState>> {
    let mut linker = Linker::new(engine);
    linker.func_wrap_async(
        IMPORT_MODULE,
        "chat_completion",
        |mut caller: Caller<'_, HostState>, (ptr, len): (u32, u32)| {
            Box::new(async move {
                let result = match read_json::<ChatRequest>(&mut caller, ptr, len) {
                    Ok(request) => {
                        let state = caller.data();
                        awaiting_model(state, state.model.clone().post(request.body)).await
                    }
                    Err(err) => Err(err),
                };
                stage_and_refuel(&mut caller, result)
            })
        },
    )?;
    linker.func_wrap_async(
        IMPORT_MODULE,
        "chat_stream_open",
        |mut caller: Caller<'_, HostState>, (ptr, len): (u32, u32)| {
            Box::new(async move {
                let opened = match read_json::<ChatRequest>(&mut caller, ptr, len) {
                    Ok(request) => {
                        let state = caller.data();
                        awaiting_model(state, state.model.clone().post_stream(request.body)).await
                    }
                    Err(err) => Err(err),
                };
                let state = caller.data_mut();
                let result = opened.map(|opened| match opened {
                    Opened::Whole(reply) => reply,
                    Opened::Streaming(source) => {
                        state.stream = Some(source);
                        HttpReply {
                            streaming: true,
                            ..HttpReply::new(200, "")
                        }
                    }
                });
                stage_and_refuel(&mut caller, result)
            })
        },
    )?;
    linker.func_wrap_async(
        IMPORT_MODULE,
        "chat_stream_read",
        |mut caller: Caller<'_, HostState>, (_ptr, _len): (u32, u32)| {
            Box::new(async move {
                let cancel = caller.data().cancel.clone();
                let result = match caller.data_mut().stream.take() {
                    None => Ok(None),
                    Some(mut source) => match cancel.run(source.next_chunk()).await {
                        None => Err(cancelled()),
                        Some(Ok(Some(piece))) => {
                            caller.data_mut().stream = Some(source);
                            Ok(Some(piece))
                        }
                        Some(other) => other,
                    },
                };
                stage_and_refuel(&mut caller, result)
            })
        },
    )?;
    linker.func_wrap_async(
        IMPORT_MODULE,
        "sleep",
        |mut caller: Caller<'_, HostState>, (milliseconds,): (u64,)| {
            Box::new(async move {
                let wait = tokio::time::sleep(Duration::from_millis(milliseconds));
                let woken = match caller.data().cancel.clone().run(wait).await {
                    Some(()) => 0,
                    None => 1,
                };
                refuel(&mut caller);
                woken
            })
        },
    )?;
    linker.func_wrap(
        IMPORT_MODULE,
        "is_cancelled",
        |mut caller: Caller<'_, HostState>| -> i32 {
            refuel(&mut caller);
            i32::from(caller.data().cancel.is_requested())
        },
    )?;
    linker.func_wrap(
        IMPORT_MODULE,
        "fs_call",
        |mut caller: Caller<'_, HostState>, ptr: u32, len: u32| -> i32 {
            let result = read_json::<FsRequest>(&mut caller, ptr, len)
                .and_then(|request| request.apply(caller.data_mut().files.as_mut()));
            stage_and_refuel(&mut caller, result)
        },
    )?;
    linker.func_wrap(
        IMPORT_MODULE,
        "emit",
        |mut caller: Caller<'_, HostState>, ptr: u32, len: u32| {
            if let Ok(event) = read_json::<Event>(&mut caller, ptr, len) {
                caller.data_mut().events.emit(event);
            }
            refuel(&mut caller);
        },
    )?;
    linker.func_wrap(
        IMPORT_MODULE,
        "take_result",
        |mut caller: Caller<'_, HostState>, dst: u32, len: u32| -> i32 {
            refuel(&mut caller);
            let Some(staged) = caller.data_mut().staged.take() else {
                return -1;
            };
            if usize::try_from(len).ok() != Some(staged.len()) {
                return -1;
            }
            let Some(memory) = guest_memory(&mut caller) else {
                return -1;
            };
            match memory.write(&mut caller, dst as usize, &staged) {
                Ok(()) => i32::try_from(staged.len()).unwrap_or(-1),
                Err(_) => -1,
            }
        },
    )?;
    Ok(linker)
}

/// Stages an import's result, then refuels the core for the work until its
/// next host call; returns the staged length.
fn stage_and_refuel<T: Serialize>(
    caller: &mut Caller<'_, HostState>,
    result: Result<T, HostError>,
) -> i32 {
    let len = caller.data_mut().stage(result);
    refuel(caller);
    len
}

/// Counts the fuel the core spent since its last host call and gives it the
/// whole budget again: fuel bounds the work between two host calls.
fn refuel(caller: &mut Caller<'_, HostState>) {
    let budget = caller.data().fuel;
    let left = caller.get_fuel().unwrap_or(budget);
    caller.data_mut().count_fuel(left);
    // Fuel is always on in this engine, so setting it cannot fail.
    let _ = caller.set_fuel(budget);
}

/// A model request under the spinner, raced against the user's cancel
/// (then it fails with code `cancelled`).
fn awaiting_model<T>(
    state: &HostState,
    request: impl Future<Output = Result<T, HostError>> + Send,
) -> impl Future<Output = Result<T, HostError>> + Send {
    let waiting = state.spinner.start();
    let cancel = state.cancel.clone();
    async move {
        let _waiting = waiting;
        cancel
            .run(request)
            .await
            .unwrap_or_else(|| Err(cancelled()))
    }
}

fn cancelled() -> HostError {
    HostError::new(ErrorCode::Cancelled, "cancelled by the user")
}

fn guest_memory(caller: &mut Caller<'_, HostState>) -> Option<Memory> {
    caller.get_export("memory")?.into_memory()
}

/// Reads a guest buffer as JSON; every failure is an error value.
fn read_json<T: DeserializeOwned>(
    caller: &mut Caller<'_, HostState>,
    ptr: u32,
    len: u32,
) -> Result<T, HostError> {
    let bad = |message: String| HostError::new(ErrorCode::BadRequest, message);
    let len = len as usize;
    if len > MAX_BUFFER {
        return Err(bad(format!("request of {len} bytes is too large")));
    }
    let memory = guest_memory(caller).ok_or_else(|| bad("the core exports no memory".into()))?;
    let start = ptr as usize;
    let bytes = memory
        .data(&*caller)
        .get(start..start.saturating_add(len))
        .ok_or_else(|| bad("request buffer is outside guest memory".into()))?;
    serde_json::from_slice(bytes).map_err(|err| bad(format!("unreadable request: {err}")))
}

/// Instantiates `module` in `store` with the host's imports.
pub async fn instantiate(
    store: &mut Store<HostState>,
    module: &Module,
) -> anyhow::Result<Instance> {
    store.limiter(|state| &mut state.limits);
    Ok(linker(module.engine())?
        .instantiate_async(store, module)
        .await?)
}
