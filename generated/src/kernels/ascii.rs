//! ASCII: where a span of it ends (the scans, through [`prefix_len`]), and copying it into
//! bytes not yet written or UTF-16 code units (the copies, through [`copy_blocks`], which
//! store each block whole and may overwrite up to a block past the span; [`copy_ascii`]
//! writes nothing past it).

use core::mem::MaybeUninit;

use crate::kernels::dispatch::{dispatched, Baseline};
use crate::kernels::isa::{Isa, Vector};
use crate::kernels::spans::convert_spans;
use crate::kernels::walk::prefix_len;

/// The length of the longest ASCII prefix of `bytes`.
#[inline]
pub(crate) fn ascii_up_to(bytes: &[u8]) -> usize {
    ascii_up_to_on(Baseline, bytes)
}

/// [`ascii_up_to`] on `I`.
#[inline(always)]
fn ascii_up_to_on<I: Isa>(_: I, bytes: &[u8]) -> usize {
    prefix_len(bytes, 0, |block: &[u8; 16]| I::V::load(block).first_set())
}

/// [`ascii_up_to`] for long spans: after the first sixteen bytes, sixty-four at a time from
/// 16-byte boundaries of memory ([`Line`]).
#[inline]
pub(crate) fn long_ascii_up_to<I: Isa>(_: I, bytes: &[u8]) -> usize {
    if let Some(first) = bytes.first_chunk::<16>() {
        if let Some(i) = I::V::load(first).first_set() {
            return i;
        }
    }
    // SAFETY: a `Line` is sixty-four bytes, any value a valid one, and `align_to` only
    // reinterprets the aligned middle of `bytes`, which it borrows for as long.
    let (head, body, _) = unsafe { bytes.align_to::<Line>() };
    // The head (under sixteen bytes) was in the first check, if there was one.
    let mut i = if bytes.len() < 16 { 0 } else { head.len() };
    for line in body {
        if !I::X::load(&line.0).is_ascii() {
            break;
        }
        i += 64;
    }
    let rest = bytes.get(i..).unwrap_or_default();
    i + prefix_len(rest, 0, |block: &[u8; 16]| I::V::load(block).first_set())
}

/// Sixty-four bytes at a 16-byte boundary of memory.
#[repr(C, align(16))]
struct Line([u8; 64]);

/// Whether `block` has a byte that is not ASCII.
#[cfg(all(feature = "std", kernels_x86_64))]
#[inline(always)]
pub(crate) fn has_non_ascii(block: &[u8; 64]) -> bool {
    !<Baseline as Isa>::X::load(block).is_ascii()
}

/// Whether every byte of `bytes` is ASCII; out of line, one copy for every caller.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(never)]
pub(crate) fn is_ascii(bytes: &[u8]) -> bool {
    ascii_up_to(bytes) == bytes.len()
}

/// The length of the longest prefix of `bytes` that ISO-2022-JP's ASCII state decodes to
/// itself: ASCII but ESC, SO and SI (SO with its low bit cleared; section 12.2.1).
#[inline]
pub(crate) fn iso_2022_jp_ascii_up_to(bytes: &[u8]) -> usize {
    type V = <Baseline as Isa>::V;
    prefix_len(bytes, 0, |block: &[u8; 16]| {
        let v = V::load(block);
        let so_si = v.and(V::splat(0xFE)).eq(V::splat(0x0E));
        v.or(v.eq(V::splat(0x1B))).or(so_si).first_set()
    })
}

/// A unit the ASCII copies write: bytes not yet written, or UTF-16 code units.
pub(crate) trait AsciiUnit: Sized {
    /// Stores all of `src` into `dst` through `R`; returns the index of its first non-ASCII byte.
    fn copy_block<R: Vector<N>, const N: usize>(
        src: &[u8; N],
        dst: &mut [Self; N],
    ) -> Option<usize>;

    /// Writes the ASCII byte `b` here.
    fn put(&mut self, b: u8);
}

impl AsciiUnit for MaybeUninit<u8> {
    #[inline(always)]
    fn copy_block<R: Vector<N>, const N: usize>(
        src: &[u8; N],
        dst: &mut [Self; N],
    ) -> Option<usize> {
        let block = R::load(src);
        block.store(dst);
        block.first_set()
    }

