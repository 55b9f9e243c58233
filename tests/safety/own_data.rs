//! tidyup's own data (journal, trash, plans), cache and settings are out of
//! the model's reach whatever the roots: not by path, not through a symlink,
//! not by moving a folder that holds them, in any file-system stack.

use std::fs;
#[cfg(unix)]
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use tidyup::HostFsExt;
use tidyup_core::Lang;

use serde_json::{Value, json};
use tidyup::{
    ApplyAllowed, DryRunPlan as Plan, JournalStore as Store, PlanStep, SandboxFs, apply_plan,
};

use super::support::{World, snapshot};
use tidyup_test_kit::e2e::{MockProvider, Outcome, Tidyup, call_raw, text_reply, tool_reply};

/// What the model is told when it reaches for tidyup's own data.
const REFUSED: &str = "tidyup's own data";

/// The world with tidyup's data directory inside the target, as with
/// `tidyup ~` and the default data directory.
fn data_inside(world: &World) -> PathBuf {
    world.target.join(".local/share/tidyup")
}

/// One session on the world's target: the model makes `calls`, then
/// answers. Returns the run and the tool results the model was given.
async fn session(
    world: &World,
    data: &Path,
    flags: &[&str],
    calls: Vec<Value>,
) -> (Outcome, Vec<String>) {
    let provider = MockProvider::start(vec![tool_reply(calls), text_reply("Done.")]).await;
    let out = Tidyup::new(&world.target, &provider)
        .env("TIDYUP_DATA_DIR", data.to_str().unwrap())
        .args(flags.iter().copied())
        .stdin("tidy up\n")
        .run()
        .await;
    out.assert_clean_exit();
    let results = provider
        .requests()
        .last()
        .map(|request| request.trailing_tool_results())
        .unwrap_or_default();
    (out, results)
}

fn subcommand(data: &Path, args: &[&str]) -> Outcome {
    Tidyup::bare()
        .env("TIDYUP_DATA_DIR", data.to_str().unwrap())
        .args(args.iter().copied())
        .run_blocking()
}

/// Every tool result but the first (a change that makes the journal) was
/// a refusal (the whole result: a console line may cut it).
fn assert_refused_after_the_first(out: &Outcome, results: &[String]) {
    assert!(results.len() > 1, "{out}");
    for result in &results[1..] {
        assert!(result.contains(REFUSED), "not refused: {result}\n{out}");
    }
}

