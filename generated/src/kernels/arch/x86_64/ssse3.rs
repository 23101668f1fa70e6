//! SSSE3 with POPCNT, which x86-64 does not guarantee: SSE2's registers, with the byte
//! shuffle (`pshufb`) and the population count.

use core::arch::x86_64::*;

use super::sse2::Xmm;
use crate::kernels::isa::{Implementation, Isa, Pair};

/// Proof that the processor has SSSE3 and POPCNT: the one way to their instructions, so
/// that they can be safe functions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ssse3(());

impl Ssse3 {
    #[cfg(any(test, feature = "std"))]
    #[inline]
    pub(crate) fn detect() -> Option<Ssse3> {
        super::cpu::has(super::cpu::SSSE3_POPCNT).then_some(Ssse3(()))
    }

    /// # Safety
    ///
    /// The processor must have SSSE3 and POPCNT: what [`Ssse3::detect`] asks.
    #[inline(always)]
    pub(crate) unsafe fn new_unchecked() -> Ssse3 {
        Ssse3(())
    }
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

    intrinsics! { registers:
        fn shuffle(self, v: Xmm, index: Xmm) -> Xmm = Xmm(_mm_shuffle_epi8(v.0, index.0));
        fn popcount(self, x: u32) -> u32 = _popcnt32(x as i32) as u32;
    }
}
