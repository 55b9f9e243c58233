//! `summarize_folder`: a bounded overview of a directory of any size, so a
//! model can plan by category and name pattern without seeing every name.
//! It counts files by their kind as the bulk moves judge it
//! ([`crate::kinds`]), and the files in use apart: no bulk move takes them.

use std::collections::BTreeMap;

use super::analysis::{Analysis, Judged};
use super::bulk::{movable, read_folder};
use super::name_patterns::pattern_with_extension;
use super::summary_rows::{BY_CONTENT_NAMED, IN_USE_NAMED, PROJECTS, rows, short, short_glob};
use super::{Args, DIR_MARKER, Group, Tool, ToolContext, ToolData, ToolFailure, ToolResult};
use crate::file_type::{Category, extension};
use crate::format::group_digits;
use crate::format::{format_local_time, format_size};
use crate::groups::{Groups, project_marker};
use crate::in_use::InUse;
use crate::paths;
use crate::ports::FileSystemExt;
use crate::ports::{Entry, EntryKind};
use crate::texts::Lang;

/// The most characters a summary has, whatever the folder's size.
pub const MAX_SUMMARY_CHARS: usize = 4_000;
/// Rows of each ranked list (extensions, months, patterns).
const TOP: usize = 10;
/// Subfolders named.
const FOLDERS: usize = 15;
/// Sample names per category.
const SAMPLES: usize = 3;
/// Groups of related files named as examples.
const GROUPS: usize = 5;
/// Subfolders looked into to see whether they are projects.
const PROJECT_CHECKS: usize = 50;

pub(super) const TOOL: Tool = Tool {
    name: "summarize_folder",
    group: Group::Bulk,
    description: "A short overview of a directory of any size: counts of files and folders, count and size per category, the most common extensions, modification months, the most common name patterns (globs for move_matching), the subfolders, the project folders (to leave whole), the groups of related files (kept together) and sample names per category.",
    parameters: &[(
        "path",
        "string",
        "The directory to summarize (absolute, or relative to the target directory).",
    )],
    run,
};

fn run(args: &Args, ctx: &mut ToolContext<'_>) -> ToolResult {
    let mut folder = match read_folder(ctx, args.string("path")?)? {
        Ok(folder) => Analysis::of(folder),
        Err(text) => return Err(ToolFailure::Reported(text)),
    };
    if folder.entries.is_empty() {
        return Ok(ctx.lang.dir_empty(&folder.path));
    }
    let Judged { busy, kinds } = folder.judge(ctx);
    let related = folder.groups(&busy);
    let busy = folder.busy_by_name(&busy);
    let named = folder.named();
    let Analysis { path, entries, .. } = folder;
    let stats = Stats::of(&entries, &kinds, &busy, &related);
    let lang = ctx.lang;
    let mut sections = vec![
        lang.summary_heading(
            &path,
            &group_digits(stats.files),
            &group_digits(stats.folders.len()),
            &format_size(stats.bytes),
        ),
        by_type_section(lang, &stats),
    ];
    if !stats.by_content.is_empty() {
        sections.push(by_content_section(lang, &stats.by_content));
    }
    sections.extend([
        ranked(&lang.summary_extensions(), &stats.extensions),
        months(&lang.summary_months(), &stats.months),
    ]);
    let patterns = repeated_patterns(&stats);
    if !patterns.is_empty() {
        sections.push(pattern_lines(ctx, &patterns));
    }
    if !stats.folders.is_empty() {
        sections.push(folders_line(lang, &stats.folders));
    }
    let projects = projects(ctx, &path, &stats.folders);
    if !projects.is_empty() {
        sections.push(projects_section(lang, &projects));
    }
    if !related.all().is_empty() {
        sections.push(groups_section(lang, &related));
    }
    sections.push(samples_section(lang, &stats));
    if !stats.in_use.is_empty() {
        sections.push(in_use_section(lang, &stats.in_use));
    }
    if stats.hidden > 0 {
        sections.push(lang.summary_hidden(&group_digits(stats.hidden)));
    }
    let online_only: Vec<String> = (stats.online_only.iter())
        .take(IN_USE_NAMED)
        .map(|name| short(name))
        .collect();
    if !online_only.is_empty() {
        let count = group_digits(stats.online_only.len());
        sections.push(lang.summary_online_only(&count, &online_only));
    }
    let mut summary = rows(
        &stats.categories,
        &stats.samples,
        &stats.by_content,
        &stats.in_use,
        &top(&patterns).0,
        &projects,
    );
    summary.online_only = (stats.online_only.len(), online_only);
    summary.named = named;
    ctx.data = ToolData::Summary(summary);
    Ok(bounded(sections.join("\n")))
}

/// Files and bytes per category.
fn by_type_section(lang: Lang, stats: &Stats) -> String {
    let mut lines = vec![lang.summary_by_type()];
    for (category, (count, bytes)) in &stats.categories {
        lines.push(format!(
            "  {}: {} ({})",
            category.name(),
            group_digits(*count),
            format_size(*bytes)
        ));
    }
    lines.join("\n")
}

