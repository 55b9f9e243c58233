//! The plan the page reviews: the dry run's steps and the folder's entries
//! made into the core's plan table, and the ticked rows made back into a
//! plan to carry out.

use crate::words::WindowWords;
use std::collections::{HashMap, HashSet};
use std::path::{Component, Path, PathBuf};

use serde::Deserialize;
use serde_json::{Value, json};
use tidyup_core::{
    DryRunStep, EntryKind, FileSystemExt, Lang, PlanEntry, PlanInput, PlanRow, PlanRules,
    PlanTable, plan_table,
};

use super::status::CurrentPlan;
use crate::dry_run::DryRunPlan;
use crate::fs::names::shown_path;
use crate::fs::{HostFs, HostFsExt, PlanStep};

/// One ticked row of `api/apply`: its id, and its new destination folder
/// (relative to the folder) when the page changed it.
#[derive(Debug, Deserialize)]
pub struct Ticked {
    /// The row's id.
    pub id: String,
    /// The new destination folder, relative to the folder.
    #[serde(default)]
    pub to: Option<String>,
}

/// The plan table of `steps` on `folder` (as the folder is now, before
/// them, read through `files`: a remote folder from its server), made by
/// the core.
pub fn table(
    id: &str,
    files: &mut dyn HostFs,
    folder: &Path,
    steps: &[PlanStep],
    rules: Option<&str>,
    lang: Lang,
) -> PlanTable {
    let input = PlanInput {
        plan: id.to_owned(),
        folder: shown_path(folder),
        steps: steps.iter().map(step_input).collect(),
        entries: entries(files, folder, steps),
        rules: rules.map(str::to_owned),
    };
    plan_table(&input, lang)
}

/// The `plan` event of `table`.
pub fn event(table: &PlanTable) -> Value {
    let mut event = serde_json::to_value(table).unwrap_or_else(|_| json!({}));
    if let Some(object) = event.as_object_mut() {
        object.insert("kind".into(), json!("plan"));
    }
    event
}

/// A step as the plan table reads it, with the digest of its item's bytes
/// as the dry run fingerprinted them.
fn step_input(step: &PlanStep) -> DryRunStep {
    let digest = |source: &crate::fs::Fingerprint| {
        source
            .detail
            .as_ref()
            .and_then(|detail| detail.content.clone())
    };
    match step {
        PlanStep::CreateFolder { path } => DryRunStep::CreateFolder { path: path.clone() },
        PlanStep::Move {
            from, to, source, ..
        } => DryRunStep::Move {
            from: from.clone(),
            to: to.clone(),
            size: source.size.unwrap_or(0),
            digest: digest(source),
        },
        PlanStep::Delete { path, source } => DryRunStep::Delete {
            path: path.clone(),
            size: source.size.unwrap_or(0),
            digest: digest(source),
        },
    }
}

/// The folders whose files a plan table is told, at most.
const FOLDERS_LISTED: usize = 40;
/// The files of one folder a plan table is told, at most.
const NAMES_PER_FOLDER: usize = 300;

/// The folder's top-level entries: name, size, whether a folder (with the
/// names of the files it holds); and the
/// digest of each file whose size another file has too and that no step
/// moves (the steps carry their own), so a copy's row can name the file
/// of its very bytes.
fn entries(files: &mut dyn HostFs, folder: &Path, steps: &[PlanStep]) -> Vec<PlanEntry> {
    let folder = shown_path(folder);
    let Ok(listed) = files.list(&folder) else {
        return Vec::new();
    };
    let mut found: Vec<(PlanEntry, String)> = listed
        .into_iter()
        .map(|entry| {
            let dir = entry.kind == EntryKind::Dir;
            let path = format!("{}/{}", folder.trim_end_matches(['/', '\\']), entry.name);
            let plan_entry = PlanEntry {
                name: entry.name,
                size: if dir { 0 } else { entry.size },
                dir,
                digest: None,
                online_only: entry.online_only,
                holds: Vec::new(),
            };
            (plan_entry, path)
        })
        .collect();
    // What the person's folders hold: the evidence a row going into one is
    // told by.
    let folders = (found.iter_mut())
        .filter(|(entry, _)| entry.dir && !entry.name.starts_with('.'))
        .take(FOLDERS_LISTED);
    for (entry, path) in folders {
        if let Ok(inside) = files.list(path) {
            entry.holds = inside
                .into_iter()
                .filter(|held| held.kind != EntryKind::Dir && !held.name.starts_with('.'))
                .take(NAMES_PER_FOLDER)
                .map(|held| held.name)
                .collect();
        }
    }
    let stepped: HashSet<&str> = steps
        .iter()
        .filter_map(|step| match step {
            PlanStep::Move { from, .. } => Some(from.as_str()),
            PlanStep::Delete { path, .. } => Some(path.as_str()),
            PlanStep::CreateFolder { .. } => None,
        })
        .collect();
    let mut sizes: HashMap<u64, usize> = HashMap::new();
    for (entry, _) in found.iter().filter(|(entry, _)| !entry.dir) {
        *sizes.entry(entry.size).or_default() += 1;
    }
    for (entry, path) in &mut found {
        let shared = sizes.get(&entry.size).is_some_and(|n| *n > 1);
        if !entry.dir && shared && !stepped.contains(path.as_str()) {
            entry.digest = files
                .fingerprint(path)
                .ok()
                .flatten()
                .and_then(|print| print.detail?.content);
        }
    }
    found.into_iter().map(|(entry, _)| entry).collect()
}

