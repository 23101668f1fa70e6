//! The kernels: the bulk loops that decoding and encoding spend their time in (scanning and
//! copying ASCII, the single-byte blocks, UTF-16 to and from UTF-8, validation, the
//! prescan's searches), plain functions over slices that know nothing of the API they serve.
//!
//! `arch/` holds the instruction sets, each an implementation of the traits of `block.rs` (a
//! block of 16, 32 or 64 bytes in registers, and the operations on code units the blocks of
//! sixteen need): `arch/portable/` (a 64-bit word at a time, and loops over arrays; what
//! every target but x86-64 compiles) and `arch/x86_64/` (SSE2, the baseline; SSSE3 and AVX2,
//! chosen at run time). The files beside it are the algorithms, each written once, generic
//! over an implementation: `ascii.rs`, `latin1.rs`, `basic_latin.rs`, `byte_map/` (the
//! single-byte encodings' mapping), `utf8/`, `utf16/`, `two_byte.rs`, `scan.rs`, and the
//! loops they share (`runs.rs`, `walk.rs`). The kernels
//! that write UTF-8 (the blocks' packing, UTF-16 and the single-byte encodings to UTF-8, the
//! ASCII copies into bytes) write into bytes not yet written (`uninit.rs`). Which
//! implementation runs is chosen as [`Implementation`] describes; public here is only that
//! choice, and an override for tests and benchmarks, through
//! [`crate::instruction_set`]. `tests/` holds the harness every
//! kernel is tested with, on every implementation the machine has.
//!
//! Each kernel states its contract (what it reads, what it writes, where it stops). A kernel
//! that writes leaves the output past the count it returns untouched unless its
//! documentation says how much it may overwrite (the decode loop allows
//! `forms::output::OVERWRITE` units), so that a caller writing into a `str`, or promising its
//! own caller "unmodified past `written`", knows what to clean up.
//!
//! Unsafe code is confined to the implementations' intrinsics (`arch/x86_64/`: each load and
//! store within the fixed-size arrays it is given; AVX2's only through a value that proves
//! the processor has it), the run-time dispatch (a function
//! compiled for an instruction set, called only where the processor has it), the SSSE3
//! tables built at first use, and these uses of memory: the ASCII copy into a `String`'s spare
//! capacity, the aligned lines of the long ASCII scan, and `uninit.rs`'s lending of a buffer
//! of bytes as bytes not yet written and its store of an array into those. Each `unsafe fn` says what it
//! requires under `# Safety`; each unsafe block says why that holds under `// SAFETY:`.

#[cfg(test)]
#[macro_use]
mod tests;

pub(crate) mod ascii;
pub(crate) mod basic_latin;
pub(crate) mod block;
pub(crate) mod byte_map;
pub(crate) mod dispatch;
pub(crate) mod latin1;
pub(crate) mod runs;
#[cfg(feature = "sniff")]
pub(crate) mod scan;
#[cfg(any(feature = "_two-byte", feature = "iso-2022-jp"))]
pub(crate) mod two_byte;
pub(crate) mod uninit;
pub(crate) mod utf16;
pub(crate) mod utf8;
pub(crate) mod walk;

mod arch;

pub use dispatch::{Implementation, Unavailable};

/// The implementation every processor of the target has, compiled in with no run-time
/// choice: SSE2 on x86-64, the portable one elsewhere.
#[cfg(not(kernels_x86_64))]
pub(crate) use arch::portable::Portable as Baseline;
#[cfg(kernels_x86_64)]
pub(crate) use arch::x86_64::Sse2 as Baseline;
