//! [`RemoteAddress`]: a remote folder as the command line names it
//! (`sftp://user@host/path`, `webdav://host/path`, `webdavs://…`,
//! `s3://bucket/prefix`), and the absolute path the core sees for it.

use std::fmt;

/// The kinds of remote folder tidyup reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Service {
    /// A folder over SSH's file transfer protocol.
    Sftp,
    /// A WebDAV collection, over HTTPS when `tls`.
    WebDav {
        /// `webdavs://`: HTTPS.
        tls: bool,
    },
    /// A prefix of an S3 bucket (any S3-compatible store).
    S3,
}

/// A remote folder. It never holds a password: one written in the
/// address is dropped, and credentials come from the usual places when
/// connecting (see [`super::connect`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteAddress {
    /// Which kind of store.
    pub service: Service,
    /// The user, when the address names one.
    pub user: Option<String>,
    /// The host (the bucket, for S3).
    pub host: String,
    /// The port, when the address names one.
    pub port: Option<u16>,
    /// The folder: an absolute path starting with `/`, without a
    /// trailing `/` (just `/` for the top).
    pub path: String,
}

/// Why an address is not one of a remote folder.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    /// It does not parse as a URL.
    #[error("{0}: not a valid address ({1})")]
    Malformed(String, String),
    /// It names no host (or bucket).
    #[error("{0}: the address names no host")]
    NoHost(String),
    /// A folder name in it is `.` or `..`.
    #[error("{0}: a folder of the address is `.` or `..`")]
    DotSegment(String),
    /// A folder name in it holds an encoded separator (`%2F`, `%5C`): one
    /// name would be read as several.
    #[error("{0}: a folder name of the address holds an encoded `/` or `\\`")]
    EncodedSeparator(String),
    /// An SFTP or WebDAV address names no folder (it would be the
    /// server's top): the folder is named in full.
    #[error("{0}: the address names no folder; name it in full, as in {1}")]
    NoFolder(String, String),
}

impl RemoteAddress {
    /// Whether `text` names a remote folder (by its scheme): such a
    /// target is parsed with [`RemoteAddress::parse`], never looked for on
    /// this machine.
    pub fn is_remote(text: &str) -> bool {
        scheme_of(text).is_some()
    }

    /// The remote folder `text` names. A password written in it is
    /// dropped (one holding `/` too) and never shown in an error.
    pub fn parse(text: &str) -> Result<Self, AddressError> {
        let shown = redacted(text);
        let service = scheme_of(text)
            .ok_or_else(|| AddressError::Malformed(shown.clone(), "scheme".into()))?;
        let text = &without_password(text);
        // Checked as written and decoded: parsing would resolve dot
        // segments away, and a decoded separator would split one name.
        for segment in written_folders(text) {
            if segment.contains(['/', '\\']) {
                return Err(AddressError::EncodedSeparator(shown));
            }
            if segment == "." || segment == ".." {
                return Err(AddressError::DotSegment(shown));
            }
        }
        let url = url::Url::parse(text)
            .map_err(|err| AddressError::Malformed(shown.clone(), err.to_string()))?;
        let host = url
            .host_str()
            .filter(|host| !host.is_empty())
            .ok_or_else(|| AddressError::NoHost(shown.clone()))?
            .to_owned();
        let folders: Vec<String> = url
            .path()
            .split('/')
            .filter(|segment| !segment.is_empty())
            .map(percent_decoded)
            .collect();
        if folders.is_empty() && service != Service::S3 {
            let example = format!("{}://{}/home/ann/Downloads", url.scheme(), host);
            return Err(AddressError::NoFolder(shown, example));
        }
        Ok(Self {
            service,
            user: Some(percent_decoded(url.username())).filter(|user| !user.is_empty()),
            host,
            port: url.port(),
            path: format!("/{}", folders.join("/")),
        })
    }

