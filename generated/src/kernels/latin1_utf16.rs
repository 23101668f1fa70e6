//! Latin1 (bytes standing for U+0000 to U+00FF) to and from UTF-16 code units, whole
//! slices: one unit per byte, written as loops the compiler vectorizes.

/// Writes each byte of `src` as a code unit into the start of `dst`, as far as the shorter
/// of the two reaches; `dst` past it is left as it was.
#[inline]
pub(crate) fn widen(src: &[u8], dst: &mut [u16]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = u16::from(*s);
    }
}

/// Writes the low byte of each unit of `src` into the start of `dst`, as far as the shorter
/// of the two reaches; `dst` past it is left as it was. Exact for units below 0x100.
#[inline]
pub(crate) fn narrow(src: &[u16], dst: &mut [u8]) {
    for (d, s) in dst.iter_mut().zip(src) {
        // Truncation is the contract: the low byte.
        *d = *s as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widen_then_narrow_is_every_byte_at_every_length() {
        let bytes: Vec<u8> = (0..=255).chain(0..=255).collect();
        for len in 0..=bytes.len() {
            let mut units = vec![0xAAAAu16; len + 1];
            widen(&bytes[..len], &mut units);
            assert!(units[..len]
                .iter()
                .zip(&bytes)
                .all(|(&u, &b)| u == u16::from(b)));
            assert_eq!(units[len], 0xAAAA);
            let mut back = vec![0xAAu8; len + 1];
            narrow(&units[..len], &mut back);
            assert_eq!(back[..len], bytes[..len]);
            assert_eq!(back[len], 0xAA);
        }
    }

    #[test]
    fn narrow_keeps_the_low_byte_and_stops_at_the_shorter_slice() {
        let mut dst = [0u8; 2];
        narrow(&[0x1234, 0xFF00, 0x0041], &mut dst);
        assert_eq!(dst, [0x34, 0x00]);
        let mut dst = [0u16; 3];
        widen(&[0xE9], &mut dst);
        assert_eq!(dst, [0xE9, 0, 0]);
    }
}
