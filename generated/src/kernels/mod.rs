//! The kernels: the bulk loops that decoding and encoding spend their time in (scanning and
//! copying ASCII, the single-byte blocks, UTF-16 to and from UTF-8, validation, the
//! prescan's searches), plain functions over slices that know nothing of the API they serve.
//!
//! `isa.rs` says what an instruction set gives the kernels: registers of 16, 32 and 64 bytes
//! and the operations on them. `arch/` holds the instruction sets, each a file of those
//! primitives: `arch/portable.rs` (a 64-bit word at a time; what every target but x86-64
//! compiles) and `arch/x86_64/` (SSE2, the baseline; SSSE3 and AVX2, chosen at run time).
//! `dispatch.rs` chooses among them, and is the only file that names one. The files beside
//! them are the algorithms, each written once, generic over an instruction set, named after
//! its job: `ascii.rs`, `latin1.rs`, `basic_latin.rs`, `byte_map/` (the single-byte
//! encodings' mapping), `utf8/` (its packing in `pack.rs`), `utf16/`, `two_byte.rs`,
//! `scan.rs`, and what they share (`spans.rs`, `walk.rs`, `shuffles.rs`). The kernels that
//! write UTF-8 (the blocks' packing, UTF-16 and the single-byte encodings to UTF-8, the
//! ASCII copies into bytes) write into bytes not yet written (`uninit.rs`). Which
//! implementation runs is chosen as [`Implementation`] describes; public here is only that
//! choice, and an override for tests and benchmarks, through [`crate::instruction_set`].
//! `tests/` holds the harness every kernel is tested with, on every implementation the
//! machine has.
//!
//! Each kernel states its contract (what it reads, what it writes, where it stops). A kernel
//! that writes leaves the output past the count it returns untouched unless its
//! documentation says how much it may overwrite (the decode loop allows
//! `forms::output::OVERWRITE` units), so that a caller writing into a `str`, or promising its
//! own caller "unmodified past `written`", knows what to clean up.
//!
//! Unsafe code is confined to the implementations' intrinsics (`arch/x86_64/`: each load and
//! store within the fixed-size arrays it is given; AVX2's only through a value that proves
//! the processor has it), the run-time dispatch (a function compiled for an instruction
//! set, called only where the processor has it), and these uses of memory: the ASCII copy
//! into a `String`'s spare capacity, the aligned lines of the long ASCII scan, UTF-16 read
//! as its bytes, and `uninit.rs`'s lending of a buffer of bytes as bytes not yet written and
//! its store of an array into those. Each `unsafe fn` says what it requires under
//! `# Safety`; each unsafe block says why that holds under `// SAFETY:`.

#[cfg(test)]
mod tests;

pub(crate) mod ascii;
pub(crate) mod basic_latin;
pub(crate) mod byte_map;
pub(crate) mod dispatch;
pub(crate) mod isa;
pub(crate) mod latin1;
#[cfg(feature = "sniff")]
pub(crate) mod scan;
pub(crate) mod shuffles;
pub(crate) mod spans;
#[cfg(any(feature = "_two-byte", feature = "iso-2022-jp"))]
pub(crate) mod two_byte;
pub(crate) mod uninit;
pub(crate) mod utf16;
pub(crate) mod utf8;
pub(crate) mod walk;

mod arch;

pub use dispatch::Unavailable;
pub use isa::Implementation;
