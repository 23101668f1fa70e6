//! UTF-8 to UTF-16, validating: runs of ASCII are widened in bulk, other characters decoded
//! one at a time from a four-byte window, so that every invalid or incomplete sequence
//! stops the conversion where it starts.

use super::ascii::convert_ascii_runs;

/// Converts UTF-8 `src` to UTF-16 in `dst`, whole characters while `src` is valid and
/// `dst` has room; returns (bytes read, units written). Stops before the first sequence
/// that is invalid or cut off by the end of `src` (the caller tells which: see
/// [`invalid_sequence_len`]) and before the first character `dst` has no room for. `dst`
/// past the written units is left as it was.
#[inline]
pub(crate) fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    convert_ascii_runs(src, dst, decode_non_ascii)
}

/// Converts the characters at the start of `src`, the first not ASCII, into `dst`, until
/// a run of two ASCII bytes (left to the bulk copy), an invalid or cut-off sequence, or a
/// character `dst` has no room for; returns (bytes read, units written), `None` if none
/// was converted.
#[inline(always)]
fn decode_non_ascii(src: &[u8], dst: &mut [u16]) -> Option<(usize, usize)> {
    let mut read = 0;
    let mut written = 0;
    loop {
        let rest = src.get(read..).unwrap_or_default();
        let out = dst.get_mut(written..).unwrap_or_default();
        // Four bytes (one sequence of four, or two of two) read at once; near the end,
        // padded with zeros, which are not continuation bytes, so that a cut-off sequence
        // is invalid.
        let window = match rest.first_chunk::<WINDOW>() {
            Some(window) => *window,
            None => padded(rest),
        };
        let Some((len, units)) = decode_window(window) else {
            break;
        };
        match units {
            Units::One(u) => {
                let Some(slot) = out.first_mut() else {
                    break;
                };
                *slot = u;
                written += 1;
            }
            Units::Two(pair) => {
                let Some(slots) = out.first_chunk_mut::<2>() else {
                    break;
                };
                *slots = pair;
                written += 2;
            }
        }
        read += len;
    }
    (read > 0).then_some((read, written))
}

/// Bytes decoded from at once.
const WINDOW: usize = 4;

/// Up to [`WINDOW`] bytes of `rest`, then zeros.
#[inline(always)]
fn padded(rest: &[u8]) -> [u8; WINDOW] {
    let mut window = [0; WINDOW];
    for (w, b) in window.iter_mut().zip(rest) {
        *w = *b;
    }
    window
}

/// The UTF-16 of what a window held: one unit, or two (a surrogate pair, or two
/// characters).
enum Units {
    One(u16),
    Two([u16; 2]),
}

/// The character whose UTF-8 starts `window` (or the two, if both are two-byte sequences),
/// as (their length in bytes, their UTF-16); `None` if the sequence is invalid, or if it is
/// ASCII followed by ASCII (a run, for the bulk copy). An ASCII byte followed by anything
/// else is one character.
///
/// The window is read as one little-endian integer, so that the lead's length bits and every
/// continuation byte's two high bits are checked with one mask; the decoded value then
/// rules out what the bit patterns allow but UTF-8 does not (overlong forms, surrogates,
/// code points above U+10FFFF), which is the same set of sequences as Unicode's table 3-7.
#[inline(always)]
fn decode_window(window: [u8; WINDOW]) -> Option<(usize, Units)> {
    let w = u32::from_le_bytes(window);
    // The payload bits of the lead (under `lead_mask`) and of each continuation byte.
    let bits = |lead_mask: u32, len: u32| -> u32 {
        (1..len).fold(w & lead_mask, |acc, i| (acc << 6) | ((w >> (8 * i)) & 0x3F))
    };
    if w & 0x80 == 0 {
        // ASCII, one character only if a non-ASCII byte follows.
        return (w & 0x8000 != 0).then_some((1, Units::One((w & 0x7F) as u16)));
    }
    if w & 0xC0E0_C0E0 == 0x80C0_80C0 {
        // Two two-byte sequences, as in Cyrillic, Greek, Hebrew or Arabic text: both at
        // once. A lead below 0xC2 (an overlong form) has no payload bit above the trail's.
        let (first, second) = (((w & 0x1F) << 6) | ((w >> 8) & 0x3F), {
            let w = w >> 16;
            ((w & 0x1F) << 6) | ((w >> 8) & 0x3F)
        });
        if first >= 0x80 && second >= 0x80 {
            // Eleven bits each: the casts lose nothing.
            return Some((4, Units::Two([first as u16, second as u16])));
        }
    }
    if w & 0xC0E0 == 0x80C0 {
        let c = bits(0x1F, 2);
        // Eleven bits: the cast loses nothing.
        return (c >= 0x80).then_some((2, Units::One(c as u16)));
    }
    if w & 0x00C0_C0F0 == 0x0080_80E0 {
        let c = bits(0x0F, 3);
        // Sixteen bits: the cast loses nothing.
        return (c >= 0x800 && c & 0xF800 != 0xD800).then_some((3, Units::One(c as u16)));
    }
    if w & 0xC0C0_C0F8 == 0x8080_80F0 {
        let c = bits(0x07, 4);
        if !(0x1_0000..=0x10_FFFF).contains(&c) {
            return None;
        }
        let c = c - 0x1_0000;
        // Twenty bits: ten for each surrogate, so the casts lose nothing.
        let pair = [0xD800 | (c >> 10) as u16, 0xDC00 | (c & 0x3FF) as u16];
        return Some((4, Units::Two(pair)));
    }
    None
}

