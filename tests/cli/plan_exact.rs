//! The plan shown is the plan applied: on a random folder (below and above
//! the large-folder limit) and a random request in either language, the
//! offline planner's `show` page lists exactly the moves `yes` then makes
//! (each file known by its inode), nothing is lost or changed, and
//! `tidyup undo` gives back the very tree the folder was.

use std::collections::BTreeSet;
use std::path::Path;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use tidyup_test_kit::e2e::{
    Move, Outcome, Tidyup, items_of, moves_differ, moves_made, target_dir, tree_of,
};

mod folder;

use folder::{Folder, folder};

/// A line to the planner, in its language with that language's words to
/// see the page, agree and quit.
#[derive(Debug, Clone)]
struct Request {
    lang: &'static str,
    line: &'static str,
    show: &'static str,
    yes: &'static str,
    quit: &'static str,
}

const fn en(line: &'static str) -> Request {
    Request {
        lang: "en",
        line,
        show: "show",
        yes: "yes",
        quit: "quit",
    }
}

const fn zh(line: &'static str) -> Request {
    Request {
        lang: "zh",
        line,
        show: "显示",
        yes: "好",
        quit: "退出",
    }
}

const REQUESTS: &[Request] = &[
    en("organize this folder"),
    zh("整理这个文件夹"),
    en("only pictures"),
    zh("只整理图片"),
    en("put the pdfs in a folder called Papers"),
    zh("把PDF放到论文文件夹"),
    en("sort my photos by date"),
    zh("照片按日期整理"),
    en("leave the music"),
    zh("音乐别动，其他的按类型整理"),
    en("put the screenshots in Screens, everything else by type"),
    en("sort by year"),
];

/// The moves the `show` page lists (`  FROM → TO`, a copy's note after
/// it), between its first line and its last; none without a page.
fn moves_shown(stdout: &str) -> BTreeSet<Move> {
    let mut lines = stdout.lines();
    let start =
        |line: &&str| line.starts_with("The whole plan: ") || line.starts_with("完整方案：");
    let end =
        |line: &&str| line.starts_with("The plan still waits") || line.starts_with("方案仍在等待");
    if lines.find(start).is_none() {
        return BTreeSet::new();
    }
    lines
        .take_while(|line| !end(line))
        .filter_map(|line| line.strip_prefix("  ")?.split_once(" → "))
        .map(|(from, to)| (from.to_owned(), without_note(to).to_owned()))
        .collect()
}

/// `to` without the note a copy's line ends with (`texts/planner`'s
/// `same_bytes_as`).
fn without_note(to: &str) -> &str {
    let english = to.rfind(" (same bytes as ").filter(|_| to.ends_with(')'));
    let chinese = to.rfind("（与 ").filter(|_| to.ends_with("内容相同）"));
    english.or(chinese).map_or(to, |at| &to[..at])
}

/// The session's output less the page's lines (one per file).
fn short(outcome: &Outcome) -> String {
    let lines: Vec<&str> = (outcome.stdout.lines())
        .filter(|line| !line.starts_with("  "))
        .take(60)
        .collect();
    format!(
        "status {:?}\n{}\n--- stderr ---\n{}",
        outcome.status,
        lines.join("\n"),
        outcome.stderr
    )
}

/// `tidyup ARGS` with `input` piped, in the data directory `data`.
fn tidyup(data: &Path, args: &[&str], input: &str) -> Outcome {
    Tidyup::bare()
        .env("TIDYUP_DATA_DIR", &data.display().to_string())
        .args(args)
        .stdin(input)
        .run_blocking()
}

/// Writes `folder`, runs `request` with `show` and `yes`, compares the
/// page with the moves made, then undoes them.
fn check(folder: &Folder, request: &Request) -> Result<(), TestCaseError> {
    let (dir, root) = target_dir();
    folder.write(dir.path());
    let tree = tree_of(dir.path());
    let before = items_of(dir.path());
    let data = tempfile::tempdir().unwrap();
    let Request {
        lang,
        line,
        show,
        yes,
        quit,
    } = request;
    let args = [root.as_str(), "--provider", "offline", "--lang", lang];
    let outcome = tidyup(
        data.path(),
        &args,
        &format!("{line}\n{show}\n{yes}\n{quit}\n"),
    );
    prop_assert_eq!(outcome.code(), 0, "{}", short(&outcome));
    let made = moves_made(&before, &items_of(dir.path()));
    prop_assert!(made.lost.is_empty(), "{:?}\n{}", made.lost, short(&outcome));
    if let Some(diff) = moves_differ(&moves_shown(&outcome.stdout), &made.moves) {
        return Err(TestCaseError::fail(format!(
            "{} items, {line:?}: the plan shown is not the plan applied\n{diff}\n{}",
            before.len(),
            short(&outcome)
        )));
    }
    if !made.moves.is_empty() {
        let undone = tidyup(data.path(), &["undo"], "");
        prop_assert_eq!(undone.code(), 0, "{}", undone);
    }
    prop_assert!(tree_of(dir.path()) == tree, "undo gives back the tree");
    Ok(())
}

/// Few cases unless `PROPTEST_CASES` asks for more; shrinking stops after
/// 64 steps (a session each) unless `PROPTEST_MAX_SHRINK_ITERS` says.
fn config() -> ProptestConfig {
    let set = |name: &str| std::env::var_os(name).is_some();
    let default = ProptestConfig::default();
    ProptestConfig {
        cases: match set("PROPTEST_CASES") {
            true => default.cases,
            false => 8,
        },
        max_shrink_iters: match set("PROPTEST_MAX_SHRINK_ITERS") {
            true => default.max_shrink_iters,
            false => 64,
        },
        ..default
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_plan_shown_is_the_plan_applied_and_undo_restores(
        folder in folder(),
        request in proptest::sample::select(REQUESTS),
    ) {
        check(&folder, &request)?;
    }
}
