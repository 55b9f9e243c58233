//! Keys and credentials, and the launchers people reach things by: files
//! tidyup leaves where they are on every path (the planner, the bulk
//! tools, `watch`), as it leaves files in use ([`crate::in_use`] gives
//! them as its reasons `Secret` and `Launcher`). Moving a key breaks the
//! tools that read it from where it is (`ssh`, `aws`, `kubectl`, a VPN
//! client); moving a shortcut or a relative link leaves it pointing
//! nowhere. A person may still move one by name.
//!
//! By name: OpenSSH's identities and their public halves (`ssh-keygen(1)`:
//! `id_rsa`, `id_ecdsa`, `id_ed25519`, `id_dsa`, `…_sk`, `.pub`); PEM
//! bundles (RFC 7468, a key or a certificate with its key) and the
//! certificates kept beside a key (`.crt`, `.cer`, `.csr`); PKCS #12
//! (`.p12`, `.pfx`, RFC 7292: a certificate with its private key); dotenv
//! files (`.env`, `NAME.env`, `.env.NAME`); OpenVPN profiles (`.ovpn`) and
//! WireGuard's (`wg0.conf`, `wg-quick(8)`); password databases (KeePass
//! `.kdbx`/`.kdb`, 1Password exports `.1pux` and its old `.agilekeychain`,
//! macOS keychains `.keychain`/`.keychain-db`); the credential files
//! clouds hand out (AWS IAM's `new_user_credentials.csv`, `credentials.csv`,
//! `rootkey.csv`, `NAME_accessKeys.csv`; `kubeconfig`; the `credentials`
//! of `~/.aws`) and those of package tools (`.npmrc`, `.netrc`, `.pgpass`,
//! `.pypirc`). By contents, for names that are not enough (`server.key` is
//! a key, `slides.key` a Keynote deck): a PEM `PRIVATE KEY` block, a
//! PuTTY key, a WireGuard `[Interface]` with its `PrivateKey`, a Google
//! service account's JSON (`"private_key"`), a kubeconfig with a client key
//! or token, an OpenSSH public key (the half kept beside its key), a Java
//! keystore's magic number, an OAuth client secret as Google's console
//! downloads it (`"client_secret"` under `"installed"` or `"web"`), an
//! encrypted wallet key (Web3 secret storage: `"crypto"`, `"ciphertext"`,
//! `"kdf"`), Android's signing properties (`storePassword=`), and the
//! credential CSVs of AWS and Alibaba Cloud by their header.
//!
//! Also by name: Java and Android keystores (`.jks`, `.keystore`,
//! `.jceks`, `.bks`, `key.properties`), wallets (`wallet.dat`, a `.wallet`,
//! `wallet-backup.key`), OAuth client secrets (`client_secret_….json`),
//! Alibaba Cloud's `AccessKey.csv`. Names that only sound secret
//! (`keyboard-shortcuts.pdf`, `secretary.xlsx`, a Keynote `.key`) are not.
//!
//! Launchers: freedesktop.org's desktop entries (`.desktop`), Windows
//! shortcuts (`.lnk`, `.url`, `.website`, `.appref-ms`), macOS web and
//! file locations (`.webloc`, `.inetloc`, `.fileloc`); and symbolic links,
//! which the caller tells by the entry's kind.

/// Bytes of a file's head read to tell a key or credential by contents.
pub const HEAD_BYTES: u64 = 4 * 1024;

/// Whole names (lowercase) of keys and credentials.
const NAMES: [&str; 21] = [
    "id_rsa",
    "id_dsa",
    "id_ecdsa",
    "id_ed25519",
    "id_ecdsa_sk",
    "id_ed25519_sk",
    "identity",
    "credentials",
    "credentials.csv",
    "new_user_credentials.csv",
    "rootkey.csv",
    "kubeconfig",
    ".npmrc",
    ".netrc",
    ".pgpass",
    ".pypirc",
    "key.properties",
    "keystore.properties",
    "signing.properties",
    "wallet.dat",
    "accesskey.csv",
];

