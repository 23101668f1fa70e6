//! Latin1 (one byte per code point from U+0000 to U+00FF) to and from UTF-8 and UTF-16:
//! how text stored compactly as Latin1 is handed to code that wants Unicode, and back.

use crate::kernels::latin1;

use super::checks::is_utf8_latin1;
use super::room::assert_room;

/// Converts Latin1 to UTF-16, one unit per byte, writing `src.len()` units to the start of
/// `dst`; vectorized.
///
/// # Panics
///
/// Panics if `dst` is shorter than `src`.
pub fn convert_latin1_to_utf16(src: &[u8], dst: &mut [u16]) {
    assert_room(src.len(), dst.len());
    latin1::widen(src, dst);
}

/// Converts Latin1 to UTF-8 as far as whole characters fit in `dst`, for callers that
/// convert into a fixed buffer instead of sizing it for the worst case; returns (bytes
/// read, bytes written).
///
/// Bytes 0x80 and up take two bytes in UTF-8; when the next one does not fit in what is
/// left of `dst`, the conversion stops before it. `dst` past the written bytes is left as
/// it was.
pub fn convert_latin1_to_utf8_partial(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    latin1::latin1_to_utf8(src, dst)
}

/// Converts Latin1 to UTF-8, all of it; returns the number of bytes written.
///
/// `dst` must hold the worst case, twice the length of `src`; `dst` past the written bytes
/// is left as it was.
///
/// # Panics
///
/// Panics if `dst` is shorter than twice the length of `src`.
pub fn convert_latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> usize {
    assert_room(src.len() * 2, dst.len());
    latin1::latin1_to_utf8(src, dst).1
}

/// Converts UTF-8 that holds only code points up to U+00FF to Latin1, one byte per code
/// point; returns the number of bytes written. For text already known to be Latin1 (check
/// with [`is_utf8_latin1`] or [`utf8_latin1_up_to`](super::utf8_latin1_up_to) first), which
/// is why other input is not checked in release builds.
///
/// Other input gives unspecified output (it may be anything, and may change between
/// versions), without reading or writing out of bounds.
///
/// # Panics
///
/// Panics if `dst` is shorter than `src`, and, with debug assertions enabled, if `src` is
/// not valid UTF-8 of code points up to U+00FF.
pub fn convert_utf8_to_latin1_lossy(src: &[u8], dst: &mut [u8]) -> usize {
    assert_room(src.len(), dst.len());
    debug_assert!(
        is_utf8_latin1(src),
        "convert_utf8_to_latin1_lossy: the input is not UTF-8 of code points up to U+00FF"
    );
    latin1::utf8_to_latin1(src, dst).1
}

/// Converts UTF-16 that holds only code points up to U+00FF to Latin1, one byte per unit,
/// writing `src.len()` bytes to the start of `dst`; vectorized. For text already known to
/// be Latin1 (check with [`is_utf16_latin1`](super::is_utf16_latin1) first).
///
/// Other units are not checked: they give unspecified bytes (today their low byte, which
/// may change between versions).
///
/// # Panics
///
/// Panics if `dst` is shorter than `src`.
pub fn convert_utf16_to_latin1_lossy(src: &[u16], dst: &mut [u8]) {
    assert_room(src.len(), dst.len());
    latin1::narrow(src, dst);
}
