//! UTF-8 to and from UTF-16: how text crosses between Rust strings and UTF-16 APIs (a
//! JavaScript engine, Windows, Java), into caller-provided buffers.

use crate::kernels::utf16::to_utf8::{utf16_to_utf8, utf16_to_utf8_overwriting};
use crate::kernels::utf8::to_utf16::invalid_sequence_len;
use crate::kernels::utf8::to_utf16::utf8_to_utf16_overwriting;

use super::room::assert_room;

/// Converts bytes that should be UTF-8 to valid UTF-16, each invalid sequence replaced
/// with U+FFFD REPLACEMENT CHARACTER as the Encoding Standard's UTF-8 decoder replaces
/// it; returns the number of units written.
///
/// `dst` must be longer than `src` by at least one unit (encoding_rs requires the extra
/// unit, so this does too, for code that moves between the two).
///
/// # Panics
///
/// Panics if `dst` is not longer than `src`.
pub fn convert_utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> usize {
    assert_room(src.len() + 1, dst.len());
    let mut read = 0;
    let mut written = 0;
    loop {
        let (r, w) = utf8_to_utf16_overwriting(
            src.get(read..).unwrap_or_default(),
            dst.get_mut(written..).unwrap_or_default(),
        );
        read += r;
        written += w;
        let rest = src.get(read..).unwrap_or_default();
        if rest.is_empty() {
            return written;
        }
        // Every invalid sequence is at least one byte long and writes one unit, so `dst`,
        // at least as long as `src`, has room.
        let Some(slot) = dst.get_mut(written) else {
            return written;
        };
        *slot = 0xFFFD;
        written += 1;
        read += invalid_sequence_len(rest);
    }
}

/// Converts a string to UTF-16; returns the number of units written.
///
/// `dst` must be at least as long as `src` in bytes (no character has more UTF-16 units
/// than UTF-8 bytes).
///
/// # Panics
///
/// Panics if `dst` is shorter than `src`.
pub fn convert_str_to_utf16(src: &str, dst: &mut [u16]) -> usize {
    assert_room(src.len(), dst.len());
    utf8_to_utf16_overwriting(src.as_bytes(), dst).1
}

/// Converts bytes that should be UTF-8 to UTF-16, for callers that must reject invalid
/// input rather than repair it; returns the number of units written, or `None` if `src` is
/// not valid UTF-8 (then some of `dst` may have been written).
///
/// # Panics
///
/// Panics if `dst` is shorter than `src`.
pub fn convert_utf8_to_utf16_without_replacement(src: &[u8], dst: &mut [u16]) -> Option<usize> {
    assert_room(src.len(), dst.len());
    let (read, written) = utf8_to_utf16_overwriting(src, dst);
    (read == src.len()).then_some(written)
}

/// Converts UTF-16 to UTF-8 as far as whole characters fit in `dst`, each unpaired
/// surrogate as U+FFFD REPLACEMENT CHARACTER; returns (units read, bytes written). This is
/// the Encoding Standard's `TextEncoder.encodeInto()`: converting into a buffer of fixed
/// size instead of one sized for the worst case.
///
/// `dst` past the written bytes is left as it was. A call is not a step of a stream: a
/// high surrogate at the end of `src` (or a low one at its start) is unpaired here, even if
/// its partner is in the next call's input.
///
/// To write into a `&mut str`, use
/// [`convert_utf16_to_str_partial`](super::convert_utf16_to_str_partial).
pub fn convert_utf16_to_utf8_partial(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    utf16_to_utf8(src, dst)
}

/// Converts UTF-16 to UTF-8, all of it, each unpaired surrogate as U+FFFD REPLACEMENT
/// CHARACTER; returns the number of bytes written.
///
/// `dst` must hold the worst case, three bytes per unit of `src`. Bytes of `dst` past the
/// written ones may be overwritten ([`convert_utf16_to_utf8_partial`] keeps them).
///
/// To write into a `&mut str`, use [`convert_utf16_to_str`](super::convert_utf16_to_str).
///
/// # Panics
///
/// Panics if `dst` is shorter than three times the length of `src`.
pub fn convert_utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> usize {
    assert_room(src.len() * 3, dst.len());
    utf16_to_utf8_overwriting(src, dst).1
}