/// The name patterns that more than one file shares, with their counts.
fn repeated_patterns(stats: &Stats) -> BTreeMap<String, usize> {
    stats
        .patterns
        .iter()
        .filter(|(_, count)| **count >= 2)
        .map(|(pattern, count)| (pattern.clone(), *count))
        .collect()
}

/// The first [`FOLDERS`] subfolders' names, and how many more.
fn folders_line(lang: Lang, folders: &[String]) -> String {
    let mut line = lang.summary_folders();
    let named: Vec<String> = folders
        .iter()
        .take(FOLDERS)
        .map(|name| short(name))
        .collect();
    line.push_str(&named.join(", "));
    if folders.len() > FOLDERS {
        line.push_str(&format!(", {}", lang.and_more(folders.len() - FOLDERS)));
    }
    line
}

/// The subfolders of `path` (the first [`PROJECT_CHECKS`] not hidden)
/// that are projects, each with the entry that says so.
fn projects(ctx: &mut ToolContext<'_>, path: &str, folders: &[String]) -> Vec<(String, String)> {
    folders
        .iter()
        .filter(|name| !name.starts_with('.'))
        .take(PROJECT_CHECKS)
        .filter_map(|name| {
            let entries = ctx.files.list(&paths::join(path, name)).ok()?;
            let marker = project_marker(entries.iter().map(|entry| entry.name.as_str()))?;
            Some((name.clone(), marker.to_owned()))
        })
        .collect()
}

/// The projects, one `  [目录] NAME | MARKER` row each (the first
/// [`PROJECTS`]), and how many more.
fn projects_section(lang: Lang, projects: &[(String, String)]) -> String {
    let mut lines = vec![lang.summary_projects(projects.len())];
    lines.extend(
        projects
            .iter()
            .take(PROJECTS)
            .map(|(name, marker)| format!("  {DIR_MARKER} {name} | {marker}")),
    );
    if projects.len() > PROJECTS {
        lines.push(format!("  {}", lang.and_more(projects.len() - PROJECTS)));
    }
    lines.join("\n")
}

/// How many groups of related files there are, and a few of them: the
/// main file and what goes with it.
fn groups_section(lang: Lang, related: &Groups) -> String {
    let all = related.all();
    let mut lines = vec![lang.summary_groups(all.len())];
    lines.extend(all.iter().take(GROUPS).map(|group| {
        format!(
            "  {}{}",
            short(&group.main),
            lang.moving_with(&group.members)
        )
    }));
    if all.len() > GROUPS {
        lines.push(format!("  {}", lang.and_more(all.len() - GROUPS)));
    }
    lines.join("\n")
}

/// A few file names of each category.
fn samples_section(lang: Lang, stats: &Stats) -> String {
    let mut lines = vec![lang.summary_samples()];
    for (category, names) in &stats.samples {
        let names: Vec<String> = names.iter().map(|name| short(name)).collect();
        lines.push(format!("  {}: {}", category.name(), names.join(", ")));
    }
    lines.join("\n")
}

/// The files whose kind their first bytes told, one `  NAME → 图片` row
/// each (the first [`BY_CONTENT_NAMED`]).
fn by_content_section(lang: Lang, by_content: &[(String, Category)]) -> String {
    let mut lines = vec![lang.summary_by_content()];
    for (name, category) in by_content.iter().take(BY_CONTENT_NAMED) {
        lines.push(format!("  {} → {}", short(name), category.name()));
    }
    if by_content.len() > BY_CONTENT_NAMED {
        lines.push(format!(
            "  {}",
            lang.and_more(by_content.len() - BY_CONTENT_NAMED)
        ));
    }
    lines.join("\n")
}

/// The files in use, a row per kind, naming the first of them.
fn in_use_section(lang: Lang, in_use: &BTreeMap<InUse, Vec<String>>) -> String {
    let mut lines = vec![lang.summary_in_use()];
    for (why, names) in in_use {
        let named: Vec<String> = names
            .iter()
            .take(IN_USE_NAMED)
            .map(|name| short(name))
            .collect();
        lines.push(lang.summary_in_use_row(*why, names.len(), &named));
    }
    lines.join("\n")
}

/// What a summary counts.
#[derive(Default)]
struct Stats {
    files: usize,
    bytes: u64,
    hidden: usize,
    folders: Vec<String>,
    categories: BTreeMap<Category, (usize, u64)>,
    /// Extensions with their dot (`.jpg`), `-` for none.
    extensions: BTreeMap<String, usize>,
    months: BTreeMap<String, usize>,
    patterns: BTreeMap<String, usize>,
    samples: BTreeMap<Category, Vec<String>>,
    /// The files in use, by why.
    in_use: BTreeMap<InUse, Vec<String>>,
    /// The files whose name gives no kind but whose first bytes do.
    by_content: Vec<(String, Category)>,
    /// The movable files whose content lives elsewhere (never read).
    online_only: Vec<String>,
}

