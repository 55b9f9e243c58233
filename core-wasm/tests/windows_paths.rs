//! The tools on a Windows target, natively: paths joined with `\` whatever
//! separator the model writes, a drive letter in upper case, a change of
//! case only as a rename where names ignore case (and a refusal where they
//! do not), the wording of a name Windows refuses, and the offline
//! planner's free names, which ignore case there.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::BTreeMap;

use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tidyup_core::{
    Entry, EntryKind, ErrorCode, FileSystem, FileSystemExt, FsAnswer, FsRequest, HostError, Lang,
    ToolContext, composed, run_tool_text,
};

const DESKTOP: &str = r"C:\Users\ana\Desktop";

/// A small file system of `\` paths; with `ignore_case` names compare as
/// Windows compares them and keep the case they were given.
#[derive(Default)]
struct WindowsFs {
    ignore_case: bool,
    /// Key (lower case when case is ignored) → (path as stored, is a folder).
    items: BTreeMap<String, (String, bool)>,
}

impl WindowsFs {
    fn new(ignore_case: bool) -> Self {
        let mut fs = Self {
            ignore_case,
            items: BTreeMap::new(),
        };
        fs.add(DESKTOP, true);
        fs
    }

    fn key(&self, path: &str) -> String {
        if self.ignore_case {
            path.to_lowercase()
        } else {
            path.to_owned()
        }
    }

    fn add(&mut self, path: &str, dir: bool) -> &mut Self {
        self.items.insert(self.key(path), (path.to_owned(), dir));
        self
    }

    /// The stored paths, as the disk would list them.
    fn paths(&self) -> Vec<String> {
        self.items.values().map(|(path, _)| path.clone()).collect()
    }

    fn entry(path: &str, dir: bool) -> Entry {
        Entry {
            name: path.rsplit('\\').next().unwrap().to_owned(),
            kind: if dir { EntryKind::Dir } else { EntryKind::File },
            size: 1,
            modified: 0,
            utc_offset: 0,
            online_only: false,
        }
    }
}

impl FileSystem for WindowsFs {
    // What it does not answer itself is made of what it does, or refused,
    // whatever requests come to exist.
    #[allow(clippy::wildcard_enum_match_arm)]
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        Ok(match request {
            FsRequest::Stat { path } => FsAnswer::Stat(self.on_stat(path)?),
            FsRequest::List { path } => FsAnswer::List(self.on_list(path)?),
            FsRequest::CreateDirAll { path } => self.on_create_dir_all(path)?.into(),
            FsRequest::Rename { from, to } => self.on_rename(from, to)?.into(),
            FsRequest::RemoveFile { path } => self.on_remove_file(path)?.into(),
            FsRequest::RemoveDirAll { path } => self.on_remove_dir_all(path)?.into(),
            _ => return composed(self, request),
        })
    }
}

/// The requests it answers itself, each as the request says.
impl WindowsFs {
    fn on_stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        assert!(!path.contains('/'), "a path with /: {path}");
        Ok(self
            .items
            .get(&self.key(path))
            .map(|(_, dir)| Self::entry(path, *dir)))
    }

    fn on_list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let prefix = format!("{}\\", self.key(path));
        Ok(self
            .items
            .iter()
            .filter(|(key, _)| key.starts_with(&prefix) && !key[prefix.len()..].contains('\\'))
            .map(|(_, (stored, dir))| Self::entry(stored, *dir))
            .collect())
    }

    fn on_create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        if path.rsplit('\\').next() == Some("CON") {
            return Err(HostError::at(ErrorCode::NotAllowedOnWindows, path));
        }
        if self.stat(path)?.is_none() {
            self.add(path, true);
        }
        Ok(())
    }

    fn on_rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        let (_, dir) = self
            .items
            .remove(&self.key(from))
            .ok_or_else(|| HostError::new(ErrorCode::NotFound, from))?;
        let moved: Vec<(String, (String, bool))> = self
            .items
            .iter()
            .filter(|(key, _)| key.starts_with(&format!("{}\\", self.key(from))))
            .map(|(key, value)| (key.clone(), value.clone()))
            .collect();
        for (key, (stored, is_dir)) in moved {
            self.items.remove(&key);
            let rest = &stored[from.len()..];
            self.add(&format!("{to}{rest}"), is_dir);
        }
        self.add(to, dir);
        Ok(())
    }

    fn on_remove_file(&mut self, path: &str) -> Result<(), HostError> {
        self.items.remove(&self.key(path));
        Ok(())
    }

    fn on_remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.remove_file(path)
    }
}

fn run(fs: &mut WindowsFs, name: &str, arguments: Value) -> String {
    let mut ctx = ToolContext::new(fs, DESKTOP, Lang::En);
    run_tool_text(name, &arguments, &mut ctx)
}

