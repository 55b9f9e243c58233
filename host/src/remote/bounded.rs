//! The HTTP transport of S3 and WebDAV folders: reqwest's, with what a
//! server sends bounded. A read of a range takes exactly those bytes even
//! from a server that ignores `Range` and sends the whole file (the rest
//! is never read: the connection is dropped); any other answer (a listing
//! above all) stops at [`listing_limit`] and says which limit it hit. A
//! WebDAV listing keeps only the entries inside the folder it lists: a
//! server (or a proxy that does not rewrite paths) that names others has
//! them left out, and counted in [`BoundedTransport::strays`].

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};

use futures_util::Stream;
use opendal::raw::oio::ReadStream;
use opendal::{Buffer, Error, ErrorKind, HttpBody, HttpTransport};
use opendal_http_transport_reqwest::ReqwestTransport;

/// The variable that sets how large a listing may be, in MiB.
pub(super) const LISTING_VARIABLE: &str = "TIDYUP_REMOTE_LISTING_MB";

/// The words every refusal of an oversized answer starts with, so it can
/// be told from the service's wrapping of it.
pub(super) const LIMIT_WORDS: &str = "the server's answer passed";

/// The words the refusal of a listing of other paths starts with.
pub(super) const ELSEWHERE_WORDS: &str = "the server listed other paths than";

/// How many bytes an answer that is not a range may hold:
/// `TIDYUP_REMOTE_LISTING_MB` MiB, 256 when unset or not a whole number
/// above 0 (a listing of about half a million items).
pub(super) fn listing_limit() -> u64 {
    let mib = std::env::var(LISTING_VARIABLE)
        .ok()
        .and_then(|text| text.trim().parse::<u64>().ok())
        .filter(|&mib| mib > 0)
        .unwrap_or(256);
    mib.saturating_mul(1024 * 1024)
}

/// reqwest's transport with each answer bounded.
pub(super) struct BoundedTransport {
    inner: ReqwestTransport,
    limit: u64,
    strays: Arc<AtomicUsize>,
}

impl BoundedTransport {
    /// The transport over `client`, counting the listing entries it leaves
    /// out in `strays`.
    pub(super) fn new(client: reqwest::Client, strays: Arc<AtomicUsize>) -> Self {
        Self {
            inner: ReqwestTransport::new(client),
            limit: listing_limit(),
            strays,
        }
    }
}

impl HttpTransport for BoundedTransport {
    async fn fetch(
        &self,
        request: http::Request<Buffer>,
    ) -> opendal::Result<http::Response<HttpBody>> {
        let range = request
            .headers()
            .get(http::header::RANGE)
            .and_then(|value| value.to_str().ok())
            .and_then(byte_range);
        let listing = (request.method().as_str() == "PROPFIND").then(|| {
            percent_encoding::percent_decode_str(request.uri().path())
                .decode_utf8_lossy()
                .into_owned()
        });
        let answer = self.inner.fetch(request).await?;
        let (mut parts, body) = answer.into_parts();
        let Some((start, end)) = range else {
            let mut body = bounded(body, 0, None, Some(self.limit));
            if let Some(folder) = listing {
                let whole = body.to_buffer().await?.to_vec();
                let xml = String::from_utf8_lossy(&whole);
                let (kept, left_out) = inside_only(&xml, &folder);
                if left_out > 0 && !kept.contains("response") {
                    // Not one entry of its own, not even the folder: the
                    // server names its items under another path.
                    return Err(Error::new(
                        ErrorKind::Unexpected,
                        format!(
                            "{ELSEWHERE_WORDS} {folder} (a proxy in front of it may not \
                             rewrite them: use the server's own address)"
                        ),
                    ));
                }
                self.strays.fetch_add(left_out, Ordering::Relaxed);
                parts
                    .headers
                    .insert(http::header::CONTENT_LENGTH, kept.len().into());
                let size = Some(kept.len() as u64);
                let piece = futures_util::stream::iter([Ok(Buffer::from(kept.into_bytes()))]);
                body = HttpBody::new(piece, size);
            }
            return Ok(http::Response::from_parts(parts, body));
        };
        if parts.status != http::StatusCode::OK {
            return Ok(http::Response::from_parts(parts, body));
        }
        // The whole file for a range: the range is cut out of it.
        let length = end.map(|end| end + 1 - start);
        parts.status = http::StatusCode::PARTIAL_CONTENT;
        parts.headers.remove(http::header::CONTENT_LENGTH);
        if let Some(length) = length {
            parts
                .headers
                .insert(http::header::CONTENT_LENGTH, length.into());
        }
        Ok(http::Response::from_parts(
            parts,
            bounded(body, start, length, None),
        ))
    }
}

/// The multistatus `xml` with only the entries at or below `folder` (a
/// server path, decoded), and how many others it named.
fn inside_only(xml: &str, folder: &str) -> (String, usize) {
    let folder = folder.trim_end_matches('/');
    // The namespace prefix the server writes its elements with.
    let prefix = xml
        .find("multistatus")
        .and_then(|at| xml[..at].rfind('<').map(|open| &xml[open + 1..at]))
        .unwrap_or_default();
    let (open, close) = (format!("<{prefix}response"), format!("</{prefix}response>"));
    let (href_open, href_close) = (format!("<{prefix}href>"), format!("</{prefix}href>"));
    let mut kept = String::with_capacity(xml.len());
    let mut left_out = 0;
    let mut rest = xml;
    while let Some(start) = rest.find(&open) {
        let Some(length) = rest[start..].find(&close) else {
            break;
        };
        let end = start + length + close.len();
        kept.push_str(&rest[..start]);
        let entry = &rest[start..end];
        let href = entry
            .find(&href_open)
            .and_then(|at| {
                let text = &entry[at + href_open.len()..];
                text.find(&href_close).map(|end| &text[..end])
            })
            .unwrap_or_default();
        if is_within(href, folder) {
            kept.push_str(entry);
        } else {
            left_out += 1;
        }
        rest = &rest[end..];
    }
    kept.push_str(rest);
    (kept, left_out)
}

