//! Saved web pages: `Page.html` (or `.htm`) and the folder a browser saves
//! its images and scripts in. The folder's suffix is the one Windows
//! Explorer links to a page ("Connected Files"), which browsers write in
//! the language of the system: `_files` (Chrome, Edge, Firefox, also on
//! Chinese and Japanese systems), `.files` (older Chinese browsers),
//! `-Dateien`, `_archivos`, `_fichiers`, `_file`, and the others below.

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

/// Each saved page among `files` with its folder among `dirs`:
/// `(page, folder)`. Names are compared in any letter case.
pub(super) fn groups(files: &[&str], dirs: &[&str]) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for dir in dirs {
        let lower = dir.to_lowercase();
        let Some(base) = FOLDER_SUFFIXES
            .iter()
            .find_map(|suffix| lower.strip_suffix(suffix))
            .filter(|base| !base.is_empty())
        else {
            continue;
        };
        let page = files.iter().find(|file| {
            let file = file.to_lowercase();
            file.rsplit_once('.')
                .is_some_and(|(stem, ext)| stem == base && PAGES.contains(&ext))
        });
        if let Some(page) = page
            && !found
                .iter()
                .any(|(taken, _): &(String, String)| taken == page)
        {
            found.push(((*page).to_owned(), (*dir).to_owned()));
        }
    }
    found
}
