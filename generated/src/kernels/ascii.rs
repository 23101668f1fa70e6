//! ASCII: where a span of it ends (the scans), and copying it (the copies) into bytes not yet
//! written (a `String`'s spare capacity, or a buffer of bytes lent as such), or widened into
//! UTF-16 code units.
//!
//! The scans test a register of sixteen bytes at once ([`Vector::first_set`]) through the
//! one loop of [`prefix_len`], the long one sixty-four from aligned memory. The copies are
//! one loop, [`copy_blocks`], over the unit they write ([`AsciiUnit`]): each block is
//! loaded, stored whole and tested at once, only its ASCII prefix counted, so that the bytes
//! are read once; the output past what is counted may then be overwritten, up to a block.
//! Where the output must be left as it was past the copy, [`copy_ascii`] scans first and
//! copies after.

use core::mem::MaybeUninit;

use crate::kernels::dispatch::{dispatched, Baseline};
use crate::kernels::isa::{Isa, Vector};
use crate::kernels::spans::convert_spans;
use crate::kernels::walk::prefix_len;

/// The length of the longest ASCII prefix of `bytes`, sixteen bytes at a time on the
/// baseline.
#[inline]
pub(crate) fn ascii_up_to(bytes: &[u8]) -> usize {
    ascii_up_to_on(Baseline, bytes)
}

/// [`ascii_up_to`] on `I`.
#[inline(always)]
fn ascii_up_to_on<I: Isa>(_: I, bytes: &[u8]) -> usize {
    prefix_len(bytes, 0, |block: &[u8; 16]| I::V::load(block).first_set())
}

/// The length of the longest ASCII prefix of `bytes`, as [`ascii_up_to`], for long spans:
/// the first sixteen bytes, then sixty-four at a time from 16-byte boundaries of memory
/// ([`Line`]), which SSE2 can OR straight from memory, then sixteen at a time again. What
/// the UTF-8 validations skip ASCII with.
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
    // The head (under sixteen bytes) was in the first check when it was made.
    let mut i = if bytes.len() < 16 { 0 } else { head.len() };
    for line in body {
        if !I::X::load(&line.0).is_ascii() {
            break;
        }
        i += 64;
    }
    // The lines from the one with a byte that is not ASCII, if any, then the tail.
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

/// Whether every byte of `bytes` is ASCII. Out of line: the one-shot calls ask it once per
/// call, and one copy serves them all (each inlined copy adds to the smallest programs).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(never)]
pub(crate) fn is_ascii(bytes: &[u8]) -> bool {
    ascii_up_to(bytes) == bytes.len()
}

/// The length of the longest prefix of `bytes` that ISO-2022-JP's decoder, in its ASCII
/// state, decodes to itself: ASCII but ESC, SO and SI (section 12.2.1). Sixteen bytes at a
/// time, as [`ascii_up_to`], each also compared with ESC and, its low bit cleared, with SO
/// (SO and SI differ in the low bit only) by the word-at-a-time zero-byte test in its
/// classic form, wrong only above a zero byte, so that the lowest byte it finds is right
/// (the exact test of the registers' comparison cost this scan 2% more). Its encoder copies
/// spans of the same bytes in its ASCII state.
#[inline]
pub(crate) fn iso_2022_jp_ascii_up_to(bytes: &[u8]) -> usize {
    prefix_len(bytes, 0, |block: &[u8; 16]| {
        const HIGH: u128 = 0x8080_8080_8080_8080_8080_8080_8080_8080;
        const ONES: u128 = HIGH >> 7;
        let x = u128::from_le_bytes(*block);
        let zero_bytes = |v: u128| v.wrapping_sub(ONES) & !v & HIGH;
        let stops = (x & HIGH)
            | zero_bytes(x ^ (ONES * 0x1B))
            | zero_bytes((x & (ONES * 0xFE)) ^ (ONES * 0x0E));
        (stops != 0).then(|| (stops.trailing_zeros() / 8) as usize)
    })
}

/// A unit the ASCII copies write: bytes not yet written, or UTF-16 code units.
pub(crate) trait AsciiUnit: Sized {
    /// Stores all of `src` into `dst` through a register `R` and returns the index of the
    /// first byte of `src` that is not ASCII, if any.
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

/// Copies the longest ASCII prefix of `src` that fits in `dst` into `dst`, a block of `N`
/// bytes at a time through a register `R` of `I`, then a byte at a time; returns its
/// length. Up to `N` units of `dst` past it may be overwritten (with units of the source's
/// next bytes). With `ALIGN`, the blocks after the first are stored from boundaries of the
/// implementation's registers ([`Isa::STORE_ALIGN`]; the first goes only as far as that):
/// where stores that straddle two cache lines cost enough to matter.
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
        // A first block, counted only as far as the stores after it start from a boundary
        // of the implementation's registers.
        if let (Some(s), Some(d)) = (src.first_chunk::<N>(), dst.first_chunk_mut::<N>()) {
            if let Some(first_non_ascii) = U::copy_block::<R, N>(s, d) {
                return first_non_ascii;
            }
            i = N - (d.as_ptr() as usize & (I::STORE_ALIGN - 1));
        }
    }
    // Both sides cut to the same whole blocks, so that the loop has one count to test.
    let whole = i + (n - i) / N * N;
    // (`whole` is at most `n`: the else is never taken.)
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

