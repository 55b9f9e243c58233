//! One agent inside its own core instance: calls into the exports, and a
//! restart from the last completed turn when the core stops.
//!
//! After each line the core ran to its end, the session keeps the agent's
//! history (`tidyup_agent_history`). When the core traps (out of fuel, out
//! of memory, any fault), the instance is dropped, a fresh one is made with
//! the same host state, the agent is restored from that history
//! (`tidyup_agent_restore`), and the user is told; the session goes on.

use crate::words::ConsoleWords;
use anyhow::{Context, anyhow, bail};
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_json::value::RawValue;
use tidyup_core::{AgentConfig, AskConfig, Event, Lang, Outcome, ToolOutput, ToolRun, WireResult};
use wasmtime::{Memory, Module, Store, Trap, TypedFunc, WasmParams, WasmResults};

use super::{ABI_VERSION, HostState, MAX_BUFFER, instantiate};
use crate::failure::Failure;

/// The core stopped in the middle of a line (a trap), and the session was
/// restored to its last completed turn: the user was told, the next line
/// goes on from there.
#[derive(Debug, thiserror::Error)]
#[error("the core stopped ({cause}); the line was rolled back")]
pub struct CoreStopped {
    /// What happened, in the session's language.
    pub cause: String,
}

/// One running agent inside its own core instance.
pub struct CoreSession {
    module: Module,
    /// `None` only after a restart failed.
    live: Option<Live>,
    /// What a restart restores; `None` without an agent (`tidyup ask`).
    checkpoint: Option<Checkpoint>,
}

/// The agent as of its last completed turn.
struct Checkpoint {
    config: Vec<u8>,
    lang: Lang,
    history: Box<RawValue>,
}

/// One core instance and its exports.
struct Live {
    store: Store<HostState>,
    exports: Exports,
    handle: u32,
}

/// The exports of one core instance.
struct Exports {
    memory: Memory,
    alloc: TypedFunc<u32, u32>,
    dealloc: TypedFunc<(u32, u32), ()>,
    agent_new: TypedFunc<(u32, u32), u64>,
    agent_restore: TypedFunc<(u32, u32, u32, u32), u64>,
    agent_send: TypedFunc<(u32, u32, u32), u64>,
    agent_go_ahead: TypedFunc<u32, u64>,
    agent_history: TypedFunc<u32, u64>,
    ask: TypedFunc<(u32, u32), u64>,
    run_tool: TypedFunc<(u32, u32), u64>,
}

impl CoreSession {
    /// Instantiates the core and checks its ABI version; no agent yet (for
    /// [`CoreSession::ask`], or [`CoreSession::start`] to make one).
    pub async fn load(module: &Module, state: HostState) -> anyhow::Result<Self> {
        Ok(Self {
            module: module.clone(),
            live: Some(Live::new(module, state).await?),
            checkpoint: None,
        })
    }

    /// Loads the core and creates the agent (which emits its start event).
    pub async fn start(
        module: &Module,
        state: HostState,
        config: &AgentConfig,
    ) -> anyhow::Result<Self> {
        let mut session = Self::load(module, state).await?;
        let config_json = serde_json::to_vec(config)?;
        let live = session.live()?;
        let (ptr, len) = live.write_input(&config_json).await?;
        let packed = live.call(live.exports.agent_new.clone(), (ptr, len)).await;
        live.free(ptr, len).await?;
        live.handle = live.read_reply(packed?).await?;
        let history = live.history_json().await?;
        session.checkpoint = Some(Checkpoint {
            config: config_json,
            lang: config.lang,
            history,
        });
        Ok(session)
    }

    /// Runs one user line to its end; events reach the host's sink meanwhile.
    ///
    /// When the core stops during the line, the session is restored to its
    /// last completed turn, an error event says so, and the error is a
    /// [`CoreStopped`]: the next line works. Other errors are fatal.
    pub async fn send(&mut self, line: &str) -> anyhow::Result<Outcome> {
        let failure = match self.run_line(line).await {
            Ok(outcome) => return Ok(outcome),
            Err(failure) => failure,
        };
        Err(self.restart(&failure).await?.into())
    }

