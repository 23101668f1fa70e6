//! x86-64: SSE2, which every x86-64 processor has (the baseline of x86-64 builds), and
//! SSSE3 and AVX2, where the processor has them.

/// Operations of one instruction on registers of type `$t`: `$op(self, args…)`, or with
/// `rev`, `$op(operands…, self)`.
macro_rules! ops {
    ($t:ident: $($name:ident($($arg:ident),*) = $op:ident $(rev($($x:ident),*))?;)*) => {$(
        #[inline(always)]
        fn $name(self, $($arg: Self),*) -> Self {
            // SAFETY: a value of the register type exists only where the processor has its
            // instruction set (see `Xmm`, `Ymm`); no memory is touched.
            $t(unsafe { ops!(@call $op, self, [$($arg)*] $([$($x)*])?) })
        }
    )*};
    (@call $op:ident, $self:ident, [$($arg:ident)*]) => { $op($self.0, $($arg.0),*) };
    (@call $op:ident, $self:ident, $args:tt [$($x:ident)*]) => { $op($($x.0,)* $self.0) };
}

/// Shifts of each 16-bit lane of `$t` by an immediate.
macro_rules! shifts {
    ($t:ident: $($name:ident = $op:ident;)*) => {$(
        #[inline(always)]
        fn $name<const S: i32>(self) -> Self {
            // SAFETY: as in `ops!`.
            $t(unsafe { $op::<S>(self.0) })
        }
    )*};
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