/// Copies the longest ASCII prefix of `src` that fits in `dst` into it; returns its length.
/// Up to thirty-two bytes of `dst` past it may be overwritten: the decode loop allows that
/// much (`forms::output::OVERWRITE`).
///
/// Out of line: one copy serves the decoders and encoders (inlined, a program carries one
/// for each); its callers take it for a span, not a byte.
#[inline(never)]
pub(crate) fn copy_ascii_overwriting(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize {
    copy_blocks::<_, <Baseline as Isa>::W, _, 32, false>(Baseline, src, dst)
}

/// As [`copy_ascii_overwriting`] into UTF-16 code units; up to sixteen units past the
/// returned length may be overwritten.
#[inline]
pub(crate) fn widen_ascii_overwriting(src: &[u8], dst: &mut [u16]) -> usize {
    copy_blocks::<_, <Baseline as Isa>::V, _, 16, false>(Baseline, src, dst)
}

/// As [`widen_ascii_overwriting`] on `isa`: thirty-two bytes a step where it has wide
/// registers ([`Isa::WIDE`]), and up to thirty-two units past the returned length may then
/// be overwritten.
#[inline(always)]
pub(crate) fn widen_ascii_overwriting_on<I: Isa>(isa: I, src: &[u8], dst: &mut [u16]) -> usize {
    if I::WIDE {
        copy_blocks::<_, I::W, _, 32, false>(isa, src, dst)
    } else {
        widen_ascii_overwriting(src, dst)
    }
}

/// As [`copy_ascii_overwriting`] on `isa`, sixty-four bytes a step, the stores aligned as
/// `isa` has them; the first that many elements of `dst` are then written, and up to
/// sixty-four more may be.
#[inline(always)]
pub(crate) fn copy_ascii_uninit<I: Isa>(isa: I, src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize {
    copy_blocks::<_, I::X, _, 64, true>(isa, src, dst)
}

/// Appends to `dst`, within its spare capacity, the longest ASCII prefix of `src` that
/// fits, copied on `isa` ([`copy_blocks`]); returns its length. One pass over the bytes,
/// where `push_str` would need them checked first and safe code a zeroed buffer.
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
    // of it) with the bytes of `src`'s ASCII prefix. Reached by every streaming decode into
    // a string in UTF-8's and the single-byte encodings (the tests below, the handlers'
    // `append_prefix` tests, and `streaming.rs`'s windows test across every capacity).
    unsafe { bytes.set_len(bytes.len() + n) };
    n
}

dispatched! {
    /// Appends to `dst`, within its spare capacity, spans of ASCII from the start of `src`,
    /// after each what `after_span` appends from the rest: it is given the rest, `dst`, the
    /// span's length and the bytes taken so far (the span's included), and returns how many
    /// bytes it took, zero to stop. Returns the bytes taken. The spans are copied a block of
    /// sixty-four bytes a step, by four registers of SSE2 or two of AVX2 where the
    /// processor has it, chosen once a call rather than once a span.
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

/// Copies the longest ASCII prefix of `src` that fits in `dst` into it, each byte as a
/// `D` (a byte, or a UTF-16 code unit); returns its length. `dst` past it is left as it was.
///
/// Two passes, the scan and then the copy, each a loop the compiler makes wide: copying
/// each block as it is checked makes it move the checked bytes through general registers
/// and widen them one at a time.
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
        check, check_scan, with_stop_everywhere, Contract, Steps,
    };
    use crate::kernels::uninit::as_uninit;

    /// ASCII text of every kind of byte (controls, letters, DEL), with a byte that is not
    /// ASCII at every place, and one without.
    fn texts(stop: u8) -> Vec<Vec<u8>> {
        with_stop_everywhere(330, |i| (i * 7 % 128) as u8, stop)
    }

    /// The ASCII prefix of `src`, a byte a step, each as a unit of `D`.
    fn ascii_steps<D: From<u8>>(src: &[u8]) -> Steps<D> {
        let prefix = src.iter().take_while(|b| b.is_ascii());
        prefix.map(|&b| (1, vec![D::from(b)])).collect()
    }

    /// The scans on every implementation, against the position of the first byte that is
    /// not ASCII.
    #[test]
    fn scans() {
        let reference = |src: &[u8]| src.iter().take_while(|b| b.is_ascii()).count();
        for stop in [0x80, 0xC3, 0xFF] {
            let texts = texts(stop);
            assert!(check_scan(&texts, reference, ascii_up_to) > 10_000);
            every_isa!(|isa| {
                check_scan(&texts, reference, |s| ascii_up_to_on(isa, s));
                check_scan(&texts, reference, |s| long_ascii_up_to(isa, s));
            });
        }
    }

    /// Section 12.2.1's ASCII state decodes 0x00 to 0x7F but 0x0E, 0x0F and 0x1B to
    /// themselves: each stopping byte at every place, and every byte value once, among
    /// control bytes and zeros (where the word-at-a-time test could go wrong).
    #[test]
    fn iso_2022_jp_scan_stops_at_each_byte_the_ascii_state_does_not_decode_to_itself() {
        let itself = |b: &u8| b.is_ascii() && !matches!(b, 0x0E | 0x0F | 0x1B);
        let reference = |src: &[u8]| src.iter().take_while(|b| itself(b)).count();
        let control = |i: usize| [0x00, 0x0A, 0x0D, 0x1A, 0x1C, 0x10, b'a'][i % 7];
        for stop in [0x0E, 0x0F, 0x1B, 0x80, 0xFF] {
            check_scan(
                &with_stop_everywhere(330, control, stop),
                reference,
                iso_2022_jp_ascii_up_to,
            );
        }
        let every_byte: Vec<u8> = (0..=255u8).flat_map(|b| [b'a', b, 0, 0x1C]).collect();
        for start in 0..every_byte.len() {
            let src = &every_byte[start..];
            assert_eq!(iso_2022_jp_ascii_up_to(src), reference(src), "{start}");
        }
    }

    /// Every copy on every implementation: into bytes, into bytes not yet written and into
    /// code units, overwriting at most a block past the prefix; and the exact copy.
    #[test]
    fn copies() {
        let texts = texts(0xE9);
        fn on<I: Isa>(isa: I, texts: &[Vec<u8>]) {
            let checked = check(texts, ascii_steps::<u8>, Contract::spilling(32), |s, d| {
                let n = copy_blocks::<_, I::W, _, 32, false>(isa, s, as_uninit(d));
                (n, n)
            });
            assert!(checked > 100_000, "{checked}");
            check(texts, ascii_steps::<u8>, Contract::spilling(64), |s, d| {
                let n = copy_blocks::<_, I::X, _, 64, true>(isa, s, as_uninit(d));
                (n, n)
            });
            check(texts, ascii_steps::<u16>, Contract::spilling(16), |s, d| {
                let n = copy_blocks::<_, I::V, _, 16, false>(isa, s, d);
                (n, n)
            });
            check(texts, ascii_steps::<u16>, Contract::spilling(32), |s, d| {
                let n = copy_blocks::<_, I::W, _, 32, false>(isa, s, d);
                (n, n)
            });
        }
        every_isa!(|isa| on(isa, &texts));
        check(&texts, ascii_steps::<u8>, Contract::EXACT, |s, d| {
            let n = copy_ascii(s, d);
            (n, n)
        });
        check(&texts, ascii_steps::<u16>, Contract::EXACT, |s, d| {
            let n = copy_ascii(s, d);
            (n, n)
        });
    }

    /// ASCII of every length 0 to 64 and long, at every capacity, ending in a byte that is
    /// not ASCII or not, a prefix already in the string: the span appended exactly, up to
    /// the capacity or that byte, as dispatched and on every implementation.
    #[cfg(feature = "alloc")]
    #[test]
    fn ascii_appended_up_to_the_capacity() {
        for len in (0..=64).chain([100, 200, 500]) {
            for stop in [None, Some(0xE9), Some(0x80)] {
                let mut src: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
                src.extend(stop);
                src.extend_from_slice(b"tail");
                let ascii = if stop.is_some() { len } else { src.len() };
                for capacity in [0, 1, len / 2, len, len + 1, len + 100] {
                    let fresh = || {
                        let mut dst = alloc::string::String::with_capacity(capacity + 2);
                        dst.push('\u{e9}');
                        dst
                    };
                    let check = |dst: &alloc::string::String, n: usize| {
                        let room = dst.capacity() - 2;
                        assert_eq!(n, ascii.min(room), "{len} {stop:?} {capacity}");
                        assert_eq!(dst.as_bytes()[..2], [0xC3, 0xA9]);
                        assert_eq!(dst.as_bytes()[2..], src[..n]);
                    };
                    let mut dst = fresh();
                    let n = append_ascii_spans(&src, &mut dst, |_, _, _, _| 0);
                    check(&dst, n);
                    every_isa!(|isa| {
                        let mut dst = fresh();
                        let n = append_ascii_spans_on(isa, &src, &mut dst, |_, _, _, _| 0);
                        check(&dst, n);
                    });
                }
            }
        }
    }

    /// `after_span` is called after each span with what follows it, the span's length and
    /// the bytes taken so far, and what it takes is counted.
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
