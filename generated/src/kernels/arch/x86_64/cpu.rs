//! What the processor has of the instruction sets the kernels choose among, asked once:
//! `cpuid`'s feature bits and, for AVX2, whether the operating system saves the 256-bit
//! registers (XCR0); std's detection answers the same in more code.

use core::arch::x86_64::{__cpuid_count, _xgetbv, CpuidResult};
use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// SSSE3 and POPCNT, both.
pub(crate) const SSSE3_POPCNT: u8 = 1;
/// AVX2, with the operating system's support.
pub(crate) const AVX2: u8 = 2;
/// Set in [`FEATURES`] once the processor has been asked.
const ASKED: u8 = 0x80;

/// The features found, as their bits, with [`ASKED`]; 0 until the first [`has`].
static FEATURES: AtomicU8 = AtomicU8::new(0);

/// Whether the processor has `feature` ([`SSSE3_POPCNT`] or [`AVX2`]): asked at the first
/// call, the answer cached (each thread that finds it unset asks; all store the same).
#[inline(always)]
pub(crate) fn has(feature: u8) -> bool {
    let mut features = FEATURES.load(Relaxed);
    if features == 0 {
        features = ask();
    }
    features & feature != 0
}

/// Asks the processor and caches the answer.
#[cold]
#[inline(never)]
fn ask() -> u8 {
    let mut features = ASKED;
    // Leaf 0: the highest leaf; leaf 1: ECX bit 9 SSSE3, 23 POPCNT, 27 OSXSAVE (the
    // operating system enabled XGETBV), 28 AVX; leaf 7, subleaf 0: EBX bit 5 AVX2.
    let highest = cpuid(0).eax;
    let ecx = cpuid(1).ecx;
    let bit = |n: u32| ecx & (1 << n) != 0;
    if bit(9) && bit(23) {
        features |= SSSE3_POPCNT;
    }
    if highest >= 7 && bit(27) && bit(28) && ymm_saved() && cpuid(7).ebx & (1 << 5) != 0 {
        features |= AVX2;
    }
    FEATURES.store(features, Relaxed);
    features
}

/// `cpuid` for `leaf`, subleaf 0.
#[inline(always)]
fn cpuid(leaf: u32) -> CpuidResult {
    // SAFETY: every x86-64 processor has `cpuid`; `ask` asks leaf 7 only where leaf 0
    // reports it.
    #[allow(unused_unsafe)]
    unsafe {
        __cpuid_count(leaf, 0)
    }
}

/// Whether the operating system saves the SSE and AVX registers (XCR0 bits 1 and 2). Called
/// only where `cpuid` reported OSXSAVE, as `xgetbv` requires.
#[inline(always)]
fn ymm_saved() -> bool {
    /// # Safety
    ///
    /// The processor must have XSAVE enabled by the operating system (`cpuid` leaf 1, ECX
    /// bit 27, OSXSAVE), as [`_xgetbv`] requires.
    #[target_feature(enable = "xsave")]
    unsafe fn xcr0() -> u64 {
        // SAFETY: this function's Safety section, `_xgetbv`'s requirement.
        unsafe { _xgetbv(0) }
    }
    // SAFETY: `ask` calls this only after `cpuid` reported OSXSAVE (see `xcr0`).
    unsafe { xcr0() & 0b110 == 0b110 }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    #[test]
    fn the_features_are_those_std_detects() {
        let ssse3_popcnt =
            std::is_x86_feature_detected!("ssse3") && std::is_x86_feature_detected!("popcnt");
        assert_eq!(has(SSSE3_POPCNT), ssse3_popcnt);
        assert_eq!(has(AVX2), std::is_x86_feature_detected!("avx2"));
        // Cached: the same again.
        assert_eq!(has(AVX2), std::is_x86_feature_detected!("avx2"));
    }
}
