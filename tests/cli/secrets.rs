//! The API key never shows: whatever the provider echoes back (an error
//! body, an answer, streamed pieces cutting it in two), tidyup prints and
//! keeps the masked form.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::thread;
use std::time::Duration;

use serde_json::{Value, json};
use wiremock::ResponseTemplate;

use tidyup_test_kit::e2e::{
    API_KEY, MockProvider, Tidyup, call_json, target_dir, text_reply, tool_reply,
};

/// How tidyup shows `API_KEY`: its first three characters, `...`, its last three.
const MASKED: &str = "sk-...-me";

/// An event-stream reply carrying these chunks, then `[DONE]`.
fn sse_reply(chunks: &[Value]) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_raw(sse_body(chunks), "text/event-stream")
}

fn sse_body(chunks: &[Value]) -> String {
    chunks
        .iter()
        .map(|chunk| format!("data: {chunk}\n\n"))
        .collect::<String>()
        + "data: [DONE]\n\n"
}

fn content_delta(text: &str) -> Value {
    json!({"id": "s1", "object": "chat.completion.chunk", "model": "m",
           "choices": [{"index": 0, "delta": {"content": text}}]})
}

/// Every file under `dir`, read as text, with its path.
fn texts_under(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&current) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path.clone());
            } else if let Ok(bytes) = std::fs::read(&path) {
                found.push((
                    path.display().to_string(),
                    String::from_utf8_lossy(&bytes).into_owned(),
                ));
            }
        }
        found.push((current.display().to_string(), String::new()));
    }
    found
}

#[tokio::test(flavor = "multi_thread")]
async fn a_key_echoed_in_an_error_body_is_masked() {
    let (dir, _) = target_dir();
    let echo = || {
        ResponseTemplate::new(401).set_body_json(
            json!({"error": {"message": format!("Incorrect API key provided: {API_KEY}")}}),
        )
    };
    let provider = MockProvider::always(echo()).await;
    let session = Tidyup::new(dir.path(), &provider)
        .stdin("hello\n")
        .run()
        .await;
    session.assert_key_not_shown();
    assert!(
        session
            .stderr
            .contains(&format!("Incorrect API key provided: {MASKED}")),
        "{session}"
    );

    let ask = Tidyup::bare()
        .args(["ask", "--lang", "en", "--base-url"])
        .arg(provider.base_url())
        .arg("hello?")
        .run()
        .await;
    ask.assert_key_not_shown();
    assert!(
        ask.stderr
            .contains(&format!("Incorrect API key provided: {MASKED}")),
        "{ask}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_key_in_an_answer_is_masked() {
    let (dir, _) = target_dir();
    let provider = MockProvider::start(vec![text_reply(&format!(
        "You configured {API_KEY}, keep it secret."
    ))])
    .await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("what is my key?\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    outcome.assert_key_not_shown();
    assert!(
        outcome
            .stdout_lines()
            .contains(&format!("You configured {MASKED}, keep it secret.").as_str()),
        "{outcome}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_key_cut_between_two_streamed_events_is_masked() {
    let (dir, _) = target_dir();
    let (head, tail) = API_KEY.split_at(10);
    let provider = MockProvider::start(vec![sse_reply(&[
        content_delta(&format!("Your key is {head}")),
        content_delta(&format!("{tail}, keep it secret.")),
    ])])
    .await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("what is my key?\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    outcome.assert_key_not_shown();
    assert!(
        outcome
            .stdout_lines()
            .contains(&format!("Your key is {MASKED}, keep it secret.").as_str()),
        "{outcome}"
    );
}

/// A provider on 127.0.0.1 answering one request with an event stream sent
/// as `pieces`, written apart, then closing. Returns its base URL.
fn piecewise_provider(pieces: Vec<String>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}/v1", listener.local_addr().unwrap());
    thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        let mut length = 0;
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = value.trim().parse().unwrap();
            }
            if line == "\r\n" || line.is_empty() {
                break;
            }
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body).unwrap();
        stream
            .write_all(
                b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n",
            )
            .unwrap();
        for piece in pieces {
            stream.write_all(piece.as_bytes()).unwrap();
            stream.flush().unwrap();
            thread::sleep(Duration::from_millis(200));
        }
    });
    base
}

#[tokio::test(flavor = "multi_thread")]
async fn a_key_cut_between_two_received_pieces_is_masked() {
    let (dir, _) = target_dir();
    let body = sse_body(&[content_delta(&format!(
        "Your key is {API_KEY}, keep it secret."
    ))]);
    let cut = body.find(API_KEY).unwrap() + 7;
    let base = piecewise_provider(vec![body[..cut].to_owned(), body[cut..].to_owned()]);
    let outcome = Tidyup::bare()
        .arg(dir.path())
        .args(["--lang", "en", "--base-url", &base])
        .stdin("what is my key?\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    outcome.assert_key_not_shown();
    assert!(
        outcome
            .stdout_lines()
            .contains(&format!("Your key is {MASKED}, keep it secret.").as_str()),
        "{outcome}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_key_the_model_writes_into_a_path_never_reaches_the_disk() {
    let (dir, _) = target_dir();
    let provider = MockProvider::start(vec![
        tool_reply(vec![call_json(
            "c1",
            "create_folder",
            json!({"path": format!("keys/{API_KEY}")}),
        )]),
        text_reply("done"),
    ])
    .await;
    let data = tempfile::tempdir().unwrap();
    let outcome = Tidyup::new(dir.path(), &provider)
        .env("TIDYUP_DATA_DIR", data.path().to_str().unwrap())
        .stdin("file my key\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    outcome.assert_key_not_shown();
    assert!(dir.path().join("keys").join(MASKED).is_dir(), "{outcome}");
    let journals = texts_under(&data.path().join("journal"));
    assert!(
        journals.iter().any(|(_, text)| text.contains(MASKED)),
        "the journal records the folder: {journals:?}"
    );
    for (path, text) in texts_under(dir.path()).into_iter().chain(journals) {
        assert!(!path.contains(API_KEY), "the key in a path: {path}");
        assert!(!text.contains(API_KEY), "the key inside {path}");
    }
}
