//! The native host of tidyup: everything that touches the machine.
//!
//! It loads the pure core (`tidyup-core`, compiled to wasm) with wasmtime
//! and provides it, as imported host functions, the chat-completion HTTP
//! call ([`transport`]), the file primitives ([`fs`]) and the console. It
//! holds no agent policy: tool rules, texts and the turn loop are the
//! core's.
//!
//! Modules import only downward. Leaves: `places` (where tidyup keeps its
//! things), `regular_file` (the one way a file is opened to read it),
//! [`rules_file`], `redact` (key masking). Above them [`cli`]
//! (arguments and settings), [`fs`] and [`journal`] (the file systems a host
//! hands the core, usable by other hosts), [`transport`] (the model
//! service), [`runtime`] (the core in wasmtime), `console`, [`dry_run`]
//! (saved plans), and on top [`commands`] (one per subcommand).

pub mod cli;
pub mod commands;
mod console;
pub mod dry_run;
pub mod failure;
pub mod fs;
pub mod journal;
mod places;
pub mod plan_view;
mod redact;
mod regular_file;
pub mod rules_file;
pub mod runtime;
pub mod transport;
mod words;

pub use console::print_line;

/// The core `.wasm` built by `build.rs` and embedded in the binary.
pub const EMBEDDED_CORE: &[u8] = include_bytes!(env!("TIDYUP_CORE_WASM"));

/// [`EMBEDDED_CORE`] compiled to this target's machine code by `build.rs`
/// with the runtime's engine configuration (empty when the build could not
/// compile it: the core is then compiled at the first start and cached).
pub const EMBEDDED_PRECOMPILED: &[u8] = include_bytes!(env!("TIDYUP_CORE_CWASM"));

/// What names [`EMBEDDED_PRECOMPILED`] (its length and hash, from
/// `build.rs`): its copy in the cache, mapped at each start after the
/// first, is found by this name.
pub const EMBEDDED_PRECOMPILED_ID: &str = env!("TIDYUP_CORE_CWASM_ID");
