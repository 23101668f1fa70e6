//! x86-64: SSE2, which every x86-64 processor has (the baseline of x86-64 builds), and
//! SSSE3, where the processor has it.

#[cfg(any(test, feature = "std"))]
pub(crate) mod cpu;
mod sse2;
#[cfg(kernels_ssse3)]
mod ssse3;

pub(crate) use sse2::Sse2;
#[cfg(kernels_ssse3)]
pub(crate) use ssse3::Ssse3;
