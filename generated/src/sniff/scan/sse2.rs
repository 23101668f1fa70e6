//! The masks of [`super`] with SSE2, the x86-64 baseline (no run-time detection): an
//! unaligned load of the block, a compare, and the move of each byte's top bit.

use super::{BLOCK, RUN};
use core::arch::x86_64::*;

/// A bit for each byte of `block` that is `needle`.
#[inline(always)]
pub(super) fn equal(block: &[u8; BLOCK], needle: u8) -> u32 {
    // SAFETY: SSE2 is part of the x86-64 baseline, so every intrinsic here is available; the
    // load reads the 16 bytes of `block` (`loadu` tolerates any alignment).
    unsafe {
        let bytes = _mm_loadu_si128(block.as_ptr().cast::<__m128i>());
        let equal = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(needle as i8));
        _mm_movemask_epi8(equal) as u32
    }
}

/// A bit for each of the first sixteen bytes of `block` that is `<` followed by `m` or `M`.
#[inline(always)]
pub(super) fn less_than_m(block: &[u8; BLOCK + 1]) -> u32 {
    // SAFETY: SSE2 is part of the x86-64 baseline, so every intrinsic here is available; the
    // loads read bytes 0 to 15 and 1 to 16 of `block` (17 bytes; `loadu` tolerates any
    // alignment).
    unsafe {
        let here = _mm_loadu_si128(block.as_ptr().cast::<__m128i>());
        let next = _mm_loadu_si128(block.as_ptr().add(1).cast::<__m128i>());
        let less_than = _mm_cmpeq_epi8(here, _mm_set1_epi8(b'<' as i8));
        let m = _mm_cmpeq_epi8(
            _mm_or_si128(next, _mm_set1_epi8(0x20)),
            _mm_set1_epi8(b'm' as i8),
        );
        _mm_movemask_epi8(_mm_and_si128(less_than, m)) as u32
    }
}

/// Whether any byte of `run` is `needle`.
#[inline(always)]
pub(super) fn contains(run: &[u8; RUN], needle: u8) -> bool {
    // SAFETY: SSE2 is part of the x86-64 baseline, so every intrinsic here is available; the
    // loads read bytes 0-15, 16-31, 32-47 and 48-63 of `run` (64 bytes; `loadu` tolerates any
    // alignment).
    unsafe {
        let needle = _mm_set1_epi8(needle as i8);
        let at = |i: usize| _mm_loadu_si128(run.as_ptr().add(i * BLOCK).cast::<__m128i>());
        let equal = |i: usize| _mm_cmpeq_epi8(at(i), needle);
        let any = _mm_or_si128(
            _mm_or_si128(equal(0), equal(1)),
            _mm_or_si128(equal(2), equal(3)),
        );
        _mm_movemask_epi8(any) != 0
    }
}