    #[inline(always)]
    fn put(&mut self, b: u8) {
        self.write(b);
    }
}

impl AsciiUnit for u16 {
    #[inline(always)]
    fn copy_block<R: Vector<N>, const N: usize>(
        src: &[u8; N],
        dst: &mut [u16; N],
    ) -> Option<usize> {
        R::widen_store(src, dst)
    }

    #[inline(always)]
    fn put(&mut self, b: u8) {
        *self = u16::from(b);
    }
}

/// Copies the longest ASCII prefix of `src` that fits in `dst` into it, `N` bytes at a time
/// through `R`, then a byte at a time; returns its length. Up to `N` units past it may be
/// overwritten. With `ALIGN`, the stores after the first start at [`Isa::STORE_ALIGN`].
#[inline(always)]
fn copy_blocks<I: Isa, R: Vector<N>, U: AsciiUnit, const N: usize, const ALIGN: bool>(
    _: I,
    src: &[u8],
    dst: &mut [U],
) -> usize {
    let n = src.len().min(dst.len());
    let (Some(src), Some(dst)) = (src.get(..n), dst.get_mut(..n)) else {
        return 0;
    };
    let mut i = 0;
    if ALIGN {
        if let (Some(s), Some(d)) = (src.first_chunk::<N>(), dst.first_chunk_mut::<N>()) {
            if let Some(first_non_ascii) = U::copy_block::<R, N>(s, d) {
                return first_non_ascii;
            }
            i = N - (d.as_ptr() as usize & (I::STORE_ALIGN - 1));
        }
    }
    // Both sides cut to the same whole blocks (at most `n`), so that the loop has one count.
    let whole = i + (n - i) / N * N;
    let (Some(s_blocks), Some(d_blocks)) = (src.get(i..whole), dst.get_mut(i..whole)) else {
        return i;
    };
    for (s, d) in s_blocks.chunks_exact(N).zip(d_blocks.chunks_exact_mut(N)) {
        let (Some(s), Some(d)) = (s.first_chunk::<N>(), d.first_chunk_mut::<N>()) else {
            break;
        };
        if let Some(first_non_ascii) = U::copy_block::<R, N>(s, d) {
            return i + first_non_ascii;
        }
        i += N;
    }
    while let (Some(&b), Some(d)) = (src.get(i), dst.get_mut(i)) {
        if !b.is_ascii() {
            break;
        }
        d.put(b);
        i += 1;
    }
    i
}

