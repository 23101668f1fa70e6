//! Thirty-two bytes copied and tested for ASCII at once: the step of the byte-to-byte ASCII
//! copy ([`super::ascii::copy_ascii_overwriting`]) that the single-byte decoders, the
//! multi-byte decoders' ASCII runs and the UTF-8 decoder spend most of their time in on
//! markup and English text.
//!
//! With SSE2 (the x86-64 baseline, so no run-time detection): two loads, two stores, one OR
//! and one mask of the high bits, against the portable form's four 64-bit loads and stores
//! and two 128-bit tests (en.html as windows-1252 decoded to a `String`: 0.85 instructions
//! a byte in all with the portable form). Other targets compile the portable form, and the
//! tests hold the SSE2 form to it.

/// Bytes per step.
pub(crate) const WIDE: usize = 32;

/// Copies all of `src` into `dst` and returns the index of the first byte of `src` that is
/// not ASCII, if any.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn copy_block(src: &[u8; WIDE], dst: &mut [u8; WIDE]) -> Option<usize> {
    use core::arch::x86_64::*;
    // SAFETY: SSE2 is part of the x86-64 baseline, so every intrinsic here is available;
    // the loads read 2 × 16 bytes within `src` (32 bytes) and the stores write 2 × 16 bytes
    // within `dst` (32 bytes), all unaligned-tolerant (`loadu`, `storeu`).
    unsafe {
        let lo = _mm_loadu_si128(src.as_ptr().cast::<__m128i>());
        let hi = _mm_loadu_si128(src.as_ptr().add(16).cast::<__m128i>());
        _mm_storeu_si128(dst.as_mut_ptr().cast::<__m128i>(), lo);
        _mm_storeu_si128(dst.as_mut_ptr().add(16).cast::<__m128i>(), hi);
        if _mm_movemask_epi8(_mm_or_si128(lo, hi)) == 0 {
            return None;
        }
        // One bit a byte, the first byte's lowest.
        let high = _mm_movemask_epi8(lo) as u32 | (_mm_movemask_epi8(hi) as u32) << 16;
        Some(high.trailing_zeros() as usize)
    }
}

#[cfg(not(target_arch = "x86_64"))]
pub(crate) use portable::copy_block;

/// The plain-Rust form: what other targets compile, and the tests' reference.
#[cfg(any(test, not(target_arch = "x86_64")))]
mod portable {
    use super::WIDE;

    /// As the SSE2 `copy_block`.
    #[inline(always)]
    pub(crate) fn copy_block(src: &[u8; WIDE], dst: &mut [u8; WIDE]) -> Option<usize> {
        *dst = *src;
        let (lo, hi) = src.split_at(WIDE / 2);
        let high = |half: &[u8]| {
            let half = half.first_chunk::<16>().copied().unwrap_or_default();
            u128::from_le_bytes(half) & 0x8080_8080_8080_8080_8080_8080_8080_8080
        };
        match (high(lo), high(hi)) {
            (0, 0) => None,
            (0, h) => Some(WIDE / 2 + (h.trailing_zeros() / 8) as usize),
            (l, _) => Some((l.trailing_zeros() / 8) as usize),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both forms, on every byte value at every position, with a second non-ASCII byte
    /// after it or none: the same answer, and all 32 bytes copied.
    #[test]
    fn copy_block_finds_the_first_non_ascii_byte_and_copies_all() {
        for at in 0..WIDE {
            for b in 0..=255u8 {
                for later in [None, Some(0x80u8), Some(0xFF)] {
                    let mut src: [u8; WIDE] = core::array::from_fn(|i| b'a' + (i % 26) as u8);
                    src[at] = b;
                    if let (Some(l), Some(s)) = (later, src.get_mut(at + 1)) {
                        *s = l;
                    }
                    let expected = src.iter().position(|b| !b.is_ascii());
                    let mut dst = [0xAAu8; WIDE];
                    assert_eq!(portable::copy_block(&src, &mut dst), expected);
                    assert_eq!(dst, src);
                    let mut dst = [0xAAu8; WIDE];
                    assert_eq!(copy_block(&src, &mut dst), expected, "{b:#x} at {at}");
                    assert_eq!(dst, src);
                }
            }
        }
    }
}
