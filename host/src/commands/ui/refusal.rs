//! How the window refuses a request: a status and `{"error": TEXT}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// The header a `POST` of the page carries: its tab id (any value for `claim`).
pub const TAB_HEADER: &str = "x-tidyup-tab";

/// An answer refusing a request: its status, and the text it carries as
/// `{"error": TEXT}`.
pub struct Refusal(pub StatusCode, pub String);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

/// An answer `status` with `{"error": text}`.
pub fn refusal(status: StatusCode, text: String) -> Response {
    Refusal(status, text).into_response()
}
