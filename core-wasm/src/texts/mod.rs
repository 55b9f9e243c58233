//! The two languages tidyup speaks, and every text it prints or returns,
//! each in English and Chinese: one file per audience.
//!
//! The markers `[目录]`/`[文件]` and the seven file-type categories are not
//! here: they are exact in both languages (see [`crate::file_type`]).
//!
//! It names only leaf modules ([`crate::ports`], [`crate::contents`],
//! [`crate::rules`], [`crate::file_type`], [`crate::format`],
//! [`crate::in_use`]), so every
//! other module (and the host) may use it.

mod budget;
mod bulk;
mod commands;
mod console;
mod contents;
mod duplicates;
pub(crate) mod folder_words;
mod in_use;
mod large_rules;
mod plan_table;
mod planner;
pub(crate) mod prompt;
pub(crate) mod requests;
mod review;
mod rules;
mod startup;
mod tools;
mod view;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use budget::ELIDED_MARK;
pub use console::limit_text;
pub use contents::render;
pub use large_rules::{RuleFolder, Unfollowable};
pub use planner::{LeftAlone, PlanFolder};
pub use review::{SHOW_WORDS, SKIP_WORDS};
pub use startup::Expected;
pub use view::Noun;

/// Language of the system prompt, console texts and tool result texts.
///
/// Its names are `en` and `zh`, for `--lang`, `TIDYUP_LANG` and the config
/// file's `lang` alike ([`FromStr`], [`fmt::Display`], serde).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// Every language, in the order their names are listed.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// The language's name: `en` or `zh`.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// Picks one of two texts by language: the core's words and a host's
    /// own are written with it alike.
    pub fn pick(self, en: String, zh: String) -> String {
        match self {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not `en` or `zh`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown language {:?}; expected en or zh", self.0)
    }
}

impl std::error::Error for UnknownLang {}

impl FromStr for Lang {
    type Err = UnknownLang;

    /// `en` or `zh` exactly, as `--lang` and the config file take them.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Lang::ALL
            .into_iter()
            .find(|lang| lang.name() == name)
            .ok_or_else(|| UnknownLang(name.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_as_their_language() {
        for lang in Lang::ALL {
            assert_eq!(lang.to_string().parse::<Lang>(), Ok(lang));
        }
        assert_eq!("zh".parse::<Lang>(), Ok(Lang::Zh));
        assert!("fr".parse::<Lang>().is_err());
        assert!("ZH".parse::<Lang>().is_err());
    }
}
