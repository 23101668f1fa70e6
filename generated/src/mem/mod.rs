//! Converting text between the forms programs hold it in (UTF-8 as `&[u8]` or `&str`,
//! UTF-16 as `&[u16]`, and "Latin1", one byte per code point from U+0000 to U+00FF), and
//! checking cheaply whether text needs the Unicode Bidirectional Algorithm: encoding_rs's
//! `mem` module, with the same items, signatures and behaviour.
//!
//! It exists for programs that keep text in more than one of these forms (a browser engine
//! storing Latin1 where it can and UTF-16 elsewhere, a binding to a UTF-16 API): the
//! conversions write into caller-provided slices instead of allocating, and work on runs
//! of text (sixteen ASCII bytes at a time, say) instead of a character at a time.
//!
//! "Latin1" here means the code points U+0000 to U+00FF, not windows-1252 (which the
//! Encoding Standard's "latin1" label names). The functions taking a destination document
//! the length it needs, and panic when it is shorter; the `_partial` functions instead
//! convert what fits and say how much that was.
//!
//! Everything here works without an allocator but [`decode_latin1`] and
//! [`encode_latin1_lossy`], which return a `Cow` and need the `alloc` feature.

mod bidi;
mod checks;
mod copy;
mod latin1;
mod latin1_bidi;
#[cfg(feature = "alloc")]
mod owned;
mod room;
mod to_str;
mod utf16_validity;
mod utf8_utf16;

pub use bidi::{is_char_bidi, is_str_bidi, is_utf16_bidi, is_utf16_code_unit_bidi, is_utf8_bidi};
pub use checks::{
    is_ascii, is_basic_latin, is_str_latin1, is_utf16_latin1, is_utf8_latin1, str_latin1_up_to,
    utf8_latin1_up_to,
};
pub use copy::{copy_ascii_to_ascii, copy_ascii_to_basic_latin, copy_basic_latin_to_ascii};
pub use latin1::{
    convert_latin1_to_utf16, convert_latin1_to_utf8, convert_latin1_to_utf8_partial,
    convert_utf16_to_latin1_lossy, convert_utf8_to_latin1_lossy,
};
pub use latin1_bidi::{
    check_str_for_latin1_and_bidi, check_utf16_for_latin1_and_bidi, check_utf8_for_latin1_and_bidi,
    Latin1Bidi,
};
#[cfg(feature = "alloc")]
pub use owned::{decode_latin1, encode_latin1_lossy};
pub use to_str::{
    convert_latin1_to_str, convert_latin1_to_str_partial, convert_utf16_to_str,
    convert_utf16_to_str_partial,
};
pub use utf16_validity::{ensure_utf16_validity, utf16_valid_up_to};
pub use utf8_utf16::{
    convert_str_to_utf16, convert_utf16_to_utf8, convert_utf16_to_utf8_partial,
    convert_utf8_to_utf16, convert_utf8_to_utf16_without_replacement,
};
