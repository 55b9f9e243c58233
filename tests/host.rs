//! The host's integration tests, one binary (wasmtime is linked once):
//! the `tidyup` binary end to end (`cli`, `safety`, `offline`, `mcp`,
//! `providers`), the core's ABI through wasmtime (`abi`, `abi_limits`), the
//! model client (`client`, `hostile_provider`), `tidyup ui`'s server (`ui`) and the request bodies
//! against the OpenAPI schema (`request_schema`). Run one part with
//! `cargo test -p tidyup --test host PART::`.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod abi;
mod abi_limits;
mod cli;
mod client;
mod hostile_provider;
mod mcp;
mod offline;
mod providers;
mod remote;
mod request_schema;
mod safety;
mod ui;
