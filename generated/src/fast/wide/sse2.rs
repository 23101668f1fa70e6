//! The blocks of [`super`] with SSE2, the x86-64 baseline (no run-time detection): the
//! only unsafe code of the kernels, each block an unaligned load and store within the
//! fixed-size arrays it is given.

use crate::fast::linear_run::{LinearRun, BLOCK};
use core::arch::x86_64::*;

/// The portable `narrow_block` with SSE2 (its contract is there): each half of the block is
/// eight units in one register; a unit is taken when its bits above the seventh are clear (ASCII) or when its offset from
/// the run's first code point, compared unsigned (both sides' top bit flipped for the signed
/// compare), is below the run's length; its byte is the unit, or the offset plus the run's
/// first byte, masked to the low eight bits so that the unsigned-saturating pack keeps it.
#[inline(always)]
pub(crate) fn narrow_block(src: &[u16; BLOCK], dst: &mut [u8; BLOCK], run: LinearRun) -> u32 {
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

/// The portable `widen_block` with SSE2 (its contract is there): the bytes unpacked against
/// zero into two registers of eight units; a unit is in the run when its offset from the
/// run's first byte, compared unsigned (top bits flipped for the signed compare), is below
/// the run's length, and then gets the difference between the run's first code point and
/// first byte added.
#[inline(always)]
pub(crate) fn widen_block(src: &[u8; BLOCK], dst: &mut [u16; BLOCK], run: LinearRun) -> u32 {
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
