//! Which implementation of the kernels runs: the one way a kernel picks an instruction set
//! at run time.
//!
//! Each build compiles a baseline, which every processor of its target has (SSE2 on
//! x86-64; the portable implementation elsewhere, and under `--cfg whatwg_encoding_portable`),
//! and the kernels that gain from more than that (SSSE3's shuffle, AVX2's 32-byte blocks)
//! also for the wider instruction sets. With `std`, the processor is asked once, at the
//! first call that needs an answer, and the answer cached (a relaxed atomic: a load and a
//! compare a call after that, as memchr does); without `std`, the target features the build
//! was compiled for decide. [`Implementation::force`] overrides the choice, for tests and
//! benchmarks that compare implementations in one process.
//!
//! # The wide paths
//!
//! AVX2 ([`Implementation::Avx2`]) is chosen where the processor has it, unless the
//! environment variable `WHATWG_ENCODING_NO_WIDE` is set (to anything but an empty value or
//! `0`) when the choice is first made: then the kernels stop at SSSE3, as on a processor
//! without AVX2. It is for a user whose machine slows down under wide instructions, and for
//! comparing the two in benchmarks (each a process of its own; in one process,
//! [`Implementation::force`]). Read once, with `std` only.
//!
//! A kernel that is run this way is defined through [`dispatched!`], and called once for a
//! long stretch of input: the kernels called once a run of ASCII (a few bytes in Latin
//! text) use the baseline with no choice at all, since a choice a call would cost more than
//! they take.

use core::fmt;
use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

use crate::kernels::block::Isa;
use crate::kernels::Baseline;

/// An implementation of the kernels (the bulk loops of decoding and encoding): the
/// instruction set they are compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Implementation {
    /// Plain Rust, a 64-bit word at a time: what targets other than x86-64 run, and x86-64
    /// built with `RUSTFLAGS='--cfg whatwg_encoding_portable'`.
    Portable,
    /// SSE2, which every x86-64 processor has: the baseline of x86-64 builds.
    Sse2,
    /// SSSE3 and POPCNT (the UTF-8 of UTF-16 and of the single-byte encodings outside Latin
    /// packed by a byte shuffle), where the processor has them.
    Ssse3,
    /// AVX2, with SSSE3 and POPCNT: SSSE3's kernels, and blocks of 32 and 64 bytes in
    /// 256-bit registers, where the processor (and the operating system) has them and
    /// the environment variable `WHATWG_ENCODING_NO_WIDE` (set to anything but an empty
    /// value or `0` when the kernels first choose) does not turn them off: then SSSE3 runs,
    /// as on a processor without AVX2.
    Avx2,
}

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

/// See [`CHOSEN`].
const UNKNOWN: u8 = 0;

/// Every implementation, in the order of their `u8` values.
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
        #[cfg(kernels_x86_64)]
        {
            const UP_TO_AVX2: [Implementation; 3] = [
                Implementation::Sse2,
                Implementation::Ssse3,
                Implementation::Avx2,
            ];
            match detected() {
                Implementation::Avx2 => &UP_TO_AVX2,
                Implementation::Ssse3 => &UP_TO_AVX2[..2],
                _ => &UP_TO_AVX2[..1],
            }
        }
        #[cfg(not(kernels_x86_64))]
        {
            &[Implementation::Portable]
        }
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
    /// would put a choice before every short run of ASCII.
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

/// The implementation the kernels use: the cached choice, or the best available, cached.
#[inline(always)]
pub(crate) fn chosen() -> Implementation {
    match CHOSEN.load(Relaxed) {
        UNKNOWN => choose(),
        // One of `ALL`'s values plus one, as stored below.
        n => ALL[usize::from(n - 1) % ALL.len()],
    }
}

/// Caches the best implementation available and returns it. Out of line: once a process
/// (and once after each override lifted).
#[cold]
#[inline(never)]
fn choose() -> Implementation {
    let best = best();
    CHOSEN.store(best as u8 + 1, Relaxed);
    best
}

/// The implementation the kernels use unless forced: the best the processor has
/// ([`detected`]), below AVX2 where `WHATWG_ENCODING_NO_WIDE` turns the wide paths off.
#[inline]
fn best() -> Implementation {
    let detected = detected();
    #[cfg(feature = "std")]
    if detected == Implementation::Avx2 && wide_turned_off() {
        return Implementation::Ssse3;
    }
    detected
}

/// Whether the environment turns the wide paths off: `WHATWG_ENCODING_NO_WIDE` set to
/// anything but an empty value or `0`.
#[cfg(feature = "std")]
fn wide_turned_off() -> bool {
    std::env::var_os("WHATWG_ENCODING_NO_WIDE").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The best implementation this build can run on this processor.
#[inline]
fn detected() -> Implementation {
    #[cfg(all(kernels_x86_64, kernels_avx2, feature = "std"))]
    if crate::kernels::arch::x86_64::Avx2::detect().is_some() {
        return Implementation::Avx2;
    }
    #[cfg(all(kernels_x86_64, kernels_ssse3, feature = "std"))]
    if crate::kernels::arch::x86_64::Ssse3::detect().is_some() {
        return Implementation::Ssse3;
    }
    #[cfg(all(
        kernels_x86_64,
        kernels_avx2,
        not(feature = "std"),
        target_feature = "avx2",
        target_feature = "popcnt"
    ))]
    return Implementation::Avx2;
    #[cfg(all(
        kernels_x86_64,
        kernels_ssse3,
        not(feature = "std"),
        target_feature = "ssse3",
        target_feature = "popcnt"
    ))]
    #[allow(unreachable_code)]
    return Implementation::Ssse3;
    #[allow(unreachable_code)]
    <Baseline as Isa>::IMPLEMENTATION
}

