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

/// The length of the longest ASCII prefix of `bytes`, as [`super::ascii::ascii_up_to`], for
/// long runs: the first sixteen bytes unaligned, then sixty-four at a time from aligned
/// loads, which SSE2 can OR straight from memory (nine instructions for 64 bytes; the
/// portable scan takes about twenty). What the UTF-8 validation of `std` builds skips ASCII
/// with.
#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[inline]
pub(crate) fn ascii_len(bytes: &[u8]) -> usize {
    use core::arch::x86_64::*;
    let high = |v: __m128i| -> u32 {
        // SAFETY: SSE2 is part of the x86-64 baseline; no memory is touched.
        unsafe { _mm_movemask_epi8(v) as u32 }
    };
    if let Some(first) = bytes.first_chunk::<16>() {
        // SAFETY: SSE2 is part of the x86-64 baseline; the load reads the 16 bytes of
        // `first`, unaligned-tolerant (`loadu`).
        let first = unsafe { _mm_loadu_si128(first.as_ptr().cast::<__m128i>()) };
        if high(first) != 0 {
            return high(first).trailing_zeros() as usize;
        }
    }
    // SAFETY: every bit pattern of 16 bytes is a valid `__m128i`, and `align_to` only
    // reinterprets the aligned middle of `bytes`, which it borrows for as long.
    let (head, body, _) = unsafe { bytes.align_to::<__m128i>() };
    // The head (under sixteen bytes) was in the first check when it was made.
    let mut i = head.len();
    if bytes.len() < 16 {
        i = 0;
    }
    let mut blocks = body.chunks_exact(4);
    for four in &mut blocks {
        if let [a, b, c, d] = *four {
            // SAFETY: SSE2 is part of the x86-64 baseline; no memory is touched but the
            // aligned blocks of `body`.
            let any = unsafe { _mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d)) };
            if high(any) != 0 {
                break;
            }
        }
        i += 64;
    }
    // The blocks from the one with a non-ASCII byte, if any, then the tail.
    let rest = bytes.get(i..).unwrap_or_default();
    let mut blocks = rest.chunks_exact(16);
    for block in &mut blocks {
        let block: &[u8; 16] = block.first_chunk().unwrap_or(&[0; 16]);
        // SAFETY: as the first load, within `block`.
        let v = unsafe { _mm_loadu_si128(block.as_ptr().cast::<__m128i>()) };
        if high(v) != 0 {
            return i + high(v).trailing_zeros() as usize;
        }
        i += 16;
    }
    i + blocks
        .remainder()
        .iter()
        .position(|b| !b.is_ascii())
        .unwrap_or(blocks.remainder().len())
}

/// Whether `block` has a byte that is not ASCII: four loads ORed and one mask with SSE2.
#[cfg(feature = "std")]
#[inline(always)]
pub(crate) fn has_non_ascii(block: &[u8; 64]) -> bool {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of the x86-64 baseline; the loads read 4 × 16 bytes within
    // `block` (64 bytes), unaligned-tolerant (`loadu`).
    unsafe {
        use core::arch::x86_64::*;
        let p = block.as_ptr().cast::<__m128i>();
        let ab = _mm_or_si128(_mm_loadu_si128(p), _mm_loadu_si128(p.add(1)));
        let cd = _mm_or_si128(_mm_loadu_si128(p.add(2)), _mm_loadu_si128(p.add(3)));
        _mm_movemask_epi8(_mm_or_si128(ab, cd)) != 0
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        block.iter().fold(0, |acc, b| acc | b) >= 0x80
    }
}

/// As the SSE2 `ascii_len`, where there is no SSE2.
#[cfg(all(feature = "std", not(target_arch = "x86_64")))]
pub(crate) use super::ascii::ascii_up_to as ascii_len;

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

    /// The SSE2 scan against the portable one at every length to 160 and alignment, with a
    /// non-ASCII byte at every position.
    #[cfg(feature = "std")]
    #[test]
    fn ascii_len_finds_every_non_ascii_byte_at_every_length_and_alignment() {
        for align in 0..16 {
            for len in 0..=160 {
                let buf: Vec<u8> = (0..align + len).map(|i| b'a' + (i % 26) as u8).collect();
                assert_eq!(ascii_len(&buf[align..]), len);
                for bad in 0..len {
                    for byte in [0x80, 0xFF] {
                        let mut buf = buf.clone();
                        buf[align + bad] = byte;
                        if let Some(b) = buf.get_mut(align + bad + 5) {
                            *b = 0xC3;
                        }
                        let src = &buf[align..];
                        assert_eq!(ascii_len(src), bad, "align {align} len {len}");
                        assert_eq!(super::super::ascii::ascii_up_to(src), bad);
                    }
                }
            }
        }
    }

    /// The block test against the plain one, with a non-ASCII byte at every position.
    #[cfg(feature = "std")]
    #[test]
    fn has_non_ascii_sees_every_position() {
        let ascii = [b'a'; 64];
        assert!(!has_non_ascii(&ascii));
        for at in 0..64 {
            for b in [0x80, 0xC3, 0xFF] {
                let mut block = ascii;
                block[at] = b;
                assert!(has_non_ascii(&block), "{b:#x} at {at}");
            }
        }
    }

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
