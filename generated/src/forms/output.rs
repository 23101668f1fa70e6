//! The output forms the decode loop is generic over: UTF-8 bytes and UTF-16 code units.
//!
//! A handler states the standard's algorithm once, in terms of code points; the loop and the
//! handlers' bulk paths write through an [`Output`], so that `decode_to_utf8` and
//! `decode_to_utf16` are the same code monomorphised twice. The per-form fast paths (copying
//! ASCII, converting valid UTF-8 or UTF-16) live behind this trait, so that a faster kernel
//! for one form is one change here and no change in any handler.

use crate::kernels::utf8::pack::{write_bmp_non_ascii as utf8_bmp, write_char as utf8_char};
use crate::table::SingleByteTables;

/// An output form: the code unit it writes and how it writes text.
pub(crate) trait Output {
    /// `u8` for UTF-8, `u16` for UTF-16.
    type Unit: Copy + Default + 'static;

    /// Writes `c` at the start of `out`, returning how many units it took (at most 4).
    fn write_char(c: char, out: &mut [Self::Unit; 4]) -> usize;

    /// Writes the BMP scalar value `cp` (at least 0x80, not a surrogate) at the start of
    /// `out`, returning how many units it took: the decode tables hold only such values.
    fn write_bmp_non_ascii(cp: u16, out: &mut [Self::Unit; 4]) -> usize;

    /// How many units `c` takes.
    fn len_of(c: char) -> usize;

    /// The unit of the ASCII byte `b`.
    fn ascii(b: u8) -> Self::Unit;

    /// Copies the longest prefix of `src` that is ASCII and fits in `dst`, returning its
    /// length. Units of `dst` past that length may be overwritten.
    fn copy_ascii(src: &[u8], dst: &mut [Self::Unit]) -> usize;

    /// Converts the longest prefix of `src` that is valid UTF-8 and whose text fits in
    /// `dst`, ending at a character boundary; returns (bytes read, units written). Up to
    /// sixteen units of `dst` past them may be overwritten. The UTF-8 decoder's bulk path.
    fn copy_utf8(src: &[u8], dst: &mut [Self::Unit]) -> (usize, usize);

    /// Decodes the longest prefix of `src` with a single-byte index (`tables.decode`: the
    /// code point of byte 0x80 + i at i, a value below 0x80 for none) whose text fits in
    /// `dst`; returns (bytes read, units written). Up to thirty-two units of `dst` past them
    /// may be overwritten. The single-byte decoders' bulk path.
    fn single_byte(
        src: &[u8],
        dst: &mut [Self::Unit],
        tables: &'static SingleByteTables,
    ) -> (usize, usize);

    /// Whether the pair decoders' loop takes the pairs after a pair as a run, in
    /// [`Output::pairs`], or one a turn of its loop.
    #[cfg(feature = "_two-byte")]
    const PAIR_RUNS: bool;

    /// Decodes the run of two-byte sequences at the start of `src` that `pair` (a
    /// decoder's lookup, given lead and trail) maps, each to a BMP scalar value of at least
    /// 0x80 (anything below 0x80 for none), whose text fits in `dst`; returns (bytes read,
    /// units written). The pair decoders' bulk path ([`crate::kernels::pairs`]).
    #[cfg(any(feature = "_two-byte", feature = "iso-2022-jp"))]
    fn pairs(src: &[u8], dst: &mut [Self::Unit], pair: impl Fn(u8, u8) -> u16) -> (usize, usize);

    /// Converts the longest prefix of `src`, UTF-16 code units as byte pairs (big-endian if
    /// `BE`), that is whole code units with no unpaired surrogate and whose text fits in
    /// `dst`; returns (bytes read, units written). A lead surrogate whose trail is not in
    /// `src` ends the prefix. The UTF-16 decoders' bulk path.
    fn copy_utf16<const BE: bool>(src: &[u8], dst: &mut [Self::Unit]) -> (usize, usize);
}

/// How many units past what they count as written the loops and their fast paths may
/// overwrite (with bytes that are not output): `Decoder::decode_to_str` zeroes them to keep
/// its `str` UTF-8. Every writer works through windows of at most this many units.
pub(crate) const OVERWRITE: usize = 64;

/// UTF-8 output (`decode_to_utf8`, `decode_to_str`, `decode_to_string`).
pub(crate) enum Utf8 {}

/// UTF-16 output (`decode_to_utf16`).
pub(crate) enum Utf16 {}

