//! x86-64: SSE2, which every x86-64 processor has (the baseline of x86-64 builds), and
//! SSSE3 and AVX2, where the processor has them.

/// Methods whose bodies are intrinsics, inlined: operations on registers, and the loads and
/// stores of the fixed-size arrays they are given.
macro_rules! intrinsics {
    ($($(#[$m:meta])* fn $name:ident $(<const $c:ident: $ct:ty>)?
        ($($args:tt)*) $(-> $ret:ty)? = $body:expr;)*) => {$(
        $(#[$m])*
        #[inline(always)]
        fn $name $(<const $c: $ct>)? ($($args)*) $(-> $ret)? {
            // SAFETY: the body's instructions are those of the instruction set whose
            // register or proof type the method is of (`Xmm`: SSE2, which every x86-64
            // processor has; `Ymm`, `Avx2`, `Ssse3`: see them), whose values exist only
            // where the processor has it. The only memory touched is that of the array
            // references given: each load reads, each store writes (which initialises a
            // `MaybeUninit<u8>`) exactly their bytes, unaligned-tolerant.
            unsafe { $body }
        }
    )*};
}

/// A proof type of an instruction set: `detect` asks the processor for its features (of
/// [`cpu`]); `new_unchecked` trusts the caller.
#[cfg_attr(not(kernels_ssse3), allow(unused_macros))]
macro_rules! proof {
    ($(#[$m:meta])* $t:ident: $($feature:ident),+) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $t(());

        impl $t {
            #[cfg(any(test, feature = "std"))]
            #[inline]
            pub(crate) fn detect() -> Option<$t> {
                ($(super::cpu::has(super::cpu::$feature))&&+).then_some($t(()))
            }

            /// # Safety
            ///
            /// The processor must have the features [`Self::detect`] asks for.
            #[inline(always)]
            pub(crate) unsafe fn new_unchecked() -> $t {
                $t(())
            }
        }
    };
}

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
