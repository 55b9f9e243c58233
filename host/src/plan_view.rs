//! A saved dry-run plan as people and scripts read it (`tidyup plan
//! show`): its steps grouped by destination folder, as a table or as JSON.
//!
//! The JSON shape is stable (the user guide lists it, in
//! docs/guide/src/undo-and-safety.md): `version` (1), `target`,
//! `remote` (a remote folder's address, only for a plan of one),
//! `created`, `sandbox_roots` (null when the sandbox was off),
//! `step_count`, and `groups`, each with `destination` (the folder the
//! steps fill, absolute; null for deletions), `step_count` and `steps`,
//! each with `kind` (`create_folder`, `move`, `replace`: a move replacing
//! what is at `to`, or `delete`), `from` and `to` (absolute paths, null
//! where a kind has none), in the order the plan carries them out.

use crate::words::ReviewWords;
use std::path::Path;

use serde::Serialize;
use tidyup_core::Lang;
use unicode_width::UnicodeWidthStr;

use crate::dry_run::DryRunPlan;
use crate::fs::PlanStep;

/// The version of the JSON shape.
const VERSION: u32 = 1;

/// A plan grouped by destination.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlanView {
    /// The version of this shape.
    pub version: u32,
    /// The target directory the plan was made for.
    pub target: String,
    /// The remote folder's address when the plan was made for one (never
    /// with a password); absent for a local folder.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remote: Option<String>,
    /// When it was made (RFC 3339).
    pub created: String,
    /// The sandbox roots, `None` when the sandbox was off.
    pub sandbox_roots: Option<Vec<String>>,
    /// How many steps in all.
    pub step_count: usize,
    /// The groups, in the order their first step comes.
    pub groups: Vec<GroupView>,
}

/// The steps filling one folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GroupView {
    /// The folder; `None` for deletions.
    pub destination: Option<String>,
    /// How many steps.
    pub step_count: usize,
    /// The steps, in plan order.
    pub steps: Vec<StepView>,
}

/// One step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepView {
    /// `create_folder`, `move`, `replace` or `delete`.
    pub kind: &'static str,
    /// Where the item is (none for a new folder).
    pub from: Option<String>,
    /// Where it goes (none for a deletion).
    pub to: Option<String>,
}

impl PlanView {
    /// The view of `plan`.
    pub fn of(plan: &DryRunPlan) -> Self {
        let mut groups: Vec<GroupView> = Vec::new();
        for step in &plan.steps {
            let (destination, view) = match step {
                PlanStep::CreateFolder { path } => (
                    Some(path.clone()),
                    StepView {
                        kind: "create_folder",
                        from: None,
                        to: Some(path.clone()),
                    },
                ),
                PlanStep::Move {
                    from, to, replaces, ..
                } => (
                    Path::new(to).parent().map(|p| p.display().to_string()),
                    StepView {
                        kind: if *replaces { "replace" } else { "move" },
                        from: Some(from.clone()),
                        to: Some(to.clone()),
                    },
                ),
                PlanStep::Delete { path, .. } => (
                    None,
                    StepView {
                        kind: "delete",
                        from: Some(path.clone()),
                        to: None,
                    },
                ),
            };
            match groups.iter_mut().find(|g| g.destination == destination) {
                Some(group) => group.steps.push(view),
                None => groups.push(GroupView {
                    destination,
                    step_count: 0,
                    steps: vec![view],
                }),
            }
        }
        for group in &mut groups {
            group.step_count = group.steps.len();
        }
        Self {
            version: VERSION,
            target: plan.target.display().to_string(),
            remote: None,
            created: plan.created.clone(),
            sandbox_roots: plan
                .roots
                .as_ref()
                .map(|roots| roots.iter().map(|r| r.display().to_string()).collect()),
            step_count: plan.steps.len(),
            groups,
        }
    }

    /// The plan as a table in `lang`: a heading, then per destination its
    /// heading and a row per step (from, to, kind), paths relative to the
    /// target where they lie in it.
    pub fn table(&self, lang: Lang) -> Vec<String> {
        let relative = |path: &str| relative_to(&self.target, path);
        let rows: Vec<Vec<[String; 3]>> = self
            .groups
            .iter()
            .map(|group| {
                group
                    .steps
                    .iter()
                    .map(|step| {
                        [
                            step.from.as_deref().map_or("-".to_owned(), relative),
                            step.to.as_deref().map_or("-".to_owned(), relative),
                            lang.saved_plan_kind(step.kind).to_owned(),
                        ]
                    })
                    .collect()
            })
            .collect();
        let columns = lang.saved_plan_columns();
        let width = |i: usize| {
            rows.iter()
                .flatten()
                .map(|row| row[i].width())
                .chain([columns[i].width()])
                .max()
                .unwrap_or_default()
        };
        let widths = [width(0), width(1)];
        let line = |cells: [&str; 3]| {
            let pad = |text: &str, to: usize| {
                format!("{text}{}", " ".repeat(to.saturating_sub(text.width())))
            };
            format!(
                "  {}  {}  {}",
                pad(cells[0], widths[0]),
                pad(cells[1], widths[1]),
                cells[2]
            )
        };
        let created = chrono::DateTime::parse_from_rfc3339(&self.created).map_or_else(
            |_| self.created.clone(),
            |t| t.format("%Y-%m-%d %H:%M").to_string(),
        );
        let folder = self.remote.as_deref().unwrap_or(&self.target);
        let mut lines = vec![lang.saved_plan_heading(folder, &created, self.step_count)];
        for (group, rows) in self.groups.iter().zip(&rows) {
            lines.push(String::new());
            let heading = match &group.destination {
                Some(folder) => lang.saved_plan_group(&relative(folder), group.step_count),
                None => lang.saved_plan_group(lang.saved_plan_kind("delete"), group.step_count),
            };
            lines.push(heading);
            lines.push(line(columns));
            for row in rows {
                lines.push(line([&row[0], &row[1], &row[2]]));
            }
        }
        lines
    }
}

/// `path` relative to `target` when it lies in it (`.` for the target).
fn relative_to(target: &str, path: &str) -> String {
    match Path::new(path).strip_prefix(target) {
        Ok(rest) if rest.as_os_str().is_empty() => ".".to_owned(),
        Ok(rest) => rest.display().to_string(),
        Err(_) => path.to_owned(),
    }
}
