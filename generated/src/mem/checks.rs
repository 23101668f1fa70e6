//! Whether text is all ASCII or all Latin1, and where it stops being Latin1: the checks
//! that let a caller store text in a narrower form.

use crate::kernels::ascii::ascii_up_to;
use crate::kernels::basic_latin::units_below_up_to;
use crate::kernels::latin1;
use crate::kernels::walk::first_byte_at_least;

/// Checks whether bytes are all ASCII, so that they can be used as UTF-8, Latin1 or any
/// ASCII-compatible encoding unchanged. Checks sixteen bytes at a time.
pub fn is_ascii(buffer: &[u8]) -> bool {
    ascii_up_to(buffer) == buffer.len()
}

/// Checks whether UTF-16 is all Basic Latin (U+0000 to U+007F), so that it can be narrowed
/// to ASCII. Checks sixteen units at a time.
pub fn is_basic_latin(buffer: &[u16]) -> bool {
    units_below_up_to(buffer, 0x80) == buffer.len()
}

/// Checks whether bytes are valid UTF-8 of code points up to U+00FF only, so that the text
/// can be stored as Latin1 (one byte per code point).
///
/// Returns `false` for invalid UTF-8, as soon as it meets the first invalid or non-Latin1
/// sequence.
pub fn is_utf8_latin1(buffer: &[u8]) -> bool {
    utf8_latin1_up_to(buffer) == buffer.len()
}

/// Checks whether a string has code points up to U+00FF only, so that it can be stored as
/// Latin1 (one byte per code point). Stops at the first code point above U+00FF.
pub fn is_str_latin1(buffer: &str) -> bool {
    str_latin1_up_to(buffer) == buffer.len()
}

/// Checks whether UTF-16 has code points up to U+00FF only, so that it can be narrowed to
/// Latin1 (one byte per code point). Any surrogate makes it `false`.
pub fn is_utf16_latin1(buffer: &[u16]) -> bool {
    units_below_up_to(buffer, 0x100) == buffer.len()
}

/// Returns the index of the first byte that starts a UTF-8 sequence which is invalid or
/// encodes a code point above U+00FF, or `buffer.len()` if there is none: how much of the
/// text a caller can store as Latin1.
pub fn utf8_latin1_up_to(buffer: &[u8]) -> usize {
    latin1::utf8_latin1_up_to(buffer)
}

/// Returns the index of the first byte of the first code point above U+00FF, or
/// `buffer.len()` if there is none: how much of the string a caller can store as Latin1.
pub fn str_latin1_up_to(buffer: &str) -> usize {
    // In UTF-8, every code point above U+00FF has a lead byte of 0xC4 or more, and every
    // other byte is below 0xC4.
    first_byte_at_least(buffer.as_bytes(), 0xC4)
}
