//! The client's roots (`roots/list`) as directories tidyup can work in.

use std::path::PathBuf;

use crate::words::mcp::{RootRejection, root_rejected};
use tidyup_core::Lang;

/// The usable directories among `uris`, in the client's order, and why each
/// other one was left out (`"URI: reason"`, in `lang`).
pub fn directories(uris: &[String], lang: Lang) -> (Vec<PathBuf>, Vec<String>) {
    let mut usable = Vec::new();
    let mut rejected = Vec::new();
    for uri in uris {
        match directory(uri) {
            Ok(dir) if !usable.contains(&dir) => usable.push(dir),
            Ok(_) => {}
            Err(why) => rejected.push(root_rejected(lang, uri, &why)),
        }
    }
    (usable, rejected)
}

/// The existing directory a `file://` URI names, canonicalized.
fn directory(uri: &str) -> Result<PathBuf, RootRejection> {
    let url = url::Url::parse(uri).map_err(|err| RootRejection::NotUri(err.to_string()))?;
    if url.scheme() != "file" {
        return Err(RootRejection::NotFileUri(url.scheme().to_owned()));
    }
    let path = url
        .to_file_path()
        .map_err(|()| RootRejection::NotLocalPath)?;
    let cannot_open = |err: std::io::Error| RootRejection::CannotOpen(err.to_string());
    match std::fs::metadata(&path) {
        Ok(meta) if meta.is_dir() => dunce::canonicalize(&path).map_err(cannot_open),
        Ok(_) => Err(RootRejection::NotDirectory),
        Err(err) => Err(cannot_open(err)),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn file_uris_become_directories_and_others_are_rejected_with_a_reason() {
        let dir = tempfile::tempdir().unwrap();
        let spaced = dir.path().join("my docs");
        std::fs::create_dir(&spaced).unwrap();
        std::fs::write(dir.path().join("a.txt"), b"x").unwrap();
        let uri = url::Url::from_file_path(&spaced).unwrap().to_string();
        assert!(uri.contains("my%20docs"), "{uri}");
        let file_uri = url::Url::from_file_path(dir.path().join("a.txt"))
            .unwrap()
            .to_string();
        let uris = [
            uri.clone(),
            "https://example.com/x".to_owned(),
            file_uri,
            "not a uri".to_owned(),
            uri,
        ];
        let (usable, rejected) = directories(&uris, Lang::En);
        assert_eq!(usable, vec![dunce::canonicalize(&spaced).unwrap()]);
        assert_eq!(rejected.len(), 3, "{rejected:?}");
        assert!(rejected[0].contains("scheme https"), "{rejected:?}");
        assert!(rejected[1].contains("not a directory"), "{rejected:?}");
        assert!(rejected[2].contains("not a URI"), "{rejected:?}");

        let (usable_zh, rejected) = directories(&uris, Lang::Zh);
        assert_eq!(usable_zh, usable);
        assert_eq!(
            rejected[0],
            "https://example.com/x：不是 file:// URI（协议为 https）"
        );
        assert!(rejected[1].ends_with("：不是目录"), "{rejected:?}");
        assert!(
            rejected[2].starts_with("not a uri：不是 URI（"),
            "{rejected:?}"
        );
    }
}
