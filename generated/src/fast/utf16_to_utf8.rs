//! UTF-16 to UTF-8, with unpaired surrogates as U+FFFD: runs of Basic Latin are narrowed
//! sixteen units at a time, other characters encoded one at a time.

use super::basic_latin::copy_basic_latin;
use super::runs::convert_runs;

/// Converts UTF-16 `src` to UTF-8 in `dst`, whole characters while they fit, each unpaired
/// surrogate (including a high surrogate that ends `src`) as U+FFFD; returns (units read,
/// bytes written). `dst` past the written bytes is left as it was.
#[inline]
pub(crate) fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    convert_runs(src, dst, |u| u < 0x80, copy_basic_latin, encode_one)
}

/// Converts the non-Basic Latin character (or unpaired surrogate) at the start of `rest`
/// into the start of `out`; returns (units read, bytes written), or `None` if `out` has no
/// room.
#[inline(always)]
fn encode_one(rest: &[u16], out: &mut [u8]) -> Option<(usize, usize)> {
    match *rest {
        [u, ..] if u < 0x800 => {
            // The casts keep the five and six bits the masks select.
            *out.first_chunk_mut::<2>()? = [0xC0 | (u >> 6) as u8, 0x80 | (u & 0x3F) as u8];
            Some((1, 2))
        }
        [high @ 0xD800..=0xDBFF, low @ 0xDC00..=0xDFFF, ..] => {
            let quad = out.first_chunk_mut::<4>()?;
            let c = 0x1_0000 + ((u32::from(high & 0x3FF) << 10) | u32::from(low & 0x3FF));
            *quad = [
                0xF0 | (c >> 18) as u8,
                0x80 | ((c >> 12) & 0x3F) as u8,
                0x80 | ((c >> 6) & 0x3F) as u8,
                0x80 | (c & 0x3F) as u8,
            ];
            Some((2, 4))
        }
        [u, ..] => {
            let triple = out.first_chunk_mut::<3>()?;
            let u = if (0xD800..=0xDFFF).contains(&u) {
                0xFFFD
            } else {
                u
            };
            *triple = [
                0xE0 | (u >> 12) as u8,
                0x80 | ((u >> 6) & 0x3F) as u8,
                0x80 | (u & 0x3F) as u8,
            ];
            Some((1, 3))
        }
        [] => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard library's lossy decoding of UTF-16, encoded as UTF-8.
    fn reference(src: &[u16]) -> String {
        String::from_utf16_lossy(src)
    }

    fn convert(src: &[u16]) -> Vec<u8> {
        let mut dst = vec![0u8; src.len() * 3];
        let (read, written) = utf16_to_utf8(src, &mut dst);
        assert_eq!(read, src.len());
        dst.truncate(written);
        dst
    }

    #[test]
    fn every_code_unit_and_every_pair_converts_like_the_standard_library() {
        for u in 0..=0xFFFF {
            assert_eq!(convert(&[u]), reference(&[u]).as_bytes(), "{u:#x}");
            assert_eq!(convert(&[u, 0x41]), reference(&[u, 0x41]).as_bytes());
        }
        for high in 0xD800..=0xDBFF {
            for low in [0xDC00, 0xDC01, 0xDE00, 0xDFFF] {
                assert_eq!(convert(&[high, low]), reference(&[high, low]).as_bytes());
            }
        }
        for pair in [[0xDC00, 0xD800], [0xD800, 0xD800], [0xDFFF, 0xDFFF]] {
            assert_eq!(convert(&pair), reference(&pair).as_bytes());
        }
    }

    #[test]
    fn basic_latin_runs_at_every_length_and_alignment() {
        for align in 0..16 {
            for len in 0..=64 {
                for at in 0..=len {
                    for insert in [&[0xE9][..], &[0x65E5], &[0xD83D, 0xDE00], &[0xDC00]] {
                        let mut v: Vec<u16> =
                            (0..align + len).map(|i| 0x21 + (i % 90) as u16).collect();
                        v.splice(align + at..align + at, insert.iter().copied());
                        let src = &v[align..];
                        assert_eq!(convert(src), reference(src).as_bytes());
                    }
                }
            }
        }
    }

    #[test]
    fn stops_before_a_character_that_does_not_fit_and_leaves_the_rest() {
        let src: Vec<u16> = "ab\u{e9}\u{65e5}\u{1F600}c"
            .encode_utf16()
            .chain([0xD800])
            .collect();
        let full = reference(&src);
        for room in 0..=full.len() {
            let mut dst = vec![0xFFu8; room];
            let (read, written) = utf16_to_utf8(&src, &mut dst);
            let fits = reference(&src[..read]);
            assert_eq!(&dst[..written], fits.as_bytes(), "room {room}");
            assert!(dst[written..].iter().all(|&b| b == 0xFF));
            let next = full[fits.len()..].chars().next().map(char::len_utf8);
            assert!(next.is_none_or(|n| written + n > room), "room {room}");
        }
    }
}
