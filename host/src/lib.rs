//! The native host of tidyup: everything that touches the machine.
//!
//! It loads the pure core (`tidyup-core`, compiled to wasm) with wasmtime
//! and provides it, as imported host functions, the chat-completion HTTP
//! call (`transport`), the file primitives (`fs`) and the console. It
//! holds no agent policy: tool rules, texts and the turn loop are the
//! core's.
//!
//! Its API is the `pub use` block below; every module is private.
//! Modules import only downward. Leaves: `places` (where tidyup keeps its
//! things), `online_only` (a cloud drive's placeholders, never read),
//! `regular_file` (the one way a file is opened to read it),
//! `rules_file`, `redact` (key masking). Above them `cli`
//! (arguments and settings), `fs` and `journal` (the file systems a host
//! hands the core, usable by other hosts), `transport` (the model
//! service), `runtime` (the core in wasmtime), `console`, `dry_run`
//! (saved plans), and on top `commands` (one per subcommand).

mod cancel;
mod cli;
mod commands;
mod console;
mod dry_run;
mod failure;
mod fs;
mod journal;
mod online_only;
mod places;
mod plan_view;
mod redact;
mod regular_file;
mod remote;
mod rules_file;
mod runtime;
mod transport;
mod words;

// The command line, the config file and the settings resolved from them.
pub use cli::config::{Config, ConfigError};
pub use cli::{
    AskSettings, Cli, Command, ConfigCommand, McpSettings, PlanCommand, Settings, SettingsError,
    resolve_lang_with,
};
// The subcommands, one function each (`run` is `tidyup` with none).
pub use commands::{
    UiOptions, WatchOptions, apply, ask, completions, config_path, demo, export_core, forget,
    history, man, mcp, providers, purge_trash, run, show_plan, ui, undo, undo_all, watch,
};
// The console, and the language failures are worded in.
pub use console::print_line;
pub use failure::speak;
// The file systems a host hands the core: primitives, guard, overlay, moves.
pub use fs::{
    CrossDeviceHooks, Fingerprint, GuardedFs, HostAnswer, HostFs, HostFsExt, HostRequest, Location,
    Lookups, OverlayFs, PlanStep, Protected, RealFs, RulesGuard, SandboxFs, Staging, move_path,
    move_path_with,
};
// Remote folders (`sftp://`, `webdav://`, `s3://`) as a base file system.
pub use remote::{RemoteAddress, RemoteFs};
// The rules file of a folder, as the guard reads it.
pub use rules_file::load as load_rules_file;
// The journal of changes, undo and the trash; saved dry-run plans.
pub use dry_run::{
    Allowed as ApplyAllowed, DryRunPlan, apply as apply_plan, describe as describe_plan,
    load as load_plan, save as save_plan,
};
pub use journal::{
    Journal, JournalStore, JournaledFs, Record, history as session_history,
    purge_trash as purge_session_trash, undo as undo_session,
};
// The core in wasmtime: the engine, loading and running the module.
#[cfg(feature = "compiler")]
pub use runtime::compile as compile_core;
pub use runtime::module_cache::load_core_from;
pub use runtime::{
    CoreSession, CoreStopped, FUEL_BETWEEN_HOST_CALLS, HostState, IMPORT_MODULE, ToolCallStopped,
    engine as core_engine, instantiate as instantiate_core, load_core,
};
// The model service a session's core calls.
pub use transport::{
    ChatTransport, ChunkFuture, ChunkSource, NoTransport, OpenFuture, Opened, ReplyFuture,
};

/// The core `.wasm` built by `build.rs`, deflated (raw DEFLATE) as the
/// binary carries it: no start needs it (they run [`EMBEDDED_PRECOMPILED`]),
/// only `export-core` and a compile, so it takes a third of the space.
const EMBEDDED_CORE_DEFLATED: &[u8] = include_bytes!(env!("TIDYUP_CORE_WASM_DEFLATED"));

/// The most the embedded core may inflate to (it is a few MB).
const EMBEDDED_CORE_MAX: usize = 256 << 20;

/// The core `.wasm` built by `build.rs` and embedded in the binary, byte
/// for byte.
pub fn embedded_core() -> anyhow::Result<Vec<u8>> {
    miniz_oxide::inflate::decompress_to_vec_with_limit(EMBEDDED_CORE_DEFLATED, EMBEDDED_CORE_MAX)
        .map_err(|_| failure::Failure::EmbeddedCoreDamaged.into())
}

/// [`embedded_core`] compiled to this target's machine code by `build.rs`
/// with the runtime's engine configuration, LZ4-compressed (`lz4_flex`'s
/// block format, the size prepended): empty when the build could not
/// compile it, which only a build with the `compiler` feature allows (the
/// core is then compiled at the first start and cached). The first start
/// unpacks it into the cache; every later one maps that copy.
const EMBEDDED_PRECOMPILED_LZ4: &[u8] = include_bytes!(env!("TIDYUP_CORE_CWASM"));

/// The first 4 KiB of the precompiled core, unpacked: a start recognizes
/// its copy in the cache by them (and by [`EMBEDDED_PRECOMPILED_ID`]).
pub(crate) const EMBEDDED_PRECOMPILED_HEAD: &[u8] = include_bytes!(env!("TIDYUP_CORE_CWASM_HEAD"));

/// The most the precompiled core may unpack to (it is a few MB).
const EMBEDDED_PRECOMPILED_MAX: usize = 256 << 20;

/// The embedded core precompiled by the build for this target (see
/// [`EMBEDDED_PRECOMPILED_LZ4`]), unpacked; `None` when the build did not
/// precompile it.
pub fn embedded_precompiled() -> anyhow::Result<Option<Vec<u8>>> {
    let Some((size, packed)) = EMBEDDED_PRECOMPILED_LZ4.split_first_chunk::<4>() else {
        return Ok(None);
    };
    let size = usize::try_from(u32::from_le_bytes(*size))
        .ok()
        .filter(|size| *size <= EMBEDDED_PRECOMPILED_MAX)
        .ok_or(failure::Failure::EmbeddedCoreDamaged)?;
    let mut code = vec![0; size];
    match lz4_flex::block::decompress_into(packed, &mut code) {
        Ok(written) if written == size => Ok(Some(code)),
        _ => Err(failure::Failure::EmbeddedCoreDamaged.into()),
    }
}

/// The size of the precompiled core unpacked, without unpacking it; `None`
/// when the build did not precompile it.
pub(crate) fn embedded_precompiled_size() -> Option<u64> {
    EMBEDDED_PRECOMPILED_LZ4
        .first_chunk::<4>()
        .map(|size| u64::from(u32::from_le_bytes(*size)))
}

/// What names the precompiled core (its length and hash, from
/// `build.rs`): its copy in the cache, mapped at each start after the
/// first, is found by this name.
pub(crate) const EMBEDDED_PRECOMPILED_ID: &str = env!("TIDYUP_CORE_CWASM_ID");
