//! What the page is told of the session: its `state` event, and the
//! folders the folder picker offers.

use crate::words::WindowWords;
use std::path::PathBuf;

use serde::Serialize;
use serde_json::{Value, json};
use tidyup_core::Lang;

use super::super::run::mode_lines;
use crate::cli::Settings;
use crate::cli::config::Config;
use crate::fs::PlanStep;
use crate::journal::JournalStore;
use crate::journal::watch_lock;

/// Where the session is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Waiting for a request.
    Idle,
    /// A request (or a typed line) is running.
    Running,
    /// A plan waits to be reviewed and applied.
    Review,
    /// A plan is being carried out (or an undo).
    Applying,
    /// An apply or undo ended; its report was sent.
    Done,
}

impl Phase {
    /// Whether a job runs now (another action must wait).
    pub fn busy(self) -> bool {
        matches!(self, Phase::Running | Phase::Applying)
    }
}

/// The plan the page shows, with the dry run's steps it was made from.
pub struct CurrentPlan {
    /// Its id (`p1`, `p2`...).
    pub id: String,
    /// The plan table, as sent.
    pub table: tidyup_core::PlanTable,
    /// The dry run's steps, in order.
    pub steps: Vec<PlanStep>,
}

/// The session as the page sees it.
pub struct Status {
    /// Where it is.
    pub phase: Phase,
    /// Its settings.
    pub settings: Settings,
    /// The language of the page's words (the window's own, its reports and
    /// the plan table's kinds and reasons): chosen apart from the session's
    /// language, which names the new folders and speaks to the model.
    pub page_lang: Lang,
    /// The plan under review, if any.
    pub plan: Option<CurrentPlan>,
}

impl Status {
    /// The `state` event.
    pub fn event(&self, config: &Config, store: &JournalStore) -> Value {
        let settings = &self.settings;
        let client = &settings.client;
        let lang = self.page_lang;
        let offline = client.provider != tidyup_core::Provider::Remote;
        let mut providers = vec![crate::cli::presets::OFFLINE.to_owned()];
        providers.extend(
            crate::cli::providers::known_names(config)
                .into_iter()
                .filter(|name| name != crate::cli::presets::OFFLINE),
        );
        json!({
            "kind": "state",
            "phase": self.phase,
            "folder": settings.folder_name(),
            "provider": if offline { crate::cli::presets::OFFLINE } else { &client.provider_name },
            "providers": providers,
            "model": client.model,
            "base_url": client.base_url,
            "lang": lang,
            "names": client.lang,
            "read_contents": settings.read_contents,
            "dry_run": settings.dry_run,
            "watching": watch_lock::held(store, &settings.target_dir),
            // The terminal's line names variables and flags; the window
            // says who plans in its own words, and where to pick a model.
            "start_line": match client.provider {
                tidyup_core::Provider::OfflineNoKey => lang.window_start_no_key(),
                tidyup_core::Provider::Offline => lang.window_start_offline(),
                tidyup_core::Provider::Remote => lang.window_start_model(),
            },
            "mode_lines": mode_lines(settings, true, lang),
        })
    }
}

/// The folders the picker offers: the one given, then the user's Desktop,
/// Downloads, Documents, Pictures and home, those that exist, each once.
pub fn places(given: &std::path::Path, lang: tidyup_core::Lang) -> Value {
    // Where the platform names no such folder (Linux without
    // `user-dirs.dirs`), the folder of the usual English name in home.
    let home = dirs::home_dir();
    let or_in_home = |found: Option<PathBuf>, name: &str| {
        found.or_else(|| home.as_ref().map(|home| home.join(name)))
    };
    let usual: [(&str, Option<PathBuf>); 5] = [
        ("desktop", or_in_home(dirs::desktop_dir(), "Desktop")),
        ("download", or_in_home(dirs::download_dir(), "Downloads")),
        ("document", or_in_home(dirs::document_dir(), "Documents")),
        ("picture", or_in_home(dirs::picture_dir(), "Pictures")),
        ("home", home.clone()),
    ];
    let given_label = given
        .file_name()
        .map_or_else(|| given.display().to_string(), crate::fs::names::shown);
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut list = Vec::new();
    let found = std::iter::once((given_label, Some(given.to_path_buf()))).chain(
        usual
            .into_iter()
            .map(|(key, path)| (lang.window_place(key), path)),
    );
    for (label, path) in found {
        let Some(path) = path.filter(|path| path.is_dir()) else {
            continue;
        };
        let path = dunce::canonicalize(&path).unwrap_or(path);
        if seen.contains(&path) {
            continue;
        }
        list.push(json!({"label": label, "path": path.display().to_string()}));
        seen.push(path);
    }
    Value::Array(list)
}
