//! Finding the first byte at or above a threshold, 32 bytes at a time: how a check skips
//! the text that cannot matter to it (in UTF-8, every byte below 0xC4 is ASCII, a
//! continuation byte or the lead of a Latin1 character).

use super::walk::prefix_len;

/// Bytes per test: the maximum of an array folds into vector instructions.
const BLOCK: usize = 32;

/// The index of the first byte of `bytes` that is `bound` or more, or `bytes.len()`.
/// `bound` must not be 0 (the tail is padded with zeros, which must not stop).
#[inline]
pub(crate) fn first_byte_at_least(bytes: &[u8], bound: u8) -> usize {
    debug_assert!(bound > 0);
    prefix_len(bytes, |block: &[u8; BLOCK]| {
        if block.iter().fold(0, |acc, &b| acc.max(b)) < bound {
            return None;
        }
        block.iter().position(|&b| b >= bound)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_position_at_every_length_and_alignment() {
        for align in 0..BLOCK {
            for len in 0..=64 {
                let buf: Vec<u8> = (0..align + len).map(|i| (i % 0xC4) as u8).collect();
                assert_eq!(first_byte_at_least(&buf[align..], 0xC4), len);
                for bad in 0..len {
                    let mut buf = buf.clone();
                    buf[align + bad] = 0xC4;
                    assert_eq!(first_byte_at_least(&buf[align..], 0xC4), bad);
                    assert_eq!(first_byte_at_least(&buf[align..], 0xC5), len);
                    buf[align + bad] = 0xFF;
                    assert_eq!(first_byte_at_least(&buf[align..], 0xD6), bad);
                }
            }
        }
    }
}
