//! The people's view of tool calls on a terminal: consecutive calls of one
//! tool sum up in one line, redrawn in place, that names the item being
//! handled and ends with a count ("Moved 12 files into 3 folders"); the
//! finished line keeps the count. Failures show named and readable; a
//! listing of a folder that is not there yet (a plan's) does not show.
//! Piped output and `--verbose` keep the spec's `[tool]` lines instead.

use crate::words::ViewWords;
use std::collections::BTreeSet;

use tidyup_core::{Lang, file_name, parent_path};

/// What the view shows for one tool event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// The live line: `live` now, `done` once the run of calls is over;
    /// `fresh` when a new run starts (the previous live line ends).
    Live {
        live: String,
        done: String,
        fresh: bool,
    },
    /// A line of its own (a tool that does not sum up).
    Line(String),
    /// The line of a failed tool.
    Failure(String),
    /// Nothing.
    Nothing,
}

/// One tool event, as the view reads it.
#[derive(Debug, Clone, Copy)]
pub struct ToolCall<'a> {
    pub name: &'a str,
    pub result: &'a str,
    pub failed: bool,
    pub subject: Option<&'a str>,
    pub destination: Option<&'a str>,
    pub items: Option<u64>,
    pub not_found: bool,
    /// Not run: the user stopped the turn first (the stop line says so).
    pub not_run: bool,
}

/// The calls of one tool in a row, summed up.
#[derive(Debug, Clone, Default)]
struct Run {
    tool: String,
    calls: usize,
    /// Folders met: listed, created, or moved into.
    folders: BTreeSet<String>,
    /// Items listed.
    items: u64,
}

/// Sums consecutive calls of one tool up for people.
#[derive(Debug, Clone)]
pub struct Activity {
    lang: Lang,
    /// The target directory, once the session said it; paths inside it
    /// show relative to it.
    target: Option<String>,
    run: Option<Run>,
    /// A dry run: changes are worded as what would be done.
    dry_run: bool,
}

impl Activity {
    /// A view speaking `lang`.
    pub fn new(lang: Lang) -> Self {
        Self {
            lang,
            target: None,
            run: None,
            dry_run: false,
        }
    }

    /// The same view in a dry run (`dry_run`): changes are worded as what
    /// would be done.
    pub fn in_dry_run(mut self, dry_run: bool) -> Self {
        self.dry_run = dry_run;
        self
    }

    /// Sets the target directory paths show relative to.
    pub fn set_target(&mut self, target: &str) {
        self.target = Some(target.to_owned());
    }

    /// Ends the run of calls (another kind of event came).
    pub fn end_run(&mut self) {
        self.run = None;
    }

    /// What to show for `call`.
    pub fn tool(&mut self, call: &ToolCall<'_>) -> Shown {
        let lang = self.lang;
        let subject = call
            .subject
            .map(|path| self.display(path))
            .unwrap_or_default();
        if call.not_run {
            // The turn's stop line counts what the calls not run left.
            return Shown::Nothing;
        }
        if call.failed {
            if call.not_found && call.name == "list_files" {
                // A folder the plan has yet to create: not an error to people.
                return Shown::Nothing;
            }
            self.run = None;
            let cause = call.result.lines().next().unwrap_or_default();
            return Shown::Failure(lang.view_failed(call.name, &subject, cause));
        }
        if !sums_up(call.name) {
            self.run = None;
            let first = call.result.lines().next().unwrap_or_default();
            return Shown::Line(first.to_owned());
        }
        let fresh = self.run.as_ref().is_none_or(|run| run.tool != call.name);
        if fresh {
            self.run = Some(Run {
                tool: call.name.to_owned(),
                ..Run::default()
            });
        }
        let name = call.subject.map(file_name).unwrap_or_default();
        let (current, folder) = match call.name {
            "get_file_type" => (format!("{name}: {}", call.result.trim()), None),
            "move_file" => {
                let folder = call
                    .destination
                    .map(|to| destination_folder(call.subject.unwrap_or_default(), to));
                let shown = folder
                    .as_deref()
                    .map(|f| self.display(f))
                    .unwrap_or_default();
                (format!("{name} → {shown}"), folder)
            }
            "list_files" | "create_folder" | "summarize_folder" => {
                (subject.clone(), call.subject.map(str::to_owned))
            }
            _ => (subject.clone(), None),
        };
        let mut run = self.run.take().unwrap_or_default();
        run.calls += 1;
        run.items += call.items.unwrap_or(0);
        run.folders.extend(folder);
        let done = self.sum(&run);
        let one_listing = call.name == "list_files" && run.folders.len() == 1;
        self.run = Some(run);
        let live = if current.is_empty() || one_listing {
            done.clone()
        } else {
            format!("{current}  ·  {done}")
        };
        Shown::Live { live, done, fresh }
    }

    /// The count of a run, worded.
    fn sum(&self, run: &Run) -> String {
        let lang = self.lang;
        let items = usize::try_from(run.items).unwrap_or(usize::MAX);
        match run.tool.as_str() {
            "get_file_type" => lang.view_classified(run.calls),
            "list_files" => match (run.folders.len(), run.folders.first()) {
                (1, Some(folder)) => lang.view_listed(&self.display(folder), items),
                (folders, _) => lang.view_listed_folders(folders, items),
            },
            "move_file" if self.dry_run => lang.view_would_move(run.calls, run.folders.len()),
            "move_file" => lang.view_moved(run.calls, run.folders.len()),
            "create_folder" if self.dry_run => lang.view_would_create(run.calls),
            "create_folder" => lang.view_created(run.calls),
            "rename_file" if self.dry_run => lang.view_would_rename(run.calls),
            "rename_file" => lang.view_renamed(run.calls),
            "read_file" => lang.view_read(run.calls),
            "find_files" => lang.view_searched(run.calls),
            _ => {
                let only = match (run.folders.len(), run.folders.first()) {
                    (1, Some(folder)) if !self.is_target(folder) => Some(self.display(folder)),
                    _ => None,
                };
                lang.view_summarized(run.folders.len(), only.as_deref())
            }
        }
    }

