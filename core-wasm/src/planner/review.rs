//! Reviewing the pending plan before the go-ahead: the whole plan as one
//! page (`show`), and leaving a destination folder or one file out of it
//! (`skip NAME`). The plan changes only by a skip; the page reads the
//! target's listing for a large plan, whose files the plan only counts.

use crate::Lang;
use crate::ports::Entry;

use super::large::{LargePlan, less_matching, without};
use super::large_existing;
use super::plan::{Plan, Reason};
use super::proposal::Proposal;
use super::review_page::{
    busy, by_name_matches, large_page, left_sections, matches_pattern, movable, related, section,
    unit_kind,
};
use super::steps::Stage;
use super::steps_page::steps_page;
use super::{large_plan_text, plan_text};

/// What a skip did to the plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skip {
    /// `name` is out of the plan: `files` of it stay (`None`: one file).
    Out {
        /// The folder or file, as the plan names it.
        name: String,
        /// How many files stay, for a folder or a group of related files.
        files: Option<usize>,
        /// The main file of the group of related files `name` belongs to,
        /// when the whole group stays with it.
        group: Option<String>,
    },
    /// Nothing of the plan has that name; these folders can be skipped.
    Unknown {
        /// The destination folders of the plan.
        folders: Vec<String>,
    },
}

impl Proposal {
    /// The plan as the planner shows it, ending with the question.
    pub fn text(&self, lang: Lang, separator: char) -> String {
        match self {
            Proposal::PerFile(plan) => plan_text::plan_text(plan, lang, separator),
            Proposal::ByCategory(plan) => large_plan_text::plan_text(plan, lang, separator),
        }
    }

    /// Makes the plan exact on `stage`: a large plan's calls are carried
    /// out into a rehearsal and the moves recorded become its steps (a
    /// plan of one move per file is exact as it is). Called again after
    /// every change to the plan.
    pub fn rehearse(&mut self, stage: Stage<'_>) {
        match self {
            Proposal::PerFile(_) => {}
            Proposal::ByCategory(plan) => {
                plan.steps = None;
                plan.rehearse(stage);
            }
        }
    }

    /// Whether the plan still moves anything.
    pub fn moves_anything(&self) -> bool {
        match self {
            Proposal::PerFile(plan) => plan.move_count() > 0,
            Proposal::ByCategory(plan) => plan.file_count() > 0,
        }
    }

    /// The whole plan, every file by destination folder (source →
    /// destination), with counts, then what stays; `listing` is the
    /// target's entries (read for a large plan).
    pub fn page(&self, lang: Lang, separator: char, listing: &[Entry]) -> String {
        let mut sections = match self {
            Proposal::PerFile(plan) => per_file_page(plan, lang, separator),
            Proposal::ByCategory(plan) => match &plan.steps {
                Some(steps) => steps_page(plan, steps, lang, separator, listing),
                None => large_page(plan, lang, separator, listing),
            },
        };
        sections.push(lang.page_end().to_owned());
        sections.join("\n\n")
    }

    /// Leaves `name` out of the plan: a destination folder (or its
    /// category's name), whose files all stay, or one file. Names match
    /// exactly, else in any letter case; quotes and a trailing separator
    /// are ignored, and so is a sentence's end (`skip Installers.`) when
    /// no name has it. `listing` is the target's entries (a large plan
    /// names its files only there).
    pub fn skip(&mut self, name: &str, separator: char, listing: &[Entry]) -> Skip {
        let name = name
            .trim()
            .trim_matches(['"', '\'', '`', '“', '”', '‘', '’', '「', '」'])
            .trim()
            .trim_end_matches(['/', '\\']);
        let skipped = self.skip_named(name, separator, listing);
        let bare = name.trim_end_matches(['.', '!', '?', '。', '！', '？']);
        match skipped {
            Skip::Unknown { .. } if bare != name && !bare.is_empty() => {
                self.skip_named(bare, separator, listing)
            }
            Skip::Out { .. } | Skip::Unknown { .. } => skipped,
        }
    }

    fn skip_named(&mut self, name: &str, separator: char, listing: &[Entry]) -> Skip {
        match self {
            Proposal::PerFile(plan) => skip_per_file(plan, name, separator),
            Proposal::ByCategory(plan) => skip_large(plan, name, separator, listing),
        }
    }
}

