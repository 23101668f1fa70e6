//! UTF-16 code units (a JavaScript string) to UTF-8, with lone surrogates as U+FFFD: the
//! standard's "convert" of a DOMString to a USVString followed by the UTF-8 encoder.
//!
//! One function does it: `mem`'s conversion, which is `encodeInto()`'s.

use alloc::vec;
use alloc::vec::Vec;

/// Writes the UTF-8 of as many whole scalar values of `src` as fit in `dst`, a lone
/// surrogate becoming U+FFFD, and returns (code units read, bytes written). A surrogate
/// pair is one scalar value: both of its code units are read, or neither. The `mem`
/// module's conversion, whose fast paths the rest of the crate shares.
pub(crate) fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    crate::mem::convert_utf16_to_utf8_partial(src, dst)
}

/// The UTF-8 of all of `src`, a lone surrogate becoming U+FFFD.
pub(crate) fn utf16_to_utf8_vec(src: &[u16]) -> Vec<u8> {
    // A code unit becomes at most three bytes (a pair of them becomes four).
    let mut out = vec![0; src.len().saturating_mul(3)];
    let written = crate::mem::convert_utf16_to_utf8(src, &mut out);
    out.truncate(written);
    out
}
