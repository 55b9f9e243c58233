//! Which arriving files `tidyup watch` leaves alone: hidden files, downloads
//! and copies still being written under a temporary name, and the lock
//! files office programs keep beside an open document. What the rules file
//! excludes is left alone too (see [`crate::rules::Rules::is_excluded`]).

/// Endings of files still being downloaded or written (any letter case).
pub const PARTIAL_SUFFIXES: [&str; 5] = [".part", ".crdownload", ".download", ".partial", ".tmp"];

/// Why an arriving file is left alone, if it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeftAlone {
    /// Its name starts with a dot.
    Hidden,
    /// A download or copy still being written.
    Partial,
    /// An office program's lock file (`~$report.docx`).
    OfficeLock,
}

/// Why `tidyup watch` leaves the file named `name` alone, or `None` when it
/// organizes it.
pub fn left_alone(name: &str) -> Option<LeftAlone> {
    let lower = name.to_lowercase();
    if name.starts_with('.') {
        Some(LeftAlone::Hidden)
    } else if name.starts_with("~$") {
        Some(LeftAlone::OfficeLock)
    } else if PARTIAL_SUFFIXES
        .iter()
        .any(|suffix| lower.ends_with(suffix))
    {
        Some(LeftAlone::Partial)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_downloads_lock_files_and_hidden_files_are_left_alone() {
        assert_eq!(left_alone("movie.mp4.part"), Some(LeftAlone::Partial));
        assert_eq!(left_alone("a.CRDOWNLOAD"), Some(LeftAlone::Partial));
        assert_eq!(left_alone("b.pdf.download"), Some(LeftAlone::Partial));
        assert_eq!(left_alone("c.partial"), Some(LeftAlone::Partial));
        assert_eq!(left_alone("d.tmp"), Some(LeftAlone::Partial));
        assert_eq!(left_alone("~$report.docx"), Some(LeftAlone::OfficeLock));
        assert_eq!(left_alone(".DS_Store"), Some(LeftAlone::Hidden));
        assert_eq!(left_alone("report.pdf"), None);
        assert_eq!(left_alone("party.jpg"), None);
        assert_eq!(left_alone("temp.txt"), None);
    }
}
