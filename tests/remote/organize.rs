//! The offline planner organizes the demo folder on every server, and
//! `undo` puts back every byte; a dry run's plan file applies there too.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{Server, copy_tree, demo, held, placed, run, servers, tidyup};

const ORGANIZE: &str = "organize this folder\nyes\nquit\n";

#[test]
fn the_demo_folder_is_organized_then_undone_byte_for_byte_on_every_server() {
    let Some(servers) = servers() else { return };
    let home = tempfile::tempdir().unwrap();
    let demo = demo(home.path());
    for server in &servers {
        let (url, dir, before) = demo_on(server, &demo, "organized");

        let session = run(
            tidyup(home.path(), &["--provider", "offline", &url]),
            ORGANIZE,
        );
        let said = String::from_utf8_lossy(&session.stdout);
        assert!(session.status.success(), "{}: {said}", server.name);
        assert!(!said.contains("Failed to move"), "{}: {said}", server.name);
        // The folder is named by its address, not by a path that could be
        // any machine's.
        assert!(
            said.contains(&format!("Target directory: {url}")),
            "{}: {said}",
            server.name
        );
        assert!(
            placed(&dir) >= 40,
            "{}: only {} files placed\n{said}",
            server.name,
            placed(&dir)
        );
        assert!(!dir.join("IMG_0042.JPG").exists(), "{}", server.name);

        let undo = run(tidyup(home.path(), &["undo"]), "");
        let undone = String::from_utf8_lossy(&undo.stdout);
        assert!(undo.status.success(), "{}: {undone}", server.name);
        assert!(undone.contains("0 skipped"), "{}: {undone}", server.name);
        assert_eq!(
            held(server, &dir),
            before,
            "{}: undo is not exact",
            server.name
        );
    }
}

#[test]
fn a_dry_run_plan_is_applied_on_its_server_and_undone() {
    let Some(servers) = servers() else { return };
    let home = tempfile::tempdir().unwrap();
    let demo = demo(home.path());
    for server in &servers {
        let (url, dir, before) = demo_on(server, &demo, "planned");

        let dry = run(
            tidyup(home.path(), &["--provider", "offline", "--dry-run", &url]),
            ORGANIZE,
        );
        let said = String::from_utf8_lossy(&dry.stdout);
        assert_eq!(
            held(server, &dir),
            before,
            "{}: a dry run changed something",
            server.name
        );
        let plan = said
            .lines()
            .find_map(|line| line.strip_prefix("Saved to "))
            .and_then(|rest| rest.split(';').next())
            .unwrap_or_else(|| panic!("{}: no plan saved\n{said}", server.name))
            .to_owned();
        let text = std::fs::read_to_string(&plan).unwrap();
        assert!(
            text.contains(&format!("\"remote\": \"{url}")),
            "{}: {text}",
            server.name
        );

        let shown = run(tidyup(home.path(), &["plan", "show", &plan]), "");
        let shown = String::from_utf8_lossy(&shown.stdout);
        assert!(
            shown.lines().next().is_some_and(|line| line.contains(&url)),
            "{}: {shown}",
            server.name
        );

        let applied = run(tidyup(home.path(), &["apply", &plan]), "");
        let report = String::from_utf8_lossy(&applied.stdout);
        assert!(applied.status.success(), "{}: {report}", server.name);
        assert!(report.contains("refused 0"), "{}: {report}", server.name);
        assert!(placed(&dir) >= 40, "{}: {report}", server.name);

        let undo = run(tidyup(home.path(), &["undo"]), "");
        assert!(undo.status.success(), "{}", server.name);
        assert_eq!(
            held(server, &dir),
            before,
            "{}: undo is not exact",
            server.name
        );
    }
}

/// A copy of the demo folder `demo` in the new folder `name` on `server`:
/// its address, where its bytes are, and what it holds.
fn demo_on(
    server: &Server,
    demo: &Path,
    name: &str,
) -> (String, PathBuf, BTreeMap<String, Vec<u8>>) {
    let (url, dir) = server.folder(name);
    copy_tree(demo, &dir);
    let before = held(server, &dir);
    (url, dir, before)
}
