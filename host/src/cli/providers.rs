//! Provider presets (`--provider NAME`) and the custom providers of the
//! config file, resolved into one [`Profile`] each.
//!
//! A preset is a base address, the environment variable of its key and a
//! default model. `[providers.NAME]` in the config file adds a provider or
//! changes fields of a preset of the same name. Keys are only ever read from
//! the environment; this module names variables and never holds a key.

use crate::words::{CommandsWords, StartupWords};
use tidyup_core::Lang;
use unicode_width::UnicodeWidthStr;

use super::config::Config;
use super::presets::{OFFLINE, PRESETS, Preset, TIDYUP_API_KEY, find_preset};

/// A provider as tidyup will use it: a preset, a preset changed by the
/// config file, or a custom provider of the config file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// Its name.
    pub name: String,
    /// Base address.
    pub base_url: String,
    /// Default model (`None` for a custom provider that names none).
    pub model: Option<String>,
    /// The environment variable of its own key, if any (never the key).
    pub key_env: Option<String>,
    /// Works without a key (no `Authorization` header is sent then).
    pub keyless: bool,
    /// Defined or changed by the config file.
    pub custom: bool,
}

impl Profile {
    fn from_preset(preset: &Preset) -> Self {
        Self {
            name: preset.name.to_owned(),
            base_url: preset.base_url.to_owned(),
            model: Some(preset.model.to_owned()),
            key_env: preset.key_env.map(str::to_owned),
            keyless: preset.keyless,
            custom: false,
        }
    }

    /// The variables that may hold its key, in the order they are read:
    /// `TIDYUP_API_KEY` first, then its own.
    pub fn key_variables(&self) -> Vec<&str> {
        let mut names = vec![TIDYUP_API_KEY];
        if let Some(own) = self.key_env.as_deref().filter(|own| *own != TIDYUP_API_KEY) {
            names.push(own);
        }
        names
    }

    /// The variable the key is read from and the key, if one is set
    /// (non-empty) in `env`.
    pub fn find_key(&self, env: impl Fn(&str) -> Option<String>) -> Option<(String, String)> {
        self.key_variables().into_iter().find_map(|name| {
            env(name)
                .filter(|key| !key.is_empty())
                .map(|key| (name.to_owned(), key))
        })
    }

    /// The variable to suggest to someone who has no key: its own, else
    /// `TIDYUP_API_KEY`.
    pub fn suggested_variable(&self) -> &str {
        self.key_env.as_deref().unwrap_or(TIDYUP_API_KEY)
    }
}

/// Why a provider name cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProviderError {
    /// Neither a preset nor in the config file.
    Unknown {
        /// The name given.
        name: String,
        /// The names that work, comma-separated.
        known: String,
    },
    /// A `[providers.NAME]` table that adds a provider without a base address.
    NoBaseUrl(String),
}

impl ProviderError {
    /// Why the provider cannot be used, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            ProviderError::Unknown { name, known } => lang.unknown_provider(name, known),
            ProviderError::NoBaseUrl(name) => lang.provider_needs_base_url(name),
        }
    }
}

impl std::fmt::Display for ProviderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for ProviderError {}

/// The provider called `name`: a preset, with the fields of
/// `[providers.NAME]` of the config file over it, or a custom provider.
pub fn lookup(name: &str, config: &Config) -> Result<Profile, ProviderError> {
    let custom = config.providers.get(name);
    let mut profile = match (find_preset(name), custom) {
        (Some(preset), _) => Profile::from_preset(preset),
        (None, Some(custom)) => Profile {
            name: name.to_owned(),
            base_url: custom
                .base_url
                .clone()
                .ok_or_else(|| ProviderError::NoBaseUrl(name.to_owned()))?,
            model: None,
            key_env: None,
            keyless: false,
            custom: true,
        },
        (None, None) => {
            return Err(ProviderError::Unknown {
                name: name.to_owned(),
                known: known_names(config).join(", "),
            });
        }
    };
    if let Some(custom) = custom {
        profile.custom = true;
        if let Some(base_url) = &custom.base_url {
            profile.base_url.clone_from(base_url);
        }
        if let Some(model) = &custom.model {
            profile.model = Some(model.clone());
        }
        if let Some(key_env) = &custom.api_key_env {
            profile.key_env = Some(key_env.clone());
        }
        if let Some(keyless) = custom.keyless {
            profile.keyless = keyless;
        }
    }
    Ok(profile)
}

