//! SSE2, part of every x86-64 processor (no run-time detection): [`Sse2Bytes`], one to four
//! registers of sixteen bytes, and the code unit blocks, each an unaligned load and store
//! within the fixed-size arrays it is given.

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use crate::kernels::block::BLOCK;
use crate::kernels::block::{Bytes, Isa, Mask, BLOCK_OUT, UNITS};
use crate::kernels::dispatch::Implementation;
use crate::kernels::utf8::pack::{store_three, store_two, Utf8Lanes};
use crate::tables::LinearBytes;

/// SSE2: every x86-64 processor has it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sse2;

impl Isa for Sse2 {
    const IMPLEMENTATION: Implementation = Implementation::Sse2;
    type Bytes16 = Sse2Bytes<1>;
    type Bytes32 = Sse2Bytes<2>;
    type Bytes64 = Sse2Bytes<4>;

    #[inline(always)]
    fn widen(self, src: &[u8; 16], dst: &mut [u16; 16], run: LinearBytes) -> u32 {
        widen_block(src, dst, run)
    }

    #[inline(always)]
    fn narrow(self, src: &[u16; 16], dst: &mut [MaybeUninit<u8>; 16], run: LinearBytes) -> u32 {
        narrow_block(src, dst, run)
    }

    #[inline(always)]
    fn utf8_one_or_two_bytes(
        self,
        units: &[u16; UNITS],
        out: &mut [MaybeUninit<u8>; BLOCK_OUT],
    ) -> usize {
        store_two(utf8_below_0x800(units), out)
    }

    #[inline(always)]
    fn utf8_one_to_three_bytes(
        self,
        units: &[u16; UNITS],
        out: &mut [MaybeUninit<u8>; BLOCK_OUT],
    ) -> usize {
        store_three(utf8_non_surrogates(units), out)
    }
}

/// `16 × K` bytes in `K` registers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sse2Bytes<const K: usize>([__m128i; K]);

