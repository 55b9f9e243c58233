//! The page's files, embedded in the binary (`host/assets/ui/`).

/// `(name, content type, bytes)` of each file; `""` is the page itself.
const FILES: [(&str, &str, &[u8]); 6] = [
    ("", HTML, include_bytes!("../../../assets/ui/index.html")),
    (
        "index.html",
        HTML,
        include_bytes!("../../../assets/ui/index.html"),
    ),
    ("app.js", JS, include_bytes!("../../../assets/ui/app.js")),
    (
        "plan-table.js",
        JS,
        include_bytes!("../../../assets/ui/plan-table.js"),
    ),
    ("i18n.js", JS, include_bytes!("../../../assets/ui/i18n.js")),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_bytes!("../../../assets/ui/style.css"),
    ),
];

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// The file at `name` (after the secret): its content type and bytes.
pub fn find(name: &str) -> Option<(&'static str, &'static [u8])> {
    FILES
        .iter()
        .find(|(file, _, _)| *file == name)
        .map(|(_, kind, bytes)| (*kind, *bytes))
}
