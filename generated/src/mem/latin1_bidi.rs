//! Latin1 and bidi in one classification: a browser engine asks both of each text node
//! (store it as Latin1? does it need the Bidirectional Algorithm?), and one walk answers.

use crate::kernels::basic_latin::units_below_up_to;

use super::bidi::{is_str_bidi, is_utf16_bidi, is_utf8_bidi};
use super::checks::{str_latin1_up_to, utf8_latin1_up_to};

/// What text needs, from least to most: it is all Latin1, or it has characters above
/// U+00FF but none right-to-left, or it has a right-to-left character. Latin1 text never
/// needs bidirectional processing, so the three do not overlap.
///
/// `#[repr(C)]` with the values 0, 1 and 2, as in encoding_rs, so that it crosses an FFI
/// boundary as the same integers.
#[must_use]
#[derive(Debug, PartialEq, Eq)]
#[repr(C)]
pub enum Latin1Bidi {
    /// Every character is below U+0100.
    Latin1 = 0,
    /// At least one character is U+0100 or above, and none is right-to-left.
    LeftToRight = 1,
    /// At least one character is right-to-left (as
    /// [`is_char_bidi`](super::is_char_bidi) defines it).
    Bidi = 2,
}

/// The classification of text whose Latin1 prefix is `latin1_len` long (of `len`), given
/// how to ask whether the rest is bidi.
#[inline]
fn classify(latin1_len: usize, len: usize, rest_is_bidi: impl FnOnce() -> bool) -> Latin1Bidi {
    if latin1_len == len {
        Latin1Bidi::Latin1
    } else if rest_is_bidi() {
        Latin1Bidi::Bidi
    } else {
        Latin1Bidi::LeftToRight
    }
}

/// Classifies bytes that should be UTF-8 as Latin1, left-to-right or bidi in one walk (the
/// Latin1 prefix is not examined twice).
///
/// `Latin1` exactly when [`is_utf8_latin1`](super::is_utf8_latin1) holds; otherwise `Bidi`
/// when [`is_utf8_bidi`] holds, which includes invalid UTF-8; otherwise `LeftToRight`.
pub fn check_utf8_for_latin1_and_bidi(buffer: &[u8]) -> Latin1Bidi {
    let latin1 = utf8_latin1_up_to(buffer);
    classify(latin1, buffer.len(), || {
        // The prefix ends on a character boundary, so the rest is valid exactly when the
        // whole is.
        is_utf8_bidi(buffer.get(latin1..).unwrap_or_default())
    })
}

/// Classifies a string as Latin1, left-to-right or bidi in one walk.
///
/// `Latin1` exactly when [`is_str_latin1`](super::is_str_latin1) holds; otherwise `Bidi`
/// when [`is_str_bidi`] holds; otherwise `LeftToRight`.
pub fn check_str_for_latin1_and_bidi(buffer: &str) -> Latin1Bidi {
    let latin1 = str_latin1_up_to(buffer);
    classify(latin1, buffer.len(), || {
        is_str_bidi(buffer.get(latin1..).unwrap_or_default())
    })
}

/// Classifies UTF-16, valid or not, as Latin1, left-to-right or bidi in one walk.
///
/// `Latin1` exactly when [`is_utf16_latin1`](super::is_utf16_latin1) holds; otherwise
/// `Bidi` when [`is_utf16_bidi`] holds (which judges each unit alone, so an unpaired high
/// surrogate of a right-to-left area counts); otherwise `LeftToRight`.
pub fn check_utf16_for_latin1_and_bidi(buffer: &[u16]) -> Latin1Bidi {
    let latin1 = units_below_up_to(buffer, 0x100);
    classify(latin1, buffer.len(), || {
        is_utf16_bidi(buffer.get(latin1..).unwrap_or_default())
    })
}
