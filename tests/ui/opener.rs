//! How the browser is given the window: a private file that redirects to
//! the secret address, never the address itself on a command line (any
//! local user reads another's command lines in `/proc/PID/cmdline`).

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use tidyup_test_kit::e2e::{Tidyup, target_dir};

use super::window::{HANG, Window};

/// A folder holding a fake `xdg-open` (and `open`, for macOS) that writes
/// the arguments it was given, one a line, to `args` beside it.
fn fake_opener() -> (tempfile::TempDir, PathBuf) {
    let bin = tempfile::tempdir().unwrap();
    let args = bin.path().join("args");
    let script = format!(
        "#!/bin/sh\nprintf '%s\\n' \"$@\" > '{0}.part' && mv '{0}.part' '{0}'\n",
        args.display()
    );
    for name in ["xdg-open", "open"] {
        let path = bin.path().join(name);
        std::fs::write(&path, &script).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    (bin, args)
}

/// The arguments the fake opener was given, once it ran.
async fn opened_with(args: &Path) -> Vec<String> {
    let start = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(args) {
            return text.lines().map(str::to_owned).collect();
        }
        assert!(start.elapsed() < HANG, "the opener never ran");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn the_browser_gets_a_private_file_that_redirects_never_the_secret() {
    let (dir, _) = target_dir();
    let (bin, args) = fake_opener();
    let path = format!(
        "{}:{}",
        bin.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let run =
        Tidyup::bare()
            .arg("ui")
            .arg(dir.path())
            .args(["--lang", "en", "--provider", "offline"]);
    let mut window = Window::start(run.env("PATH", &path));
    let secret = window
        .address
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap()
        .to_owned();

    let given = opened_with(&args).await;
    assert_eq!(given.len(), 1, "{given:?}");
    assert!(
        !given[0].contains(&secret),
        "the secret on a command line: {given:?}"
    );
    let file = PathBuf::from(
        given[0]
            .strip_prefix("file://")
            .unwrap_or_else(|| panic!("not a file URL: {given:?}")),
    );
    let mode = std::fs::metadata(&file).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600, "{}: {mode:o}", file.display());
    let page = std::fs::read_to_string(&file).unwrap();
    assert!(
        page.contains(&format!(
            "<meta http-equiv=\"refresh\" content=\"0;url={}\">",
            window.address
        )),
        "{page}"
    );
    assert!(
        page.contains("<meta name=\"referrer\" content=\"no-referrer\">"),
        "{page}"
    );

    // What a browser sends when that file redirects it: a navigation from a
    // file, which it calls cross-site. The page answers; nothing else does.
    let navigate = |path: &str| {
        window
            .http
            .get(format!("{}{path}", window.address))
            .header("Sec-Fetch-Site", "cross-site")
            .header("Sec-Fetch-Mode", "navigate")
            .header("Sec-Fetch-Dest", "document")
            .header("Upgrade-Insecure-Requests", "1")
            .send()
    };
    assert_eq!(navigate("").await.unwrap().status(), StatusCode::OK);
    assert_eq!(
        navigate("api/history").await.unwrap().status(),
        StatusCode::FORBIDDEN
    );

    let status = window.terminate().await;
    assert!(status.success(), "{status:?}");
    assert!(
        !file.exists(),
        "{} left after the window stopped",
        file.display()
    );
}