    /// Whether `path` is the target directory itself.
    fn is_target(&self, path: &str) -> bool {
        self.target.as_deref().is_some_and(|target| {
            target.trim_end_matches(['/', '\\']) == path.trim_end_matches(['/', '\\'])
        })
    }

    /// A path as people read it: relative to the target inside it.
    fn display(&self, path: &str) -> String {
        let Some(target) = self.target.as_deref() else {
            return path.to_owned();
        };
        let inside = path
            .strip_prefix(target.trim_end_matches(['/', '\\']))
            .and_then(|rest| rest.strip_prefix(['/', '\\']))
            .filter(|rest| !rest.is_empty());
        inside.unwrap_or(path).to_owned()
    }
}

/// Whether consecutive calls of the tool sum up in one line.
fn sums_up(tool: &str) -> bool {
    matches!(
        tool,
        "get_file_type"
            | "list_files"
            | "move_file"
            | "create_folder"
            | "rename_file"
            | "read_file"
            | "find_files"
            | "summarize_folder"
    )
}

/// The folder a move of `from` to `to` puts it in: `to`'s parent when `to`
/// ends in the same name (or another name with an extension), else `to`
/// itself (a folder the file moves into).
fn destination_folder(from: &str, to: &str) -> String {
    let (from_name, to_name) = (file_name(from), file_name(to));
    let names_a_file = to_name == from_name || to_name.contains('.');
    match parent_path(to) {
        Some(parent) if names_a_file => parent.to_owned(),
        _ => to.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call<'a>(name: &'a str, subject: &'a str, result: &'a str) -> ToolCall<'a> {
        ToolCall {
            name,
            result,
            failed: false,
            subject: Some(subject),
            destination: None,
            items: None,
            not_found: false,
            not_run: false,
        }
    }

    #[test]
    fn moves_sum_up_with_their_folders_in_chinese() {
        let mut view = Activity::new(Lang::Zh);
        view.set_target("/t");
        let shown = |view: &mut Activity, file: &str, to: &str| {
            view.tool(&ToolCall {
                destination: Some(to),
                ..call("move_file", file, "已移动")
            })
        };
        shown(&mut view, "/t/a.txt", "/t/文档/a.txt");
        let Shown::Live { live, done, fresh } = shown(&mut view, "/t/b.png", "/t/图片") else {
            panic!("not live");
        };
        assert!(!fresh);
        assert_eq!(live, "b.png → 图片  ·  已将 2 个文件移入 2 个文件夹");
        assert_eq!(done, "已将 2 个文件移入 2 个文件夹");
    }

    #[test]
    fn one_folder_looked_over_is_named_never_counted() {
        let mut view = Activity::new(Lang::En);
        view.set_target("/t");
        let done = |shown: Shown| {
            let Shown::Live { done, .. } = shown else {
                panic!("not live: {shown:?}");
            };
            done
        };
        let whole = done(view.tool(&call("summarize_folder", "/t", "summary")));
        assert_eq!(whole, "Looked over the whole folder");
        let mut view = Activity::new(Lang::En);
        view.set_target("/t");
        let one = done(view.tool(&call("summarize_folder", "/t/Photos", "summary")));
        assert_eq!(one, "Looked over Photos");
        let two = done(view.tool(&call("summarize_folder", "/t/Music", "summary")));
        assert_eq!(two, "Looked over 2 folders");
    }

    #[test]
    fn calls_not_run_after_a_stop_show_nothing() {
        let mut view = Activity::new(Lang::En);
        view.set_target("/t");
        let not_run = ToolCall {
            failed: true,
            not_run: true,
            ..call(
                "move_by_type",
                "/t",
                "Not executed: the user cancelled this turn.",
            )
        };
        assert_eq!(view.tool(&not_run), Shown::Nothing);
    }

    #[test]
    fn a_missing_folder_shows_nothing_and_a_failure_its_cause() {
        let mut view = Activity::new(Lang::En);
        view.set_target("/t");
        let missing = ToolCall {
            failed: true,
            not_found: true,
            ..call(
                "list_files",
                "/t/Photos/2024-10",
                "Directory does not exist: /t/Photos/2024-10",
            )
        };
        assert_eq!(view.tool(&missing), Shown::Nothing);
        let failed = ToolCall {
            failed: true,
            ..call(
                "move_file",
                "/t/gone.txt",
                "Source does not exist: /t/gone.txt\nmore",
            )
        };
        assert_eq!(
            view.tool(&failed),
            Shown::Failure("✗ move_file gone.txt: Source does not exist: /t/gone.txt".to_owned())
        );
    }

    #[test]
    fn listings_count_items_and_say_one_item() {
        let mut view = Activity::new(Lang::En);
        view.set_target("/t");
        let listed = view.tool(&ToolCall {
            items: Some(1),
            ..call(
                "list_files",
                "/t/docs",
                "1 items in /t/docs:\n[文件] a | 0 B | x",
            )
        });
        let Shown::Live { live, .. } = listed else {
            panic!("not live");
        };
        assert_eq!(live, "Listed docs: 1 item");
    }

    #[test]
    fn a_dry_run_says_what_would_be_done() {
        let mut view = Activity::new(Lang::En).in_dry_run(true);
        view.set_target("/t");
        let Shown::Live { done, .. } = view.tool(&call("create_folder", "/t/Docs", "x")) else {
            panic!("not live");
        };
        assert_eq!(done, "Would create 1 folder (dry run)");
    }
}
