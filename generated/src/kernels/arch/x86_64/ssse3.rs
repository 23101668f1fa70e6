//! SSSE3 (with POPCNT), which x86-64 does not guarantee: chosen at run time where the
//! processor has it (see `dispatch`). Everything is SSE2's but the UTF-8 of a block of
//! eight code units, which SSSE3's byte shuffle (`pshufb`) packs: each unit's bytes are
//! computed in a lane of their own, as SSE2's lanes are, and one shuffle a register moves
//! them together, from a table keyed by which units take two or three bytes; the block is
//! then one or two stores, where SSE2 stores a unit at a time. The other way, a shuffle
//! gathers each character of eight bytes of ASCII and two-byte UTF-8 into the lane of its
//! unit, from a table keyed by which bytes start no character.

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use super::sse2::{self, Sse2, Sse2Bytes};
use crate::kernels::block::{Isa, BLOCK_OUT, UNITS};
use crate::kernels::dispatch::Implementation;
use crate::tables::LinearBytes;

/// Proof that the processor has SSSE3 and POPCNT: the one way to the shuffling forms, so
/// that they can be safe functions. It holds the shuffle tables.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ssse3(&'static Shuffles);

impl Ssse3 {
    /// An `Ssse3` if the processor has SSSE3 and POPCNT.
    #[cfg(any(test, feature = "std"))]
    #[inline]
    pub(crate) fn detect() -> Option<Ssse3> {
        super::cpu::has(super::cpu::SSSE3_POPCNT).then(|| Ssse3(shuffles()))
    }

    /// An `Ssse3` without asking the processor.
    ///
    /// # Safety
    ///
    /// The processor must have SSSE3 and POPCNT: what [`Ssse3::detect`] asks it, and what
    /// the dispatch's choice of [`Implementation::Ssse3`] promises
    /// ([`crate::kernels::dispatch::chosen`]).
    ///
    /// [`Implementation::Ssse3`]: crate::kernels::Implementation::Ssse3
    #[inline(always)]
    pub(crate) unsafe fn new_unchecked() -> Ssse3 {
        Ssse3(shuffles())
    }

