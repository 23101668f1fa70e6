//! Copying the ASCII prefix of text between byte and UTF-16 forms: the step a caller takes
//! before handling the rest of the text some slower way.

use crate::kernels::ascii::copy_ascii;
use crate::kernels::basic_latin::copy_basic_latin;

use super::room::assert_room;

/// Copies bytes from `src` to `dst` up to the first non-ASCII byte (or the end of `src`),
/// sixteen bytes at a time; returns the number copied.
///
/// # Panics
///
/// Panics if `dst` is shorter than `src`.
pub fn copy_ascii_to_ascii(src: &[u8], dst: &mut [u8]) -> usize {
    assert_room(src.len(), dst.len());
    copy_ascii(src, dst)
}

/// Copies bytes from `src` to `dst` as UTF-16 code units up to the first non-ASCII byte (or
/// the end of `src`), sixteen bytes at a time; returns the number of units written.
///
/// # Panics
///
/// Panics if `dst` is shorter than `src`.
pub fn copy_ascii_to_basic_latin(src: &[u8], dst: &mut [u16]) -> usize {
    assert_room(src.len(), dst.len());
    copy_ascii(src, dst)
}

/// Copies UTF-16 code units from `src` to `dst` as ASCII bytes up to the first unit that
/// is not Basic Latin (U+0000 to U+007F) or the end of `src`, sixteen units at a time;
/// returns the number of bytes written.
///
/// # Panics
///
/// Panics if `dst` is shorter than `src`.
pub fn copy_basic_latin_to_ascii(src: &[u16], dst: &mut [u8]) -> usize {
    assert_room(src.len(), dst.len());
    copy_basic_latin(src, dst)
}