/// `Bytes<N>` for `Sse2Bytes<K>`, `N = 16 × K`, registers `0..K` listed: straight-line code
/// for each width.
macro_rules! sse2_bytes {
    ($($k:literal => $n:literal: [$first:literal $($rest:literal)*], |$v:ident| $or:expr;)*) => {$(
        impl Bytes<$n> for Sse2Bytes<$k> {
            #[inline(always)]
            fn load(src: &[u8; $n]) -> Self {
                let src = src.as_ptr().cast::<__m128i>();
                // SAFETY: SSE2 is part of the x86-64 baseline; each load reads sixteen bytes
                // within `src` (register `i` of `K` at byte `16 × i` of `16 × K`),
                // unaligned-tolerant (`loadu`).
                unsafe {
                    Sse2Bytes([
                        _mm_loadu_si128(src.add($first)),
                        $(_mm_loadu_si128(src.add($rest)),)*
                    ])
                }
            }

            #[inline(always)]
            fn store_uninit(self, dst: &mut [MaybeUninit<u8>; $n]) {
                let dst = dst.as_mut_ptr().cast::<__m128i>();
                // SAFETY: as `load`'s, within `dst` (`storeu`); writing a `MaybeUninit<u8>`
                // initialises it, whatever it held.
                unsafe {
                    _mm_storeu_si128(dst.add($first), self.0[$first]);
                    $(_mm_storeu_si128(dst.add($rest), self.0[$rest]);)*
                }
            }

            #[inline(always)]
            fn eq(self, needle: u8) -> Self {
                // SAFETY: SSE2 is part of the x86-64 baseline; no memory is touched.
                unsafe {
                    let needle = _mm_set1_epi8(needle as i8);
                    Sse2Bytes([
                        _mm_cmpeq_epi8(self.0[$first], needle),
                        $(_mm_cmpeq_epi8(self.0[$rest], needle),)*
                    ])
                }
            }

            #[inline(always)]
            fn and(self, other: Self) -> Self {
                // SAFETY: SSE2 is part of the x86-64 baseline; no memory is touched.
                unsafe {
                    Sse2Bytes([
                        _mm_and_si128(self.0[$first], other.0[$first]),
                        $(_mm_and_si128(self.0[$rest], other.0[$rest]),)*
                    ])
                }
            }

            #[inline(always)]
            fn or(self, other: Self) -> Self {
                // SAFETY: SSE2 is part of the x86-64 baseline; no memory is touched.
                unsafe {
                    Sse2Bytes([
                        _mm_or_si128(self.0[$first], other.0[$first]),
                        $(_mm_or_si128(self.0[$rest], other.0[$rest]),)*
                    ])
                }
            }

            #[inline(always)]
            fn or_byte(self, byte: u8) -> Self {
                // SAFETY: SSE2 is part of the x86-64 baseline; no memory is touched.
                unsafe {
                    let byte = _mm_set1_epi8(byte as i8);
                    Sse2Bytes([
                        _mm_or_si128(self.0[$first], byte),
                        $(_mm_or_si128(self.0[$rest], byte),)*
                    ])
                }
            }

            #[inline(always)]
            fn high_bits(self) -> Mask {
                // SAFETY: SSE2 is part of the x86-64 baseline; no memory is touched.
                unsafe {
                    Mask::from(_mm_movemask_epi8(self.0[$first]) as u32)
                        $(| Mask::from(_mm_movemask_epi8(self.0[$rest]) as u32) << (16 * $rest))*
                }
            }

            /// One mask of the registers ORed.
            #[inline(always)]
            fn is_ascii(self) -> bool {
                let $v = self.0;
                // SAFETY: SSE2 is part of the x86-64 baseline; no memory is touched.
                unsafe { _mm_movemask_epi8($or) == 0 }
            }

            #[inline(always)]
            fn first_non_ascii(self) -> Option<usize> {
                if self.is_ascii() {
                    return None;
                }
                Some(self.high_bits().trailing_zeros() as usize)
            }
        }
    )*};
}

sse2_bytes! {
    1 => 16: [0], |v| v[0];
    2 => 32: [0 1], |v| _mm_or_si128(v[0], v[1]);
    4 => 64: [0 1 2 3], |v| _mm_or_si128(_mm_or_si128(v[0], v[1]), _mm_or_si128(v[2], v[3]));
}

