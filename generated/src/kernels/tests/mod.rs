//! The kernel test harness: what every kernel's tests are run with.

/// Runs `$body` once for each implementation this machine has, with `$isa` bound to it:
/// the portable one, and on x86-64 SSE2 and, where the processor has them, SSSE3 and AVX2.
macro_rules! every_isa {
    (|$isa:ident| $body:expr) => {{
        {
            let $isa = $crate::kernels::arch::portable::Portable;
            $body;
        }
        #[cfg(kernels_x86_64)]
        {
            let $isa = $crate::kernels::arch::x86_64::Sse2;
            $body;
        }
        #[cfg(kernels_ssse3)]
        if let Some($isa) = $crate::kernels::arch::x86_64::Ssse3::detect() {
            $body;
        }
        #[cfg(kernels_avx2)]
        if let Some($isa) = $crate::kernels::arch::x86_64::Avx2::detect() {
            $body;
        }
    }};
}

pub(crate) mod harness;
mod isa;

/// The implementations [`every_isa!`] runs: every one the machine has, which the test
/// output names; on a processor with SSSE3 or AVX2 (as `std` detects them), those too.
#[test]
fn every_implementation_the_processor_has_runs() {
    use crate::kernels::block::Isa;
    use crate::kernels::Implementation;
    use std::io::Write;

    let mut ran = Vec::new();
    every_isa!(|isa| ran.push(isa_of(isa)));
    fn isa_of<I: Isa>(_: I) -> Implementation {
        I::IMPLEMENTATION
    }
    // Straight to the standard error, which the test harness does not capture.
    let _ = writeln!(std::io::stderr(), "kernel implementations tested: {ran:?}");
    assert_eq!(ran[0], Implementation::Portable);
    // On x86-64 the portable implementation is tested beside the ones a build can choose;
    // elsewhere it is the only one.
    #[cfg(kernels_x86_64)]
    assert_eq!(ran[1..], *Implementation::available());
    #[cfg(not(kernels_x86_64))]
    assert_eq!(ran[..], *Implementation::available());
    #[cfg(target_arch = "x86_64")]
    {
        let ssse3 = is_x86_feature_detected!("ssse3") && is_x86_feature_detected!("popcnt");
        let avx2 = ssse3 && is_x86_feature_detected!("avx2");
        #[cfg(all(kernels_x86_64, feature = "std"))]
        {
            assert_eq!(ran.contains(&Implementation::Ssse3), ssse3, "{ran:?}");
            assert_eq!(ran.contains(&Implementation::Avx2), avx2, "{ran:?}");
        }
        let _ = (ssse3, avx2);
    }
}
