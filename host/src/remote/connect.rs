//! Connecting to a remote folder: the OpenDAL operator of its service, over
//! tidyup's own HTTP client, with credentials from the usual places: for
//! S3 the `AWS_*` variables and profiles (and `AWS_ENDPOINT_URL` for a
//! store other than Amazon's), for WebDAV `TIDYUP_WEBDAV_USER` and
//! `TIDYUP_WEBDAV_PASSWORD` or `~/.netrc` (SFTP has its own session, see
//! `sftp`). None of them is ever printed or journaled.

use std::future::Future;

use opendal::Operator;
use tidyup_core::{ErrorCode, HostError};

use super::address::RemoteAddress;
use super::errors::remote_error;

/// The runtime remote requests run on, apart from the caller's: a request
/// is made from synchronous code, on a runtime's thread or not.
/// Dropped anywhere, even on another runtime's thread: it stops its
/// workers without waiting for them.
pub(super) struct Runner {
    runtime: Option<tokio::runtime::Runtime>,
    /// What stops a request waiting on its server.
    cancel: Option<crate::cancel::Cancel>,
}

impl Drop for Runner {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl Runner {
    /// A runtime whose requests stop when `cancel` is requested.
    pub(super) fn new(cancel: Option<crate::cancel::Cancel>) -> Result<Self, HostError> {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("tidyup-remote")
            .enable_all()
            .build()
            .map(|runtime| Runner {
                runtime: Some(runtime),
                cancel,
            })
            .map_err(|err| HostError::new(ErrorCode::Io, err.to_string()))
    }

    /// Runs `work` to its end, or until the runner's cancel is requested,
    /// and returns what it gave.
    pub(super) fn run<T: Send + 'static>(
        &self,
        work: impl Future<Output = Result<T, HostError>> + Send + 'static,
    ) -> Result<T, HostError> {
        self.run_with(work, self.cancel.clone())
    }

    /// Runs `work` to its end, whatever was cancelled: the closing of an
    /// SFTP connection.
    #[cfg(unix)]
    pub(super) fn run_to_end<T: Send + 'static>(
        &self,
        work: impl Future<Output = Result<T, HostError>> + Send + 'static,
    ) -> Result<T, HostError> {
        self.run_with(work, None)
    }

    fn run_with<T: Send + 'static>(
        &self,
        work: impl Future<Output = Result<T, HostError>> + Send + 'static,
        cancel: Option<crate::cancel::Cancel>,
    ) -> Result<T, HostError> {
        let (done, answer) = std::sync::mpsc::sync_channel(1);
        let Some(runtime) = &self.runtime else {
            return Err(HostError::new(
                ErrorCode::Internal,
                "the remote runtime is gone",
            ));
        };
        // Stopped before it is sent: nothing was asked of the server.
        if cancel
            .as_ref()
            .is_some_and(crate::cancel::Cancel::is_requested)
        {
            return Err(HostError::new(
                ErrorCode::Cancelled,
                "stopped before asking the server",
            ));
        }
        runtime.spawn(async move {
            let answer = match cancel {
                // Stopped while waiting: the server may have carried the
                // request out, so its outcome is unknown (a change keeps
                // its journal record, and undo looks).
                Some(cancel) => tokio::select! {
                    biased;
                    answer = work => answer,
                    () = cancel.requested() => Err(HostError::new(
                        ErrorCode::Transport,
                        "stopped while waiting for the server: whether it carried the request out is not known",
                    )),
                },
                None => work.await,
            };
            let _ = done.send(answer);
        });
        answer.recv().unwrap_or_else(|_| {
            Err(HostError::new(
                ErrorCode::Internal,
                "a remote request ended without an answer",
            ))
        })
    }
}

/// How a WebDAV server is reached for the one request OpenDAL makes with
/// replacing on (`MOVE`): its address and credentials.
#[derive(Clone)]
pub(super) struct DavServer {
    pub(super) client: reqwest::Client,
    pub(super) endpoint: String,
    pub(super) user: Option<String>,
    pub(super) password: Option<String>,
}

/// The HTTP client of a remote folder's requests: a server that stops
/// answering is given up on after [`super::errors::remote_timeout`], and
/// said (see [`super::errors::timed_out`]).
fn http_client() -> Result<reqwest::Client, HostError> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let timeout = super::errors::remote_timeout();
    reqwest::Client::builder()
        .user_agent(concat!("tidyup/", env!("CARGO_PKG_VERSION")))
        .connect_timeout(timeout)
        .read_timeout(timeout)
        .build()
        .map_err(|err| HostError::new(ErrorCode::Connect, err.to_string()))
}

/// `operator` making its requests through `client`, counting in `strays`
/// the listing entries outside the folder that are left out.
fn over(operator: Operator, client: reqwest::Client, strays: Strays) -> Operator {
    let transport =
        opendal::HttpTransporter::new(super::bounded::BoundedTransport::new(client, strays));
    operator.with_context(opendal::OperationContext::new().with_http_transport(transport))
}

