//! Blocks of sixteen, converted between bytes and UTF-16 code units with a few wide
//! operations: the single-byte encoders' narrowing of ASCII and one linear run.
//!
//! Each function has a portable form, plain Rust over arrays, which non-x86-64 targets
//! compile and the tests hold the SSE2 form to.

use super::linear_run::{LinearRun, BLOCK};

/// Narrows `src` into `dst` by `run` ([`LinearRun::byte_of`]: ASCII or in the run), all
/// sixteen bytes stored; returns how many units from the start are ASCII or in the run (the
/// bytes past them are not meaningful).
#[inline(always)]
pub(crate) fn narrow_block(src: &[u16; BLOCK], dst: &mut [u8; BLOCK], run: LinearRun) -> usize {
    #[cfg(target_arch = "x86_64")]
    return narrow_block_sse2(src, dst, run);
    #[cfg(not(target_arch = "x86_64"))]
    return narrow_block_portable(src, dst, run);
}

/// [`narrow_block`] in plain Rust.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
#[inline(always)]
fn narrow_block_portable(src: &[u16; BLOCK], dst: &mut [u8; BLOCK], run: LinearRun) -> usize {
    let mut taken = 0u32;
    for (i, (&u, d)) in src.iter().zip(dst.iter_mut()).enumerate() {
        let offset = u.wrapping_sub(run.first);
        let ascii = u < 0x80;
        // The low byte is the contract: exact for the units counted.
        *d = if ascii {
            u as u8
        } else {
            run.byte.wrapping_add(offset as u8)
        };
        taken |= u32::from(ascii || offset < run.len) << i;
    }
    // Bits 16 and up of `!taken` are set: at most sixteen.
    (!taken).trailing_zeros() as usize
}

/// [`narrow_block`] with SSE2: each half of the block is eight units in one register; a
/// unit is taken when its bits above the seventh are clear (ASCII) or when its offset from
/// the run's first code point, compared unsigned (both sides' top bit flipped for the signed
/// compare), is below the run's length; its byte is the unit, or the offset plus the run's
/// first byte, masked to the low eight bits so that the unsigned-saturating pack keeps it.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn narrow_block_sse2(src: &[u16; BLOCK], dst: &mut [u8; BLOCK], run: LinearRun) -> usize {
    use core::arch::x86_64::*;
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
            return BLOCK;
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
        (!taken).trailing_zeros() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs of every shape the indexes have, and the edges: empty, at the top of the BMP,
    /// starting at U+00A0.
    const RUNS: [LinearRun; 5] = [
        LinearRun {
            first: 0x410,
            len: 64,
            byte: 0xC0,
        },
        LinearRun {
            first: 0xA0,
            len: 96,
            byte: 0xA0,
        },
        LinearRun {
            first: 0x5D0,
            len: 27,
            byte: 0xE0,
        },
        LinearRun {
            first: 0,
            len: 0,
            byte: 0,
        },
        LinearRun {
            first: 0xFF80,
            len: 128,
            byte: 0x80,
        },
    ];

    /// The portable form, and the SSE2 form against it, on every unit value at every lane.
    #[test]
    fn narrow_block_takes_every_unit_as_its_run_says() {
        for run in RUNS {
            for u in 0..=0xFFFFu16 {
                let lane = usize::from(u) % BLOCK;
                let mut src = [0x41u16; BLOCK];
                src[lane] = u;
                let mut portable = [0xAAu8; BLOCK];
                let n = narrow_block_portable(&src, &mut portable, run);
                let expected = match run.byte_of(u) {
                    Some(b) => {
                        assert_eq!(portable[lane], b, "{u:#x} {run:?}");
                        BLOCK
                    }
                    None => lane,
                };
                assert_eq!(n, expected, "{u:#x} {run:?}");
                #[cfg(target_arch = "x86_64")]
                {
                    let mut sse2 = [0xAAu8; BLOCK];
                    assert_eq!(narrow_block_sse2(&src, &mut sse2, run), n, "{u:#x}");
                    assert_eq!(sse2[..n], portable[..n], "{u:#x} {run:?}");
                }
            }
        }
    }
}
