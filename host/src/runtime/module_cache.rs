//! Loading the core module fast: the embedded core precompiled by the
//! build; with the `compiler` feature, any other core (a file given, or an
//! embedded one this machine cannot run as precompiled) compiled once, then
//! reused from the cache.
//!
//! Compiling the core costs seconds of CPU; copying the embedded
//! precompiled core out of the binary costs milliseconds, so the first
//! start writes it to the cache and later starts map it from there (its
//! pages are read as they are used). Entries live under the user's cache directory,
//! named by the hash of the `.wasm` and of the engine's configuration, so a
//! new core or a new tidyup never picks up a stale entry. A compile that
//! runs past [`SLOW_COMPILE`] is told to a [`SlowCompile`], so the first
//! start can say why it waits.
//!
//! A tidyup built without the `compiler` feature (the shipped binary:
//! wasmtime's compiler is most of its size) runs only the embedded core,
//! precompiled; any other core is refused with [`Failure::NoCompiler`].
//! The compile path's pieces are unused there.
#![cfg_attr(not(feature = "compiler"), allow(dead_code))]

#[cfg(feature = "compiler")]
use std::collections::hash_map::DefaultHasher;
use std::fs;
#[cfg(feature = "compiler")]
use std::hash::{Hash, Hasher};
use std::path::Path;
#[cfg(feature = "compiler")]
use std::sync::mpsc;
use std::time::Duration;

use anyhow::Context;
use sha2::{Digest, Sha256};
use wasmtime::{Engine, Module};

use crate::failure::Failure;

/// Where a module came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loaded {
    /// The embedded core, precompiled by the build, copied out of the
    /// binary (and written to the cache, to be mapped from there next time).
    Precompiled,
    /// The embedded core, precompiled by the build, mapped from its copy in
    /// the cache: nothing is copied or compiled.
    PrecompiledFromCache,
    /// Deserialized from the cache.
    FromCache,
    /// Compiled now (and stored in the cache when one is available).
    Compiled,
}

/// How long compiling the core may run before [`SlowCompile::slow`] is told.
pub const SLOW_COMPILE: Duration = Duration::from_millis(500);

/// Told when compiling the core (the first start, or a new core) is still
/// running after [`SLOW_COMPILE`]; a console says so on standard error.
pub trait SlowCompile: Sync {
    /// Compiling is slow; the result is dropped as soon as it ends.
    fn slow(&self) -> Box<dyn Send>;
}

/// Says nothing.
impl SlowCompile for () {
    fn slow(&self) -> Box<dyn Send> {
        Box::new(())
    }
}

/// The compiled core: the embedded one as the build precompiled it, or the
/// file `core` (or an embedded core this machine cannot run precompiled)
/// through the cache in tidyup's cache directory; a slow compile is told
/// to `slow`.
pub fn load_core(core: Option<&Path>, slow: &dyn SlowCompile) -> anyhow::Result<Module> {
    Ok(load_core_from(core, crate::places::module_cache_dir().as_deref(), slow)?.0)
}

/// [`load_core`] with the cache in `cache_dir`, saying where the module
/// came from.
pub fn load_core_from(
    core: Option<&Path>,
    cache_dir: Option<&Path>,
    slow: &dyn SlowCompile,
) -> anyhow::Result<(Module, Loaded)> {
    let engine = super::engine()?;
    let wasm = match core {
        Some(path) => crate::regular_file::read(path)
            .context(Failure::CannotReadCore(path.display().to_string()))?,
        None => match embedded(&engine, cache_dir) {
            Ok(found) => return Ok(found),
            // Without a compiler the precompiled core is the only one
            // this tidyup can run: why it cannot is the answer.
            Err(unusable) if !cfg!(feature = "compiler") => {
                return Err(unusable.context(Failure::NoCompiler));
            }
            Err(_) => crate::embedded_core()?,
        },
    };
    load(&engine, &wasm, cache_dir, slow)
}

