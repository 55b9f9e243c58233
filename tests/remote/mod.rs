//! tidyup on real remote folders: OpenSSH's `sshd`, `rclone serve webdav`
//! and `s3s-fs` on loopback, started by `tests/remote/servers.sh` (CI
//! does, then exports its `env` file and puts `TIDYUP_TEST_SSH_BIN` first
//! on `PATH`). Each test works in a folder of its own on each server and
//! checks the bytes on the folder the server keeps them in.
//!
//! Without the servers the tests say so and pass, unless
//! `TIDYUP_REMOTE_TESTS=required` (CI), where that fails them.

#![cfg(unix)]
// What the tests say beside their results goes to standard error as is.
#![allow(clippy::disallowed_macros)]

mod copy_kill;
pub mod faults;
mod no_replace;
mod organize;
pub mod proxy;
mod reach;
mod refusals;
mod sftp;
mod trash;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// One server: its name, the address of its top folder and the folder of
/// this machine that holds what it serves.
pub struct Server {
    pub name: &'static str,
    url: String,
    dir: PathBuf,
}

impl Server {
    /// A new, empty folder `name` on the server: its address and where
    /// its bytes are on this machine.
    pub fn folder(&self, name: &str) -> (String, PathBuf) {
        let dir = self.dir.join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        (format!("{}/{name}", self.url.trim_end_matches('/')), dir)
    }

    /// Whether the server is an object store (no folders of its own: an
    /// empty one is nothing, so trees compare by files).
    pub fn is_store(&self) -> bool {
        self.url.starts_with("s3://")
    }
}

/// The servers, when they run; `None` (said on standard error) when they
/// do not and they are not required.
pub fn servers() -> Option<Vec<Server>> {
    let var = |name: &str| std::env::var(name).ok().filter(|value| !value.is_empty());
    let found: Option<Vec<Server>> = [("sftp", "SFTP"), ("webdav", "WEBDAV"), ("s3", "S3")]
        .into_iter()
        .map(|(name, key)| {
            Some(Server {
                name,
                url: var(&format!("TIDYUP_TEST_{key}_URL"))?,
                dir: PathBuf::from(var(&format!("TIDYUP_TEST_{key}_DIR"))?),
            })
        })
        .collect();
    if found.is_none() {
        assert!(
            var("TIDYUP_REMOTE_TESTS").as_deref() != Some("required"),
            "the remote test servers are required and not running: \
             start them with `bash tests/remote/servers.sh start DIR` and source DIR/env"
        );
        eprintln!(
            "remote folders: no test servers running (tests/remote/servers.sh); nothing checked"
        );
    }
    found
}

/// The servers' credentials as this process has them: what a process
/// started with a cleared environment is given to reach them.
pub fn server_credentials() -> Vec<(&'static str, String)> {
    [
        "TIDYUP_WEBDAV_USER",
        "TIDYUP_WEBDAV_PASSWORD",
        "AWS_ENDPOINT_URL",
        "AWS_ACCESS_KEY_ID",
        "AWS_SECRET_ACCESS_KEY",
        "AWS_REGION",
    ]
    .into_iter()
    .filter_map(|name| Some((name, std::env::var(name).ok()?)))
    .collect()
}

/// A `tidyup` command with its own home (its journal and plans there),
/// the servers' credentials and `ssh` from the environment, and no model.
pub fn tidyup(home: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tidyup"));
    command
        .args(args)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("TIDYUP_BASE_URL", "http://127.0.0.1:9/v1")
        .env_remove("TIDYUP_API_KEY")
        .env("TZ", "UTC")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs `command` with `stdin` to its end.
pub fn run(mut command: Command, stdin: &str) -> Output {
    use std::io::Write;
    let mut child = command.spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    child.wait_with_output().unwrap()
}

/// The demo folder, made by `tidyup demo` in `home`.
pub fn demo(home: &Path) -> PathBuf {
    let demo = home.join("demo");
    if !demo.exists() {
        let made = run(tidyup(home, &["demo", demo.to_str().unwrap()]), "");
        assert!(
            made.status.success(),
            "{}",
            String::from_utf8_lossy(&made.stderr)
        );
    }
    demo
}

/// Copies the tree at `from` into `to`.
pub fn copy_tree(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// What a server holds under `dir`: every file and its bytes, and for a
/// server with folders of its own every folder (`"name/"`).
pub fn held(server: &Server, dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut tree = tidyup_test_kit::tree_of(dir);
    if server.is_store() {
        tree.retain(|name, _| !name.ends_with('/'));
    }
    tree
}

/// How many files are in folders below `dir` (not at its top).
pub fn placed(dir: &Path) -> usize {
    tidyup_test_kit::tree_of(dir)
        .keys()
        .filter(|name| !name.ends_with('/') && name.contains('/'))
        .count()
}
