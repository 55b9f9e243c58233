//! Paths that lead out of the roots, and tidyup's own data inside them:
//! refused as failed tools, with nothing outside changed.

use std::collections::BTreeMap;

use pretty_assertions::assert_eq;
use serde_json::json;
use tidyup_core::ErrorCode;
use tidyup_core::{HostError, Lang};

use super::client::{Connection, TestClient};
use super::support::{World, tree};

fn refused(path: &str) -> String {
    let lang = Lang::En;
    lang.tool_failed(&lang.host_failure(&HostError::at(ErrorCode::Denied, path)))
}

/// A target holding `notes.txt` (and, on Unix, `link` to the outside
/// folder), an outside folder with a secret and a subfolder, and a
/// connection to `tidyup mcp` on the target.
async fn escape_world() -> (World, Connection, BTreeMap<String, String>) {
    let world = World::new();
    World::write(&world.target, &[("notes.txt", "mine")]);
    World::write(
        &world.outside,
        &[("secret.txt", "theirs"), ("keep/a.txt", "a")],
    );
    #[cfg(unix)]
    std::os::unix::fs::symlink(&world.outside, world.target.join("link")).unwrap();
    let outside_before = tree(&world.outside);
    let target = world.target.display().to_string();
    let connection = world.connect(&[&target], TestClient::plain()).await;
    (world, connection, outside_before)
}

/// Closes the connection, then checks nothing outside changed and nothing
/// was brought in.
async fn assert_nothing_escaped(
    world: &World,
    connection: Connection,
    outside_before: &BTreeMap<String, String>,
) {
    connection.close().await;
    assert_eq!(&tree(&world.outside), outside_before);
    assert_eq!(
        std::fs::read_to_string(world.target.join("notes.txt")).unwrap(),
        "mine"
    );
    assert!(!world.target.join("stolen.txt").exists());
    assert!(!world.target.join("got.txt").exists());
}

#[tokio::test(flavor = "multi_thread")]
async fn escapes_are_refused_and_the_outside_is_unchanged() {
    let (world, connection, outside_before) = escape_world().await;
    let target = world.target.display().to_string();
    let outside = world.outside.display().to_string();

    let climbing = format!("{target}/../outside/secret.txt");
    let text = connection
        .text(
            "move_file",
            json!({"source": "../outside/secret.txt", "destination": "stolen.txt"}),
            true,
        )
        .await;
    assert_eq!(text, refused(&climbing));
    connection
        .text("create_folder", json!({"path": "../outside/new"}), true)
        .await;
    let text = connection
        .text("list_files", json!({"path": outside.clone()}), true)
        .await;
    assert_eq!(text, refused(&outside));
    connection
        .text(
            "delete_file",
            json!({"path": format!("{outside}/secret.txt"), "confirm": true}),
            true,
        )
        .await;
    connection
        .text(
            "move_file",
            json!({"source": "notes.txt", "destination": format!("{outside}/notes.txt")}),
            true,
        )
        .await;
    connection
        .text(
            "move_matching",
            json!({"path": outside.clone(), "pattern": "*", "destination": "loot"}),
            true,
        )
        .await;
    assert_nothing_escaped(&world, connection, &outside_before).await;
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread")]
async fn escapes_through_a_link_are_refused_and_the_outside_is_unchanged() {
    let (world, connection, outside_before) = escape_world().await;
    connection
        .text("list_files", json!({"path": "link"}), true)
        .await;
    connection
        .text(
            "move_file",
            json!({"source": "link/secret.txt", "destination": "got.txt"}),
            true,
        )
        .await;
    connection
        .text(
            "delete_file",
            json!({"path": "link/keep", "confirm": true}),
            true,
        )
        .await;
    connection
        .text(
            "move_file",
            json!({"source": "notes.txt", "destination": "link/notes.txt"}),
            true,
        )
        .await;
    assert_nothing_escaped(&world, connection, &outside_before).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn tidyups_own_data_is_out_of_reach_even_inside_a_root() {
    let world = World::new();
    World::write(&world.home, &[("photo.jpg", "p")]);
    let home = world.home.display().to_string();
    let connection = world.connect(&[&home], TestClient::plain()).await;
    // A first change creates the journal inside the root.
    connection
        .text("create_folder", json!({"path": "Pictures"}), false)
        .await;
    assert!(world.data.join("journal").is_dir());
    let journal = tree(&world.data);
    let listing = connection
        .text("list_files", json!({"path": "."}), false)
        .await;
    assert!(!listing.contains("data"), "{listing}");
    for (name, arguments) in [
        ("delete_file", json!({"path": "data", "confirm": true})),
        (
            "delete_file",
            json!({"path": "data/journal", "confirm": true}),
        ),
        ("list_files", json!({"path": "data/journal"})),
        (
            "move_file",
            json!({"source": "data", "destination": "Pictures/data"}),
        ),
        (
            "rename_file",
            json!({"path": "data", "new_name": "old-data"}),
        ),
    ] {
        connection.text(name, arguments, true).await;
    }
    connection.close().await;
    // The journal is still whole: the session's one change, nothing lost.
    for path in journal.keys() {
        assert!(world.data.join(path).exists(), "{path} is gone");
    }
    let (status, history, _) = world.tidyup(&["history"]);
    assert_eq!(status, 0);
    assert!(history.contains("-mcp"), "{history}");
}
