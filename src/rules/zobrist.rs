//! Deterministic Zobrist keys, generated at compile time.

/// One step of SplitMix64: a good 64-bit mix of `x`.
pub const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `N` keys for the table named by `salt`; different salts give unrelated
/// tables, so each game and each kind of state gets its own.
pub const fn keys<const N: usize>(salt: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix64(
            salt.wrapping_mul(0x1000_0001)
                .wrapping_add(i as u64 * 0x9E37),
        );
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_within_and_across_tables() {
        let a: [u64; 512] = keys(1);
        let b: [u64; 512] = keys(2);
        let mut all: Vec<u64> = a.iter().chain(b.iter()).copied().collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 1024);
    }
}
