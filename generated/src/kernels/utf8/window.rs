//! One UTF-8 sequence at the start of a four-byte window: decoding it (the validating
//! kernels' step), and, where it is invalid, the length of what one U+FFFD replaces.

/// Bytes decoded from at once: the longest sequence, or two two-byte ones.
pub(crate) const LONGEST: usize = 4;

/// Up to [`LONGEST`] bytes of `rest`, then zeros, which are not continuation bytes, so that
/// a sequence cut off by the end of the input is invalid.
#[inline(always)]
pub(crate) fn padded(rest: &[u8]) -> [u8; LONGEST] {
    let mut window = [0; LONGEST];
    for (w, b) in window.iter_mut().zip(rest) {
        *w = *b;
    }
    window
}

/// The code point of the `len`-byte sequence at the start of `w` (little-endian: its first
/// byte the lowest), unchecked: the payload bits of the lead (under `lead_mask`) and six of
/// each continuation byte.
#[inline(always)]
pub(crate) fn payload(w: u32, lead_mask: u32, len: u32) -> u32 {
    (1..len).fold(w & lead_mask, |acc, i| (acc << 6) | ((w >> (8 * i)) & 0x3F))
}

/// The character whose UTF-8 starts `window` (or, with `two`, the two if both are two-byte
/// sequences), as (their length in bytes, their UTF-16, its number of units: the second
/// unit is a trail surrogate or the second character's); `None` if the sequence is invalid,
/// or if it is ASCII followed by ASCII (a span, for the bulk copy). An ASCII byte followed
/// by anything else is one character. A caller with room for one unit only asks without
/// `two`, so that a character that fits is never held back by the next.
///
/// The window is read as one little-endian integer, so that the lead's length bits and every
/// continuation byte's two high bits are checked with one mask; the decoded value then
/// rules out what the bit patterns allow but UTF-8 does not (overlong forms, surrogates,
/// code points above U+10FFFF), which is the same set of sequences as Unicode's table 3-7.
#[inline(always)]
pub(crate) fn decode_window(window: [u8; LONGEST], two: bool) -> Option<(usize, [u16; 2], usize)> {
    let w = u32::from_le_bytes(window);
    let bits = |lead_mask: u32, len: u32| payload(w, lead_mask, len);
    if w & 0x80 == 0 {
        // ASCII, one character only if a non-ASCII byte follows.
        return (w & 0x8000 != 0).then_some((1, [(w & 0x7F) as u16, 0], 1));
    }
    if w & 0x00C0_C0F0 == 0x0080_80E0 {
        let c = bits(0x0F, 3);
        // Sixteen bits: the cast loses nothing.
        return (c >= 0x800 && c & 0xF800 != 0xD800).then_some((3, [c as u16, 0], 1));
    }
    if two && w & 0xC0E0_C0E0 == 0x80C0_80C0 {
        // Two two-byte sequences, as in Cyrillic, Greek, Hebrew or Arabic text: both at
        // once. A lead below 0xC2 (an overlong form) has no payload bit above the trail's.
        let (first, second) = (((w & 0x1F) << 6) | ((w >> 8) & 0x3F), {
            let w = w >> 16;
            ((w & 0x1F) << 6) | ((w >> 8) & 0x3F)
        });
        if first >= 0x80 && second >= 0x80 {
            // Eleven bits each: the casts lose nothing.
            return Some((4, [first as u16, second as u16], 2));
        }
    }
    if w & 0xC0E0 == 0x80C0 {
        let c = bits(0x1F, 2);
        // Eleven bits: the cast loses nothing.
        return (c >= 0x80).then_some((2, [c as u16, 0], 1));
    }
    if w & 0xC0C0_C0F8 == 0x8080_80F0 {
        let c = bits(0x07, 4);
        if !(0x1_0000..=0x10_FFFF).contains(&c) {
            return None;
        }
        let c = c - 0x1_0000;
        // Twenty bits: ten for each surrogate, so the casts lose nothing.
        let pair = [0xD800 | (c >> 10) as u16, 0xDC00 | (c & 0x3FF) as u16];
        return Some((4, pair, 2));
    }
    None
}

/// The length of the maximal subpart of an ill-formed sequence at the start of `rest` (at
/// least 1): the bytes one U+FFFD replaces under the Encoding Standard's UTF-8 decoder.
/// `rest` must start where [`decode_window`] found no valid sequence.
#[inline]
pub(crate) fn invalid_sequence_len(rest: &[u8]) -> usize {
    match *rest {
        // The first three bytes of a four-byte sequence.
        [0xF0, 0x90..=0xBF, 0x80..=0xBF, ..]
        | [0xF1..=0xF3, 0x80..=0xBF, 0x80..=0xBF, ..]
        | [0xF4, 0x80..=0x8F, 0x80..=0xBF, ..] => 3,
        // The first two bytes of a three- or four-byte sequence.
        [0xE0, 0xA0..=0xBF, ..]
        | [0xE1..=0xEC | 0xEE..=0xEF, 0x80..=0xBF, ..]
        | [0xED, 0x80..=0x9F, ..]
        | [0xF0, 0x90..=0xBF, ..]
        | [0xF1..=0xF3, 0x80..=0xBF, ..]
        | [0xF4, 0x80..=0x8F, ..] => 2,
        _ => 1,
    }
}