    /// The shuffle that gathers the UTF-8 of eight units below 0x800 from their 16-bit
    /// lanes, for `key`, bit `i` set where unit `i` takes two bytes.
    #[cfg(kernels_avx2)]
    #[inline(always)]
    pub(super) fn two_bytes_shuffle(self, key: u8) -> &'static [u8; 16] {
        &self.0.two_bytes[usize::from(key)]
    }

    /// Writes the UTF-8 of eight code units all below 0x800 at the start of `out`, all
    /// sixteen bytes stored; returns its length (8 to 16).
    ///
    /// Each unit's two-byte form is chosen over the unit itself where the unit is above
    /// 0x7F (a signed compare, exact below 0x8000); the one-bit-a-unit mask of those picks
    /// the shuffle that keeps each lane's low byte, and its high byte where two.
    #[inline(always)]
    pub(crate) fn utf8_below_0x800(self, src: &[u16; 8], out: &mut [MaybeUninit<u8>; 16]) -> usize {
        // SAFETY: `self` exists only where the processor has SSSE3 and POPCNT (see
        // `Ssse3::new_unchecked`'s Safety section), and SSE2 is part of the x86-64 baseline,
        // so every intrinsic here is available. The
        // memory accesses are the load of the 16 bytes of `src`, the load of the table's
        // entry (the index is below 256: eight bits of a mask) and the store of the 16
        // bytes of `out`, all unaligned-tolerant (`loadu`, `storeu`).
        unsafe {
            let u = _mm_loadu_si128(src.as_ptr().cast::<__m128i>());
            let (bytes, non_ascii) = sse2::below_0x800(u);
            let mask = _mm_movemask_epi8(_mm_packs_epi16(non_ascii, non_ascii)) as u32 & 0xFF;
            let shuffle = &self.0.two_bytes[mask as usize];
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
    pub(crate) fn utf8_non_surrogates(
        self,
        src: &[u16; 8],
        out: &mut [MaybeUninit<u8>; 28],
    ) -> usize {
        // SAFETY: `self` exists only where the processor has SSSE3 and POPCNT (see
        // `Ssse3::new_unchecked`'s Safety section), and SSE2 is part of the x86-64 baseline,
        // so every intrinsic here is available. The
        // memory accesses are the load of the 16 bytes of `src`, the loads of two of the
        // table's entries (each index below 256: eight bits of a mask), and the stores of
        // 16 bytes at the start of `out` and of 16 bytes from `first` within its 28 (`first`
        // is 4 plus the bits set in an eight-bit key, at most 12), all unaligned-tolerant
        // (`loadu`, `storeu`).
        unsafe {
            let u = _mm_loadu_si128(src.as_ptr().cast::<__m128i>());
            let ([lo, hi], non_ascii, long) = sse2::non_surrogates(u);
            // Bits 0 to 7: above 0x7F; bits 8 to 15: above 0x7FF.
            let mask = _mm_movemask_epi8(_mm_packs_epi16(non_ascii, long)) as u32;
            let key_lo = (mask & 0xF) | (mask >> 4 & 0xF0);
            let key_hi = (mask >> 4 & 0xF) | (mask >> 8 & 0xF0);
            let shuffle_lo = _mm_loadu_si128(self.0.three_bytes[key_lo as usize].as_ptr().cast());
            let shuffle_hi = _mm_loadu_si128(self.0.three_bytes[key_hi as usize].as_ptr().cast());
            let first = 4 + _popcnt32(key_lo as i32) as usize;
            let second = 4 + _popcnt32(key_hi as i32) as usize;
            let out = out.as_mut_ptr();
            _mm_storeu_si128(out.cast(), _mm_shuffle_epi8(lo, shuffle_lo));
            _mm_storeu_si128(out.add(first).cast(), _mm_shuffle_epi8(hi, shuffle_hi));
            first + second
        }
    }
}

impl Ssse3 {
    /// [`Isa::utf16_of_short_utf8`]: the bytes' kinds (lead, trail, a byte that cannot be
    /// here) as masks, bit `i` for byte `i`; valid when the trails are exactly the bytes
    /// after the leads. A table keyed by the bytes that do not start a character (the
    /// trails, and a last lead left for later) gives the shuffle that puts each character's
    /// first byte in the low byte of its unit's lane and its trail, if any, in the high;
    /// the unit is then the ASCII byte, or five bits of the lead and six of the trail.
    #[inline(always)]
    fn short_utf8(self, src: &[u8; 8], dst: &mut [u16; 8]) -> Option<(usize, usize)> {
        // SAFETY: `self` exists only where the processor has SSSE3 and POPCNT (see
        // `Ssse3::new_unchecked`'s Safety section), and SSE2 is part of the x86-64 baseline,
        // so every intrinsic here is available. The memory accesses are the load of the 8
        // bytes of `src`, the load of the table's entry (the index is below 256: eight bits
        // of masks) and the store of the 16 bytes of `dst`, all unaligned-tolerant
        // (`loadl`, `loadu`, `storeu`).
        unsafe {
            let v = _mm_loadl_epi64(src.as_ptr().cast());
            let kind = |mask: u8, value: u8| {
                let bits = _mm_and_si128(v, _mm_set1_epi8(mask as i8));
                _mm_movemask_epi8(_mm_cmpeq_epi8(bits, _mm_set1_epi8(value as i8))) as u32 & 0xFF
            };
            let leads = kind(0xE0, 0xC0);
            let trails = kind(0xC0, 0x80);
            // From 0xE0 up, and the overlong leads 0xC0 and 0xC1.
            let wrong = kind(0xE0, 0xE0) | kind(0xFE, 0xC0);
            if wrong != 0 || trails != (leads & 0x7F) << 1 {
                return None;
            }
            let not_first = trails | (leads & 0x80);
            let gather = &self.0.utf16_of_utf8[not_first as usize];
            let lanes = _mm_shuffle_epi8(v, _mm_loadu_si128(gather.as_ptr().cast()));
            let first = _mm_and_si128(lanes, _mm_set1_epi16(0xFF));
            let two = _mm_or_si128(
                _mm_slli_epi16::<6>(_mm_and_si128(lanes, _mm_set1_epi16(0x1F))),
                _mm_and_si128(_mm_srli_epi16::<8>(lanes), _mm_set1_epi16(0x3F)),
            );
            let is_two = _mm_cmpgt_epi16(first, _mm_set1_epi16(0x7F));
            let units = _mm_or_si128(_mm_and_si128(is_two, two), _mm_andnot_si128(is_two, first));
            _mm_storeu_si128(dst.as_mut_ptr().cast(), units);
            // From the byte itself rather than the mask: the next block's load waits for
            // this count, and the mask is several steps further from the load.
            let read = 8 - usize::from(src[7] & 0xE0 == 0xC0);
            Some((read, 8 - _popcnt32(not_first as i32) as usize))
        }
    }
}

/// The shuffle tables: three of 256 shuffles.
#[derive(Debug)]
pub(crate) struct Shuffles {
    /// For each mask of which of eight units take two bytes (bit `i` for unit `i`), the
    /// shuffle that gathers the UTF-8 from the units' 16-bit lanes: each unit's low byte,
    /// then its high byte if it takes two; bytes past the length are zero.
    two_bytes: [[u8; 16]; 256],
    /// For each key of four units, bit `i` set if unit `i` takes more than one byte and bit
    /// `4 + i` if it takes three, the shuffle that gathers the UTF-8 from the units' 32-bit
    /// lanes: each unit's first byte, then its second and third as it takes them; bytes past
    /// the length are zero. (Keys with a three-byte unit not also counted as more than one
    /// byte do not occur.)
    three_bytes: [[u8; 16]; 256],
    /// For each mask of which of eight bytes of UTF-8 do not start a character (bit `i`
    /// for byte `i`), the shuffle that puts each character's first byte in the low byte of
    /// a 16-bit lane, in order, and the byte after it in the high byte if that one does not
    /// start a character; lanes past the characters are zero.
    utf16_of_utf8: [[u8; 16]; 256],
}

/// The shuffle tables. With `std`, built the first time they are asked for, into zeroed
/// memory the program's file does not hold (they were most of what SSSE3 added to it);
/// without, a static the compiler builds.
#[inline]
fn shuffles() -> &'static Shuffles {
    #[cfg(feature = "std")]
    {
        /// The tables, zero until [`INIT`] has run.
        struct Built(core::cell::UnsafeCell<Shuffles>);
        // SAFETY: the tables are written once, inside `INIT.call_once`, and read only after
        // a call of `INIT.call_once` has returned, which orders that write before the read
        // (`std::sync::Once`'s guarantee): no read races the write, and no two writes race.
        unsafe impl Sync for Built {}
        static SHUFFLES: Built = Built(core::cell::UnsafeCell::new(Shuffles {
            two_bytes: [[0; 16]; 256],
            three_bytes: [[0; 16]; 256],
            utf16_of_utf8: [[0; 16]; 256],
        }));
        static INIT: std::sync::Once = std::sync::Once::new();
        INIT.call_once(|| {
            // SAFETY: the one write, before any read (see `Built`'s `Sync`).
            unsafe {
                *SHUFFLES.0.get() = Shuffles {
                    two_bytes: shuffles_of(8, 1),
                    three_bytes: shuffles_of(4, 2),
                    utf16_of_utf8: gathers_of_characters(),
                }
            }
        });
        // SAFETY: after `INIT.call_once`, nothing writes the tables again (see `Built`).
        unsafe { &*SHUFFLES.0.get() }
    }
    #[cfg(not(feature = "std"))]
    {
        static SHUFFLES: Shuffles = Shuffles {
            two_bytes: shuffles_of(8, 1),
            three_bytes: shuffles_of(4, 2),
            utf16_of_utf8: gathers_of_characters(),
        };
        &SHUFFLES
    }
}

