//! The SFTP move that never replaces: a file is hard-linked at its new
//! name (which fails when anything is there: the server's `link(2)`
//! decides, in one step) and then unlinked at its old one; a folder is
//! renamed after a check that nothing is at its new name (a folder that
//! appears between the two is the one race left, said in the user
//! guide's docs/guide/src/remote-folders.md).

use std::path::Path;

use openssh::{KnownHosts, SessionBuilder};
use openssh_sftp_client::{Sftp, SftpOptions};
use tidyup_core::{ErrorCode, HostError};

use super::address::RemoteAddress;

/// What `ssh` is told to connect to for `address`: its host, and its port
/// when the address names one (the user goes apart).
pub(super) fn destination(address: &RemoteAddress) -> String {
    match address.port {
        Some(port) => format!("ssh://{}:{port}", address.host),
        None => address.host.clone(),
    }
}

/// An SFTP session of tidyup's own beside OpenDAL's, for the moves.
pub(super) struct SftpMover {
    sftp: Sftp,
}

impl SftpMover {
    pub(super) async fn connect(address: RemoteAddress) -> Result<Self, HostError> {
        let mut builder = SessionBuilder::default();
        builder.known_hosts_check(KnownHosts::Strict);
        if let Some(user) = &address.user {
            builder.user(user.clone());
        }
        let session = builder
            .connect(destination(&address))
            .await
            .map_err(|err| HostError::new(ErrorCode::Connect, format!("{address}: {err}")))?;
        let sftp = Sftp::from_session(session, SftpOptions::default())
            .await
            .map_err(|err| HostError::new(ErrorCode::Connect, format!("{address}: {err}")))?;
        Ok(Self { sftp })
    }

    /// Moves the item at the absolute path `from` to `to`, never replacing
    /// anything there; `is_dir` tells a folder.
    pub(super) async fn move_new(
        &self,
        from: &str,
        to: &str,
        is_dir: bool,
    ) -> Result<(), HostError> {
        let mut fs = self.sftp.fs();
        if is_dir {
            if fs.symlink_metadata(Path::new(to)).await.is_ok() {
                return Err(HostError::at(ErrorCode::AlreadyExists, to));
            }
            return fs
                .rename(from, to)
                .await
                .map_err(|err| io_error(&err, from));
        }
        if let Err(err) = fs.hard_link(from, to).await {
            return Err(match fs.symlink_metadata(Path::new(to)).await {
                Ok(_) => HostError::at(ErrorCode::AlreadyExists, to),
                Err(_) => io_error(&err, from),
            });
        }
        fs.remove_file(from)
            .await
            .map_err(|err| io_error(&err, from))
    }
}

fn io_error(err: &openssh_sftp_client::Error, path: &str) -> HostError {
    HostError {
        code: ErrorCode::Io,
        path: Some(path.to_owned()),
        detail: Some(err.to_string()),
    }
}
