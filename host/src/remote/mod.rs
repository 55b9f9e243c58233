//! Remote folders: `sftp://`, `webdav://`/`webdavs://` and `s3://`, each a
//! base file system ([`RemoteFs`]) on Apache OpenDAL under the same guard,
//! journal, trash and dry run as a local folder. The core cannot tell.
//!
//! Every move never replaces, decided by the service where it can: S3's
//! `If-None-Match: *` on the copy, WebDAV's `MOVE` with `Overwrite: F`, a
//! hard link on SFTP. S3 moves by copy and delete: the journal records the
//! copy before it starts, the original is deleted only once the copy is
//! checked, and `undo` removes a copy left beside its original only when
//! it holds the same bytes.

mod address;
mod answers;
mod bounded;
mod connect;
mod dal;
mod entries;
mod errors;
mod layout;
mod objects;
mod remote_fs;
#[cfg(unix)]
mod sftp;
mod webdav;

pub use address::RemoteAddress;
pub use remote_fs::RemoteFs;
