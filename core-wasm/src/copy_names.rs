//! Names that say a file is a copy of another: what file managers,
//! browsers and people add when they copy a file (`a (1).pdf`, `a(2).pdf`,
//! `a copy.pdf`, `a - Copy.pdf`, `a (copy).pdf`, `Copy of a.pdf`, `a 副本.pdf`,
//! `a（副本）.pdf`). Of byte-identical files, the one whose name carries no
//! such mark is the one to keep; `duplicates` and the plan table share
//! this one reading.

/// What a name's stem may end with when it is a copy's, after the
/// original's stem (compared as written; `Copy` and `copy` both listed).
const COPY_ENDINGS: [&str; 14] = [
    // GNOME Files' (Nautilus) names for a copy made in place.
    " (copy)",
    " (another copy)",
    " - Copy",
    " - copy",
    " copy",
    " Copy",
    " - 副本",
    " 副本",
    "副本",
    "（副本）",
    "(副本)",
    " (副本)",
    " （副本）",
    "_副本",
];

/// What a name may begin with when it is a copy's, before the original's
/// name.
const COPY_BEGINNINGS: [&str; 3] = ["Copy of ", "copy of ", "副本 - "];

/// The name a copy was made from, when its name says so: `a.zip` for
/// `a (1).zip`, `a(2).zip`, `a（3）.zip`, `a - Copy.zip`, `a copy.zip`,
/// `a copy 2.zip`, `Copy of a.zip`, `a - 副本.zip` or `a（副本）.zip`;
/// `None` for any other name.
pub fn original_name(name: &str) -> Option<String> {
    if let Some(rest) = COPY_BEGINNINGS
        .iter()
        .find_map(|begin| name.strip_prefix(begin))
    {
        return (!rest.is_empty() && !rest.starts_with('.')).then(|| rest.to_owned());
    }
    let (stem, ext) = match name.rfind('.') {
        Some(dot) if dot > 0 => (&name[..dot], &name[dot..]),
        _ => (name, ""),
    };
    let base = numbered(stem).or_else(|| {
        // macOS numbers its later copies: `a copy 2`.
        let unnumbered = stem
            .rsplit_once(' ')
            .filter(|(head, n)| is_number(n) && head.ends_with("copy"))
            .map_or(stem, |(head, _)| head);
        COPY_ENDINGS
            .iter()
            .find_map(|ending| unnumbered.strip_suffix(ending))
    })?;
    let base = base.trim_end();
    (!base.is_empty()).then(|| format!("{base}{ext}"))
}

/// Whether `name` says it is a copy of another file.
pub fn is_copy_name(name: &str) -> bool {
    original_name(name).is_some()
}

/// `stem` without a trailing number in brackets (`a (1)`, `a(2)`, `a（3）`).
fn numbered(stem: &str) -> Option<&str> {
    let (rest, close) = match stem.strip_suffix(')') {
        Some(rest) => (rest, '('),
        None => (stem.strip_suffix('）')?, '（'),
    };
    let open = rest.rfind(close)?;
    let digits = &rest[open + close.len_utf8()..];
    is_number(digits).then(|| &rest[..open])
}

/// Whether `text` is a short run of ASCII digits.
fn is_number(text: &str) -> bool {
    !text.is_empty() && text.len() <= 4 && text.chars().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_name_their_originals() {
        let cases = [
            ("a (1).zip", "a.zip"),
            ("a(2).zip", "a.zip"),
            ("a - Copy.zip", "a.zip"),
            ("CV copy.pdf", "CV.pdf"),
            ("final copy 2.pdf", "final.pdf"),
            ("Copy of budget.xlsx", "budget.xlsx"),
            ("报告 - 副本.pdf", "报告.pdf"),
            ("合同 副本.docx", "合同.docx"),
            ("报销单（副本）.xlsx", "报销单.xlsx"),
            ("通讯录(1).xlsx", "通讯录.xlsx"),
            ("通讯录（2）.xlsx", "通讯录.xlsx"),
            ("scan007 (copy).pdf", "scan007.pdf"),
            ("scan007 (another copy).pdf", "scan007.pdf"),
        ];
        for (copy, original) in cases {
            assert_eq!(original_name(copy).as_deref(), Some(original), "{copy}");
        }
        for plain in [
            "notes",
            "(1).zip",
            "report.pdf",
            "Copy of ",
            "2024 (final).pdf",
        ] {
            assert_eq!(original_name(plain), None, "{plain}");
        }
    }
}
