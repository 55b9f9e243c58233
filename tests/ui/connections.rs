//! Connections no one can hold against the owner: any local process may
//! open them (no secret needed), so their number is capped, the oldest
//! that never showed the secret gives way to a new one, and a connection
//! that sends no complete header in a few seconds is closed. The owner's
//! event stream lives on.

#![cfg(unix)]

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;
use tidyup_test_kit::e2e::{Tidyup, target_dir};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::window::Window;

/// The open files the server gets here, a small stand-in for a desktop's
/// usual 1024; and more idle connections than that, held by "another
/// local process" (this test).
const SERVER_FILES: u32 = 256;
const IDLE: usize = 400;

/// How long the owner may wait for an answer while they are held.
const PROMPT: Duration = Duration::from_secs(5);

#[tokio::test]
async fn idle_connections_held_by_another_process_do_not_lock_the_owner_out() {
    let (dir, _) = target_dir();
    let window = Window::start(
        Tidyup::bare()
            .arg("ui")
            .arg(dir.path())
            .args(["--no-open", "--lang", "en", "--provider", "offline"])
            .open_files_at_most(SERVER_FILES),
    );
    let (tab, mut events) = window.tab().await;
    let port: u16 = window.origin.rsplit(':').next().unwrap().parse().unwrap();

    // Opened one after another, each kept; one the system no longer
    // completes ends the opening (the owner's turn then shows the rest).
    let mut held = Vec::with_capacity(IDLE);
    for _ in 0..IDLE {
        let opening = TcpStream::connect(("127.0.0.1", port));
        match tokio::time::timeout(Duration::from_secs(1), opening).await {
            Ok(Ok(stream)) => held.push(stream),
            Ok(Err(_)) | Err(_) => break,
        }
    }
    // A new client (a new connection) of the owner is answered promptly.
    let fresh = reqwest::Client::builder().timeout(PROMPT).build().unwrap();
    let start = Instant::now();
    let answer = fresh
        .get(format!("{}api/history", window.address))
        .send()
        .await
        .expect("the owner answered while idle connections are held");
    assert_eq!(answer.status(), StatusCode::OK);
    assert!(start.elapsed() < PROMPT, "{:?}", start.elapsed());

    // Past the header timeout the owner's stream, opened before, still
    // carries events.
    tokio::time::sleep(Duration::from_secs(7)).await;
    let answer = window
        .post("api/settings", &tab, json!({"read_contents": true}))
        .await;
    assert_eq!(answer.status(), StatusCode::OK);
    // The stream says `running`, then the new settings.
    while events.until("state").await["read_contents"] != true {}
    drop(held);
}

#[tokio::test]
async fn a_connection_that_sends_no_complete_header_is_closed() {
    let (dir, _) = target_dir();
    let window = Window::offline(dir.path());
    let port: u16 = window.origin.rsplit(':').next().unwrap().parse().unwrap();
    let silent = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let trickle = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let start = Instant::now();
    let closed_within = |mut stream: TcpStream, trickling: bool| async move {
        let mut buffer = [0u8; 1024];
        let mut header = b"GET /not-yet HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".iter();
        loop {
            if trickling
                && let Some(byte) = header.next()
                && stream.write_all(&[*byte]).await.is_err()
            {
                return;
            }
            let read = tokio::time::timeout(Duration::from_millis(500), stream.read(&mut buffer));
            if let Ok(Ok(0) | Err(_)) = read.await {
                return;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "still open");
        }
    };
    tokio::join!(closed_within(silent, false), closed_within(trickle, true));
}
