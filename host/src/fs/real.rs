//! [`RealFs`]: the machine's file system, used as it is (`--no-sandbox`).

use crate::fs::{HostAnswer, HostFsExt, HostRequest, host_composed};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use cap_std::ambient_authority;
use cap_std::fs::Dir;
use tidyup_core::{
    Entry, EntryKind, FileSample, FileSystem, FsAnswer, FsRequest, HostError, composed,
};

use super::case::{ItemId, differ_only_in_case, item_id, not_found_is_false, rename_case_only};
use super::cross_device::{CrossDeviceHooks, move_path, move_path_staged};
use super::fingerprint::{self, Facts, Fingerprint, content_hash};
use super::location::{Location, real_location};
use super::names;
use super::{HostFs, Staging, entry, host_error, kind};
use crate::online_only;
use crate::regular_file;

/// The machine's own file system, with no limit on where the model reaches
/// (tidyup's own directories are kept out by the guard over it, see
/// [`super::base`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct RealFs;

fn std_entry(name: String, meta: &fs::Metadata) -> Entry {
    let file_type = meta.file_type();
    let kind = kind(
        file_type.is_symlink(),
        file_type.is_dir(),
        file_type.is_file(),
    );
    Entry {
        online_only: online_only::of_std(name.as_ref(), meta),
        ..entry(name, kind, meta.len(), meta.modified().ok())
    }
}

/// The real path `path` (of shown names, see [`names`]) stands for. The
/// names the platform refuses are the guard's to refuse.
fn checked(path: &str) -> Result<PathBuf, HostError> {
    Ok(names::resolve(Path::new(path), there))
}

/// Whether anything (a final symlink not followed) is at `path`.
fn there(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok()
}

/// The [`ItemId`] of the item at `path`, `None` when nothing is there.
pub(super) fn id_of(path: &Path) -> Result<Option<ItemId>, HostError> {
    let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
        return Ok(None);
    };
    match Dir::open_ambient_dir(parent, ambient_authority()) {
        Ok(dir) => item_id(&dir, Path::new(name)).map_err(|err| host_error(&err)),
        Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(err) => Err(host_error(&err)),
    }
}

impl FileSystem for RealFs {
    // What it does not answer itself is made of what it does, or refused,
    // whatever requests come to exist.
    #[allow(clippy::wildcard_enum_match_arm)]
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        Ok(match request {
            FsRequest::Stat { path } => FsAnswer::Stat(self.on_stat(path)?),
            FsRequest::List { path } => FsAnswer::List(self.on_list(path)?),
            FsRequest::Count { path } => FsAnswer::Count(self.on_count(path)?),
            FsRequest::CreateDirAll { path } => self.on_create_dir_all(path)?.into(),
            FsRequest::Rename { from, to } => self.on_rename(from, to)?.into(),
            FsRequest::RemoveFile { path } => self.on_remove_file(path)?.into(),
            FsRequest::RemoveDirAll { path } => self.on_remove_dir_all(path)?.into(),
            FsRequest::ReadBytes { path, head, tail } => {
                FsAnswer::Sample(self.on_read_bytes(path, *head, *tail)?)
            }
            FsRequest::Digests { paths, limit } => {
                FsAnswer::Digests(self.on_digests(paths, *limit)?)
            }
            _ => return composed(self, request),
        })
    }
}

/// The requests it answers itself, each as the request says.
impl RealFs {
    fn on_stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        let name = Path::new(path)
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or(path)
            .to_owned();
        match fs::symlink_metadata(checked(path)?) {
            Ok(meta) => Ok(Some(std_entry(name, &meta))),
            Err(err) if super::nothing_there(&err) => Ok(None),
            Err(err) => Err(host_error(&err)),
        }
    }

    fn on_list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let mut found = Vec::new();
        for child in fs::read_dir(checked(path)?).map_err(|err| host_error(&err))? {
            let child = child.map_err(|err| host_error(&err))?;
            let meta = child.metadata().map_err(|err| host_error(&err))?;
            found.push((child.file_name(), meta));
        }
        Ok(names::shown_entries(&found, std_entry))
    }

    fn on_count(&mut self, path: &str) -> Result<usize, HostError> {
        let mut count = 0;
        for child in fs::read_dir(checked(path)?).map_err(|err| host_error(&err))? {
            child.map_err(|err| host_error(&err))?;
            count += 1;
        }
        Ok(count)
    }

    fn on_create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        fs::create_dir_all(&checked(path)?).map_err(|err| host_error(&err))
    }

    fn on_rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        self.rename_staged(from, to, &mut |_| Ok(()))
    }

    fn on_remove_file(&mut self, path: &str) -> Result<(), HostError> {
        fs::remove_file(&checked(path)?).map_err(|err| host_error(&err))
    }

    fn on_remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        fs::remove_dir_all(&checked(path)?).map_err(|err| host_error(&err))
    }

    fn on_read_bytes(&mut self, path: &str, head: u64, tail: u64) -> Result<FileSample, HostError> {
        let file = regular_file::open(&checked(path)?).map_err(|err| host_error(&err))?;
        let size = file.metadata().map_err(|err| host_error(&err))?.len();
        super::sample::sample(file, size, head, tail).map_err(|err| host_error(&err))
    }

    fn on_digests(
        &mut self,
        paths: &[String],
        limit: Option<u64>,
    ) -> Result<Vec<Result<String, HostError>>, HostError> {
        Ok(paths
            .iter()
            .map(|path| {
                let file = regular_file::open(&checked(path)?).map_err(|err| host_error(&err))?;
                super::sample::digest(file, limit).map_err(|err| host_error(&err))
            })
            .collect())
    }
}