    /// Runs the user's go-ahead for the plan waiting, given as a command
    /// (the window's button) rather than typed: a plan the offline planner
    /// made is carried out without its words being read. As
    /// [`CoreSession::send`] otherwise.
    pub async fn go_ahead(&mut self) -> anyhow::Result<Outcome> {
        let failure = match self.run_turn(None).await {
            Ok(outcome) => return Ok(outcome),
            Err(failure) => failure,
        };
        Err(self.restart(&failure).await?.into())
    }

    /// The line, then the history it leaves kept for a restart.
    async fn run_line(&mut self, line: &str) -> anyhow::Result<Outcome> {
        self.run_turn(Some(line)).await
    }

    /// A turn of `line` (`None`: the go-ahead given as a command), then
    /// the history it leaves kept for a restart.
    async fn run_turn(&mut self, line: Option<&str>) -> anyhow::Result<Outcome> {
        let live = self.live()?;
        let packed = match line {
            Some(line) => {
                let (ptr, len) = live.write_input(line.as_bytes()).await?;
                let packed = live
                    .call(live.exports.agent_send.clone(), (live.handle, ptr, len))
                    .await;
                live.free(ptr, len).await?;
                packed
            }
            None => {
                live.call(live.exports.agent_go_ahead.clone(), live.handle)
                    .await
            }
        };
        let outcome: Outcome = live.read_reply(packed?).await?;
        if matches!(outcome, Outcome::Ignored | Outcome::Quit) {
            return Ok(outcome);
        }
        let history = live.history_json().await?;
        if let Some(checkpoint) = &mut self.checkpoint {
            checkpoint.history = history;
        }
        Ok(outcome)
    }

    /// A fresh instance holding the agent of the last completed turn, after
    /// `failure` stopped the core; the user is told.
    async fn restart(&mut self, failure: &anyhow::Error) -> anyhow::Result<CoreStopped> {
        let Some(checkpoint) = &self.checkpoint else {
            bail!("{failure:#}");
        };
        let state = self
            .live
            .take()
            .map(|live| live.store.into_data())
            .ok_or_else(|| anyhow::Error::new(Failure::CoreNotRunning))?;
        let cause = cause_of(failure, &state, checkpoint.lang);
        let mut live = Live::new(&self.module, state.restarted())
            .await
            .with_context(|| Failure::CoreNotRestarted(cause.clone()))?;
        live.restore(checkpoint)
            .await
            .with_context(|| Failure::CoreNotRestored(cause.clone()))?;
        live.store.data_mut().events.emit(Event::Error {
            text: checkpoint.lang.core_stopped(&cause),
            failure: None,
        });
        self.live = Some(live);
        Ok(CoreStopped { cause })
    }

    /// Asks one question without tools (`tidyup ask`); events reach the sink.
    pub async fn ask(&mut self, config: &AskConfig) -> anyhow::Result<Outcome> {
        let config_json = serde_json::to_vec(config)?;
        let live = self.live()?;
        let (ptr, len) = live.write_input(&config_json).await?;
        let packed = live.call(live.exports.ask.clone(), (ptr, len)).await;
        let packed = packed.map_err(|err| {
            let cause = cause_of(&err, live.store.data(), config.lang);
            anyhow::Error::new(Failure::CoreHalted(cause))
        })?;
        live.free(ptr, len).await?;
        live.read_reply(packed).await
    }

    /// The conversation as the core would send it next.
    pub async fn history(&mut self) -> anyhow::Result<Vec<Value>> {
        let history = self.live()?.history_json().await?;
        Ok(serde_json::from_str(history.get())?)
    }

