//! The instruction sets, each a file of the primitives of `../isa.rs`: `portable.rs` for every
//! target, `x86_64/` for SSE2, SSSE3 and AVX2.

#[cfg(any(test, not(kernels_x86_64)))]
pub(crate) mod portable;
#[cfg(kernels_x86_64)]
pub(crate) mod x86_64;
