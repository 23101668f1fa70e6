//! The kernels: the bulk loops that decoding and encoding spend their time in (scanning and
//! copying ASCII, the single-byte blocks, UTF-16 to and from UTF-8, validation, the
//! prescan's searches), plain functions over slices that know nothing of the API they serve.
//!
//! `isa.rs` says what an instruction set gives the kernels; `arch/` holds one file of those
//! primitives per implementation; `dispatch.rs` chooses among them and is the only file that
//! names one. The files beside them are the algorithms, each written once, generic over an
//! instruction set, named after its job. `tests/` holds the harness every kernel is tested
//! with, on every implementation the machine has.
//!
//! A kernel that writes leaves the output past the count it returns untouched unless its
//! documentation says how much it may overwrite (the decode loop allows
//! `forms::output::OVERWRITE` units).
//!
//! Unsafe code is confined to the implementations' intrinsics (each load and store within
//! the fixed-size arrays it is given), the run-time dispatch (a function compiled for an
//! instruction set, called only where the processor has it), and these uses of memory: the
//! ASCII copy into a `String`'s spare capacity, the aligned lines of the long ASCII scan,
//! UTF-16 read as its bytes, and `uninit.rs`'s lending of bytes as bytes not yet written.

#[cfg(test)]
mod tests;

pub(crate) mod ascii;
pub(crate) mod basic_latin;
pub(crate) mod byte_map;
pub(crate) mod dispatch;
#[macro_use]
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
