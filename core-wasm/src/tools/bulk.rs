//! What the bulk tools share: reading one directory, matching names with a
//! glob, which files they may take (never one in use) and of what kind, and
//! moving many files into one folder with bounded results.

use std::collections::{BTreeMap, HashSet};

use foldhash::fast::RandomState;
use globset::{GlobBuilder, GlobMatcher};

use super::list_files::sort_for_listing;
use super::made_folders::MadeFolders;
use super::{Moves, ToolContext, ToolData, ToolFailure, ToolResult};
use crate::groups::group_names;
use crate::in_use::{InUse, in_use_of};
use crate::paths::{self, NameCase, free_name};
use crate::ports::FileSystemExt;
use crate::ports::{BatchMove, Entry, EntryKind, ErrorCode, Event};

/// How the bulk moves compare names in a destination: a name taken there
/// in any case counts as taken. A bulk move never replaces anything, and
/// whether the host ignores case its paths do not always tell (macOS's look
/// like any other), so the bulk moves take the rule under which no host's
/// names collide.
const BULK_CASE: NameCase = NameCase::Ignored;

/// Moves handed to the host in one file-system call.
const BATCH: usize = 1_000;
/// Moved files named one by one in a result; the rest are counted.
const NAMED_MOVES: usize = 10;
/// Failures named one by one in a result; the rest are counted.
const NAMED_FAILURES: usize = 10;

/// A directory read for a bulk tool: its resolved path and sorted entries.
pub(super) struct Folder {
    pub path: String,
    pub entries: Vec<Entry>,
}

/// Reads the directory at the model's `path`; `Err(text)` is the tool's
/// plain result when it is missing (the same text as `list_files`).
pub(super) fn read_folder(
    ctx: &mut ToolContext<'_>,
    path: &str,
) -> Result<Result<Folder, String>, ToolFailure> {
    let path = paths::resolve(ctx.target_dir, path);
    let listable = match ctx.files.stat(&path)?.map(|entry| entry.kind) {
        Some(EntryKind::Dir | EntryKind::Symlink) => true,
        Some(EntryKind::File | EntryKind::Other) | None => false,
    };
    let entries = match listable {
        true => match ctx.files.list(&path) {
            Ok(entries) => Some(entries),
            Err(err) if err.code == ErrorCode::NotFound || err.code == ErrorCode::NotADirectory => {
                None
            }
            Err(err) => return Err(err.into()),
        },
        false => None,
    };
    let Some(mut entries) = entries else {
        return Ok(Err(ctx.lang.dir_missing(&path)));
    };
    if entries.len() > ctx.limits.large_folder_entries {
        ctx.met_large_folder = true;
    }
    sort_for_listing(&mut entries);
    Ok(Ok(Folder { path, entries }))
}

/// A case-insensitive glob on names (`*` matches every name).
pub(super) fn name_glob(ctx: &ToolContext<'_>, pattern: &str) -> Result<GlobMatcher, ToolFailure> {
    GlobBuilder::new(pattern.trim())
        .case_insensitive(true)
        .literal_separator(true)
        .backslash_escape(false)
        .build()
        .map(|glob| glob.compile_matcher())
        .map_err(|err| ToolFailure::Cause(ctx.lang.bad_pattern(pattern, &err.kind().to_string())))
}

/// Whether a bulk move may take this entry: a file or a link, never a
/// folder, never a hidden item, never one in use (`in_use`, see
/// [`busy_entries`]).
pub(super) fn movable(entry: &Entry, in_use: bool) -> bool {
    matches!(entry.kind, EntryKind::File | EntryKind::Symlink)
        && entry.name.as_bytes().first() != Some(&b'.')
        && !in_use
}

/// The entries of one folder (`entries`, all of it) that look in use, by
/// name, with why.
pub(super) fn busy_entries(entries: &[Entry]) -> BTreeMap<String, InUse> {
    let mut busy = in_use_of(entries.iter().map(|entry| entry.name.as_str()));
    busy.retain(|name, _| !name.starts_with('.'));
    busy
}

/// What a bulk move did.
pub(super) struct MoveReport {
    /// `(name, destination path)` of each file moved.
    pub moved: Vec<(String, String)>,
    /// `(name, cause)` of each file not moved.
    pub failed: Vec<(String, String)>,
    /// Files left unmoved because the user asked to stop (after the
    /// file in progress); never counted as failed.
    pub left: usize,
    /// The folders the move created for its destination (and kept).
    pub made: Vec<String>,
}