/// [`Isa::narrow`] with SSE2 (its contract is there): each half of the block is
/// eight units in one register; a unit is taken when its bits above the seventh are clear (ASCII) or when its offset from
/// the run's first code point, compared unsigned (both sides' top bit flipped for the signed
/// compare), is below the run's length; its byte is the unit, or the offset plus the run's
/// first byte, masked to the low eight bits so that the unsigned-saturating pack keeps it.
#[inline(always)]
fn narrow_block(src: &[u16; BLOCK], dst: &mut [MaybeUninit<u8>; BLOCK], run: LinearBytes) -> u32 {
    // SAFETY: SSE2 is part of the x86-64 baseline, so every intrinsic here is available;
    // the loads read 2 × 16 bytes within `src` (32 bytes) and the store writes 16 bytes
    // within `dst` (16 bytes), all unaligned-tolerant (`loadu`, `storeu`).
    unsafe {
        let lo = _mm_loadu_si128(src.as_ptr().cast::<__m128i>());
        let hi = _mm_loadu_si128(src.as_ptr().add(8).cast::<__m128i>());
        let not_ascii = _mm_set1_epi16(0xFF80u16 as i16);
        let zero = _mm_setzero_si128();
        let out = dst.as_mut_ptr().cast::<__m128i>();
        // All ASCII (the usual block of markup or Latin text): a pack, no mapping.
        let high_bits = _mm_and_si128(_mm_or_si128(lo, hi), not_ascii);
        if _mm_movemask_epi8(_mm_cmpeq_epi16(high_bits, zero)) == 0xFFFF {
            _mm_storeu_si128(out, _mm_packus_epi16(lo, hi));
            return 0;
        }
        let first = _mm_set1_epi16(run.first as i16);
        let flip = _mm_set1_epi16(i16::MIN);
        let len = _mm_xor_si128(_mm_set1_epi16(run.len as i16), flip);
        let byte = _mm_set1_epi16(i16::from(run.byte));
        let low_byte = _mm_set1_epi16(0xFF);
        let half = |v: __m128i| {
            let ascii = _mm_cmpeq_epi16(_mm_and_si128(v, not_ascii), zero);
            let offset = _mm_sub_epi16(v, first);
            let in_run = _mm_cmplt_epi16(_mm_xor_si128(offset, flip), len);
            let mapped = _mm_and_si128(_mm_add_epi16(offset, byte), low_byte);
            let bytes = _mm_or_si128(_mm_and_si128(ascii, v), _mm_andnot_si128(ascii, mapped));
            (bytes, _mm_or_si128(ascii, in_run))
        };
        let (bytes_lo, taken_lo) = half(lo);
        let (bytes_hi, taken_hi) = half(hi);
        _mm_storeu_si128(out, _mm_packus_epi16(bytes_lo, bytes_hi));
        // One bit a unit (the masks are all ones or all zeros, so signed packing keeps them).
        let taken = _mm_movemask_epi8(_mm_packs_epi16(taken_lo, taken_hi)) as u32;
        !taken & 0xFFFF
    }
}

/// [`Isa::widen`] with SSE2 (its contract is there): the bytes unpacked against
/// zero into two registers of eight units; a unit is in the run when its offset from the
/// run's first byte, compared unsigned (top bits flipped for the signed compare), is below
/// the run's length, and then gets the difference between the run's first code point and
/// first byte added.
#[inline(always)]
fn widen_block(src: &[u8; BLOCK], dst: &mut [u16; BLOCK], run: LinearBytes) -> u32 {
    // SAFETY: SSE2 is part of the x86-64 baseline, so every intrinsic here is available;
    // the load reads the 16 bytes of `src` and the stores write 2 × 16 bytes within `dst`
    // (32 bytes), all unaligned-tolerant (`loadu`, `storeu`).
    unsafe {
        let bytes = _mm_loadu_si128(src.as_ptr().cast::<__m128i>());
        let zero = _mm_setzero_si128();
        let mut lo = _mm_unpacklo_epi8(bytes, zero);
        let mut hi = _mm_unpackhi_epi8(bytes, zero);
        let out = dst.as_mut_ptr().cast::<__m128i>();
        let high = _mm_movemask_epi8(bytes) as u32;
        if high != 0 {
            let flip = _mm_set1_epi16(i16::MIN);
            let first_byte = _mm_set1_epi16(i16::from(run.byte));
            let len = _mm_xor_si128(_mm_set1_epi16(run.len as i16), flip);
            let delta = _mm_set1_epi16(run.first.wrapping_sub(u16::from(run.byte)) as i16);
            let in_run = |v: __m128i| {
                let offset = _mm_sub_epi16(v, first_byte);
                _mm_cmplt_epi16(_mm_xor_si128(offset, flip), len)
            };
            let (in_lo, in_hi) = (in_run(lo), in_run(hi));
            lo = _mm_add_epi16(lo, _mm_and_si128(in_lo, delta));
            hi = _mm_add_epi16(hi, _mm_and_si128(in_hi, delta));
            // One bit a unit (the masks are all ones or all zeros, so signed packing keeps
            // them).
            let in_run = _mm_movemask_epi8(_mm_packs_epi16(in_lo, in_hi)) as u32;
            _mm_storeu_si128(out, lo);
            _mm_storeu_si128(out.add(1), hi);
            return high & !in_run;
        }
        _mm_storeu_si128(out, lo);
        _mm_storeu_si128(out.add(1), hi);
        0
    }
}

