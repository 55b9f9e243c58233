//! What the tools the planner asked for gave, as the agent hands them over
//! (`ModelClient::tools_answered`): whether each failed, and its data. The
//! planner reads what was found and done from these, never from the words
//! of a result, so rewording a result changes nothing it does.

use std::collections::BTreeMap;

use crate::tools::{CallOutput, ToolOutput};

/// The outputs of the tool calls of the current turn, by call id.
#[derive(Debug, Clone, Default)]
pub struct Outcomes {
    by_call: BTreeMap<String, ToolOutput>,
}

impl Outcomes {
    /// Keeps the outputs of answered calls.
    pub fn record(&mut self, outputs: Vec<CallOutput>) {
        let outputs = outputs.into_iter().map(|out| (out.call_id, out.output));
        self.by_call.extend(outputs);
    }

    /// Forgets every call: a new turn begins (ids are only read within the
    /// turn that made them).
    pub fn clear(&mut self) {
        self.by_call.clear();
    }

    /// The output of the call `call_id`, when it was handed over.
    pub fn of(&self, call_id: &str) -> Option<&ToolOutput> {
        self.by_call.get(call_id)
    }
}
