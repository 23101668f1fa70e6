//! AVX2 (with POPCNT), which x86-64 does not guarantee: chosen at run time where the
//! processor has it and the wide paths are not turned off (see `dispatch`). Its blocks of
//! thirty-two and sixty-four bytes are one and two 256-bit registers ([`Avx2Bytes`]), where
//! SSE2's are two and four; the code unit blocks are SSSE3's, compiled for AVX2 (three-operand
//! forms, no register copies).

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use super::sse2::Sse2Bytes;
use super::ssse3::Ssse3;
use crate::kernels::block::{Bytes, Isa, Mask, BLOCK_OUT, UNITS, WIDE_UNITS};
use crate::kernels::dispatch::Implementation;
use crate::tables::LinearBytes;

/// Proof that the processor has AVX2, SSSE3 and POPCNT (and that the operating system saves
/// the 256-bit registers): the one way to [`Avx2Bytes`], so that its operations can be safe
/// functions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(Ssse3);

impl Avx2 {
    /// An `Avx2` if the processor has AVX2 (with the operating system's support), SSSE3 and
    /// POPCNT.
    #[cfg(any(test, feature = "std"))]
    #[inline]
    pub(crate) fn detect() -> Option<Avx2> {
        if !super::cpu::has(super::cpu::AVX2) {
            return None;
        }
        Ssse3::detect().map(Avx2)
    }

    /// An `Avx2` without asking the processor.
    ///
    /// # Safety
    ///
    /// The processor must have AVX2, SSSE3 and POPCNT, and the operating system must save
    /// the 256-bit registers: what [`Avx2::detect`] asks, and what the dispatch's choice of
    /// [`Implementation::Avx2`] promises ([`crate::kernels::dispatch::chosen`]).
    ///
    /// [`Implementation::Avx2`]: crate::kernels::Implementation::Avx2
    #[inline(always)]
    pub(crate) unsafe fn new_unchecked() -> Avx2 {
        // SAFETY: this function's Safety section includes `Ssse3::new_unchecked`'s.
        Avx2(unsafe { Ssse3::new_unchecked() })
    }
}

/// SSSE3's code unit blocks, with blocks of bytes in 256-bit registers.
impl Isa for Avx2 {
    const IMPLEMENTATION: Implementation = Implementation::Avx2;
    type Bytes16 = Sse2Bytes<1>;
    type Bytes32 = Avx2Bytes<1>;
    type Bytes64 = Avx2Bytes<2>;
    const WIDE: bool = true;
    const SHUFFLE: bool = true;
    const STORE_ALIGN: usize = 32;

