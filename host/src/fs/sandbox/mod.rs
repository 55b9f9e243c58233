//! [`SandboxFs`]: the model's file operations confined to the allowed roots.
//!
//! Each root is opened once as a capability (`cap_std::fs::Dir`); every
//! operation resolves its path beneath one, with the kernel's help where it
//! has it (`openat2` with `RESOLVE_BENEATH` on Linux) and component by
//! component without following symlinks elsewhere. So absolute paths
//! outside the roots, `..` that climbs out of every root, symlinks (of the
//! item or of any parent) that lead outside, and a directory swapped for a
//! symlink between a check and its use are all refused, and nothing on disk
//! changes. A `..` that climbs out of one root into another (`r1/../r2/x`)
//! is followed: the path is located again from the root's parent.
//! Symlinks inside are moved, renamed and deleted as links. Moves across
//! file systems (between roots, or into tidyup's trash) copy through
//! handles of both folders, never through paths (see `cross_device`).

use crate::fs::{HostAnswer, HostFsExt, HostRequest};
use std::cell::RefCell;
use std::ffi::OsStr;
use std::io;
use std::path::{Component, Path, PathBuf};

use cap_std::ambient_authority;
use cap_std::fs::{Dir, Metadata};
use tidyup_core::{
    Entry, EntryKind, ErrorCode, FileSample, FileSystem, FsAnswer, FsRequest, HostError, composed,
};

use super::case::{differ_only_in_case, item_id, not_found_is_false, rename_case_only};
use super::cross_device::{self, CrossDeviceHooks, End, crosses_devices, move_across};
use super::fingerprint::{self, Facts, Fingerprint, content_hash};
use super::folder_cache::FolderCache;
use super::host_request::rename_checked_first;
use super::location::{Location, real_location};
use super::names;
use super::under_root::{beyond_root, relative_to};
use super::{HostFs, Staging, entry, host_error, kind, nothing_there};
use crate::online_only;
use crate::regular_file;

mod held;

/// One allowed directory.
struct Root {
    /// Its canonical absolute path.
    path: PathBuf,
    /// The capability every operation goes through.
    dir: Dir,
}

/// A file system limited to some directory trees.
pub struct SandboxFs {
    roots: Vec<Root>,
    hooks: CrossDeviceHooks,
    folders: RefCell<FolderCache>,
}

impl SandboxFs {
    /// Allows the trees at `roots` (canonicalized; each must be a directory).
    pub fn new(roots: &[PathBuf]) -> io::Result<Self> {
        let roots = roots
            .iter()
            .map(|root| {
                // Plain paths (`C:\x`, not `\\?\C:\x`): the ones shown and compared.
                let path = dunce::canonicalize(root)?;
                let dir = Dir::open_ambient_dir(&path, ambient_authority())?;
                Ok(Root { path, dir })
            })
            .collect::<io::Result<Vec<_>>>()?;
        Ok(Self {
            roots,
            hooks: CrossDeviceHooks::default(),
            folders: RefCell::default(),
        })
    }

    /// The same sandbox with `hooks` stepping into its moves across file
    /// systems (for tests).
    #[must_use]
    pub fn with_hooks(mut self, hooks: CrossDeviceHooks) -> Self {
        self.hooks = hooks;
        self
    }

    /// The allowed roots.
    pub fn roots(&self) -> impl Iterator<Item = &Path> + Clone {
        self.roots.iter().map(|root| root.path.as_path())
    }

    /// The root `path` lies in (the longest that matches, compared as the
    /// platform compares paths) and the path relative to it (`.` for the
    /// root itself); refused when none does, or when a name in it is one
    /// the platform does not allow.
    /// An exact path (`names::exact`) is taken as its bytes, never as
    /// shown names.
    fn locate_in_root(&self, path: &str) -> Result<(&Root, PathBuf), HostError> {
        if let Some(exact) = names::exact_path(path) {
            return self.locate_path(&exact, path, false);
        }
        if path.contains('\0') {
            return Err(denied(path));
        }
        self.locate_path(Path::new(path), path, true)
    }

