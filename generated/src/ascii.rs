//! Copying runs of ASCII, the fast path every ASCII-compatible encoding shares.

/// Copies the longest prefix of `src` that is ASCII and fits in `dst`; returns its length.
#[inline]
pub(crate) fn copy_ascii(src: &[u8], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let src = &src[..n];
    let len = ascii_prefix_len(src);
    dst[..len].copy_from_slice(&src[..len]);
    len
}

/// The length of the longest ASCII prefix of `bytes`, a word at a time.
#[inline]
pub(crate) fn ascii_prefix_len(bytes: &[u8]) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut i = 0;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let high = u64::from_le_bytes(word) & HIGH;
        if high != 0 {
            return i + (high.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i + chunks
        .remainder()
        .iter()
        .position(|b| !b.is_ascii())
        .unwrap_or(chunks.remainder().len())
}

/// The bulk decoding of the two-byte encodings: runs of ASCII, and whole two-byte sequences
/// that `pair` (the decoder's own lookup, given lead and trail) maps to a code point, while
/// `dst` has room for `max_utf8` bytes. Stops before anything else (a lone lead, an invalid
/// trail, a sequence of more bytes), which the per-byte path handles; since only whole
/// sequences are taken, the decoder's state is untouched. Returns (read, written).
#[cfg(any(
    feature = "gbk",
    feature = "gb18030",
    feature = "big5",
    feature = "euc-kr"
))]
#[inline(always)]
pub(crate) fn decode_ascii_and_pairs(
    src: &[u8],
    dst: &mut [u8],
    max_utf8: usize,
    pair: impl Fn(u8, u8) -> Option<char>,
) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    while let (Some(&lead), Some(&trail)) = (src.get(read), src.get(read + 1)) {
        if lead.is_ascii() {
            let n = copy_ascii(&src[read..], &mut dst[written..]);
            if n == 0 {
                break;
            }
            read += n;
            written += n;
            continue;
        }
        if dst.len() - written < max_utf8 {
            break;
        }
        let Some(c) = pair(lead, trail) else {
            break;
        };
        written += c.encode_utf8(&mut dst[written..]).len();
        read += 2;
    }
    (read, written)
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
                assert_eq!(ascii_prefix_len(&v), bad, "len {len} bad {bad}");
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