/// The embedded core as the build precompiled it: mapped from its copy in
/// `cache_dir` when that is there (the pages are read as they are used,
/// nothing is unpacked or copied), else unpacked out of the binary into
/// that copy, which is then mapped (or, where nothing can be written or
/// mapped, the unpacked bytes loaded). An error saying why when this
/// machine cannot run it.
fn embedded(engine: &Engine, cache_dir: Option<&Path>) -> anyhow::Result<(Module, Loaded)> {
    let size = crate::embedded_precompiled_size().ok_or(Failure::CoreNotPrecompiled)?;
    let copy = cache_dir.map(|dir| {
        dir.join(format!(
            "core-precompiled-{}.cwasm",
            crate::EMBEDDED_PRECOMPILED_ID
        ))
    });
    let kept = copy
        .as_deref()
        .is_some_and(|copy| is_copy_of(copy, size, crate::EMBEDDED_PRECOMPILED_HEAD));
    if kept
        && let Some(copy) = &copy
        && let Ok(module) = super::map_precompiled(engine, copy)
    {
        return Ok((module, Loaded::PrecompiledFromCache));
    }
    let code = crate::embedded_precompiled()?.ok_or(Failure::CoreNotPrecompiled)?;
    // A copy that is there but cannot be mapped (a file system that maps
    // nothing) is left alone: the unpacked bytes serve each start then.
    if !kept
        && let (Some(dir), Some(copy)) = (cache_dir, &copy)
        && store(dir, copy, &code)
        && let Ok(module) = super::map_precompiled(engine, copy)
    {
        return Ok((module, Loaded::Precompiled));
    }
    Ok((
        super::deserialize_precompiled(engine, &code)?,
        Loaded::Precompiled,
    ))
}

/// Whether the file at `path` looks like a copy of the precompiled core:
/// `size` bytes long, and beginning with `head` (where wasmtime's header
/// and the engine's check are).
fn is_copy_of(path: &Path, size: u64, head: &[u8]) -> bool {
    use std::io::Read;
    let Ok(mut file) = fs::File::open(path) else {
        return false;
    };
    if file.metadata().map(|meta| meta.len()).ok() != Some(size) {
        return false;
    }
    let mut found = vec![0; head.len()];
    file.read_exact(&mut found).is_ok() && found == head
}

/// Returns the compiled core for `wasm`, from `cache_dir` when it holds it;
/// otherwise compiles it (telling `slow` when that takes a while) and stores
/// it there. A cache that cannot be read or written only costs time, never
/// correctness.
#[cfg(feature = "compiler")]
pub fn load(
    engine: &Engine,
    wasm: &[u8],
    cache_dir: Option<&Path>,
    slow: &dyn SlowCompile,
) -> anyhow::Result<(Module, Loaded)> {
    let Some(cache_dir) = cache_dir else {
        return Ok((compile(engine, wasm, slow)?, Loaded::Compiled));
    };
    let path = cache_dir.join(format!("core-{}.cwasm", cache_key(engine, wasm)));
    if let Some(module) = path
        .is_file()
        .then(|| super::load_precompiled(engine, &path).ok())
        .flatten()
    {
        return Ok((module, Loaded::FromCache));
    }
    let module = compile(engine, wasm, slow)?;
    if let Ok(bytes) = module.serialize() {
        store(cache_dir, &path, &bytes);
    }
    Ok((module, Loaded::Compiled))
}

/// Compiles `wasm`, with a timer beside it: when compiling is still running
/// after [`SLOW_COMPILE`], `slow` is told, and what it returned is dropped
/// once compiling ends (before this returns). A fast compile tells nothing.
#[cfg(feature = "compiler")]
fn compile(engine: &Engine, wasm: &[u8], slow: &dyn SlowCompile) -> anyhow::Result<Module> {
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            if let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(SLOW_COMPILE) {
                let _told = slow.slow();
                // Returns when `done` is dropped: compiling ended.
                let _ = finished.recv();
            }
        });
        let module = super::compile(engine, wasm);
        drop(done);
        module
    })
}

