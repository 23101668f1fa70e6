//! Converting UTF-16 and Latin1 into a `&mut str`, so that a caller gets UTF-8 whose
//! validity the type system vouches for, in a buffer it provides.
//!
//! Writing into a `str` goes through `forms::str_bytes::write_into_str`, which borrows its
//! bytes and keeps it a `str`; only [`write_str`] calls it, and only this file's functions
//! call that, each with one of two kernels.

use crate::forms::str_bytes::write_into_str;
use crate::kernels::latin1::latin1_to_utf8;
use crate::kernels::utf16::to_utf8::utf16_to_utf8;

use super::room::assert_room;

/// How many bytes after the written ones [`convert_latin1_to_str_partial`] clears:
/// encoding_rs 0.8.44 clears that many (its copy may write past its count), and the bytes
/// are observable, so they are cleared here too.
const LATIN1_CLEARED: usize = 16;

/// Runs `kernel` from `src` into the bytes of `dst`, then keeps `dst` a `str`: clears (sets
/// to zero) the `clear` bytes after the written ones, then any continuation bytes that
/// follow, which belonged to a character the output overwrote the start of. Returns the
/// kernel's (read, written).
fn write_str<S>(
    src: &[S],
    dst: &mut str,
    kernel: fn(&[S], &mut [u8]) -> (usize, usize),
    clear: usize,
) -> (usize, usize) {
    // SAFETY: `write_into_str`'s contract: `kernel` is `utf16_to_utf8` or `latin1_to_utf8`
    // (the callers below), which write whole UTF-8 sequences only, each only when all of it
    // fits, and leave the bytes past `written` as they were. Reached by
    // spec-tests/tests/mem.rs, which converts into `str`s of every length and checks the
    // whole `str` after each call.
    unsafe {
        write_into_str(dst, clear, |bytes| {
            let (read, written) = kernel(src, bytes);
            ((read, written), written)
        })
    }
}

/// Converts UTF-16 into a `str` as far as whole characters fit, each unpaired surrogate
/// as U+FFFD REPLACEMENT CHARACTER; returns (units read, bytes written). The `str`
/// counterpart of [`convert_utf16_to_utf8_partial`](super::convert_utf16_to_utf8_partial).
///
/// After the written bytes, the continuation bytes of a character of the old contents
/// whose start was overwritten are set to zero (U+0000), so that `dst` stays valid; the
/// rest of `dst` is left as it was.
pub fn convert_utf16_to_str_partial(src: &[u16], dst: &mut str) -> (usize, usize) {
    write_str(src, dst, utf16_to_utf8, 0)
}

/// Converts UTF-16 into a `str`, all of it, each unpaired surrogate as U+FFFD REPLACEMENT
/// CHARACTER; returns the number of bytes written. After them, `dst` is as
/// [`convert_utf16_to_str_partial`] leaves it.
///
/// # Panics
///
/// Panics if `dst` is shorter than three times the length of `src`.
pub fn convert_utf16_to_str(src: &[u16], dst: &mut str) -> usize {
    assert_room(src.len() * 3, dst.len());
    write_str(src, dst, utf16_to_utf8, 0).1
}

/// Converts Latin1 (one byte per code point up to U+00FF) into a `str` as far as whole
/// characters fit; returns (bytes read, bytes written).
///
/// After the written bytes, `dst` is set to zero (U+0000) for 16 bytes, as encoding_rs
/// 0.8.44 leaves it, and then for the continuation bytes of any character of the old
/// contents whose start was overwritten; the rest of `dst` is left as it was.
pub fn convert_latin1_to_str_partial(src: &[u8], dst: &mut str) -> (usize, usize) {
    write_str(src, dst, latin1_to_utf8, LATIN1_CLEARED)
}

/// Converts Latin1 (one byte per code point up to U+00FF) into a `str`, all of it; returns
/// the number of bytes written. After them, `dst` is as [`convert_latin1_to_str_partial`]
/// leaves it.
///
/// # Panics
///
/// Panics if `dst` is shorter than twice the length of `src`.
pub fn convert_latin1_to_str(src: &[u8], dst: &mut str) -> usize {
    assert_room(src.len() * 2, dst.len());
    write_str(src, dst, latin1_to_utf8, LATIN1_CLEARED).1
}