    /// The host state (e.g. a test file system, the fuel spent); `None`
    /// only after a restart failed.
    pub fn state(&self) -> Option<&HostState> {
        self.live.as_ref().map(|live| live.store.data())
    }

    fn live(&mut self) -> anyhow::Result<&mut Live> {
        self.live
            .as_mut()
            .ok_or_else(|| anyhow::Error::new(Failure::CoreNotRunning))
    }
}

/// The core stopped during a tool call (a trap); a fresh instance took its
/// place and serves the next call.
#[derive(Debug, thiserror::Error)]
#[error("the core stopped ({cause}); the call did not finish")]
pub struct ToolCallStopped {
    /// What happened, in the call's language.
    pub cause: String,
}

impl CoreSession {
    /// Runs one tool call (`tidyup_run_tool`) with every tool declared;
    /// progress events reach the host's sink meanwhile.
    ///
    /// When the core stops during the call, the error is a
    /// [`ToolCallStopped`] and a fresh instance (with an agent restored, if
    /// the session has one) serves what comes next.
    pub async fn run_tool(&mut self, call: &ToolRun) -> anyhow::Result<ToolOutput> {
        let request = serde_json::to_vec(call)?;
        let live = self.live()?;
        let (ptr, len) = live.write_input(&request).await?;
        let packed = live.call(live.exports.run_tool.clone(), (ptr, len)).await;
        match packed {
            Ok(packed) => {
                live.free(ptr, len).await?;
                live.read_reply(packed).await
            }
            Err(failure) => {
                let cause = if self.checkpoint.is_some() {
                    self.restart(&failure).await?.cause
                } else {
                    self.fresh_instance(&failure, call.lang).await?
                };
                Err(ToolCallStopped { cause }.into())
            }
        }
    }

    /// Replaces a stopped instance of a session without an agent by a fresh
    /// one with the same host state; returns what stopped it.
    async fn fresh_instance(
        &mut self,
        failure: &anyhow::Error,
        lang: Lang,
    ) -> anyhow::Result<String> {
        let state = self
            .live
            .take()
            .map(|live| live.store.into_data())
            .ok_or_else(|| anyhow::Error::new(Failure::CoreNotRunning))?;
        let cause = cause_of(failure, &state, lang);
        let live = Live::new(&self.module, state.restarted())
            .await
            .with_context(|| Failure::CoreNotRestarted(cause.clone()))?;
        self.live = Some(live);
        Ok(cause)
    }
}

/// What stopped the core, for people: out of fuel, out of memory (the guest
/// was refused memory before it trapped), or the runtime's words.
fn cause_of(failure: &anyhow::Error, state: &HostState, lang: Lang) -> String {
    if failure.downcast_ref::<Trap>() == Some(&Trap::OutOfFuel) {
        lang.core_out_of_fuel(state.fuel())
    } else if state.memory_refused() {
        lang.core_out_of_memory(u64::try_from(state.memory_limit()).unwrap_or(u64::MAX))
    } else {
        lang.core_fault(&format!("{failure:#}"))
    }
}

impl Live {
    /// A fresh instance of the core with `state`, its ABI version checked.
    async fn new(module: &Module, state: HostState) -> anyhow::Result<Self> {
        let mut store = Store::new(module.engine(), state);
        store.set_fuel(store.data().fuel())?;
        let instance = instantiate(&mut store, module).await?;
        let version: TypedFunc<(), i32> =
            instance.get_typed_func(&mut store, "tidyup_abi_version")?;
        let found = version.call_async(&mut store, ()).await?;
        if found != ABI_VERSION {
            return Err(Failure::AbiMismatch {
                found,
                expected: ABI_VERSION,
            }
            .into());
        }
        let exports = Exports {
            memory: instance
                .get_memory(&mut store, "memory")
                .ok_or(Failure::CoreWithoutMemory)?,
            alloc: instance.get_typed_func(&mut store, "tidyup_alloc")?,
            dealloc: instance.get_typed_func(&mut store, "tidyup_dealloc")?,
            agent_new: instance.get_typed_func(&mut store, "tidyup_agent_new")?,
            agent_restore: instance.get_typed_func(&mut store, "tidyup_agent_restore")?,
            agent_send: instance.get_typed_func(&mut store, "tidyup_agent_send")?,
            agent_go_ahead: instance.get_typed_func(&mut store, "tidyup_agent_go_ahead")?,
            agent_history: instance.get_typed_func(&mut store, "tidyup_agent_history")?,
            ask: instance.get_typed_func(&mut store, "tidyup_ask")?,
            run_tool: instance.get_typed_func(&mut store, "tidyup_run_tool")?,
        };
        Ok(Self {
            store,
            exports,
            handle: 0,
        })
    }

