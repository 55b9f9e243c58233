//! The imported host functions of the core and the guest-memory access
//! they share: every buffer read from the guest is bounds-checked.

use std::future::Future;
use std::time::Duration;

use serde::Serialize;
use serde::de::DeserializeOwned;
use tidyup_core::{ErrorCode, Event, FsRequest, HostError, HttpReply};
use wasmtime::{Caller, Engine, Instance, Linker, Memory, Module, Store};

use super::{HostState, IMPORT_MODULE, MAX_BUFFER};
use crate::failure::Failure;
use crate::transport::Opened;

/// Links every import of [`IMPORT_MODULE`].
pub(super) fn linker(engine: &Engine) -> anyhow::Result<Linker<HostState>> {
    let mut linker = Linker::new(engine);
    linker.func_wrap_async(IMPORT_MODULE, "chat_completion", |caller, (ptr, len)| {
        Box::new(chat_completion(caller, ptr, len))
    })?;
    linker.func_wrap_async(IMPORT_MODULE, "chat_stream_open", |caller, (ptr, len)| {
        Box::new(chat_stream_open(caller, ptr, len))
    })?;
    linker.func_wrap_async(
        IMPORT_MODULE,
        "chat_stream_read",
        |caller, (_, _): (u32, u32)| Box::new(chat_stream_read(caller)),
    )?;
    linker.func_wrap_async(IMPORT_MODULE, "sleep", |caller, (milliseconds,)| {
        Box::new(sleep(caller, milliseconds))
    })?;
    linker.func_wrap(IMPORT_MODULE, "is_cancelled", is_cancelled)?;
    linker.func_wrap(IMPORT_MODULE, "fs_call", fs_call)?;
    linker.func_wrap(IMPORT_MODULE, "emit", emit)?;
    linker.func_wrap(IMPORT_MODULE, "take_result", take_result)?;
    Ok(linker)
}

/// `chat_completion(ptr, len)`: one model call, its reply staged whole.
async fn chat_completion(mut caller: Caller<'_, HostState>, ptr: u32, len: u32) -> i32 {
    let result = send_request(&mut caller, ptr, len, |state, body| {
        state.model.clone().post(body)
    })
    .await;
    stage_and_refuel(&mut caller, result)
}

/// `chat_stream_open(ptr, len)`: a streamed model call; a 2xx event stream
/// is kept for `chat_stream_read` and staged as `streaming: true`, any
/// other answer staged whole.
async fn chat_stream_open(mut caller: Caller<'_, HostState>, ptr: u32, len: u32) -> i32 {
    let opened = send_request(&mut caller, ptr, len, |state, body| {
        state.model.clone().post_stream(body)
    })
    .await;
    let result = opened.map(|opened| match opened {
        Opened::Whole(reply) => reply,
        Opened::Streaming(source) => {
            caller.data_mut().stream = Some(source);
            HttpReply {
                streaming: true,
                ..HttpReply::new(200, "")
            }
        }
    });
    stage_and_refuel(&mut caller, result)
}

/// Reads the guest's [`ChatRequest`](tidyup_core::ChatRequest) at
/// `ptr`/`len` and awaits `send` with its body's JSON text, taken as it is
/// (never parsed into a value nor serialized again), the wait told to the
/// host and raced against a cancel.
async fn send_request<T, Sent>(
    caller: &mut Caller<'_, HostState>,
    ptr: u32,
    len: u32,
    send: impl FnOnce(&HostState, String) -> Sent,
) -> Result<T, HostError>
where
    Sent: Future<Output = Result<T, HostError>> + Send,
{
    let body = with_guest_bytes(caller, ptr, len, |bytes| {
        serde_json::from_slice::<RawChatRequest<'_>>(bytes)
            .map(|request| request.body.get().to_owned())
    })?;
    let state = caller.data();
    awaiting_model(state, send(state, body)).await
}

/// A `ChatRequest` whose body is borrowed as its JSON text.
#[derive(serde::Deserialize)]
struct RawChatRequest<'a> {
    #[serde(borrow)]
    body: &'a serde_json::value::RawValue,
}

/// `chat_stream_read()`: the open stream's next piece, `null` at its end.
async fn chat_stream_read(mut caller: Caller<'_, HostState>) -> i32 {
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
}

/// `sleep(ms)`: 0 when the time passed, 1 when the user cancelled first.
async fn sleep(mut caller: Caller<'_, HostState>, milliseconds: u64) -> i32 {
    let wait = tokio::time::sleep(Duration::from_millis(milliseconds));
    let woken = match caller.data().cancel.clone().run(wait).await {
        Some(()) => 0,
        None => 1,
    };
    refuel(&mut caller);
    woken
}

/// `is_cancelled()`: 1 when the user asked to cancel the turn.
fn is_cancelled(mut caller: Caller<'_, HostState>) -> i32 {
    refuel(&mut caller);
    i32::from(caller.data().cancel.is_requested())
}

/// `fs_call(ptr, len)`: one file primitive on the host's file system.
fn fs_call(mut caller: Caller<'_, HostState>, ptr: u32, len: u32) -> i32 {
    let result = read_json::<FsRequest>(&mut caller, ptr, len)
        .and_then(|request| caller.data_mut().files.call(&request));
    stage_and_refuel(&mut caller, result)
}

/// `emit(ptr, len)`: an event for the user; an unreadable one is dropped.
fn emit(mut caller: Caller<'_, HostState>, ptr: u32, len: u32) {
    if let Ok(event) = read_json::<Event>(&mut caller, ptr, len) {
        caller.data_mut().events.emit(event);
    }
    refuel(&mut caller);
}

/// `take_result(dst, len)`: copies the staged result into guest memory;
/// its length, or -1 when nothing is staged or `len` is not its length.
fn take_result(mut caller: Caller<'_, HostState>, dst: u32, len: u32) -> i32 {
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
    let budget = caller.data().fuel();
    let left = caller.get_fuel().unwrap_or(budget);
    caller.data_mut().count_fuel(left);
    // Fuel is always on in this engine, so setting it cannot fail.
    let _ = caller.set_fuel(budget);
}

/// A model request, the wait told to the host's [`super::ModelWait`], raced against the user's cancel
/// (then it fails with code `cancelled`).
fn awaiting_model<T>(
    state: &HostState,
    request: impl Future<Output = Result<T, HostError>> + Send,
) -> impl Future<Output = Result<T, HostError>> + Send {
    let waiting = state.model_wait.as_ref().map(|wait| wait.started());
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
    HostError::new(ErrorCode::Cancelled, Failure::CancelledByUser.to_string())
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
    with_guest_bytes(caller, ptr, len, |bytes| serde_json::from_slice(bytes))
}

/// Reads a guest buffer with `read`, in place; every failure is an error
/// value.
fn with_guest_bytes<T>(
    caller: &mut Caller<'_, HostState>,
    ptr: u32,
    len: u32,
    read: impl FnOnce(&[u8]) -> serde_json::Result<T>,
) -> Result<T, HostError> {
    let bad = |failure: Failure| HostError::new(ErrorCode::BadRequest, failure.to_string());
    let len = len as usize;
    if len > MAX_BUFFER {
        return Err(bad(Failure::CoreRequestTooLarge(len)));
    }
    let memory = guest_memory(caller).ok_or_else(|| bad(Failure::CoreWithoutMemory))?;
    let start = ptr as usize;
    let bytes = memory
        .data(&*caller)
        .get(start..start.saturating_add(len))
        .ok_or_else(|| bad(Failure::CoreRequestOutsideMemory))?;
    read(bytes).map_err(|err| bad(Failure::CoreRequestUnreadable(err.to_string())))
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
