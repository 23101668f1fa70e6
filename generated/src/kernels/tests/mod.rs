//! The kernel test harness: what every kernel's tests are run with.

/// Runs `$body` once for each implementation this machine has, with `$isa` bound to it:
/// the portable one, and on x86-64 SSE2 and, where the processor has it, SSSE3.
macro_rules! every_isa {
    (|$isa:ident| $body:expr) => {{
        {
            let $isa = $crate::kernels::portable::Portable;
            $body;
        }
        #[cfg(kernels_x86_64)]
        {
            let $isa = $crate::kernels::x86_64::Sse2;
            $body;
        }
        #[cfg(kernels_ssse3)]
        if let Some($isa) = $crate::kernels::x86_64::Ssse3::detect() {
            $body;
        }
    }};
}

pub(crate) mod harness;
mod isa;