/// Endings (lowercase, with their dot) of keys, certificates, VPN profiles
/// and password databases.
const ENDINGS: [&str; 19] = [
    ".pem",
    ".jks",
    ".keystore",
    ".jceks",
    ".bks",
    ".wallet",
    ".crt",
    ".cer",
    ".csr",
    ".p12",
    ".pfx",
    ".ppk",
    ".ovpn",
    ".kdbx",
    ".kdb",
    ".1pux",
    ".agilekeychain",
    ".keychain",
    ".keychain-db",
];

/// Endings (lowercase) of launchers.
const LAUNCHERS: [&str; 8] = [
    ".desktop",
    ".lnk",
    ".url",
    ".website",
    ".appref-ms",
    ".webloc",
    ".inetloc",
    ".fileloc",
];

/// Whether the name (lowercased) alone says the file is a key or
/// credential.
pub fn secret_by_name(lower: &str) -> bool {
    let public_half = lower.strip_suffix(".pub").unwrap_or(lower);
    NAMES.contains(&lower)
        || NAMES[..6].contains(&public_half)
        || ENDINGS
            .iter()
            .any(|ending| lower.ends_with(ending) && lower.len() > ending.len())
        || lower == ".env"
        || lower.ends_with(".env")
        || lower.starts_with(".env.")
        || lower.ends_with("_accesskeys.csv")
        || is_wireguard(lower)
        || (lower.starts_with("client_secret") && lower.ends_with(".json"))
        || is_wallet(lower)
}

/// Whether the name (lowercased) is a wallet's or a keystore's key file:
/// the word `wallet` or `keystore` in a name ending as keys are kept
/// (`wallet-backup.key`, `keystore.json`), not a brochure about wallets.
fn is_wallet(lower: &str) -> bool {
    let Some((stem, ext)) = lower.rsplit_once('.') else {
        return false;
    };
    let word = stem
        .split(|c: char| !c.is_alphanumeric())
        .any(|word| word == "wallet" || word == "keystore");
    word && matches!(ext, "key" | "json" | "dat" | "bak" | "backup")
}

/// Whether the name (lowercased) is WireGuard's: `wg0.conf`, `wg-home.conf`.
fn is_wireguard(lower: &str) -> bool {
    lower
        .strip_suffix(".conf")
        .and_then(|stem| stem.strip_prefix("wg"))
        .is_some_and(|rest| {
            rest.chars()
                .next()
                .is_none_or(|c| c.is_ascii_digit() || c == '-' || c == '_')
        })
}

/// Whether a file of this name (lowercased), not a secret by its name,
/// may be one by its contents: its first [`HEAD_BYTES`] are worth reading.
pub fn worth_reading(lower: &str) -> bool {
    let ext = lower
        .rsplit_once('.')
        .map(|(stem, ext)| (stem.is_empty(), ext));
    match ext {
        None | Some((true, _)) => true,
        Some((false, ext)) => matches!(
            ext,
            "key" | "json" | "conf" | "yaml" | "yml" | "config" | "pub" | "csv" | "properties"
        ),
    }
}

/// Whether a file's first bytes (`head`) hold a private key or a
/// credential (see the module's documentation).
pub fn secret_by_contents(head: &[u8]) -> bool {
    // Java keystores: JKS's and JCEKS's magic numbers.
    if head.starts_with(b"\xfe\xed\xfe\xed") || head.starts_with(b"\xce\xce\xce\xce") {
        return true;
    }
    let text = String::from_utf8_lossy(head);
    let has = |needle: &str| text.contains(needle);
    let public_key = [
        "ssh-ed25519 ",
        "ssh-rsa ",
        "ssh-dss ",
        "ecdsa-sha2-",
        "sk-ssh-",
    ]
    .iter()
    .any(|start| text.starts_with(start));
    (has("-----BEGIN") && has("PRIVATE KEY-----"))
        || has("PuTTY-User-Key-File-")
        || public_key
        || (has("[Interface]") && has("PrivateKey"))
        || (has("\"private_key\"") && has("\"type\""))
        || (has("\"client_secret\"") && (has("\"installed\"") || has("\"web\"")))
        || (has("\"crypto\"") && has("\"ciphertext\"") && has("\"kdf\""))
        || (has("kind: Config") && (has("client-key-data") || has("token:")))
        || has("storePassword=")
        || has("Secret access key")
        || has("AccessKey Secret")
        || has("AWSSecretKey=")
}

