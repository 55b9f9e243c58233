//! The names Windows refuses, or silently changes: device names (`CON`,
//! `NUL`, `aux.txt`, `COM1`...), names ending in a dot or a space (Windows
//! drops them, so `notes.` would land on `notes`), and the characters
//! `< > : " | ? *` and control characters (`:` would open an alternate data
//! stream). On Windows every path the model's tools touch is checked before
//! anything happens; elsewhere these are ordinary names.

use std::path::{Component, Path};

use tidyup_core::{ErrorCode, HostError};

/// Device names (upper case), reserved in every folder and with any
/// extension.
const DEVICE_NAMES: &[&str] = &[
    "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$", "COM0", "COM1", "COM2", "COM3", "COM4",
    "COM5", "COM6", "COM7", "COM8", "COM9", "COM¹", "COM²", "COM³", "LPT0", "LPT1", "LPT2", "LPT3",
    "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9", "LPT¹", "LPT²", "LPT³",
];

/// Whether Windows refuses `name` (one path component) or would change it.
pub fn is_refused_on_windows(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or(name).trim_end_matches(' ');
    let is_device = DEVICE_NAMES.contains(&stem.to_uppercase().as_str());
    let bad_char = name
        .chars()
        .any(|c| matches!(c, '<' | '>' | ':' | '"' | '|' | '?' | '*') || c < ' ');
    is_device || bad_char || name.ends_with(['.', ' '])
}

/// `Ok` when no name in `path` (`.` and `..` aside) is refused by Windows;
/// otherwise the error naming the first one. Drive and UNC prefixes are
/// not names.
pub fn check_path(path: &Path) -> Result<(), HostError> {
    let mut walked = std::path::PathBuf::new();
    for component in path.components() {
        walked.push(component);
        if let Component::Normal(name) = component
            && is_refused_on_windows(&super::names::shown(name))
        {
            let refused = super::names::shown_path(&walked);
            return Err(HostError::at(ErrorCode::NotAllowedOnWindows, refused));
        }
    }
    Ok(())
}

/// [`check_path`] on Windows; elsewhere every name is allowed.
pub fn check_platform_path(path: &Path) -> Result<(), HostError> {
    if cfg!(windows) {
        check_path(path)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_names_are_refused_with_any_extension_and_case() {
        for name in [
            "CON",
            "con",
            "Nul",
            "aux.txt",
            "NUL.tar.gz",
            "com1",
            "LPT9.log",
            "CONIN$",
            "con .txt",
            "COM¹",
        ] {
            assert!(is_refused_on_windows(name), "{name}");
        }
    }

    #[test]
    fn trailing_dots_spaces_and_special_characters_are_refused() {
        for name in [
            "notes.",
            "notes ",
            "...",
            "a<b",
            "a>b",
            "a:b",
            "a\"b",
            "a|b",
            "a?b",
            "a*b",
            "tab\there",
        ] {
            assert!(is_refused_on_windows(name), "{name}");
        }
    }

    #[test]
    fn ordinary_names_pass() {
        for name in [
            "console.txt",
            "CONFIG",
            "com10",
            "LPT",
            "nul-report.pdf",
            ".env",
            "报告 2026.pdf",
            "a b.c",
            "auxiliary",
        ] {
            assert!(!is_refused_on_windows(name), "{name}");
        }
    }

    #[test]
    fn a_path_is_refused_by_its_first_bad_name() {
        let err = check_path(Path::new("docs/aux.txt/x")).expect_err("refused");
        assert_eq!(err.code, ErrorCode::NotAllowedOnWindows);
        assert_eq!(err.path.as_deref(), Some("docs/aux.txt"));
        assert!(check_path(Path::new("docs/../a.txt")).is_ok());
    }
}
