//! The paths of the window (after the secret, see docs/UI.md): the page's
//! files, the owning tab's claim and stream, and the user's actions.

use crate::words::{CommandsWords, WindowWords};
use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header::CONTENT_TYPE};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::json;
use tidyup_core::Lang;

use super::plan::{self, Ticked};
use super::refusal::{Refusal, TAB_HEADER, refusal};
use super::shared::{Job, Shared, lock};
use super::status::Phase;
use crate::cli::Settings;

type Shared_ = State<Arc<Shared>>;

/// The router of every path, on `shared`.
pub fn router(shared: Arc<Shared>) -> axum::Router {
    axum::Router::new()
        .route("/", get(page))
        .route("/{file}", get(file))
        .route("/api/claim", post(claim))
        .route("/api/events", get(events))
        .route("/api/places", get(places))
        .route("/api/history", get(history))
        .route("/api/settings", post(settings))
        .route("/api/organize", post(organize))
        .route("/api/say", post(say))
        .route("/api/apply", post(apply))
        .route("/api/stop", post(stop))
        .route("/api/undo", post(undo))
        .fallback(not_found)
        .with_state(shared)
}

async fn not_found(State(shared): Shared_) -> Response {
    refusal(StatusCode::NOT_FOUND, shared.lang().window_not_found())
}

async fn page(State(shared): Shared_) -> Response {
    asset("", shared.lang())
}

async fn file(State(shared): Shared_, Path(name): Path<String>) -> Response {
    asset(&name, shared.lang())
}

/// An embedded file of the page, or 404. The page itself is given the
/// session's language (`<html lang>`), the one place the page takes its
/// language from, so its words and the server's texts agree from the
/// first paint, in every tab.
fn asset(name: &str, lang: Lang) -> Response {
    match super::assets::find(name) {
        Some((kind, bytes)) if kind == super::assets::HTML => {
            let page = String::from_utf8_lossy(bytes).replacen(
                "<html lang=\"en\">",
                &format!("<html lang=\"{}\">", lang.name()),
                1,
            );
            ([(CONTENT_TYPE, kind)], page).into_response()
        }
        Some((kind, bytes)) => ([(CONTENT_TYPE, kind)], bytes).into_response(),
        None => refusal(StatusCode::NOT_FOUND, lang.window_not_found()),
    }
}

/// A JSON body (an empty one is `{}`), or the 400 saying why not.
fn body<T: DeserializeOwned>(bytes: &Bytes, lang: Lang) -> Result<T, Refusal> {
    let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        bytes
    };
    serde_json::from_slice(bytes).map_err(|err| {
        Refusal(
            StatusCode::BAD_REQUEST,
            lang.window_bad_request(&err.to_string()),
        )
    })
}

/// `Ok` when the request's tab owns the session, else the 409 saying so.
fn owner(shared: &Shared, headers: &HeaderMap) -> Result<(), Refusal> {
    let tab = headers.get(TAB_HEADER).and_then(|v| v.to_str().ok());
    match tab.is_some_and(|tab| shared.hub.is_owner(tab)) {
        true => Ok(()),
        false => Err(Refusal(
            StatusCode::CONFLICT,
            shared.lang().window_not_this_tab(),
        )),
    }
}

/// Queues `job` in `phase`: 202, or 409 while another job runs.
fn begin(shared: &Shared, phase: Phase, job: Job) -> Response {
    match shared.begin(phase, job) {
        Ok(()) => (StatusCode::ACCEPTED, Json(json!({}))).into_response(),
        Err(text) => refusal(StatusCode::CONFLICT, text),
    }
}

#[derive(Deserialize)]
struct Claim {
    #[serde(default)]
    take_over: bool,
}

async fn claim(State(shared): Shared_, bytes: Bytes) -> Response {
    let lang = shared.lang();
    let claim: Claim = match body(&bytes, lang) {
        Ok(claim) => claim,
        Err(refused) => return refused.into_response(),
    };
    let tab = match super::secret::random_hex(8) {
        Ok(id) => id,
        Err(err) => return refusal(StatusCode::INTERNAL_SERVER_ERROR, err.to_string()),
    };
    match shared.hub.claim(tab.clone(), claim.take_over) {
        true => Json(json!({ "tab": tab })).into_response(),
        false => refusal(StatusCode::CONFLICT, lang.window_other_tab()),
    }
}

#[derive(Deserialize)]
struct Tab {
    tab: String,
}

