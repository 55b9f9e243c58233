//! The adversarial suite: every way out of the target is refused by the
//! sandbox, and nothing outside the roots changes.

use std::fs;
#[cfg(unix)]
use std::os::unix::fs::symlink;
#[cfg(unix)]
use std::sync::Arc;
#[cfg(unix)]
use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(unix)]
use std::thread;
use tidyup_core::FileSystemExt;

use serde_json::json;
use tidyup::SandboxFs;

use super::support::{World, snapshot};

const REFUSED: &str = "the path is outside the allowed directories";

fn sandbox(world: &World) -> SandboxFs {
    SandboxFs::new(std::slice::from_ref(&world.target)).unwrap()
}

/// Runs each call and asserts it was refused and changed nothing outside.
fn assert_all_refused(world: &World, calls: &[(&str, serde_json::Value)]) {
    let outside_before = snapshot(&world.outside);
    let mut files = sandbox(world);
    for (name, arguments) in calls {
        let result = world.tool(&mut files, name, arguments.clone());
        assert!(
            result.contains(REFUSED) || result.contains("cannot be moved or deleted"),
            "{name} {arguments} was not refused: {result}"
        );
    }
    assert_eq!(snapshot(&world.outside), outside_before);
}

#[test]
fn absolute_paths_outside_the_roots() {
    let world = World::new();
    let secret = world.outside.join("secret.txt");
    let secret = secret.to_str().unwrap();
    let outside = world.outside.to_str().unwrap();
    assert_all_refused(
        &world,
        &[
            ("list_files", json!({"path": outside})),
            ("list_files", json!({"path": "/"})),
            ("delete_file", json!({"path": secret, "confirm": true})),
            (
                "move_file",
                json!({"source": secret, "destination": "stolen.txt"}),
            ),
            (
                "move_file",
                json!({"source": "a.txt", "destination": format!("{outside}/a.txt")}),
            ),
            ("rename_file", json!({"path": secret, "new_name": "x"})),
            ("create_folder", json!({"path": format!("{outside}/new")})),
            ("create_folder", json!({"path": "/etc/tidyup-test"})),
        ],
    );
    assert!(world.target.join("a.txt").exists());
}

#[test]
fn dot_dot_that_climbs_out() {
    let world = World::new();
    assert_all_refused(
        &world,
        &[
            ("list_files", json!({"path": ".."})),
            ("list_files", json!({"path": "docs/../../outside"})),
            (
                "delete_file",
                json!({"path": "../outside/secret.txt", "confirm": true}),
            ),
            (
                "move_file",
                json!({"source": "a.txt", "destination": "../outside/a.txt"}),
            ),
            ("create_folder", json!({"path": "docs/../../outside/new"})),
            (
                "move_file",
                json!({"source": "../outside", "destination": "inside"}),
            ),
        ],
    );
    // `..` that stays inside is fine.
    let mut files = sandbox(&world);
    let listed = world.tool(&mut files, "list_files", json!({"path": "docs/../photos"}));
    assert!(listed.starts_with("1 items"), "{listed}");
}

// Unix only: creating symlinks on Windows takes a privilege (or developer
// mode) that a test cannot count on.
#[cfg(unix)]
#[test]
fn symlinked_parents_and_symlinks_to_the_root_of_the_machine() {
    let world = World::new();
    symlink(&world.outside, world.target.join("door")).unwrap();
    symlink("/", world.target.join("slash")).unwrap();
    symlink("../outside/secret.txt", world.target.join("alias.txt")).unwrap();
    assert_all_refused(
        &world,
        &[
            ("list_files", json!({"path": "door"})),
            ("list_files", json!({"path": "slash"})),
            ("list_files", json!({"path": "slash/etc"})),
            (
                "delete_file",
                json!({"path": "door/secret.txt", "confirm": true}),
            ),
            (
                "delete_file",
                json!({"path": "door/nested", "confirm": true}),
            ),
            (
                "move_file",
                json!({"source": "door/secret.txt", "destination": "stolen.txt"}),
            ),
            (
                "move_file",
                json!({"source": "a.txt", "destination": "door/a.txt"}),
            ),
            ("create_folder", json!({"path": "door/new"})),
            ("rename_file", json!({"path": "slash/tmp", "new_name": "x"})),
        ],
    );
}

