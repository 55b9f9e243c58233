//! Opening a file to read what it holds, the one way the host does it: only
//! a regular file (links followed), and never waiting. A FIFO opened for
//! reading waits for a writer and a device may never answer, so the open is
//! non-blocking (`O_NONBLOCK` where the platform has it) and what was opened
//! is checked (`fstat`) before a byte is read: anything but a regular file
//! is refused ([`Failure::NotARegularFile`]), whatever a link leads to and
//! whatever the name was swapped for since it was last looked at. So is a
//! cloud drive's online-only file ([`Failure::OnlineOnly`]): reading it
//! would download it.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use crate::failure::Failure;
use crate::online_only;

/// Opens `path` (links followed) to read it; anything but a regular file
/// is refused at once.
pub fn open(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    refuse_unless_readable(path, &file.metadata()?)?;
    Ok(file)
}

/// [`open`] for `path` beneath the capability `dir`, resolved as cap-std
/// resolves it (never outside `dir`).
pub fn open_in(dir: &cap_std::fs::Dir, path: &Path) -> io::Result<cap_std::fs::File> {
    let mut options = cap_std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use cap_std::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = dir.open_with(path, &options)?.into_std();
    refuse_unless_readable(path, &file.metadata()?)?;
    Ok(cap_std::fs::File::from_std(file))
}

/// The bytes of the regular file at `path` (as `std::fs::read`).
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open(path)?.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The text of the regular file at `path` (as `std::fs::read_to_string`).
pub fn read_to_string(path: &Path) -> io::Result<String> {
    let mut text = String::new();
    open(path)?.read_to_string(&mut text)?;
    Ok(text)
}

/// Refuses what is not a regular file, and an online-only one.
fn refuse_unless_readable(path: &Path, meta: &std::fs::Metadata) -> io::Result<()> {
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            Failure::NotARegularFile,
        ));
    }
    if online_only::of_std(path.file_name().unwrap_or_default(), meta) {
        return Err(io::Error::new(
            io::ErrorKind::Unsupported,
            Failure::OnlineOnly,
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io;

    use crate::failure::Failure;

    #[test]
    fn an_online_only_file_is_refused_before_a_byte_is_read() {
        let folder = tempfile::tempdir().unwrap();
        let stub = folder.path().join(".report.pdf.icloud");
        std::fs::write(&stub, "bplist00").unwrap();
        let err = super::open(&stub).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::Unsupported);
        let failure = err
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<Failure>());
        assert!(matches!(failure, Some(Failure::OnlineOnly)), "{err}");
        let dir = cap_std::fs::Dir::open_ambient_dir(folder.path(), cap_std::ambient_authority())
            .unwrap();
        let err = super::open_in(&dir, std::path::Path::new(".report.pdf.icloud")).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::Unsupported);
    }
}
