//! The SFTP connection: OpenSSH's own `ssh` as a child of tidyup, running
//! the server's `sftp` subsystem over its standard input and output. No
//! control master is left behind: the one `ssh` process ends with its
//! pipes, on every exit path of tidyup (a normal end, an error, Ctrl-C,
//! SIGTERM, even SIGKILL), and is killed when its connection is dropped.
//! What `ssh` says on failure is read back as one cause a person can act
//! on ([`cause`]).

use std::process::Stdio;
use std::time::Duration;

use openssh_sftp_client::{Sftp, SftpOptions};
use tidyup_core::{ErrorCode, HostError};
use tokio::io::AsyncReadExt;
use tokio::process::{Child, ChildStderr, Command};

use crate::remote::address::RemoteAddress;
use crate::remote::errors::{no_answer, no_answer_within};

/// The most of `ssh`'s own messages kept to tell a failure's cause.
const STDERR_KEPT: u64 = 16 * 1024;

/// A running `ssh` and the SFTP session over it.
pub(super) struct Connection {
    pub(super) sftp: Sftp,
    /// `ssh`: killed when dropped; ended and waited for by
    /// [`Connection::close`].
    child: std::sync::Mutex<Option<Child>>,
}

impl Connection {
    /// Starts `ssh` for `address` and the SFTP session over it; a refusal
    /// or a server that does not answer within `timeout` is said by
    /// [`cause`]. Never asks for a password or a host key: `ssh` runs in
    /// batch mode with strict host-key checking.
    pub(super) async fn open(
        address: &RemoteAddress,
        timeout: Duration,
    ) -> Result<Self, HostError> {
        let mut child = command(address, timeout).spawn().map_err(|err| {
            HostError::new(
                ErrorCode::Connect,
                format!("cannot start ssh (OpenSSH's client, needed for sftp:// folders): {err}"),
            )
        })?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(HostError::new(ErrorCode::Internal, "ssh without its pipes"));
        };
        let said = tokio::spawn(read_said(stderr));
        let started = tokio::time::timeout(
            timeout + Duration::from_secs(5),
            Sftp::new(stdin, stdout, SftpOptions::default()),
        )
        .await;
        match started {
            Ok(Ok(sftp)) => Ok(Self {
                sftp,
                child: std::sync::Mutex::new(Some(child)),
            }),
            Ok(Err(_)) | Err(_) => {
                let _ = child.start_kill();
                let _ = tokio::time::timeout(Duration::from_secs(2), child.wait()).await;
                let said = said.await.unwrap_or_default();
                Err(cause(&said, address))
            }
        }
    }

    /// Ends `ssh` (every request has had its answer) and waits for it to
    /// leave; once is enough.
    pub(super) async fn close(&self) {
        let child = self.child.lock().ok().and_then(|mut child| child.take());
        if let Some(mut child) = child {
            let _ = child.start_kill();
            let _ = tokio::time::timeout(Duration::from_secs(2), child.wait()).await;
        }
    }
}

/// The `ssh` command for `address`'s SFTP subsystem.
fn command(address: &RemoteAddress, timeout: Duration) -> Command {
    let mut command = Command::new("ssh");
    command.args(["-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes"]);
    command.args([
        "-o",
        &format!("ConnectTimeout={}", timeout.as_secs().max(1)),
    ]);
    // A server that stops answering is noticed, and the connection ends.
    command.args([
        "-o",
        "ServerAliveInterval=15",
        "-o",
        "ServerAliveCountMax=3",
    ]);
    // One plain connection of its own: no master, no forwarding, no escape.
    command.args(["-o", "ControlMaster=no", "-o", "ControlPath=none"]);
    command.args(["-o", "ClearAllForwardings=yes", "-e", "none", "-T"]);
    if let Some(port) = address.port {
        command.args(["-p", &port.to_string()]);
    }
    if let Some(user) = &address.user {
        command.args(["-l", user]);
    }
    command.args(["-s", "--", &address.host, "sftp"]);
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    command
}

