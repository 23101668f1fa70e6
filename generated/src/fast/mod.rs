//! The bulk kernels text conversion is built from: plain functions over slices that scan or
//! convert long runs quickly, a block of units at a time, and know nothing of the API they
//! serve.
//!
//! `mem` is built from them, and the decode and encode loops are meant to share them as
//! their fast paths (decoding to UTF-16, encoding from UTF-16), which is why they live apart
//! from `mem`: each states its own contract (what it reads, what it writes, where it stops)
//! so that any caller can rely on it. They are safe Rust but for the SSE2 blocks of
//! [`wide`], each with a portable twin that non-x86-64 targets compile and the tests hold it
//! to. A kernel that writes leaves the output past the count it returns untouched unless
//! its documentation says how much it may overwrite (the decode loop allows
//! `forms::output::OVERWRITE` units), so that a caller writing into a `str`, or promising
//! its own caller "unmodified past `written`", knows what to clean up.

pub(crate) mod ascii;
pub(crate) mod ascii_block;
#[cfg(feature = "alloc")]
pub(crate) mod ascii_uninit;
pub(crate) mod basic_latin;
pub(crate) mod block;
pub(crate) mod latin1_utf16;
pub(crate) mod latin1_utf8;
pub(crate) mod linear_run;
#[cfg(any(feature = "_two-byte", feature = "iso-2022-jp"))]
pub(crate) mod pairs;
pub(crate) mod runs;
pub(crate) mod scan;
pub(crate) mod single_byte;
pub(crate) mod str_single_byte;
pub(crate) mod utf16;
pub(crate) mod utf16_bytes;
pub(crate) mod utf16_to_utf8;
pub(crate) mod utf8_blocks;
pub(crate) mod utf8_to_utf16;
pub(crate) mod utf8_valid;
pub(crate) mod utf8_window;
pub(crate) mod wide;
