//! A large plan made exact. Its calls are carried out into a rehearsal
//! first (`crate::rehearsal`): the moves recorded there are the plan's
//! steps, each with an id and the part of the plan that made it. What the
//! plan shows and counts is read from them, and the go-ahead carries out
//! exactly them, with one `move_files`, never a second planning pass.

use serde_json::{Value, json};

use crate::Lang;
use crate::format::format_size;
use crate::paths;
use crate::ports::FileSystem;
use crate::rehearsal::Rehearsal;
use crate::tools::{
    BulkOptions, FolderMemo, MOST_MOVES, ToolContext, ToolLimits, ToolSet, run_tool,
};

use super::large::{LargePlan, less_matching};
use super::large_existing;
use super::planned::{Destination, Part, PlannedMove, Why};

/// One call of a plan not yet rehearsed: the part it carries out, the
/// tool and its declared arguments, and the options only this crate's API
/// hands a bulk move (names that stay, the user's rules).
pub struct Intent {
    /// The part of the plan.
    pub part: Part,
    /// The tool.
    pub tool: &'static str,
    /// Its declared arguments.
    pub arguments: Value,
    /// What it takes beyond them.
    pub options: BulkOptions,
}

/// What a rehearsal runs on: the session's tools and limits.
pub struct Stage<'a> {
    /// The file system the plan would act on (read only through the
    /// rehearsal).
    pub files: &'a mut dyn FileSystem,
    /// The absolute target.
    pub target_dir: &'a str,
    /// The session's language.
    pub lang: Lang,
    /// The tools declared.
    pub tools: ToolSet,
    /// The tools' limits.
    pub limits: ToolLimits,
}

/// Sample names a group shows.
const SAMPLES: usize = 3;

impl LargePlan {
    /// The calls carrying out the plan's parts, in order: the copies, the
    /// folders of the user's, the kinds named, the rules, then the moves
    /// by type.
    pub fn intents(&self, separator: char) -> Vec<Intent> {
        let plain = |part, (tool, arguments)| Intent {
            part,
            tool,
            arguments,
            options: BulkOptions::default(),
        };
        let mut intents: Vec<Intent> = Vec::new();
        intents
            .extend((self.set_aside.actions().into_iter()).map(|call| plain(Part::Copies, call)));
        for (index, folder) in self.existing.iter().enumerate() {
            let moves = large_existing::actions(std::slice::from_ref(folder));
            intents.extend(
                moves
                    .into_iter()
                    .map(|call| plain(Part::Existing(index), call)),
            );
        }
        let bulk = |part, tool, (arguments, options)| Intent {
            part,
            tool,
            arguments,
            options,
        };
        for (index, call) in self.by_name_intents().into_iter().enumerate() {
            intents.push(bulk(Part::ByName(index), "move_matching", call));
        }
        for (index, arguments, options) in self.rules.intents(separator, &self.left) {
            intents.push(bulk(
                Part::Rule(index),
                "move_matching",
                (arguments, options),
            ));
        }
        for (group, call) in self.groups.iter().zip(self.by_type_intents()) {
            intents.push(bulk(Part::Type(group.category), "move_by_type", call));
        }
        intents
    }

    /// Carries the plan's calls out into a rehearsal over `stage`'s file
    /// system and keeps the moves it records as the plan's steps; every
    /// count, size and sample the plan shows is then read from them.
    pub fn rehearse(&mut self, stage: Stage<'_>) {
        let separator = paths::separator(stage.target_dir);
        let intents = self.intents(separator);
        let mut rehearsal = Rehearsal::new(stage.files);
        let mut memo = FolderMemo::default();
        let mut steps = Vec::new();
        for Intent {
            part,
            tool,
            arguments,
            options,
        } in intents
        {
            let mut ctx = ToolContext::new(&mut rehearsal, stage.target_dir, stage.lang)
                .with_tools(stage.tools);
            ctx.limits = stage.limits;
            ctx.dry_run = true;
            ctx.memo = Some(&mut memo);
            ctx.options = options;
            let _ = run_tool(tool, &arguments, &mut ctx);
            drop(ctx);
            for moved in rehearsal.take_moves() {
                let from = relative(stage.target_dir, &moved.from);
                let twin = match part {
                    Part::Copies => (self.set_aside.copies.iter())
                        .find(|copy| copy.file == from)
                        .map(|copy| copy.kept.clone()),
                    Part::Existing(_) | Part::ByName(_) | Part::Rule(_) | Part::Type(_) => None,
                };
                steps.push(PlannedMove {
                    id: u32::try_from(steps.len() + 1).unwrap_or(u32::MAX),
                    from,
                    to: relative(stage.target_dir, &moved.to),
                    size: moved.size,
                    part,
                    twin,
                });
            }
        }
        self.steps = Some(steps);
        self.recount();
    }