impl Stats {
    /// The counts of `entries`, whose kinds are `kinds` (in order) and of
    /// which `busy` are in use; a member of a group of `related` files (a
    /// saved page's folder too) counts under its group's kind, as
    /// `move_by_type` moves it.
    fn of(
        entries: &[Entry],
        kinds: &[Category],
        busy: &BTreeMap<String, InUse>,
        related: &Groups,
    ) -> Self {
        let mut stats = Stats::default();
        for (entry, category) in entries.iter().zip(kinds.iter().copied()) {
            if entry.kind == EntryKind::Dir {
                stats.folders.push(entry.name.clone());
                // A saved page's folder moves with the page: counted with
                // its type, as move_by_type counts what it moves.
                if let Some(group) = related.of(&entry.name) {
                    stats.categories.entry(group.kind()).or_default().0 += 1;
                }
                continue;
            }
            stats.files += 1;
            stats.bytes = stats.bytes.saturating_add(entry.size);
            if let Some(why) = busy.get(&entry.name) {
                stats
                    .in_use
                    .entry(*why)
                    .or_default()
                    .push(entry.name.clone());
                continue;
            }
            if !movable(entry, busy.contains_key(&entry.name)) {
                stats.hidden += usize::from(entry.name.starts_with('.'));
                continue;
            }
            if entry.online_only {
                stats.online_only.push(entry.name.clone());
            }
            if category != crate::kinds::kind(&entry.name) {
                stats.by_content.push((entry.name.clone(), category));
            }
            let ext = extension(&entry.name);
            let category = related
                .of(&entry.name)
                .map_or(category, |group| group.kind());
            let totals = stats.categories.entry(category).or_default();
            totals.0 += 1;
            totals.1 = totals.1.saturating_add(entry.size);
            if let Some(pattern) = pattern_with_extension(&entry.name, &ext) {
                *stats.patterns.entry(pattern).or_default() += 1;
            }
            let ext = if ext.is_empty() {
                "-".to_owned()
            } else {
                format!(".{ext}")
            };
            *stats.extensions.entry(ext).or_default() += 1;
            let month: String = format_local_time(entry.modified, entry.utc_offset)
                .chars()
                .take(7)
                .collect();
            *stats.months.entry(month).or_default() += 1;
            let samples = stats.samples.entry(category).or_default();
            if samples.len() < SAMPLES {
                samples.push(entry.name.clone());
            }
        }
        stats
    }
}

/// The [`TOP`] most common keys, most first (ties by key), and the total
/// count of the others.
fn top(counts: &BTreeMap<String, usize>) -> (Vec<(&String, usize)>, usize) {
    let mut rows: Vec<(&String, usize)> = counts.iter().map(|(key, n)| (key, *n)).collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let rest = rows.iter().skip(TOP).map(|(_, count)| count).sum();
    rows.truncate(TOP);
    (rows, rest)
}

/// `heading a 12 · b 3 ...`: the [`TOP`] most common, most first.
fn ranked(heading: &str, counts: &BTreeMap<String, usize>) -> String {
    let (rows, rest) = top(counts);
    let shown: Vec<String> = rows
        .iter()
        .map(|(key, count)| format!("{} {}", short(key), group_digits(*count)))
        .collect();
    let mut line = format!("{heading}{}", shown.join(" · "));
    if rest > 0 {
        line.push_str(&format!(" · … {}", group_digits(rest)));
    }
    line
}

/// The name patterns, one `  PATTERN COUNT` line each (`  IMG_*.jpg
/// 3,412`), the [`TOP`] most common first: a pattern is a glob for
/// `move_matching`, and may hold spaces.
fn pattern_lines(ctx: &ToolContext<'_>, patterns: &BTreeMap<String, usize>) -> String {
    let (rows, rest) = top(patterns);
    let mut lines = vec![ctx.lang.summary_patterns()];
    lines.extend(
        rows.iter()
            .map(|(pattern, count)| format!("  {} {}", short_glob(pattern), group_digits(*count))),
    );
    if rest > 0 {
        lines.push(format!("  {}", ctx.lang.and_more(rest)));
    }
    lines.join("\n")
}

/// The [`TOP`] most recent months, newest first, then the earlier total.
fn months(heading: &str, counts: &BTreeMap<String, usize>) -> String {
    let shown: Vec<String> = counts
        .iter()
        .rev()
        .take(TOP)
        .map(|(month, count)| format!("{month} {}", group_digits(*count)))
        .collect();
    let earlier: usize = counts.values().rev().skip(TOP).sum();
    let mut line = format!("{heading}{}", shown.join(" · "));
    if earlier > 0 {
        line.push_str(&format!(" · < {}", group_digits(earlier)));
    }
    line
}

/// The text cut to [`MAX_SUMMARY_CHARS`] characters at a line end.
fn bounded(text: String) -> String {
    if text.chars().count() <= MAX_SUMMARY_CHARS {
        return text;
    }
    let mut out = String::new();
    for line in text.lines() {
        if out.chars().count() + line.chars().count() + 2 > MAX_SUMMARY_CHARS {
            break;
        }
        out.push_str(line);
        out.push('\n');
    }
    out.push('…');
    out
}
