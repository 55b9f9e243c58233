//! Saved web pages: `Page.html` (or `.htm`) and the folder a browser saves
//! its images and scripts in. The folder's suffix is the one Windows
//! Explorer links to a page ("Connected Files"), which browsers write in
//! the language of the system: `_files` (Chrome, Edge, Firefox, also on
//! Chinese and Japanese systems), `.files` (older Chinese browsers),
//! `-Dateien`, `_archivos`, `_fichiers`, `_file`, and the others below.

use std::collections::{HashMap, HashSet};

use foldhash::fast::RandomState;

use super::NameFacts;

/// Extensions of a saved page.
const PAGES: &[&str] = &["html", "htm", "xhtml", "shtml", "xht"];

/// Suffixes of a saved page's folder, lowercased.
const FOLDER_SUFFIXES: &[&str] = &[
    "_files",
    ".files",
    "-files",
    "_file",
    "-dateien",
    "_dateien",
    "_archivos",
    "_arquivos",
    "_fichiers",
    "_ficheiros",
    "_fitxers",
    "_bestanden",
    "-bestanden",
    "_filer",
    "-filer",
    "_tiedostot",
    "_pliki",
    "_soubory",
    "_súbory",
    "_elemei",
    "_dosyalar",
    "_datoteke",
    "_fajlovi",
    "_failid",
    "_fails",
    "_bylos",
    "_failai",
    "_файлы",
];

/// Whether a folder's name is a saved page's folder's (`Page_files`),
/// whether or not its page is beside it.
pub(crate) fn is_page_folder_name(name: &str) -> bool {
    let lower = name.to_lowercase();
    FOLDER_SUFFIXES.iter().any(|suffix| {
        lower
            .strip_suffix(suffix)
            .is_some_and(|base| !base.is_empty())
    })
}

/// Each saved page among `files` with its folder among `dirs` (each name
/// with its facts): `(page, folder)`. Names are compared in any letter
/// case; a page goes with the first folder of its name.
pub(super) fn groups(
    files: &[(&str, &NameFacts)],
    dirs: &[(&str, &NameFacts)],
) -> Vec<(String, String)> {
    // Each lowercased stem's first page.
    let mut pages: HashMap<&str, &str, RandomState> = HashMap::default();
    for (name, facts) in files {
        if let Some((stem, ext)) = facts.lower.rsplit_once('.')
            && PAGES.contains(&ext)
        {
            pages.entry(stem).or_insert(name);
        }
    }
    let mut found = Vec::new();
    let mut paired: HashSet<&str, RandomState> = HashSet::default();
    for (dir, facts) in dirs {
        let Some(base) = FOLDER_SUFFIXES
            .iter()
            .find_map(|suffix| facts.lower.strip_suffix(suffix))
            .filter(|base| !base.is_empty())
        else {
            continue;
        };
        if let Some(page) = pages.get(base)
            && paired.insert(*page)
        {
            found.push(((*page).to_owned(), (*dir).to_owned()));
        }
    }
    found
}