    /// [`Self::locate_in_root`] of `wanted` (its names as shown when
    /// `by_name`, else its exact bytes), refused as `shown`. A path
    /// whose `..` climbs out of its root through the root itself is located
    /// again from the root's parent, so it may lead into another root; each
    /// time one `..` fewer is left, so this ends.
    fn locate_path(
        &self,
        wanted: &Path,
        shown: &str,
        by_name: bool,
    ) -> Result<(&Root, PathBuf), HostError> {
        let (root, relative) = self
            .roots
            .iter()
            .filter_map(|root| Some((root, relative_to(&root.path, wanted)?)))
            .max_by_key(|(root, _)| root.path.as_os_str().len())
            .ok_or_else(|| denied(shown))?;
        if let Some(beyond) = root.climbed_out(&relative) {
            return self.locate_path(&beyond, shown, by_name);
        }
        if relative.as_os_str().is_empty() {
            return Ok((root, PathBuf::from(".")));
        }
        if !by_name {
            return Ok((root, relative));
        }
        let relative = names::resolve(&relative, |path| root.there(path));
        Ok((root, relative))
    }

    /// Tells the folder cache that the item at `relative` beneath `root`
    /// is about to change.
    fn changing_item(&self, root: &Root, relative: &Path) {
        self.folders.borrow_mut().changing(&root.path, relative);
    }

    /// Like [`Self::locate_in_root`], refusing the root itself (it is never
    /// moved or deleted).
    fn locate_inside(&self, path: &str) -> Result<(&Root, PathBuf), HostError> {
        let (root, relative) = self.locate_in_root(path)?;
        if is_root(&relative) {
            return Err(HostError::at(ErrorCode::Protected, path));
        }
        Ok((root, relative))
    }
}