    /// Creates the agent of `checkpoint` in this instance.
    async fn restore(&mut self, checkpoint: &Checkpoint) -> anyhow::Result<()> {
        let (cfg_ptr, cfg_len) = self.write_input(&checkpoint.config).await?;
        let history = checkpoint.history.get().as_bytes();
        let (hist_ptr, hist_len) = self.write_input(history).await?;
        let packed = self
            .call(
                self.exports.agent_restore.clone(),
                (cfg_ptr, cfg_len, hist_ptr, hist_len),
            )
            .await;
        self.free(cfg_ptr, cfg_len).await?;
        self.free(hist_ptr, hist_len).await?;
        self.handle = self.read_reply(packed?).await?;
        Ok(())
    }

    /// The agent's history as JSON text, unparsed.
    async fn history_json(&mut self) -> anyhow::Result<Box<RawValue>> {
        let packed = self
            .call(self.exports.agent_history.clone(), self.handle)
            .await;
        self.read_reply(packed?).await
    }

    /// Calls an export with the whole fuel budget, then counts what it spent
    /// since its last host call. A trap is an error (see [`cause_of`]).
    async fn call<P, R>(&mut self, export: TypedFunc<P, R>, params: P) -> anyhow::Result<R>
    where
        P: WasmParams + Sync,
        R: WasmResults + Sync,
    {
        self.refuel()?;
        let result = export.call_async(&mut self.store, params).await;
        self.spent();
        Ok(result?)
    }

    /// Gives the next export call its full fuel budget.
    fn refuel(&mut self) -> anyhow::Result<()> {
        let fuel = self.store.data().fuel();
        Ok(self.store.set_fuel(fuel)?)
    }

    /// Counts the fuel spent since the last host call, at an export's end.
    fn spent(&mut self) {
        let budget = self.store.data().fuel();
        let left = self.store.get_fuel().unwrap_or(budget);
        self.store.data_mut().count_fuel(left);
    }

    /// Copies `bytes` into a fresh guest buffer.
    async fn write_input(&mut self, bytes: &[u8]) -> anyhow::Result<(u32, u32)> {
        if bytes.len() > MAX_BUFFER {
            return Err(Failure::CoreInputTooLarge(bytes.len()).into());
        }
        let len = u32::try_from(bytes.len())?;
        let ptr = self.call(self.exports.alloc.clone(), len).await?;
        if len > 0 && ptr == 0 {
            return Err(Failure::CoreCannotAllocate(len).into());
        }
        self.exports
            .memory
            .write(&mut self.store, ptr as usize, bytes)?;
        Ok((ptr, len))
    }

    async fn free(&mut self, ptr: u32, len: u32) -> anyhow::Result<()> {
        self.call(self.exports.dealloc.clone(), (ptr, len)).await
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
            .ok_or(Failure::CoreReplyOutsideMemory)?
            .to_vec();
        self.free(ptr, len).await?;
        let wire: WireResult<T> =
            serde_json::from_slice(&bytes).context(Failure::CoreReplyUnreadable)?;
        Result::from(wire).map_err(|err| anyhow!("{err} ({})", err.code))
    }
}
