//! Builds the core (`tidyup-core`) for `wasm32-unknown-unknown` with its own
//! profile and target directory, and hands its path to the host as
//! `TIDYUP_CORE_WASM` so the binary embeds it. In a checkout that is the
//! workspace's `core-wasm/`; in a published tidyup (`cargo install tidyup`)
//! it is the `tidyup-core` dependency's sources.
//!
//! It then compiles that core to the target's machine code with wasmtime
//! (`Engine::precompile_module`, with the runtime's own engine
//! configuration, `src/runtime/engine_config.rs`) and hands that as
//! `TIDYUP_CORE_CWASM`, so no start of tidyup compiles its core. Where it
//! cannot (a target wasmtime cannot compile for), the build fails, unless
//! the `compiler` feature is on: the file is empty then and the binary
//! compiles the core at its first start instead. (The binary carries
//! wasmtime's compiler only with that feature; this script always does.)
//!
//! Set `TIDYUP_CORE_WASM=/path/core.wasm` to embed a prebuilt core instead.

// A build script speaks to Cargo on its standard output, not to a person.
#![allow(clippy::disallowed_macros)]

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "src/runtime/engine_config.rs"]
mod engine_config;

const WASM_TARGET: &str = "wasm32-unknown-unknown";
const CORE_PROFILE: &str = "core-wasm";

fn main() {
    println!("cargo:rerun-if-env-changed=TIDYUP_CORE_WASM");
    if let Some(prebuilt) = env::var_os("TIDYUP_CORE_WASM") {
        println!("cargo:rerun-if-changed={}", Path::new(&prebuilt).display());
        println!(
            "cargo:rustc-env=TIDYUP_CORE_WASM={}",
            Path::new(&prebuilt).display()
        );
        embed(Path::new(&prebuilt));
        return;
    }
    let manifest_dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let root = manifest_dir.parent().unwrap_or(&manifest_dir).to_path_buf();
    ensure_wasm_target();
    let built = if root.join("core-wasm").join("Cargo.toml").is_file() {
        build_in_workspace(&root)
    } else {
        build_published(&manifest_dir)
    };
    let out = PathBuf::from(env::var_os("OUT_DIR").unwrap_or_default()).join("tidyup_core.wasm");
    std::fs::copy(&built, &out)
        .unwrap_or_else(|err| fail(&format!("could not copy {}: {err}", built.display())));
    println!("cargo:rustc-env=TIDYUP_CORE_WASM={}", out.display());
    embed(&out);
}

/// What the binary embeds of the core at `wasm`: the `.wasm` deflated
/// (`TIDYUP_CORE_WASM_DEFLATED`) and its precompiled code.
fn embed(wasm: &Path) {
    deflate(wasm);
    precompile(wasm);
}

/// Compresses the core at `wasm` with raw DEFLATE, at the best level, into
/// `OUT_DIR/tidyup_core.wasm.deflate`, and hands its path as
/// `TIDYUP_CORE_WASM_DEFLATED`. No start reads the `.wasm` (they run the
/// precompiled code), so the binary carries it in a third of the space.
fn deflate(wasm: &Path) {
    let out =
        PathBuf::from(env::var_os("OUT_DIR").unwrap_or_default()).join("tidyup_core.wasm.deflate");
    let bytes = std::fs::read(wasm)
        .unwrap_or_else(|err| fail(&format!("could not read {}: {err}", wasm.display())));
    let deflated = miniz_oxide::deflate::compress_to_vec(&bytes, 10);
    std::fs::write(&out, deflated)
        .unwrap_or_else(|err| fail(&format!("could not write {}: {err}", out.display())));
    println!(
        "cargo:rustc-env=TIDYUP_CORE_WASM_DEFLATED={}",
        out.display()
    );
}

