//! The kind of a file as tidyup's own judgement sees it: the offline
//! planner and the bulk tools place files by it. It answers with the
//! categories of `get_file_type`, whose own table stays exactly the tool's
//! contract with models ([`Category::of`]); this one knows more kinds.
//!
//! By name, the first that knows the file decides: a few names known whole
//! (`Dockerfile`, `Makefile`, an `Anaconda3-….sh` installer); split archive parts
//! (`.zip.001`, `.z01`, `.r00`, `.partN.rar`) and endings of two or more
//! parts (`.tar.xz`); the spec's table, so a spec extension keeps its
//! category (`.ts` stays Code, TypeScript, though MPEG-TS video shares the
//! ending); [`OVERRIDES`] (`kinds/overrides.rs`), a hand-written table of
//! what the registry lacks or files otherwise, each family with its source; then [`registry::ENDINGS`], generated from freedesktop.org's
//! shared MIME database by `core-wasm/data/kinds/generate.py`. Fonts count
//! as Installers: a font is installed into the system before use. By
//! content, [`kind_from_header`] reads a file's magic bytes.

mod overrides;
mod registry;

use std::collections::HashMap;
use std::sync::LazyLock;

use foldhash::fast::FixedState;

use crate::file_type::{Category, extension};

use overrides::{COMPOUND_OVERRIDES, OVERRIDES, by_whole_name};

/// Bytes of a file's head worth reading for [`kind_from_header`].
pub const HEADER_BYTES: u64 = 8 * 1024;

/// Every single ending (`heic`, not `tar.xz`) whose files [`kind`] gives
/// `category`: the spec's table, the overrides, the registry. Compound
/// endings and split parts are not among them.
pub fn endings_of(category: Category) -> Vec<&'static str> {
    let spec = crate::file_type::CATEGORIES
        .iter()
        .filter(|(name, _)| *name == category.name())
        .flat_map(|(_, endings)| endings.iter().copied());
    let mut endings: Vec<&'static str> = spec
        .chain(OVERRIDES.iter().map(|(ending, _)| *ending))
        .chain(registry::ENDINGS.iter().map(|(ending, _)| *ending))
        .filter(|ending| !ending.contains('.') && kind(&format!("a.{ending}")) == category)
        .collect();
    endings.sort_unstable();
    endings.dedup();
    endings
}

/// The kind of the file named `name`, by its name alone; [`Category::Other`]
/// when the name says nothing known.
pub fn kind(name: &str) -> Category {
    let name = name.rsplit(['/', '\\']).next().unwrap_or(name);
    kind_of_lowercase(&name.to_lowercase())
}

/// [`kind`] of a name already lowercased (and without folders): a name
/// known whole ([`by_whole_name`]: `Dockerfile`, an Anaconda installer),
/// else a split archive's part, else the longest compound ending the registry knows
/// (`tar.gz`), else the last extension as [`ending_kind`] has it.
pub fn kind_of_lowercase(lower: &str) -> Category {
    if let Some(category) = by_whole_name(lower) {
        return category;
    }
    if is_split_part(lower) {
        return Category::Archives;
    }
    if let Some(category) = compound(lower) {
        return category;
    }
    match lower.rfind('.') {
        Some(dot) if dot != 0 && dot + 1 != lower.len() => ending_kind(&lower[dot + 1..]),
        Some(_) | None => Category::Other,
    }
}

/// The kind of the ending `ext` (lowercase, no dot): `get_file_type`'s
/// own table first, then tidyup's overrides, then the registry.
fn ending_kind(ext: &str) -> Category {
    static BY_ENDING: LazyLock<HashMap<&str, Category, FixedState>> = LazyLock::new(|| {
        let mut by_ending = HashMap::default();
        let spec = Category::ALL.into_iter().rev().flat_map(|category| {
            let (_, endings) = category.row();
            endings.iter().map(move |ending| (*ending, category))
        });
        // Later entries win: the registry, then the overrides, then the
        // table (its first category for an ending written twice).
        for (ending, category) in registry::ENDINGS.into_iter().chain(OVERRIDES).chain(spec) {
            by_ending.insert(ending, category);
        }
        by_ending
    });
    BY_ENDING.get(ext).copied().unwrap_or(Category::Other)
}

/// Whether the name knows a kind: [`kind`] is not [`Category::Other`].
pub fn is_known(name: &str) -> bool {
    kind(name) != Category::Other
}

