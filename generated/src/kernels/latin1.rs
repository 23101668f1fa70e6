//! Latin1 (bytes standing for U+0000 to U+00FF): widened to and narrowed from UTF-16 code
//! units, and to and from UTF-8, where runs of ASCII are copied in bulk and the rest a
//! character at a time (in UTF-8 a Latin1 character is ASCII or a two-byte sequence led by
//! 0xC2 or 0xC3); and how far UTF-8 is Latin1.

use crate::kernels::ascii::{ascii_up_to, convert_ascii_runs};
use crate::kernels::utf8::pack::bmp_non_ascii;

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

/// Converts Latin1 `src` to UTF-8 in `dst`, whole characters while they fit; returns
/// (bytes read, bytes written). `dst` past the written bytes is left as it was.
#[inline]
pub(crate) fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    convert_ascii_runs(src, dst, |rest, out| {
        let &b = rest.first()?;
        let [lead, trail, ..] = bmp_non_ascii(u16::from(b)).0.to_le_bytes();
        *out.first_chunk_mut::<2>()? = [lead, trail];
        Some((1, 2))
    })
}

/// Converts UTF-8 `src` that is all Latin1 to one byte per character in `dst`, while it
/// fits; returns (bytes read, bytes written). `dst` past the written bytes is left as it
/// was. Other input gives unspecified bytes, but never reads or writes out of bounds: a
/// non-ASCII byte and the byte after it make one output byte, and a non-ASCII last byte
/// is left unread.
#[inline]
pub(crate) fn utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    convert_ascii_runs(src, dst, |rest, out| {
        let [lead, trail, ..] = *rest else {
            return None;
        };
        // 0xC2 and 0xC3 keep one low bit each above the trail's six.
        *out.first_mut()? = (lead << 6) | (trail & 0x3F);
        Some((2, 1))
    })
}

/// The index of the first byte of `bytes` that starts a UTF-8 sequence which is invalid or
/// not Latin1, or `bytes.len()`.
#[inline]
pub(crate) fn utf8_latin1_up_to(bytes: &[u8]) -> usize {
    let mut i = 0;
    loop {
        i += ascii_up_to(bytes.get(i..).unwrap_or_default());
        match bytes.get(i..).unwrap_or_default() {
            [0xC2..=0xC3, 0x80..=0xBF, ..] => i += 2,
            _ => return i,
        }
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

    /// Every Latin1 character, mixed with runs of ASCII long enough for the block path.
    fn latin1_sample() -> Vec<u8> {
        let mut v = Vec::new();
        for b in 0..=255u8 {
            v.push(b);
            if b % 7 == 0 {
                v.extend_from_slice(b"a run of ascii longer than a block");
            }
        }
        v
    }

    #[test]
    fn latin1_to_utf8_is_the_standard_librarys_encoding_at_every_room() {
        let src = latin1_sample();
        let expected: String = src.iter().map(|&b| char::from(b)).collect();
        let mut dst = vec![0u8; expected.len()];
        assert_eq!(latin1_to_utf8(&src, &mut dst), (src.len(), expected.len()));
        assert_eq!(dst, expected.as_bytes());
        // With too little room: exactly the characters that fit, and nothing past them.
        let src = &src[..300];
        for room in 0..=src.len() * 2 {
            let mut dst = vec![0xFFu8; room];
            let (read, written) = latin1_to_utf8(src, &mut dst);
            let fitting: String = src[..read].iter().map(|&b| char::from(b)).collect();
            assert_eq!(&dst[..written], fitting.as_bytes());
            assert!(dst[written..].iter().all(|&b| b == 0xFF));
            let next_len = src.get(read).map(|&b| char::from(b).len_utf8());
            assert!(next_len.is_none_or(|n| written + n > room), "room {room}");
        }
    }

    #[test]
    fn utf8_to_latin1_inverts_latin1_to_utf8() {
        let latin1 = latin1_sample();
        let utf8: String = latin1.iter().map(|&b| char::from(b)).collect();
        let mut dst = vec![0u8; utf8.len()];
        let (read, written) = utf8_to_latin1(utf8.as_bytes(), &mut dst);
        assert_eq!((read, &dst[..written]), (utf8.len(), &latin1[..]));
        let mut short = [0u8; 3];
        assert_eq!(utf8_to_latin1("aé€".as_bytes(), &mut short[..1]), (1, 1));
        assert_eq!(utf8_to_latin1(b"a\xC3", &mut short), (1, 1));
    }

    #[test]
    fn utf8_latin1_up_to_stops_at_non_latin1_and_invalid_sequences() {
        for align in 0..16 {
            for len in 0..=64 {
                let mut base = vec![b'x'; align];
                base.extend(std::iter::repeat_n(b'a', len));
                assert_eq!(utf8_latin1_up_to(&base[align..]), len);
                for at in 0..len {
                    for (insert, ok) in [
                        (&b"\xC2\x80"[..], true),
                        (b"\xC3\xBF", true),
                        (b"\xC4\x80", false),
                        (b"\xC3", false),
                        (b"\xC3a", false),
                        (b"\xC1\xBF", false),
                        (b"\x80", false),
                        (b"\xE2\x82\xAC", false),
                    ] {
                        let mut v = base.clone();
                        v.splice(align + at..align + at, insert.iter().copied());
                        let expected = if ok { len + insert.len() } else { at };
                        assert_eq!(utf8_latin1_up_to(&v[align..]), expected, "{insert:x?}");
                    }
                }
            }
        }
    }
}