/// Every provider name that works with `--provider`: the presets, the
/// custom ones of the config file, and `offline`.
pub fn known_names(config: &Config) -> Vec<String> {
    let mut names: Vec<String> = PRESETS.iter().map(|p| p.name.to_owned()).collect();
    names.extend(
        config
            .providers
            .keys()
            .filter(|name| find_preset(name).is_none())
            .cloned(),
    );
    names.push(OFFLINE.to_owned());
    names
}

/// Every provider but `offline`, presets first (as the file changes them),
/// then the custom ones by name.
pub fn all(config: &Config) -> Vec<Result<Profile, ProviderError>> {
    known_names(config)
        .iter()
        .filter(|name| *name != OFFLINE)
        .map(|name| lookup(name, config))
        .collect()
}

/// The lines of `tidyup providers`: one per provider, in aligned columns
/// (name, base address, default model, key variable, whether a key is set),
/// then `offline`, in `lang`. Key values are never shown, only whether one
/// is set.
pub fn listing(config: &Config, env: impl Fn(&str) -> Option<String>, lang: Lang) -> Vec<String> {
    let mut rows = vec![Row(lang.provider_columns())];
    for profile in all(config) {
        rows.push(match profile {
            Ok(profile) => profile_row(&profile, &env, lang),
            Err(err) => Row([
                "!".to_owned(),
                err.to_string(),
                String::new(),
                String::new(),
                String::new(),
            ]),
        });
    }
    rows.push(Row([
        OFFLINE.to_owned(),
        lang.offline_planner_row(),
        "-".to_owned(),
        "-".to_owned(),
        lang.key_not_needed(),
    ]));
    aligned(&rows)
}

/// One line of the listing, as its five cells.
struct Row([String; 5]);

/// A provider's row: its name (marked when it comes from the config file),
/// address, default model, key variable and whether its key is set.
fn profile_row(profile: &Profile, env: &impl Fn(&str) -> Option<String>, lang: Lang) -> Row {
    let variable = profile.key_env.clone().unwrap_or_else(|| "-".to_owned());
    let status = match (profile.find_key(env), profile.keyless) {
        (Some((name, _)), _) if name == TIDYUP_API_KEY => lang.key_set(Some(TIDYUP_API_KEY)),
        (Some(_), _) => lang.key_set(None),
        (None, true) => lang.key_not_needed(),
        (None, false) => lang.key_not_set(),
    };
    let mut name = profile.name.clone();
    if profile.custom {
        name.push_str(&lang.from_config_file());
    }
    Row([
        name,
        profile.base_url.clone(),
        profile.model.clone().unwrap_or_else(|| "-".to_owned()),
        variable,
        status,
    ])
}