    /// The absolute path the core and the journal see for the folder:
    /// `/bucket/prefix` for S3, the folder's own path otherwise.
    pub fn root_path(&self) -> String {
        match self.service {
            Service::S3 => join(&format!("/{}", self.host), &self.path),
            Service::Sftp | Service::WebDav { .. } => self.path.clone(),
        }
    }

    /// The scheme as written in an address.
    pub fn scheme(&self) -> &'static str {
        match self.service {
            Service::Sftp => "sftp",
            Service::WebDav { tls: false } => "webdav",
            Service::WebDav { tls: true } => "webdavs",
            Service::S3 => "s3",
        }
    }
}

/// The address as it is written back: never with a password.
impl fmt::Display for RemoteAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://", self.scheme())?;
        if let Some(user) = &self.user {
            write!(f, "{user}@")?;
        }
        f.write_str(&self.host)?;
        if let Some(port) = self.port {
            write!(f, ":{port}")?;
        }
        f.write_str(&self.path)
    }
}

/// `base` and `rest` (`/`-led) as one absolute path.
fn join(base: &str, rest: &str) -> String {
    match rest {
        "/" => base.to_owned(),
        rest => format!("{base}{rest}"),
    }
}

fn scheme_of(text: &str) -> Option<Service> {
    let (scheme, _) = text.split_once("://")?;
    match scheme.to_ascii_lowercase().as_str() {
        "sftp" | "ssh" => Some(Service::Sftp),
        "webdav" | "dav" => Some(Service::WebDav { tls: false }),
        "webdavs" | "davs" => Some(Service::WebDav { tls: true }),
        "s3" => Some(Service::S3),
        _ => None,
    }
}

fn percent_decoded(text: &str) -> String {
    percent_encoding::percent_decode_str(text)
        .decode_utf8_lossy()
        .into_owned()
}

/// The folders of the address as written, each percent-decoded.
fn written_folders(text: &str) -> impl Iterator<Item = String> + '_ {
    let after_scheme = text.split_once("://").map_or(text, |(_, rest)| rest);
    let path = after_scheme.split_once('/').map_or("", |(_, path)| path);
    let path = path.split(['?', '#']).next().unwrap_or("");
    path.split('/').map(percent_decoded)
}

/// Where an address's user information ends: its `user:password@` is
/// `(user, after)`, `after` the rest from the host on. A password may hold
/// `/` (written unencoded), so the user information is the text up to the
/// last `@` of the authority, or, when a `:` not followed by a port comes
/// before any `/`, up to the first `@` after it.
fn user_info(rest: &str) -> Option<(&str, Option<&str>, &str)> {
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let end = match rest[..authority_end].rfind('@') {
        Some(at) => at,
        None => {
            let colon = rest[..authority_end].find(':')?;
            // `host:port/…`: a port, not a password.
            let after_colon = &rest[colon + 1..authority_end];
            if !after_colon.is_empty() && after_colon.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            colon + rest[colon..].find('@')?
        }
    };
    let (user, password) = match rest[..end].split_once(':') {
        Some((user, password)) => (user, Some(password)),
        None => (&rest[..end], None),
    };
    Some((user, password, &rest[end + 1..]))
}

/// `text` without the password written in it, if any.
fn without_password(text: &str) -> String {
    let Some((scheme, rest)) = text.split_once("://") else {
        return text.to_owned();
    };
    match user_info(rest) {
        Some(("", Some(_), after)) => format!("{scheme}://{after}"),
        Some((user, Some(_), after)) => format!("{scheme}://{user}@{after}"),
        Some((_, None, _)) | None => text.to_owned(),
    }
}