/// The one of `names` that is `wanted`: the same, else the only one equal
/// in any letter case.
fn matching<'a>(names: impl Iterator<Item = &'a str> + Clone, wanted: &str) -> Option<&'a str> {
    if let Some(same) = names.clone().find(|name| *name == wanted) {
        return Some(same);
    }
    let lower = wanted.to_lowercase();
    let mut alike = names.filter(|name| name.to_lowercase() == lower);
    match (alike.next(), alike.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// A folder as the plan names it: with the separator after it.
fn folder_label(folder: &str, separator: char) -> String {
    format!("{folder}{separator}")
}

fn skip_per_file(plan: &mut Plan, name: &str, separator: char) -> Skip {
    let folders = plan.groups.iter().map(|group| group.folder.as_str());
    let categories = plan.groups.iter().filter_map(|group| match group.reason {
        Reason::Category(category) => Some(category.name()),
        Reason::Rule(_) | Reason::Request | Reason::Duplicate | Reason::Existing => None,
    });
    let by_folder = matching(folders, name).map(str::to_owned);
    let by_category = matching(categories, name).map(str::to_owned);
    let group_at = by_folder
        .map(|folder| plan.groups.iter().position(|g| g.folder == folder))
        .or_else(|| {
            by_category.map(|category| {
                plan.groups
                    .iter()
                    .position(|g| matches!(g.reason, Reason::Category(c) if c.name() == category))
            })
        })
        .flatten();
    if let Some(index) = group_at {
        let group = plan.groups.remove(index);
        let files = group.moves.len();
        plan.skipped
            .extend(group.moves.into_iter().map(|step| step.file));
        return Skip::Out {
            name: folder_label(&group.folder, separator),
            files: Some(files),
            group: None,
        };
    }
    let files = plan
        .groups
        .iter()
        .flat_map(|group| group.moves.iter().map(|step| step.file.as_str()));
    let Some(file) = matching(files, name).map(str::to_owned) else {
        return Skip::Unknown {
            folders: plan.groups.iter().map(|g| g.folder.clone()).collect(),
        };
    };
    // A file of a group of related files takes the whole group out.
    let main = plan
        .related
        .iter()
        .find(|(main, members)| **main == file || members.iter().any(|(m, _)| *m == file))
        .map(|(main, _)| main.clone());
    let mut out = vec![file.clone()];
    let mut group = None;
    if let Some((main, members)) = main.and_then(|main| plan.related.remove_entry(&main)) {
        out = std::iter::once(main.clone())
            .chain(members.into_iter().map(|(name, _)| name))
            .collect();
        group = Some(main);
    }
    for group in &mut plan.groups {
        group.moves.retain(|step| !out.contains(&step.file));
    }
    plan.groups.retain(|group| !group.moves.is_empty());
    let files = group.is_some().then_some(out.len());
    plan.skipped.extend(out);
    Skip::Out {
        name: file,
        files,
        group,
    }
}

fn skip_large(plan: &mut LargePlan, name: &str, separator: char, listing: &[Entry]) -> Skip {
    let copies_folder =
        (!plan.set_aside.copies.is_empty()).then_some(plan.set_aside.folder.as_str());
    if copies_folder.is_some_and(|folder| matching(std::iter::once(folder), name).is_some()) {
        let copies = std::mem::take(&mut plan.set_aside.copies);
        let files = copies.len();
        plan.left.extend(copies.into_iter().map(|copy| copy.file));
        let label = folder_label(&plan.set_aside.folder, separator);
        plan.skipped.push(label.clone());
        return Skip::Out {
            name: label,
            files: Some(files),
            group: None,
        };
    }
    if let Some((skipped, files)) = large_existing::skip(&mut plan.existing, name) {
        let whole = files.len() > 1 || files.first() != Some(&skipped);
        plan.left.extend(files.iter().cloned());
        let label = match whole {
            true => folder_label(&skipped, separator),
            false => skipped,
        };
        plan.skipped.push(label.clone());
        return Skip::Out {
            name: label,
            files: whole.then_some(files.len()),
            group: None,
        };
    }
    let folders = plan.groups.iter().map(|group| group.folder.as_str());
    let categories = plan.groups.iter().map(|group| group.category.name());
    let by_folder = matching(folders, name).map(str::to_owned);
    let by_category = matching(categories, name).map(str::to_owned);
    let group_at = plan.groups.iter().position(|group| {
        by_folder.as_deref() == Some(group.folder.as_str())
            || by_category.as_deref() == Some(group.category.name())
    });
    if let Some(index) = group_at {
        let group = plan.groups.remove(index);
        let label = folder_label(&group.folder, separator);
        plan.skipped_categories.push(group.category);
        plan.skipped.push(label.clone());
        return Skip::Out {
            name: label,
            files: Some(group.count),
            group: None,
        };
    }
    let copies = plan.set_aside.copies.iter().map(|copy| copy.file.as_str());
    if let Some(copy) = matching(copies, name).map(str::to_owned) {
        plan.set_aside.copies.retain(|c| c.file != copy);
        plan.left.push(copy.clone());
        plan.skipped.push(copy.clone());
        return Skip::Out {
            name: copy,
            files: None,
            group: None,
        };
    }
    let busy = busy(listing, &plan.secrets);
    let related = related(listing);
    // A rehearsed plan's files are its steps' items.
    let stepped: Option<Vec<&str>> =
        (plan.steps.as_ref()).map(|steps| steps.iter().map(|step| step.from.as_str()).collect());
    let in_plan = |entry: &&Entry| {
        if let Some(stepped) = &stepped {
            return stepped.contains(&entry.name.as_str()) && !plan.left.contains(&entry.name);
        }
        movable(entry, &busy)
            && !plan.left.contains(&entry.name)
            && (by_name_matches(plan, &entry.name)
                || (plan.groups.iter())
                    .any(|group| group.category == unit_kind(&related, &entry.name)))
    };
    let files = listing
        .iter()
        .filter(in_plan)
        .map(|entry| entry.name.as_str());
    let Some(file) = matching(files, name).map(str::to_owned) else {
        let mut folders: Vec<String> = copies_folder.map(str::to_owned).into_iter().collect();
        folders.extend(plan.groups.iter().map(|group| group.folder.clone()));
        return Skip::Unknown { folders };
    };
    // A file moved by name leaves that move; one of a group of related
    // files takes its whole group out of its category's move.
    if let Some(kind) = (plan.by_name.iter_mut()).find(|kind| matches_pattern(&kind.pattern, &file))
    {
        kind.count = kind.count.saturating_sub(1);
        kind.samples.retain(|sample| *sample != file);
        plan.by_name.retain(|kind| kind.count > 0);
        plan.left.push(file.clone());
        plan.skipped.push(file.clone());
        return Skip::Out {
            name: file,
            files: None,
            group: None,
        };
    }
    let group = related.of(&file);
    let out: Vec<String> = match group {
        Some(group) => group.names().map(str::to_owned).collect(),
        None => vec![file.clone()],
    };
    let category = unit_kind(&related, &file);
    if let Some(moving) = plan.groups.iter_mut().find(|g| g.category == category) {
        moving.count = moving.count.saturating_sub(out.len());
        // The summary's size counted them too; the rest's size is unknown.
        moving.size.clear();
        moving.samples = moving
            .samples
            .as_deref()
            .and_then(|samples| without(samples, |sample| out.iter().any(|o| o == sample)));
        moving.patterns = std::mem::take(&mut moving.patterns)
            .into_iter()
            .filter_map(|(pattern, count)| {
                less_matching(&pattern, count, out.iter().map(String::as_str))
            })
            .collect();
    }
    plan.groups.retain(|group| group.count > 0);
    let main = group.map(|group| group.main.clone());
    let files = main.is_some().then_some(out.len());
    plan.skipped.extend(out.iter().cloned());
    plan.left.extend(out);
    Skip::Out {
        name: file,
        files,
        group: main,
    }
}

fn per_file_page(plan: &Plan, lang: Lang, separator: char) -> Vec<String> {
    let mut sections = vec![lang.page_heading(plan.move_count())];
    for group in &plan.groups {
        let lines = group.moves.iter().map(|step| {
            let same = plan
                .copy_of
                .get(&step.file)
                .map(|kept| lang.same_bytes_as(kept));
            format!(
                "{} → {}{}",
                step.file,
                step.destination,
                same.unwrap_or_default()
            )
        });
        sections.push(section(
            plan_text::group_heading(group, lang, separator),
            lines,
        ));
    }
    sections.extend(left_sections(plan_text::left_kinds(plan), lang));
    sections
}
