//! Whether text contains right-to-left characters, so that a caller (a browser laying out
//! text, say) can skip the Unicode Bidirectional Algorithm for text that has none.

use crate::kernels::utf8::valid::portable_utf8_valid_up_to as utf8_valid_up_to;

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
/// when it is in a Unicode block of right-to-left scripts, assigned or not (the areas
/// Unicode reserves for right-to-left scripts), that is:
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

/// Whether `b` may lead a right-to-left character in UTF-8: 0xD6 to 0xE0 (U+0580 to
/// U+08FF, with more), 0xE2 (the controls), 0xEF (the presentation forms) or 0xF0 (the
/// supplementary areas). No other byte, continuation bytes included, can. Without a branch,
/// so that a fold over a block vectorizes: the cheap first look at a block.
#[inline(always)]
fn may_lead_bidi(b: u8) -> bool {
    (b.wrapping_sub(0xD6) <= 0xE0 - 0xD6) | (b == 0xE2) | (b == 0xEF) | (b == 0xF0)
}

/// Whether the valid UTF-8 whose first three bytes are `b0`, `b1`, `b2` (zeros past the
/// end) starts with a right-to-left character: [`is_char_bidi`]'s ranges, spelled as the
/// byte sequences they encode to, so that nothing is decoded. Without a branch, so that a
/// fold over a block vectorizes (four-byte sequences need only their first three bytes).
#[inline(always)]
fn starts_bidi(b0: u8, b1: u8, b2: u8) -> bool {
    let within = |b: u8, lo: u8, hi: u8| b.wrapping_sub(lo) <= hi - lo;
    // U+0590 to U+08FF: D6 90 to DF BF, E0 A0 80 to E0 A3 BF.
    let hebrew_to_arabic = (b0 == 0xD6) & (b1 >= 0x90)
        | within(b0, 0xD7, 0xDF)
        | (b0 == 0xE0) & within(b1, 0xA0, 0xA3);
    // U+200F (E2 80 8F), U+202B (E2 80 AB), U+202E (E2 80 AE), U+2067 (E2 81 A7).
    let controls = (b0 == 0xE2)
        & ((b1 == 0x80) & ((b2 == 0x8F) | (b2 == 0xAB) | (b2 == 0xAE))
            | (b1 == 0x81) & (b2 == 0xA7));
    // U+FB1D to U+FDFF (EF AC 9D to EF B7 BF), U+FE70 to U+FEFE (EF B9 B0 to EF BB BE).
    let presentation_forms = (b0 == 0xEF)
        & ((b1 == 0xAC) & (b2 >= 0x9D)
            | within(b1, 0xAD, 0xB7)
            | (b1 == 0xB9) & (b2 >= 0xB0)
            | (b1 == 0xBA)
            | (b1 == 0xBB) & (b2 <= 0xBE));
    // U+10800 to U+10FFF (F0 90 A0 to F0 90 BF), U+1E800 to U+1EFFF (F0 9E A0 to F0 9E BF).
    let supplementary = (b0 == 0xF0) & ((b1 == 0x90) | (b1 == 0x9E)) & (b2 >= 0xA0);
    hebrew_to_arabic | controls | presentation_forms | supplementary
}

/// Whether valid UTF-8 contains a right-to-left character. Blocks of 32 bytes in which no
/// byte can lead one are skipped after one cheap look; the others get the exact look, still
/// a block at a time.
fn utf8_has_bidi(bytes: &[u8]) -> bool {
    const BLOCK: usize = 32;
    let mut i = 0;
    // A block and the two bytes after it, which its last characters may end in.
    while let Some(window) = bytes
        .get(i..)
        .and_then(|rest| rest.first_chunk::<{ BLOCK + 2 }>())
    {
        let candidate = window[..BLOCK]
            .iter()
            .fold(false, |acc, &b| acc | may_lead_bidi(b));
        if candidate
            && (0..BLOCK).fold(false, |acc, j| {
                acc | starts_bidi(window[j], window[j + 1], window[j + 2])
            })
        {
            return true;
        }
        i += BLOCK;
    }
    let tail = bytes.get(i..).unwrap_or_default();
    let mut window = [0; BLOCK + 4];
    for (w, b) in window.iter_mut().zip(tail) {
        *w = *b;
    }
    (0..tail.len()).any(|j| starts_bidi(window[j], window[j + 1], window[j + 2]))
}

/// Checks whether UTF-8 text contains a right-to-left character (as [`is_char_bidi`]
/// defines it), so that a caller can skip bidirectional processing of text without one.
/// Looks at 32 bytes at a time.
pub fn is_str_bidi(buffer: &str) -> bool {
    utf8_has_bidi(buffer.as_bytes())
}

/// Checks whether bytes that should be UTF-8 contain a right-to-left character (as
/// [`is_char_bidi`] defines it), for text not yet validated.
///
/// Returns `true` also when `buffer` is not valid UTF-8: invalid text gets the careful
/// treatment. Validates and checks a window at a time (64 bytes, doubling up to 4 KiB), so
/// that right-to-left text is answered for without validating all of it.
pub fn is_utf8_bidi(buffer: &[u8]) -> bool {
    let mut start = 0;
    let mut window = 64;
    loop {
        let end = buffer.len().min(start + window);
        let checked = buffer.get(start..end).unwrap_or_default();
        let valid = utf8_valid_up_to(checked);
        if utf8_has_bidi(checked.get(..valid).unwrap_or_default()) {
            return true;
        }
        if end == buffer.len() {
            return valid < checked.len();
        }
        // A sequence the window's end cuts off (at most three bytes) is checked again by
        // the next window; an invalid sequence before that is an error.
        if checked.len() - valid >= 4 {
            return true;
        }
        start += valid;
        window = (window * 2).min(4096);
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
