//! `tidyup demo`: writes the core's demo folder to disk and says how to
//! organize it.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use tidyup_core::Lang;
use tidyup_core::demo::{DEMO_FILES, content};

use super::fail;

/// `tidyup demo [DIR]`: creates the folder and says how to organize it.
pub fn demo(dir: &Path, lang: Lang) -> ExitCode {
    match create(dir) {
        Ok(created) => {
            let shown = created.display().to_string();
            let command = format!("tidyup --provider offline \"{shown}\"");
            println!("{}", lang.demo_created(DEMO_FILES.len(), &shown, &command));
            ExitCode::SUCCESS
        }
        Err(err) => fail(&err, 2),
    }
}

/// Creates the demo folder at `dir` (which must not exist, or be empty) and
/// returns its absolute path.
fn create(dir: &Path) -> anyhow::Result<PathBuf> {
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
