//! `tidyup demo`: writes the core's demo folder to disk.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use tidyup_core::demo_folder::{DEMO_FILES, content};

/// Creates the demo folder at `dir` (which must not exist, or be empty) and
/// returns its absolute path.
pub fn create(dir: &Path) -> anyhow::Result<PathBuf> {
    if dir.exists() {
        let empty = fs::read_dir(dir)
            .with_context(|| format!("{} exists and is not a readable directory", dir.display()))?
            .next()
            .is_none();
        if !empty {
            bail!(
                "{} already exists and is not empty; choose another directory",
                dir.display()
            );
        }
    }
    for file in DEMO_FILES {
        let path = dir.join(file.path);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        fs::write(&path, content(file))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(dunce::canonicalize(dir)?)
}
