//! What every step of the planner works with: the language it speaks, the
//! target directory, the user's rules and what the user's line asks.

use crate::rules::Rules;
use crate::{Lang, paths};

use super::request::Request;

/// The planner's setting for one request.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    /// The language of its answers and folder names.
    pub lang: Lang,
    /// The target directory, to read tool results and resolve paths.
    pub target_dir: &'a str,
    /// The rules followed first: the request's, then the rules file's.
    pub rules: Option<&'a Rules>,
    /// The rules file's own rules, which a large folder follows through
    /// the bulk tools (what the user's line asks has its own bulk moves).
    pub file_rules: Option<&'a Rules>,
    /// What the user's line asks.
    pub request: &'a Request,
}

impl Context<'_> {
    /// The separator of the target's paths, used in the plan's paths.
    pub fn separator(&self) -> char {
        paths::separator(self.target_dir)
    }
}
