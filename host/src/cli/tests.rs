//! Unit tests of argument and settings resolution.

use super::*;
use crate::cli::config::Config;
use crate::cli::providers::ProviderError;
use std::collections::HashMap;
use tidyup_core::{Lang, Provider};

fn env_map(env: &[(&str, &str)]) -> HashMap<String, String> {
    env.iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

fn resolve_with(
    args: &[&str],
    env: &[(&str, &str)],
    config: &str,
) -> Result<Settings, SettingsError> {
    let cli = Cli::try_parse_from(std::iter::once("tidyup").chain(args.iter().copied())).unwrap();
    let env = env_map(env);
    let config = Config::parse(config, std::path::Path::new("config.toml")).unwrap();
    Settings::resolve(&cli.run, |name| env.get(name).cloned(), &config)
}

fn resolve(args: &[&str], env: &[(&str, &str)]) -> Result<Settings, SettingsError> {
    resolve_with(args, env, "")
}

fn tmp() -> String {
    std::env::temp_dir().to_str().unwrap().to_owned()
}

#[test]
fn flags_beat_environment_beats_defaults() {
    let dir = tmp();
    let dir = dir.as_str();
    let s = resolve(&[dir], &[("OPENAI_API_KEY", "k1")]).unwrap();
    assert_eq!(
        (s.client.base_url.as_str(), s.client.model.as_str()),
        ("https://api.openai.com/v1", "gpt-4o-mini")
    );
    assert_eq!(s.client.api_key.as_deref(), Some("k1"));
    assert_eq!(s.client.provider, Provider::Remote);
    assert_eq!(s.client.provider_name, "openai");
    let env = [
        ("TIDYUP_API_KEY", "k2"),
        ("OPENAI_API_KEY", "k1"),
        ("OPENAI_BASE_URL", "http://b"),
        ("TIDYUP_MODEL", "m1"),
        ("LANG", "zh_CN.UTF-8"),
    ];
    let s = resolve(&[dir], &env).unwrap();
    assert_eq!(
        (
            s.client.api_key.as_deref(),
            s.client.base_url.as_str(),
            s.client.model.as_str()
        ),
        (Some("k2"), "http://b", "m1")
    );
    assert_eq!(s.client.lang, Lang::Zh);
    let s = resolve(
        &[
            dir,
            "--base-url",
            "http://a",
            "--model",
            "m2",
            "--lang",
            "en",
        ],
        &env,
    )
    .unwrap();
    assert_eq!(
        (
            s.client.base_url.as_str(),
            s.client.model.as_str(),
            s.client.lang
        ),
        ("http://a", "m2", Lang::En)
    );
    assert!(!format!("{s:?}").contains("k2"));
}

#[test]
fn picks_the_offline_planner_without_a_key() {
    let dir = tmp();
    let dir = dir.as_str();
    assert_eq!(
        resolve(&[dir], &[]).unwrap().client.provider,
        Provider::OfflineNoKey
    );
    let chosen = resolve(&[dir, "--provider", "offline"], &[("TIDYUP_API_KEY", "k")]).unwrap();
    assert_eq!(chosen.client.provider, Provider::Offline);
    assert_eq!(chosen.client.api_key, None);
    assert!(matches!(
        resolve(&[dir, "--provider", "openai"], &[]),
        Err(SettingsError::NoApiKey { variable, .. }) if variable == "OPENAI_API_KEY"
    ));
}

#[test]
fn a_preset_brings_its_address_model_and_key_variable() {
    let dir = tmp();
    let dir = dir.as_str();
    let env = [("DEEPSEEK_API_KEY", "d"), ("OPENAI_API_KEY", "o")];
    let s = resolve(&[dir, "--provider", "deepseek"], &env).unwrap();
    assert_eq!(
        (
            s.client.base_url.as_str(),
            s.client.model.as_str(),
            s.client.api_key.as_deref(),
            s.client.provider
        ),
        (
            "https://api.deepseek.com/v1",
            "deepseek-chat",
            Some("d"),
            Provider::Remote
        )
    );
    // OPENAI_* variables belong to the openai provider.
    let s = resolve(
        &[dir, "--provider", "deepseek"],
        &[("DEEPSEEK_API_KEY", "d"), ("OPENAI_BASE_URL", "http://o")],
    )
    .unwrap();
    assert_eq!(s.client.base_url, "https://api.deepseek.com/v1");
    let err = resolve(&[dir, "--provider", "deepseek"], &[("OPENAI_API_KEY", "o")]);
    assert!(matches!(
        &err,
        Err(SettingsError::NoApiKey { variable, .. }) if variable == "DEEPSEEK_API_KEY"
    ));
    let message = err.unwrap_err().to_string();
    assert!(message.contains("DEEPSEEK_API_KEY") && message.contains("TIDYUP_API_KEY"));
    // TIDYUP_PROVIDER is the environment's --provider.
    let s = resolve(
        &[dir],
        &[("TIDYUP_PROVIDER", "groq"), ("GROQ_API_KEY", "g")],
    )
    .unwrap();
    assert_eq!(s.client.model, "llama-3.3-70b-versatile");
    assert!(matches!(
        resolve(&[dir, "--provider", "nope"], &[]),
        Err(SettingsError::Provider(ProviderError::Unknown { .. }))
    ));
}

#[test]
fn keyless_providers_need_no_key() {
    let dir = tmp();
    let dir = dir.as_str();
    let s = resolve(&[dir, "--provider", "ollama"], &[("OPENAI_API_KEY", "o")]).unwrap();
    assert_eq!(
        (s.client.provider, s.client.api_key.as_deref()),
        (Provider::Remote, None)
    );
    assert_eq!(s.client.base_url, "http://127.0.0.1:11434/v1");
    let s = resolve(&[dir, "--provider", "vllm"], &[("VLLM_API_KEY", "v")]).unwrap();
    assert_eq!(s.client.api_key.as_deref(), Some("v"));
}

/// A config file choosing a provider, model, language, address and limits.
const CHOSEN_IN_FILE: &str = "provider = \"mistral\"\nmodel = \"file-model\"\nlang = \"zh\"\n\
                              base_url = \"http://file/v1\"\nstream = false\n\
                              [limits]\nconnect_timeout_secs = 3\nidle_timeout_secs = 9\n\
                              retry_base_ms = 7\nmax_tries = 2\n";

/// An environment overriding some of [`CHOSEN_IN_FILE`].
const CHOSEN_IN_ENV: [(&str, &str); 6] = [
    ("MISTRAL_API_KEY", "m"),
    ("TIDYUP_MODEL", "env-model"),
    ("TIDYUP_BASE_URL", "http://env/v1"),
    ("TIDYUP_LANG", "en"),
    ("TIDYUP_RETRY_BASE_MS", "1"),
    ("LANG", "zh_CN.UTF-8"),
];

#[test]
fn the_file_beats_the_preset() {
    let dir = tmp();
    let key = [("MISTRAL_API_KEY", "m")];
    let s = resolve_with(&[dir.as_str()], &key, CHOSEN_IN_FILE).unwrap();
    assert_eq!(
        (
            s.client.provider_name.as_str(),
            s.client.base_url.as_str(),
            s.client.model.as_str(),
            s.client.lang
        ),
        ("mistral", "http://file/v1", "file-model", Lang::Zh)
    );
    assert_eq!(
        (
            s.client.connect_timeout,
            s.client.idle_timeout,
            s.client.retry_base,
            s.client.max_tries,
            s.client.stream
        ),
        (
            Duration::from_secs(3),
            Duration::from_secs(9),
            Duration::from_millis(7),
            2,
            false
        )
    );
}

#[test]
fn the_environment_beats_the_file() {
    let dir = tmp();
    let s = resolve_with(&[dir.as_str()], &CHOSEN_IN_ENV, CHOSEN_IN_FILE).unwrap();
    assert_eq!(
        (
            s.client.base_url.as_str(),
            s.client.model.as_str(),
            s.client.lang,
            s.client.retry_base
        ),
        (
            "http://env/v1",
            "env-model",
            Lang::En,
            Duration::from_millis(1)
        )
    );
}

#[test]
fn flags_beat_the_environment() {
    let dir = tmp();
    let s = resolve_with(
        &[
            dir.as_str(),
            "--model",
            "flag-model",
            "--base-url",
            "http://flag/v1",
            "--lang",
            "zh",
            "--connect-timeout",
            "4",
            "--idle-timeout",
            "5",
        ],
        &CHOSEN_IN_ENV,
        CHOSEN_IN_FILE,
    )
    .unwrap();
    assert_eq!(
        (
            s.client.base_url.as_str(),
            s.client.model.as_str(),
            s.client.lang,
            s.client.connect_timeout,
            s.client.idle_timeout
        ),
        (
            "http://flag/v1",
            "flag-model",
            Lang::Zh,
            Duration::from_secs(4),
            Duration::from_secs(5)
        )
    );
}

#[test]
fn the_file_speaks_for_its_own_provider_and_beats_the_locale() {
    let dir = tmp();
    let dir = dir.as_str();
    let file = CHOSEN_IN_FILE;
    // The file's lang beats the system locale.
    let s = resolve_with(&[dir], &[("MISTRAL_API_KEY", "m"), ("LANG", "en_US")], file).unwrap();
    assert_eq!(s.client.lang, Lang::Zh);
    // Another provider chosen by flag: the file's address and model stay
    // with the file's provider.
    let s = resolve_with(&[dir, "--provider", "groq"], &[("GROQ_API_KEY", "g")], file).unwrap();
    assert_eq!(
        (s.client.base_url.as_str(), s.client.model.as_str()),
        ("https://api.groq.com/openai/v1", "llama-3.3-70b-versatile")
    );
    // The file chose a provider that needs a key, and there is none: exit 2.
    assert!(matches!(
        resolve_with(&[dir], &[], file),
        Err(SettingsError::NoApiKey { variable, .. }) if variable == "MISTRAL_API_KEY"
    ));
}

#[test]
fn defaults_without_a_file() {
    let dir = tmp();
    let s = resolve(&[dir.as_str(), "--no-stream"], &[]).unwrap();
    assert_eq!(
        (
            s.client.connect_timeout,
            s.client.idle_timeout,
            s.client.retry_base,
            s.client.max_tries,
            s.client.stream
        ),
        (
            DEFAULT_CONNECT_TIMEOUT,
            DEFAULT_IDLE_TIMEOUT,
            DEFAULT_RETRY_BASE,
            DEFAULT_MAX_TRIES,
            false
        )
    );
    assert!(resolve(&[dir.as_str()], &[]).unwrap().client.stream);
    assert!(matches!(
        resolve(&[dir.as_str()], &[("TIDYUP_RETRY_BASE_MS", "soon")]),
        Err(SettingsError::BadEnv { .. })
    ));
    assert!(Cli::try_parse_from(["tidyup", "--idle-timeout", "0"]).is_err());
}

#[test]
fn custom_providers_of_the_file() {
    let dir = tmp();
    let dir = dir.as_str();
    let file = "[providers.work]\nbase_url = \"http://w/v1\"\nmodel = \"wm\"\n\
                api_key_env = \"WORK_KEY\"\n\
                [providers.bare]\nbase_url = \"http://b/v1\"\n\
                [providers.lab]\nbase_url = \"http://l/v1\"\nmodel = \"lm\"\nkeyless = true\n";
    let s = resolve_with(
        &[dir, "--provider", "work"],
        &[("WORK_KEY", "w"), ("OPENAI_API_KEY", "o")],
        file,
    )
    .unwrap();
    assert_eq!(
        (
            s.client.base_url.as_str(),
            s.client.model.as_str(),
            s.client.api_key.as_deref()
        ),
        ("http://w/v1", "wm", Some("w"))
    );
    assert!(matches!(
        resolve_with(&[dir, "--provider", "work"], &[], file),
        Err(SettingsError::NoApiKey { variable, .. }) if variable == "WORK_KEY"
    ));
    assert_eq!(
        resolve_with(
            &[dir, "--provider", "bare"],
            &[("TIDYUP_API_KEY", "t")],
            file
        ),
        Err(SettingsError::NoModel("bare".into()))
    );
    let s = resolve_with(&[dir, "--provider", "lab"], &[], file).unwrap();
    assert_eq!(
        (s.client.provider, s.client.api_key.as_deref()),
        (Provider::Remote, None)
    );
}

#[test]
fn ask_takes_the_same_provider_flags() {
    let cli = Cli::try_parse_from([
        "tidyup",
        "ask",
        "--provider",
        "ollama",
        "--image",
        "a.png",
        "--image",
        "https://x/b.jpg",
        "--system",
        "be brief",
        "what is this?",
    ])
    .unwrap();
    let Some(Command::Ask(args)) = cli.command else {
        panic!("not ask: {cli:?}");
    };
    let s = AskSettings::resolve(&args, |_| None, &Config::default()).unwrap();
    assert_eq!(s.question, "what is this?");
    assert_eq!(s.images, ["a.png", "https://x/b.jpg"]);
    assert_eq!(s.system.as_deref(), Some("be brief"));
    assert_eq!(s.client.provider_name, "ollama");
    assert!(Cli::try_parse_from(["tidyup", "ask"]).is_err());
}

#[test]
fn sandbox_roots_start_with_the_target() {
    let dir = std::env::temp_dir().canonicalize().unwrap();
    let dir = dir.to_str().unwrap();
    let s = resolve(&[dir, "--allow", "/"], &[]).unwrap();
    assert_eq!(
        s.roots.unwrap(),
        [std::path::PathBuf::from(dir), "/".into()]
    );
    assert_eq!(resolve(&[dir, "--no-sandbox"], &[]).unwrap().roots, None);
    assert!(matches!(
        resolve(&[dir, "--allow", "/surely/not/here"], &[]),
        Err(SettingsError::BadAllow(_))
    ));
}

#[test]
fn refuses_a_missing_target() {
    let dir = std::env::temp_dir();
    let missing = dir.join("tidyup-surely-missing-dir");
    assert_eq!(
        resolve(&[missing.to_str().unwrap()], &[("TIDYUP_API_KEY", "k")]),
        Err(SettingsError::TargetMissing(missing))
    );
}
