//! What keeps the window to its own page: the secret, `Host`, `Origin`,
//! the tab, no CORS, one owning tab.

use reqwest::StatusCode;
use serde_json::json;
use tidyup_test_kit::e2e::{target_dir, tree_of, write_file};

use crate::window::{Window, rows};

#[tokio::test]
async fn a_wrong_or_missing_secret_is_not_found_and_never_named() {
    let (dir, _) = target_dir();
    let window = Window::offline(dir.path());
    let secret = window
        .address
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap()
        .to_owned();
    let mut wrong = secret.clone().into_bytes();
    wrong[0] = if wrong[0] == b'0' { b'1' } else { b'0' };
    let wrong = String::from_utf8(wrong).unwrap();
    for path in [
        String::new(),
        "api/history".to_owned(),
        format!("{wrong}/"),
        format!("{wrong}/api/history"),
        format!("{}/api/history", &secret[..31]),
        format!("{secret}x/api/history"),
    ] {
        let answer = window
            .http
            .get(format!("{}/{path}", window.origin))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), StatusCode::NOT_FOUND, "{path}");
        let body = answer.text().await.unwrap();
        assert!(!body.contains(&secret), "{body}");
    }
    assert_eq!(window.get("").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_foreign_host_is_forbidden() {
    let (dir, _) = target_dir();
    let window = Window::offline(dir.path());
    for host in [
        "evil.example",
        "evil.example:80",
        "127.0.0.1",
        "localhost:1",
    ] {
        let answer = window
            .http
            .get(format!("{}api/history", window.address))
            .header("Host", host)
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), StatusCode::FORBIDDEN, "{host}");
    }
    let port = window.origin.rsplit(':').next().unwrap();
    let answer = window
        .http
        .get(format!("{}api/history", window.address))
        .header("Host", format!("localhost:{port}"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_post_from_another_origin_or_without_one_is_forbidden_and_changes_nothing() {
    let (dir, _) = target_dir();
    for name in ["report.pdf", "photo.jpg", "song.mp3"] {
        write_file(dir.path(), name, 100);
    }
    let before = tree_of(dir.path());
    let window = Window::offline(dir.path());
    let (tab, mut events) = window.tab().await;
    let plan = window.organize(&tab, &mut events).await;
    let ticked: Vec<_> = rows(&plan)
        .iter()
        .map(|row| json!({"id": row["id"]}))
        .collect();
    let body = json!({"plan": plan["plan"], "rows": ticked});
    let url = format!("{}api/apply", window.address);
    for origin in [
        Some("http://evil.example".to_owned()),
        Some("null".to_owned()),
        Some(format!("{}0", window.origin)),
        None,
    ] {
        let mut request = window
            .http
            .post(&url)
            .header("X-Tidyup-Tab", &tab)
            .json(&body);
        if let Some(origin) = &origin {
            request = request.header("Origin", origin);
        }
        let answer = request.send().await.unwrap();
        assert_eq!(answer.status(), StatusCode::FORBIDDEN, "{origin:?}");
    }
    // A cross-site fetch, even with our origin, and a POST without the tab.
    let answer = window
        .http
        .post(&url)
        .header("Origin", &window.origin)
        .header("X-Tidyup-Tab", &tab)
        .header("Sec-Fetch-Site", "cross-site")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::FORBIDDEN);
    let answer = window
        .http
        .post(&url)
        .header("Origin", &window.origin)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::FORBIDDEN);
    // Another tab's id is not the owner's.
    let answer = window.post("api/apply", "not-the-tab", body.clone()).await;
    assert_eq!(answer.status(), StatusCode::CONFLICT);
    assert_eq!(tree_of(dir.path()), before, "nothing changed on disk");
    assert!(
        !window.data_dir().join("journal").exists(),
        "no session journaled"
    );
}

#[tokio::test]
async fn no_answer_carries_a_cors_header_and_every_one_the_page_headers() {
    let (dir, _) = target_dir();
    let window = Window::offline(dir.path());
    let url = |path: &str| format!("{}{path}", window.address);
    let answers = [
        window.get("").await,
        window.get("app.js").await,
        window.get("api/history").await,
        window
            .http
            .get(url("api/places"))
            .header("Origin", "http://evil.example")
            .send()
            .await
            .unwrap(),
        window
            .http
            .request(reqwest::Method::OPTIONS, url("api/claim"))
            .header("Origin", "http://evil.example")
            .header("Access-Control-Request-Method", "POST")
            .send()
            .await
            .unwrap(),
        window
            .http
            .get(format!("{}/nothing", window.origin))
            .send()
            .await
            .unwrap(),
    ];
    for answer in &answers {
        for (name, _) in answer.headers() {
            assert!(
                !name.as_str().starts_with("access-control-"),
                "{name} on {}",
                answer.url()
            );
        }
        let header = |name: &str| {
            answer
                .headers()
                .get(name)
                .map(|v| v.to_str().unwrap().to_owned())
        };
        assert_eq!(header("cache-control").as_deref(), Some("no-store"));
        assert_eq!(header("referrer-policy").as_deref(), Some("no-referrer"));
        assert_eq!(header("x-content-type-options").as_deref(), Some("nosniff"));
        let policy = header("content-security-policy").unwrap();
        assert!(
            policy.contains("default-src 'self'") && !policy.contains("unsafe-inline"),
            "{policy}"
        );
    }
    let page = &answers[0];
    assert!(
        page.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    assert!(
        answers[1].headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/javascript")
    );
}

#[tokio::test]
async fn a_second_tab_is_refused_unless_it_takes_over_and_the_first_is_told() {
    let (dir, _) = target_dir();
    let window = Window::offline(dir.path());
    let (first, mut first_events) = window.tab().await;
    let refused = window.post("api/claim", "new", json!({})).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    let text: serde_json::Value = refused.json().await.unwrap();
    assert!(
        text["error"]
            .as_str()
            .is_some_and(|t| t.contains("another tab")),
        "{text}"
    );
    let taken = window
        .post("api/claim", "new", json!({"take_over": true}))
        .await;
    assert_eq!(taken.status(), StatusCode::OK);
    let second: serde_json::Value = taken.json().await.unwrap();
    let second = second["tab"].as_str().unwrap().to_owned();
    assert_ne!(first, second);
    assert_eq!(first_events.until("taken_over").await["kind"], "taken_over");
    assert!(
        first_events.next().await.is_none(),
        "the first stream ended"
    );
    // The first tab's actions and stream are refused now; the second's work.
    assert_eq!(
        window
            .post("api/organize", &first, json!({}))
            .await
            .status(),
        StatusCode::CONFLICT
    );
    let stream = window
        .http
        .get(format!("{}api/events?tab={first}", window.address))
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status(), StatusCode::CONFLICT);
    let mut second_events = window.events(&second).await;
    assert_eq!(second_events.next().await.unwrap()["kind"], "state");
}
