//! Moves where a rename cannot work because the two places are on different
//! file systems: copy, then delete. Every step goes through directory
//! handles opened once, for the folder holding the source and the folder
//! receiving it, never through a path from the root of the machine; so a
//! folder on the way swapped for something else (a symlink to elsewhere)
//! after the check cannot redirect any step.
//!
//! The steps, all or nothing up to the last one:
//! 1. copy the item to a staging name beside the destination (a file's
//!    bytes, permissions and times; a folder recursively; a symlink as a link);
//! 2. check that both folders' paths still lead to the folders the handles hold;
//! 3. rename the source to a hidden name in its own folder, and check that
//!    it is the item copied;
//! 4. rename the staging copy into place (replacing a file there, as a
//!    rename does);
//! 5. remove the hidden source.
//!
//! A failure in steps 1 to 4 undoes what was done: the staging copy is
//! removed and the source keeps its name. Once step 4 is done the move is
//! complete; a source that step 5 cannot remove stays under its hidden
//! name (`.NAME.tidyup-moved`) beside where it was, so nothing is lost.

use std::ffi::{OsStr, OsString};
use std::fs::FileTimes;
use std::io;
use std::path::Path;
use std::sync::Arc;

use cap_std::ambient_authority;
use cap_std::fs::{Dir, Metadata, OpenOptions};

use crate::failure::Failure;
use crate::regular_file;

/// Folders nested deeper than this are not copied across file systems
/// (each level holds open handles).
pub const MAX_COPY_DEPTH: usize = 128;

/// Points where tests step into moves across file systems: forcing the copy
/// path on one file system, running code between the check and the copy,
/// and once the copy is made.
#[derive(Clone, Default)]
pub struct CrossDeviceHooks {
    always_copy: bool,
    before_copy: Option<Arc<dyn Fn() + Send + Sync>>,
    after_copy: Option<Arc<dyn Fn() + Send + Sync>>,
}

impl CrossDeviceHooks {
    /// Every move takes the copy path, as if it crossed file systems.
    pub fn always_copy() -> Self {
        Self {
            always_copy: true,
            ..Self::default()
        }
    }

    /// Runs `hook` after both folders are opened and checked, before
    /// anything is copied.
    #[must_use]
    pub fn before_copy(mut self, hook: impl Fn() + Send + Sync + 'static) -> Self {
        self.before_copy = Some(Arc::new(hook));
        self
    }

    /// Runs `hook` once the staging copy is made, before it is checked and
    /// put in place: where a process killed mid-move leaves its copy.
    #[must_use]
    pub fn after_copy(mut self, hook: impl Fn() + Send + Sync + 'static) -> Self {
        self.after_copy = Some(Arc::new(hook));
        self
    }

    /// Runs `rename`, or fails as across file systems when the copy path is forced.
    pub(crate) fn rename(&self, rename: impl FnOnce() -> io::Result<()>) -> io::Result<()> {
        if self.always_copy {
            Err(io::Error::from(io::ErrorKind::CrossesDevices))
        } else {
            rename()
        }
    }
}

/// Whether `err` says a rename crossed file systems.
pub(crate) fn crosses_devices(err: &io::Error) -> bool {
    err.kind() == io::ErrorKind::CrossesDevices
}

/// How to open a folder again by the path it was first opened by.
type Reopen<'a> = Box<dyn Fn() -> io::Result<Dir> + 'a>;

/// One end of a move: the folder holding the item, opened once, and the
/// item's name in it.
pub(crate) struct End<'a> {
    dir: Dir,
    name: OsString,
    reopen: Reopen<'a>,
}

impl<'a> End<'a> {
    /// The item `name` in the folder `open` opens. `open` is called again
    /// before anything irreversible: the move goes on only while it still
    /// opens the same folder.
    pub fn open(name: &OsStr, open: impl Fn() -> io::Result<Dir> + 'a) -> io::Result<Self> {
        Ok(Self {
            dir: open()?,
            name: name.to_owned(),
            reopen: Box::new(open),
        })
    }

    /// The end at an absolute path of the machine.
    pub fn ambient(path: &'a Path) -> io::Result<Self> {
        let (parent, name) = split(path)?;
        Self::open(name, move || {
            Dir::open_ambient_dir(parent, ambient_authority())
        })
    }

    /// The folder holding the item.
    pub fn dir(&self) -> &Dir {
        &self.dir
    }

