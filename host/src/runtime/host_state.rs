//! What the imported host functions act on: the capabilities a host hands
//! the core, and the limits and counters of the guest.

use std::sync::Arc;

use serde::Serialize;
use tidyup_core::{ErrorCode, EventSink, FileSystem, HostError, WireResult};
use wasmtime::{ResourceLimiter, StoreLimits, StoreLimitsBuilder};

use super::{FUEL_BETWEEN_HOST_CALLS, MAX_GUEST_MEMORY};
use crate::transport::{Cancel, ChatTransport, ChunkSource};

/// Told when the core starts waiting for the model; the wait ends when the
/// returned guard is dropped. A console shows a spinner meanwhile.
pub trait ModelWait: Send + Sync {
    /// The wait started; drop the result when it ends.
    fn started(&self) -> Box<dyn Send>;
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
    /// Told while the model is awaited (a console shows a spinner).
    pub model_wait: Option<Arc<dyn ModelWait>>,
    /// The open stream of `chat_stream_read`.
    pub(super) stream: Option<Box<dyn ChunkSource>>,
    pub(super) staged: Option<Vec<u8>>,
    pub(super) limits: GuestLimits,
    fuel: u64,
    fuel_spent: u64,
    fuel_peak: u64,
}

/// The guest's memory limit, remembering whether it refused to grow (then
/// a trap that follows is the core running out of memory).
pub(super) struct GuestLimits {
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
            model_wait: None,
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

    /// The same state telling `model_wait` while the model is awaited.
    pub fn with_model_wait(mut self, model_wait: Arc<dyn ModelWait>) -> Self {
        self.model_wait = Some(model_wait);
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
    pub(super) fn count_fuel(&mut self, left: u64) {
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
    pub(super) fn restarted(mut self) -> Self {
        self.stream = None;
        self.staged = None;
        self.limits.refused = false;
        self
    }

    /// Stages a result for `take_result`; returns its length for the guest.
    pub(super) fn stage<T: Serialize>(&mut self, result: Result<T, HostError>) -> i32 {
        let bytes = serde_json::to_vec(&WireResult::from(result)).unwrap_or_else(|err| {
            let failed =
                WireResult::<()>::Err(HostError::new(ErrorCode::Internal, err.to_string()));
            serde_json::to_vec(&failed).unwrap_or_default()
        });
        let len = i32::try_from(bytes.len()).unwrap_or(-1);
        self.staged = (len >= 0).then_some(bytes);
        len
    }
}