/// The lanes of [`Isa::utf8_one_or_two_bytes`] with SSE2 (the portable form's contract): the two-byte form of
/// every lane computed at once and chosen over the unit where the unit is above 0x7F (a
/// signed compare, exact below 0x8000); each lane's length is one, less the comparison's
/// all-ones, and the starts are the running sum of the lengths, shifted a lane.
#[inline(always)]
fn utf8_below_0x800(src: &[u16; 8]) -> Utf8Lanes<u16> {
    // SAFETY: SSE2 is part of the x86-64 baseline, so every intrinsic here is available;
    // the one memory access, the load, reads the 16 bytes of `src` (`loadu`: unaligned).
    unsafe {
        let u = _mm_loadu_si128(src.as_ptr().cast::<__m128i>());
        let (bytes, non_ascii) = below_0x800(u);
        let (at, len) = starts(_mm_sub_epi16(_mm_set1_epi16(1), non_ascii));
        Utf8Lanes {
            bytes: lanes_of(bytes),
            at,
            len,
        }
    }
}

/// The UTF-8 of eight units all below 0x800 in their 16-bit lanes (the first byte low, the
/// high byte of an ASCII lane zero), and all ones in the lanes of the units above 0x7F.
#[inline(always)]
pub(super) fn below_0x800(u: __m128i) -> (__m128i, __m128i) {
    // SAFETY: SSE2 is part of the x86-64 baseline; these only compute on registers.
    unsafe {
        let lead = _mm_or_si128(_mm_srli_epi16::<6>(u), _mm_set1_epi16(0xC0));
        let trail = _mm_or_si128(_mm_and_si128(u, _mm_set1_epi16(0x3F)), _mm_set1_epi16(0x80));
        let two = _mm_or_si128(lead, _mm_slli_epi16::<8>(trail));
        let non_ascii = _mm_cmpgt_epi16(u, _mm_set1_epi16(0x7F));
        let bytes = _mm_or_si128(
            _mm_and_si128(non_ascii, two),
            _mm_andnot_si128(non_ascii, u),
        );
        (bytes, non_ascii)
    }
}

/// The lanes of [`Isa::utf8_one_to_three_bytes`] with SSE2 (the portable form's contract): each lane's one-,
/// two- and three-byte forms computed at once, as the low sixteen bits (the first two
/// bytes) and the third byte, chosen by two unsigned comparisons (a saturating subtraction
/// that leaves zero exactly when the unit is at most the bound); the halves are interleaved
/// into 32-bit lanes. Lengths and starts as in [`utf8_below_0x800`].
#[inline(always)]
fn utf8_non_surrogates(src: &[u16; 8]) -> Utf8Lanes<u32> {
    // SAFETY: SSE2 is part of the x86-64 baseline, so every intrinsic here is available;
    // the one memory access, the load, reads the 16 bytes of `src` (`loadu`: unaligned).
    unsafe {
        let u = _mm_loadu_si128(src.as_ptr().cast::<__m128i>());
        let ([lo, hi], non_ascii, long) = non_surrogates(u);
        let [a, b, c, d] = lanes_of_32(lo);
        let [e, f, g, h] = lanes_of_32(hi);
        let (at, len) = starts(_mm_sub_epi16(
            _mm_sub_epi16(_mm_set1_epi16(1), non_ascii),
            long,
        ));
        Utf8Lanes {
            bytes: [a, b, c, d, e, f, g, h],
            at,
            len,
        }
    }
}