/// Whether anything (a final symlink not followed) is at `path`, a path
/// of the machine outside any root (tidyup's trash).
fn there(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// Whether `relative` (as located beneath a root) is the root itself.
fn is_root(relative: &Path) -> bool {
    relative
        .components()
        .all(|component| matches!(component, Component::CurDir))
}

fn denied(path: &str) -> HostError {
    HostError::at(ErrorCode::Denied, names::readable(path))
}

impl Root {
    /// Whether anything (a final symlink not followed) is at `relative`.
    fn there(&self, relative: &Path) -> bool {
        self.dir.symlink_metadata(relative).is_ok()
    }

    /// The error for an operation beneath this root that failed with `err`:
    /// `denied` when cap-std refused a path that leads outside the root
    /// (through `..` or a symlink), else the system's own error. cap-std
    /// refuses an escape as the system refuses an unreadable item
    /// (`PermissionDenied`), so the path is resolved to tell them apart; that
    /// only chooses the code, the capability has already refused.
    fn refusal(&self, shown: &str, err: &io::Error) -> HostError {
        if err.kind() == io::ErrorKind::PermissionDenied && self.leads_outside(Path::new(shown)) {
            denied(shown)
        } else {
            host_error(err)
        }
    }

    /// Where `relative` (a path beneath the root) leads when one of its
    /// `..` climbs out of the root (see [`beyond_root`]; what comes before
    /// it is resolved through the capability, a symlink there followed as
    /// the system follows it): the root's parent joined with what follows.
    /// `None` when none does: the capability then resolves (or refuses)
    /// the path as it is.
    fn climbed_out(&self, relative: &Path) -> Option<PathBuf> {
        let rest = beyond_root(relative, |before| {
            let real = self.dir.canonicalize(before).ok()?;
            Some(real.components().all(|c| c == Component::CurDir))
        })?;
        Some(self.path.parent()?.join(rest))
    }

    /// Whether `path`, resolved as far as it exists, lies outside the root.
    fn leads_outside(&self, path: &Path) -> bool {
        path.ancestors()
            .find_map(|existing| dunce::canonicalize(existing).ok())
            .is_some_and(|real| !real.starts_with(&self.path))
    }
}

/// The entry named `name`, of these facts; `folder` is the real path of
/// the folder it is in (see [`online_only::of_cap`]).
fn cap_entry(name: String, meta: &Metadata, folder: &Path) -> Entry {
    let file_type = meta.file_type();
    let kind = kind(
        file_type.is_symlink(),
        file_type.is_dir(),
        file_type.is_file(),
    );
    let online_only = online_only::of_cap(name.as_ref(), meta, || folder.join(&name));
    Entry {
        online_only,
        ..entry(
            name,
            kind,
            meta.len(),
            meta.modified().ok().map(|time| time.into_std()),
        )
    }
}

fn last_name(path: &str) -> String {
    let path = names::readable(path);
    Path::new(&path)
        .file_name()
        .and_then(OsStr::to_str)
        .unwrap_or(&path)
        .to_owned()
}

/// The end of a cross-device move at `relative` beneath `root`: its folder
/// opened through the root's capability (and reopened the same way for the
/// check before anything irreversible).
fn end<'a>(root: &'a Root, relative: &'a Path, shown: &str) -> Result<End<'a>, HostError> {
    let (parent, name) = cross_device::split(relative).map_err(|err| host_error(&err))?;
    End::open(name, move || root.dir.open_dir(parent)).map_err(|err| root.refusal(shown, &err))
}

impl FileSystem for SandboxFs {
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
impl SandboxFs {
    fn on_stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        let (root, relative) = self.locate_in_root(path)?;
        match root.dir.symlink_metadata(&relative) {
            Ok(meta) => {
                let folder = root.path.join(&relative);
                let folder = folder.parent().unwrap_or(&root.path);
                Ok(Some(cap_entry(last_name(path), &meta, folder)))
            }
            Err(err) if nothing_there(&err) => Ok(None),
            Err(err) => Err(root.refusal(path, &err)),
        }
    }

    fn on_list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let (root, relative) = self.locate_in_root(path)?;
        let mut found = Vec::new();
        for child in root
            .dir
            .read_dir(&relative)
            .map_err(|err| root.refusal(path, &err))?
        {
            let child = child.map_err(|err| root.refusal(path, &err))?;
            let meta = child.metadata().map_err(|err| root.refusal(path, &err))?;
            found.push((child.file_name(), meta));
        }
        let folder = root.path.join(&relative);
        Ok(names::shown_entries(&found, |name, meta| {
            cap_entry(name, meta, &folder)
        }))
    }

    fn on_count(&mut self, path: &str) -> Result<usize, HostError> {
        let (root, relative) = self.locate_in_root(path)?;
        let mut count = 0;
        for child in root
            .dir
            .read_dir(&relative)
            .map_err(|err| root.refusal(path, &err))?
        {
            child.map_err(|err| root.refusal(path, &err))?;
            count += 1;
        }
        Ok(count)
    }

    fn on_create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        let (root, relative) = self.locate_in_root(path)?;
        root.dir
            .create_dir_all(&relative)
            .map_err(|err| root.refusal(path, &err))
    }

    fn on_rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        self.rename_staged(from, to, &mut |_| Ok(()))
    }

    fn on_remove_file(&mut self, path: &str) -> Result<(), HostError> {
        let (root, relative) = self.locate_inside(path)?;
        self.changing_item(root, &relative);
        root.dir
            .remove_file(&relative)
            .map_err(|err| root.refusal(path, &err))
    }

    fn on_remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        let (root, relative) = self.locate_inside(path)?;
        self.changing_item(root, &relative);
        root.dir
            .remove_dir_all(&relative)
            .map_err(|err| root.refusal(path, &err))
    }

    /// `rmdir(2)` through the root's handle: refused by the system when
    /// anything is inside.
    fn on_remove_empty_dir(&mut self, path: &str) -> Result<(), HostError> {
        let (root, relative) = self.locate_inside(path)?;
        self.changing_item(root, &relative);
        root.dir
            .remove_dir(&relative)
            .map_err(|err| root.refusal(path, &err))
    }

    fn on_read_bytes(&mut self, path: &str, head: u64, tail: u64) -> Result<FileSample, HostError> {
        let (root, relative) = self.locate_in_root(path)?;
        let file =
            regular_file::open_in(&root.dir, &relative).map_err(|err| root.refusal(path, &err))?;
        let size = file
            .metadata()
            .map_err(|err| root.refusal(path, &err))?
            .len();
        super::sample::sample(file, size, head, tail).map_err(|err| root.refusal(path, &err))
    }

    fn on_digests(
        &mut self,
        paths: &[String],
        limit: Option<u64>,
    ) -> Result<Vec<Result<String, HostError>>, HostError> {
        Ok(paths
            .iter()
            .map(|path| {
                let (root, relative) = self.locate_in_root(path)?;
                let file = regular_file::open_in(&root.dir, &relative)
                    .map_err(|err| root.refusal(path, &err))?;
                super::sample::digest(file, limit).map_err(|err| root.refusal(path, &err))
            })
            .collect())
    }
}

