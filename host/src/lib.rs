//! The native host of tidyup: everything that touches the machine.
//!
//! It loads the pure core (`tidyup-core`, compiled to wasm) with wasmtime
//! and provides it, as imported host functions, the chat-completion HTTP
//! call ([`http`]), the file primitives ([`fs`]) and the console
//! ([`console`]). It holds no agent policy: tool rules, texts and the turn
//! loop are the core's.

pub mod abi;
pub mod ask;
pub mod cancel;
pub mod cli;
pub mod commands;
pub mod console;
pub mod demo;
pub mod fs;
pub mod http;
pub mod journal;
pub mod mcp;
pub mod module_cache;
pub mod plan;
pub mod progress;
pub mod redact;
pub mod rules_file;
pub mod session;
pub mod stream;
pub mod watch;

/// The core `.wasm` built by `build.rs` and embedded in the binary.
pub const EMBEDDED_CORE: &[u8] = include_bytes!(env!("TIDYUP_CORE_WASM"));