/// Whether the processor has AVX2, which simdutf8's UTF-8 validator for it needs (the
/// validation of `std` builds, [`crate::kernels::utf8::valid::utf8_valid_up_to`]), as
/// [`crate::kernels::arch::x86_64::cpu`] finds it once. Not turned off by
/// `WHATWG_ENCODING_NO_WIDE`: that validation was the crate's before the kernels' own AVX2.
#[cfg(all(feature = "std", kernels_x86_64))]
#[inline(always)]
pub(crate) fn has_avx2() -> bool {
    crate::kernels::arch::x86_64::cpu::has(crate::kernels::arch::x86_64::cpu::AVX2)
}

/// Defines a kernel entry point that runs a kernel written once, generic over the
/// instruction set, on the implementation the kernels use ([`chosen`]): through a function
/// compiled for SSSE3 or AVX2, where the kernel has one (so that its instructions are
/// inlined into the kernel's loops), else on the baseline.
///
/// ```ignore
/// dispatched! {
///     /// Docs.
///     pub(crate) fn entry<const BE: bool>(src: &[u8], dst: &mut [u8]) -> usize
///         = kernel on ssse3, avx2;
/// }
/// ```
///
/// defines `entry`, which calls `kernel::<BE, I>(isa, src, dst)`. The list after `on` says
/// which implementations get a copy of the kernel compiled for them: `ssse3` where the
/// kernel uses its shuffle (AVX2 then runs that copy too, unless it has its own), `avx2`
/// where its wide blocks pay for the size of another copy. The arguments go to the kernel
/// one by one, not gathered in a struct: a slice's length read back from memory loses what
/// the compiler knows of it (its bound), and the loops over it compile longer.
macro_rules! dispatched {
    (
        $(#[$attr:meta])*
        $vis:vis fn $name:ident $(<$(const $c:ident: $ct:ty),*>)? (
            $($arg:ident: $ty:ty),* $(,)?
        ) -> $ret:ty = $kernel:ident on $($copy:ident),+;
    ) => {
        $(#[$attr])*
        #[inline]
        $vis fn $name $(<$(const $c: $ct),*>)? ($($arg: $ty),*) -> $ret {
            let chosen = $crate::kernels::dispatch::chosen();
            // SSSE3's copy serves AVX2 too where AVX2 has none of its own.
            let ssse3_copy_for_avx2 = !$crate::kernels::dispatch::dispatched!(@has_avx2 $($copy)+);
            $crate::kernels::dispatch::dispatched!(
                @copies [$($copy)+] (chosen, ssse3_copy_for_avx2), $kernel,
                [$($(const $c: $ct),*)?], ($($arg: $ty),*) -> $ret
            );
            let _ = (chosen, ssse3_copy_for_avx2);
            $kernel::<$($($c,)*)? _>($crate::kernels::Baseline, $($arg),*)
        }
    };
    (@copies [$first:ident $($more:ident)*] $($rest:tt)*) => {
        $crate::kernels::dispatch::dispatched!(@$first $($rest)*);
        $crate::kernels::dispatch::dispatched!(@copies [$($more)*] $($rest)*);
    };
    (@copies [] $($rest:tt)*) => {};
    (@has_avx2 avx2 $($more:ident)*) => { true };
    (@has_avx2 $other:ident $($more:ident)*) => {
        $crate::kernels::dispatch::dispatched!(@has_avx2 $($more)*)
    };
    (@has_avx2) => { false };
    (@avx2 ($chosen:ident, $for_avx2:ident), $($rest:tt)*) => {
        #[cfg(kernels_avx2)]
        $crate::kernels::dispatch::dispatched!(
            @on $chosen == $crate::kernels::Implementation::Avx2,
            Avx2, "avx2,popcnt", $($rest)*
        );
    };
    // For AVX2 too where it has no copy: AVX2 has SSSE3 and POPCNT (`Avx2::new_unchecked`).
    (@ssse3 ($chosen:ident, $for_avx2:ident), $($rest:tt)*) => {
        #[cfg(kernels_ssse3)]
        $crate::kernels::dispatch::dispatched!(
            @on $chosen == $crate::kernels::Implementation::Ssse3
                || ($for_avx2 && $chosen == $crate::kernels::Implementation::Avx2),
            Ssse3, "ssse3,popcnt", $($rest)*
        );
    };
    (
        @on $when:expr, $isa:ident, $features:literal, $kernel:ident,
        [$(const $c:ident: $ct:ty),*], ($($arg:ident: $ty:ty),*) -> $ret:ty
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
            unsafe fn on<$(const $c: $ct),*>($($arg: $ty),*) -> $ret {
                // SAFETY: this function's own Safety section is `new_unchecked`'s.
                let isa = unsafe { $crate::kernels::arch::x86_64::$isa::new_unchecked() };
                $kernel::<$($c,)* _>(isa, $($arg),*)
            }
            // SAFETY: `on`'s Safety section (the processor has the features): the choice
            // is this implementation, or for SSSE3's copy AVX2 (which has SSSE3 and
            // POPCNT), only where `detected` found them (`detect`, or the build's target
            // features) or `Implementation::force` accepted it from `available`, which
            // lists it only then.
            return unsafe { on::<$($c),*>($($arg),*) };
        }
    };
}

pub(crate) use dispatched;
