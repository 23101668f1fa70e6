//! x86-64: SSE2, which every x86-64 processor has (the baseline of x86-64 builds), and
//! SSSE3 and AVX2, where the processor has them.

#[cfg(kernels_avx2)]
mod avx2;
#[cfg(any(test, feature = "std"))]
pub(crate) mod cpu;
mod sse2;
#[cfg(kernels_ssse3)]
mod ssse3;

#[cfg(kernels_avx2)]
pub(crate) use avx2::Avx2;
pub(crate) use sse2::Sse2;
#[cfg(kernels_ssse3)]
pub(crate) use ssse3::Ssse3;
