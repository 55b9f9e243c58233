//! The subcommands that tell about tidyup itself: `providers`,
//! `config path` and `export-core`.

use std::path::Path;
use std::process::ExitCode;

use super::fail;
use crate::cli::config::{self, Config};
use crate::cli::providers;

/// `tidyup providers`: one line per provider (name, base address, default
/// model, key variable, whether a key is set), then where the config file
/// is. Key values are never printed.
pub fn providers(config: &Config, env: impl Fn(&str) -> Option<String>) -> ExitCode {
    for line in providers::listing(config, &env) {
        println!("{line}");
    }
    if let Some(path) = config::path(&env) {
        let found = if path.is_file() { "" } else { " (not found)" };
        println!("Config file: {}{found}", path.display());
    }
    ExitCode::SUCCESS
}

/// `tidyup config path`: where the config file is (or would be).
pub fn config_path(env: impl Fn(&str) -> Option<String>) -> ExitCode {
    match config::path(env) {
        Some(path) => {
            println!("{}", path.display());
            ExitCode::SUCCESS
        }
        None => fail(
            &anyhow::anyhow!(
                "no config directory found; set {} to a file path",
                config::CONFIG_ENV
            ),
            1,
        ),
    }
}

/// `tidyup export-core FILE`: the embedded core, byte for byte.
pub fn export_core(file: &Path) -> ExitCode {
    match std::fs::write(file, crate::EMBEDDED_CORE) {
        Ok(()) => {
            let hash = crate::runtime::module_cache::sha256_hex(crate::EMBEDDED_CORE);
            println!("{hash}  {}", file.display());
            ExitCode::SUCCESS
        }
        Err(err) => fail(
            &anyhow::anyhow!("cannot write {}: {err}", file.display()),
            1,
        ),
    }
}
