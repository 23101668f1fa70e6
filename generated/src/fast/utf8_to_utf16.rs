//! UTF-8 to UTF-16, validating: runs of ASCII are widened in bulk, other characters decoded
//! one at a time from a four-byte window, so that every invalid or incomplete sequence
//! stops the conversion where it starts.

use super::ascii::convert_ascii_runs;
use super::runs::repeat_step;
#[cfg(test)]
use super::utf8_window::invalid_sequence_len;
use super::utf8_window::{decode_window, padded, Units, WINDOW};

/// Converts UTF-8 `src` to UTF-16 in `dst`, whole characters while `src` is valid and
/// `dst` has room; returns (bytes read, units written). Stops before the first sequence
/// that is invalid or cut off by the end of `src` (the caller tells which: see
/// [`invalid_sequence_len`](super::utf8_window::invalid_sequence_len)) and before the first character `dst` has no room for. `dst`
/// past the written units is left as it was.
#[inline]
pub(crate) fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    convert_ascii_runs(src, dst, |rest, out| repeat_step(rest, out, decode_one))
}

/// Converts the character at the start of `rest` (with its successor, when both are
/// two-byte sequences and `out` has room) into the start of `out`; returns (bytes read,
/// units written), or `None` at a run of two ASCII bytes (left to the bulk copy), an
/// invalid or cut-off sequence, or a character `out` has no room for.
#[inline(always)]
fn decode_one(rest: &[u8], out: &mut [u16]) -> Option<(usize, usize)> {
    // Four bytes read at once; near the end, padded.
    let window = match rest.first_chunk::<WINDOW>() {
        Some(window) => *window,
        None => padded(rest),
    };
    let (len, units) = decode_window(window, out.len() >= 2)?;
    match units {
        Units::One(u) => *out.first_mut()? = u,
        Units::Two(pair) => *out.first_chunk_mut::<2>()? = pair,
    }
    Some((len, units.len()))
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
        // Characters of every length, and pairs of the lengths converted two at a time.
        let text = "ab日😀cééשש日本😀😀dé";
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