impl HostFs for RealFs {
    fn host_call(&mut self, request: HostRequest<'_>) -> Result<HostAnswer, HostError> {
        Ok(match request {
            // Nothing of its own to refuse: the roots and the names the
            // platform refuses are the guard's policies.
            HostRequest::MayChange { .. } => HostAnswer::Done,
            HostRequest::Move {
                from,
                to,
                staging,
                replace: true,
            } => self.on_rename_staged(from, to, staging)?.into(),
            HostRequest::MoveOut { path, outside } => self.on_move_out(path, outside)?.into(),
            HostRequest::MoveIn { outside, path } => self.on_move_in(outside, path)?.into(),
            HostRequest::SameItem { a, b } => HostAnswer::Same(self.on_same_item(a, b)?),
            // `rmdir(2)`: refused by the system when anything is inside.
            HostRequest::RemoveEmptyDir { path } => fs::remove_dir(checked(path)?)
                .map_err(|err| host_error(&err))?
                .into(),
            HostRequest::Locate { path } => HostAnswer::Location(self.on_locate(path)?),
            HostRequest::Fingerprint { path } => {
                HostAnswer::Fingerprint(self.on_fingerprint(path)?)
            }
            other @ (HostRequest::BeginOperation
            | HostRequest::EndOperation
            | HostRequest::Kept { .. }
            | HostRequest::Move { replace: false, .. }) => return host_composed(self, other),
        })
    }
}

/// The host requests it answers itself, each as the request says.
impl RealFs {
    fn on_rename_staged(
        &mut self,
        from: &str,
        to: &str,
        staging: Staging,
    ) -> Result<(), HostError> {
        let exact = names::exact_path(to).is_some();
        let (from, to) = (checked(from)?, checked(to)?);
        let to = if exact {
            to
        } else {
            names::destination(&from, to, there)
        };
        let from = from.as_path();
        let to = to.as_path();
        if differ_only_in_case(from, to) {
            let id = id_of(from)?;
            if id.is_some() && id == id_of(to)? {
                return rename_case_only(
                    from,
                    to,
                    |a, b| fs::rename(a, b),
                    |path| {
                        fs::symlink_metadata(path)
                            .map(|_| true)
                            .or_else(not_found_is_false)
                    },
                )
                .map_err(|err| host_error(&err));
            }
        }
        move_path_staged(from, to, &CrossDeviceHooks::default(), staging)
            .map_err(|err| host_error(&err))
    }

    fn on_move_out(&mut self, path: &str, outside: &Path) -> Result<(), HostError> {
        let from = checked(path)?;
        move_path(&from, outside).map_err(|err| host_error(&err))
    }

    fn on_move_in(&mut self, outside: &Path, path: &str) -> Result<(), HostError> {
        let outside = names::resolve(outside, there);
        let to = if names::exact_path(path).is_some() {
            checked(path)?
        } else {
            names::destination(&outside, checked(path)?, there)
        };
        move_path(&outside, &to).map_err(|err| host_error(&err))
    }

    fn on_same_item(&mut self, a: &str, b: &str) -> Result<bool, HostError> {
        let id_a = id_of(&checked(a)?)?;
        Ok(id_a.is_some() && id_a == id_of(&checked(b)?)?)
    }

    fn on_locate(&mut self, path: &str) -> Result<Location, HostError> {
        let is_root = Path::new(path).parent().is_none();
        let path = &names::resolve(Path::new(path), there);
        let item =
            real_location(path, &mut |p| fs::canonicalize(p)).map_err(|err| host_error(&err))?;
        let meta = fs::symlink_metadata(path).ok();
        let kind = meta.as_ref().map(|meta| {
            let file_type = meta.file_type();
            kind(
                file_type.is_symlink(),
                file_type.is_dir(),
                file_type.is_file(),
            )
        });
        let leads_to = match kind {
            Some(EntryKind::Symlink) => fs::canonicalize(path).ok(),
            _ => None,
        };
        Ok(Location {
            item,
            leads_to,
            is_root,
            kind,
        })
    }

    fn on_fingerprint(&mut self, path: &str) -> Result<Option<Fingerprint>, HostError> {
        let path = &names::resolve(Path::new(path), there);
        let meta = match fs::symlink_metadata(path) {
            Ok(meta) => meta,
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(err) => return Err(host_error(&err)),
        };
        // `std` has no file index on Windows: the identity as `fs/case` reads it.
        let identified = |mut facts: Facts| -> Result<Facts, HostError> {
            if facts.file_id.is_none() {
                facts.file_id = id_of(path)?;
            }
            Ok(facts)
        };
        let facts = identified(Facts::of_std(&meta))?;
        let online = online_only::of_std(path.file_name().unwrap_or_default(), &meta);
        if !facts.hashable() || online {
            return Ok(Some(fingerprint::of(&facts, None)));
        }
        let file = regular_file::open(path).map_err(|err| host_error(&err))?;
        let facts = identified(Facts::of_std(
            &file.metadata().map_err(|err| host_error(&err))?,
        ))?;
        let content = content_hash(file).map_err(|err| host_error(&err))?;
        Ok(Some(fingerprint::of(&facts, Some(content))))
    }
}
