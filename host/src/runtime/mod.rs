//! Running the core: the host side of its ABI (`docs/ABI.md`). Loading the
//! core with wasmtime (the embedded core precompiled by the build; a core
//! given as a file compiled once, then from the module cache),
//! the imported host functions, and calls into the exports. Every `unsafe`
//! line of the host is in this file.
//!
//! Imports only [`crate::transport`] (the model service and the cancel flag)
//! and `crate::places`.
//!
//! Guest memory is untrusted: every buffer is bounds-checked, lengths are
//! capped at [`MAX_BUFFER`], guest memory at [`MAX_GUEST_MEMORY`], and the
//! core gets [`FUEL_BETWEEN_HOST_CALLS`] units of fuel at each export call
//! and again at the return of each import, so a runaway core traps instead
//! of hanging the host, however long a turn legitimately is. A core that
//! stops is restarted by [`CoreSession`] from the last completed turn.
#![allow(unsafe_code)]

mod core_session;
mod engine_config;
mod host_state;
mod imports;
pub(crate) mod module_cache;

pub use core_session::{CoreSession, CoreStopped, ToolCallStopped};
pub use host_state::{HostState, ModelWait};
pub use imports::instantiate;
pub use module_cache::{SlowCompile, load_core};

use std::path::Path;

#[cfg(feature = "compiler")]
use anyhow::Context;
use wasmtime::{Engine, Module};

#[cfg(feature = "compiler")]
use crate::failure::Failure;

/// The import module every import of the core comes from.
pub const IMPORT_MODULE: &str = "tidyup:host/v1";
/// The ABI version this host speaks.
pub const ABI_VERSION: i32 = 4;
/// The largest buffer accepted from or handed to the guest.
pub const MAX_BUFFER: usize = 64 << 20;
/// The most linear memory the guest may grow to.
pub const MAX_GUEST_MEMORY: usize = 512 << 20;
/// Wasm fuel (roughly one unit per instruction) the core may spend between
/// two calls to the host: an export call's start or an import's return,
/// and the next import or the export's end. Listing a 100,000-file folder,
/// or reading the largest reply allowed, takes a small part of it.
pub const FUEL_BETWEEN_HOST_CALLS: u64 = 20_000_000_000;

/// A wasmtime engine configured for the core: fuel metering on, the same
/// configuration the build precompiled the embedded core with.
pub fn engine() -> anyhow::Result<Engine> {
    Ok(Engine::new(&engine_config::core_config(cfg!(windows)))?)
}

/// The embedded core as the build precompiled it for this target, from
/// its unpacked `code` ([`crate::embedded_precompiled`]), when this engine
/// and this CPU can run that code (wasmtime checks both: its version and
/// configuration, and every CPU feature the code was compiled to use). An
/// error saying why not otherwise: a tidyup built with the `compiler`
/// feature compiles the `.wasm` then.
pub fn deserialize_precompiled(engine: &Engine, code: &[u8]) -> anyhow::Result<Module> {
    // SAFETY: wasmtime trusts serialized code as native code. These bytes
    // are part of the tidyup binary itself, written by its own build from
    // the embedded core with `engine_config`'s configuration, so they are
    // trusted exactly as much as the binary is; wasmtime still checks the
    // compatibility header and fails cleanly on a mismatch.
    Ok(unsafe { Module::deserialize(engine, code) }?)
}

/// Compiles a core module from `.wasm` bytes (only in a tidyup built with
/// the `compiler` feature: the shipped binary runs its precompiled core and
/// carries no compiler).
#[cfg(feature = "compiler")]
pub fn compile(engine: &Engine, wasm: &[u8]) -> anyhow::Result<Module> {
    Module::new(engine, wasm)
        .map_err(anyhow::Error::from)
        .context(Failure::CoreDoesNotCompile)
}

/// Maps a module that [`Module::serialize`] (or the build) wrote with a
/// compatible engine, without reading it whole: fails where the file cannot
/// be mapped. The safety contract is [`load_precompiled`]'s.
pub fn map_precompiled(engine: &Engine, path: &Path) -> anyhow::Result<Module> {
    // SAFETY: see `load_precompiled`; wasmtime checks the engine
    // compatibility header and fails cleanly on a mismatch.
    Ok(unsafe { Module::deserialize_file(engine, path) }?)
}

/// Loads a module that [`Module::serialize`] wrote with a compatible engine
/// (a core compiled with the `compiler` feature, from the cache).
///
/// # Safety contract
/// wasmtime trusts serialized code as native code. tidyup only reads files it
/// wrote itself into the user's own cache directory, named by the hash of the
/// `.wasm` and of the engine's configuration, so the file is trusted as much
/// as the tidyup binary is.
#[cfg(feature = "compiler")]
pub fn load_precompiled(engine: &Engine, path: &Path) -> anyhow::Result<Module> {
    // Where the file cannot be mapped (some Windows file systems, Wine), its
    // bytes are read instead.
    map_precompiled(engine, path).or_else(|_| {
        let bytes = std::fs::read(path)?;
        // SAFETY: as above, for the same file's bytes.
        Ok(unsafe { Module::deserialize(engine, bytes) }?)
    })
}
