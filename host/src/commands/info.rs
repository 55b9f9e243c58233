//! The subcommands that tell about tidyup itself: `providers`,
//! `config path` and `export-core`.

use crate::words::CommandsWords;
use std::path::Path;
use std::process::ExitCode;

use tidyup_core::Lang;

use super::say_failure;
use crate::cli::config::{self, Config};
use crate::cli::providers;
use crate::console::outln;

/// `tidyup providers`: one line per provider (name, base address, default
/// model, key variable, whether a key is set), then where the config file
/// is. Key values are never printed.
pub fn providers(config: &Config, env: impl Fn(&str) -> Option<String>, lang: Lang) -> ExitCode {
    for line in providers::listing(config, &env, lang) {
        outln!("{line}");
    }
    if let Some(path) = config::path(&env) {
        let shown = path.display().to_string();
        outln!("{}", lang.config_file_line(&shown, path.is_file()));
    }
    ExitCode::SUCCESS
}

/// `tidyup config path`: where the config file is (or would be).
pub fn config_path(env: impl Fn(&str) -> Option<String>, lang: Lang) -> ExitCode {
    match config::path(env) {
        Some(path) => {
            outln!("{}", path.display());
            ExitCode::SUCCESS
        }
        None => say_failure(&lang.no_config_dir(config::CONFIG_ENV), 1),
    }
}

/// `tidyup export-core FILE`: the embedded core, byte for byte.
pub fn export_core(file: &Path, lang: Lang) -> ExitCode {
    let core = match crate::embedded_core() {
        Ok(core) => core,
        Err(err) => return say_failure(&format!("{err:#}"), 1),
    };
    match std::fs::write(file, &core) {
        Ok(()) => {
            let hash = crate::runtime::module_cache::sha256_hex(&core);
            outln!("{hash}  {}", file.display());
            ExitCode::SUCCESS
        }
        Err(err) => say_failure(
            &lang.cannot_write(&file.display().to_string(), &err.to_string()),
            1,
        ),
    }
}
