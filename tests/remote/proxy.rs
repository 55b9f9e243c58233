//! A WebDAV stand-in that misbehaves on purpose: an HTTP/1.1 proxy on
//! loopback in front of the real test server that forwards each request
//! (one per connection) and, as the test sets it, holds, drops, floods,
//! ignores `Range`, or answers listings with paths outside the folder.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the proxy does wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Nothing: every request forwarded, every answer passed back.
    None,
    /// Reads each request and never answers.
    Stall,
    /// Carries out the next request of this method, then closes the
    /// connection without its answer (once).
    DropAnswerOf(&'static str),
    /// Answers every request of this method with `500 Internal Server
    /// Error`, carrying out none.
    FailEvery(&'static str),
    /// Answers every listing (`PROPFIND` of depth 1) with an endless one.
    FloodListings,
    /// Strips `Range` from every request: the server sends whole files.
    IgnoreRange,
    /// Answers listings with every path moved under `/elsewhere`.
    PathsOutside,
    /// Answers listings with one more entry, outside the folder.
    StrangerAdded,
    /// Before forwarding a `DELETE` or a `MOVE` of a folder whose path
    /// ends in the first text, uploads a file of that name (the second)
    /// into it through the server: another device's upload that lands
    /// after the folder was last looked at, right before it is removed.
    LandBeforeRemoval(String, String),
}

/// A running proxy.
pub struct Proxy {
    /// The port it listens on (127.0.0.1).
    pub port: u16,
    fault: Arc<Mutex<Fault>>,
    /// Bytes of response bodies sent to the client, per request, in order.
    sent: Arc<Mutex<Vec<(String, usize)>>>,
}

impl Proxy {
    /// Starts a proxy in front of `upstream` (`host:port`).
    pub fn start(upstream: &str) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let fault = Arc::new(Mutex::new(Fault::None));
        let sent = Arc::new(Mutex::new(Vec::new()));
        let (shared_fault, shared_sent) = (Arc::clone(&fault), Arc::clone(&sent));
        let upstream = upstream.to_owned();
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let (fault, sent, upstream) = (
                    Arc::clone(&shared_fault),
                    Arc::clone(&shared_sent),
                    upstream.clone(),
                );
                std::thread::spawn(move || {
                    let _ = serve(client, &upstream, &fault, &sent);
                });
            }
        });
        Self { port, fault, sent }
    }

    /// From now on, `fault`.
    pub fn set(&self, fault: Fault) {
        *self.fault.lock().unwrap() = fault;
    }

    /// The body bytes sent back for each request so far: its request line
    /// and how many.
    pub fn sent(&self) -> Vec<(String, usize)> {
        self.sent.lock().unwrap().clone()
    }
}

/// One request read from a client: its head's lines and its body.
struct Request {
    line: String,
    headers: Vec<String>,
    body: Vec<u8>,
}

impl Request {
    fn read(reader: &mut BufReader<TcpStream>) -> Option<Self> {
        let mut line = String::new();
        reader.read_line(&mut line).ok()?;
        if line.trim().is_empty() {
            return None;
        }
        let mut headers = Vec::new();
        loop {
            let mut header = String::new();
            reader.read_line(&mut header).ok()?;
            if header.trim().is_empty() {
                break;
            }
            headers.push(header.trim_end().to_owned());
        }
        let length = header_value(&headers, "content-length")
            .and_then(|value| value.parse::<usize>().ok())
            .unwrap_or(0);
        let mut body = vec![0; length];
        reader.read_exact(&mut body).ok()?;
        Some(Self {
            line: line.trim_end().to_owned(),
            headers,
            body,
        })
    }

    fn method(&self) -> &str {
        self.line.split(' ').next().unwrap_or_default()
    }

    fn path(&self) -> &str {
        self.line.split(' ').nth(1).unwrap_or_default()
    }

    fn is_listing(&self) -> bool {
        self.method() == "PROPFIND" && header_value(&self.headers, "depth").as_deref() == Some("1")
    }

    /// The request as sent upstream: one per connection, `Range` dropped
    /// when `ignore_range`.
    fn bytes(&self, ignore_range: bool) -> Vec<u8> {
        let mut head = format!("{}\r\n", self.line);
        for header in &self.headers {
            let name = header
                .split(':')
                .next()
                .unwrap_or_default()
                .to_ascii_lowercase();
            if name == "connection" || (ignore_range && name == "range") {
                continue;
            }
            head.push_str(header);
            head.push_str("\r\n");
        }
        head.push_str("Connection: close\r\n\r\n");
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(&self.body);
        bytes
    }
}

fn header_value(headers: &[String], name: &str) -> Option<String> {
    headers.iter().find_map(|header| {
        let (key, value) = header.split_once(':')?;
        key.eq_ignore_ascii_case(name)
            .then(|| value.trim().to_owned())
    })
}

