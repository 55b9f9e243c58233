//! Without a directory on the command line, the tools work in the client's
//! roots, read again when the client says they changed; with neither,
//! every tool is refused and the server says why.

use std::sync::atomic::Ordering;
use std::time::Duration;

use serde_json::json;
use tidyup_core::Lang;

use super::client::TestClient;
use super::support::{STEP, World};

/// Waits until the server asked for the roots more than `seen` times.
async fn roots_listed_after(client: &TestClient, seen: usize) {
    tokio::time::timeout(STEP, async {
        while client.roots_listed.load(Ordering::SeqCst) <= seen {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the server asks for the roots");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_clients_roots_are_used_and_read_again_when_they_change() {
    let world = World::new();
    let second = world.outside.clone();
    World::write(&world.target, &[("first.txt", "1")]);
    World::write(&second, &[("second.txt", "2")]);
    let client = TestClient::with_roots(&[&world.target, &second]);
    let connection = world.connect(&[], client.clone()).await;
    let instructions = connection
        .client()
        .peer_info()
        .and_then(|info| info.instructions.clone())
        .unwrap_or_default();
    assert!(
        instructions.contains("roots this client offers"),
        "{instructions}"
    );

    let listing = connection
        .text("list_files", json!({"path": "."}), false)
        .await;
    let target = world.target.display().to_string();
    assert!(
        listing.starts_with(&format!("1 items in {target}")),
        "{listing}"
    );
    // Every root is reachable: a move from the second root into the first.
    connection
        .text(
            "move_file",
            json!({"source": format!("{}/second.txt", second.display()),
                   "destination": "second.txt"}),
            false,
        )
        .await;
    assert!(world.target.join("second.txt").is_file());

    // The client now offers only the second folder.
    let seen = client.roots_listed.load(Ordering::SeqCst);
    client.set_roots(&[&second]);
    connection.roots_changed().await;
    roots_listed_after(&client, seen).await;
    let listing = connection
        .text("list_files", json!({"path": "."}), false)
        .await;
    assert_eq!(listing, Lang::En.dir_empty(&second.display().to_string()));
    connection
        .text("list_files", json!({"path": target.clone()}), true)
        .await;
    let log = connection.close().await;

    // The change in the first roots is a journaled session of its own.
    let (_, history, _) = world.tidyup(&["history"]);
    let sessions: Vec<&str> = history.lines().collect();
    assert_eq!(sessions.len(), 1, "{history}");
    assert!(sessions[0].contains("-mcp"), "{history}");
    assert!(sessions[0].contains(&target), "{history}");
    assert!(log.contains("working in"), "{log}");
    let (status, undone, _) = world.tidyup(&["undo"]);
    assert_eq!(status, 0, "{undone}");
    assert!(second.join("second.txt").is_file());
}

#[tokio::test(flavor = "multi_thread")]
async fn roots_that_are_no_local_folders_are_refused_with_the_reason() {
    let world = World::new();
    let client = TestClient::with_roots(&[]);
    let file = world.target.join("a.txt");
    World::write(&world.target, &[("a.txt", "a")]);
    let file_uri = url::Url::from_file_path(&file).unwrap().to_string();
    client.set_root_uris(&["https://example.com/repo", &file_uri]);
    let connection = world.connect(&[], client).await;
    let text = connection
        .text("list_files", json!({"path": "."}), true)
        .await;
    assert!(text.contains("tidyup mcp DIR"), "{text}");
    assert!(text.contains("https://example.com/repo"), "{text}");
    assert!(text.contains("not a directory"), "{text}");
    connection.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn without_a_directory_or_roots_every_tool_is_refused_clearly() {
    let world = World::new();
    World::write(&world.target, &[("a.txt", "a")]);
    let connection = world.connect(&[], TestClient::plain()).await;
    let instructions = connection
        .client()
        .peer_info()
        .and_then(|info| info.instructions.clone())
        .unwrap_or_default();
    assert!(
        instructions.contains("no folder to work in"),
        "{instructions}"
    );
    let absolute = world.target.join("a.txt").display().to_string();
    for (name, arguments) in [
        ("list_files", json!({"path": "."})),
        ("delete_file", json!({"path": absolute, "confirm": true})),
    ] {
        let text = connection.text(name, arguments, true).await;
        assert!(text.contains("no folder to work in"), "{text}");
        assert!(text.contains("tidyup mcp DIR"), "{text}");
    }
    connection.close().await;
    assert!(world.target.join("a.txt").is_file());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_relative_path_into_another_root_is_accepted() {
    let world = World::new();
    let r1 = world.target.clone();
    let r2 = r1.parent().expect("parent").join("r2");
    std::fs::create_dir_all(&r2).unwrap();
    World::write(&r1, &[("a.txt", "a"), ("b.txt", "b")]);
    let roots = [r1.display().to_string(), r2.display().to_string()];
    let connection = world
        .connect(&[&roots[0], &roots[1]], TestClient::plain())
        .await;
    // Out of the first root by `..`, into the second: a root like any other.
    let moved = connection
        .text(
            "move_file",
            json!({"source": "a.txt", "destination": "../r2/x"}),
            false,
        )
        .await;
    assert!(moved.contains("r2"), "{moved}");
    // Out of every root: refused as before.
    let refused = connection
        .text(
            "move_file",
            json!({"source": "b.txt", "destination": "../outside/x"}),
            true,
        )
        .await;
    connection.close().await;
    assert_eq!(std::fs::read_to_string(r2.join("x")).unwrap(), "a");
    assert!(!r1.join("a.txt").exists());
    assert!(
        refused.contains("outside the allowed directories"),
        "{refused}"
    );
    assert!(r1.join("b.txt").is_file());
    assert!(!world.outside.join("x").exists());
}
