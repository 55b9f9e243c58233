//! OpenDAL's errors as tidyup's [`HostError`]s: a stable code, the path
//! when one is known, and the service's words as the cause.

use tidyup_core::{ErrorCode, HostError};

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