/// A first change that journals something, so there is a journal to lose.
fn journaled_change() -> Value {
    call_raw(
        "c0",
        "move_file",
        json!({"source": "a.txt", "destination": "Text/a.txt"}),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn the_journal_cannot_be_deleted_and_history_still_knows_the_session() {
    let world = World::new();
    let data = data_inside(&world);
    let (out, results) = session(
        &world,
        &data,
        &[],
        vec![
            journaled_change(),
            call_raw(
                "c1",
                "delete_file",
                json!({"path": ".local/share/tidyup/journal", "confirm": true}),
            ),
            call_raw(
                "c2",
                "list_files",
                json!({"path": ".local/share/tidyup/journal"}),
            ),
            call_raw(
                "c3",
                "create_folder",
                json!({"path": ".local/share/tidyup/journal/x"}),
            ),
        ],
    )
    .await;
    assert_refused_after_the_first(&out, &results);
    let journal = data.join("journal");
    assert_eq!(fs::read_dir(&journal).unwrap().count(), 1, "{out}");
    let history = subcommand(&data, &["history"]);
    assert!(history.stdout.contains("1 moved"), "{history}");
    let undo = subcommand(&data, &["undo"]);
    assert!(undo.stdout.contains("reversed, 0 skipped"), "{undo}");
    assert_eq!(fs::read(world.target.join("a.txt")).unwrap(), b"alpha");
}

// Linux only: the default places are the XDG ones under `HOME`; macOS and
// Windows keep them elsewhere (Windows in known folders no test can move).
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread")]
async fn tidyup_in_the_home_folder_keeps_its_data_cache_and_config_out_of_reach() {
    // `tidyup ~` with every directory where it is by default.
    let world = World::new();
    let home = world.target.to_str().unwrap();
    let config = world.target.join(".config/tidyup/config.toml");
    fs::create_dir_all(config.parent().unwrap()).unwrap();
    fs::write(&config, b"# tidyup settings\n").unwrap();
    // A module cache, as a core given with `--core` leaves.
    let cached = world.target.join(".cache/tidyup/modules/core-x.cwasm");
    fs::create_dir_all(cached.parent().unwrap()).unwrap();
    fs::write(&cached, b"compiled").unwrap();
    let provider = MockProvider::start(vec![
        tool_reply(vec![
            journaled_change(),
            call_raw(
                "c1",
                "delete_file",
                json!({"path": ".local/share/tidyup/journal", "confirm": true}),
            ),
            call_raw(
                "c2",
                "delete_file",
                json!({"path": ".config/tidyup", "confirm": true}),
            ),
            call_raw(
                "c3",
                "rename_file",
                json!({"path": ".config/tidyup/config.toml", "new_name": "old.toml"}),
            ),
            call_raw("c4", "list_files", json!({"path": ".cache/tidyup/modules"})),
            call_raw(
                "c5",
                "move_file",
                json!({"source": ".cache", "destination": "old-cache"}),
            ),
        ]),
        text_reply("Done."),
    ])
    .await;
    let out = Tidyup::new(&world.target, &provider)
        .env("HOME", home)
        .env("XDG_CACHE_HOME", &format!("{home}/.cache"))
        .stdin("tidy up\n")
        .run()
        .await;
    out.assert_clean_exit();
    let results = provider.requests()[1].trailing_tool_results();
    assert_refused_after_the_first(&out, &results);
    let data = world.target.join(".local/share/tidyup");
    assert_eq!(
        fs::read_dir(data.join("journal")).unwrap().count(),
        1,
        "{out}"
    );
    assert_eq!(fs::read(&config).unwrap(), b"# tidyup settings\n");
    assert_eq!(fs::read(&cached).unwrap(), b"compiled", "{out}");
    let history = Tidyup::bare()
        .env("HOME", home)
        .arg("history")
        .run_blocking();
    assert!(history.stdout.contains("1 moved"), "{history}");
}

// Unix only: creating symlinks on Windows takes a privilege (or developer
// mode) that a test cannot count on.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread")]
async fn a_symlink_to_the_data_directory_is_no_way_in() {
    let world = World::new();
    let data = data_inside(&world);
    fs::create_dir_all(&data).unwrap();
    symlink(".local/share/tidyup", world.target.join("door")).unwrap();
    symlink(".local/share", world.target.join("share")).unwrap();
    let (out, results) = session(
        &world,
        &data,
        &[],
        vec![
            journaled_change(),
            call_raw("c1", "list_files", json!({"path": "door"})),
            call_raw(
                "c2",
                "delete_file",
                json!({"path": "door/journal", "confirm": true}),
            ),
            call_raw(
                "c3",
                "move_file",
                json!({"source": "door/journal", "destination": "j"}),
            ),
            call_raw(
                "c4",
                "delete_file",
                json!({"path": "share/tidyup", "confirm": true}),
            ),
            call_raw("c5", "list_files", json!({"path": "share/tidyup/trash"})),
            call_raw(
                "c6",
                "move_file",
                json!({"source": "docs/report.pdf", "destination": "door/report.pdf"}),
            ),
        ],
    )
    .await;
    assert_refused_after_the_first(&out, &results);
    assert_eq!(fs::read_dir(data.join("journal")).unwrap().count(), 1);
    assert!(
        subcommand(&data, &["history"]).stdout.contains("1 moved"),
        "{out}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_folder_that_holds_the_data_directory_is_never_moved_or_deleted() {
    let world = World::new();
    let data = data_inside(&world);
    let (out, results) = session(
        &world,
        &data,
        &[],
        vec![
            journaled_change(),
            call_raw(
                "c1",
                "move_file",
                json!({"source": ".local", "destination": "old-local"}),
            ),
            call_raw(
                "c2",
                "delete_file",
                json!({"path": ".local", "confirm": true}),
            ),
            call_raw(
                "c3",
                "rename_file",
                json!({"path": ".local/share", "new_name": "elsewhere"}),
            ),
        ],
    )
    .await;
    assert_refused_after_the_first(&out, &results);
    assert_eq!(fs::read_dir(data.join("journal")).unwrap().count(), 1);
    assert!(!world.target.join("old-local").exists());
}

#[tokio::test(flavor = "multi_thread")]
async fn without_the_sandbox_and_in_a_dry_run_too() {
    for flags in [&["--no-sandbox"][..], &["--dry-run"][..]] {
        let world = World::new();
        let data = data_inside(&world);
        // A journal from an earlier session.
        fs::create_dir_all(data.join("journal")).unwrap();
        fs::write(data.join("journal/earlier.jsonl"), b"{}\n").unwrap();
        let before = snapshot(&data);
        let (out, results) = session(
            &world,
            &data,
            flags,
            vec![
                journaled_change(),
                call_raw(
                    "c1",
                    "delete_file",
                    json!({"path": ".local/share/tidyup/journal", "confirm": true}),
                ),
                call_raw(
                    "c2",
                    "move_file",
                    json!({"source": ".local", "destination": "old-local"}),
                ),
            ],
        )
        .await;
        assert_refused_after_the_first(&out, &results);
        let mut after = snapshot(&data);
        after.retain(|path, _| path.starts_with("journal/earlier"));
        let mut kept = before.clone();
        kept.retain(|path, _| path.starts_with("journal/earlier"));
        assert_eq!(after, kept, "{flags:?}: {out}");
    }
}

#[test]
fn apply_refuses_a_plan_that_reaches_the_data_directory() {
    let world = World::new();
    let data = data_inside(&world);
    fs::create_dir_all(data.join("journal")).unwrap();
    fs::write(data.join("journal/earlier.jsonl"), b"{}\n").unwrap();
    let before = snapshot(&world.target);
    // A plan edited by hand: its fingerprint is taken without protection.
    let journal_dir = data.join("journal");
    let journal_dir = journal_dir.to_str().unwrap();
    let source = SandboxFs::new(std::slice::from_ref(&world.target))
        .unwrap()
        .fingerprint(journal_dir)
        .unwrap()
        .unwrap();
    let plan = Plan {
        target: world.target.clone(),
        roots: Some(vec![world.target.clone()]),
        created: "now".into(),
        rules: None,
        steps: vec![PlanStep::Delete {
            path: journal_dir.to_owned(),
            source,
        }],
    };
    let report = apply_plan(
        &Store::at(&data),
        &plan,
        &ApplyAllowed::Folders(Vec::new()),
        Lang::En,
    )
    .unwrap();
    assert_eq!(report.applied, 0);
    assert!(report.skipped[0].contains(REFUSED), "{:?}", report.skipped);
    assert_eq!(snapshot(&world.target), before);
}