    /// Two registers of sixteen units, tested at once; packed with unsigned saturation
    /// (lane by lane: the first register's halves and the second's interleaved) and put in
    /// order by one permutation of 64-bit quarters.
    #[inline(always)]
    fn narrow_pairs<const BE: bool>(
        self,
        src: &[u8; 2 * WIDE_UNITS],
        dst: &mut [MaybeUninit<u8>; WIDE_UNITS],
    ) -> bool {
        // SAFETY: `self` exists only where the processor has AVX2 (`Avx2::new_unchecked`'s
        // Safety section). The loads read 2 × 32 bytes within `src` (64 bytes) and the store
        // writes the 32 bytes of `dst`, all unaligned-tolerant (`loadu`, `storeu`).
        unsafe {
            let src = src.as_ptr().cast::<__m256i>();
            let a = units::<BE>(_mm256_loadu_si256(src));
            let b = units::<BE>(_mm256_loadu_si256(src.add(1)));
            if _mm256_testz_si256(_mm256_or_si256(a, b), _mm256_set1_epi16(0xFF80u16 as i16)) == 0 {
                return false;
            }
            let packed = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi16(a, b));
            _mm256_storeu_si256(dst.as_mut_ptr().cast(), packed);
            true
        }
    }

    /// Sixteen units in one register: each unit's two-byte form chosen over the unit where
    /// it is above 0x7F, as SSSE3's eight; then SSSE3's shuffle for each 128-bit half (the
    /// byte shuffle works within halves), each half stored after the first's length.
    #[inline(always)]
    fn utf8_pairs<const BE: bool>(
        self,
        src: &[u8; WIDE_UNITS],
        out: &mut [MaybeUninit<u8>; WIDE_UNITS],
    ) -> Option<usize> {
        // SAFETY: `self` exists only where the processor has AVX2 and POPCNT
        // (`Avx2::new_unchecked`'s Safety section). The memory accesses are the load of the
        // 32 bytes of `src`, the loads of two 16-byte table entries (references), and the
        // stores of 16 bytes at the start of `out` and of 16 bytes at `first` (8 plus the
        // bits of an eight-bit key, at most 16) within its 32, all unaligned-tolerant
        // (`loadu`, `storeu`).
        unsafe {
            let u = units::<BE>(_mm256_loadu_si256(src.as_ptr().cast()));
            if _mm256_testz_si256(u, _mm256_set1_epi16(0xF800u16 as i16)) == 0 {
                return None;
            }
            let lead = _mm256_or_si256(_mm256_srli_epi16::<6>(u), _mm256_set1_epi16(0xC0));
            let trail = _mm256_or_si256(
                _mm256_and_si256(u, _mm256_set1_epi16(0x3F)),
                _mm256_set1_epi16(0x80),
            );
            let two = _mm256_or_si256(lead, _mm256_slli_epi16::<8>(trail));
            let non_ascii = _mm256_cmpgt_epi16(u, _mm256_set1_epi16(0x7F));
            let bytes = _mm256_blendv_epi8(u, two, non_ascii);
            // Bits 0 to 7: units 0 to 7 above 0x7F; bits 16 to 23: units 8 to 15.
            let mask = _mm256_movemask_epi8(_mm256_packs_epi16(non_ascii, non_ascii)) as u32;
            let (key_lo, key_hi) = ((mask & 0xFF) as u8, (mask >> 16 & 0xFF) as u8);
            let shuffle = _mm256_loadu2_m128i(
                self.0.two_bytes_shuffle(key_hi).as_ptr().cast(),
                self.0.two_bytes_shuffle(key_lo).as_ptr().cast(),
            );
            let utf8 = _mm256_shuffle_epi8(bytes, shuffle);
            let first = 8 + _popcnt32(i32::from(key_lo)) as usize;
            let second = 8 + _popcnt32(i32::from(key_hi)) as usize;
            let out = out.as_mut_ptr();
            _mm_storeu_si128(out.cast(), _mm256_castsi256_si128(utf8));
            _mm_storeu_si128(out.add(first).cast(), _mm256_extracti128_si256::<1>(utf8));
            Some(first + second)
        }
    }

    /// Fifteen bytes in each 128-bit half (bytes 0 to 14, and 15 to 29), five sequences
    /// each: every lead's four high bits and every trail's two checked at once against a
    /// pattern; each sequence's lead, middle and last byte gathered into the 16-bit lanes of
    /// its unit by three byte shuffles; the units then checked for overlong forms (below
    /// U+0800) and surrogates. Each half's five units are stored as sixteen bytes, the
    /// second half's after the first's five units.
    #[inline(always)]
    fn utf16_of_three_byte_utf8(self, src: &[u8; WIDE_UNITS], dst: &mut [u16; 16]) -> bool {
        /// In each half, byte `i`'s mask and expected value: a lead (0xE0 to 0xEF) at 0, 3,
        /// 6, 9 and 12, a trail (0x80 to 0xBF) elsewhere, byte 15 not tested.
        const MASK: [u8; 16] = [
            0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0,
            0xC0, 0,
        ];
        const EXPECTED: [u8; 16] = [
            0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80,
            0x80, 0,
        ];
        /// The shuffles that put byte `first + 3 × i` of a half in the low byte of lane `i`
        /// (for five lanes; the rest zero).
        const fn gather(first: u8) -> [u8; 16] {
            let mut s = [0x80u8; 16];
            let mut i = 0;
            while i < 5 {
                s[2 * i] = first + 3 * i as u8;
                i += 1;
            }
            s
        }
        const LEADS: [u8; 16] = gather(0);
        const MIDDLES: [u8; 16] = gather(1);
        const LASTS: [u8; 16] = gather(2);
        // SAFETY: `self` exists only where the processor has AVX2 (`Avx2::new_unchecked`'s
        // Safety section). The memory accesses are the loads of sixteen bytes at offsets 0
        // and 15 of `src` (32 bytes), of the six 16-byte constants above (references), and
        // the stores of sixteen bytes at the start of `dst` and at unit 5 (bytes 10 to 25
        // of its 32), all unaligned-tolerant (`loadu`, `storeu`).
        unsafe {
            let p = src.as_ptr();
            let bytes = _mm256_loadu2_m128i(p.add(15).cast(), p.cast());
            let both = |table: &[u8; 16]| {
                let half = _mm_loadu_si128(table.as_ptr().cast());
                _mm256_broadcastsi128_si256(half)
            };
            let shape = _mm256_cmpeq_epi8(_mm256_and_si256(bytes, both(&MASK)), both(&EXPECTED));
            if _mm256_movemask_epi8(shape) != -1 {
                return false;
            }
            let lead = _mm256_shuffle_epi8(bytes, both(&LEADS));
            let middle = _mm256_shuffle_epi8(bytes, both(&MIDDLES));
            let last = _mm256_shuffle_epi8(bytes, both(&LASTS));
            let six_bits = _mm256_set1_epi16(0x3F);
            let units = _mm256_or_si256(
                _mm256_slli_epi16::<12>(lead),
                _mm256_or_si256(
                    _mm256_slli_epi16::<6>(_mm256_and_si256(middle, six_bits)),
                    _mm256_and_si256(last, six_bits),
                ),
            );
            // Overlong (the top five bits clear) or a surrogate (0xD800 to 0xDFFF), in the
            // five lanes of each half that hold units (bits 0 to 9 and 16 to 25 of the mask).
            let top = _mm256_and_si256(units, _mm256_set1_epi16(0xF800u16 as i16));
            let bad = _mm256_or_si256(
                _mm256_cmpeq_epi16(top, _mm256_setzero_si256()),
                _mm256_cmpeq_epi16(top, _mm256_set1_epi16(0xD800u16 as i16)),
            );
            if _mm256_movemask_epi8(bad) & 0x03FF_03FF != 0 {
                return false;
            }
            let dst = dst.as_mut_ptr();
            _mm_storeu_si128(dst.cast(), _mm256_castsi256_si128(units));
            _mm_storeu_si128(dst.add(5).cast(), _mm256_extracti128_si256::<1>(units));
            true
        }
    }

    /// One load, each half zero-extended into a register of sixteen units.
    #[inline(always)]
    fn widen_wide(self, src: &[u8; WIDE_UNITS], dst: &mut [u16; WIDE_UNITS]) -> u32 {
        // SAFETY: `self` exists only where the processor has AVX2 (`Avx2::new_unchecked`'s
        // Safety section). The load reads the 32 bytes of `src` and the stores write
        // 2 × 32 bytes within `dst` (64 bytes), all unaligned-tolerant (`loadu`, `storeu`).
        unsafe {
            let bytes = _mm256_loadu_si256(src.as_ptr().cast());
            let dst = dst.as_mut_ptr().cast::<__m256i>();
            _mm256_storeu_si256(dst, _mm256_cvtepu8_epi16(_mm256_castsi256_si128(bytes)));
            _mm256_storeu_si256(
                dst.add(1),
                _mm256_cvtepu8_epi16(_mm256_extracti128_si256::<1>(bytes)),
            );
            _mm256_movemask_epi8(bytes) as u32
        }
    }

    #[inline(always)]
    fn widen(self, src: &[u8; 16], dst: &mut [u16; 16], run: LinearBytes) -> u32 {
        self.0.widen(src, dst, run)
    }

    #[inline(always)]
    fn narrow(self, src: &[u16; 16], dst: &mut [MaybeUninit<u8>; 16], run: LinearBytes) -> u32 {
        self.0.narrow(src, dst, run)
    }

    #[inline(always)]
    fn utf8_one_or_two_bytes(
        self,
        units: &[u16; UNITS],
        out: &mut [MaybeUninit<u8>; BLOCK_OUT],
    ) -> usize {
        self.0.utf8_one_or_two_bytes(units, out)
    }

    #[inline(always)]
    fn utf8_one_to_three_bytes(
        self,
        units: &[u16; UNITS],
        out: &mut [MaybeUninit<u8>; BLOCK_OUT],
    ) -> usize {
        self.0.utf8_one_to_three_bytes(units, out)
    }

    #[inline(always)]
    fn utf16_of_short_utf8(self, src: &[u8; 8], dst: &mut [u16; 8]) -> Option<(usize, usize)> {
        self.0.utf16_of_short_utf8(src, dst)
    }

    #[inline(always)]
    fn utf16_of_short_utf8_run(self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        self.0.utf16_of_short_utf8_run(src, dst)
    }
}

