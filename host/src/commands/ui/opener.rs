//! Opening the window in the browser without putting its secret on a
//! command line (any local user reads another's in `/proc/PID/cmdline`):
//! the opener gets the `file:` URL of a page only the user can read (mode
//! 0600, in tidyup's data folder, which the model never reaches) that
//! redirects to the secret address, as Jupyter's redirect file does. The
//! page is removed when the window stops.

use crate::words::WindowWords;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use tidyup_core::Lang;

use crate::console::errln;

/// The redirect page, removed when dropped.
pub struct RedirectFile {
    path: PathBuf,
}

impl RedirectFile {
    /// Writes a new page redirecting to `address` in `folder` (made, with
    /// mode 0700, when missing): readable and writable by the user only.
    pub fn write(folder: &Path, address: &str, lang: Lang) -> std::io::Result<Self> {
        let mut made = std::fs::DirBuilder::new();
        made.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut made, 0o700);
        made.create(folder)?;
        let name = super::secret::random_hex(8).map_err(std::io::Error::other)?;
        let path = folder.join(format!("open-{name}.html"));
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&path)?;
        let page = Self { path };
        file.write_all(redirect_page(address, lang).as_bytes())?;
        file.sync_all()?;
        Ok(page)
    }

    /// The page's `file:` URL, for the opener.
    pub fn url(&self) -> String {
        url::Url::from_file_path(&self.path)
            .map_or_else(|()| self.path.display().to_string(), String::from)
    }
}

impl Drop for RedirectFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The page: a refresh at once to `address` (no referrer), and a link to
/// it for a browser that does not follow the refresh.
fn redirect_page(address: &str, lang: Lang) -> String {
    let address = address
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;");
    format!(
        "<!DOCTYPE html>\n<html lang=\"{html_lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"referrer\" content=\"no-referrer\">\n\
         <meta http-equiv=\"refresh\" content=\"0;url={address}\">\n\
         <title>tidyup</title>\n</head>\n<body>\n<p><a href=\"{address}\">{link}</a></p>\n</body>\n</html>\n",
        html_lang = match lang {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        },
        link = lang.window_redirect_link(),
    )
}

/// Opens `target` (the redirect page's URL) in the default browser,
/// detached, its output ignored; a failure says (once, without the
/// address) to open the printed address by hand.
pub fn open_in_browser(target: &str, lang: Lang) {
    let mut command = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut command = std::process::Command::new("cmd");
        command.args(["/C", "start", ""]);
        command
    } else {
        std::process::Command::new("xdg-open")
    };
    command
        .arg(target)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    match command.spawn() {
        Ok(mut child) => {
            std::thread::spawn(move || {
                if !child.wait().is_ok_and(|status| status.success()) {
                    errln!("{}", lang.window_open_by_hand());
                }
            });
        }
        Err(_) => errln!("{}", lang.window_open_by_hand()),
    }
}
