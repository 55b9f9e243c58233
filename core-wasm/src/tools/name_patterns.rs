//! Name patterns: the glob that groups a file with its siblings of the same
//! kind of name (`IMG_1234.jpg` → `IMG_*.jpg`), for `summarize_folder`.

/// The pattern of a file name whose extension (as
/// [`crate::file_type::extension`] gives it) is `ext`: its text up to the
/// first digit, then `*` and the extension (`Screenshot 2026-01-02 at
/// 10.11.png` → `Screenshot *.png`); a name starting with a digit keeps its
/// non-digit separators (`20240101_120000.jpg` → `*_*.jpg`). `None` for
/// names with no digit, or whose pattern would only be `*.EXT` (the
/// extension already groups those).
pub(super) fn pattern_with_extension(name: &str, ext: &str) -> Option<String> {
    let stem = if ext.is_empty() {
        name
    } else {
        &name[..name.len() - ext.len() - 1]
    };
    let first_digit = stem.find(|c: char| c.is_ascii_digit())?;
    let prefix = &stem[..first_digit];
    let head = if prefix.trim().is_empty() {
        collapse_digits(stem)
    } else if prefix.ends_with('(') && stem.ends_with(')') {
        // A numbered copy, `download (3)`: the bracket closes the pattern.
        format!("{}*)", literal(prefix))
    } else {
        format!("{}*", literal(prefix))
    };
    if head.chars().all(|c| c == '*') {
        return None;
    }
    Some(if ext.is_empty() {
        head
    } else {
        format!("{head}.{}", literal(ext))
    })
}

/// Whether `c` means something in a glob.
fn is_glob_syntax(c: char) -> bool {
    matches!(c, '*' | '?' | '[' | ']' | '{' | '}')
}

/// Name text as a glob matching it: each character with a glob meaning
/// becomes `?` (any one character), so `[draft] ` still matches itself.
fn literal(text: &str) -> String {
    text.chars()
        .map(|c| if is_glob_syntax(c) { '?' } else { c })
        .collect()
}

/// `stem` with every run of digits (and the glob characters a name may
/// hold) as one `*`.
fn collapse_digits(stem: &str) -> String {
    let mut out = String::new();
    for c in stem.chars() {
        let wild = c.is_ascii_digit() || is_glob_syntax(c);
        if wild {
            if !out.ends_with('*') {
                out.push('*');
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::pattern_with_extension;
    use crate::file_type::extension;

    /// The pattern of `name`, its extension told from the name.
    fn name_pattern(name: &str) -> Option<String> {
        pattern_with_extension(name, &extension(name))
    }

    #[test]
    fn groups_names_by_their_text_before_the_numbers() {
        assert_eq!(name_pattern("IMG_1234.JPG").as_deref(), Some("IMG_*.jpg"));
        assert_eq!(
            name_pattern("Screenshot 2026-01-02 at 10.11.12.png").as_deref(),
            Some("Screenshot *.png")
        );
        assert_eq!(
            name_pattern("invoice_2026-03.pdf").as_deref(),
            Some("invoice_*.pdf")
        );
        assert_eq!(name_pattern("scan0001.pdf").as_deref(), Some("scan*.pdf"));
        assert_eq!(
            name_pattern("20240101_120000.jpg").as_deref(),
            Some("*_*.jpg")
        );
        assert_eq!(name_pattern("照片 12.png").as_deref(), Some("照片 *.png"));
        assert_eq!(name_pattern("report.pdf"), None);
        assert_eq!(name_pattern("1234.pdf"), None);
        assert_eq!(name_pattern("v2"), Some("v*".to_owned()));
        assert_eq!(
            name_pattern("[draft] {x} 2.txt").as_deref(),
            Some("?draft? ?x? *.txt")
        );
        assert_eq!(name_pattern("1{a}.j[g").as_deref(), Some("*a*.j?g"));
        assert_eq!(
            name_pattern("download (14).pdf").as_deref(),
            Some("download (*).pdf")
        );
        assert_eq!(
            name_pattern("download (1) final.pdf").as_deref(),
            Some("download (*.pdf")
        );
    }
}