/// How many listing entries outside the folder were left out.
pub(super) type Strays = std::sync::Arc<std::sync::atomic::AtomicUsize>;

/// The operator of the WebDAV folder at `address`, the server's address
/// and credentials for the moves that never replace, and the count of
/// listing entries outside the folder left out.
pub(super) fn webdav_operator(
    address: &RemoteAddress,
    tls: bool,
) -> Result<(Operator, DavServer, Strays), HostError> {
    let client = http_client()?;
    let server = dav_server(address, tls, client.clone());
    let mut builder = opendal::services::Webdav::default()
        .endpoint(&server.endpoint)
        .root(&address.path);
    if let Some(user) = &server.user {
        builder = builder.username(user);
    }
    if let Some(password) = &server.password {
        builder = builder.password(password);
    }
    let strays = Strays::default();
    Ok((
        over(built(builder)?, client, strays.clone()),
        server,
        strays,
    ))
}

fn built<B: opendal::Builder>(builder: B) -> Result<Operator, HostError> {
    Operator::new(builder).map_err(|err| remote_error(&err, None))
}

/// The operator of the S3 folder at `address`.
pub(super) fn s3_operator(address: &RemoteAddress) -> Result<Operator, HostError> {
    let var = |name: &str| std::env::var(name).ok().filter(|value| !value.is_empty());
    let region = var("AWS_REGION")
        .or_else(|| var("AWS_DEFAULT_REGION"))
        .unwrap_or_else(|| "us-east-1".to_owned());
    let mut builder = opendal::services::S3::default()
        .bucket(&address.host)
        .root(&address.path)
        .region(&region);
    if let Some(endpoint) = var("AWS_ENDPOINT_URL_S3").or_else(|| var("AWS_ENDPOINT_URL")) {
        builder = builder.endpoint(&endpoint);
    }
    Ok(over(built(builder)?, http_client()?, Strays::default()))
}

/// The WebDAV server of `address`, with the user and password from the
/// address, the environment or `~/.netrc`.
fn dav_server(address: &RemoteAddress, tls: bool, client: reqwest::Client) -> DavServer {
    let scheme = if tls { "https" } else { "http" };
    let port = address
        .port
        .map(|port| format!(":{port}"))
        .unwrap_or_default();
    let netrc = netrc_login(&address.host);
    let user = address
        .user
        .clone()
        .or_else(|| std::env::var("TIDYUP_WEBDAV_USER").ok())
        .or_else(|| netrc.as_ref().map(|(user, _)| user.clone()));
    let password = std::env::var("TIDYUP_WEBDAV_PASSWORD")
        .ok()
        .or_else(|| netrc.map(|(_, password)| password));
    DavServer {
        client,
        endpoint: format!("{scheme}://{}{port}", address.host),
        user,
        password,
    }
}

/// The login and password `~/.netrc` (or `$NETRC`) gives for `host` (or
/// its `default`).
fn netrc_login(host: &str) -> Option<(String, String)> {
    let path = std::env::var_os("NETRC")
        .map(std::path::PathBuf::from)
        .or_else(|| dirs::home_dir().map(|home| home.join(".netrc")))?;
    let text = std::fs::read_to_string(path).ok()?;
    netrc_entry(&text, host)
}

fn netrc_entry(text: &str, host: &str) -> Option<(String, String)> {
    // Each entry: the machine it is for (`None` for `default`), its login
    // and its password.
    let mut entries: Vec<(Option<&str>, Option<&str>, Option<&str>)> = Vec::new();
    let mut words = text.split_whitespace();
    while let Some(word) = words.next() {
        match (word, entries.last_mut()) {
            ("machine", _) => entries.push((Some(words.next()?), None, None)),
            ("default", _) => entries.push((None, None, None)),
            ("login", Some(entry)) => entry.1 = words.next(),
            ("password", Some(entry)) => entry.2 = words.next(),
            _ => {}
        }
    }
    let complete = |wanted: Option<&str>| {
        entries.iter().find_map(|&(machine, login, password)| {
            (machine == wanted)
                .then(|| Some((login?.to_owned(), password?.to_owned())))
                .flatten()
        })
    };
    complete(Some(host)).or_else(|| complete(None))
}

#[cfg(test)]
mod tests {
    use super::netrc_entry;

    #[test]
    fn netrc_gives_the_host_entry_before_the_default() {
        let text = "machine other login x password y\ndefault login d password dp\nmachine dav.local login ann password s3cret\n";
        assert_eq!(
            netrc_entry(text, "dav.local"),
            Some(("ann".into(), "s3cret".into()))
        );
        assert_eq!(
            netrc_entry(text, "elsewhere"),
            Some(("d".into(), "dp".into()))
        );
        assert_eq!(netrc_entry("machine a login b", "a"), None);
    }
}
