//! The kernels: the bulk loops that decoding and encoding spend their time in (scanning and
//! copying ASCII, widening and narrowing, the single-byte blocks, UTF-16 to and from UTF-8),
//! plain functions over slices that know nothing of the API they serve.
//!
//! Each is written once, generic over an instruction set ([`block`]'s traits), and
//! compiled for the implementations of `portable/` and `x86_64/`; which runs is chosen as
//! [`Implementation`] describes. Public here is only that choice: which implementation
//! runs, and an override for tests and benchmarks.

#[cfg(test)]
#[macro_use]
mod tests;

pub(crate) mod ascii;
pub(crate) mod basic_latin;
pub(crate) mod block;
pub(crate) mod dispatch;
pub(crate) mod latin1;
#[cfg(any(feature = "_two-byte", feature = "iso-2022-jp"))]
pub(crate) mod pairs;
pub(crate) mod runs;
#[cfg(feature = "sniff")]
pub(crate) mod scan;
pub(crate) mod single_byte;
pub(crate) mod utf16;
pub(crate) mod utf8;
pub(crate) mod walk;

mod portable;
#[cfg(kernels_x86_64)]
mod x86_64;

pub use dispatch::{Implementation, Unavailable};

/// The implementation every processor of the target has, compiled in with no run-time
/// choice: SSE2 on x86-64, the portable one elsewhere.
#[cfg(not(kernels_x86_64))]
pub(crate) use portable::Portable as Baseline;
#[cfg(kernels_x86_64)]
pub(crate) use x86_64::Sse2 as Baseline;