/// Moves `units` (all in `from_dir`), each a file alone or a group of
/// related files (its main file first), into the folder `destination`,
/// creating it with its parents when missing; a name already taken there
/// gets ` (2)`, ` (3)`..., the same in every member's name of a group, so
/// they still match one another. Nothing is ever overwritten. `Err(text)`
/// is the tool's plain result when the destination cannot be a folder.
pub(super) fn move_units_into(
    ctx: &mut ToolContext<'_>,
    from_dir: &str,
    units: &[Vec<String>],
    destination: &str,
) -> Result<Result<MoveReport, String>, ToolFailure> {
    if same_place(from_dir, destination) {
        return Ok(Err(ctx.lang.already_in_place(destination)));
    }
    let (mut taken, made) = match prepare_destination(ctx, destination, units.is_empty())? {
        Ok(prepared) => prepared,
        Err(text) => return Ok(Err(text)),
    };
    let mut names = Vec::new();
    let mut planned = Vec::new();
    for unit in units {
        let members: Vec<&str> = unit.iter().map(String::as_str).collect();
        let grouped = match members.len() {
            1 => None,
            _ => group_names(&members, &|name| taken.contains(&BULK_CASE.key(name))),
        };
        let free: Vec<String> = match grouped {
            Some(free) => {
                taken.extend(free.iter().map(|name| BULK_CASE.key(name)));
                free
            }
            None => members
                .iter()
                .map(|name| {
                    let free = free_name(name, BULK_CASE, |key| taken.contains(key));
                    taken.insert(BULK_CASE.key(&free));
                    free
                })
                .collect(),
        };
        for (name, free) in members.iter().zip(free) {
            names.push((*name).to_owned());
            planned.push(BatchMove {
                from: paths::join(from_dir, name),
                to: paths::join(destination, &free),
            });
        }
    }
    let mut report = run_batches(ctx, &names, &planned);
    if report.moved.is_empty() {
        made.remove(ctx.files);
    } else {
        report.made = made.into_paths();
    }
    Ok(Ok(report))
}

/// Names taken in a destination, as keys of [`BULK_CASE`].
type Taken = HashSet<String, RandomState>;

/// The names already taken in `destination` (keys of [`BULK_CASE`]) and
/// the folders made to create it when missing (none when
/// `nothing_to_move`); `Err(text)` when it cannot be a folder.
fn prepare_destination(
    ctx: &mut ToolContext<'_>,
    destination: &str,
    nothing_to_move: bool,
) -> Result<Result<(Taken, MadeFolders), String>, ToolFailure> {
    let lang = ctx.lang;
    match ctx.files.stat(destination)?.map(|e| e.kind) {
        Some(EntryKind::Dir | EntryKind::Symlink) => {
            let taken = ctx
                .files
                .list(destination)?
                .into_iter()
                .map(|entry| BULK_CASE.key(&entry.name))
                .collect();
            Ok(Ok((taken, MadeFolders::default())))
        }
        Some(EntryKind::File | EntryKind::Other) => {
            Ok(Err(lang.folder_blocked_by_file(destination)))
        }
        None if nothing_to_move => Ok(Ok((Taken::default(), MadeFolders::default()))),
        None => Ok(match MadeFolders::create(ctx.files, destination) {
            Ok(made) => Ok((Taken::default(), made)),
            Err(err) => Err(lang.folder_failed(destination, &lang.host_failure(&err))),
        }),
    }
}

/// Runs `planned` (one move per name of `names`) in batches of [`BATCH`],
/// with a progress event after each. A stop asked by the user ends it:
/// before a batch (asked of the context), or within one (a host that
/// answers the moves it did not make with code `cancelled`); the moves
/// not made are counted as left, and in the context.
pub(super) fn run_batches(
    ctx: &mut ToolContext<'_>,
    names: &[String],
    planned: &[BatchMove],
) -> MoveReport {
    let lang = ctx.lang;
    let mut report = MoveReport {
        moved: Vec::new(),
        failed: Vec::new(),
        left: 0,
        made: Vec::new(),
    };
    for (chunk, steps) in names.chunks(BATCH).zip(planned.chunks(BATCH)) {
        if report.left > 0 || ctx.stop_requested() {
            report.left += chunk.len();
            continue;
        }
        match ctx.files.move_batch(steps) {
            Ok(results) => {
                // A host answering fewer moves than asked leaves the rest
                // unaccounted for: they count as failed, never as moved.
                let mut results = results.into_iter();
                for (name, step) in chunk.iter().zip(steps) {
                    match results.next() {
                        Some(Ok(())) => report.moved.push((name.clone(), step.to.clone())),
                        Some(Err(err)) if err.code == ErrorCode::Cancelled => report.left += 1,
                        Some(Err(err)) => {
                            report.failed.push((name.clone(), lang.host_failure(&err)));
                        }
                        None => report.failed.push((name.clone(), lang.no_move_result())),
                    }
                }
            }
            Err(err) => {
                let cause = lang.host_failure(&err);
                report
                    .failed
                    .extend(chunk.iter().map(|name| (name.clone(), cause.clone())));
            }
        }
        if let Some(progress) = ctx.progress.as_deref_mut() {
            progress.emit(Event::Progress {
                done: (report.moved.len() + report.failed.len() + report.left) as u64,
                total: names.len() as u64,
                text: ctx.lang.moving_files(),
            });
        }
    }
    ctx.files_moved = report.moved.len();
    ctx.files_left = report.left;
    report
}