/// The sixteen code units of `v`, byte pairs in order `BE`, each in its 16-bit lane.
///
/// # Safety
///
/// The processor must have AVX2.
#[inline(always)]
unsafe fn units<const BE: bool>(v: __m256i) -> __m256i {
    if BE {
        // SAFETY: this function's Safety section; no memory is touched.
        unsafe { _mm256_or_si256(_mm256_srli_epi16::<8>(v), _mm256_slli_epi16::<8>(v)) }
    } else {
        v
    }
}

/// `32 × K` bytes in `K` registers of AVX2.
///
/// Only [`Avx2`]'s blocks: the kernels name this type as `I::Bytes32` or `I::Bytes64` of
/// the [`Isa`] they run on, and run on `Avx2` only with a value of it in hand, which exists
/// only where the processor has AVX2 ([`Avx2::new_unchecked`]'s Safety section). That is
/// what the safe operations below rely on; nothing outside this file names the type.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2Bytes<const K: usize>([__m256i; K]);

/// `Bytes<N>` for `Avx2Bytes<K>`, `N = 32 × K`, registers `0..K` listed.
macro_rules! avx2_bytes {
    ($($k:literal => $n:literal: [$first:literal $($rest:literal)*], |$v:ident| $or:expr;)*) => {$(
        impl Bytes<$n> for Avx2Bytes<$k> {
            #[inline(always)]
            fn load(src: &[u8; $n]) -> Self {
                let src = src.as_ptr().cast::<__m256i>();
                // SAFETY: the processor has AVX2 (see `Avx2Bytes`); each load reads 32 bytes
                // within `src` (register `i` of `K` at byte `32 × i` of `32 × K`),
                // unaligned-tolerant (`loadu`).
                unsafe {
                    Avx2Bytes([
                        _mm256_loadu_si256(src.add($first)),
                        $(_mm256_loadu_si256(src.add($rest)),)*
                    ])
                }
            }

            #[inline(always)]
            fn store_uninit(self, dst: &mut [MaybeUninit<u8>; $n]) {
                let dst = dst.as_mut_ptr().cast::<__m256i>();
                // SAFETY: as `load`'s, within `dst` (`storeu`); writing a `MaybeUninit<u8>`
                // initialises it, whatever it held.
                unsafe {
                    _mm256_storeu_si256(dst.add($first), self.0[$first]);
                    $(_mm256_storeu_si256(dst.add($rest), self.0[$rest]);)*
                }
            }

            #[inline(always)]
            fn eq(self, needle: u8) -> Self {
                // SAFETY: the processor has AVX2 (see `Avx2Bytes`); no memory is touched.
                unsafe {
                    let needle = _mm256_set1_epi8(needle as i8);
                    Avx2Bytes([
                        _mm256_cmpeq_epi8(self.0[$first], needle),
                        $(_mm256_cmpeq_epi8(self.0[$rest], needle),)*
                    ])
                }
            }

            #[inline(always)]
            fn and(self, other: Self) -> Self {
                // SAFETY: the processor has AVX2 (see `Avx2Bytes`); no memory is touched.
                unsafe {
                    Avx2Bytes([
                        _mm256_and_si256(self.0[$first], other.0[$first]),
                        $(_mm256_and_si256(self.0[$rest], other.0[$rest]),)*
                    ])
                }
            }

            #[inline(always)]
            fn or(self, other: Self) -> Self {
                // SAFETY: the processor has AVX2 (see `Avx2Bytes`); no memory is touched.
                unsafe {
                    Avx2Bytes([
                        _mm256_or_si256(self.0[$first], other.0[$first]),
                        $(_mm256_or_si256(self.0[$rest], other.0[$rest]),)*
                    ])
                }
            }

            #[inline(always)]
            fn or_byte(self, byte: u8) -> Self {
                // SAFETY: the processor has AVX2 (see `Avx2Bytes`); no memory is touched.
                unsafe {
                    let byte = _mm256_set1_epi8(byte as i8);
                    Avx2Bytes([
                        _mm256_or_si256(self.0[$first], byte),
                        $(_mm256_or_si256(self.0[$rest], byte),)*
                    ])
                }
            }

            #[inline(always)]
            fn high_bits(self) -> Mask {
                // SAFETY: the processor has AVX2 (see `Avx2Bytes`); no memory is touched.
                unsafe {
                    Mask::from(_mm256_movemask_epi8(self.0[$first]) as u32)
                        $(| Mask::from(_mm256_movemask_epi8(self.0[$rest]) as u32) << (32 * $rest))*
                }
            }

            /// One mask of the registers ORed.
            #[inline(always)]
            fn is_ascii(self) -> bool {
                let $v = self.0;
                // SAFETY: the processor has AVX2 (see `Avx2Bytes`); no memory is touched.
                unsafe { _mm256_movemask_epi8($or) == 0 }
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

avx2_bytes! {
    1 => 32: [0], |v| v[0];
    2 => 64: [0 1], |v| _mm256_or_si256(v[0], v[1]);
}
