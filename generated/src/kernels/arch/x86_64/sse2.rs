//! SSE2, part of every x86-64 processor (no run-time detection): [`Xmm`], a register of
//! sixteen bytes; wider registers are two or four of it.

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use crate::kernels::isa::{Implementation, Isa, Mask, Pair, Units, Vector};

/// SSE2: every x86-64 processor has it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sse2;

impl Isa for Sse2 {
    const IMPLEMENTATION: Implementation = Implementation::Sse2;
    type V = Xmm;
    type W = Pair<Xmm>;
    type X = Pair<Pair<Xmm>>;

    methods! {
        fn halves(w: Pair<Xmm>) -> (Xmm, Xmm) = (w.0, w.1);
        fn from_halves(lo: Xmm, hi: Xmm) -> Pair<Xmm> = Pair(lo, hi);
    }
}

/// Sixteen bytes in an SSE register (SSE2 is part of the x86-64 baseline).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Xmm(pub(super) __m128i);

impl Vector<16> for Xmm {
    intrinsics! {
        fn splat(byte: u8) -> Self = Xmm(_mm_set1_epi8(byte as i8));
        fn splat16(unit: u16) -> Self = Xmm(_mm_set1_epi16(unit as i16));
        fn and(self, o: Self) -> Self = Xmm(_mm_and_si128(self.0, o.0));
        fn or(self, o: Self) -> Self = Xmm(_mm_or_si128(self.0, o.0));
        fn xor(self, o: Self) -> Self = Xmm(_mm_xor_si128(self.0, o.0));
        fn and_not(self, o: Self) -> Self = Xmm(_mm_andnot_si128(o.0, self.0));
        fn eq(self, o: Self) -> Self = Xmm(_mm_cmpeq_epi8(self.0, o.0));
        fn eq16(self, o: Self) -> Self = Xmm(_mm_cmpeq_epi16(self.0, o.0));
        fn lt16(self, o: Self) -> Self = Xmm(_mm_cmplt_epi16(self.0, o.0));
        fn add16(self, o: Self) -> Self = Xmm(_mm_add_epi16(self.0, o.0));
        fn sub16(self, o: Self) -> Self = Xmm(_mm_sub_epi16(self.0, o.0));
        fn add8(self, o: Self) -> Self = Xmm(_mm_add_epi8(self.0, o.0));
        fn shl16<const S: i32>(self) -> Self = Xmm(_mm_slli_epi16::<S>(self.0));
        fn shr16<const S: i32>(self) -> Self = Xmm(_mm_srli_epi16::<S>(self.0));
        fn narrow(self, o: Self) -> Self = Xmm(_mm_packus_epi16(self.0, o.0));
        /// A signed comparison of the bytes with their high bits flipped; whole bytes.
        fn below8(self, bound: u8) -> Self =
            Xmm(_mm_cmpgt_epi8(Xmm::splat(bound ^ 0x80).0, self.xor(Xmm::splat(0x80)).0));
        /// Sixteen bits: the casts keep them.
        fn movemask(self) -> Mask = Mask::from(_mm_movemask_epi8(self.0) as u32);
        /// The lanes narrowed with signed saturation, which keeps each sign.
        fn movemask16(lo: Self, hi: Self) -> Mask =
            Mask::from(_mm_movemask_epi8(_mm_packs_epi16(lo.0, hi.0)) as u32);
        fn load_widened(src: &[u8; 16]) -> (Self, Self) = {
            let (bytes, zero) = (Xmm::load(src).0, _mm_setzero_si128());
            (Xmm(_mm_unpacklo_epi8(bytes, zero)), Xmm(_mm_unpackhi_epi8(bytes, zero)))
        };
        fn interleave16(self, o: Self) -> (Self, Self) =
            (Xmm(_mm_unpacklo_epi16(self.0, o.0)), Xmm(_mm_unpackhi_epi16(self.0, o.0)));
        fn load(src: &[u8; 16]) -> Self = Xmm(_mm_loadu_si128(src.as_ptr().cast()));
        fn load8(src: &[u8; 8]) -> Self = Xmm(_mm_loadl_epi64(src.as_ptr().cast()));
        fn store(self, dst: &mut [MaybeUninit<u8>; 16]) =
            _mm_storeu_si128(dst.as_mut_ptr().cast(), self.0);
    }
    methods! {
        /// Masks are whole bytes here.
        fn splat_where(mask: Self, byte: u8) -> Self = Xmm::splat(byte).and(mask);
        fn lanes_below(self, bound: u16) -> bool =
            self.and(Xmm::splat16(!(bound - 1))).eq16(Xmm::splat(0)).movemask() == 0xFFFF;
        /// The test first.
        fn widen_ascii(src: &[u8; 16], dst: &mut [u16; 16]) -> bool =
            Xmm::load(src).is_ascii() && Xmm::widen_store(src, dst).is_none();
    }
    #[inline(always)]
    fn widen_store(src: &[u8; 16], dst: &mut [u16; 16]) -> Option<usize> {
        let bytes = Xmm::load(src);
        let (lo, hi) = Xmm::load_widened(src);
        let (d0, d1) = dst.split_at_mut(8);
        if let (Some(d0), Some(d1)) = (d0.first_chunk_mut(), d1.first_chunk_mut()) {
            lo.store_units(d0);
            hi.store_units(d1);
        }
        bytes.first_set()
    }
}

impl Units<8, 16> for Xmm {
    intrinsics! {
        fn load_units(src: &[u16; 8]) -> Self = Xmm(_mm_loadu_si128(src.as_ptr().cast()));
        fn store_units(self, dst: &mut [u16; 8]) =
            _mm_storeu_si128(dst.as_mut_ptr().cast(), self.0);
    }
}