/// The UTF-8 of eight units none of which is a surrogate in 32-bit lanes, units 0 to 3 in
/// the first register and 4 to 7 in the second (the first byte low, the bytes past the
/// length zero); and in 16-bit lanes, all ones where the unit is above 0x7F, and where it
/// is above 0x7FF.
#[inline(always)]
pub(super) fn non_surrogates(u: __m128i) -> ([__m128i; 2], __m128i, __m128i) {
    // SAFETY: SSE2 is part of the x86-64 baseline; these only compute on registers.
    unsafe {
        let zero = _mm_setzero_si128();
        let six_bits = _mm_set1_epi16(0x3F);
        let continuation = _mm_set1_epi16(0x80);
        let last = _mm_or_si128(_mm_and_si128(u, six_bits), continuation);
        let middle = _mm_or_si128(
            _mm_and_si128(_mm_srli_epi16::<6>(u), six_bits),
            continuation,
        );
        let two = _mm_or_si128(
            _mm_or_si128(_mm_srli_epi16::<6>(u), _mm_set1_epi16(0xC0)),
            _mm_slli_epi16::<8>(last),
        );
        let three = _mm_or_si128(
            _mm_or_si128(_mm_srli_epi16::<12>(u), _mm_set1_epi16(0xE0)),
            _mm_slli_epi16::<8>(middle),
        );
        // All ones where the unit is above the bound.
        let above = |bound: i16| {
            let excess = _mm_subs_epu16(u, _mm_set1_epi16(bound));
            _mm_xor_si128(_mm_cmpeq_epi16(excess, zero), _mm_set1_epi16(-1))
        };
        let (non_ascii, long) = (above(0x7F), above(0x7FF));
        let select = |mask: __m128i, yes: __m128i, no: __m128i| {
            _mm_or_si128(_mm_and_si128(mask, yes), _mm_andnot_si128(mask, no))
        };
        let first_two = select(long, three, select(non_ascii, two, u));
        let third = _mm_and_si128(long, last);
        (
            [
                _mm_unpacklo_epi16(first_two, third),
                _mm_unpackhi_epi16(first_two, third),
            ],
            non_ascii,
            long,
        )
    }
}

/// Where each lane's bytes start, the running sum of the lengths `len` (eight 16-bit
/// lanes) shifted a lane, and the total: three shift-and-add steps.
#[inline(always)]
fn starts(len: __m128i) -> ([u16; 8], usize) {
    // SAFETY: SSE2 is part of the x86-64 baseline; these only compute on registers.
    unsafe {
        let mut end = _mm_add_epi16(len, _mm_slli_si128::<2>(len));
        end = _mm_add_epi16(end, _mm_slli_si128::<4>(end));
        end = _mm_add_epi16(end, _mm_slli_si128::<8>(end));
        // `pextrw` zero-extends the sixteen bits.
        let total = _mm_extract_epi16::<7>(end) as usize;
        (lanes_of(_mm_sub_epi16(end, len)), total)
    }
}

/// The two 64-bit halves of `v`, taken out through general registers (`movq`): lanes are
/// then shifts away. Taking each lane out on its own (`pextrw`, one at a time on the few
/// ports that move vectors to general registers) or through memory (a load from a vector
/// just stored waits for the store) cost more than the whole conversion.
#[inline(always)]
fn halves(v: __m128i) -> [u64; 2] {
    // SAFETY: SSE2 is part of the x86-64 baseline; these only read and move registers.
    // The casts keep the 64 bits.
    unsafe {
        [
            _mm_cvtsi128_si64(v) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)) as u64,
        ]
    }
}

/// The eight 16-bit lanes of `v`.
#[inline(always)]
fn lanes_of(v: __m128i) -> [u16; 8] {
    let [lo, hi] = halves(v);
    // The casts keep each lane's sixteen bits.
    core::array::from_fn(|i| ((if i < 4 { lo } else { hi }) >> (16 * (i % 4))) as u16)
}

/// The four 32-bit lanes of `v`.
#[inline(always)]
fn lanes_of_32(v: __m128i) -> [u32; 4] {
    let [lo, hi] = halves(v);
    // The casts keep each lane's 32 bits.
    [lo as u32, (lo >> 32) as u32, hi as u32, (hi >> 32) as u32]
}
