//! UTF-16 to UTF-8, with unpaired surrogates as U+FFFD: runs of Basic Latin are narrowed
//! in bulk, other characters encoded one at a time from a two-unit window; or, where the
//! caller lets bytes past the output be overwritten, through the UTF-16LE decoder's kernel
//! ([`utf16_to_utf8_overwriting`]).

use crate::kernels::basic_latin::copy_basic_latin;
use crate::kernels::runs::{convert_runs, repeat_step};
#[cfg(target_endian = "little")]
use crate::kernels::uninit::as_uninit;
use crate::kernels::utf16::bytes;
use crate::kernels::utf8::pack::{bmp_non_ascii, surrogate_pair};

/// Converts UTF-16 `src` to UTF-8 in `dst`, whole characters while they fit, each unpaired
/// surrogate (including a high surrogate that ends `src`) as U+FFFD; returns (units read,
/// bytes written). `dst` past the written bytes is left as it was.
#[inline]
pub(crate) fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    convert_runs(
        src,
        dst,
        |u| u < 0x80,
        copy_basic_latin,
        |rest, out| repeat_step(rest, out, encode_one),
    )
}

/// As [`utf16_to_utf8`], but up to [`BLOCK_OUT`](crate::kernels::block::BLOCK_OUT) bytes of
/// `dst` past the written ones may be overwritten. On little-endian targets the units are
/// read as UTF-16LE's byte pairs by [`to_utf8`](crate::kernels::utf16::bytes::to_utf8), the
/// UTF-16LE decoder's kernel with its blocks for each instruction set; what it stops at (an
/// unpaired surrogate, or room for less than its next block's smallest character) goes to
/// [`utf16_to_utf8`] a character at a time.
#[inline]
pub(crate) fn utf16_to_utf8_overwriting(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    #[cfg(target_endian = "little")]
    {
        let mut read = 0;
        let mut written = 0;
        loop {
            let rest = src.get(read..).unwrap_or_default();
            // SAFETY: the `rest.len()` units at `rest.as_ptr()` are `2 * rest.len()`
            // initialised bytes of one allocation, borrowed for as long as `rest` is, and
            // any byte is a valid `u8` at any alignment; on a little-endian target they
            // are the units' UTF-16LE. Reached by the tests below.
            let pairs =
                unsafe { core::slice::from_raw_parts(rest.as_ptr().cast::<u8>(), 2 * rest.len()) };
            let (r, w) = bytes::to_utf8::<false>(
                pairs,
                as_uninit(dst.get_mut(written..).unwrap_or_default()),
            );
            read += r / 2;
            written += w;
            // One character: a surrogate pair's two units, else one unit, so that a lead
            // surrogate is never cut off from its trail (nor taken as a lone one).
            let rest = src.get(read..).unwrap_or_default();
            let pair = matches!(rest, [0xD800..=0xDBFF, 0xDC00..=0xDFFF, ..]);
            let one = rest.get(..1 + usize::from(pair)).unwrap_or(rest);
            let (r, w) = utf16_to_utf8(one, dst.get_mut(written..).unwrap_or_default());
            if r == 0 {
                return (read, written);
            }
            read += r;
            written += w;
        }
    }
    #[cfg(not(target_endian = "little"))]
    utf16_to_utf8(src, dst)
}

/// Converts the character at the start of `rest` (with its successor, when both take
/// the same two or three bytes and `out` has room) into the start of `out`; returns (units
/// read, bytes written), or `None` at a run of two Basic Latin units (left to the bulk
/// copy) or a character `out` has no room for.
#[inline(always)]
fn encode_one(rest: &[u16], out: &mut [u8]) -> Option<(usize, usize)> {
    // Two units read at once; at the end, the second is a zero, which is Basic Latin and
    // not a low surrogate.
    let window = match *rest {
        [u0, u1, ..] => [u0, u1],
        [u0] => [u0, 0],
        [] => return None,
    };
    let (len, bytes) = encode_window(window, out.len() >= 6)?;
    match bytes {
        Bytes::One(b) => *out.first_mut()? = b,
        Bytes::Two(b) => *out.first_chunk_mut()? = b,
        Bytes::Three(b) => *out.first_chunk_mut()? = b,
        Bytes::Four(b) => *out.first_chunk_mut()? = b,
        Bytes::Six(b) => *out.first_chunk_mut()? = b,
    }
    Some((len, bytes.len()))
}

/// The UTF-8 of what a window held: one character, or two of the same length (two or
/// three bytes each).
#[derive(Clone, Copy)]
enum Bytes {
    One(u8),
    Two([u8; 2]),
    Three([u8; 3]),
    Four([u8; 4]),
    Six([u8; 6]),
}

impl Bytes {
    /// How many bytes.
    fn len(self) -> usize {
        match self {
            Bytes::One(_) => 1,
            Bytes::Two(_) => 2,
            Bytes::Three(_) => 3,
            Bytes::Four(_) => 4,
            Bytes::Six(_) => 6,
        }
    }
}