/// The kind the first bytes of a file (`head`) show, by their magic
/// numbers; `None` when they show nothing known.
pub fn kind_from_header(head: &[u8]) -> Option<Category> {
    let Some(found) = infer::get(head) else {
        // An ELF executable shorter than `infer` looks at (its header
        // alone): a program, as `infer`'s App matcher files one.
        return head.starts_with(b"\x7fELF").then_some(Category::Installers);
    };
    let by_ending = kind(&format!("x.{}", found.extension()));
    if by_ending != Category::Other {
        return Some(by_ending);
    }
    match found.matcher_type() {
        infer::MatcherType::Image => Some(Category::Images),
        infer::MatcherType::Video => Some(Category::Videos),
        infer::MatcherType::Audio => Some(Category::Audio),
        infer::MatcherType::Archive => Some(Category::Archives),
        infer::MatcherType::Book | infer::MatcherType::Doc => Some(Category::Documents),
        infer::MatcherType::Font | infer::MatcherType::App => Some(Category::Installers),
        infer::MatcherType::Text => Some(Category::Code),
        infer::MatcherType::Custom => None,
    }
}

/// Whether a file whose name gives `by_name` is worth reading for its
/// kind: its name says nothing, or says code, which any bytes may carry.
pub fn head_may_decide(by_name: Category) -> bool {
    matches!(by_name, Category::Other | Category::Code)
}

/// A file's kind from what its name gives (`by_name`) and what its first
/// bytes show (`head`, from [`kind_from_header`]): bytes decide when the
/// name says nothing, and win over a code ending when they are a
/// document, a picture or an archive (a `.py` that is a PNG, a `.json`
/// that is a ZIP); text is no evidence against a code ending.
pub fn by_name_and_head(by_name: Category, head: Option<Category>) -> Category {
    match (by_name, head) {
        (Category::Other, Some(found)) => found,
        (
            Category::Code,
            Some(found @ (Category::Documents | Category::Images | Category::Archives)),
        ) => found,
        (_, Some(_) | None) => by_name,
    }
}

/// The category of `ext` (lowercase, no dot) in the registry.
fn registered(ext: &str) -> Option<Category> {
    registry::ENDINGS
        .binary_search_by(|(ending, _)| (*ending).cmp(ext))
        .ok()
        .map(|at| registry::ENDINGS[at].1)
}

/// The category of the longest ending of two or more parts of `lower`
/// (`report.tar.xz` → `tar.xz`) the registry knows.
fn compound(lower: &str) -> Option<Category> {
    let dots: Vec<usize> = lower
        .match_indices('.')
        .map(|(at, _)| at)
        .filter(|at| *at > 0)
        .collect();
    let last = *dots.last()?;
    dots.iter().filter(|at| **at != last).find_map(|at| {
        let ending = &lower[at + 1..];
        COMPOUND_OVERRIDES
            .iter()
            .find(|(own, _)| *own == ending)
            .map(|(_, category)| *category)
            .or_else(|| registered(ending))
    })
}

