//! Files whose content lives elsewhere: a cloud drive's online-only
//! placeholders (OneDrive's and every Cloud Files provider's on Windows,
//! iCloud Drive's on macOS). Reading one downloads it, and the worst
//! incidents of tools like tidyup came from doing so; tidyup never reads
//! one (no sample, no digest, no content hash) and moves it only by
//! renaming it. What marks one:
//!
//! - on Windows, the attributes `FILE_ATTRIBUTE_RECALL_ON_DATA_ACCESS`,
//!   `FILE_ATTRIBUTE_RECALL_ON_OPEN` or `FILE_ATTRIBUTE_OFFLINE`;
//! - on macOS, the flag `SF_DATALESS`;
//! - anywhere, an iCloud stub's name, `.NAME.icloud`, which stands for the
//!   evicted file `NAME`.

use std::ffi::OsStr;
use std::path::PathBuf;

/// Whether an item named `name`, of these `std` facts, is online-only.
pub fn of_std(name: &OsStr, meta: &std::fs::Metadata) -> bool {
    stub_name(name) || std_attributes(meta)
}

/// [`of_std`] for cap-std's facts; `path` gives the item's real path,
/// which only macOS asks for (cap-std does not report its flags).
pub fn of_cap(name: &OsStr, meta: &cap_std::fs::Metadata, path: impl FnOnce() -> PathBuf) -> bool {
    stub_name(name) || cap_attributes(meta) || path_attributes(path)
}

/// Whether `name` is an iCloud stub's: `.` first, `.icloud` last, and a
/// name between.
pub fn stub_name(name: &OsStr) -> bool {
    name.to_str().is_some_and(|name| {
        name.len() > ".x.icloud".len() - 1 && name.starts_with('.') && name.ends_with(".icloud")
    })
}

#[cfg(windows)]
fn std_attributes(meta: &std::fs::Metadata) -> bool {
    use std::os::windows::fs::MetadataExt;
    windows_attributes(meta.file_attributes())
}

#[cfg(windows)]
fn cap_attributes(meta: &cap_std::fs::Metadata) -> bool {
    use cap_std::fs::MetadataExt;
    windows_attributes(meta.file_attributes())
}

/// Whether these Windows attributes mark a file whose data is elsewhere.
#[cfg(windows)]
fn windows_attributes(attributes: u32) -> bool {
    const OFFLINE: u32 = 0x0000_1000;
    const RECALL_ON_OPEN: u32 = 0x0004_0000;
    const RECALL_ON_DATA_ACCESS: u32 = 0x0040_0000;
    attributes & (OFFLINE | RECALL_ON_OPEN | RECALL_ON_DATA_ACCESS) != 0
}

#[cfg(target_os = "macos")]
fn std_attributes(meta: &std::fs::Metadata) -> bool {
    use std::os::macos::fs::MetadataExt;
    const SF_DATALESS: u32 = 0x4000_0000;
    meta.st_flags() & SF_DATALESS != 0
}

#[cfg(not(any(windows, target_os = "macos")))]
fn std_attributes(_: &std::fs::Metadata) -> bool {
    false
}

#[cfg(not(windows))]
fn cap_attributes(_: &cap_std::fs::Metadata) -> bool {
    false
}

#[cfg(target_os = "macos")]
fn path_attributes(path: impl FnOnce() -> PathBuf) -> bool {
    std::fs::symlink_metadata(path()).is_ok_and(|meta| std_attributes(&meta))
}

#[cfg(not(target_os = "macos"))]
fn path_attributes(_: impl FnOnce() -> PathBuf) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use std::ffi::OsStr;

    use super::stub_name;

    #[test]
    fn an_icloud_stub_is_known_by_its_name() {
        assert!(stub_name(OsStr::new(".report.pdf.icloud")));
        assert!(stub_name(OsStr::new(".a.icloud")));
        assert!(!stub_name(OsStr::new(".icloud")));
        assert!(!stub_name(OsStr::new("report.icloud")));
        assert!(!stub_name(OsStr::new(".report.pdf")));
    }
}
