//! Whether text contains right-to-left characters, so that a caller (a browser laying out
//! text, say) can skip the Unicode Bidirectional Algorithm for text that has none.

use crate::fast::scan::first_byte_at_least;

/// Whether `u` is in `lo..=hi`, without a branch, so that folds over blocks of units
/// vectorize.
#[inline(always)]
fn in_range(u: u16, lo: u16, hi: u16) -> bool {
    u.wrapping_sub(lo) <= hi - lo
}

/// Checks whether a character makes its text need bidirectional processing, so that text
/// can be classified a character at a time.
///
/// The definition, shared by every bidi check in this module: a character is right-to-left
/// when it is in a Unicode block of right-to-left scripts, assigned or not (the ranges
/// whose default bidi class is R or AL), that is:
///
/// - U+0590 to U+08FF (Hebrew through Arabic Extended-A),
/// - U+FB1D to U+FB4F (the Hebrew presentation forms of Alphabetic Presentation Forms,
///   taken as a block of their own) and U+FB50 to U+FDFF (Arabic Presentation Forms-A),
/// - U+FE70 to U+FEFE (Arabic Presentation Forms-B, less U+FEFF, the byte order mark),
/// - U+10800 to U+10FFF and U+1E800 to U+1EFFF (the supplementary right-to-left areas),
///
/// or one of the four RIGHT-TO-LEFT controls of General Punctuation: U+200F MARK, U+202B
/// EMBEDDING, U+202E OVERRIDE and U+2067 ISOLATE. Other bidi controls are left out: they
/// change nothing without a right-to-left character or control.
#[inline]
pub fn is_char_bidi(c: char) -> bool {
    matches!(
        u32::from(c),
        0x0590..=0x08FF
            | 0x200F
            | 0x202B
            | 0x202E
            | 0x2067
            | 0xFB1D..=0xFDFF
            | 0xFE70..=0xFEFE
            | 0x1_0800..=0x1_0FFF
            | 0x1_E800..=0x1_EFFF
    )
}

/// Checks whether a UTF-16 code unit makes its text need bidirectional processing, so that
/// UTF-16 can be classified without pairing surrogates.
///
/// A unit that is a character is right-to-left as [`is_char_bidi`] says. The supplementary
/// right-to-left areas are whole multiples of 1024 code points, so their high surrogates
/// (0xD802, 0xD803, 0xD83A and 0xD83B) tell them apart: those are right-to-left, paired or
/// not. Low surrogates are not.
#[inline]
pub fn is_utf16_code_unit_bidi(u: u16) -> bool {
    in_range(u, 0x0590, 0x08FF)
        | (u == 0x200F)
        | (u == 0x202B)
        | (u == 0x202E)
        | (u == 0x2067)
        | in_range(u, 0xD802, 0xD803)
        | in_range(u, 0xD83A, 0xD83B)
        | in_range(u, 0xFB1D, 0xFDFF)
        | in_range(u, 0xFE70, 0xFEFE)
}

/// Checks whether UTF-8 text contains a right-to-left character (as [`is_char_bidi`]
/// defines it), so that a caller can skip bidirectional processing of text without one.
///
/// Characters below U+0580 are skipped 32 bytes at a time.
pub fn is_str_bidi(buffer: &str) -> bool {
    let bytes = buffer.as_bytes();
    let mut i = 0;
    loop {
        // Every byte below 0xD6 is ASCII, a continuation byte or the lead of a character
        // below U+0580, none of them right-to-left.
        i += first_byte_at_least(bytes.get(i..).unwrap_or_default(), 0xD6);
        // Then characters one at a time while they are led by such a byte.
        loop {
            let Some(c) = buffer.get(i..).and_then(|rest| rest.chars().next()) else {
                return false;
            };
            if is_char_bidi(c) {
                return true;
            }
            i += c.len_utf8();
            if bytes.get(i).is_none_or(|&b| b < 0xD6) {
                break;
            }
        }
    }
}

/// Checks whether bytes that should be UTF-8 contain a right-to-left character (as
/// [`is_char_bidi`] defines it), for text not yet validated.
///
/// Returns `true` also when `buffer` is not valid UTF-8: invalid text gets the careful
/// treatment.
pub fn is_utf8_bidi(buffer: &[u8]) -> bool {
    match core::str::from_utf8(buffer) {
        Ok(s) => is_str_bidi(s),
        Err(_) => true,
    }
}

/// Checks whether UTF-16 text contains a right-to-left character, so that a caller can
/// skip bidirectional processing of text without one.
///
/// Each unit is judged alone, by [`is_utf16_code_unit_bidi`]: an unpaired high surrogate
/// that would lead a right-to-left character counts as one; the text need not be valid.
pub fn is_utf16_bidi(buffer: &[u16]) -> bool {
    // Whole chunks are folded without an early exit, which the compiler vectorizes.
    buffer.chunks(32).any(|chunk| {
        chunk
            .iter()
            .fold(false, |acc, &u| acc | is_utf16_code_unit_bidi(u))
    })
}