/// The length of the maximal subpart of an ill-formed sequence at the start of `rest` (at
/// least 1): the bytes one U+FFFD replaces under the Encoding Standard's UTF-8 decoder.
/// `rest` must start where [`utf8_to_utf16`] stopped for want of a valid sequence.
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes all of `src` the way a replacing caller does, through both functions.
    fn lossy(src: &[u8]) -> Vec<u16> {
        let mut dst = vec![0u16; src.len()];
        let (mut read, mut written) = (0, 0);
        loop {
            let (r, w) = utf8_to_utf16(&src[read..], &mut dst[written..]);
            read += r;
            written += w;
            if read == src.len() {
                dst.truncate(written);
                return dst;
            }
            dst[written] = 0xFFFD;
            written += 1;
            read += invalid_sequence_len(&src[read..]);
        }
    }

    /// The standard library's lossy decoding replaces the same maximal subparts.
    fn reference(src: &[u8]) -> Vec<u16> {
        String::from_utf8_lossy(src).encode_utf16().collect()
    }

    #[test]
    fn every_scalar_value_converts_alone_and_amid_ascii() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let mut buf = [0u8; 4];
            let s = c.encode_utf8(&mut buf);
            let mut dst = [0u16; 2];
            let (read, written) = utf8_to_utf16(s.as_bytes(), &mut dst);
            assert_eq!(read, s.len());
            assert_eq!(dst[..written], *c.encode_utf16(&mut [0; 2]));
        }
        let text = "ascii text, then é, ש, 日本, 😀, then more ascii text to fill a block";
        assert_eq!(lossy(text.as_bytes()), reference(text.as_bytes()));
    }

    #[test]
    fn every_two_and_three_byte_input_is_replaced_like_the_standard_library() {
        for b0 in 0..=255u8 {
            for b1 in 0..=255u8 {
                let two = [b0, b1];
                assert_eq!(lossy(&two), reference(&two), "{two:x?}");
                for b2 in [
                    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF5,
                ] {
                    let three = [b0, b1, b2];
                    assert_eq!(lossy(&three), reference(&three), "{three:x?}");
                }
            }
        }
    }

    #[test]
    fn adjacent_two_byte_sequences_convert_together_only_when_both_are_valid() {
        let seconds = [0x41, 0x7F, 0x80, 0xBF, 0xC0];
        for b0 in 0xC0..=0xDF {
            for b2 in (0xC0..=0xDF).chain([0x41, 0xE0]) {
                for b1 in seconds {
                    for b3 in seconds {
                        for tail in [&[][..], b"z", b"\xC3\xA9"] {
                            let mut src = vec![b0, b1, b2, b3];
                            src.extend_from_slice(tail);
                            assert_eq!(lossy(&src), reference(&src), "{src:x?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn four_byte_prefixes_are_replaced_like_the_standard_library() {
        let seconds = [0x7F, 0x80, 0x8F, 0x90, 0xBF, 0xC0];
        for b0 in 0xF0..=0xFF {
            for b1 in seconds {
                for b2 in [0x41, 0x80, 0xBF, 0xC0] {
                    for b3 in [0x41, 0x80, 0xBF, 0xC0] {
                        let four = [b0, b1, b2, b3, b'z'];
                        for len in 1..=four.len() {
                            let src = &four[..len];
                            assert_eq!(lossy(src), reference(src), "{src:x?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn stops_before_a_character_that_does_not_fit_and_leaves_the_rest() {
        let text = "ab日😀c";
        let units: Vec<u16> = text.encode_utf16().collect();
        for room in 0..=units.len() {
            let mut dst = vec![0xAAAAu16; room];
            let (read, written) = utf8_to_utf16(text.as_bytes(), &mut dst);
            let fits: Vec<u16> = text[..read].encode_utf16().collect();
            assert_eq!(dst[..written], fits[..]);
            assert!(dst[written..].iter().all(|&u| u == 0xAAAA));
            let next = text[read..].chars().next().map(char::len_utf16);
            assert!(next.is_none_or(|n| written + n > room), "room {room}");
        }
    }

    #[test]
    fn ascii_runs_at_every_length_and_alignment() {
        for align in 0..16 {
            for len in 0..=64 {
                for at in 0..=len {
                    let mut s: Vec<u8> = (0..align + len).map(|i| b'!' + (i % 90) as u8).collect();
                    s.splice(align + at..align + at, "é".bytes());
                    let src = &s[align..];
                    assert_eq!(lossy(src), reference(src), "align {align} len {len}");
                }
            }
        }
    }
}
