//! OpenDAL's errors as tidyup's [`HostError`]s: a stable code, the path
//! when one is known, and the service's words as the cause.

use tidyup_core::{ErrorCode, HostError};

use super::address::RemoteAddress;

/// `err`, met at `path` (the path the core knows) when given.
// `opendal::ErrorKind` is foreign and non-exhaustive: a catch-all arm is required.
#[allow(clippy::wildcard_enum_match_arm)]
pub(super) fn remote_error(err: &opendal::Error, path: Option<&str>) -> HostError {
    use opendal::ErrorKind;
    if let Some((code, said)) = told(err) {
        return HostError {
            code,
            path: path.map(str::to_owned),
            detail: Some(said),
        };
    }
    let code = match err.kind() {
        ErrorKind::NotFound => ErrorCode::NotFound,
        ErrorKind::PermissionDenied => ErrorCode::PermissionDenied,
        ErrorKind::AlreadyExists | ErrorKind::ConditionNotMatch => ErrorCode::AlreadyExists,
        ErrorKind::NotADirectory => ErrorCode::NotADirectory,
        ErrorKind::Unsupported => ErrorCode::Unsupported,
        ErrorKind::RateLimited => ErrorCode::Timeout,
        _ if is_timeout(err) => return timed_out(remote_timeout()),
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
        "dns error",
        "failed to lookup",
        "no route to host",
        "connection reset",
    ];
    if let Some((code, said)) = told(err) {
        return HostError::new(code, said);
    }
    let (code, cause) = match err.kind() {
        ErrorKind::NotFound => (ErrorCode::NotFound, "no such folder".to_owned()),
        ErrorKind::NotADirectory => (ErrorCode::NotADirectory, "not a folder".to_owned()),
        ErrorKind::PermissionDenied => (ErrorCode::PermissionDenied, CREDENTIALS.to_owned()),
        _ if refused.iter().any(|word| lower.contains(word)) => {
            (ErrorCode::PermissionDenied, CREDENTIALS.to_owned())
        }
        _ if is_timeout(err) => return no_answer_within(address, remote_timeout()),
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

/// The refusal of an answer past its limit (or of a listing of other
/// paths), when `err` is one: its own words, without the service's
/// wrapping.
fn told(err: &opendal::Error) -> Option<(ErrorCode, String)> {
    let text = format!("{err:?}");
    let (code, at) = [
        (ErrorCode::ReplyTooLarge, super::bounded::LIMIT_WORDS),
        (ErrorCode::Io, super::bounded::ELSEWHERE_WORDS),
    ]
    .into_iter()
    .find_map(|(code, words)| Some((code, text.find(words)?)))?;
    // Each refusal ends with its one closing parenthesis.
    let said = &text[at..];
    let end = said.find(')').map_or(said.len(), |end| end + 1);
    Some((code, said[..end].to_owned()))
}

/// Whether `err` is a request that waited its whole timeout.
fn is_timeout(err: &opendal::Error) -> bool {
    let lower = format!("{err:?} {err}").to_ascii_lowercase();
    lower.contains("timed out") || lower.contains("timeout")
}

/// The server of `address` sent nothing within `limit`: said with its
/// host and port, and the setting that waits longer.
pub(super) fn no_answer_within(address: &RemoteAddress, limit: std::time::Duration) -> HostError {
    let mut said = no_answer(address);
    said.code = ErrorCode::Timeout;
    said.detail = said.detail.map(|detail| {
        format!(
            "{detail} within {} s (set {TIMEOUT_VARIABLE}=SECONDS to wait longer)",
            limit.as_secs()
        )
    });
    said
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

/// A request the server did not answer within `limit`: said with the
/// setting that waits longer.
pub(super) fn timed_out(limit: std::time::Duration) -> HostError {
    HostError {
        code: ErrorCode::Timeout,
        path: None,
        detail: Some(format!(
            "the server sent nothing for {} s (set {TIMEOUT_VARIABLE}=SECONDS to wait longer)",
            limit.as_secs()
        )),
    }
}

/// The variable that sets how long a remote request may wait for the server.
pub(super) const TIMEOUT_VARIABLE: &str = "TIDYUP_REMOTE_TIMEOUT";

/// How long a remote request waits for the server: `TIDYUP_REMOTE_TIMEOUT`
/// seconds, 30 when unset or not a whole number above 0.
pub(super) fn remote_timeout() -> std::time::Duration {
    let seconds = std::env::var(TIMEOUT_VARIABLE)
        .ok()
        .and_then(|text| text.trim().parse::<u64>().ok())
        .filter(|&seconds| seconds > 0)
        .unwrap_or(30);
    std::time::Duration::from_secs(seconds)
}

/// The cause of a refused login, with where credentials come from.
const CREDENTIALS: &str = "the server refused the credentials: check the user and the password \
     (TIDYUP_WEBDAV_USER and TIDYUP_WEBDAV_PASSWORD or ~/.netrc for WebDAV, the AWS_* \
     variables for S3, your ssh keys for SFTP)";
