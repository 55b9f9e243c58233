//! `tidyup demo`: writes the core's demo folder to disk and says how to
//! organize it.

use crate::words::{CommandsWords, ConsoleWords};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use tidyup_core::{DEMO_FILES, Lang, demo_file_content};

use super::fail;
use crate::console::outln;

/// `tidyup demo [DIR]`: creates the folder and says how to organize it.
pub fn demo(dir: &Path, lang: Lang) -> ExitCode {
    match create(dir, lang) {
        Ok(created) => {
            let shown = created.display().to_string();
            let command = format!("tidyup --provider offline \"{shown}\"");
            outln!("{}", lang.demo_created(DEMO_FILES.len(), &shown, &command));
            ExitCode::SUCCESS
        }
        Err(err) => fail(&err, 2),
    }
}

/// Creates the demo folder at `dir` (which must not exist, or be empty) and
/// returns its absolute path; failures are worded in `lang`.
fn create(dir: &Path, lang: Lang) -> anyhow::Result<PathBuf> {
    let shown = |path: &Path| path.display().to_string();
    if dir.exists() {
        let empty = fs::read_dir(dir)
            .with_context(|| lang.demo_dir_unreadable(&shown(dir)))?
            .next()
            .is_none();
        if !empty {
            bail!(lang.demo_dir_not_empty(&shown(dir)));
        }
    }
    for file in DEMO_FILES {
        let path = dir.join(file.path);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).with_context(|| lang.cannot_create(&shown(parent)))?;
        }
        fs::write(&path, demo_file_content(file))
            .with_context(|| lang.cannot_write_file(&shown(&path)))?;
    }
    Ok(dunce::canonicalize(dir)?)
}
