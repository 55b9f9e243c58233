//! The page's files, embedded in the binary (`host/assets/ui/`).

/// `(name, content type, bytes)` of the file `name` of `host/assets/ui/`.
macro_rules! asset {
    ($name:literal, $kind:expr) => {
        (
            $name,
            $kind,
            include_bytes!(concat!("../../../assets/ui/", $name)),
        )
    };
}

/// `(name, content type, bytes)` of each file; `""` is the page itself.
/// `app.js` and the modules it imports are the window; `plan-table.js` and
/// its `plan-*.js` modules are shared with the static page (`web/`).
const FILES: [(&str, &str, &[u8]); 18] = [
    ("", HTML, include_bytes!("../../../assets/ui/index.html")),
    asset!("index.html", HTML),
    asset!("app.js", JS),
    asset!("page.js", JS),
    asset!("server.js", JS),
    asset!("connection.js", JS),
    asset!("setup.js", JS),
    asset!("activity.js", JS),
    asset!("apply.js", JS),
    asset!("history.js", JS),
    asset!("plan-table.js", JS),
    asset!("plan-dom.js", JS),
    asset!("plan-selection.js", JS),
    asset!("plan-filter.js", JS),
    asset!("plan-render.js", JS),
    asset!("plan-destination.js", JS),
    asset!("i18n.js", JS),
    asset!("style.css", "text/css; charset=utf-8"),
];

/// The content type of the page.
pub const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// The file at `name` (after the secret): its content type and bytes.
pub fn find(name: &str) -> Option<(&'static str, &'static [u8])> {
    FILES
        .iter()
        .find(|(file, _, _)| *file == name)
        .map(|(_, kind, bytes)| (*kind, *bytes))
}

#[cfg(test)]
mod tests {
    use super::FILES;

    /// Every module a served script imports (`from "./name.js"`) is served
    /// too, with the JavaScript content type.
    #[test]
    fn every_imported_module_is_served() {
        for (name, _, bytes) in FILES.iter().filter(|(name, _, _)| name.ends_with(".js")) {
            let text = std::str::from_utf8(bytes).unwrap();
            for import in text.split("from \"./").skip(1) {
                let module = &import[..import.find('"').unwrap()];
                let served = super::find(module);
                assert!(
                    matches!(served, Some((kind, _)) if kind == super::JS),
                    "{name} imports {module}, which is not served as JavaScript"
                );
            }
        }
    }
}
