//! [`RealFs`]: the machine's file system, used as it is (`--no-sandbox`).

use std::fs;
use std::io;
use std::path::Path;

use tidyup_core::{Entry, FileSystem, HostError};

use super::{HostFs, entry, host_error, kind, move_path};

/// The machine's own file system, with no limit on where the model reaches.
#[derive(Debug, Clone, Copy, Default)]
pub struct RealFs;

fn std_entry(name: String, meta: &fs::Metadata) -> Entry {
    let file_type = meta.file_type();
    let kind = kind(
        file_type.is_symlink(),
        file_type.is_dir(),
        file_type.is_file(),
    );
    entry(name, kind, meta.len(), meta.modified().ok())
}

impl FileSystem for RealFs {
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        let path = Path::new(path);
        let name = path
            .file_name()
            .map_or_else(|| path.to_string_lossy(), |name| name.to_string_lossy())
            .into_owned();
        match fs::symlink_metadata(path) {
            Ok(meta) => Ok(Some(std_entry(name, &meta))),
            Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(err) => Err(host_error(&err)),
        }
    }

    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let mut entries = Vec::new();
        for child in fs::read_dir(path).map_err(|err| host_error(&err))? {
            let child = child.map_err(|err| host_error(&err))?;
            let meta = child.metadata().map_err(|err| host_error(&err))?;
            entries.push(std_entry(
                child.file_name().to_string_lossy().into_owned(),
                &meta,
            ));
        }
        Ok(entries)
    }

    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        fs::create_dir_all(path).map_err(|err| host_error(&err))
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        move_path(Path::new(from), Path::new(to)).map_err(|err| host_error(&err))
    }

    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        fs::remove_file(path).map_err(|err| host_error(&err))
    }

    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        fs::remove_dir_all(path).map_err(|err| host_error(&err))
    }
}

impl HostFs for RealFs {
    fn may_change(&mut self, path: &str) -> Result<(), HostError> {
        match Path::new(path).parent() {
            Some(_) => Ok(()),
            None => Err(HostError::new("protected", path)),
        }
    }

    fn move_out(&mut self, path: &str, outside: &Path) -> Result<(), HostError> {
        move_path(Path::new(path), outside).map_err(|err| host_error(&err))
    }

    fn move_in(&mut self, outside: &Path, path: &str) -> Result<(), HostError> {
        move_path(outside, Path::new(path)).map_err(|err| host_error(&err))
    }
}