/// The two UTF-8 bytes of `u`, 0x80 or above and below 0x800.
#[inline(always)]
fn two_bytes(u: u16) -> [u8; 2] {
    let [a, b, ..] = bmp_non_ascii(u).0.to_le_bytes();
    [a, b]
}

/// The three UTF-8 bytes of `u`, 0x800 or above and not a surrogate.
#[inline(always)]
fn three_bytes(u: u16) -> [u8; 3] {
    let [a, b, c, _] = bmp_non_ascii(u).0.to_le_bytes();
    [a, b, c]
}

/// Whether `u` is a character of three UTF-8 bytes: 0x800 or above, not a surrogate.
#[inline(always)]
fn takes_three(u: u16) -> bool {
    u >= 0x800 && !(0xD800..0xE000).contains(&u)
}

/// The character whose UTF-16 starts `window` (or, with `pairs`, the two if both take
/// two bytes in UTF-8, or both three), as (units read, its UTF-8); an unpaired surrogate as
/// U+FFFD. `None` if it is Basic Latin followed by Basic Latin (a run, for the bulk copy);
/// a Basic Latin unit followed by anything else is one character. A caller with less room
/// than two characters may take asks without `pairs`, so that a character that fits is
/// never held back by the next.
#[inline(always)]
fn encode_window([u0, u1]: [u16; 2], pairs: bool) -> Option<(usize, Bytes)> {
    if u0 < 0x80 {
        // The cast keeps the seven bits.
        return (u1 >= 0x80).then_some((1, Bytes::One(u0 as u8)));
    }
    if u0 < 0x800 {
        if pairs && (0x80..0x800).contains(&u1) {
            // Two two-byte characters, as in Cyrillic, Greek, Hebrew or Arabic text.
            let ([a, b], [c, d]) = (two_bytes(u0), two_bytes(u1));
            return Some((2, Bytes::Four([a, b, c, d])));
        }
        return Some((1, Bytes::Two(two_bytes(u0))));
    }
    if (0xD800..0xDC00).contains(&u0) && (0xDC00..0xE000).contains(&u1) {
        return Some((2, Bytes::Four(surrogate_pair(u0, u1))));
    }
    if takes_three(u0) {
        if pairs && takes_three(u1) {
            // Two three-byte characters, as in Chinese, Japanese or Thai text.
            let ([a, b, c], [d, e, f]) = (three_bytes(u0), three_bytes(u1));
            return Some((2, Bytes::Six([a, b, c, d, e, f])));
        }
        return Some((1, Bytes::Three(three_bytes(u0))));
    }
    // An unpaired surrogate.
    Some((1, Bytes::Three(three_bytes(0xFFFD))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::block::BLOCK_OUT;
    use crate::kernels::tests::harness::{check, Contract, Steps};

    /// The standard library's lossy decoding of UTF-16, a character (or U+FFFD) a step.
    fn steps(src: &[u16]) -> Steps<u8> {
        char::decode_utf16(src.iter().copied())
            .map(|c| match c {
                Ok(c) => (c.len_utf16(), c.to_string().into_bytes()),
                Err(_) => (1, "\u{FFFD}".as_bytes().to_vec()),
            })
            .collect()
    }

    /// Every code unit alone, before ASCII, and every lead surrogate with trails.
    #[test]
    fn every_code_unit_and_every_pair_converts_like_the_standard_library() {
        let convert = |src: &[u16]| {
            let mut dst = vec![0u8; src.len() * 3];
            let (read, written) = utf16_to_utf8(src, &mut dst);
            assert_eq!(read, src.len());
            dst.truncate(written);
            dst
        };
        let reference = |src: &[u16]| String::from_utf16_lossy(src).into_bytes();
        for u in 0..=0xFFFF {
            assert_eq!(convert(&[u]), reference(&[u]), "{u:#x}");
            assert_eq!(convert(&[u, 0x41]), reference(&[u, 0x41]));
        }
        for high in 0xD800..=0xDBFF {
            for low in [0xDC00, 0xDC01, 0xDE00, 0xDFFF] {
                assert_eq!(convert(&[high, low]), reference(&[high, low]));
            }
        }
    }

    /// Basic Latin runs with characters of every length, pairs and lone surrogates at every
    /// place; whole characters while they fit, nothing written past them (or, overwriting,
    /// no more than a block's output).
    #[test]
    fn pieces_of_every_length_into_every_room() {
        let base: Vec<u16> = (0..330).map(|i| 0x21 + (i % 90) as u16).collect();
        let mut texts = vec![base.clone()];
        for insert in [
            &[0xE9][..],
            &[0x65E5, 0x65E5],
            &[0x430, 0x430],
            &[0xD83D, 0xDE00],
            &[0xDC00],
            &[0xD800],
            &[0xD800, 0xD83D, 0xDE00],
            &[0xDC00, 0xD83D, 0xDE00],
        ] {
            for at in 0..48 {
                let mut text = base.clone();
                text.splice(at..at, insert.iter().copied());
                texts.push(text);
            }
        }
        check(&texts, steps, Contract::EXACT, utf16_to_utf8);
        check(
            &texts,
            steps,
            Contract::spilling(BLOCK_OUT),
            utf16_to_utf8_overwriting,
        );
    }
}