/// Compiles the core at `wasm` for the target being built, with the
/// runtime's engine configuration and the target's baseline CPU features
/// (so the code runs on any CPU of that architecture), and hands as
/// `TIDYUP_CORE_CWASM` the path of `OUT_DIR/tidyup_core.cwasm.lz4`: that
/// code LZ4-compressed, its size prepended (`lz4_flex`'s block format;
/// empty when there is no code). `TIDYUP_CORE_CWASM_HEAD` names a file of
/// the code's first 4 KiB, with which a start recognizes its copy in the
/// cache without unpacking anything.
/// When that fails, a binary with the `compiler` feature gets an empty
/// file (with a warning) and compiles its core at the first start, as any
/// core given as a file; a binary without it could not run at all, so the
/// build stops.
fn precompile(wasm: &Path) {
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").unwrap_or_default());
    let out = out_dir.join("tidyup_core.cwasm.lz4");
    let head = out_dir.join("tidyup_core.cwasm.head");
    let target = env::var("TARGET").unwrap_or_default();
    let compiled = std::fs::read(wasm)
        .map_err(|err| err.to_string())
        .and_then(|bytes| {
            let mut config = engine_config::core_config(target.contains("windows"));
            config.target(&target).map_err(|err| err.to_string())?;
            let engine = wasmtime::Engine::new(&config).map_err(|err| err.to_string())?;
            engine
                .precompile_module(&bytes)
                .map_err(|err| format!("{err:#}"))
        });
    let bytes = compiled.unwrap_or_else(|err| {
        if env::var_os("CARGO_FEATURE_COMPILER").is_none() {
            fail(&format!(
                "the core cannot be precompiled for {target} ({err}); build with `--features compiler` so that tidyup compiles it at its first start"
            ));
        }
        println!("cargo:warning=the core is not precompiled for {target} ({err}); tidyup compiles it at its first start");
        Vec::new()
    });
    let packed = if bytes.is_empty() {
        Vec::new()
    } else {
        lz4_flex::block::compress_prepend_size(&bytes)
    };
    for (path, contents) in [
        (&out, &packed[..]),
        (&head, &bytes[..bytes.len().min(4096)]),
    ] {
        std::fs::write(path, contents)
            .unwrap_or_else(|err| fail(&format!("could not write {}: {err}", path.display())));
    }
    println!("cargo:rerun-if-changed=src/runtime/engine_config.rs");
    println!("cargo:rustc-env=TIDYUP_CORE_CWASM={}", out.display());
    println!("cargo:rustc-env=TIDYUP_CORE_CWASM_HEAD={}", head.display());
    println!(
        "cargo:rustc-env=TIDYUP_CORE_CWASM_ID={}",
        content_id(&bytes)
    );
}

/// A name for `bytes` that changes whenever they do: their length and a
/// 64-bit hash. The binary names its copy of the precompiled core in the
/// cache by it, so a start never has to hash 10 MB to find that copy.
fn content_id(bytes: &[u8]) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    format!("{}-{:016x}", bytes.len(), hasher.finish())
}

/// A checkout of the repository: the core of the same workspace, with the
/// workspace's `core-wasm` profile and lock file, in `target/core-wasm`.
fn build_in_workspace(root: &Path) -> PathBuf {
    for watched in [
        "core-wasm/src",
        "core-wasm/Cargo.toml",
        "Cargo.toml",
        "Cargo.lock",
    ] {
        println!("cargo:rerun-if-changed={}", root.join(watched).display());
    }
    let target_dir = root.join("target").join("core-wasm");
    let mut build = cargo_build();
    build
        .current_dir(root)
        .args([
            "-p",
            "tidyup-core",
            "--profile",
            CORE_PROFILE,
            "--target-dir",
        ])
        .arg(&target_dir);
    run(build);
    target_dir
        .join(WASM_TARGET)
        .join(CORE_PROFILE)
        .join("tidyup_core.wasm")
}

