//! The WebDAV move that never replaces: `MOVE` with `Overwrite: F`, so the
//! server refuses (412) when anything is at the destination, deciding it
//! in the move itself.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use reqwest::StatusCode;
use tidyup_core::{ErrorCode, HostError};

use super::connect::DavServer;
use super::layout::REMOTE_TRASH;

/// What a path segment keeps as it is: the unreserved characters.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

impl DavServer {
    /// Moves the item at the server path `from` to `to` (both absolute,
    /// `/`-separated; a folder's with a trailing `/`), never replacing.
    pub(super) async fn move_new(&self, from: &str, to: &str) -> Result<(), HostError> {
        let reply = self
            .send(
                self.request(b"MOVE", from)?
                    .header("Destination", self.url(to))
                    .header("Overwrite", "F"),
            )
            .await?;
        match reply.status() {
            status if status.is_success() => Ok(()),
            StatusCode::PRECONDITION_FAILED => Err(HostError::at(ErrorCode::AlreadyExists, to)),
            StatusCode::NOT_FOUND => Err(HostError::at(ErrorCode::NotFound, from)),
            StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN => {
                Err(HostError::at(ErrorCode::PermissionDenied, from))
            }
            status => Err(HostError {
                code: ErrorCode::Io,
                path: Some(from.to_owned()),
                detail: Some(format!("the WebDAV server answered MOVE with {status}")),
            }),
        }
    }

    /// Removes the folder `key` (at the server path `path`, with its
    /// trailing `/`) only if it is empty. WebDAV's `DELETE` of a folder
    /// takes everything in it, so the folder is first moved to `trash`
    /// (its key and server path) in the remote trash, where nothing else
    /// puts files, and looked at there: removed when empty, else moved
    /// back and refused with `NotEmpty`.
    pub(super) async fn remove_empty(
        &self,
        op: &opendal::Operator,
        (key, path): (&str, &str),
        (trash, trash_path): (&str, &str),
    ) -> Result<(), HostError> {
        super::dal::create_dir(op, REMOTE_TRASH).await?;
        self.move_new(path, trash_path).await?;
        let (_, count) = super::dal::list(op, trash, true).await?;
        let removed = if count > 0 {
            match self.move_new(trash_path, path).await {
                Ok(()) => Err(HostError::at(ErrorCode::NotEmpty, key)),
                Err(_) => {
                    return Err(HostError {
                        code: ErrorCode::NotEmpty,
                        path: Some(key.to_owned()),
                        detail: Some(format!(
                            "{key} was not empty and is kept in the remote trash at {trash}"
                        )),
                    });
                }
            }
        } else {
            super::dal::remove(op, trash, true).await
        };
        // The trash itself, when nothing else is in it.
        if let Ok((_, 0)) = super::dal::list(op, REMOTE_TRASH, true).await {
            let _ = super::dal::remove(op, REMOTE_TRASH, true).await;
        }
        removed
    }

    /// What the server has at the folder path `path` (absolute): `Ok`
    /// when a collection; `NotFound` when nothing, `NotADirectory` when a
    /// file, each in the words of [`super::errors::unreachable`]. One
    /// `PROPFIND` of depth 0: a listing of a missing folder reads as empty.
    pub(super) async fn check_folder(&self, path: &str) -> Result<(), HostError> {
        let folder = format!("{}/", path.trim_end_matches('/'));
        let reply = self
            .send(self.request(b"PROPFIND", &folder)?.header("Depth", "0"))
            .await?;
        let said = |code, cause: &str| HostError {
            code,
            path: None,
            detail: Some(cause.to_owned()),
        };
        match reply.status() {
            StatusCode::NOT_FOUND => Err(said(ErrorCode::NotFound, "no such folder")),
            status if status.is_success() => {
                // A bounded read: the answer of one item.
                let body = reply.text().await.unwrap_or_default();
                let body = body.get(..64 * 1024).unwrap_or(&body).to_ascii_lowercase();
                match body.contains("collection") {
                    true => Ok(()),
                    false => Err(said(ErrorCode::NotADirectory, "not a folder")),
                }
            }
            // Refusals and the rest are told by the listing that follows.
            _ => Ok(()),
        }
    }

    /// A request of `method` for the server path `path`, with the
    /// credentials when there are any.
    fn request(&self, method: &[u8], path: &str) -> Result<reqwest::RequestBuilder, HostError> {
        let method = reqwest::Method::from_bytes(method)
            .map_err(|err| HostError::new(ErrorCode::Internal, err.to_string()))?;
        let request = self.client.request(method, self.url(path));
        Ok(match &self.user {
            Some(user) => request.basic_auth(user, self.password.as_deref()),
            None => request,
        })
    }

    /// Sends `request`; a server that cannot be reached is `Connect`, one
    /// that sends nothing within the timeout `Timeout`.
    async fn send(&self, request: reqwest::RequestBuilder) -> Result<reqwest::Response, HostError> {
        request.send().await.map_err(|err| match err.is_timeout() {
            true => super::errors::timed_out(super::errors::remote_timeout()),
            false => HostError::new(ErrorCode::Connect, err.without_url().to_string()),
        })
    }

    fn url(&self, path: &str) -> String {
        let encoded: Vec<String> = path
            .split('/')
            .map(|segment| utf8_percent_encode(segment, SEGMENT).to_string())
            .collect();
        format!("{}{}", self.endpoint, encoded.join("/"))
    }
}
