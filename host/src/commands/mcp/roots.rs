//! The client's roots (`roots/list`) as directories tidyup can work in.

use std::path::PathBuf;

/// The usable directories among `uris`, in the client's order, and why each
/// other one was left out (`"URI: reason"`).
pub fn directories(uris: &[String]) -> (Vec<PathBuf>, Vec<String>) {
    let mut usable = Vec::new();
    let mut rejected = Vec::new();
    for uri in uris {
        match directory(uri) {
            Ok(dir) if !usable.contains(&dir) => usable.push(dir),
            Ok(_) => {}
            Err(why) => rejected.push(format!("{uri}: {why}")),
        }
    }
    (usable, rejected)
}

/// The existing directory a `file://` URI names, canonicalized.
fn directory(uri: &str) -> Result<PathBuf, String> {
    let url = url::Url::parse(uri).map_err(|err| format!("not a URI ({err})"))?;
    if url.scheme() != "file" {
        return Err(format!("not a file:// URI (scheme {})", url.scheme()));
    }
    let path = url
        .to_file_path()
        .map_err(|()| "not a local path".to_owned())?;
    match std::fs::metadata(&path) {
        Ok(meta) if meta.is_dir() => {
            dunce::canonicalize(&path).map_err(|err| format!("cannot be opened ({err})"))
        }
        Ok(_) => Err("not a directory".to_owned()),
        Err(err) => Err(format!("cannot be opened ({err})")),
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
        let (usable, rejected) = directories(&[
            uri.clone(),
            "https://example.com/x".to_owned(),
            file_uri,
            "not a uri".to_owned(),
            uri,
        ]);
        assert_eq!(usable, vec![dunce::canonicalize(&spaced).unwrap()]);
        assert_eq!(rejected.len(), 3, "{rejected:?}");
        assert!(rejected[0].contains("scheme https"), "{rejected:?}");
        assert!(rejected[1].contains("not a directory"), "{rejected:?}");
        assert!(rejected[2].contains("not a URI"), "{rejected:?}");
    }
}