/// Without the `compiler` feature no core other than the embedded
/// precompiled one runs: a core given as a file is refused.
#[cfg(not(feature = "compiler"))]
pub fn load(
    _engine: &Engine,
    _wasm: &[u8],
    _cache_dir: Option<&Path>,
    _slow: &dyn SlowCompile,
) -> anyhow::Result<(Module, Loaded)> {
    Err(Failure::NoCompiler.into())
}

/// Writes the entry atomically: a temporary file renamed into place.
/// Whether it is there now.
fn store(cache_dir: &Path, path: &Path, bytes: &[u8]) -> bool {
    if fs::create_dir_all(cache_dir).is_err() {
        return false;
    }
    let temporary = path.with_extension(format!("tmp{}", std::process::id()));
    if fs::write(&temporary, bytes).is_ok() && fs::rename(&temporary, path).is_ok() {
        return true;
    }
    let _ = fs::remove_file(&temporary);
    false
}

#[cfg(feature = "compiler")]
fn cache_key(engine: &Engine, wasm: &[u8]) -> String {
    let mut engine_hasher = DefaultHasher::new();
    engine
        .precompile_compatibility_hash()
        .hash(&mut engine_hasher);
    format!(
        "{}-{:016x}",
        &sha256_hex(wasm)[..32],
        engine_hasher.finish()
    )
}

/// The SHA-256 of `bytes`, in lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(feature = "compiler")]
    fn the_second_load_comes_from_the_cache() {
        let cache = tempfile::tempdir().unwrap();
        let engine = crate::runtime::engine().unwrap();
        let (_, first) = load(
            &engine,
            &crate::embedded_core().unwrap(),
            Some(cache.path()),
            &(),
        )
        .unwrap();
        let (_, second) = load(
            &engine,
            &crate::embedded_core().unwrap(),
            Some(cache.path()),
            &(),
        )
        .unwrap();
        assert_eq!((first, second), (Loaded::Compiled, Loaded::FromCache));
        // A damaged entry is compiled again, never trusted.
        for entry in std::fs::read_dir(cache.path()).unwrap() {
            std::fs::write(entry.unwrap().path(), b"not a module").unwrap();
        }
        let (_, third) = load(
            &engine,
            &crate::embedded_core().unwrap(),
            Some(cache.path()),
            &(),
        )
        .unwrap();
        assert_eq!(third, Loaded::Compiled);
    }

    #[test]
    fn the_embedded_core_needs_no_compile_and_is_mapped_from_the_second_start() {
        let cache = tempfile::tempdir().unwrap();
        let (_, first) = load_core_from(None, Some(cache.path()), &()).unwrap();
        let (_, second) = load_core_from(None, Some(cache.path()), &()).unwrap();
        assert_eq!(
            (first, second),
            (Loaded::Precompiled, Loaded::PrecompiledFromCache)
        );
        // The copy is the build's precompiled core, byte for byte.
        let copies: Vec<_> = std::fs::read_dir(cache.path())
            .unwrap()
            .map(|entry| std::fs::read(entry.unwrap().path()).unwrap())
            .collect();
        assert_eq!(copies, [crate::embedded_precompiled().unwrap().unwrap()]);
        // A damaged or cut copy is never used: the binary's bytes are, and
        // the copy is written again.
        for entry in std::fs::read_dir(cache.path()).unwrap() {
            let path = entry.unwrap().path();
            let mut damaged = crate::embedded_precompiled().unwrap().unwrap();
            damaged[..16].copy_from_slice(b"not a module....");
            std::fs::write(&path, damaged).unwrap();
        }
        let (_, third) = load_core_from(None, Some(cache.path()), &()).unwrap();
        assert_eq!(third, Loaded::Precompiled);
        let (_, fourth) = load_core_from(None, Some(cache.path()), &()).unwrap();
        assert_eq!(fourth, Loaded::PrecompiledFromCache);
    }

    #[test]
    fn without_a_cache_the_embedded_core_is_copied_from_the_binary() {
        let (_, loaded) = load_core_from(None, None, &()).unwrap();
        assert_eq!(loaded, Loaded::Precompiled);
    }
}