/// Whether the name (lowercased) is a launcher's.
pub fn launcher_by_name(lower: &str) -> bool {
    LAUNCHERS
        .iter()
        .any(|ending| lower.ends_with(ending) && lower.len() > ending.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_credentials_by_name() {
        for name in [
            "id_ed25519",
            "id_ed25519.pub",
            "id_rsa",
            "aws-prod-keypair.pem",
            "server.crt",
            "certificates.p12",
            "企业数字证书.pfx",
            "staging.env",
            ".env",
            ".env.production",
            "client.ovpn",
            "wg0.conf",
            "passwords.kdbx",
            "new_user_credentials.csv",
            "xyz_accesskeys.csv",
            "rootkey.csv",
            "kubeconfig",
            ".npmrc",
            "keystore.jks",
            "release.keystore",
            "key.properties",
            "wallet-backup.key",
            "wallet.dat",
            "client_secret_1234-abc.apps.googleusercontent.com.json",
            "accesskey.csv",
        ] {
            assert!(secret_by_name(name), "{name}");
        }
        for name in [
            "server.key",
            "slides.key",
            "nginx.conf",
            "wgetrc.conf",
            "report.pdf",
            "environment.yml",
            "budget.csv",
            "pub",
            ".pem",
            "keyboard-shortcuts.pdf",
            "secretary-schedule.xlsx",
            "密钥管理制度.docx",
            "wallet-design.pdf",
            "keystore-howto.md",
        ] {
            assert!(!secret_by_name(name), "{name}");
        }
    }

    #[test]
    fn keys_and_credentials_by_contents() {
        assert!(secret_by_contents(b"-----BEGIN PRIVATE KEY-----\nMII\n"));
        assert!(secret_by_contents(b"-----BEGIN OPENSSH PRIVATE KEY-----\n"));
        assert!(secret_by_contents(b"[Interface]\nPrivateKey = abc=\n"));
        assert!(secret_by_contents(
            br#"{"type": "service_account", "private_key": "x"}"#
        ));
        assert!(!secret_by_contents(b"-----BEGIN CERTIFICATE-----\n"));
        assert!(!secret_by_contents(b"PK\x03\x04Keynote"));
        assert!(!secret_by_contents(br#"{"name": "app"}"#));
        assert!(secret_by_contents(b"ssh-ed25519 AAAAC3Nza me@hpc\n"));
        assert!(secret_by_contents(b"\xfe\xed\xfe\xed\0\0\0\x02"));
        assert!(secret_by_contents(
            br#"{"installed":{"client_id":"1.apps.googleusercontent.com","client_secret":"x"}}"#
        ));
        assert!(secret_by_contents(
            br#"{"address":"ab","crypto":{"ciphertext":"00","kdf":"scrypt"},"version":3}"#
        ));
        assert!(secret_by_contents(b"storePassword=x\nkeyPassword=y\n"));
        assert!(secret_by_contents(
            b"AccessKey ID,AccessKey Secret\nLTAI,abc\n"
        ));
        assert!(secret_by_contents(
            b"User name,Password,Access key ID,Secret access key\n"
        ));
        assert!(!secret_by_contents(
            b"date,amount,payee\n2024-01-01,3,shop\n"
        ));
        assert!(!secret_by_contents(
            br#"{"client_id": "app", "scopes": []}"#
        ));
        assert!(worth_reading("server.key") && worth_reading("deploy_key"));
        assert!(!worth_reading("photo.jpg"));
    }

    #[test]
    fn launchers_by_name() {
        for name in [
            "figma.desktop",
            "photoshop.lnk",
            "behance.url",
            "dribbble.webloc",
        ] {
            assert!(launcher_by_name(name), "{name}");
        }
        assert!(!launcher_by_name("notes.txt") && !launcher_by_name(".url"));
    }
}