/// [`copy_blocks`] of thirty-two bytes (`forms::output::OVERWRITE`); out of line, one copy
/// for every decoder and encoder.
#[inline(never)]
pub(crate) fn copy_ascii_overwriting(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize {
    copy_blocks::<_, <Baseline as Isa>::W, _, 32, false>(Baseline, src, dst)
}

/// [`copy_blocks`] into UTF-16 code units, sixteen at a time.
#[inline]
pub(crate) fn widen_ascii_overwriting(src: &[u8], dst: &mut [u16]) -> usize {
    copy_blocks::<_, <Baseline as Isa>::V, _, 16, false>(Baseline, src, dst)
}

/// [`widen_ascii_overwriting`] on `isa`, thirty-two at a time where it has [`Isa::WIDE`].
#[inline(always)]
pub(crate) fn widen_ascii_overwriting_on<I: Isa>(isa: I, src: &[u8], dst: &mut [u16]) -> usize {
    if I::WIDE {
        copy_blocks::<_, I::W, _, 32, false>(isa, src, dst)
    } else {
        widen_ascii_overwriting(src, dst)
    }
}

/// [`copy_blocks`] on `isa`, sixty-four bytes at a time, the stores aligned.
#[inline(always)]
pub(crate) fn copy_ascii_uninit<I: Isa>(isa: I, src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize {
    copy_blocks::<_, I::X, _, 64, true>(isa, src, dst)
}

/// Appends to `dst`, within its spare capacity, the longest ASCII prefix of `src` that
/// fits; returns its length.
#[cfg(feature = "alloc")]
#[inline(always)]
fn append_ascii_on<I: Isa>(isa: I, src: &[u8], dst: &mut alloc::string::String) -> usize {
    // SAFETY: only ASCII bytes are appended below, and a string of UTF-8 followed by ASCII
    // is UTF-8.
    let bytes = unsafe { dst.as_mut_vec() };
    let spare = bytes.spare_capacity_mut();
    let n = copy_ascii_uninit(isa, src, spare);
    debug_assert!(n <= spare.len() && src[..n].is_ascii());
    // SAFETY: `copy_blocks` wrote the first `n` elements of the spare capacity (at most all
    // of it) with the bytes of `src`'s ASCII prefix. Reached by the tests below and every
    // streaming decode into a string in UTF-8 and the single-byte encodings.
    unsafe { bytes.set_len(bytes.len() + n) };
    n
}

dispatched! {
    /// Appends to `dst`, within its spare capacity, spans of ASCII from the start of `src`,
    /// after each what `after_span` appends from the rest (given the rest, `dst`, the span's
    /// length and the bytes taken so far; returning the bytes it took, zero to stop).
    /// Returns the bytes taken.
    #[cfg(feature = "alloc")]
    pub(crate) fn append_ascii_spans(
        src: &[u8],
        dst: &mut alloc::string::String,
        after_span: impl FnMut(&[u8], &mut alloc::string::String, usize, usize) -> usize,
    ) -> usize = append_ascii_spans_on on avx2;
}

/// [`append_ascii_spans`] on `isa`.
#[cfg(feature = "alloc")]
#[inline(always)]
fn append_ascii_spans_on<I: Isa>(
    isa: I,
    src: &[u8],
    dst: &mut alloc::string::String,
    mut after_span: impl FnMut(&[u8], &mut alloc::string::String, usize, usize) -> usize,
) -> usize {
    let mut read = 0;
    loop {
        let span = append_ascii_on(isa, src.get(read..).unwrap_or_default(), dst);
        read += span;
        let taken = after_span(src.get(read..).unwrap_or_default(), dst, span, read);
        if taken == 0 {
            return read;
        }
        read += taken;
    }
}

/// Copies the longest ASCII prefix of `src` that fits in `dst` into it, each byte as a `D`;
/// returns its length. `dst` past it is left as it was. A scan, then a copy: two loops the
/// compiler vectorizes.
#[inline]
pub(crate) fn copy_ascii<D: From<u8>>(src: &[u8], dst: &mut [D]) -> usize {
    let n = src.len().min(dst.len());
    let (Some(src), Some(dst)) = (src.get(..n), dst.get_mut(..n)) else {
        return 0;
    };
    let ascii = ascii_up_to(src);
    for (d, s) in dst.iter_mut().zip(src).take(ascii) {
        *d = D::from(*s);
    }
    ascii
}

/// Converts bytes `src` into `dst`: spans of ASCII copied by [`copy_ascii`], each other
/// character by `step`, as [`convert_spans`] describes; returns (read, written).
#[inline(always)]
pub(crate) fn convert_ascii_spans<D: From<u8>>(
    src: &[u8],
    dst: &mut [D],
    step: impl Fn(&[u8], &mut [D]) -> Option<(usize, usize)>,
) -> (usize, usize) {
    convert_spans(src, dst, |b| b.is_ascii(), copy_ascii, step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::dispatch::every_isa;
    use crate::kernels::tests::harness::{
        check, check_prefix, counted, unit_steps, with_stop_everywhere, Contract, Guard,
    };
    use crate::kernels::uninit::as_uninit;

    /// ASCII text of every kind of byte with `stop` at every place, and one without.
    fn texts(stop: u8) -> Vec<Vec<u8>> {
        with_stop_everywhere(330, |i| (i * 7 % 128) as u8, stop)
    }

    #[test]
    fn scans() {
        let ascii = |b: u8| b.is_ascii();
        for stop in [0x80, 0xC3, 0xFF] {
            let texts = texts(stop);
            assert!(check_prefix(&texts, ascii, ascii_up_to) > 10_000);
            every_isa!(|isa| {
                check_prefix(&texts, ascii, |s| ascii_up_to_on(isa, s));
                check_prefix(&texts, ascii, |s| long_ascii_up_to(isa, s));
            });
        }
    }

    /// Each stopping byte at every place, and every byte value among control bytes and zeros.
    #[test]
    fn iso_2022_jp_scan_stops_at_each_byte_the_ascii_state_does_not_decode_to_itself() {
        let itself = |b: u8| b.is_ascii() && !matches!(b, 0x0E | 0x0F | 0x1B);
        let control = |i: usize| [0x00, 0x0A, 0x0D, 0x1A, 0x1C, 0x10, b'a'][i % 7];
        for stop in [0x0E, 0x0F, 0x1B, 0x80, 0xFF] {
            let texts = with_stop_everywhere(330, control, stop);
            check_prefix(&texts, itself, iso_2022_jp_ascii_up_to);
        }
        let every_byte: Vec<u8> = (0..=255u8).flat_map(|b| [b'a', b, 0, 0x1C]).collect();
        for start in 0..every_byte.len() {
            let src = &every_byte[start..];
            let reference = src.iter().take_while(|&&b| itself(b)).count();
            assert_eq!(iso_2022_jp_ascii_up_to(src), reference, "{start}");
        }
    }

    /// `copy` against the ASCII prefix, overwriting at most `spill` units past it.
    fn check_copy<D: Guard + From<u8>>(spill: usize, copy: impl Fn(&[u8], &mut [D]) -> usize) {
        let ascii = unit_steps(|b: u8| b.is_ascii().then(|| vec![D::from(b)]));
        let checked = check(
            &texts(0xE9),
            ascii,
            Contract::spilling(spill),
            counted(copy),
        );
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn copies() {
        fn on<I: Isa>(isa: I) {
            check_copy(32, |s, d: &mut [u8]| {
                copy_blocks::<_, I::W, _, 32, false>(isa, s, as_uninit(d))
            });
            check_copy(64, |s, d: &mut [u8]| {
                copy_blocks::<_, I::X, _, 64, true>(isa, s, as_uninit(d))
            });
            check_copy(16, |s, d: &mut [u16]| {
                copy_blocks::<_, I::V, _, 16, false>(isa, s, d)
            });
            check_copy(32, |s, d: &mut [u16]| {
                copy_blocks::<_, I::W, _, 32, false>(isa, s, d)
            });
        }
        every_isa!(|isa| on(isa));
        check_copy(0, copy_ascii::<u8>);
        check_copy(0, copy_ascii::<u16>);
    }

    /// ASCII of every length to 64 and long, ending or not in a byte that is not, after a
    /// character already in the string, at every capacity, on every implementation.
    #[cfg(feature = "alloc")]
    #[test]
    fn ascii_appended_up_to_the_capacity() {
        let stop_after = |_: &[u8], _: &mut alloc::string::String, _: usize, _: usize| 0;
        for len in (0..=64).chain([100, 200, 500]) {
            for stop in [None, Some(0xE9), Some(0x80)] {
                let mut src: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
                src.extend(stop);
                src.extend_from_slice(b"tail");
                let ascii = if stop.is_some() { len } else { src.len() };
                for capacity in [0, 1, len / 2, len, len + 1, len + 100] {
                    let check = |append: &dyn Fn(&mut alloc::string::String) -> usize| {
                        let mut dst = alloc::string::String::with_capacity(capacity + 2);
                        dst.push('\u{e9}');
                        let n = append(&mut dst);
                        let room = dst.capacity() - 2;
                        assert_eq!(n, ascii.min(room), "{len} {stop:?} {capacity}");
                        assert_eq!(dst.as_bytes()[..2], [0xC3, 0xA9]);
                        assert_eq!(dst.as_bytes()[2..], src[..n]);
                    };
                    check(&|dst| append_ascii_spans(&src, dst, stop_after));
                    every_isa!(|isa| {
                        check(&|dst| append_ascii_spans_on(isa, &src, dst, stop_after));
                    });
                }
            }
        }
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn spans_and_what_follows_them() {
        let src = b"ab\xE9cde\xE9\xE9f";
        let mut dst = alloc::string::String::with_capacity(32);
        let mut calls = Vec::new();
        let n = append_ascii_spans(src, &mut dst, |rest, dst, span, read| {
            calls.push((rest.len(), span, read));
            match rest.first() {
                Some(0xE9) => {
                    dst.push('\u{e9}');
                    1
                }
                _ => 0,
            }
        });
        assert_eq!(n, src.len());
        assert_eq!(dst, "ab\u{e9}cde\u{e9}\u{e9}f");
        assert_eq!(calls, [(7, 2, 2), (3, 3, 6), (2, 0, 7), (0, 1, 9)]);
    }
}
