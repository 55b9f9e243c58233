//! `tidyup ask`: one question (optionally about images) to the model: its
//! answer alone on standard output (so it can be redirected to a file), its
//! token usage on standard error. No tools, no files.

use crate::words::AskWords;
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, bail};
use base64::Engine as _;
use tidyup_core::{AskConfig, Lang, Outcome, Provider};

use crate::cli::AskSettings;
use crate::console::{Console, Preparing, Spinner};
use crate::fs::SandboxFs;
use crate::runtime::{CoreSession, HostState};
use crate::transport::Cancel;

/// Asks the model `settings.question`; prints the answer on standard
/// output and the usage on standard error.
/// A failed call is reported on standard error and gives an error.
pub(super) async fn ask(settings: AskSettings) -> anyhow::Result<()> {
    let lang = settings.client.lang;
    if settings.client.provider != Provider::Remote {
        bail!(lang.ask_needs_model());
    }
    let images = settings
        .images
        .iter()
        .map(|image| image_url(image, lang))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let module = crate::runtime::load_core(None, &Preparing::new(lang))?;
    let cancel = Cancel::default();
    super::interrupt::cancel_on_ctrl_c(cancel.clone());
    // No file is reachable: the sandbox has no roots.
    let files = Box::new(SandboxFs::new(&[])?);
    let state = HostState::new(
        crate::transport::transport(&settings.client)?,
        files,
        Box::new(Console::detect().with_usage_on_stderr().with_markdown(true)),
    )
    .with_cancel(cancel)
    .with_model_wait(Arc::new(Spinner::detect(lang)));
    let mut session = CoreSession::load(&module, state)
        .await
        .context(lang.core_failed_to_start())?;
    let config = AskConfig {
        model: settings.client.model.clone(),
        lang: settings.client.lang,
        system: settings.system.clone(),
        question: settings.question.clone(),
        images,
        calls: settings.client.call_settings(),
    };
    match session.ask(&config).await? {
        Outcome::Answered => Ok(()),
        Outcome::Cancelled => bail!(lang.ask_cancelled()),
        Outcome::ModelFailed | Outcome::Ignored | Outcome::Quit | Outcome::RoundLimit => {
            bail!(lang.no_answer())
        }
    }
}

/// An image as the request carries it: a URL as given, a local file as a
/// `data:` URL with the type its extension says; failures worded in `lang`.
fn image_url(image: &str, lang: Lang) -> anyhow::Result<String> {
    let lower = image.to_ascii_lowercase();
    if ["http://", "https://", "data:"]
        .iter()
        .any(|scheme| lower.starts_with(scheme))
    {
        return Ok(image.to_owned());
    }
    let path = Path::new(image);
    let extension = path
        .extension()
        .map(|e| crate::fs::names::shown(e).to_ascii_lowercase())
        .unwrap_or_default();
    let mime = match extension.as_str() {
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "bmp" => "image/bmp",
        "svg" => "image/svg+xml",
        "tif" | "tiff" => "image/tiff",
        "ico" => "image/x-icon",
        _ => bail!(lang.not_an_image(image)),
    };
    let bytes = crate::regular_file::read(path).with_context(|| lang.cannot_read_image(image))?;
    let encoded = base64::engine::general_purpose::STANDARD.encode(bytes);
    Ok(format!("data:{mime};base64,{encoded}"))
}

#[cfg(test)]
mod tests {
    use super::image_url;
    use tidyup_core::Lang;

    #[test]
    fn files_become_data_urls_and_urls_stay() {
        let dir = tempfile::tempdir().unwrap();
        let png = dir.path().join("dot.PNG");
        std::fs::write(&png, [0x89, b'P', b'N', b'G']).unwrap();
        assert_eq!(
            image_url(png.to_str().unwrap(), Lang::En).unwrap(),
            "data:image/png;base64,iVBORw=="
        );
        assert_eq!(
            image_url("https://x/y.jpg", Lang::En).unwrap(),
            "https://x/y.jpg"
        );
        assert!(image_url("notes.txt", Lang::En).is_err());
        assert!(image_url("/surely/missing.png", Lang::En).is_err());
    }
}
