//! How far bytes are valid UTF-8: runs of ASCII skipped sixteen bytes at a time, other
//! characters checked from a four-byte window, as the UTF-8 to UTF-16 kernel decodes them.

use super::ascii::ascii_up_to;
use super::utf8_window::{decode_window, padded, WINDOW};

/// The length of the longest prefix of `bytes` that is valid UTF-8: the index of the first
/// sequence that is invalid or cut off by the end of `bytes`, or `bytes.len()`.
///
/// With `std`, simdutf8's validator, which picks SSE4.2 or AVX2 at run time (de.txt: 2.2×
/// encoding_rs's instructions with the portable check, ja.txt 4.3×); without, core's, which
/// nearly every program already carries (the portable check of
/// [`portable_utf8_valid_up_to`], faster on ASCII-heavy text, would add 0.6 KiB to the
/// smallest programs).
#[inline]
pub(crate) fn utf8_valid_up_to(bytes: &[u8]) -> usize {
    #[cfg(feature = "std")]
    let valid = simdutf8::compat::from_utf8(bytes);
    #[cfg(not(feature = "std"))]
    let valid = core::str::from_utf8(bytes);
    match valid {
        Ok(_) => bytes.len(),
        Err(e) => e.valid_up_to(),
    }
}

/// `bytes` as a `str`, if it is UTF-8, through the same validator as [`utf8_valid_up_to`].
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline]
pub(crate) fn as_str(bytes: &[u8]) -> Option<&str> {
    #[cfg(feature = "std")]
    {
        simdutf8::basic::from_utf8(bytes).ok()
    }
    #[cfg(not(feature = "std"))]
    {
        core::str::from_utf8(bytes).ok()
    }
}

/// [`utf8_valid_up_to`] in safe, portable Rust: ASCII sixteen bytes at a time, other
/// characters from a four-byte window (the `mem` checks, which look at UTF-8 without
/// decoding it, use it).
#[inline]
pub(crate) fn portable_utf8_valid_up_to(bytes: &[u8]) -> usize {
    let mut i = 0;
    loop {
        i += ascii_up_to(bytes.get(i..).unwrap_or_default());
        // Characters one at a time until a run of ASCII or an invalid sequence.
        loop {
            let rest = bytes.get(i..).unwrap_or_default();
            let window = match rest.first_chunk::<WINDOW>() {
                Some(window) => *window,
                None => padded(rest),
            };
            let Some((len, _)) = decode_window(window, true) else {
                break;
            };
            i += len;
        }
        match bytes.get(i) {
            Some(b) if b.is_ascii() => {}
            _ => return i,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard library's answer.
    fn reference(bytes: &[u8]) -> usize {
        match core::str::from_utf8(bytes) {
            Ok(s) => s.len(),
            Err(e) => e.valid_up_to(),
        }
    }

    /// Both validators, the one `std` builds use and the portable one.
    fn check(bytes: &[u8]) -> usize {
        let portable = portable_utf8_valid_up_to(bytes);
        assert_eq!(utf8_valid_up_to(bytes), portable, "{bytes:x?}");
        assert_eq!(as_str(bytes).is_some(), portable == bytes.len());
        portable
    }

    #[test]
    fn every_two_byte_and_boundary_three_and_four_byte_input() {
        let others = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF5,
        ];
        for b0 in 0..=255u8 {
            for b1 in 0..=255u8 {
                assert_eq!(check(&[b0, b1]), reference(&[b0, b1]));
                for b2 in others {
                    let three = [b0, b1, b2];
                    assert_eq!(check(&three), reference(&three), "{three:x?}");
                    if b0 >= 0xF0 {
                        for b3 in others {
                            let four = [b0, b1, b2, b3, b'a'];
                            assert_eq!(check(&four), reference(&four));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn characters_and_errors_at_every_offset_and_alignment() {
        let inserts: [&[u8]; 8] = [
            "é".as_bytes(),
            "éé".as_bytes(),
            "日".as_bytes(),
            "😀".as_bytes(),
            b"\xC3",
            b"\xE6\x97",
            b"\xED\xA0\x80",
            b"\xFF",
        ];
        for align in 0..16 {
            for len in 0..=64 {
                for at in 0..=len {
                    for insert in inserts {
                        let mut v: Vec<u8> =
                            (0..align + len).map(|i| b'a' + (i % 26) as u8).collect();
                        v.splice(align + at..align + at, insert.iter().copied());
                        let src = &v[align..];
                        assert_eq!(check(src), reference(src), "{src:x?}");
                    }
                }
            }
        }
    }
}
