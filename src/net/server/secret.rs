//! Unguessable names: game ids, invite codes and seat tokens, from the
//! system's random source.

/// Random letters and digits (no look-alikes) from the system's source.
pub fn random_text(len: usize) -> Result<String, String> {
    const ALPHABET: &[u8] = b"23456789abcdefghjkmnpqrstuvwxyz";
    let mut bytes = vec![0u8; len];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness: {e}"))?;
    // 256 is not a multiple of 31: the small bias costs under a bit of the
    // code's 49 bits and guessing is rate-limited anyway.
    Ok(bytes
        .iter()
        .map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char)
        .collect())
}

/// `bytes` random bytes as hex.
pub fn random_hex(bytes: usize) -> Result<String, String> {
    let mut raw = vec![0u8; bytes];
    getrandom::fill(&mut raw).map_err(|e| format!("no randomness: {e}"))?;
    Ok(raw.iter().map(|b| format!("{b:02x}")).collect())
}

pub fn random_seat(sides: u8) -> Result<u8, String> {
    let value = getrandom::u32().map_err(|e| format!("no randomness: {e}"))?;
    Ok((value % sides as u32) as u8)
}
