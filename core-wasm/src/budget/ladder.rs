//! The order in which tool results give way to the budget, one result at a
//! time, each step telling how the request's size changed.
//!
//! Three passes, each from the oldest result on: the older rounds' long
//! results are replaced by a one-line note of what was elided; then the
//! latest round's results are cut to a short head and a note of what was
//! cut; then every result still longer than its one-line note is replaced
//! by it. A result changes only when that makes the request smaller, and
//! every tool message stays where it is, so the history stays well-formed.
//! Each result is looked at once a pass: linear in the history's size.

use std::collections::BTreeMap;

use serde_json::Value;

use super::size::Size;
use crate::protocol::Message;
use crate::texts::{ELIDED_MARK, Lang};

/// The characters of a result the latest round's cut keeps.
pub(crate) const HEAD_CHARS: usize = 200;

/// Older results no longer than this are left whole by the first pass.
const LONG_RESULT_CHARS: usize = 200;

/// The characters of a call's arguments an elision note repeats.
const NOTE_ARGUMENT_CHARS: usize = 80;

/// Where the shortening of one history stands.
#[derive(Debug)]
pub(crate) struct Ladder {
    pass: Pass,
    /// The next message the pass looks at.
    index: usize,
    /// Where the latest round begins.
    keep_from: usize,
    /// The call each tool message answers, found when a note first needs it.
    calls: Option<Vec<Option<(usize, usize)>>>,
    /// The original length, in characters, of each latest-round result
    /// that was cut, by its index.
    cut_from: BTreeMap<usize, usize>,
    /// Older results elided.
    pub(crate) elided: usize,
    /// Latest-round results shortened (cut, reduced to their note, or both).
    pub(crate) shortened: usize,
}

/// What a pass does to the results it looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// The older rounds' long results become their note.
    ElideOlder,
    /// The latest round's results are cut to a head and a note.
    CutLatest,
    /// Any result still longer than its note becomes the note.
    ElideAll,
    /// Every result is as short as it gets.
    Done,
}

impl Ladder {
    /// A ladder for a history whose latest round begins at `keep_from`.
    pub(crate) fn new(keep_from: usize) -> Self {
        Self {
            pass: Pass::ElideOlder,
            index: 0,
            keep_from,
            calls: None,
            cut_from: BTreeMap::new(),
            elided: 0,
            shortened: 0,
        }
    }

    /// Shortens the next result that gives way, and gives the size its
    /// content had and has in the request; `None` when none is left.
    pub(crate) fn step(&mut self, history: &mut [Message], lang: Lang) -> Option<(Size, Size)> {
        let keep_from = self.keep_from.min(history.len());
        loop {
            let end = match self.pass {
                Pass::ElideOlder => keep_from,
                Pass::CutLatest | Pass::ElideAll => history.len(),
                Pass::Done => return None,
            };
            if self.index >= end {
                (self.pass, self.index) = match self.pass {
                    Pass::ElideOlder => (Pass::CutLatest, keep_from),
                    Pass::CutLatest => (Pass::ElideAll, 0),
                    Pass::ElideAll | Pass::Done => (Pass::Done, 0),
                };
                continue;
            }
            let index = self.index;
            self.index += 1;
            let Some(content) = result_to_shorten(&history[index]) else {
                continue;
            };
            let chars = content.chars().count();
            let shorter = match self.pass {
                Pass::ElideOlder if chars <= LONG_RESULT_CHARS => continue,
                Pass::CutLatest if chars <= HEAD_CHARS => continue,
                Pass::CutLatest => cut(content, chars, lang),
                Pass::ElideOlder | Pass::ElideAll => {
                    let chars = self.cut_from.get(&index).copied().unwrap_or(chars);
                    self.note(history, index, chars, lang)
                }
                Pass::Done => return None,
            };
            let (had, has) = (
                Size::of_json_string(content),
                Size::of_json_string(&shorter),
            );
            if has.tokens() >= had.tokens() {
                continue;
            }
            match (self.pass, index >= keep_from) {
                (Pass::ElideOlder, _) | (Pass::ElideAll, false) => self.elided += 1,
                (Pass::CutLatest, _) => {
                    self.cut_from.insert(index, chars);
                    self.shortened += 1;
                }
                (Pass::ElideAll, true) if self.cut_from.contains_key(&index) => {}
                (Pass::ElideAll, true) => self.shortened += 1,
                (Pass::Done, _) => return None,
            }
            if let Message::Tool { content, .. } = &mut history[index] {
                *content = shorter;
            }
            return Some((had, has));
        }
    }

    /// The note that replaces the result at `index`, of `chars` characters:
    /// which call it answered and how long it was.
    fn note(&mut self, history: &[Message], index: usize, chars: usize, lang: Lang) -> String {
        let calls = self.calls.get_or_insert_with(|| answered_calls(history));
        let function = calls
            .get(index)
            .copied()
            .flatten()
            .and_then(|(assistant, position)| match &history[assistant] {
                Message::Assistant(fields) => fields
                    .get("tool_calls")
                    .and_then(Value::as_array)?
                    .get(position)?
                    .get("function"),
                Message::System { .. } | Message::User { .. } | Message::Tool { .. } => None,
            });
        let name = function
            .and_then(|f| f.get("name"))
            .and_then(Value::as_str)
            .unwrap_or("?");
        let arguments = function
            .and_then(|f| f.get("arguments"))
            .map(|a| a.as_str().map_or_else(|| a.to_string(), str::to_owned))
            .unwrap_or_default();
        let arguments: String = arguments.chars().take(NOTE_ARGUMENT_CHARS).collect();
        lang.elided_note(name, &arguments, chars)
    }
}

/// A tool result's text, unless it is already an elision note.
fn result_to_shorten(message: &Message) -> Option<&str> {
    match message {
        Message::Tool { content, .. } if !content.starts_with(ELIDED_MARK) => Some(content),
        Message::Tool { .. }
        | Message::System { .. }
        | Message::User { .. }
        | Message::Assistant(_) => None,
    }
}

/// `content`, of `chars` characters, cut to its first [`HEAD_CHARS`]
/// characters and a note of what was cut.
fn cut(content: &str, chars: usize, lang: Lang) -> String {
    let head: String = content.chars().take(HEAD_CHARS).collect();
    format!("{head}\n{}", lang.cut_note(HEAD_CHARS, chars))
}

/// For each message, when it is a tool message, the assistant message
/// before it and the position of the call it answers there (by its id).
fn answered_calls(history: &[Message]) -> Vec<Option<(usize, usize)>> {
    let mut found = vec![None; history.len()];
    let mut ids: BTreeMap<&str, usize> = BTreeMap::new();
    let mut assistant = None;
    for (index, message) in history.iter().enumerate() {
        match message {
            Message::Assistant(fields) => {
                ids.clear();
                assistant = Some(index);
                let calls = fields.get("tool_calls").and_then(Value::as_array);
                for (position, call) in calls.into_iter().flatten().enumerate() {
                    if let Some(id) = call.get("id").and_then(Value::as_str) {
                        ids.entry(id).or_insert(position);
                    }
                }
            }
            Message::Tool { tool_call_id, .. } => {
                found[index] = assistant.zip(ids.get(tool_call_id.as_str()).copied());
            }
            Message::System { .. } | Message::User { .. } => {}
        }
    }
    found
}
