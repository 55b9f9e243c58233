//! Tells the crates that depend on the core where its sources are: the host's
//! build script reads `DEP_TIDYUP_CORE_SRC` to build the core `.wasm` it
//! embeds, also when the core comes from crates.io rather than a checkout.

// A build script speaks to Cargo on its standard output, not to a person.
#![allow(clippy::disallowed_macros)]

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if let Some(dir) = std::env::var_os("CARGO_MANIFEST_DIR") {
        println!(
            "cargo::metadata=src={}",
            std::path::Path::new(&dir).display()
        );
    }
}