impl HostFs for SandboxFs {
    fn host_call(&mut self, request: HostRequest<'_>) -> Result<HostAnswer, HostError> {
        Ok(match request {
            HostRequest::MayChange { path } => self.on_may_change(path)?.into(),
            HostRequest::Move {
                from,
                to,
                staging,
                replace: true,
            } => self.on_rename_staged(from, to, staging)?.into(),
            HostRequest::Move {
                from,
                to,
                staging,
                replace: false,
            } => self.on_rename_new(from, to, staging)?.into(),
            HostRequest::MoveOut { path, outside } => self.on_move_out(path, outside)?.into(),
            HostRequest::MoveIn { outside, path } => self.on_move_in(outside, path)?.into(),
            other @ HostRequest::Kept { .. } => return crate::fs::host_composed(self, other),
            HostRequest::Locate { path } => HostAnswer::Location(self.on_locate(path)?),
            HostRequest::BeginOperation => {
                self.on_begin_operation();
                HostAnswer::Done
            }
            HostRequest::EndOperation => {
                self.on_end_operation();
                HostAnswer::Done
            }
            HostRequest::SameItem { a, b } => HostAnswer::Same(self.on_same_item(a, b)?),
            HostRequest::RemoveEmptyDir { path } => self.on_remove_empty_dir(path)?.into(),
            HostRequest::Fingerprint { path } => {
                HostAnswer::Fingerprint(self.on_fingerprint(path)?)
            }
        })
    }
}

/// The host requests it answers itself, each as the request says.
impl SandboxFs {
    fn on_may_change(&mut self, path: &str) -> Result<(), HostError> {
        self.locate_inside(path).map(|_| ())
    }

    fn on_rename_staged(
        &mut self,
        from: &str,
        to: &str,
        staging: Staging,
    ) -> Result<(), HostError> {
        let (from_root, from_relative) = self.locate_inside(from)?;
        let (to_root, to_relative) = self.locate_inside(to)?;
        self.changing_item(from_root, &from_relative);
        self.changing_item(to_root, &to_relative);
        let to_relative = if names::exact_path(to).is_some() {
            to_relative
        } else {
            names::destination(&from_relative, to_relative, |p| to_root.there(p))
        };
        if std::ptr::eq(from_root, to_root) && differ_only_in_case(&from_relative, &to_relative) {
            let dir = &from_root.dir;
            let id = item_id(dir, &from_relative).map_err(|err| from_root.refusal(from, &err))?;
            if id.is_some()
                && id == item_id(dir, &to_relative).map_err(|err| to_root.refusal(to, &err))?
            {
                return rename_case_only(
                    &from_relative,
                    &to_relative,
                    |a, b| dir.rename(a, dir, b),
                    |path| {
                        dir.symlink_metadata(path)
                            .map(|_| true)
                            .or_else(not_found_is_false)
                    },
                )
                .map_err(|err| from_root.refusal(from, &err));
            }
        }
        let renamed = self.hooks.rename(|| {
            from_root
                .dir
                .rename(&from_relative, &to_root.dir, &to_relative)
        });
        match renamed {
            Err(err) if crosses_devices(&err) => {
                let source = end(from_root, &from_relative, from)?;
                let destination = end(to_root, &to_relative, to)?;
                let mut staged =
                    |name: &OsStr| staging(&names::shown_path(&Path::new(to).with_file_name(name)));
                move_across(&source, &destination, &self.hooks, &mut staged)
                    .map_err(|err| from_root.refusal(from, &err))
            }
            other => other.map_err(|err| from_root.refusal(from, &err)),
        }
    }

    fn on_rename_new(&mut self, from: &str, to: &str, staging: Staging) -> Result<(), HostError> {
        match self.rename_without_replacing(from, to) {
            Some(done) => done,
            None => rename_checked_first(self, from, to, staging),
        }
    }