/// The shuffles for `units` units in lanes of `16 / units` bytes, each unit's first byte
/// kept and its byte `1 + e` (for `e` below `extra`) where the key's bit `e * units + i` is
/// set, for every key of eight bits.
const fn shuffles_of(units: usize, extra: usize) -> [[u8; 16]; 256] {
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

/// The shuffles of [`Shuffles::utf16_of_utf8`], for every mask of eight bits.
const fn gathers_of_characters() -> [[u8; 16]; 256] {
    let mut table = [[0x80u8; 16]; 256];
    let mut key = 0;
    while key < 256 {
        let mut lane = 0;
        let mut byte = 0;
        while byte < 8 {
            if key >> byte & 1 == 0 {
                table[key][2 * lane] = byte as u8;
                if byte < 7 && key >> (byte + 1) & 1 == 1 {
                    table[key][2 * lane + 1] = byte as u8 + 1;
                }
                lane += 1;
            }
            byte += 1;
        }
        key += 1;
    }
    table
}

/// SSE2's blocks, and the shuffling UTF-8.
impl Isa for Ssse3 {
    const IMPLEMENTATION: Implementation = Implementation::Ssse3;
    type Bytes16 = Sse2Bytes<1>;
    type Bytes32 = Sse2Bytes<2>;
    type Bytes64 = Sse2Bytes<4>;
    const SHUFFLE: bool = true;

    #[inline(always)]
    fn widen(self, src: &[u8; 16], dst: &mut [u16; 16], run: LinearBytes) -> u32 {
        Sse2.widen(src, dst, run)
    }

    #[inline(always)]
    fn narrow(self, src: &[u16; 16], dst: &mut [MaybeUninit<u8>; 16], run: LinearBytes) -> u32 {
        Sse2.narrow(src, dst, run)
    }

    #[inline(always)]
    fn utf8_one_or_two_bytes(
        self,
        units: &[u16; UNITS],
        out: &mut [MaybeUninit<u8>; BLOCK_OUT],
    ) -> usize {
        match out.first_chunk_mut::<16>() {
            Some(out) => self.utf8_below_0x800(units, out),
            None => 0,
        }
    }

    #[inline(always)]
    fn utf8_one_to_three_bytes(
        self,
        units: &[u16; UNITS],
        out: &mut [MaybeUninit<u8>; BLOCK_OUT],
    ) -> usize {
        self.utf8_non_surrogates(units, out)
    }

    #[inline(always)]
    fn utf16_of_short_utf8(self, src: &[u8; 8], dst: &mut [u16; 8]) -> Option<(usize, usize)> {
        self.short_utf8(src, dst)
    }

    #[inline(always)]
    fn utf16_of_short_utf8_run(self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        // SAFETY: `self` exists only where the processor has SSSE3 and POPCNT (see
        // `Ssse3::new_unchecked`'s Safety section), which `short_blocks_ssse3` needs.
        unsafe { crate::kernels::utf8::to_utf16::short_blocks_ssse3(src, dst) }
    }
}
