//! The files of the target the per-file plan leaves where they are,
//! whatever their kind, with why: those in use by their names
//! ([`crate::in_use`]: downloads, locks, system files, keys and launchers
//! by name), symbolic links (launchers), and the keys and credentials
//! `summarize_folder` told by their first bytes ([`crate::secrets`]).

use std::collections::BTreeMap;

use crate::in_use::{InUse, in_use_of};
use crate::tools::Listed;

use super::exchanges::Exchange;

/// Why each of `items` (the target's listing) that stays is kept, by name;
/// `exchanges` are the turn's, whose summary of `.` names the secrets.
pub fn kept(items: &[Listed], exchanges: &[Exchange]) -> BTreeMap<String, InUse> {
    let summary = exchanges
        .iter()
        .rev()
        .find(|e| e.name == "summarize_folder" && e.arg("path") == ".")
        .and_then(Exchange::summary);
    let secrets = summary.map_or(&[][..], |summary| summary.secrets.as_slice());
    kept_among(items.iter(), secrets)
}

/// Why each of `items` that stays is kept, by name: in use by its name, a
/// symbolic link, or one of `secrets` (the keys a summary told by their
/// contents).
pub fn kept_among<'a>(
    items: impl Iterator<Item = &'a Listed> + Clone,
    secrets: &[String],
) -> BTreeMap<String, InUse> {
    let mut kept = in_use_of(items.clone().map(|item| item.name.as_str()));
    for item in items {
        if item.is_link {
            kept.entry(item.name.clone()).or_insert(InUse::Launcher);
        } else if secrets.contains(&item.name) {
            kept.entry(item.name.clone()).or_insert(InUse::Secret);
        }
    }
    kept
}
