//! Shared machinery: temporary homes with tidyup's data inside, the
//! `tidyup` binary run in them, and snapshots of directory trees. The MCP
//! client is in `client`, the raw line-level connection in `raw`.
//!
//! Nothing here touches the network or any directory but the temporary
//! ones each test owns.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use tempfile::TempDir;

/// How long any single step may take before the test fails.
pub const STEP: Duration = Duration::from_secs(60);

/// A test's world: a home with tidyup's data, cache and config inside, the
/// folder the tools work in, and a folder outside it.
pub struct World {
    _temp: TempDir,
    /// `HOME`.
    pub home: PathBuf,
    /// `TIDYUP_DATA_DIR`: journals, trash, plans.
    pub data: PathBuf,
    /// The folder given to `tidyup mcp` (canonical).
    pub target: PathBuf,
    /// A folder beside it that no tool may reach (canonical).
    pub outside: PathBuf,
    /// More environment variables for the processes.
    extra_env: Vec<(&'static str, String)>,
}

impl World {
    /// Empty `target` and `outside` folders in a fresh temporary home.
    pub fn new() -> Self {
        let temp = tempfile::tempdir().expect("temp dir");
        let root = temp.path().canonicalize().expect("canonical temp dir");
        let world = Self {
            home: root.join("home"),
            data: root.join("home/data"),
            target: root.join("target"),
            outside: root.join("outside"),
            extra_env: Vec::new(),
            _temp: temp,
        };
        for dir in [&world.home, &world.target, &world.outside] {
            std::fs::create_dir_all(dir).expect("create dir");
        }
        world
    }

    /// Writes `files` (relative path, content) under `dir`, with parents.
    pub fn write(dir: &Path, files: &[(&str, &str)]) {
        for (path, content) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("parents");
            std::fs::write(path, content).expect("write");
        }
    }

    /// Sets a variable for the processes started from now on.
    pub fn env(&mut self, name: &'static str, value: &str) {
        self.extra_env.push((name, value.to_owned()));
    }

    /// The environment of every process: only the temporary home.
    pub fn environment(&self) -> Vec<(&'static str, String)> {
        let home = self.home.display().to_string();
        let mut env = vec![
            ("HOME", home.clone()),
            ("XDG_CACHE_HOME", format!("{home}/.cache")),
            ("XDG_CONFIG_HOME", format!("{home}/.config")),
            ("XDG_DATA_HOME", format!("{home}/.local/share")),
            ("TIDYUP_DATA_DIR", self.data.display().to_string()),
            ("TIDYUP_LANG", "en".to_owned()),
            ("TZ", "UTC".to_owned()),
            ("PATH", std::env::var("PATH").unwrap_or_default()),
        ];
        if cfg!(windows) {
            env.push(("USERPROFILE", home.clone()));
            env.push(("APPDATA", format!("{home}/AppData/Roaming")));
            env.push(("LOCALAPPDATA", format!("{home}/AppData/Local")));
            for name in ["SystemRoot", "SYSTEMROOT", "windir", "TEMP", "TMP"] {
                if let Ok(value) = std::env::var(name) {
                    env.push((name, value));
                }
            }
        }
        env.extend(self.extra_env.iter().cloned());
        env
    }

    /// `tidyup ARGS` with this world's environment, to completion:
    /// (status code, stdout, stderr).
    pub fn tidyup(&self, args: &[&str]) -> (i32, String, String) {
        let output = Command::new(env!("CARGO_BIN_EXE_tidyup"))
            .args(args)
            .env_clear()
            .envs(self.environment())
            .stdin(Stdio::null())
            .output()
            .expect("run tidyup");
        (
            output.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    }

    /// `tidyup mcp ARGS` as a process with this world's environment.
    pub fn mcp_command(&self, args: &[&str]) -> tokio::process::Command {
        let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_tidyup"));
        command
            .arg("mcp")
            .args(args)
            .env_clear()
            .envs(self.environment());
        command
    }
}

/// Every file and folder under `dir` (relative path → content, or `/` for
/// a folder, `-> TARGET` for a symlink).
pub fn tree(dir: &Path) -> BTreeMap<String, String> {
    let mut found = BTreeMap::new();
    collect(dir, dir, &mut found);
    found
}

fn collect(root: &Path, dir: &Path, found: &mut BTreeMap<String, String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("entry").path();
        let relative = path
            .strip_prefix(root)
            .expect("inside")
            .to_string_lossy()
            .replace('\\', "/");
        let meta = std::fs::symlink_metadata(&path).expect("metadata");
        if meta.file_type().is_symlink() {
            let target = std::fs::read_link(&path).expect("link");
            found.insert(relative, format!("-> {}", target.display()));
        } else if meta.is_dir() {
            found.insert(relative, "/".to_owned());
            collect(root, &path, found);
        } else {
            found.insert(
                relative,
                std::fs::read_to_string(&path).unwrap_or_else(|_| "<binary>".to_owned()),
            );
        }
    }
}
