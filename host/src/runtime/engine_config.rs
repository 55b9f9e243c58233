//! The wasmtime configuration of the core's engine, in one place for the two
//! that must agree on it: the build script, which precompiles the embedded
//! core for the target, and the runtime, which loads that code. wasmtime
//! refuses precompiled code made with another configuration, so a change
//! here is a change in both.
//!
//! This file is also compiled into `build.rs` (through `#[path]`): it may
//! use wasmtime and std only.

use wasmtime::Config;

/// The configuration: fuel metering on, everything else wasmtime's default.
pub fn core_config() -> Config {
    let mut config = Config::new();
    config.consume_fuel(true);
    config
}
