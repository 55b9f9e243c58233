//! What an agent is created with, and what follows from it alone: its
//! rules parsed, the tools of its first request, its system message.

use serde::{Deserialize, Serialize};

use crate::budget::Limits;
use crate::call::CallSettings;
use crate::ports::Provider;
use crate::rules::Rules;
use crate::texts::Lang;
use crate::texts::prompt::{bulk_prompt, contents_prompt, existing_folders_prompt, system_prompt};
use crate::tools::ToolSet;

/// What an agent is created with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgentConfig {
    /// The absolute directory to organize; relative tool paths resolve here.
    pub target_dir: String,
    /// How the folder is named to people when its path alone would not
    /// say where it is: a remote folder's address (never with a password).
    #[serde(default)]
    pub target_name: Option<String>,
    /// The provider's model identifier.
    pub model: String,
    /// Language of the prompt and texts.
    #[serde(default)]
    pub lang: Lang,
    /// Who answers the model calls.
    #[serde(default)]
    pub provider: Provider,
    /// Streaming and retries of model calls.
    #[serde(default)]
    pub calls: CallSettings,
    /// When a directory is large; the context budget; excerpt length.
    #[serde(default)]
    pub limits: Limits,
    /// Whether the model may read files' contents (`read_file` is declared
    /// and excerpts are sent to the provider).
    #[serde(default)]
    pub read_contents: bool,
    /// The text of the user's rules file, when there is one.
    #[serde(default)]
    pub rules: Option<String>,
    /// Whether the session is a dry run (changes land in an overlay): the
    /// offline planner's report says what would happen.
    #[serde(default)]
    pub dry_run: bool,
}

impl AgentConfig {
    /// The user's rules, when the config carries a rules file that parses
    /// (hosts check it at start and refuse a bad one). An agent parses
    /// them once; [`Agent::rules`] gives them.
    pub fn parsed_rules(&self) -> Option<Rules> {
        self.rules
            .as_deref()
            .and_then(|text| Rules::parse(text).ok())
    }

    /// The tools declared from the first request: `read_file` when the user
    /// allows reading contents, and always to the offline planner, which
    /// reads files only when the rules or the user's line need their text
    /// or the date a photo was taken (nothing leaves the machine then). The offline planner gets the bulk tools
    /// from the start too, for `find_duplicates` (no request of it leaves
    /// the machine, so their size costs nothing); a provider gets them once
    /// a directory is large.
    pub(super) fn first_tools(&self) -> ToolSet {
        let local = matches!(self.provider, Provider::Offline | Provider::OfflineNoKey);
        ToolSet {
            bulk: local,
            contents: self.read_contents || local,
        }
    }

    /// Whether the system message gives `read_file`'s advice: when the user
    /// allows reading contents, or the offline planner reads files for the
    /// rules.
    fn advises_reading(&self, rules: Option<&Rules>) -> bool {
        let local = matches!(self.provider, Provider::Offline | Provider::OfflineNoKey);
        let rules_read = rules.is_some_and(|rules| rules.needs_content() || rules.needs_dates());
        self.read_contents || (local && rules_read)
    }

    /// The system message: the base prompt, the existing-folders advice,
    /// `read_file`'s advice when `tools` declare it and it is worth giving,
    /// and the user's rules.
    pub(super) fn system_message(&self, tools: ToolSet, rules: Option<&Rules>) -> String {
        let lang = self.lang;
        let mut text = system_prompt(lang, &self.target_dir);
        text.push_str("\n\n");
        text.push_str(&existing_folders_prompt(lang));
        if tools.bulk {
            text.push_str("\n\n");
            text.push_str(&bulk_prompt(lang));
        }
        if tools.contents && self.advises_reading(rules) {
            text.push_str("\n\n");
            text.push_str(&contents_prompt(lang));
        }
        if let Some(rules) = rules {
            let described = rules.describe(lang);
            if !described.is_empty() {
                text.push_str("\n\n");
                text.push_str(&described);
            }
        }
        text
    }
}
