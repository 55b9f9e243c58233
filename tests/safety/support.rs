//! Trees on disk for the safety tests, and their byte-for-byte snapshots.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use tidyup_core::{FileSystem, Lang, ToolContext, ToolSet, run_tool_text};

/// What a path holds: a folder, a file's bytes, or a link's target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    Dir,
    File(Vec<u8>),
    Link(PathBuf),
}

/// Every item below `root` (not following links), keyed by relative path.
pub fn snapshot(root: &Path) -> BTreeMap<String, Item> {
    let mut items = BTreeMap::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            // Written with `/` on every platform.
            let key = path
                .strip_prefix(root)
                .unwrap()
                .components()
                .map(|part| part.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            let meta = fs::symlink_metadata(&path).unwrap();
            let item = if meta.file_type().is_symlink() {
                Item::Link(fs::read_link(&path).unwrap())
            } else if meta.is_dir() {
                pending.push(path.clone());
                Item::Dir
            } else {
                Item::File(fs::read(&path).unwrap())
            };
            items.insert(key, item);
        }
    }
    items
}

/// A temporary world: `target/` (what tidyup is pointed at) with a few
/// files, and `outside/` next to it, which must never change.
pub struct World {
    pub dir: tempfile::TempDir,
    pub target: PathBuf,
    pub outside: PathBuf,
}

impl World {
    pub fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let root = dunce::canonicalize(dir.path()).unwrap();
        let target = root.join("target");
        let outside = root.join("outside");
        for sub in ["docs", "photos/2024"] {
            fs::create_dir_all(target.join(sub)).unwrap();
        }
        fs::write(target.join("a.txt"), b"alpha").unwrap();
        fs::write(target.join("docs/report.pdf"), b"%PDF").unwrap();
        fs::write(target.join("photos/2024/cat.jpg"), b"meow").unwrap();
        fs::create_dir_all(outside.join("nested")).unwrap();
        fs::write(outside.join("secret.txt"), b"do not touch").unwrap();
        fs::write(outside.join("nested/deep.txt"), b"deep").unwrap();
        Self {
            dir,
            target,
            outside,
        }
    }

    pub fn target_str(&self) -> &str {
        self.target.to_str().unwrap()
    }

    /// Runs one tool through `files` as the core does, in English.
    pub fn tool(
        &self,
        files: &mut dyn FileSystem,
        name: &str,
        arguments: serde_json::Value,
    ) -> String {
        let mut ctx =
            ToolContext::new(files, self.target_str(), Lang::En).with_tools(ToolSet::WITH_BULK);
        run_tool_text(name, &arguments, &mut ctx)
    }
}