/// The window of `N` units at `at` in `buf`, if it has that many.
#[inline(always)]
pub(crate) fn window<T, const N: usize>(buf: &mut [T], at: usize) -> Option<&mut [T; N]> {
    buf.get_mut(at..)?.first_chunk_mut::<N>()
}

impl Output for Utf8 {
    type Unit = u8;
    #[cfg(feature = "_two-byte")]
    const PAIR_RUNS: bool = false;

    #[inline(always)]
    fn write_char(c: char, out: &mut [u8; 4]) -> usize {
        utf8_char(c, out)
    }

    #[inline(always)]
    fn write_bmp_non_ascii(cp: u16, out: &mut [u8; 4]) -> usize {
        utf8_bmp(cp, out)
    }

    #[inline(always)]
    fn len_of(c: char) -> usize {
        c.len_utf8()
    }

    #[inline(always)]
    fn ascii(b: u8) -> u8 {
        b
    }

    #[inline(always)]
    fn copy_ascii(src: &[u8], dst: &mut [u8]) -> usize {
        crate::kernels::ascii::copy_ascii_overwriting(src, dst)
    }

    #[inline]
    fn copy_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
        let n = src.len().min(dst.len());
        let (Some(src), Some(dst)) = (src.get(..n), dst.get_mut(..n)) else {
            return (0, 0);
        };
        let valid = crate::kernels::utf8::valid::utf8_valid_up_to(src);
        if let (Some(d), Some(s)) = (dst.get_mut(..valid), src.get(..valid)) {
            d.copy_from_slice(s);
        }
        (valid, valid)
    }

    #[inline]
    fn single_byte(
        src: &[u8],
        dst: &mut [u8],
        tables: &'static SingleByteTables,
    ) -> (usize, usize) {
        crate::kernels::single_byte::decode::to_utf8(
            src,
            dst,
            tables.decode,
            tables.run,
            tables.utf8,
        )
    }

    #[cfg(any(feature = "_two-byte", feature = "iso-2022-jp"))]
    #[inline(always)]
    fn pairs(src: &[u8], dst: &mut [u8], pair: impl Fn(u8, u8) -> u16) -> (usize, usize) {
        crate::kernels::pairs::to_utf8(src, dst, pair)
    }

    /// Runs of code units that are not surrogates converted in bulk, surrogate pairs one
    /// at a time.
    #[inline]
    fn copy_utf16<const BE: bool>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
        crate::kernels::utf16::bytes::to_utf8::<BE>(src, dst, |src, dst| {
            match utf16_char::<BE>(src) {
                Some((c, 4)) => window::<u8, 4>(dst, 0).map(|out| utf8_char(c, out)),
                _ => None,
            }
        })
    }
}

impl Output for Utf16 {
    type Unit = u16;
    #[cfg(feature = "_two-byte")]
    const PAIR_RUNS: bool = true;

    #[inline(always)]
    fn write_char(c: char, out: &mut [u16; 4]) -> usize {
        c.encode_utf16(out).len()
    }

    #[inline(always)]
    fn write_bmp_non_ascii(cp: u16, out: &mut [u16; 4]) -> usize {
        out[0] = cp;
        1
    }

    #[inline(always)]
    fn len_of(c: char) -> usize {
        c.len_utf16()
    }

    #[inline(always)]
    fn ascii(b: u8) -> u16 {
        b as u16
    }

    #[inline]
    fn copy_ascii(src: &[u8], dst: &mut [u16]) -> usize {
        crate::kernels::ascii::widen_ascii_overwriting(src, dst)
    }

    #[inline]
    fn copy_utf8(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        crate::kernels::utf8::to_utf16::utf8_to_utf16_overwriting(src, dst)
    }

    #[inline]
    fn single_byte(
        src: &[u8],
        dst: &mut [u16],
        tables: &'static SingleByteTables,
    ) -> (usize, usize) {
        crate::kernels::single_byte::decode::to_utf16(src, dst, tables.decode, tables.run)
    }

    #[cfg(any(feature = "_two-byte", feature = "iso-2022-jp"))]
    #[inline(always)]
    fn pairs(src: &[u8], dst: &mut [u16], pair: impl Fn(u8, u8) -> u16) -> (usize, usize) {
        crate::kernels::pairs::to_utf16(src, dst, pair)
    }