/// The rows as lines, each column as wide as its widest cell (in terminal
/// columns: a Chinese character takes two) plus two spaces, the last one
/// unpadded.
fn aligned(rows: &[Row]) -> Vec<String> {
    let mut widths = [0_usize; 5];
    for Row(cells) in rows {
        for (width, cell) in widths.iter_mut().zip(cells) {
            *width = (*width).max(cell.width());
        }
    }
    rows.iter()
        .map(|Row(cells)| {
            let mut line = String::new();
            for (index, (cell, width)) in cells.iter().zip(widths).enumerate() {
                line.push_str(cell);
                if index + 1 < cells.len() {
                    line.push_str(&" ".repeat(width - cell.width() + 2));
                }
            }
            line.trim_end().to_owned()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        move |name| map.get(name).cloned()
    }

    fn config(text: &str) -> Config {
        Config::parse(text, std::path::Path::new("test.toml")).unwrap()
    }

    #[test]
    fn every_preset_is_complete_and_named_once() {
        for (index, preset) in PRESETS.iter().enumerate() {
            assert!(preset.base_url.starts_with("http"), "{preset:?}");
            assert!(!preset.model.is_empty());
            assert!(preset.keyless || preset.key_env.is_some(), "{preset:?}");
            assert_eq!(find_preset(preset.name), Some(&PRESETS[index]));
        }
        assert_eq!(PRESETS.len(), 12);
        assert!(find_preset(OFFLINE).is_none());
    }

    #[test]
    fn tidyup_api_key_wins_over_the_presets_own_variable() {
        let deepseek = lookup("deepseek", &Config::default()).unwrap();
        let env = env_of(&[("DEEPSEEK_API_KEY", "d"), ("OPENAI_API_KEY", "o")]);
        assert_eq!(
            deepseek.find_key(&env),
            Some(("DEEPSEEK_API_KEY".to_owned(), "d".to_owned()))
        );
        let env = env_of(&[("DEEPSEEK_API_KEY", "d"), ("TIDYUP_API_KEY", "t")]);
        assert_eq!(
            deepseek.find_key(&env),
            Some(("TIDYUP_API_KEY".to_owned(), "t".to_owned()))
        );
        // Another provider's key is never sent to this one.
        assert_eq!(deepseek.find_key(env_of(&[("OPENAI_API_KEY", "o")])), None);
        // Empty values do not count.
        assert_eq!(
            deepseek.find_key(env_of(&[("TIDYUP_API_KEY", ""), ("DEEPSEEK_API_KEY", "d")])),
            Some(("DEEPSEEK_API_KEY".to_owned(), "d".to_owned()))
        );
        let ollama = lookup("ollama", &Config::default()).unwrap();
        assert!(ollama.keyless);
        assert_eq!(ollama.key_variables(), ["TIDYUP_API_KEY"]);
        assert_eq!(ollama.find_key(env_of(&[("OPENAI_API_KEY", "o")])), None);
    }

    #[test]
    fn the_config_file_changes_a_preset_and_adds_providers() {
        let config = config(
            r#"
            [providers.ollama]
            model = "llama3.1:8b"

            [providers.work]
            base_url = "https://llm.example.com/v1"
            model = "big"
            api_key_env = "WORK_LLM_KEY"
            "#,
        );
        let ollama = lookup("ollama", &config).unwrap();
        assert_eq!(ollama.model.as_deref(), Some("llama3.1:8b"));
        assert_eq!(ollama.base_url, "http://127.0.0.1:11434/v1");
        assert!(ollama.keyless && ollama.custom);
        let work = lookup("work", &config).unwrap();
        assert_eq!(work.base_url, "https://llm.example.com/v1");
        assert_eq!(work.key_variables(), ["TIDYUP_API_KEY", "WORK_LLM_KEY"]);
        assert!(!work.keyless);
        assert!(matches!(
            lookup("nope", &config),
            Err(ProviderError::Unknown { known, .. }) if known.contains("work") && known.contains("offline")
        ));
        // The file's check refuses this; lookup does too.
        let mut no_base = Config::default();
        no_base.providers.insert(
            "half".into(),
            crate::cli::config::CustomProvider {
                model: Some("m".into()),
                ..Default::default()
            },
        );
        assert_eq!(
            lookup("half", &no_base),
            Err(ProviderError::NoBaseUrl("half".to_owned()))
        );
    }

    #[test]
    fn the_listing_says_whether_a_key_is_set_never_what_it_is() {
        let config =
            config("[providers.work]\nbase_url = \"http://w/v1\"\napi_key_env = \"WORK_KEY\"\n");
        let lines = listing(
            &config,
            env_of(&[("DEEPSEEK_API_KEY", "secret-1"), ("WORK_KEY", "secret-2")]),
            Lang::En,
        );
        let text = lines.join("\n");
        assert!(!text.contains("secret"), "{text}");
        let line = |name: &str| {
            lines
                .iter()
                .find(|line| line.starts_with(&format!("{name} ")))
                .unwrap_or_else(|| panic!("no line for {name}: {text}"))
                .clone()
        };
        assert!(line("deepseek").ends_with(" set"), "{text}");
        assert!(line("deepseek").contains("DEEPSEEK_API_KEY"));
        assert!(line("openai").ends_with("not set"), "{text}");
        assert!(line("ollama").ends_with("not needed"), "{text}");
        assert!(line("work").ends_with(" set"), "{text}");
        assert!(line("offline").contains("rules, no AI"));
        assert_eq!(lines.len(), 1 + PRESETS.len() + 1 + 1);
    }
}