async fn events(State(shared): Shared_, Query(tab): Query<Tab>) -> Response {
    let mut first = vec![shared.state_event()];
    if let Some(plan) = &shared.status().plan {
        first.push(plan::event(&plan.table));
    }
    let Some(receiver) = shared.hub.connect(&tab.tab, first) else {
        return refusal(StatusCode::CONFLICT, shared.lang().window_not_this_tab());
    };
    let stream = futures_util::stream::unfold(receiver, |mut receiver| async move {
        let event = receiver.recv().await?;
        Some((
            Ok::<_, Infallible>(SseEvent::default().data(event.to_string())),
            receiver,
        ))
    });
    Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response()
}

async fn places(State(shared): Shared_) -> Response {
    let (folder, lang) = {
        let status = shared.status();
        (
            status.settings.target_dir.clone(),
            status.settings.client.lang,
        )
    };
    Json(super::status::places(&folder, lang)).into_response()
}

async fn history(State(shared): Shared_) -> Response {
    Json(super::apply::history_of(&shared)).into_response()
}

/// `api/settings`: each field optional.
#[derive(Deserialize)]
struct Change {
    folder: Option<String>,
    provider: Option<String>,
    model: Option<String>,
    base_url: Option<String>,
    lang: Option<Lang>,
    /// The language the new folders are named in (and the model is spoken
    /// to): the session's.
    names: Option<Lang>,
    read_contents: Option<bool>,
    /// The confirmation a change sending the API key elsewhere was given.
    confirm: Option<String>,
}

impl Change {
    /// Whether it changes nothing of the session (the page's language at
    /// most).
    fn only_page(&self) -> bool {
        self.folder.is_none()
            && self.provider.is_none()
            && self.model.is_none()
            && self.base_url.is_none()
            && self.names.is_none()
            && self.read_contents.is_none()
    }
}

async fn settings(State(shared): Shared_, headers: HeaderMap, bytes: Bytes) -> Response {
    let lang = shared.lang();
    if let Err(refused) = owner(&shared, &headers) {
        return refused.into_response();
    }
    let change: Change = match body(&bytes, lang) {
        Ok(change) => change,
        Err(refused) => return refused.into_response(),
    };
    // The page's language changes no session: a change of it alone is
    // answered at once.
    if let Some(page_lang) = change.lang {
        shared.status().page_lang = page_lang;
        if change.only_page() {
            let state = shared.state_event();
            shared.hub.send(state.clone());
            return Json(state).into_response();
        }
    }
    let mut args = lock(&shared.args).clone();
    if let Some(folder) = change.folder {
        args.dir = Some(typed_folder(&folder));
    }
    if let Some(provider) = change.provider
        && args.provider.provider.as_deref() != Some(provider.as_str())
    {
        // Another provider: its own address and model, unless given too.
        args.provider.provider = Some(provider);
        args.provider.model = None;
        args.provider.base_url = None;
    }
    let unprompted = args.clone();
    if let Some(model) = change.model {
        args.provider.model = Some(model).filter(|m| !m.trim().is_empty());
    }
    if let Some(base_url) = change.base_url {
        args.provider.base_url = Some(base_url).filter(|u| !u.trim().is_empty());
    }
    if let Some(new) = change.names {
        args.provider.lang = Some(new);
    }
    if let Some(read) = change.read_contents {
        args.read_contents = read;
    }
    let resolved = Settings::resolve(&args, |name| std::env::var(name).ok(), &shared.config);
    let settings = match resolved {
        Ok(settings) => settings,
        Err(err) => return refusal(StatusCode::BAD_REQUEST, err.text(lang)),
    };
    let confirm = change.confirm.as_deref();
    if let Some(asked) = super::key::asked_first(&shared, &unprompted, &settings, confirm) {
        return asked;
    }
    let (answer, answered) = tokio::sync::oneshot::channel();
    if let Err(text) = shared.begin(Phase::Running, Job::Restart(Box::new(settings), answer)) {
        return refusal(StatusCode::CONFLICT, text);
    }
    match answered.await {
        Ok(Ok(state)) => {
            *lock(&shared.args) = args;
            Json(state).into_response()
        }
        Ok(Err(text)) => refusal(StatusCode::BAD_REQUEST, text),
        Err(_) => refusal(StatusCode::CONFLICT, lang.window_busy()),
    }
}

