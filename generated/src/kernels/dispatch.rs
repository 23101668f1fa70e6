//! Which implementation of the kernels runs: the one place that names one.
//!
//! Each build compiles a baseline every processor of its target has (SSE2 on x86-64; the
//! portable implementation elsewhere and under `--cfg whatwg_encoding_portable`), and the
//! kernels that gain from more (SSSE3's shuffle, AVX2's 32-byte blocks) also for those
//! instruction sets. With `std` the processor is asked at the first call that needs an
//! answer, and the answer cached; without `std`, the build's target features decide. A
//! kernel chosen this way is defined through [`dispatched!`] and called once for a long
//! stretch of input; the kernels called once a span of ASCII take the baseline with no
//! choice, which would cost more than they take.

use core::fmt;
use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

#[cfg(any(test, not(kernels_x86_64)))]
pub(crate) use crate::kernels::arch::portable::Portable;
#[cfg(kernels_x86_64)]
pub(crate) use crate::kernels::arch::x86_64::Sse2 as Baseline;
pub(crate) use crate::kernels::isa::Implementation;
#[cfg(not(kernels_x86_64))]
pub(crate) use Portable as Baseline;

/// The implementation asked for by [`Implementation::force`] is not one this build can run
/// on this processor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unavailable(pub Implementation);

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the {:?} implementation of the kernels is not available in this build on this \
             processor (available: {:?})",
            self.0,
            Implementation::available()
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Unavailable {}

/// The implementation the kernels use, as `Implementation as u8 + 1`; [`UNKNOWN`] until the
/// first call asks (or after the override is lifted).
static CHOSEN: AtomicU8 = AtomicU8::new(UNKNOWN);
const UNKNOWN: u8 = 0;

/// In the order of their `u8` values.
const ALL: [Implementation; 4] = [
    Implementation::Portable,
    Implementation::Sse2,
    Implementation::Ssse3,
    Implementation::Avx2,
];

impl Implementation {
    /// The implementations this build can run on this processor, from the baseline up
    /// (AVX2 among them whether or not `WHATWG_ENCODING_NO_WIDE` is set).
    ///
    /// ```
    /// use whatwg_encoding::instruction_set::Implementation;
    ///
    /// let available = Implementation::available();
    /// assert!(available.contains(&Implementation::current()));
    /// ```
    pub fn available() -> &'static [Implementation] {
        static IN_ORDER: [Implementation; 4] = ALL;
        let baseline = <Baseline as crate::kernels::isa::Isa>::IMPLEMENTATION;
        IN_ORDER
            .get(baseline as usize..=detected() as usize)
            .unwrap_or_default()
    }

    /// The implementation the kernels use now: the best of [`Implementation::available`]
    /// (below AVX2 if `WHATWG_ENCODING_NO_WIDE` turned the wide paths off), unless
    /// [`Implementation::force`] chose another.
    pub fn current() -> Implementation {
        chosen()
    }

    /// Makes the kernels use `implementation` from now on, in every thread, or the best
    /// available again with `None`. The output is the same whichever runs: this is for
    /// tests that hold each implementation to the others, and for benchmarks that compare
    /// them in one process.
    ///
    /// Fails, changing nothing, if the implementation is not one of
    /// [`Implementation::available`]: the portable implementation is a build of its own on
    /// x86-64 (`RUSTFLAGS='--cfg whatwg_encoding_portable'`), since choosing it at run time
    /// would put a choice before every short span of ASCII.
    ///
    /// ```
    /// use whatwg_encoding::instruction_set::Implementation;
    ///
    /// let baseline = Implementation::available()[0];
    /// Implementation::force(Some(baseline)).unwrap();
    /// assert_eq!(Implementation::current(), baseline);
    /// Implementation::force(None).unwrap();
    /// ```
    pub fn force(implementation: Option<Implementation>) -> Result<(), Unavailable> {
        match implementation {
            None => CHOSEN.store(UNKNOWN, Relaxed),
            Some(i) if Implementation::available().contains(&i) => {
                CHOSEN.store(i as u8 + 1, Relaxed)
            }
            Some(i) => return Err(Unavailable(i)),
        }
        Ok(())
    }
}

/// The cached choice, or the best available, cached; the baseline in a build with no other.
#[inline(always)]
pub(crate) fn chosen() -> Implementation {
    #[cfg(not(any(kernels_ssse3, kernels_avx2)))]
    return <Baseline as crate::kernels::isa::Isa>::IMPLEMENTATION;
    #[allow(unreachable_code)]
    match CHOSEN.load(Relaxed) {
        UNKNOWN => choose(),
        n => ALL[usize::from(n - 1) % ALL.len()],
    }
}

/// Caches the best implementation available and returns it.
#[cold]
#[inline(never)]
fn choose() -> Implementation {
    let best = best();
    CHOSEN.store(best as u8 + 1, Relaxed);
    best
}