    /// The item's name in [`Self::dir`].
    pub fn name(&self) -> &OsStr {
        &self.name
    }

    fn still_there(&self) -> io::Result<()> {
        let now = (self.reopen)()?;
        if same_item(&now.dir_metadata()?, &self.dir.dir_metadata()?) {
            Ok(())
        } else {
            Err(changed_on_the_way())
        }
    }
}

/// A path's folder (`.` when it has none) and last name; a path that ends
/// without a name (`..`, `/`) is refused.
pub(crate) fn split(path: &Path) -> io::Result<(&Path, &OsStr)> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            Failure::NoNameAtEnd(path.display().to_string()),
        )
    })?;
    let parent = path
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    Ok((parent, name))
}

/// Told the name of the staging copy (in the destination's folder) before
/// anything is copied; an error stops the move.
pub(crate) type StagingName<'a> = &'a mut dyn FnMut(&OsStr) -> io::Result<()>;

/// Moves `from` to `to` by copying, in the steps of this module's
/// description; `staged` hears the staging copy's name first.
pub(crate) fn move_across(
    from: &End,
    to: &End,
    hooks: &CrossDeviceHooks,
    staged: StagingName,
) -> io::Result<()> {
    if let Some(hook) = &hooks.before_copy {
        hook();
    }
    let source = from.dir.symlink_metadata(&from.name)?;
    let staging = free_name(&to.dir, &to.name, "tidyup-partial")?;
    staged(&staging)?;
    let placed = copy_item(&from.dir, &from.name, &source, &to.dir, &staging, 0)
        .inspect(|()| {
            if let Some(hook) = &hooks.after_copy {
                hook();
            }
        })
        .and_then(|()| place(from, to, &source, &staging));
    match placed {
        Ok(hidden) => {
            // The move is complete; a source that cannot be removed stays hidden.
            let _ = remove_item(&from.dir, &hidden);
            Ok(())
        }
        Err(err) => {
            let _ = remove_item(&to.dir, &staging);
            Err(err)
        }
    }
}

/// Steps 2 to 4: checks, hides the source, puts the copy in place. Returns
/// the source's hidden name; on failure the source has its name back.
fn place(from: &End, to: &End, source: &Metadata, staging: &OsStr) -> io::Result<OsString> {
    from.still_there()?;
    to.still_there()?;
    let hidden = free_name(&from.dir, &from.name, "tidyup-moved")?;
    from.dir.rename(&from.name, &from.dir, &hidden)?;
    let give_back = || from.dir.rename(&hidden, &from.dir, &from.name);
    let hidden_is_source = from
        .dir
        .symlink_metadata(&hidden)
        .is_ok_and(|meta| same_item(&meta, source));
    if !hidden_is_source {
        let _ = give_back();
        return Err(changed_on_the_way());
    }
    if let Err(err) = to.dir.rename(staging, &to.dir, &to.name) {
        let _ = give_back();
        return Err(err);
    }
    Ok(hidden)
}

fn changed_on_the_way() -> io::Error {
    io::Error::other(Failure::ChangedOnTheWay)
}

/// Whether two metadata describe the same item on the disk (always true
/// where the platform does not tell; there an open folder cannot be renamed).
#[cfg(unix)]
fn same_item(a: &Metadata, b: &Metadata) -> bool {
    use cap_std::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_item(_: &Metadata, _: &Metadata) -> bool {
    true
}

/// `.NAME.TAG` in `dir`, or `.NAME.TAG-2`... when taken; long names are shortened.
fn free_name(dir: &Dir, name: &OsStr, tag: &str) -> io::Result<OsString> {
    let name = super::names::shown(name);
    let mut end = name.len().min(200);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    let base = format!(".{}.{tag}", &name[..end]);
    for n in 1..=100 {
        let candidate = if n == 1 {
            base.clone()
        } else {
            format!("{base}-{n}")
        };
        match dir.symlink_metadata(&candidate) {
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(candidate.into()),
            Err(err) => return Err(err),
            Ok(_) => {}
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        Failure::LeftoversInTheWay(base),
    ))
}

/// Removes a file, link or whole folder named `name` in `dir`.
fn remove_item(dir: &Dir, name: &OsStr) -> io::Result<()> {
    if dir.symlink_metadata(name)?.is_dir() {
        dir.remove_dir_all(name)
    } else {
        dir.remove_file(name)
    }
}

/// Copies the item `name` of `src` (whose metadata, not following links,
/// is `meta`) to the new name `copy` in `dst`.
fn copy_item(
    src: &Dir,
    name: &OsStr,
    meta: &Metadata,
    dst: &Dir,
    copy: &OsStr,
    depth: usize,
) -> io::Result<()> {
    let file_type = meta.file_type();
    if file_type.is_dir() {
        copy_folder(src, name, meta, dst, copy, depth)
    } else if file_type.is_symlink() {
        copy_link(src, name, dst, copy)
    } else if file_type.is_file() {
        copy_file(src, name, meta, dst, copy)
    } else {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            Failure::SpecialFileNotMovedAcross,
        ))
    }
}

