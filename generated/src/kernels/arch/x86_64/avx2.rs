//! AVX2 (with SSSE3 and POPCNT), which x86-64 does not guarantee: registers of thirty-two
//! bytes ([`Ymm`]), SSE2's of sixteen, and SSSE3's shuffle in both.

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use super::sse2::Xmm;
use crate::kernels::isa::{Implementation, Isa, Mask, Pair, Units, Vector};

proof! {
    /// Proof that the processor has AVX2, SSSE3 and POPCNT (and that the operating system
    /// saves the 256-bit registers): the one way to [`Ymm`], so that its operations can be
    /// safe functions.
    Avx2: AVX2, SSSE3_POPCNT
}

impl Isa for Avx2 {
    const IMPLEMENTATION: Implementation = Implementation::Avx2;
    type V = Xmm;
    type W = Ymm;
    type X = Pair<Ymm>;
    const WIDE: bool = true;
    const SHUFFLE: bool = true;
    const STORE_ALIGN: usize = 32;
    intrinsics! {
        fn halves(w: Ymm) -> (Xmm, Xmm) =
            (Xmm(_mm256_castsi256_si128(w.0)), Xmm(_mm256_extracti128_si256::<1>(w.0)));
        fn from_halves(lo: Xmm, hi: Xmm) -> Ymm = Ymm(_mm256_set_m128i(hi.0, lo.0));
        fn shuffle(self, v: Xmm, index: Xmm) -> Xmm = Xmm(_mm_shuffle_epi8(v.0, index.0));
        fn shuffle_wide(self, w: Ymm, index: Ymm) -> Ymm =
            Ymm(_mm256_shuffle_epi8(w.0, index.0));
        fn popcount(self, x: u32) -> u32 = _popcnt32(x as i32) as u32;
    }
}

/// Thirty-two bytes in an AVX register: only [`Avx2`]'s, as the kernels name it (`I::W`),
/// and they run on `Avx2` only with a value of it in hand, which exists only where the
/// processor has AVX2 ([`Avx2::new_unchecked`]). Nothing outside this file names the type.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ymm(__m256i);

impl Vector<32> for Ymm {
    intrinsics! {
        fn splat(byte: u8) -> Self = Ymm(_mm256_set1_epi8(byte as i8));
        fn splat16(unit: u16) -> Self = Ymm(_mm256_set1_epi16(unit as i16));
        fn and(self, o: Self) -> Self = Ymm(_mm256_and_si256(self.0, o.0));
        fn or(self, o: Self) -> Self = Ymm(_mm256_or_si256(self.0, o.0));
        fn xor(self, o: Self) -> Self = Ymm(_mm256_xor_si256(self.0, o.0));
        fn and_not(self, o: Self) -> Self = Ymm(_mm256_andnot_si256(o.0, self.0));
        fn eq(self, o: Self) -> Self = Ymm(_mm256_cmpeq_epi8(self.0, o.0));
        fn eq16(self, o: Self) -> Self = Ymm(_mm256_cmpeq_epi16(self.0, o.0));
        fn lt16(self, o: Self) -> Self = Ymm(_mm256_cmpgt_epi16(o.0, self.0));
        fn add16(self, o: Self) -> Self = Ymm(_mm256_add_epi16(self.0, o.0));
        fn sub16(self, o: Self) -> Self = Ymm(_mm256_sub_epi16(self.0, o.0));
        fn shl16<const S: i32>(self) -> Self = Ymm(_mm256_slli_epi16::<S>(self.0));
        fn shr16<const S: i32>(self) -> Self = Ymm(_mm256_srli_epi16::<S>(self.0));
        fn select(self, yes: Self, no: Self) -> Self = Ymm(_mm256_blendv_epi8(no.0, yes.0, self.0));
        /// 32 bits: the casts keep them.
        fn movemask(self) -> Mask = Mask::from(_mm256_movemask_epi8(self.0) as u32);
        /// Narrowed with signed saturation (which keeps each sign) and put in order.
        fn movemask16(lo: Self, hi: Self) -> Mask = {
            let packed = _mm256_permute4x64_epi64::<0xD8>(_mm256_packs_epi16(lo.0, hi.0));
            Mask::from(_mm256_movemask_epi8(packed) as u32)
        };
        /// One instruction (`vptest`).
        fn lanes_below(self, bound: u16) -> bool =
            _mm256_testz_si256(self.0, Ymm::splat16(!(bound - 1)).0) != 0;
        fn load_widened(src: &[u8; 32]) -> (Self, Self) = {
            let (lo, hi) = Avx2::halves(Ymm::load(src));
            (Ymm(_mm256_cvtepu8_epi16(lo.0)), Ymm(_mm256_cvtepu8_epi16(hi.0)))
        };
        /// Packed in each half, then the quarters put in order.
        fn narrow(self, o: Self) -> Self =
            Ymm(_mm256_permute4x64_epi64::<0xD8>(_mm256_packus_epi16(self.0, o.0)));
        fn interleave16(self, o: Self) -> (Self, Self) =
            (Ymm(_mm256_unpacklo_epi16(self.0, o.0)), Ymm(_mm256_unpackhi_epi16(self.0, o.0)));
        fn load(src: &[u8; 32]) -> Self = Ymm(_mm256_loadu_si256(src.as_ptr().cast()));
        fn load8(src: &[u8; 8]) -> Self =
            Ymm(_mm256_zextsi128_si256(_mm_loadl_epi64(src.as_ptr().cast())));
        fn store(self, dst: &mut [MaybeUninit<u8>; 32]) =
            _mm256_storeu_si256(dst.as_mut_ptr().cast(), self.0);
    }
    #[inline(always)]
    fn widen_store(src: &[u8; 32], dst: &mut [u16; 32]) -> Option<usize> {
        let bytes = Ymm::load(src);
        let (lo, hi) = Ymm::load_widened(src);
        let (d0, d1) = dst.split_at_mut(16);
        if let (Some(d0), Some(d1)) = (d0.first_chunk_mut(), d1.first_chunk_mut()) {
            lo.store_units(d0);
            hi.store_units(d1);
        }
        bytes.first_set()
    }
    methods! {
        /// The test first.
        fn widen_ascii(src: &[u8; 32], dst: &mut [u16; 32]) -> bool =
            Ymm::load(src).is_ascii() && Ymm::widen_store(src, dst).is_none();
    }
}

impl Units<16, 32> for Ymm {
    intrinsics! {
        fn load_units(src: &[u16; 16]) -> Self = Ymm(_mm256_loadu_si256(src.as_ptr().cast()));
        fn store_units(self, dst: &mut [u16; 16]) =
            _mm256_storeu_si256(dst.as_mut_ptr().cast(), self.0);
    }
}
