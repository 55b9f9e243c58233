//! Reaching the model service: the chat-completion HTTP call, streamed
//! replies handed on piece by piece, the key masked in all that comes back,
//! and the user's request to stop waiting.
//!
//! Imports only the settings of [`crate::cli`] and the key masking of
//! `crate::redact`.

mod http;
mod redacting;
mod streaming;

pub use crate::cancel::Cancel;
pub use http::{ChatTransport, HttpTransport, NoTransport, ReplyFuture};
pub use redacting::protect;
pub use streaming::{ChunkFuture, ChunkSource, OpenFuture, Opened};

use std::sync::Arc;

use tidyup_core::Provider;

use crate::cli::ProviderSettings;

/// The transport a session or `tidyup ask` uses: HTTP for a remote
/// provider (with or without a key; the key masked in all it receives),
/// none for the offline planner.
pub fn transport(settings: &ProviderSettings) -> anyhow::Result<Arc<dyn ChatTransport>> {
    Ok(match settings.provider {
        Provider::Remote => protect(
            Arc::new(HttpTransport::for_provider(settings)?),
            settings.api_key.as_deref(),
        ),
        Provider::Offline | Provider::OfflineNoKey => Arc::new(NoTransport),
    })
}