fn copy_file(src: &Dir, name: &OsStr, meta: &Metadata, dst: &Dir, copy: &OsStr) -> io::Result<()> {
    let input = regular_file::open_in(src, Path::new(name))?;
    if !same_item(&input.metadata()?, meta) {
        return Err(changed_on_the_way());
    }
    let output = dst.open_with(copy, OpenOptions::new().write(true).create_new(true))?;
    let (mut input, mut output) = (input.into_std(), output.into_std());
    io::copy(&mut input, &mut output)?;
    output.set_permissions(meta.permissions().into_std(&output)?)?;
    output.set_times(times_of(meta))?;
    output.sync_all()
}

fn copy_folder(
    src: &Dir,
    name: &OsStr,
    meta: &Metadata,
    dst: &Dir,
    copy: &OsStr,
    depth: usize,
) -> io::Result<()> {
    if depth >= MAX_COPY_DEPTH {
        return Err(io::Error::other(Failure::TooDeepToMoveAcross(
            MAX_COPY_DEPTH,
        )));
    }
    let from = src.open_dir(name)?;
    if !same_item(&from.dir_metadata()?, meta) {
        return Err(changed_on_the_way());
    }
    dst.create_dir(copy)?;
    let to = dst.open_dir(copy)?;
    for entry in from.entries()? {
        let child = entry?.file_name();
        let child_meta = from.symlink_metadata(&child)?;
        copy_item(&from, &child, &child_meta, &to, &child, depth + 1)?;
    }
    dst.set_permissions(copy, meta.permissions())?;
    // A folder's times are kept where the platform allows it.
    let _ = to.into_std_file().set_times(times_of(meta));
    Ok(())
}

#[cfg(unix)]
fn copy_link(src: &Dir, name: &OsStr, dst: &Dir, copy: &OsStr) -> io::Result<()> {
    dst.symlink_contents(src.read_link_contents(name)?, copy)
}

#[cfg(not(unix))]
fn copy_link(_: &Dir, _: &OsStr, _: &Dir, _: &OsStr) -> io::Result<()> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        Failure::SymlinkNotMovedAcross,
    ))
}

fn times_of(meta: &Metadata) -> FileTimes {
    let mut times = FileTimes::new();
    if let Ok(modified) = meta.modified() {
        times = times.set_modified(modified.into_std());
    }
    if let Ok(accessed) = meta.accessed() {
        times = times.set_accessed(accessed.into_std());
    }
    times
}

/// Moves `from` to `to`, two paths of the machine: a rename, or across
/// file systems the copy of this module (through handles of both folders).
pub fn move_path_with(from: &Path, to: &Path, hooks: &CrossDeviceHooks) -> io::Result<()> {
    move_path_staged(from, to, hooks, &mut |_| Ok(()))
}

/// [`move_path_with`], telling `staging` the path of the copy a move
/// across file systems makes beside `to`, before it copies anything.
pub(crate) fn move_path_staged(
    from: &Path,
    to: &Path,
    hooks: &CrossDeviceHooks,
    staging: super::Staging,
) -> io::Result<()> {
    match hooks.rename(|| std::fs::rename(from, to)) {
        Err(err) if crosses_devices(&err) => {
            let mut staged =
                |name: &OsStr| staging(&super::names::shown_path(&to.with_file_name(name)));
            move_across(&End::ambient(from)?, &End::ambient(to)?, hooks, &mut staged)
        }
        other => other,
    }
}

/// [`move_path_with`] without hooks.
pub fn move_path(from: &Path, to: &Path) -> io::Result<()> {
    move_path_with(from, to, &CrossDeviceHooks::default())
}
