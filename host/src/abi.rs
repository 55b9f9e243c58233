//! The host side of the core ABI (`docs/ABI.md`): loading the core `.wasm`
//! with wasmtime, the imported host functions, and calls into the exports.
//! Every `unsafe` line of the host is in this file.
//!
//! Guest memory is untrusted: every buffer is bounds-checked, lengths are
//! capped at [`MAX_BUFFER`], guest memory at [`MAX_GUEST_MEMORY`], and each
//! export call gets [`FUEL_PER_CALL`] units of fuel so a runaway core traps
//! instead of hanging the host.
#![allow(unsafe_code)]

use std::future::Future;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use tidyup_core::ask::AskConfig;
use tidyup_core::{
    AgentConfig, ChatRequest, Event, EventSink, FileSystem, FsRequest, HostError, HttpReply,
    Outcome, Wire,
};
use wasmtime::{
    Caller, Config, Engine, Instance, Linker, Memory, Module, Store, StoreLimits,
    StoreLimitsBuilder, TypedFunc,
};

use crate::cancel::Cancel;
use crate::console::Spinner;
use crate::http::ChatTransport;
use crate::stream::{ChunkSource, Opened};

/// The import module every import of the core comes from.
pub const IMPORT_MODULE: &str = "tidyup:host/v1";
/// The ABI version this host speaks.
pub const ABI_VERSION: i32 = 2;
/// The largest buffer accepted from or handed to the guest.
pub const MAX_BUFFER: usize = 64 << 20;
/// The most linear memory the guest may grow to.
pub const MAX_GUEST_MEMORY: usize = 512 << 20;
/// Wasm fuel for one export call (roughly one unit per instruction).
pub const FUEL_PER_CALL: u64 = 20_000_000_000;

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
    limits: StoreLimits,
    fuel_per_call: u64,
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
            limits: StoreLimitsBuilder::new()
                .memory_size(MAX_GUEST_MEMORY)
                .instances(1)
                .build(),
            fuel_per_call: FUEL_PER_CALL,
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

    /// The same state with another fuel budget per export call.
    pub fn with_fuel_per_call(mut self, fuel: u64) -> Self {
        self.fuel_per_call = fuel;
        self
    }

    /// Stages a result for `take_result`; returns its length for the guest.
    fn stage<T: Serialize>(&mut self, result: Result<T, HostError>) -> i32 {
        let bytes = serde_json::to_vec(&Wire::from(result)).unwrap_or_else(|err| {
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
                caller.data_mut().stage(result)
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
                state.stage(result)
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
                caller.data_mut().stage(result)
            })
        },
    )?;
    linker.func_wrap_async(
        IMPORT_MODULE,
        "sleep",
        |caller: Caller<'_, HostState>, (milliseconds,): (u64,)| {
            Box::new(async move {
                let wait = tokio::time::sleep(Duration::from_millis(milliseconds));
                match caller.data().cancel.clone().run(wait).await {
                    Some(()) => 0,
                    None => 1,
                }
            })
        },
    )?;
    linker.func_wrap(
        IMPORT_MODULE,
        "is_cancelled",
        |caller: Caller<'_, HostState>| -> i32 { i32::from(caller.data().cancel.is_requested()) },
    )?;
    linker.func_wrap(
        IMPORT_MODULE,
        "fs_call",
        |mut caller: Caller<'_, HostState>, ptr: u32, len: u32| -> i32 {
            let result = read_json::<FsRequest>(&mut caller, ptr, len)
                .and_then(|request| request.apply(caller.data_mut().files.as_mut()));
            caller.data_mut().stage(result)
        },
    )?;
    linker.func_wrap(
        IMPORT_MODULE,
        "emit",
        |mut caller: Caller<'_, HostState>, ptr: u32, len: u32| {
            if let Ok(event) = read_json::<Event>(&mut caller, ptr, len) {
                caller.data_mut().events.emit(event);
            }
        },
    )?;
    linker.func_wrap(
        IMPORT_MODULE,
        "take_result",
        |mut caller: Caller<'_, HostState>, dst: u32, len: u32| -> i32 {
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
    HostError::new("cancelled", "cancelled by the user")
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
    let bad = |message: String| HostError::new("bad_request", message);
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

/// The exports of one core instance.
struct Exports {
    memory: Memory,
    alloc: TypedFunc<u32, u32>,
    dealloc: TypedFunc<(u32, u32), ()>,
    agent_new: TypedFunc<(u32, u32), u64>,
    agent_send: TypedFunc<(u32, u32, u32), u64>,
    agent_history: TypedFunc<u32, u64>,
    ask: TypedFunc<(u32, u32), u64>,
}

/// One running agent inside its own core instance.
pub struct CoreSession {
    store: Store<HostState>,
    exports: Exports,
    handle: u32,
}

impl CoreSession {
    /// Instantiates the core and checks its ABI version; no agent yet (for
    /// [`CoreSession::ask`], or [`CoreSession::start`] to make one).
    pub async fn load(module: &Module, state: HostState) -> anyhow::Result<Self> {
        let mut store = Store::new(module.engine(), state);
        store.set_fuel(store.data().fuel_per_call)?;
        let instance = instantiate(&mut store, module).await?;
        let version: TypedFunc<(), i32> =
            instance.get_typed_func(&mut store, "tidyup_abi_version")?;
        let found = version.call_async(&mut store, ()).await?;
        if found != ABI_VERSION {
            bail!("the core speaks ABI version {found}, this host speaks {ABI_VERSION}");
        }
        let exports = Exports {
            memory: instance
                .get_memory(&mut store, "memory")
                .ok_or_else(|| anyhow!("the core exports no memory"))?,
            alloc: instance.get_typed_func(&mut store, "tidyup_alloc")?,
            dealloc: instance.get_typed_func(&mut store, "tidyup_dealloc")?,
            agent_new: instance.get_typed_func(&mut store, "tidyup_agent_new")?,
            agent_send: instance.get_typed_func(&mut store, "tidyup_agent_send")?,
            agent_history: instance.get_typed_func(&mut store, "tidyup_agent_history")?,
            ask: instance.get_typed_func(&mut store, "tidyup_ask")?,
        };
        Ok(Self {
            store,
            exports,
            handle: 0,
        })
    }

    /// Loads the core and creates the agent (which emits its start event).
    pub async fn start(
        module: &Module,
        state: HostState,
        config: &AgentConfig,
    ) -> anyhow::Result<Self> {
        let mut session = Self::load(module, state).await?;
        let config = serde_json::to_vec(config)?;
        let (ptr, len) = session.write_input(&config).await?;
        session.refuel()?;
        let packed = session
            .exports
            .agent_new
            .call_async(&mut session.store, (ptr, len))
            .await;
        session.free(ptr, len).await?;
        session.handle = session.read_reply(packed?).await?;
        Ok(session)
    }

    /// Runs one user line to its end; events reach the host's sink meanwhile.
    pub async fn send(&mut self, line: &str) -> anyhow::Result<Outcome> {
        let (ptr, len) = self.write_input(line.as_bytes()).await?;
        self.refuel()?;
        let packed = self
            .exports
            .agent_send
            .call_async(&mut self.store, (self.handle, ptr, len))
            .await;
        self.free(ptr, len).await?;
        self.read_reply(packed?).await
    }

    /// Asks one question without tools (`tidyup ask`); events reach the sink.
    pub async fn ask(&mut self, config: &AskConfig) -> anyhow::Result<Outcome> {
        let config = serde_json::to_vec(config)?;
        let (ptr, len) = self.write_input(&config).await?;
        self.refuel()?;
        let packed = self
            .exports
            .ask
            .call_async(&mut self.store, (ptr, len))
            .await;
        self.free(ptr, len).await?;
        self.read_reply(packed?).await
    }

    /// The conversation as the core would send it next.
    pub async fn history(&mut self) -> anyhow::Result<Vec<Value>> {
        self.refuel()?;
        let packed = self
            .exports
            .agent_history
            .call_async(&mut self.store, self.handle)
            .await?;
        self.read_reply(packed).await
    }

    /// The host state, e.g. to inspect a test file system.
    pub fn state(&self) -> &HostState {
        self.store.data()
    }

    /// Gives the next export call its full fuel budget.
    fn refuel(&mut self) -> anyhow::Result<()> {
        let fuel = self.store.data().fuel_per_call;
        Ok(self.store.set_fuel(fuel)?)
    }

    /// Copies `bytes` into a fresh guest buffer.
    async fn write_input(&mut self, bytes: &[u8]) -> anyhow::Result<(u32, u32)> {
        if bytes.len() > MAX_BUFFER {
            bail!("input of {} bytes is too large", bytes.len());
        }
        let len = u32::try_from(bytes.len())?;
        let ptr = self.exports.alloc.call_async(&mut self.store, len).await?;
        if len > 0 && ptr == 0 {
            bail!("the core could not allocate {len} bytes");
        }
        self.exports
            .memory
            .write(&mut self.store, ptr as usize, bytes)?;
        Ok((ptr, len))
    }

    async fn free(&mut self, ptr: u32, len: u32) -> anyhow::Result<()> {
        Ok(self
            .exports
            .dealloc
            .call_async(&mut self.store, (ptr, len))
            .await?)
    }

    /// Reads and frees a packed reply, then unwraps its `ok`/`err` result.
    async fn read_reply<T: DeserializeOwned>(&mut self, packed: u64) -> anyhow::Result<T> {
        let ptr = (packed >> 32) as u32;
        let len = (packed & 0xffff_ffff) as u32;
        let start = ptr as usize;
        let bytes = self
            .exports
            .memory
            .data(&self.store)
            .get(start..start.saturating_add(len as usize))
            .ok_or_else(|| anyhow!("the core replied outside its memory"))?
            .to_vec();
        self.free(ptr, len).await?;
        let wire: Wire<T> =
            serde_json::from_slice(&bytes).context("unreadable reply from the core")?;
        Result::from(wire).map_err(|err| anyhow!("{} ({})", err.message, err.code))
    }
}
