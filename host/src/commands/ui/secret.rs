//! Random ids from the OS's random source: the address's secret, tab ids.

/// `bytes` random bytes as hexadecimal (twice as many characters).
pub fn random_hex(bytes: usize) -> anyhow::Result<String> {
    let mut random = vec![0u8; bytes];
    getrandom::fill(&mut random).map_err(|err| anyhow::anyhow!("{err}"))?;
    Ok(random.iter().map(|b| format!("{b:02x}")).collect())
}

/// A new secret for the address: 32 hexadecimal characters.
pub fn new_secret() -> anyhow::Result<String> {
    random_hex(16)
}