/// The plan of the ticked rows of `plan` on `target`: each row's own step
/// (by the index the row carries) in the plan's order (a changed destination moves the file to
/// `target/to/NAME`, its folder made first), with the planned folders the
/// kept moves need, under the `rules` file the window follows. `Err` is
/// the text refusing the request.
pub fn ticked(
    plan: &CurrentPlan,
    target: &Path,
    roots: Option<Vec<PathBuf>>,
    rules: Option<PlanRules>,
    rows: &[Ticked],
    lang: Lang,
) -> Result<DryRunPlan, String> {
    // Each looked up once per ticked row, not searched for: a plan of ten
    // thousand rows stays linear.
    let rows_by_id: HashMap<&str, &PlanRow> = plan
        .table
        .groups
        .iter()
        .flat_map(|group| &group.rows)
        .map(|row| (row.id.as_str(), row))
        .collect();
    let planned_folders: Vec<&PlanStep> = plan
        .steps
        .iter()
        .filter(|step| matches!(step, PlanStep::CreateFolder { .. }))
        .collect();
    let mut chosen: Vec<(usize, Option<PlanStep>)> = Vec::new();
    let mut seen_rows: HashSet<&str> = HashSet::new();
    for row in rows {
        let found = *rows_by_id
            .get(row.id.as_str())
            .ok_or_else(|| lang.window_no_such_row(&row.id))?;
        // A row ticked twice is one step carried out once.
        if !seen_rows.insert(row.id.as_str()) {
            continue;
        }
        // The row's own step, by its index: never found again by a name,
        // which two items may show alike.
        let at = found.step;
        let redirected = match (&row.to, plan.steps.get(at)) {
            (_, None | Some(PlanStep::CreateFolder { .. })) => {
                return Err(lang.window_no_such_row(&row.id));
            }
            (
                Some(to),
                Some(PlanStep::Move {
                    from,
                    to: planned,
                    source,
                    ..
                }),
            ) => {
                let folder = inside(target, to).ok_or_else(|| lang.window_bad_destination(to))?;
                // The name the step gives it, exactly as the dry run wrote it.
                let name = Path::new(planned).file_name().unwrap_or_default();
                Some((
                    folder.clone(),
                    PlanStep::Move {
                        from: from.clone(),
                        to: shown_path(&folder.join(name)),
                        source: source.clone(),
                        replaces: false,
                    },
                ))
            }
            (_, Some(PlanStep::Move { .. } | PlanStep::Delete { .. })) => None,
        };
        match redirected {
            Some((folder, step)) => {
                chosen.push((
                    at,
                    Some(PlanStep::CreateFolder {
                        path: shown_path(&folder),
                    }),
                ));
                chosen.push((at, Some(step)));
            }
            None => chosen.push((at, None)),
        }
    }
    chosen.sort_by_key(|(at, _)| *at);
    let mut steps: Vec<PlanStep> = Vec::new();
    for (at, replaced) in chosen {
        let step = replaced.unwrap_or_else(|| plan.steps[at].clone());
        let PlanStep::Move { to, .. } = &step else {
            steps.push(step);
            continue;
        };
        for folder in &planned_folders {
            if let PlanStep::CreateFolder { path } = folder
                && holds(path, to)
            {
                steps.push((*folder).clone());
            }
        }
        steps.push(step);
    }
    let mut seen = std::collections::HashSet::new();
    steps.retain(|step| match step {
        PlanStep::CreateFolder { path } => seen.insert(path.clone()),
        PlanStep::Move { .. } | PlanStep::Delete { .. } => true,
    });
    Ok(DryRunPlan {
        target: target.to_path_buf(),
        roots,
        created: chrono::Local::now().to_rfc3339(),
        rules,
        steps,
    })
}

/// `target/to` when `to` is a folder relative to `target`, made of plain
/// names only (no `..`, `.`, root or drive); `""` is `target` itself.
fn inside(target: &Path, to: &str) -> Option<PathBuf> {
    if to.contains('\0') || to.starts_with(['/', '\\']) || Path::new(to).is_absolute() {
        return None;
    }
    relative(target, to)
}

/// `target` joined with the names of `path` (either separator).
fn relative(target: &Path, path: &str) -> Option<PathBuf> {
    let mut joined = target.to_path_buf();
    for name in path.split(['/', '\\']).filter(|name| !name.is_empty()) {
        let mut parts = Path::new(name).components();
        match (parts.next(), parts.next()) {
            (Some(Component::Normal(_)), None) => joined.push(name),
            _ => return None,
        }
    }
    Some(joined)
}

/// Whether `folder` is the folder of `to` or above it.
fn holds(folder: &str, to: &str) -> bool {
    to.strip_prefix(folder)
        .is_some_and(|rest| rest.starts_with(['/', '\\']))
}
