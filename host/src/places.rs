//! Where tidyup keeps its own things on this machine: the settings file,
//! the compiled-module cache and the data directory (journal, trash,
//! plans). Each can be moved with an environment variable.

use std::path::PathBuf;

/// The variable naming the settings file.
pub const CONFIG_ENV: &str = "TIDYUP_CONFIG";

/// Where the config file is: `$TIDYUP_CONFIG`, else
/// `tidyup/config.toml` in the user's config directory (`None` when there
/// is no such directory).
pub fn config_file(env: impl Fn(&str) -> Option<String>) -> Option<PathBuf> {
    match env(CONFIG_ENV).filter(|value| !value.is_empty()) {
        Some(path) => Some(PathBuf::from(path)),
        None => dirs::config_dir().map(|dir| dir.join("tidyup").join("config.toml")),
    }
}

/// The folder that holds the settings, to keep out of the model's reach:
/// the `tidyup` config folder, or only the file when `TIDYUP_CONFIG` names
/// one elsewhere.
pub fn config_place(env: impl Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let named = env(CONFIG_ENV).is_some_and(|value| !value.is_empty());
    config_file(env).map(|file| match file.parent() {
        Some(folder) if !named => folder.to_path_buf(),
        Some(_) | None => file,
    })
}

/// The default module cache directory: `TIDYUP_CACHE_DIR/modules`, else
/// `<user cache dir>/tidyup/modules`.
pub fn module_cache_dir() -> Option<PathBuf> {
    std::env::var_os("TIDYUP_CACHE_DIR")
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| dirs::cache_dir().map(|dir| dir.join("tidyup")))
        .map(|dir| dir.join("modules"))
}