/// The best the processor has ([`detected`]), below AVX2 where `WHATWG_ENCODING_NO_WIDE`
/// turns the wide paths off.
#[inline]
fn best() -> Implementation {
    let detected = detected();
    #[cfg(feature = "std")]
    if detected == Implementation::Avx2 && wide_turned_off() {
        return Implementation::Ssse3;
    }
    detected
}

#[cfg(feature = "std")]
fn wide_turned_off() -> bool {
    std::env::var_os("WHATWG_ENCODING_NO_WIDE").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The best implementation this build can run on this processor.
#[inline]
fn detected() -> Implementation {
    #[cfg(all(kernels_avx2, feature = "std"))]
    if crate::kernels::arch::x86_64::Avx2::detect().is_some() {
        return Implementation::Avx2;
    }
    #[cfg(all(kernels_ssse3, feature = "std"))]
    if crate::kernels::arch::x86_64::Ssse3::detect().is_some() {
        return Implementation::Ssse3;
    }
    // Without `std`, build.rs compiles these only where the target features have them.
    #[cfg(all(kernels_avx2, not(feature = "std")))]
    return Implementation::Avx2;
    #[cfg(all(kernels_ssse3, not(feature = "std")))]
    #[allow(unreachable_code)]
    return Implementation::Ssse3;
    #[allow(unreachable_code)]
    <Baseline as crate::kernels::isa::Isa>::IMPLEMENTATION
}

#[cfg(kernels_avx2)]
#[inline(always)]
pub(crate) fn wide() -> bool {
    chosen() == Implementation::Avx2
}

/// Whether the processor has AVX2, for simdutf8's validator
/// ([`crate::kernels::utf8::valid::utf8_valid_up_to`]), which `WHATWG_ENCODING_NO_WIDE` does
/// not turn off.
#[cfg(all(feature = "std", kernels_x86_64))]
#[inline(always)]
pub(crate) fn has_avx2() -> bool {
    crate::kernels::arch::x86_64::cpu::has(crate::kernels::arch::x86_64::cpu::AVX2)
}

/// Defines a kernel entry point that runs `kernel`, written once over the instruction set,
/// on the implementation chosen ([`chosen`]): through a copy compiled for each instruction
/// set listed after `on` (`ssse3` where the kernel uses the shuffle, which AVX2 then runs too
/// unless it has its own; `avx2` where its wide blocks pay for another copy), else on the
/// baseline. `fn entry<const BE: bool>(src: &[u8], dst: &mut [u8]) -> usize = kernel on
/// ssse3, avx2;` calls `kernel::<BE, _>(isa, src, dst)`: the arguments one by one, since a
/// slice's length read back from a struct loses the bound the compiler knows.
///
/// `fn part(isa: I, …) -> R = kernel out of line;` defines a function generic over `I` that
/// calls `kernel(isa, …)` out of line, compiled for `I`'s instruction set: a part that a
/// kernel's loop should not make room for. `fn part(…) -> R = kernel on avx2 chosen as
/// Part;` defines `part()`, which chooses once (AVX2's copy where the kernels run on AVX2,
/// else the baseline's) and returns a `Part` whose `call` runs it with no test: for a loop
/// that calls that part often.
macro_rules! dispatched {
    (
        $(#[$attr:meta])*
        $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty
            = $kernel:ident on avx2 chosen as $ptr:ident;
    ) => {
        #[doc = concat!("A kernel [`", stringify!($name), "`] chose: call it with `call`.")]
        #[derive(Clone, Copy)]
        $vis struct $ptr(unsafe fn($($ty),*) -> $ret);

        impl $ptr {
            /// Runs the kernel chosen.
            #[inline(always)]
            $vis fn call(self, $($arg: $ty),*) -> $ret {
                // SAFETY: a value of this type is made only by the function below, which
                // holds AVX2's copy only where the kernels run on AVX2 (`wide`).
                unsafe { (self.0)($($arg),*) }
            }
        }

        $(#[$attr])*
        #[inline]
        $vis fn $name() -> $ptr {
            $crate::kernels::dispatch::dispatched!(
                @avx2 [] [$crate::kernels::dispatch::wide()] [#[inline(never)]], $kernel, [],
                ($($arg: $ty),*) -> $ret, $ptr
            );
            #[inline(never)]
            fn plain($($arg: $ty),*) -> $ret {
                $kernel($crate::kernels::dispatch::Baseline, $($arg),*)
            }
            $ptr(plain)
        }
    };
    (
        $(#[$attr:meta])*
        $vis:vis fn $name:ident $(<$(const $c:ident: $ct:ty),*>)? (
            $($arg:ident: $ty:ty),* $(,)?
        ) -> $ret:ty = $kernel:ident on $($copy:ident),+;
    ) => {
        $(#[$attr])*
        #[inline]
        $vis fn $name $(<$(const $c: $ct),*>)? ($($arg: $ty),*) -> $ret {
            #[allow(unused_imports)]
            use $crate::kernels::isa::Implementation::{Avx2, Ssse3};
            let chosen = $crate::kernels::dispatch::chosen();
            $crate::kernels::dispatch::dispatched!(
                @copies [$($copy)+] [chosen == Ssse3 || chosen == Avx2]
                [chosen == Avx2] [], $kernel, [$($(const $c: $ct),*)?], ($($arg: $ty),*) -> $ret
            );
            let _ = chosen;
            $kernel::<$($($c,)*)? _>($crate::kernels::dispatch::Baseline, $($arg),*)
        }
    };
    (
        $(#[$attr:meta])*
        $vis:vis fn $name:ident(isa: I, $($arg:ident: $ty:ty),* $(,)?) -> $ret:ty
            = $kernel:ident out of line;
    ) => {
        $(#[$attr])*
        #[inline(always)]
        $vis fn $name<I: $crate::kernels::isa::Isa>(isa: I, $($arg: $ty),*) -> $ret {
            #[allow(unused_imports)]
            use $crate::kernels::isa::Implementation::{Avx2, Ssse3};
            $crate::kernels::dispatch::dispatched!(
                @copies [ssse3 avx2] [I::IMPLEMENTATION == Ssse3] [I::IMPLEMENTATION == Avx2]
                [#[inline(never)]], $kernel, [], ($($arg: $ty),*) -> $ret
            );
            #[inline(never)]
            fn plain<I: $crate::kernels::isa::Isa>(isa: I, $($arg: $ty),*) -> $ret {
                $kernel(isa, $($arg),*)
            }
            plain(isa, $($arg),*)
        }
    };
    // The last listed first: AVX2's copy returns before SSSE3's, which AVX2 runs otherwise.
    (@copies [$first:ident $($more:ident)*] $ssse3:tt $avx2:tt $($rest:tt)*) => {
        $crate::kernels::dispatch::dispatched!(@copies [$($more)*] $ssse3 $avx2 $($rest)*);
        $crate::kernels::dispatch::dispatched!(@$first $ssse3 $avx2 $($rest)*);
    };
    (@copies [] $($rest:tt)*) => {};
    (@avx2 $ssse3:tt [$when:expr] $($rest:tt)*) => {
        #[cfg(kernels_avx2)]
        $crate::kernels::dispatch::dispatched!(@on $when, Avx2, "avx2,popcnt", $($rest)*);
    };
    // AVX2 has SSSE3 and POPCNT too (`Avx2::new_unchecked`).
    (@ssse3 [$when:expr] $avx2:tt $($rest:tt)*) => {
        #[cfg(kernels_ssse3)]
        $crate::kernels::dispatch::dispatched!(@on $when, Ssse3, "ssse3,popcnt", $($rest)*);
    };
    (
        @on $when:expr, $isa:ident, $features:literal, [$($inline:tt)*], $kernel:ident,
        [$(const $c:ident: $ct:ty),*], ($($arg:ident: $ty:ty),*) -> $ret:ty $(, $ptr:ident)?
    ) => {
        if $when {
            #[doc = concat!("The kernel compiled for `", $features, "`.")]
            ///
            /// # Safety
            ///
            #[doc = concat!(
                "The processor must have `", $features, "`, as `", stringify!($isa),
                "::new_unchecked` requires."
            )]
            #[target_feature(enable = $features)]
            $($inline)*
            unsafe fn on<$(const $c: $ct),*>($($arg: $ty),*) -> $ret {
                // SAFETY: this function's own Safety section is `new_unchecked`'s.
                let isa = unsafe { $crate::kernels::arch::x86_64::$isa::new_unchecked() };
                $kernel::<$($c,)* _>(isa, $($arg),*)
            }
            $crate::kernels::dispatch::dispatched!(@return on [$($c),*] ($($arg),*) $($ptr)?);
        }
    };
    (@return $on:ident $consts:tt $args:tt $ptr:ident) => { return $ptr($on) };
    (@return $on:ident [$($c:ident),*] ($($arg:ident),*)) => {
        // SAFETY: `on`'s Safety section (the processor has the features): the choice is
        // this implementation, or for SSSE3's copy AVX2 (which has SSSE3 and POPCNT), only
        // where `detected` found them or `Implementation::force` accepted it from
        // `available`, which lists it only then; out of line, the caller's `isa` is this
        // implementation, whose value exists only then.
        return unsafe { $on::<$($c),*>($($arg),*) }
    };
}

pub(crate) use dispatched;

/// Runs `$body` with `$isa` bound to each implementation this machine has: the portable one,
/// and on x86-64 SSE2 and, where the processor has them, SSSE3 and AVX2.
#[cfg(test)]
macro_rules! every_isa {
    (|$isa:ident| $body:expr) => {{
        {
            let $isa = $crate::kernels::dispatch::Portable;
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

#[cfg(test)]
pub(crate) use every_isa;