/// Whether the `href` of a listing entry (a path, or a whole address)
/// names `folder` or something below it.
fn is_within(href: &str, folder: &str) -> bool {
    let path = match href.split_once("://") {
        Some((_, rest)) => rest.find('/').map_or("/", |at| &rest[at..]),
        None => href,
    };
    let path = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
    let path = path.trim_end_matches('/');
    path == folder
        || path
            .strip_prefix(folder)
            .is_some_and(|rest| rest.starts_with('/'))
}

/// The `start` and inclusive `end` of a `Range: bytes=START-END` (or
/// `START-`).
fn byte_range(header: &str) -> Option<(u64, Option<u64>)> {
    let (start, end) = header.trim().strip_prefix("bytes=")?.split_once('-')?;
    let start = start.trim().parse().ok()?;
    let end = match end.trim() {
        "" => None,
        end => Some(end.parse().ok()?),
    };
    Some((start, end))
}

/// `body` with its first `skip` bytes dropped, ending after `take` bytes,
/// and refused past `limit` bytes.
fn bounded(body: HttpBody, skip: u64, take: Option<u64>, limit: Option<u64>) -> HttpBody {
    let state = Cut {
        body,
        skip,
        take,
        limit,
        seen: 0,
    };
    let stream = futures_util::stream::unfold(state, |mut state| async move {
        let piece = state.next().await?;
        Some((piece, state))
    });
    HttpBody::new(SyncStream(std::sync::Mutex::new(Box::pin(stream))), take)
}

/// Where a cut body is.
struct Cut {
    body: HttpBody,
    skip: u64,
    take: Option<u64>,
    limit: Option<u64>,
    seen: u64,
}

impl Cut {
    /// The next piece to pass on; `None` at the end (or once enough).
    async fn next(&mut self) -> Option<opendal::Result<Buffer>> {
        loop {
            if self.take == Some(0) {
                return None;
            }
            let mut piece = match self.body.read().await {
                Ok(piece) if piece.is_empty() => return None,
                Ok(piece) => piece,
                Err(err) => {
                    self.take = Some(0);
                    return Some(Err(err));
                }
            };
            self.seen += piece.len() as u64;
            if let Some(limit) = self.limit.filter(|&limit| self.seen > limit) {
                self.take = Some(0);
                return Some(Err(Error::new(
                    ErrorKind::Unexpected,
                    format!(
                        "{LIMIT_WORDS} the limit of {} MiB for a listing (set \
                         {LISTING_VARIABLE}=MIB to allow more)",
                        limit / (1024 * 1024)
                    ),
                )));
            }
            let len = piece.len() as u64;
            if self.skip >= len {
                self.skip -= len;
                continue;
            }
            let from = usize::try_from(self.skip).unwrap_or(usize::MAX);
            self.skip = 0;
            piece = piece.slice(from..);
            if let Some(take) = self.take {
                let kept = (piece.len() as u64).min(take);
                piece = piece.slice(..usize::try_from(kept).unwrap_or(usize::MAX));
                self.take = Some(take - kept);
            }
            return Some(Ok(piece));
        }
    }
}

/// A stream that is `Send` made `Sync` as the transport needs: it is only
/// ever polled through `&mut`.
struct SyncStream<S>(std::sync::Mutex<Pin<Box<S>>>);

impl<S: Stream> Stream for SyncStream<S> {
    type Item = S::Item;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<S::Item>> {
        match self.get_mut().0.get_mut() {
            Ok(stream) => stream.as_mut().poll_next(cx),
            Err(_) => Poll::Ready(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{byte_range, inside_only};

    #[test]
    fn a_listing_keeps_only_what_lies_in_its_folder() {
        let xml = "<?xml?><D:multistatus xmlns:D=\"DAV:\">\
            <D:response><D:href>/dl/</D:href></D:response>\
            <D:response><D:href>http://nas:8080/dl/a%20b.txt</D:href></D:response>\
            <D:response><D:href>/elsewhere/dl/x.txt</D:href></D:response>\
            <D:response><D:href>/dlx/y.txt</D:href></D:response>\
            </D:multistatus>";
        let (kept, left_out) = inside_only(xml, "/dl/");
        assert_eq!(left_out, 2);
        assert!(kept.contains("a%20b.txt") && kept.contains("<D:href>/dl/</D:href>"));
        assert!(!kept.contains("elsewhere") && !kept.contains("dlx"));
        assert!(kept.ends_with("</D:multistatus>"));
    }

    #[test]
    fn a_range_header_is_read_as_its_bytes() {
        assert_eq!(byte_range("bytes=0-1023"), Some((0, Some(1023))));
        assert_eq!(byte_range("bytes=4096-"), Some((4096, None)));
        assert_eq!(byte_range("items=0-1"), None);
    }
}
