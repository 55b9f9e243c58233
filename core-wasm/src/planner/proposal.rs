//! The plan the planner proposes, kept as data in the assistant message
//! that shows it (the field [`FIELD`]), so the go-ahead carries out exactly
//! that plan whatever the message's words. The agent keeps assistant
//! messages as received and sends them back unchanged.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::exchanges::role;
use super::large::LargePlan;
use super::plan::Plan;

/// The field of the planner's assistant message holding its plan.
pub const FIELD: &str = "tidyup_plan";

/// A plan waiting for the user's go-ahead.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Proposal {
    /// A move per file (a folder listed whole).
    PerFile(Plan),
    /// A move per category (a folder too large to list whole).
    ByCategory(LargePlan),
}

impl Proposal {
    /// The plan the turn `previous_turn` (a user line and what followed it)
    /// ended with: the field of its last message, when that is an
    /// assistant message carrying one.
    pub fn ended(previous_turn: &[Value]) -> Option<Proposal> {
        let last = previous_turn.last()?;
        if role(last) != "assistant" {
            return None;
        }
        serde_json::from_value(last.get(FIELD)?.clone()).ok()
    }

    /// The plan an assistant message (its fields) carries, if any.
    pub fn carried(message: &Map<String, Value>) -> Option<Proposal> {
        serde_json::from_value(message.get(FIELD)?.clone()).ok()
    }

    /// The plan as the value of [`FIELD`].
    pub fn to_field(&self) -> Option<Value> {
        serde_json::to_value(self).ok()
    }
}