    /// Runs of code units that are not surrogates copied in bulk, surrogate pairs one at a
    /// time.
    #[inline]
    fn copy_utf16<const BE: bool>(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        let mut read = 0;
        let mut written = 0;
        loop {
            let n = crate::kernels::utf16::bytes::copy_non_surrogates::<BE>(
                src.get(read..).unwrap_or_default(),
                dst.get_mut(written..).unwrap_or_default(),
            );
            read += 2 * n;
            written += n;
            // A surrogate pair, or the end of what can be taken.
            match utf16_char::<BE>(src.get(read..).unwrap_or_default()) {
                Some((c, 4)) => match dst
                    .get_mut(written..)
                    .and_then(|d| d.first_chunk_mut::<2>())
                {
                    Some(out) => {
                        c.encode_utf16(out);
                        read += 4;
                        written += 2;
                    }
                    None => return (read, written),
                },
                _ => return (read, written),
            }
        }
    }
}

/// The scalar value at the start of `src`, UTF-16 code units as byte pairs, and how many
/// bytes it takes: a code unit that is not a surrogate, or a lead and a trail surrogate.
/// None at the end, at an unpaired surrogate, or at a lead whose trail is not in `src`.
#[inline(always)]
fn utf16_char<const BE: bool>(src: &[u8]) -> Option<(char, usize)> {
    let unit = |i: usize| -> Option<u16> {
        let pair = *src.get(i..)?.first_chunk::<2>()?;
        Some(if BE {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        })
    };
    let first = unit(0)?;
    match first {
        0xD800..=0xDBFF => {
            let second = unit(2).filter(|u| (0xDC00..=0xDFFF).contains(u))?;
            let c = 0x10000 + ((first as u32 - 0xD800) << 10) + (second as u32 - 0xDC00);
            Some((char::from_u32(c)?, 4))
        }
        0xDC00..=0xDFFF => None,
        _ => Some((char::from_u32(first as u32)?, 2)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_write_what_the_standard_library_writes() {
        for c in (0..=0x10FFFFu32).step_by(7).filter_map(char::from_u32) {
            let mut out8 = [0u8; 4];
            let n = Utf8::write_char(c, &mut out8);
            assert_eq!(n, Utf8::len_of(c));
            assert_eq!(&out8[..n], c.encode_utf8(&mut [0; 4]).as_bytes());
            let mut out16 = [0u16; 4];
            let n = Utf16::write_char(c, &mut out16);
            assert_eq!(n, Utf16::len_of(c));
            assert_eq!(&out16[..n], c.encode_utf16(&mut [0; 2]));
        }
    }

    #[test]
    fn valid_utf8_stops_at_the_first_error_and_at_the_end_of_room() {
        let mut buf = [0u16; 64];
        let (r, w) = Utf16::copy_utf8("a\u{e9}\u{20AC}\u{1F600}".as_bytes(), &mut buf);
        assert_eq!((r, w), (10, 5));
        assert_eq!(&buf[..5], &[0x61, 0xE9, 0x20AC, 0xD83D, 0xDE00]);
        // A supplementary character is written only when both of its units fit.
        let mut dst = [0u16; 3];
        assert_eq!(Utf16::copy_utf8("ab\u{1F600}".as_bytes(), &mut dst), (2, 2));
        let mut dst = [0u16; 4];
        assert_eq!(Utf16::copy_utf8("ab\u{1F600}".as_bytes(), &mut dst), (6, 4));
        assert_eq!(Utf8::copy_utf8(b"ab\xC3", &mut [0u8; 8]), (2, 2));
    }

    #[test]
    fn utf16_units_stop_before_unpaired_and_split_surrogates() {
        let le: &[u8] = &[0x61, 0x00, 0x3D, 0xD8, 0x00, 0xDE, 0x00, 0xDC, 0x62, 0x00];
        let mut dst = [0u16; 16];
        assert_eq!(Utf16::copy_utf16::<false>(le, &mut dst), (6, 3));
        assert_eq!(&dst[..3], &[0x61, 0xD83D, 0xDE00]);
        let mut dst8 = [0u8; 16];
        assert_eq!(Utf8::copy_utf16::<false>(le, &mut dst8), (6, 5));
        assert_eq!(&dst8[..5], "a\u{1F600}".as_bytes());
        // A lead whose trail is in the next buffer, and an odd byte.
        assert_eq!(
            Utf16::copy_utf16::<true>(&[0, 0x61, 0xD8, 0x3D], &mut dst),
            (2, 1)
        );
        assert_eq!(Utf16::copy_utf16::<true>(&[0, 0x61, 0], &mut dst), (2, 1));
    }
}