/// Whether `lower` names one part of a split archive: `x.zip.001`,
/// `x.7z.002`, `x.001`, `x.z01`, `x.r00`, `x.part2.rar`.
fn is_split_part(lower: &str) -> bool {
    let ext = extension(lower);
    let digits = |text: &str| !text.is_empty() && text.chars().all(|c| c.is_ascii_digit());
    let numbered = ext.len() == 3 && digits(&ext);
    let letter_numbered =
        ext.len() == 3 && (ext.starts_with('z') || ext.starts_with('r')) && digits(&ext[1..]);
    numbered || letter_numbered
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_is_sorted_for_its_search() {
        let endings: Vec<&str> = registry::ENDINGS.iter().map(|(e, _)| *e).collect();
        let mut sorted = endings.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(endings, sorted);
    }

    #[test]
    fn the_table_comes_first_then_the_overrides_then_the_registry() {
        for category in Category::ALL {
            for ending in category.row().1 {
                // The table's first category for an ending written twice.
                assert_eq!(
                    kind(&format!("a.{ending}")),
                    Category::of(&format!("a.{ending}"))
                );
            }
        }
        for (ending, category) in OVERRIDES {
            if Category::of(&format!("a.{ending}")) == Category::Other {
                assert_eq!(
                    kind(&format!("A.{}", ending.to_uppercase())),
                    category,
                    "{ending}"
                );
            }
        }
        for (ending, category) in registry::ENDINGS {
            let known = Category::of(&format!("a.{ending}")) != Category::Other
                || OVERRIDES.iter().any(|(own, _)| *own == ending);
            if !known && !ending.contains('.') && !is_split_part(&format!("a.{ending}")) {
                assert_eq!(kind(&format!("a.{ending}")), category, "{ending}");
            }
        }
        assert_eq!(kind("README"), Category::Other);
        assert_eq!(kind(".bashrc"), Category::Other);
        assert_eq!(kind("photos/trailing."), Category::Other);
    }

    #[test]
    fn every_common_kind_has_its_folder() {
        let cases = [
            (
                Category::Images,
                "IMG_3100.HEIC|a.heif|a.avif|a.jxl|DSC_0001.NEF|IMG_1.CR2|IMG_1.CR3|a.arw|a.dng|\
                 a.raf|a.orf|a.rw2|a.pef|a.srw|art.psd",
            ),
            (
                Category::Videos,
                "clip.webm|a.m4v|a.3gp|a.mts|Film 2024.srt",
            ),
            (Category::Audio, "a.opus|a.aiff|a.aif|a.wma"),
            (
                Category::Documents,
                "notes.odt|a.ods|a.odp|a.odg|TODO.md|book - Dune.epub|a.mobi|a.azw|a.azw3|\
                 essay.pages|data.numbers|slides.key|发票.ofd|表格.et|演示.dps",
            ),
            (
                Category::Archives,
                "linux.tar.xz|a.tgz|a.zst|a.tar.zst|a.tar.gz|x.zip.001|x.7z.001|game.part1.rar|\
                 x.z01|x.r00|x.001",
            ),
            (
                Category::Installers,
                "node-v22.11.0.pkg|Obsidian-1.7.7.AppImage|a.msix|a.msixbundle|a.appx|a.apk|\
                 a.xapk|a.flatpakref|a.flatpak|a.snap|font.ttf|font.otf|font.woff|font.woff2|\
                 ubuntu.iso",
            ),
        ];
        for (category, names) in cases {
            for name in names.split('|') {
                assert_eq!(kind(name), category, "{name}");
            }
        }
    }

    #[test]
    fn the_endings_of_a_kind_are_those_it_gives_that_kind() {
        let images = endings_of(Category::Images);
        for ending in ["jpg", "heic", "nef", "avif", "png"] {
            assert!(images.contains(&ending), "{ending}");
        }
        assert!(!images.contains(&"mp4"));
        assert!(endings_of(Category::Other).is_empty());
        for category in Category::ALL {
            for ending in endings_of(category) {
                assert_eq!(kind(&format!("a.{ending}")), category, "{ending}");
            }
        }
    }

    #[test]
    fn spec_extensions_keep_their_spec_category() {
        for (_, extensions) in crate::file_type::CATEGORIES {
            for ext in extensions {
                let name = format!("x.{ext}");
                assert_eq!(kind(&name), Category::of(&name), "{name}");
            }
        }
        assert_eq!(kind("app.ts"), Category::Code);
        assert_eq!(kind("Makefile"), Category::Code);
        assert_eq!(kind("notes"), Category::Other);
        assert_eq!(kind(".bashrc"), Category::Other);
        assert_eq!(kind("x.unknownext"), Category::Other);
    }

    #[test]
    fn magic_bytes_give_a_kind() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0";
        assert_eq!(kind_from_header(png), Some(Category::Images));
        assert_eq!(kind_from_header(b"%PDF-1.7\n"), Some(Category::Documents));
        assert_eq!(
            kind_from_header(b"PK\x03\x04\x14\0\0\0\0\0"),
            Some(Category::Archives)
        );
        assert_eq!(
            kind_from_header(b"MZ\x90\0\x03\0\0\0"),
            Some(Category::Installers)
        );
        assert_eq!(kind_from_header(b"just some words"), None);
        let pdf = kind_from_header(b"%PDF-1.7\n");
        assert_eq!(
            by_name_and_head(kind("rubric.js"), pdf),
            Category::Documents
        );
        assert_eq!(
            by_name_and_head(kind("plot.py"), kind_from_header(png)),
            Category::Images
        );
        assert_eq!(
            by_name_and_head(kind("a.py"), Some(Category::Code)),
            Category::Code
        );
        assert_eq!(by_name_and_head(kind("a.mp3"), pdf), Category::Audio);
        assert_eq!(by_name_and_head(kind("notes"), pdf), Category::Documents);
        assert_eq!(kind_from_header(b""), None);
    }
}