/// A folder as a person types it: `~` (alone or before a separator) is
/// their home folder, as a shell reads it; anything else is as written.
fn typed_folder(typed: &str) -> PathBuf {
    let rest = match typed.strip_prefix('~') {
        Some("") => Some(""),
        Some(rest) if rest.starts_with(['/', std::path::MAIN_SEPARATOR]) => Some(rest),
        Some(_) | None => None,
    };
    match (rest, dirs::home_dir()) {
        (Some(rest), Some(home)) => {
            home.join(rest.trim_start_matches(['/', std::path::MAIN_SEPARATOR]))
        }
        _ => PathBuf::from(typed),
    }
}

#[derive(Deserialize)]
struct Organize {
    request: Option<String>,
}

async fn organize(State(shared): Shared_, headers: HeaderMap, bytes: Bytes) -> Response {
    let lang = shared.lang();
    let asked: Organize = match owner(&shared, &headers).and_then(|()| body(&bytes, lang)) {
        Ok(asked) => asked,
        Err(refused) => return refused.into_response(),
    };
    let request = asked
        .request
        .filter(|r| !r.trim().is_empty())
        .unwrap_or_else(|| lang.window_default_request());
    begin(&shared, Phase::Running, Job::Organize(request))
}

#[derive(Deserialize)]
struct Say {
    line: String,
}

async fn say(State(shared): Shared_, headers: HeaderMap, bytes: Bytes) -> Response {
    let lang = shared.lang();
    match owner(&shared, &headers).and_then(|()| body::<Say>(&bytes, lang)) {
        Ok(said) => begin(&shared, Phase::Running, Job::Say(said.line)),
        Err(refused) => refused.into_response(),
    }
}

#[derive(Deserialize)]
struct Apply {
    plan: String,
    #[serde(default)]
    rows: Vec<Ticked>,
}

async fn apply(State(shared): Shared_, headers: HeaderMap, bytes: Bytes) -> Response {
    let lang = shared.lang();
    let asked: Apply = match owner(&shared, &headers).and_then(|()| body(&bytes, lang)) {
        Ok(asked) => asked,
        Err(refused) => return refused.into_response(),
    };
    let ticked = {
        let status = shared.status();
        if status.phase.busy() {
            return refusal(StatusCode::CONFLICT, lang.window_busy());
        }
        let Some(current) = status.plan.as_ref().filter(|plan| plan.id == asked.plan) else {
            return refusal(StatusCode::CONFLICT, lang.window_no_such_plan());
        };
        let settings = &status.settings;
        let rows = current.table.groups.iter().map(|group| group.rows.len());
        let unticked = rows.sum::<usize>().saturating_sub(asked.rows.len());
        plan::ticked(
            current,
            &settings.target_dir,
            settings.roots.clone(),
            crate::dry_run::rules_record(settings.rules.as_ref()),
            &asked.rows,
            lang,
        )
        .map(|plan| (plan, unticked))
    };
    match ticked {
        Ok((plan, unticked)) => begin(
            &shared,
            Phase::Applying,
            Job::Apply(Box::new(plan), unticked),
        ),
        Err(text) => refusal(StatusCode::BAD_REQUEST, text),
    }
}

async fn stop(State(shared): Shared_, headers: HeaderMap) -> Response {
    if let Err(refused) = owner(&shared, &headers) {
        return refused.into_response();
    }
    shared.request_stop();
    (StatusCode::ACCEPTED, Json(json!({}))).into_response()
}

#[derive(Deserialize)]
struct Undo {
    session: Option<String>,
}

async fn undo(State(shared): Shared_, headers: HeaderMap, bytes: Bytes) -> Response {
    let lang = shared.lang();
    let asked: Undo = match owner(&shared, &headers).and_then(|()| body(&bytes, lang)) {
        Ok(asked) => asked,
        Err(refused) => return refused.into_response(),
    };
    let session = asked
        .session
        .or_else(|| lock(&shared.applied).last().cloned());
    let known = |name: &String| {
        shared
            .store
            .sessions()
            .is_ok_and(|sessions| sessions.contains(name))
    };
    match session {
        Some(session) if !known(&session) => refusal(
            StatusCode::BAD_REQUEST,
            lang.window_no_such_session(&session),
        ),
        Some(session) => begin(&shared, Phase::Applying, Job::Undo(session)),
        None => refusal(StatusCode::BAD_REQUEST, lang.nothing_to_undo()),
    }
}
