//! What tidyup keeps in a remote folder of its own: the trash.

/// The folder at the top of a remote folder that holds tidyup's trash:
/// out of the model's reach and listing.
pub const REMOTE_TRASH: &str = ".tidyup-trash";