// Unix only: creating symlinks on Windows takes a privilege (or developer
// mode) that a test cannot count on.
#[cfg(unix)]
#[test]
fn symlinks_inside_are_moved_and_deleted_as_links() {
    let world = World::new();
    symlink(&world.outside, world.target.join("door")).unwrap();
    symlink("../outside/secret.txt", world.target.join("alias.txt")).unwrap();
    let outside_before = snapshot(&world.outside);
    let mut files = sandbox(&world);
    let moved = world.tool(
        &mut files,
        "move_file",
        json!({"source": "door", "destination": "links/door"}),
    );
    assert!(moved.starts_with("Moved door"), "{moved}");
    let deleted = world.tool(
        &mut files,
        "delete_file",
        json!({"path": "alias.txt", "confirm": true}),
    );
    assert!(deleted.starts_with("Deleted file"), "{deleted}");
    assert!(
        fs::symlink_metadata(world.target.join("links/door"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(snapshot(&world.outside), outside_before);
}

#[test]
fn the_target_itself_is_never_deleted_or_moved() {
    let world = World::new();
    let target = world.target_str().to_owned();
    assert_all_refused(
        &world,
        &[
            ("delete_file", json!({"path": ".", "confirm": true})),
            ("delete_file", json!({"path": target, "confirm": true})),
            (
                "move_file",
                json!({"source": ".", "destination": "docs/me"}),
            ),
            (
                "rename_file",
                json!({"path": target, "new_name": "elsewhere"}),
            ),
        ],
    );
    assert!(world.target.join("a.txt").exists());
}

#[test]
fn look_alikes_long_names_and_nul_bytes() {
    let world = World::new();
    // A sibling whose name only looks like the target's (Cyrillic "а").
    let look_alike = world.target.with_file_name("t\u{0430}rget");
    fs::create_dir(&look_alike).unwrap();
    fs::write(look_alike.join("x.txt"), b"x").unwrap();
    let look_alike_str = look_alike.to_str().unwrap().to_owned();
    let prefix_twin = format!("{}2", world.target_str());
    fs::create_dir(&prefix_twin).unwrap();
    assert_all_refused(
        &world,
        &[
            ("list_files", json!({"path": look_alike_str})),
            (
                "delete_file",
                json!({"path": format!("{look_alike_str}/x.txt"), "confirm": true}),
            ),
            ("list_files", json!({"path": prefix_twin})),
            (
                "delete_file",
                json!({"path": "a.txt\u{0}/../../outside/secret.txt", "confirm": true}),
            ),
            (
                "list_files",
                json!({"path": format!("{}\u{0}", world.target_str())}),
            ),
        ],
    );
    assert!(look_alike.join("x.txt").exists());
    let mut files = sandbox(&world);
    let before = snapshot(&world.target);
    // The system's own words: Unix names the limit, Windows only refuses.
    let too_long = if cfg!(unix) {
        "File name too long"
    } else {
        "Failed to"
    };
    let long = "n".repeat(300);
    let result = world.tool(&mut files, "create_folder", json!({"path": long}));
    assert!(result.contains(too_long), "{result}");
    let result = world.tool(
        &mut files,
        "rename_file",
        json!({"path": "a.txt", "new_name": "n".repeat(300)}),
    );
    assert!(result.contains(too_long), "{result}");
    assert_eq!(snapshot(&world.target), before);
}

#[test]
fn other_roots_are_allowed_only_with_allow() {
    let world = World::new();
    let roots = [world.target.clone(), world.outside.clone()];
    let mut files = SandboxFs::new(&roots).unwrap();
    let secret = world.outside.join("secret.txt");
    let moved = world.tool(
        &mut files,
        "move_file",
        json!({"source": secret.to_str().unwrap(), "destination": "s.txt"}),
    );
    assert!(moved.starts_with("Moved secret.txt"), "{moved}");
    assert_eq!(
        fs::read(world.target.join("s.txt")).unwrap(),
        b"do not touch"
    );
}

/// `..` may climb out of one root into another, resolved as the system
/// resolves it (through a symlink inside the root too); out of every root,
/// or through a symlink that leads outside, it is refused.
#[cfg(unix)]
#[test]
fn climbing_from_one_root_into_another() {
    let world = World::new();
    let second = world.target.parent().unwrap().join("second");
    fs::create_dir_all(&second).unwrap();
    // `inner` leads to photos/2024 inside the target; `link` to the outside.
    symlink("photos/2024", world.target.join("inner")).unwrap();
    symlink(&world.outside, world.target.join("link")).unwrap();
    let roots = [world.target.clone(), second.clone()];
    let mut files = SandboxFs::new(&roots).unwrap();
    let outside_before = snapshot(&world.outside);
    for (source, destination) in [
        ("a.txt", "../second/a.txt"),
        ("docs/report.pdf", "docs/../../second/report.pdf"),
        ("photos/2024/cat.jpg", "inner/../../../second/cat.jpg"),
    ] {
        let moved = world.tool(
            &mut files,
            "move_file",
            json!({"source": source, "destination": destination}),
        );
        assert!(moved.starts_with("Moved"), "{destination}: {moved}");
    }
    assert_eq!(fs::read(second.join("a.txt")).unwrap(), b"alpha");
    assert_eq!(fs::read(second.join("report.pdf")).unwrap(), b"%PDF");
    assert_eq!(fs::read(second.join("cat.jpg")).unwrap(), b"meow");
    fs::write(world.target.join("b.txt"), b"beta").unwrap();
    for destination in [
        "../outside/b.txt",
        "../second/../outside/b.txt",
        "link/../second/b.txt",
        "../../b.txt",
    ] {
        let refused = world.tool(
            &mut files,
            "move_file",
            json!({"source": "b.txt", "destination": destination}),
        );
        assert!(refused.contains(REFUSED), "{destination}: {refused}");
    }
    assert!(world.target.join("b.txt").is_file());
    assert!(!second.join("b.txt").exists());
    assert_eq!(snapshot(&world.outside), outside_before);
}

// Unix only: creating symlinks on Windows takes a privilege (or developer
// mode) that a test cannot count on.
#[cfg(unix)]
#[test]
fn a_directory_swapped_for_a_symlink_mid_flight_never_leads_outside() {
    let world = World::new();
    let victim = world.target.join("swap");
    let parked = world.target.join("parked");
    fs::create_dir(&victim).unwrap();
    let outside_before = snapshot(&world.outside);
    let stop = Arc::new(AtomicBool::new(false));
    let swapper = {
        let (stop, victim, parked, outside) = (
            stop.clone(),
            victim.clone(),
            parked.clone(),
            world.outside.clone(),
        );
        thread::spawn(move || {
            for _ in 0..20_000 {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                // directory → symlink to outside → directory again
                let _ = fs::rename(&victim, &parked);
                let _ = symlink(&outside, &victim);
                let _ = fs::remove_file(&victim);
                let _ = fs::rename(&parked, &victim);
            }
        })
    };
    let mut files = SandboxFs::new(std::slice::from_ref(&world.target)).unwrap();
    let swap = victim.to_str().unwrap();
    for i in 0..1_500 {
        let _ = files.create_dir_all(&format!("{swap}/made-{i}"));
        let _ = files.remove_file(&format!("{swap}/secret.txt"));
        let _ = files.remove_dir_all(&format!("{swap}/nested"));
        let _ = files.rename(
            &format!("{swap}/secret.txt"),
            &format!("{}/got.txt", world.target_str()),
        );
    }
    stop.store(true, Ordering::Relaxed);
    swapper.join().unwrap();
    assert_eq!(snapshot(&world.outside), outside_before);
    assert!(!world.target.join("got.txt").exists());
}
