//! Random ids from the OS's random source (the address's secret, tab ids,
//! confirmations), and comparing one in constant time.

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

/// Whether `a` and `b` are equal, in a time that depends only on their lengths.
pub fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
}