/// `text` with any password in it masked, for messages (whether or not
/// it parses).
fn redacted(text: &str) -> String {
    let Some((scheme, rest)) = text.split_once("://") else {
        return text.to_owned();
    };
    match user_info(rest) {
        Some((user, Some(_), after)) => format!("{scheme}://{user}:***@{after}"),
        Some((_, None, _)) | None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_scheme_parses_to_its_service_and_root() {
        let sftp = RemoteAddress::parse("sftp://ann@nas:2222/srv/photos/").unwrap();
        assert_eq!(sftp.service, Service::Sftp);
        assert_eq!(sftp.user.as_deref(), Some("ann"));
        assert_eq!(sftp.port, Some(2222));
        assert_eq!(sftp.root_path(), "/srv/photos");
        let s3 = RemoteAddress::parse("s3://scans/2024/inbox").unwrap();
        assert_eq!(s3.root_path(), "/scans/2024/inbox");
        assert_eq!(
            RemoteAddress::parse("s3://scans").unwrap().root_path(),
            "/scans"
        );
        let dav = RemoteAddress::parse("webdavs://cloud.example/remote.php/dav/files/ann").unwrap();
        assert_eq!(dav.service, Service::WebDav { tls: true });
        assert_eq!(dav.root_path(), "/remote.php/dav/files/ann");
        assert!(!RemoteAddress::is_remote("/home/ann/Downloads"));
        assert!(!RemoteAddress::is_remote("C:\\Users\\ann"));
    }

    #[test]
    fn a_password_in_the_address_is_never_kept_nor_shown() {
        let address = RemoteAddress::parse("webdav://ann:hunter2@dav.local/files").unwrap();
        assert_eq!(address.to_string(), "webdav://ann@dav.local/files");
        let err = RemoteAddress::parse("webdav://ann:hunter2@/x").unwrap_err();
        assert!(!err.to_string().contains("hunter2"), "{err}");
    }

    #[test]
    fn a_password_holding_a_slash_is_dropped_and_never_shown() {
        let address = RemoteAddress::parse("webdav://ann:pa/ss@dav.local:8080/files").unwrap();
        assert_eq!(address.to_string(), "webdav://ann@dav.local:8080/files");
        assert_eq!(address.path, "/files");
        for wrong in [
            "webdav://ann:pa/ss@/files",
            "sftp://ann:se/cr:et@nas",
            "webdav://ann:pa/ss@dav.local:99999/files",
        ] {
            let err = RemoteAddress::parse(wrong).unwrap_err().to_string();
            assert!(!err.contains("pa/ss") && !err.contains("se/cr"), "{err}");
            assert!(err.contains(":***@"), "{err}");
        }
    }

    #[test]
    fn an_encoded_separator_in_a_name_is_refused() {
        for address in [
            "sftp://nas/srv/photos/..%2F..%2Fetc",
            "sftp://nas/srv/photos/x%2f..",
            "webdav://dav.local/files/a%5C..%5Cb",
        ] {
            assert!(
                matches!(
                    RemoteAddress::parse(address),
                    Err(AddressError::EncodedSeparator(_))
                ),
                "{address}"
            );
        }
    }

    #[test]
    fn an_address_naming_no_folder_is_refused_but_a_bucket() {
        for address in ["sftp://nas", "sftp://ann@nas:2222/", "webdav://dav.local"] {
            let err = RemoteAddress::parse(address).unwrap_err();
            assert!(matches!(err, AddressError::NoFolder(..)), "{address}");
            assert!(err.to_string().contains("/home/ann/Downloads"), "{err}");
        }
        assert_eq!(RemoteAddress::parse("s3://scans").unwrap().path, "/");
        // A port, and an `@` in a folder's name, are no password.
        let dav = RemoteAddress::parse("webdav://dav.local:8080/files/ann@example.com").unwrap();
        assert_eq!(
            (dav.port, dav.path.as_str()),
            (Some(8080), "/files/ann@example.com")
        );
    }

    #[test]
    fn dot_segments_are_refused() {
        assert!(matches!(
            RemoteAddress::parse("sftp://nas/srv/%2E%2E/etc"),
            Err(AddressError::DotSegment(_))
        ));
    }
}
