//! Which implementation of the kernels runs: the one way a kernel picks an instruction set
//! at run time.
//!
//! Each build compiles a baseline, which every processor of its target has (SSE2 on
//! x86-64; the portable implementation elsewhere, and under `--cfg whatwg_encoding_portable`),
//! and the kernels that gain from more than that (SSSE3's shuffle) also for the wider
//! instruction sets. With `std`, the processor is asked once, at the first call that needs
//! an answer, and the answer cached (a relaxed atomic: a load and a compare a call after
//! that, as memchr does); without `std`, the target features the build was compiled for
//! decide. [`Implementation::force`] overrides the choice, for tests and benchmarks that
//! compare implementations in one process.
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
const ALL: [Implementation; 3] = [
    Implementation::Portable,
    Implementation::Sse2,
    Implementation::Ssse3,
];

impl Implementation {
    /// The implementations this build can run on this processor, from the baseline up.
    ///
    /// ```
    /// use whatwg_encoding::kernels::Implementation;
    ///
    /// let available = Implementation::available();
    /// assert!(available.contains(&Implementation::current()));
    /// ```
    pub fn available() -> &'static [Implementation] {
        #[cfg(kernels_x86_64)]
        {
            const WITH_SSSE3: [Implementation; 2] = [Implementation::Sse2, Implementation::Ssse3];
            match best() {
                Implementation::Ssse3 => &WITH_SSSE3,
                _ => &WITH_SSSE3[..1],
            }
        }
        #[cfg(not(kernels_x86_64))]
        {
            &[Implementation::Portable]
        }
    }

    /// The implementation the kernels use now: the best of [`Implementation::available`],
    /// unless [`Implementation::force`] chose another.
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
    /// use whatwg_encoding::kernels::Implementation;
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

/// The best implementation this build can run on this processor.
#[inline]
fn best() -> Implementation {
    #[cfg(all(kernels_x86_64, kernels_ssse3, feature = "std"))]
    if crate::kernels::x86_64::Ssse3::detect().is_some() {
        return Implementation::Ssse3;
    }
    #[cfg(all(
        kernels_x86_64,
        kernels_ssse3,
        not(feature = "std"),
        target_feature = "ssse3",
        target_feature = "popcnt"
    ))]
    return Implementation::Ssse3;
    #[allow(unreachable_code)]
    <Baseline as Isa>::IMPLEMENTATION
}

/// Whether the processor has AVX2, which simdutf8's UTF-8 validator for it needs (the
/// validation of `std` builds, [`crate::kernels::utf8::valid::utf8_valid_up_to`]; the
/// kernels' own implementations go up to SSSE3), as [`crate::kernels::x86_64::cpu`] finds
/// it once.
#[cfg(all(feature = "std", kernels_x86_64))]
#[inline(always)]
pub(crate) fn has_avx2() -> bool {
    crate::kernels::x86_64::cpu::has(crate::kernels::x86_64::cpu::AVX2)
}

/// Defines a kernel entry point that runs a kernel written once, generic over the
/// instruction set, on the implementation the kernels use ([`chosen`]): on SSSE3 through a
/// function compiled for it (so that its instructions are inlined into the kernel's loops),
/// else on the baseline.
///
/// ```ignore
/// dispatched! {
///     /// Docs.
///     pub(crate) fn entry<const BE: bool>(src: &[u8], dst: &mut [u8]) -> usize = kernel;
/// }
/// ```
///
/// defines `entry`, which calls `kernel::<BE, I>(isa, src, dst)`. The arguments go to the
/// kernel one by one, not gathered in a struct: a slice's length read back from memory
/// loses what the compiler knows of it (its bound), and the loops over it compile longer.
macro_rules! dispatched {
    (
        $(#[$attr:meta])*
        $vis:vis fn $name:ident $(<$(const $c:ident: $ct:ty),*>)? (
            $($arg:ident: $ty:ty),* $(,)?
        ) -> $ret:ty = $kernel:ident;
    ) => {
        $(#[$attr])*
        #[inline]
        $vis fn $name $(<$(const $c: $ct),*>)? ($($arg: $ty),*) -> $ret {
            #[cfg(kernels_ssse3)]
            if $crate::kernels::dispatch::chosen() == $crate::kernels::Implementation::Ssse3 {
                /// The kernel compiled for SSSE3 and POPCNT.
                ///
                /// # Safety
                ///
                /// The processor must have SSSE3 and POPCNT, as
                /// [`Ssse3::new_unchecked`](crate::kernels::x86_64::Ssse3::new_unchecked)
                /// requires.
                #[target_feature(enable = "ssse3,popcnt")]
                unsafe fn ssse3 $(<$(const $c: $ct),*>)? ($($arg: $ty),*) -> $ret {
                    // SAFETY: this function's own Safety section is `new_unchecked`'s.
                    let isa = unsafe { $crate::kernels::x86_64::Ssse3::new_unchecked() };
                    $kernel::<$($($c,)*)? _>(isa, $($arg),*)
                }
                // SAFETY: `ssse3`'s Safety section (the processor has SSSE3 and POPCNT):
                // `chosen` is `Ssse3` only where `best` found them (`Ssse3::detect`, or the
                // build's target features) or `Implementation::force` accepted it from
                // `available`, which lists it only then.
                return unsafe { ssse3 $(::<$($c),*>)? ($($arg),*) };
            }
            $kernel::<$($($c,)*)? _>($crate::kernels::Baseline, $($arg),*)
        }
    };
}

pub(crate) use dispatched;
