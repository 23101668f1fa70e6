//! The output forms the decode loop is generic over: UTF-8 bytes and UTF-16 code units.
//!
//! A handler states the standard's algorithm once, in terms of code points; the loop and the
//! handlers' bulk paths write through an [`Output`], so that `decode_to_utf8` and
//! `decode_to_utf16` are the same code monomorphised twice. The per-form fast paths (copying
//! ASCII, converting valid UTF-8 or UTF-16) live behind this trait, so that a faster kernel
//! for one form is one change here and no change in any handler.

use crate::kernels::utf8::pack::{write_bmp_non_ascii as utf8_bmp, write_char as utf8_char};

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

    /// Which form this is.
    const FORM: Form;

    /// `dst` as its form's units: how a family chooses its kernel for a form (the kernels are
    /// written for `u8` and `u16` outputs, and `O::Unit` is one of them).
    fn buffer(dst: &mut [Self::Unit]) -> OutputBuffer<'_>;
}

/// The output forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// UTF-8: bytes.
    Utf8,
    /// UTF-16: code units.
    Utf16,
}

/// An output buffer as its form's slice ([`Output::buffer`]).
pub(crate) enum OutputBuffer<'a> {
    /// UTF-8 bytes.
    Utf8(&'a mut [u8]),
    /// UTF-16 code units.
    Utf16(&'a mut [u16]),
}

/// How many units past what they count as written the loops and their fast paths may
/// overwrite (with bytes that are not output): `Decoder::decode_to_str` zeroes them to keep
/// its `str` UTF-8. Every writer works through windows of at most this many units.
pub(crate) const OVERWRITE: usize = 64;

/// UTF-8 output (`decode_to_utf8`, `decode_to_str`, `decode_to_string`).
///
/// # Only whole UTF-8 sequences
///
/// The calls that write into a `str` or a `String` rely on this: every decoder writes only
/// whole UTF-8 sequences, and counts only those as written. Each write of the decode loop
/// ([`crate::run::decode`]) and of the handlers' bulk steps is one of: a `char` by
/// [`write_char`](crate::kernels::utf8::pack::write_char); a table's value, checked to be
/// neither ASCII nor a surrogate, by
/// [`write_bmp_non_ascii`](crate::kernels::utf8::pack::write_bmp_non_ascii) (and by the
/// same packing in the single-byte kernels, [`crate::kernels::byte_map::decode`]); ASCII;
/// a copy of bytes [`utf8_valid_up_to`](crate::kernels::utf8::valid::utf8_valid_up_to)
/// accepted; the UTF-8 of code units that are not surrogates
/// ([`crate::kernels::utf16::to_utf8::to_utf8`], whose blocks [`Packer::utf8`] packs). Past
/// what they count, the kernels may have overwritten up to [`OVERWRITE`] bytes with
/// anything.
///
/// [`Packer::utf8`]: crate::kernels::utf8::pack::Packer::utf8
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
    const FORM: Form = Form::Utf8;

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
        crate::kernels::ascii::copy_ascii_overwriting(src, crate::kernels::uninit::as_uninit(dst))
    }

    #[inline(always)]
    fn buffer(dst: &mut [u8]) -> OutputBuffer<'_> {
        OutputBuffer::Utf8(dst)
    }
}

impl Output for Utf16 {
    type Unit = u16;
    const FORM: Form = Form::Utf16;

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

    #[inline(always)]
    fn buffer(dst: &mut [u16]) -> OutputBuffer<'_> {
        OutputBuffer::Utf16(dst)
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
}
