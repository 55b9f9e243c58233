//! The wasmtime configuration of the core's engine, in one place for the two
//! that must agree on it: the build script, which precompiles the embedded
//! core for the target, and the runtime, which loads that code. wasmtime
//! refuses precompiled code made with another configuration, so a change
//! here is a change in both.
//!
//! This file is also compiled into `build.rs` (through `#[path]`): it may
//! use wasmtime and std only.

use wasmtime::Config;

/// The configuration for a target (`windows`: whether it is Windows): fuel
/// metering on, and no tables the core never uses, which keeps the
/// precompiled core (embedded in the binary) small:
///
/// - no address map from machine code back to wasm offsets: it serves wasm
///   backtraces, which this runtime does not capture (wasmtime's
///   `backtrace` feature is off), and a trap's kind does not need it;
/// - no native unwind information (`.eh_frame`), which only a native
///   unwinder walking through wasm frames would read (wasmtime walks them
///   by frame pointers); Windows' ABI requires it, so it stays there.
///
/// Everything else is wasmtime's default.
pub fn core_config(windows: bool) -> Config {
    let mut config = Config::new();
    config.consume_fuel(true);
    config.generate_address_map(false);
    if !windows {
        config.native_unwind_info(false);
    }
    config
}
