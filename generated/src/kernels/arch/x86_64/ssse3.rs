//! SSSE3 with POPCNT, which x86-64 does not guarantee: SSE2's registers, with the byte
//! shuffle (`pshufb`) and the population count.

use core::arch::x86_64::*;

use super::sse2::Xmm;
use crate::kernels::isa::{Implementation, Isa, Pair};

proof! {
    /// Proof that the processor has SSSE3 and POPCNT: the one way to their instructions, so
    /// that they can be safe functions.
    Ssse3: SSSE3_POPCNT
}

impl Isa for Ssse3 {
    const IMPLEMENTATION: Implementation = Implementation::Ssse3;
    type V = Xmm;
    type W = Pair<Xmm>;
    type X = Pair<Pair<Xmm>>;
    const SHUFFLE: bool = true;
    methods! {
        fn halves(w: Pair<Xmm>) -> (Xmm, Xmm) = (w.0, w.1);
        fn from_halves(lo: Xmm, hi: Xmm) -> Pair<Xmm> = Pair(lo, hi);
    }

    intrinsics! {
        fn shuffle(self, v: Xmm, index: Xmm) -> Xmm = Xmm(_mm_shuffle_epi8(v.0, index.0));
        fn popcount(self, x: u32) -> u32 = _popcnt32(x as i32) as u32;
    }
}
