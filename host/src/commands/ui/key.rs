//! Where the API key may go without a second word from the person: a
//! change of settings from the page that would send the key to an address
//! neither the session sends it to now nor the user's own settings (flags,
//! environment, config file, the provider's preset) give is not made until
//! a second request carries the confirmation the first answer gave (one
//! use, for that address only). The page cannot set a key itself.

use crate::words::WindowWords;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use tidyup_core::Provider;

use super::secret::same;
use super::shared::{Shared, lock};
use crate::cli::{RunArgs, Settings};

/// `None` when `new` may be applied: it sends no key, or sends it where it
/// goes now or where `unprompted` (the arguments without the address the
/// page typed) sends it, or `confirm` is the confirmation asked for this
/// address. Else the `409` asking for one: `{"error": TEXT, "confirm":
/// TOKEN, "base_url", "provider"}`.
pub fn asked_first(
    shared: &Shared,
    unprompted: &RunArgs,
    new: &Settings,
    confirm: Option<&str>,
) -> Option<Response> {
    let client = &new.client;
    if client.provider != Provider::Remote || client.api_key.is_none() {
        return None;
    }
    let sends_there = |settings: &Settings| {
        settings.client.provider == Provider::Remote
            && settings.client.api_key == client.api_key
            && settings.client.base_url == client.base_url
    };
    let env = |name: &str| std::env::var(name).ok();
    if sends_there(&shared.status().settings)
        || Settings::resolve(unprompted, env, &shared.config).is_ok_and(|s| sends_there(&s))
    {
        return None;
    }
    let mut pending = lock(&shared.key_confirmation);
    let asked = pending.take();
    if let (Some(given), Some((token, address))) = (confirm, asked)
        && same(given.as_bytes(), token.as_bytes())
        && address == client.base_url
    {
        return None;
    }
    let lang = shared.lang();
    let token = match super::secret::random_hex(16) {
        Ok(token) => token,
        Err(err) => {
            let text = err.to_string();
            return Some(super::refusal::refusal(
                StatusCode::INTERNAL_SERVER_ERROR,
                text,
            ));
        }
    };
    *pending = Some((token.clone(), client.base_url.clone()));
    let text = lang.window_confirm_key_address(&client.base_url, &client.provider_name);
    let body = json!({
        "error": text,
        "confirm": token,
        "base_url": client.base_url,
        "provider": client.provider_name,
    });
    Some((StatusCode::CONFLICT, Json(body)).into_response())
}