    fn on_move_out(&mut self, path: &str, outside: &Path) -> Result<(), HostError> {
        let (root, relative) = self.locate_inside(path)?;
        self.changing_item(root, &relative);
        let out = End::ambient(outside).map_err(|err| host_error(&err))?;
        let renamed = self
            .hooks
            .rename(|| root.dir.rename(&relative, out.dir(), out.name()));
        match renamed {
            Err(err) if crosses_devices(&err) => {
                let source = end(root, &relative, path)?;
                move_across(&source, &out, &self.hooks, &mut |_| Ok(()))
                    .map_err(|err| root.refusal(path, &err))
            }
            other => other.map_err(|err| root.refusal(path, &err)),
        }
    }

    fn on_move_in(&mut self, outside: &Path, path: &str) -> Result<(), HostError> {
        let (root, relative) = self.locate_inside(path)?;
        self.changing_item(root, &relative);
        let outside = names::resolve(outside, there);
        let relative = if names::exact_path(path).is_some() {
            relative
        } else {
            names::destination(&outside, relative, |p| root.there(p))
        };
        let out = End::ambient(&outside).map_err(|err| host_error(&err))?;
        let renamed = self
            .hooks
            .rename(|| out.dir().rename(out.name(), &root.dir, &relative));
        match renamed {
            Err(err) if crosses_devices(&err) => {
                let destination = end(root, &relative, path)?;
                move_across(&out, &destination, &self.hooks, &mut |_| Ok(()))
                    .map_err(|err| root.refusal(path, &err))
            }
            other => other.map_err(|err| root.refusal(path, &err)),
        }
    }

    fn on_locate(&mut self, path: &str) -> Result<Location, HostError> {
        let (root, relative) = self.locate_in_root(path)?;
        let canonical = |inside: &Path| {
            root.dir
                .canonicalize(inside)
                .map(|resolved| root.path.join(resolved))
        };
        let mut folder_canonical = |inside: &Path| {
            let key = root.path.join(inside);
            if let Some(known) = self.folders.borrow().get(&key) {
                return Ok(known.clone());
            }
            let resolved = canonical(inside)?;
            self.folders.borrow_mut().keep(key, &resolved);
            Ok(resolved)
        };
        let item = real_location(&relative, &mut folder_canonical)
            .map_err(|err| root.refusal(path, &err))?;
        let kind = self.metadata_in_folder(root, &relative).ok().map(|meta| {
            let file_type = meta.file_type();
            kind(
                file_type.is_symlink(),
                file_type.is_dir(),
                file_type.is_file(),
            )
        });
        let leads_to = match kind {
            Some(EntryKind::Symlink) => canonical(&relative).ok(),
            _ => None,
        };
        Ok(Location {
            item,
            leads_to,
            is_root: is_root(&relative),
            kind,
        })
    }

    fn on_begin_operation(&mut self) {
        self.folders.get_mut().begin();
    }

    fn on_end_operation(&mut self) {
        self.folders.get_mut().end();
    }

    fn on_same_item(&mut self, a: &str, b: &str) -> Result<bool, HostError> {
        let (root_a, relative_a) = self.locate_in_root(a)?;
        let (root_b, relative_b) = self.locate_in_root(b)?;
        let id_a = item_id(&root_a.dir, &relative_a).map_err(|err| root_a.refusal(a, &err))?;
        let id_b = item_id(&root_b.dir, &relative_b).map_err(|err| root_b.refusal(b, &err))?;
        Ok(id_a.is_some() && id_a == id_b)
    }

    fn on_fingerprint(&mut self, path: &str) -> Result<Option<Fingerprint>, HostError> {
        let (root, relative) = self.locate_in_root(path)?;
        let meta = match root.dir.symlink_metadata(&relative) {
            Ok(meta) => meta,
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(err) => return Err(root.refusal(path, &err)),
        };
        let facts = Facts::of_cap(&meta);
        let name = relative.file_name().unwrap_or_default();
        let online = online_only::of_cap(name, &meta, || root.path.join(&relative));
        if !facts.hashable() || online {
            return Ok(Some(fingerprint::of(&facts, None)));
        }
        // The facts and the hash of the very file opened.
        let file =
            regular_file::open_in(&root.dir, &relative).map_err(|err| root.refusal(path, &err))?;
        let facts = Facts::of_cap(&file.metadata().map_err(|err| root.refusal(path, &err))?);
        let content = content_hash(file.into_std()).map_err(|err| root.refusal(path, &err))?;
        Ok(Some(fingerprint::of(&facts, Some(content))))
    }
}