    /// Every count, size, pattern and sample of the plan read from its
    /// steps; the parts that move nothing dropped.
    fn recount(&mut self) {
        let Some(steps) = self.steps.take() else {
            return;
        };
        let moved: std::collections::HashSet<&str> =
            steps.iter().map(|step| step.from.as_str()).collect();
        (self.set_aside.copies).retain(|copy| moved.contains(copy.file.as_str()));
        for (index, folder) in self.existing.iter_mut().enumerate() {
            // What the folder takes, its groups' other files included.
            folder.moves = (steps.iter())
                .filter(|step| step.part == Part::Existing(index))
                .map(|step| (step.from.clone(), step.to.clone()))
                .collect();
        }
        for (index, kind) in self.by_name.iter_mut().enumerate() {
            let names = names_of(&steps, Part::ByName(index));
            kind.count = names.len();
            kind.samples.retain(|name| names.contains(&name.as_str()));
            if kind.samples.is_empty() {
                kind.samples = names
                    .iter()
                    .take(SAMPLES)
                    .map(|name| (*name).to_owned())
                    .collect();
            }
        }
        for (index, step) in self.rules.steps.iter_mut().enumerate() {
            step.count = names_of(&steps, Part::Rule(index)).len();
            step.exact = true;
        }
        for group in &mut self.groups {
            let part = Part::Type(group.category);
            let names = names_of(&steps, part);
            let size: u64 = (steps.iter().filter(|s| s.part == part))
                .map(|s| s.size)
                .sum();
            group.count = names.len();
            group.size = format_size(size);
            group.after_rules = false;
            group.up_to = false;
            // Each pattern's glob is built once, not once per name.
            let n = names.len();
            group.patterns = (group.patterns.iter())
                .filter_map(|(pattern, _)| {
                    let left = less_matching(pattern, n, names.iter().copied());
                    let matching = n - left.map_or(0, |(_, left)| left);
                    (matching > 0).then(|| (pattern.clone(), matching))
                })
                .collect();
            let shown: Vec<&str> = group
                .samples
                .as_deref()
                .map(|samples| samples.split(", ").filter(|n| names.contains(n)).collect())
                .unwrap_or_default();
            let shown = match shown.is_empty() {
                true => names.iter().take(SAMPLES).copied().collect(),
                false => shown,
            };
            group.samples = (!shown.is_empty()).then(|| shown.join(", "));
        }
        self.groups.retain(|group| group.count > 0);
        self.by_name.retain(|kind| kind.count > 0);
        self.steps = Some(steps);
    }

    /// Where the steps of `part` go; `None` for a part the plan no longer
    /// has.
    pub fn destination(&self, part: Part, separator: char) -> Option<Destination> {
        let folder = |name: &str, exists, why| Destination::Folder {
            name: name.to_owned(),
            exists,
            why,
        };
        match part {
            Part::Copies => Some(folder(
                &self.set_aside.folder,
                self.set_aside.folder_exists,
                Why::Copies,
            )),
            Part::Existing(index) => (self.existing.get(index))
                .map(|existing| folder(&existing.folder, true, Why::Existing)),
            Part::ByName(index) => (self.by_name.get(index)).map(|kind| {
                folder(
                    &kind.folder,
                    kind.folder_exists,
                    Why::Request(kind.category),
                )
            }),
            Part::Rule(index) => self.rules.steps.get(index).map(|step| Destination::Rule {
                to: step.shown(separator),
                exists: step.folder_exists,
                number: self.rules.shown_number(step.number),
            }),
            Part::Type(category) => (self.groups.iter())
                .find(|group| group.category == category)
                .map(|group| folder(&group.folder, group.folder_exists, Why::Type(category))),
        }
    }

    /// The go-ahead's calls: every step, in order, with one `move_files`
    /// (one per [`MOST_MOVES`] steps on a folder larger than that).
    pub fn steps_actions(&self, steps: &[PlannedMove]) -> Vec<(&'static str, Value)> {
        steps
            .chunks(MOST_MOVES)
            .map(|chunk| {
                let moves: Vec<Value> = chunk
                    .iter()
                    .map(|step| json!({ "from": step.from, "to": step.to }))
                    .collect();
                ("move_files", json!({ "moves": moves }))
            })
            .collect()
    }
}

/// The names (last components) of the items `part`'s steps move, in order.
fn names_of(steps: &[PlannedMove], part: Part) -> Vec<&str> {
    steps
        .iter()
        .filter(|step| step.part == part)
        .map(|step| paths::file_name(&step.from))
        .collect()
}

/// `path` relative to `target` when inside it, else as it is.
fn relative(target: &str, path: &str) -> String {
    let inside = path.strip_prefix(target).and_then(|rest| {
        rest.strip_prefix(['/', '\\'])
            .or(target.ends_with(['/', '\\']).then_some(rest))
    });
    match inside {
        Some(rest) if !rest.is_empty() => rest.to_owned(),
        Some(_) | None => path.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file_type::Category;

    #[test]
    fn a_plan_larger_than_one_call_takes_is_carried_out_in_several_in_order() {
        let steps: Vec<PlannedMove> = (0..=MOST_MOVES)
            .map(|i| PlannedMove {
                id: u32::try_from(i + 1).unwrap(),
                from: format!("f{i}"),
                to: format!("Others/f{i}"),
                size: 1,
                part: Part::Type(Category::Documents),
                twin: None,
            })
            .collect();
        let calls = LargePlan::default().steps_actions(&steps);
        assert_eq!(calls.len(), 2);
        assert_eq!(calls[0].1["moves"].as_array().unwrap().len(), MOST_MOVES);
        assert_eq!(calls[1].1["moves"][0]["from"], format!("f{MOST_MOVES}"));
    }

    #[test]
    fn paths_inside_the_target_are_relative_and_others_stay_absolute() {
        assert_eq!(relative("/t", "/t/a/b.jpg"), "a/b.jpg");
        assert_eq!(relative("/t/", "/t/a.jpg"), "a.jpg");
        assert_eq!(relative(r"C:\t", r"C:\t\a.jpg"), "a.jpg");
        assert_eq!(relative("/t", "/tx/a.jpg"), "/tx/a.jpg");
        assert_eq!(relative("/t", "/elsewhere/a.jpg"), "/elsewhere/a.jpg");
    }
}