/// Serves one client connection: one request, one answer (or the fault).
fn serve(
    client: TcpStream,
    upstream: &str,
    fault: &Mutex<Fault>,
    sent: &Mutex<Vec<(String, usize)>>,
) -> std::io::Result<()> {
    let mut reader = BufReader::new(client.try_clone()?);
    let Some(request) = Request::read(&mut reader) else {
        return Ok(());
    };
    let mut client = client;
    let now = fault.lock().unwrap().clone();
    if now == Fault::Stall {
        std::thread::sleep(Duration::from_secs(600));
        return Ok(());
    }
    if now == Fault::FloodListings && request.is_listing() {
        return flood(&mut client);
    }
    if now == Fault::FailEvery(leak(request.method())) {
        return client.write_all(
            b"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
        );
    }
    if let Fault::LandBeforeRemoval(ending, name) = &now
        && ["DELETE", "MOVE"].contains(&request.method())
        && request
            .path()
            .trim_end_matches('/')
            .ends_with(ending.as_str())
    {
        upload(upstream, &request, name)?;
    }
    let mut server = TcpStream::connect(upstream)?;
    server.write_all(&request.bytes(now == Fault::IgnoreRange))?;
    let mut answer = Vec::new();
    server.read_to_end(&mut answer)?;
    if now == Fault::DropAnswerOf(leak(request.method())) {
        *fault.lock().unwrap() = Fault::None;
        return client.shutdown(std::net::Shutdown::Both);
    }
    let (head, body) = split_answer(&answer);
    let listing = request.is_listing();
    let body = if now == Fault::PathsOutside && listing {
        String::from_utf8_lossy(&body)
            .replace("<D:href>/", "<D:href>/elsewhere/")
            .replace("<d:href>/", "<d:href>/elsewhere/")
            .into_bytes()
    } else if now == Fault::StrangerAdded && listing {
        String::from_utf8_lossy(&body)
            .replacen(
                "<D:response>",
                "<D:response><D:href>/elsewhere/x.txt</D:href><D:propstat><D:prop>\
                 <D:resourcetype/><D:getcontentlength>1</D:getcontentlength></D:prop>\
                 <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response><D:response>",
                1,
            )
            .into_bytes()
    } else {
        body
    };
    let mut out = head;
    out.extend_from_slice(
        format!(
            "Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        )
        .as_bytes(),
    );
    client.write_all(&out)?;
    // Written piece by piece: a client that stops reading stops it.
    let mut written = 0;
    for piece in body.chunks(64 * 1024) {
        if client.write_all(piece).is_err() {
            break;
        }
        written += piece.len();
    }
    sent.lock().unwrap().push((request.line.clone(), written));
    Ok(())
}

/// Uploads the file `name` into the folder `request` names, through the
/// server at `upstream`, with the request's credentials.
fn upload(upstream: &str, request: &Request, name: &str) -> std::io::Result<()> {
    let body = b"arrived from another device";
    let path = format!("{}/{name}", request.path().trim_end_matches('/'));
    let mut head = format!(
        "PUT {path} HTTP/1.1\r\nHost: {upstream}\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    if let Some(auth) = header_value(&request.headers, "authorization") {
        head.push_str(&format!("Authorization: {auth}\r\n"));
    }
    head.push_str("\r\n");
    let mut server = TcpStream::connect(upstream)?;
    server.write_all(head.as_bytes())?;
    server.write_all(body)?;
    let mut answer = Vec::new();
    server.read_to_end(&mut answer)?;
    Ok(())
}

/// The name of an HTTP method as a `'static` text, for comparing.
fn leak(method: &str) -> &'static str {
    match method {
        "MOVE" => "MOVE",
        "DELETE" => "DELETE",
        "PUT" => "PUT",
        "MKCOL" => "MKCOL",
        "COPY" => "COPY",
        _ => "OTHER",
    }
}

/// The answer's status line and headers (without `Content-Length`,
/// `Transfer-Encoding` and `Connection`, and without the blank line), and
/// its body, de-chunked.
fn split_answer(answer: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let end = answer
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .unwrap_or(answer.len());
    let head = String::from_utf8_lossy(&answer[..end]).into_owned();
    let rest = answer.get(end + 4..).unwrap_or_default();
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let mut kept = String::new();
    for line in head.split("\r\n") {
        let name = line
            .split(':')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        if ["content-length", "transfer-encoding", "connection"].contains(&name.as_str()) {
            continue;
        }
        kept.push_str(line);
        kept.push_str("\r\n");
    }
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_vec()
    };
    (kept.into_bytes(), body)
}

fn dechunk(mut rest: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    while let Some(line_end) = rest.windows(2).position(|window| window == b"\r\n") {
        let size_text = String::from_utf8_lossy(&rest[..line_end]).into_owned();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("0").trim(), 16)
            .unwrap_or(0);
        if size == 0 {
            break;
        }
        let start = line_end + 2;
        body.extend_from_slice(&rest[start..(start + size).min(rest.len())]);
        rest = rest.get(start + size + 2..).unwrap_or_default();
    }
    body
}

/// An endless listing: a multistatus whose entries never end.
fn flood(client: &mut TcpStream) -> std::io::Result<()> {
    client.write_all(
        b"HTTP/1.1 207 Multi-Status\r\nContent-Type: application/xml\r\nConnection: close\r\n\r\n\
          <?xml version=\"1.0\"?><D:multistatus xmlns:D=\"DAV:\">",
    )?;
    let entry = "<D:response><D:href>/flood/x</D:href><D:propstat><D:prop>\
                 <D:resourcetype/><D:getcontentlength>1</D:getcontentlength></D:prop>\
                 <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>";
    let piece = entry.repeat(256);
    loop {
        client.write_all(piece.as_bytes())?;
    }
}
