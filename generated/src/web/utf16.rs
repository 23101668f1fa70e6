//! UTF-16 code units (a JavaScript string) to UTF-8, with lone surrogates as U+FFFD: the
//! standard's "convert" of a DOMString to a USVString followed by the UTF-8 encoder.
//!
//! One function does it, so that a faster kernel can later take its place in one spot.

use alloc::vec;
use alloc::vec::Vec;

/// Writes the UTF-8 of as many whole scalar values of `src` as fit in `dst`, a lone
/// surrogate becoming U+FFFD, and returns (code units read, bytes written). A surrogate
/// pair is one scalar value: both of its code units are read, or neither.
pub(crate) fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    let (mut read, mut written) = (0, 0);
    for unit in char::decode_utf16(src.iter().copied()) {
        let (c, units) = match unit {
            Ok(c) => (c, c.len_utf16()),
            Err(_) => ('\u{FFFD}', 1),
        };
        let Some(out) = dst.get_mut(written..written + c.len_utf8()) else {
            break;
        };
        c.encode_utf8(out);
        read += units;
        written += c.len_utf8();
    }
    (read, written)
}

/// The UTF-8 of all of `src`, a lone surrogate becoming U+FFFD.
pub(crate) fn utf16_to_utf8_vec(src: &[u16]) -> Vec<u8> {
    // A code unit becomes at most three bytes (a pair of them becomes four).
    let mut out = vec![0; src.len().saturating_mul(3)];
    let (_, written) = utf16_to_utf8(src, &mut out);
    out.truncate(written);
    out
}
