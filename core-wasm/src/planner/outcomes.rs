//! How the tools the planner asked for ended, as the agent reports them
//! (`ModelClient::tool_finished`). The planner counts what was done from
//! these, never from the words of a result, so rewording a result changes
//! nothing it counts.

use std::collections::BTreeMap;

use super::exchanges::Exchange;

/// Whether each tool call of the current turn failed, by call id.
#[derive(Debug, Clone, Default)]
pub struct Outcomes {
    failed_by_call: BTreeMap<String, bool>,
}

impl Outcomes {
    /// Notes how the call `call_id` ended.
    pub fn record(&mut self, call_id: &str, failed: bool) {
        self.failed_by_call.insert(call_id.to_owned(), failed);
    }

    /// Forgets every call: a new turn begins (ids are only read within the
    /// turn that made them).
    pub fn clear(&mut self) {
        self.failed_by_call.clear();
    }

    /// Whether the call of `exchange` ran and did not fail; a call never
    /// reported (not run, or run by someone who does not report) did not
    /// succeed.
    pub fn succeeded(&self, exchange: &Exchange) -> bool {
        self.failed_by_call.get(&exchange.call_id) == Some(&false)
    }
}