#[test]
fn paths_are_joined_with_backslashes_whatever_the_model_writes() {
    let mut fs = WindowsFs::new(true);
    fs.add(r"C:\Users\ana\Desktop\a.txt", false);

    assert_eq!(
        run(&mut fs, "create_folder", json!({"path": "docs/2024"})),
        r"Created folder: C:\Users\ana\Desktop\docs\2024"
    );
    assert_eq!(
        run(
            &mut fs,
            "move_file",
            json!({"source": "./a.txt", "destination": "c:/Users/ana/Desktop/docs/"})
        ),
        r"Moved a.txt to C:\Users\ana\Desktop\docs\a.txt"
    );
    assert_eq!(
        run(
            &mut fs,
            "rename_file",
            json!({"path": r"docs\a.txt", "new_name": "b.txt"})
        ),
        "Renamed a.txt to b.txt"
    );
    assert!(
        fs.paths()
            .contains(&r"C:\Users\ana\Desktop\docs\b.txt".to_owned())
    );
}

#[test]
fn a_change_of_case_only_is_a_rename_where_case_is_ignored() {
    let mut fs = WindowsFs::new(true);
    fs.add(r"C:\Users\ana\Desktop\report.txt", false)
        .add(r"C:\Users\ana\Desktop\notes.txt", false)
        .add(r"C:\Users\ana\Desktop\docs", true)
        .add(r"C:\Users\ana\Desktop\docs\x.txt", false);

    assert_eq!(
        run(
            &mut fs,
            "move_file",
            json!({"source": "report.txt", "destination": "REPORT.txt"})
        ),
        r"Moved report.txt to C:\Users\ana\Desktop\REPORT.txt"
    );
    assert_eq!(
        run(
            &mut fs,
            "rename_file",
            json!({"path": "notes.txt", "new_name": "Notes.txt"})
        ),
        "Renamed notes.txt to Notes.txt"
    );
    assert_eq!(
        run(
            &mut fs,
            "move_file",
            json!({"source": "docs", "destination": "Docs"})
        ),
        r"Moved docs to C:\Users\ana\Desktop\Docs",
        "a folder renamed, not moved into itself"
    );
    assert_eq!(
        fs.paths(),
        [
            DESKTOP,
            r"C:\Users\ana\Desktop\Docs",
            r"C:\Users\ana\Desktop\Docs\x.txt",
            r"C:\Users\ana\Desktop\Notes.txt",
            r"C:\Users\ana\Desktop\REPORT.txt",
        ]
    );
}

#[test]
fn where_case_matters_two_names_are_two_items() {
    let mut fs = WindowsFs::new(false);
    fs.add(r"C:\Users\ana\Desktop\a.txt", false)
        .add(r"C:\Users\ana\Desktop\A.txt", false)
        .add(r"C:\Users\ana\Desktop\docs", true)
        .add(r"C:\Users\ana\Desktop\Docs", true);

    assert_eq!(
        run(
            &mut fs,
            "rename_file",
            json!({"path": "a.txt", "new_name": "A.txt"})
        ),
        r"Target already exists: C:\Users\ana\Desktop\A.txt; nothing was renamed"
    );
    assert_eq!(
        run(
            &mut fs,
            "move_file",
            json!({"source": "docs", "destination": "Docs"})
        ),
        r"Moved docs to C:\Users\ana\Desktop\Docs\docs",
        "an existing folder of the other name is moved into"
    );
}

#[test]
fn a_name_windows_refuses_is_worded_for_the_model() {
    let mut fs = WindowsFs::new(true);
    let result = run(&mut fs, "create_folder", json!({"path": "CON"}));
    assert!(
        result.contains(r#"the name "CON" is not allowed on Windows"#),
        "{result}"
    );
    let mut ctx = ToolContext::new(&mut fs, DESKTOP, Lang::Zh);
    let result = run_tool_text("create_folder", &json!({"path": "CON"}), &mut ctx);
    assert!(
        result.contains(r#"Windows 不允许使用名称 "CON""#),
        "{result}"
    );
}

/// The offline planner on a Windows target, where names ignore case: a
/// file whose name the folder it goes to holds in another case moves
/// under a free name, never over that file.
#[test]
fn the_planner_never_moves_a_file_over_one_named_in_another_case() {
    use tidyup_core::{Agent, AgentConfig, Capabilities, Provider};
    use tidyup_core::{OfflinePlanner, folder_name};
    use tidyup_test_kit::Recorder;

    let images = format!(r"{DESKTOP}\{}", folder_name("图片", Lang::En));
    let mut fs = WindowsFs::new(true);
    fs.add(&images, true)
        .add(&format!(r"{images}\cat.png"), false)
        .add(&format!(r"{DESKTOP}\CAT.PNG"), false);
    let mut agent = Agent::new(AgentConfig {
        target_name: None,
        target_dir: DESKTOP.to_owned(),
        model: "m".to_owned(),
        lang: Lang::En,
        provider: Provider::Offline,
        calls: Default::default(),
        limits: Default::default(),
        read_contents: false,
        rules: None,
        dry_run: false,
    });
    let mut planner = OfflinePlanner::new(Lang::En, DESKTOP);
    let mut events = Recorder::default();
    for line in ["organize", "yes"] {
        agent.handle_line(
            line,
            &mut Capabilities {
                model: &mut planner,
                files: &mut fs,
                events: &mut events,
            },
        );
    }
    assert_eq!(
        fs.paths(),
        [
            DESKTOP.to_owned(),
            images.clone(),
            format!(r"{images}\CAT (2).PNG"),
            format!(r"{images}\cat.png"),
        ]
    );
}