/// The result of a bulk move: counts, the first moves, the failures (all
/// when few, else the first ones and a count), bounded whatever the size; a
/// failure of the tool when nothing could be moved.
pub(super) fn describe(
    ctx: &mut ToolContext<'_>,
    report: &MoveReport,
    destination: &str,
) -> ToolResult {
    let text = describe_text(ctx, report, destination);
    ctx.data = ToolData::Moves(Moves {
        moved: report.moved.len(),
        total: report.moved.len() + report.failed.len() + report.left,
        failures: (report.failed.iter().take(NAMED_FAILURES))
            .map(|(name, cause)| format!("{name}: {cause}"))
            .collect(),
    });
    if report.moved.is_empty() && !report.failed.is_empty() {
        Err(ToolFailure::Reported(text))
    } else {
        Ok(text)
    }
}

fn describe_text(ctx: &ToolContext<'_>, report: &MoveReport, destination: &str) -> String {
    let lang = ctx.lang;
    let total = report.moved.len() + report.failed.len() + report.left;
    // The stop, if any, comes after what moved: a turn that stops says so
    // once, in its own line, and a view of the first line does not repeat it.
    let mut text = String::new();
    text.push_str(&if ctx.dry_run {
        lang.bulk_would_move(report.moved.len(), total, destination)
    } else {
        lang.bulk_moved(report.moved.len(), total, destination)
    });
    for (name, to) in report.moved.iter().take(NAMED_MOVES) {
        text.push_str(&format!("\n  {name} → {to}"));
    }
    if report.moved.len() > NAMED_MOVES {
        text.push('\n');
        text.push_str(&lang.and_more(report.moved.len() - NAMED_MOVES));
    }
    if !report.failed.is_empty() {
        text.push('\n');
        text.push_str(&lang.bulk_failed(report.failed.len()));
        for (name, cause) in report.failed.iter().take(NAMED_FAILURES) {
            text.push_str(&format!("\n  {name}: {cause}"));
        }
        if report.failed.len() > NAMED_FAILURES {
            text.push('\n');
            text.push_str(&lang.and_more(report.failed.len() - NAMED_FAILURES));
        }
    }
    if report.left > 0 {
        text.push('\n');
        text.push_str(&lang.stopped_after(report.moved.len(), total));
    }
    text
}

/// Whether two absolute directory paths name the same place, lexically:
/// `.`, `..`, repeated and trailing separators aside, in any letter case
/// (so a case-insensitive file system is covered too).
pub(super) fn same_place(a: &str, b: &str) -> bool {
    fn parts(path: &str) -> Vec<String> {
        let separators: &[char] = if paths::is_windows_style(path) {
            &['/', '\\']
        } else {
            &['/']
        };
        let mut parts: Vec<String> = Vec::new();
        for part in path.split(separators) {
            match part {
                "" | "." => {}
                ".." => {
                    parts.pop();
                }
                part => parts.push(part.to_lowercase()),
            }
        }
        parts
    }
    parts(a) == parts(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_names_never_collide_whatever_the_case() {
        let taken = |key: &str| ["a.jpg", "a (2).jpg"].contains(&key);
        assert_eq!(free_name("A.JPG", BULK_CASE, taken), "A (3).JPG");
        assert_eq!(free_name("b.jpg", BULK_CASE, taken), "b.jpg");
        assert_eq!(free_name(".x", BULK_CASE, |key| key == ".x"), ".x (2)");
    }

    #[test]
    fn the_same_place_whatever_the_spelling() {
        assert!(same_place("/t", "/t/"));
        assert!(same_place("/t", "/t/./x/.."));
        assert!(same_place("/t/Photos", "/t/photos"));
        assert!(same_place(r"C:\t\x", "C:/t/x/"));
        assert!(!same_place("/t", "/t/x"));
        assert!(!same_place("/t/a\\b", "/t/a/b"));
    }
}