/// What `ssh` wrote to its standard error, up to [`STDERR_KEPT`] bytes.
async fn read_said(stderr: ChildStderr) -> String {
    let mut said = Vec::new();
    let _ = stderr.take(STDERR_KEPT).read_to_end(&mut said).await;
    String::from_utf8_lossy(&said).into_owned()
}

/// Why `ssh` could not open the session, from what it `said`: in one
/// sentence with the way out, else `ssh`'s own last line.
pub(super) fn cause(said: &str, address: &RemoteAddress) -> HostError {
    let lower = said.to_ascii_lowercase();
    let host = &address.host;
    let has = |words: &[&str]| words.iter().any(|word| lower.contains(word));
    let (code, detail) = if has(&["remote host identification has changed"]) {
        (
            ErrorCode::PermissionDenied,
            format!(
                "the host key of {host} has changed since it was verified: if the server was \
                 reinstalled, check its new key and update ~/.ssh/known_hosts (ssh-keygen -R {host})"
            ),
        )
    } else if has(&[
        "host key verification failed",
        "no ed25519 host key",
        "host key is known",
    ]) {
        (
            ErrorCode::PermissionDenied,
            format!(
                "the host key of {host} is not known to this machine: connect once with \
                 `ssh {host}` to verify it, then try again"
            ),
        )
    } else if has(&["permission denied", "too many authentication failures"]) {
        let who = address.user.as_deref().unwrap_or("your user");
        (
            ErrorCode::PermissionDenied,
            format!(
                "the server refused the login of {who}: check the user in the address and your \
                 ssh keys (ssh-add -l lists the agent's)"
            ),
        )
    } else if has(&["could not resolve hostname", "name or service not known"]) {
        (ErrorCode::Connect, format!("no such host: {host}"))
    } else if has(&["timed out"]) {
        return no_answer_within(address, super::super::errors::remote_timeout());
    } else if has(&[
        "connection refused",
        "no route to host",
        "network is unreachable",
        "connection reset",
        "connection closed by",
    ]) {
        return no_answer(address);
    } else if has(&["subsystem request failed"]) {
        (
            ErrorCode::Unsupported,
            format!("{host} does not offer SFTP (its sshd has no sftp subsystem)"),
        )
    } else {
        let last = said.lines().rev().find(|line| !line.trim().is_empty());
        (
            ErrorCode::Connect,
            match last {
                Some(line) => format!("ssh could not connect: {}", line.trim()),
                None => format!("ssh could not open an SFTP session on {host}"),
            },
        )
    };
    HostError {
        code,
        path: None,
        detail: Some(detail),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address() -> RemoteAddress {
        RemoteAddress::parse("sftp://ana@nas.local:2222/photos").unwrap()
    }

    fn said(text: &str) -> String {
        cause(text, &address()).detail.unwrap_or_default()
    }

    #[test]
    fn each_cause_is_one_sentence_with_its_way_out() {
        let unknown = said(
            "No ED25519 host key is known for [nas.local]:2222 and you have requested strict checking.\r\nHost key verification failed.\r\n",
        );
        assert!(
            unknown.contains("connect once with `ssh nas.local`"),
            "{unknown}"
        );
        let login = said("ana@nas.local: Permission denied (publickey,password).\r\n");
        assert!(login.contains("refused the login of ana"), "{login}");
        let down = said("ssh: connect to host nas.local port 2222: Connection refused\r\n");
        assert_eq!(down, "no answer from nas.local:2222");
        let name = said("ssh: Could not resolve hostname nas.local: Name or service not known\r\n");
        assert_eq!(name, "no such host: nas.local");
        assert_eq!(
            said("odd\nlast words\n"),
            "ssh could not connect: last words"
        );
        for text in [unknown, login, down, name] {
            assert!(!text.contains("sftp://"), "no address twice: {text}");
        }
    }
}
