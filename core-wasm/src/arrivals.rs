//! Which arriving files `tidyup watch` leaves alone: hidden files and the
//! files [`crate::in_use`] says are in use (downloads still being written,
//! editors' lock files, a folder's system files): the one rule every path
//! of tidyup follows. What the rules file excludes is left alone too (see
//! [`crate::rules::Rules::is_excluded`]).

use crate::in_use::{InUse, in_use};

/// Why an arriving file is left alone, if it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeftAlone {
    /// Its name starts with a dot.
    Hidden,
    /// Some program is writing or holding it.
    InUse(InUse),
}

/// Why `tidyup watch` leaves the file named `name` alone, or `None` when it
/// organizes it. `sibling(other)` says whether the watched folder holds an
/// item named `other` (see [`in_use`]).
pub fn left_alone(name: &str, sibling: &dyn Fn(&str) -> bool) -> Option<LeftAlone> {
    if let Some(why) = in_use(name, sibling) {
        Some(LeftAlone::InUse(why))
    } else if name.starts_with('.') {
        Some(LeftAlone::Hidden)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_downloads_lock_files_and_hidden_files_are_left_alone() {
        let alone = |name: &str| left_alone(name, &|_| false);
        let downloading = Some(LeftAlone::InUse(InUse::Downloading));
        assert_eq!(alone("movie.mp4.part"), downloading);
        assert_eq!(alone("a.CRDOWNLOAD"), downloading);
        assert_eq!(alone("b.pdf.download"), downloading);
        assert_eq!(alone("c.partial"), downloading);
        assert_eq!(alone("d.tmp"), downloading);
        assert_eq!(alone("e.iso.aria2"), downloading);
        assert_eq!(alone("~$report.docx"), Some(LeftAlone::InUse(InUse::Lock)));
        assert_eq!(alone(".hidden"), Some(LeftAlone::Hidden));
        assert_eq!(alone("report.pdf"), None);
        assert_eq!(alone("party.jpg"), None);
        assert_eq!(alone("temp.txt"), None);
    }

    #[test]
    fn a_placeholder_beside_its_download_is_left_alone() {
        let placeholder = left_alone("movie.mp4", &|other| other == "movie.mp4.part");
        assert_eq!(placeholder, Some(LeftAlone::InUse(InUse::Downloading)));
    }
}
