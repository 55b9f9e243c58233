//! OpenDAL's errors as tidyup's [`HostError`]s: a stable code, the path
//! when one is known, and the service's words as the cause.

use tidyup_core::{ErrorCode, HostError};

use super::address::RemoteAddress;

/// `err`, met at `path` (the path the core knows) when given.
// `opendal::ErrorKind` is foreign and non-exhaustive: a catch-all arm is required.
#[allow(clippy::wildcard_enum_match_arm)]
pub(super) fn remote_error(err: &opendal::Error, path: Option<&str>) -> HostError {
    use opendal::ErrorKind;
    let code = match err.kind() {
        ErrorKind::NotFound => ErrorCode::NotFound,
        ErrorKind::PermissionDenied => ErrorCode::PermissionDenied,
        ErrorKind::AlreadyExists | ErrorKind::ConditionNotMatch => ErrorCode::AlreadyExists,
        ErrorKind::NotADirectory => ErrorCode::NotADirectory,
        ErrorKind::Unsupported => ErrorCode::Unsupported,
        ErrorKind::RateLimited => ErrorCode::Timeout,
        _ => ErrorCode::Io,
    };
    HostError {
        code,
        path: path.map(str::to_owned),
        detail: Some(err.to_string()),
    }
}

/// Why the folder at `address` cannot be reached, in one sentence a
/// person can act on: the credentials refused, no answer from the server,
/// no such folder, not a folder; else the service's own first line.
// `opendal::ErrorKind` is foreign and non-exhaustive: a catch-all arm is required.
#[allow(clippy::wildcard_enum_match_arm)]
pub(super) fn unreachable(err: &opendal::Error, address: &RemoteAddress) -> HostError {
    use opendal::ErrorKind;
    // The service's status and the transport's cause may sit in either form.
    let lower = format!("{err:?} {err}").to_ascii_lowercase();
    let refused = [
        "401",
        "403",
        "unauthorized",
        "forbidden",
        "permission denied",
        "authentication",
    ];
    let silent = [
        "connection refused",
        "connect error",
        "error sending request",
        "timed out",
        "dns error",
        "failed to lookup",
        "no route to host",
        "connection reset",
    ];
    let (code, cause) = match err.kind() {
        ErrorKind::NotFound => (ErrorCode::NotFound, "no such folder".to_owned()),
        ErrorKind::NotADirectory => (ErrorCode::NotADirectory, "not a folder".to_owned()),
        ErrorKind::PermissionDenied => (ErrorCode::PermissionDenied, CREDENTIALS.to_owned()),
        _ if refused.iter().any(|word| lower.contains(word)) => {
            (ErrorCode::PermissionDenied, CREDENTIALS.to_owned())
        }
        _ if silent.iter().any(|word| lower.contains(word)) => return no_answer(address),
        _ => (
            ErrorCode::Io,
            err.to_string()
                .lines()
                .next()
                .unwrap_or_default()
                .to_owned(),
        ),
    };
    HostError {
        code,
        path: None,
        detail: Some(cause),
    }
}

/// The server of `address` did not answer (nothing listens, or it does
/// not reply): said with its host and port.
pub(super) fn no_answer(address: &RemoteAddress) -> HostError {
    let server = match address.port {
        Some(port) => format!("{}:{port}", address.host),
        None => address.host.clone(),
    };
    HostError {
        code: ErrorCode::Connect,
        path: None,
        detail: Some(format!("no answer from {server}")),
    }
}

/// The cause of a refused login, with where credentials come from.
const CREDENTIALS: &str = "the server refused the credentials: check the user and the password \
     (TIDYUP_WEBDAV_USER and TIDYUP_WEBDAV_PASSWORD or ~/.netrc for WebDAV, the AWS_* \
     variables for S3, your ssh keys for SFTP)";
