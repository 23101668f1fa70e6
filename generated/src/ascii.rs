//! Copying runs of ASCII, the fast path every ASCII-compatible encoding shares.

/// Copies the longest prefix of `src` that is ASCII and fits in `dst`; returns its length.
/// Bytes of `dst` past that length may be overwritten.
#[inline]
pub(crate) fn copy_ascii(src: &[u8], dst: &mut [u8]) -> usize {
    const HIGH: u128 = 0x8080_8080_8080_8080_8080_8080_8080_8080;
    let n = src.len().min(dst.len());
    let (Some(src), Some(dst)) = (src.get(..n), dst.get_mut(..n)) else {
        return 0;
    };
    let mut i = 0;
    // Sixteen bytes at a time: the whole block is stored, and only its ASCII prefix
    // counted, so that the bytes are read once.
    for (s, d) in src.chunks_exact(16).zip(dst.chunks_exact_mut(16)) {
        let (Some(s), Some(d)) = (s.first_chunk::<16>(), d.first_chunk_mut::<16>()) else {
            break;
        };
        *d = *s;
        let high = u128::from_le_bytes(*s) & HIGH;
        if high != 0 {
            return i + (high.trailing_zeros() / 8) as usize;
        }
        i += 16;
    }
    while let (Some(&b), Some(d)) = (src.get(i), dst.get_mut(i)) {
        if !b.is_ascii() {
            break;
        }
        *d = b;
        i += 1;
    }
    i
}

/// Whether every byte of `bytes` is ASCII, a word at a time. Out of line: the one-shot calls
/// ask it once per call, and one copy serves them all.
#[inline(never)]
pub(crate) fn is_ascii(bytes: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut words = bytes.chunks_exact(8);
    let mut high = 0;
    for word in &mut words {
        let mut w = [0u8; 8];
        w.copy_from_slice(word);
        high |= u64::from_le_bytes(w);
        if high & HIGH != 0 {
            return false;
        }
    }
    words.remainder().iter().all(|b| b.is_ascii())
}

/// The length of the longest prefix of `bytes` that is ASCII, a word at a time.
pub(crate) fn ascii_up_to(bytes: &[u8]) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut words = bytes.chunks_exact(8);
    let mut i = 0;
    for word in &mut words {
        let mut w = [0u8; 8];
        w.copy_from_slice(word);
        let high = u64::from_le_bytes(w) & HIGH;
        if high != 0 {
            return i + (high.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i + words
        .remainder()
        .iter()
        .position(|b| !b.is_ascii())
        .unwrap_or(words.remainder().len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_lengths_at_every_position() {
        for len in 0..40 {
            for bad in 0..=len {
                let mut v = vec![b'a'; len];
                if bad < len {
                    v[bad] = 0x80;
                }
                let mut dst = vec![0u8; len];
                assert_eq!(copy_ascii(&v, &mut dst), bad, "len {len} bad {bad}");
                assert_eq!(dst[..bad], v[..bad]);
            }
        }
    }

    #[test]
    fn is_ascii_at_every_position() {
        for len in 0..40 {
            assert!(is_ascii(&vec![b'a'; len]));
            for bad in 0..len {
                let mut v = vec![b'a'; len];
                v[bad] = 0xFF;
                assert!(!is_ascii(&v), "len {len} bad {bad}");
            }
        }
    }

    #[test]
    fn ascii_up_to_at_every_position() {
        for len in 0..40 {
            assert_eq!(ascii_up_to(&vec![b'a'; len]), len);
            for bad in 0..len {
                let mut v = vec![b'a'; len];
                v[bad] = 0x80;
                assert_eq!(ascii_up_to(&v), bad, "len {len} bad {bad}");
            }
        }
    }

    #[test]
    fn copy_stops_at_dst_end() {
        let mut dst = [0u8; 3];
        assert_eq!(copy_ascii(b"abcdef", &mut dst), 3);
        assert_eq!(&dst, b"abc");
    }
}