/// A published tidyup (`cargo install tidyup`): the core is the
/// `tidyup-core` dependency, whose sources its build script names
/// (`DEP_TIDYUP_CORE_SRC`). They are copied into `OUT_DIR` (the registry's
/// copy stays untouched) with this package's lock file, and built there
/// with the settings of the workspace's `core-wasm` profile.
fn build_published(manifest_dir: &Path) -> PathBuf {
    println!("cargo:rerun-if-env-changed=DEP_TIDYUP_CORE_SRC");
    let Some(source) = env::var_os("DEP_TIDYUP_CORE_SRC") else {
        fail("the sources of tidyup-core are not known (DEP_TIDYUP_CORE_SRC is unset)");
    };
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").unwrap_or_default());
    let copy = out_dir.join("tidyup-core");
    let _ = std::fs::remove_dir_all(&copy);
    copy_tree(Path::new(&source), &copy)
        .unwrap_or_else(|err| fail(&format!("could not copy the core's sources: {err}")));
    // Its own workspace: the copy may lie below another one's directory.
    let manifest = copy.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap_or_default();
    if !text.lines().any(|line| line.trim() == "[workspace]") {
        std::fs::write(&manifest, format!("{text}\n[workspace]\n"))
            .unwrap_or_else(|err| fail(&format!("could not write {}: {err}", manifest.display())));
    }
    let lock = manifest_dir.join("Cargo.lock");
    if lock.is_file() {
        let _ = std::fs::copy(&lock, copy.join("Cargo.lock"));
    }
    let target_dir = out_dir.join("core-target");
    let mut build = cargo_build();
    build
        .current_dir(&copy)
        .args(["--release", "--target-dir"])
        .arg(&target_dir);
    for (setting, value) in [
        ("OPT_LEVEL", "s"),
        ("LTO", "true"),
        ("CODEGEN_UNITS", "1"),
        ("PANIC", "abort"),
        ("DEBUG", "false"),
        ("STRIP", "true"),
    ] {
        build.env(format!("CARGO_PROFILE_RELEASE_{setting}"), value);
    }
    run(build);
    target_dir
        .join(WASM_TARGET)
        .join("release")
        .join("tidyup_core.wasm")
}

/// `cargo build` of the core's library for the wasm target, in an
/// environment cleaned of what the outer cargo set for this script.
fn cargo_build() -> Command {
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut build = Command::new(cargo);
    build.args(["build", "--lib", "--target", WASM_TARGET]);
    clean_cargo_environment(&mut build);
    build
}

/// Runs the build of the core; a failure ends this script.
fn run(mut build: Command) {
    let status = build
        .status()
        .unwrap_or_else(|err| fail(&format!("could not run cargo to build the core: {err}")));
    if !status.success() {
        fail("building the core for wasm32-unknown-unknown failed (see the errors above)");
    }
}

/// Copies the directory `from` into `to`, recursively, leaving out a
/// `target` directory.
fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let (source, name) = (entry.path(), entry.file_name());
        if entry.file_type()?.is_dir() {
            if name != "target" {
                copy_tree(&source, &to.join(&name))?;
            }
        } else {
            std::fs::copy(&source, to.join(&name))?;
        }
    }
    Ok(())
}

/// Makes sure the standard library for the wasm target is installed, adding
/// it with rustup when it is missing.
fn ensure_wasm_target() {
    if wasm_target_installed() {
        return;
    }
    println!(
        "cargo:warning=adding the {WASM_TARGET} target with rustup (needed to build the tidyup core)"
    );
    let added = Command::new("rustup")
        .args(["target", "add", WASM_TARGET])
        .status()
        .is_ok_and(|status| status.success());
    if !added || !wasm_target_installed() {
        fail(&format!(
            "the Rust target {WASM_TARGET} is missing; install it with `rustup target add {WASM_TARGET}`"
        ));
    }
}

fn wasm_target_installed() -> bool {
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    Command::new(rustc)
        .args(["--print", "target-libdir", "--target", WASM_TARGET])
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()))
        .and_then(|libdir| std::fs::read_dir(libdir).ok())
        .is_some_and(|mut entries| {
            entries.any(|entry| {
                entry.is_ok_and(|e| e.file_name().to_string_lossy().starts_with("libcore-"))
            })
        })
}

/// Removes what the outer cargo set for this build script, so the inner
/// build is an ordinary one for the wasm target.
fn clean_cargo_environment(command: &mut Command) {
    for (key, _) in env::vars_os() {
        let key = key.to_string_lossy();
        let inherited_by_build_scripts = key.starts_with("CARGO_") && key != "CARGO_HOME";
        let build_script_only = matches!(
            key.as_ref(),
            "RUSTFLAGS"
                | "RUSTC"
                | "RUSTDOC"
                | "RUSTC_LINKER"
                | "RUSTC_WORKSPACE_WRAPPER"
                | "TARGET"
                | "HOST"
                | "OUT_DIR"
                | "PROFILE"
                | "OPT_LEVEL"
                | "DEBUG"
                | "NUM_JOBS"
                | "MAKEFLAGS"
                | "MFLAGS"
        );
        if inherited_by_build_scripts || build_script_only {
            command.env_remove(key.as_ref());
        }
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1)
}
