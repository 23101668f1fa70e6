//! The UTF-8 of a block of eight code units packed with SSSE3's byte shuffle (`pshufb`),
//! which x86-64 does not guarantee: a [`Shuffle`] is had only from run-time detection,
//! which needs `std`. Each unit's bytes are computed in a lane of their own, as the SSE2
//! forms compute them, and one shuffle a register moves them together, from a table keyed
//! by which units take two or three bytes; the block is then one or two stores, where the
//! SSE2 forms store a unit at a time.

use core::arch::x86_64::*;

use crate::fast::utf8_blocks::{Utf8Blocks, BLOCK_OUT, UNITS};

/// Proof that the processor has SSSE3 and POPCNT: the one way to the shuffling forms, so
/// that they can be safe functions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shuffle(());

impl Shuffle {
    /// A `Shuffle` if the processor has SSSE3 and POPCNT (the standard library caches the
    /// answer: after the first call, a load and a test).
    #[inline]
    pub(crate) fn detect() -> Option<Shuffle> {
        let has = std::is_x86_feature_detected!("ssse3") && std::is_x86_feature_detected!("popcnt");
        has.then_some(Shuffle(()))
    }

    /// Writes the UTF-8 of eight code units all below 0x800 at the start of `out`, all
    /// sixteen bytes stored; returns its length (8 to 16).
    ///
    /// Each unit's two-byte form is chosen over the unit itself where the unit is above
    /// 0x7F (a signed compare, exact below 0x8000); the one-bit-a-unit mask of those picks
    /// the shuffle that keeps each lane's low byte, and its high byte where two.
    #[inline(always)]
    pub(crate) fn utf8_below_0x800(self, src: &[u16; 8], out: &mut [u8; 16]) -> usize {
        // SAFETY: `self` exists only where SSSE3 and POPCNT were detected (`detect`), and
        // SSE2 is part of the x86-64 baseline, so every intrinsic here is available. The
        // memory accesses are the load of the 16 bytes of `src`, the load of the table's
        // entry (the index is below 256: eight bits of a mask) and the store of the 16
        // bytes of `out`, all unaligned-tolerant (`loadu`, `storeu`).
        unsafe {
            let u = _mm_loadu_si128(src.as_ptr().cast::<__m128i>());
            let (bytes, non_ascii) = super::sse2::below_0x800(u);
            let mask = _mm_movemask_epi8(_mm_packs_epi16(non_ascii, non_ascii)) as u32 & 0xFF;
            let shuffle = &TWO_BYTES[mask as usize];
            let shuffle = _mm_loadu_si128(shuffle.as_ptr().cast::<__m128i>());
            _mm_storeu_si128(
                out.as_mut_ptr().cast::<__m128i>(),
                _mm_shuffle_epi8(bytes, shuffle),
            );
            8 + _popcnt32(mask as i32) as usize
        }
    }

    /// Writes the UTF-8 of eight code units none of which is a surrogate at the start of
    /// `out`, storing sixteen bytes for each half of the block, the second's after at most
    /// twelve of the first's; returns its length (8 to 24).
    ///
    /// Each unit's one-, two- and three-byte forms are computed in a 32-bit lane as the
    /// SSE2 form computes them; for each half, a key of which of its four units take more
    /// than one byte and which three picks the shuffle that keeps each lane's bytes.
    #[inline(always)]
    pub(crate) fn utf8_non_surrogates(self, src: &[u16; 8], out: &mut [u8; 28]) -> usize {
        // SAFETY: `self` exists only where SSSE3 and POPCNT were detected (`detect`), and
        // SSE2 is part of the x86-64 baseline, so every intrinsic here is available. The
        // memory accesses are the load of the 16 bytes of `src`, the loads of two of the
        // table's entries (each index below 256: eight bits of a mask), and the stores of
        // 16 bytes at the start of `out` and of 16 bytes from `first` within its 28 (`first`
        // is 4 plus the bits set in an eight-bit key, at most 12), all unaligned-tolerant
        // (`loadu`, `storeu`).
        unsafe {
            let u = _mm_loadu_si128(src.as_ptr().cast::<__m128i>());
            let ([lo, hi], non_ascii, long) = super::sse2::non_surrogates(u);
            // Bits 0 to 7: above 0x7F; bits 8 to 15: above 0x7FF.
            let mask = _mm_movemask_epi8(_mm_packs_epi16(non_ascii, long)) as u32;
            let key_lo = (mask & 0xF) | (mask >> 4 & 0xF0);
            let key_hi = (mask >> 4 & 0xF) | (mask >> 8 & 0xF0);
            let shuffle_lo = _mm_loadu_si128(THREE_BYTES[key_lo as usize].as_ptr().cast());
            let shuffle_hi = _mm_loadu_si128(THREE_BYTES[key_hi as usize].as_ptr().cast());
            let first = 4 + _popcnt32(key_lo as i32) as usize;
            let second = 4 + _popcnt32(key_hi as i32) as usize;
            let out = out.as_mut_ptr();
            _mm_storeu_si128(out.cast(), _mm_shuffle_epi8(lo, shuffle_lo));
            _mm_storeu_si128(out.add(first).cast(), _mm_shuffle_epi8(hi, shuffle_hi));
            first + second
        }
    }
}

/// For each mask of which of eight units take two bytes (bit `i` for unit `i`), the
/// shuffle that gathers the UTF-8 from the units' 16-bit lanes: each unit's low byte, then
/// its high byte if it takes two; bytes past the length are zero.
static TWO_BYTES: [[u8; 16]; 256] = shuffles(8, 1);

/// For each key of four units, bit `i` set if unit `i` takes more than one byte and bit
/// `4 + i` if it takes three, the shuffle that gathers the UTF-8 from the units' 32-bit
/// lanes: each unit's first byte, then its second and third as it takes them; bytes past
/// the length are zero. (Keys with a three-byte unit not also counted as more than one byte
/// do not occur.)
static THREE_BYTES: [[u8; 16]; 256] = shuffles(4, 2);

/// The shuffles for `units` units in lanes of `16 / units` bytes, each unit's first byte
/// kept and its byte `1 + e` (for `e` below `extra`) where the key's bit `e * units + i` is
/// set, for every key of eight bits.
const fn shuffles(units: usize, extra: usize) -> [[u8; 16]; 256] {
    let mut table = [[0x80u8; 16]; 256];
    let mut key = 0;
    while key < 256 {
        let mut at = 0;
        let mut unit = 0;
        while unit < units {
            let lane = unit * (16 / units);
            table[key][at] = lane as u8;
            at += 1;
            let mut e = 0;
            while e < extra {
                if key >> (e * units + unit) & 1 == 1 {
                    table[key][at] = (lane + 1 + e) as u8;
                    at += 1;
                }
                e += 1;
            }
            unit += 1;
        }
        key += 1;
    }
    table
}

/// The shuffling blocks, for the kernels written over [`Utf8Blocks`].
impl Utf8Blocks for Shuffle {
    #[inline(always)]
    fn one_or_two_bytes(self, block: &[u16; UNITS], out: &mut [u8; BLOCK_OUT]) -> usize {
        match out.first_chunk_mut::<16>() {
            Some(out) => self.utf8_below_0x800(block, out),
            None => 0,
        }
    }

    #[inline(always)]
    fn one_to_three_bytes(self, block: &[u16; UNITS], out: &mut [u8; BLOCK_OUT]) -> usize {
        self.utf8_non_surrogates(block, out)
    }
}
