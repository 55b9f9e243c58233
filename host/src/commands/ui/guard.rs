//! Every request passes here first: the per-run secret (the first part of
//! every path, compared in constant time), `Host` (against DNS rebinding),
//! `Origin` and `Sec-Fetch-Site` (against other sites; the one cross-site
//! request let through is the browser opening the page itself, as the
//! redirect file makes it do), and for a `POST` a matching `Origin` and the
//! `X-Tidyup-Tab` header. What passes goes on to [`super::routes`] with the
//! secret taken off its path, and marks its connection trusted
//! ([`Trust`]); what is refused closes its connection. Every answer gets
//! the headers that keep the page and its address to itself, and none of
//! CORS.

use crate::words::WindowWords;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{
    CACHE_CONTROL, CONNECTION, CONTENT_SECURITY_POLICY, HOST, HeaderName, HeaderValue, ORIGIN,
    REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;

use super::refusal::{Refusal, TAB_HEADER, refusal};
use super::routes;
use super::secret::same;
use super::server::Trust;
use super::shared::Shared;

/// The page's policy: its own files only, no inline script, no framing.
const CONTENT_SECURITY_POLICY_VALUE: &str = "default-src 'self'; connect-src 'self'; \
     script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// The server: its address's parts, the session, the paths.
pub struct App {
    secret: String,
    port: u16,
    /// The session the paths act on.
    pub state: Arc<Shared>,
    routes: axum::Router,
}

impl App {
    /// The server of `state` at `port` with `secret`.
    pub fn new(secret: String, port: u16, state: Arc<Shared>) -> Self {
        let routes = routes::router(Arc::clone(&state));
        Self {
            secret,
            port,
            state,
            routes,
        }
    }

    /// `http://127.0.0.1:PORT/SECRET/`.
    pub fn address(&self) -> String {
        format!("http://127.0.0.1:{}/{}/", self.port, self.secret)
    }

    /// The path after the secret (with its `/`), or the answer refusing it.
    fn check(&self, request: &Request) -> Result<String, Refusal> {
        let lang = self.state.lang();
        let headers = request.headers();
        let ours = |value: &str, scheme: &str| {
            [
                format!("{scheme}127.0.0.1:{}", self.port),
                format!("{scheme}localhost:{}", self.port),
            ]
            .iter()
            .any(|allowed| allowed.eq_ignore_ascii_case(value))
        };
        let forbidden = || Refusal(StatusCode::FORBIDDEN, lang.window_refused_request());
        if !header(headers, HOST.as_str()).is_some_and(|host| ours(host, "")) {
            return Err(forbidden());
        }
        let path = request.uri().path();
        let Some(rest) = path
            .strip_prefix('/')
            .and_then(|path| path.split_once('/'))
            .filter(|(secret, _)| same(secret.as_bytes(), self.secret.as_bytes()))
            .map(|(_, rest)| format!("/{rest}"))
        else {
            return Err(Refusal(StatusCode::NOT_FOUND, lang.window_not_found()));
        };
        let origin = header(headers, ORIGIN.as_str());
        let is = |name: &str, value: &str| {
            header(headers, name).is_some_and(|found| found.eq_ignore_ascii_case(value))
        };
        // Opening the page from the redirect file (a `file:` page) is a
        // navigation browsers call cross-site.
        let opening_the_page = request.method() == Method::GET
            && rest == "/"
            && is("sec-fetch-mode", "navigate")
            && is("sec-fetch-dest", "document");
        if origin.is_some_and(|origin| !ours(origin, "http://"))
            || (is("sec-fetch-site", "cross-site") && !opening_the_page)
        {
            return Err(forbidden());
        }
        if request.method() != Method::GET
            && (origin.is_none() || header(headers, TAB_HEADER).is_none())
        {
            return Err(forbidden());
        }
        Ok(rest)
    }
}

/// A header's value, when it is there and text.
fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|value| value.to_str().ok())
}

/// Every request: checked, then routed with the secret taken off its path;
/// a refused one closes its connection, one that passes trusts it.
pub async fn checked(State(app): State<Arc<App>>, mut request: Request) -> Response {
    let mut response = match app.check(&request) {
        Err(refused) => {
            let mut response = refused.into_response();
            response
                .headers_mut()
                .insert(CONNECTION, HeaderValue::from_static("close"));
            response
        }
        Ok(rest) => {
            if let Some(trust) = request.extensions().get::<Trust>() {
                trust.grant();
            }
            let query = request
                .uri()
                .query()
                .map(|q| format!("?{q}"))
                .unwrap_or_default();
            match format!("{rest}{query}").parse::<Uri>() {
                Ok(uri) => {
                    *request.uri_mut() = uri;
                    match app.routes.clone().oneshot(request).await {
                        Ok(response) => response,
                        Err(never) => match never {},
                    }
                }
                Err(_) => refusal(StatusCode::NOT_FOUND, app.state.lang().window_not_found()),
            }
        }
    };
    secure(response.headers_mut());
    response
}

/// The headers of every answer: never cached, never sniffed, never framed,
/// no referrer (the secret stays out of other sites' logs), no CORS.
fn secure(headers: &mut HeaderMap) {
    let set = |headers: &mut HeaderMap, name: HeaderName, value: &'static str| {
        headers.insert(name, HeaderValue::from_static(value));
    };
    set(headers, CACHE_CONTROL, "no-store");
    set(headers, X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(headers, REFERRER_POLICY, "no-referrer");
    set(headers, X_FRAME_OPTIONS, "DENY");
    set(
        headers,
        CONTENT_SECURITY_POLICY,
        CONTENT_SECURITY_POLICY_VALUE,
    );
    let cors: Vec<HeaderName> = headers
        .keys()
        .filter(|name| name.as_str().starts_with("access-control-"))
        .cloned()
        .collect();
    for name in cors {
        headers.remove(name);
    }
}
